"""Event tier and who may play (*Participação de Organizadores do Torneio*)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum

from ludoteca.core.errors import DataFileError, IllegalAction, LudotecaError, OptionError
from ludoteca.core.i18n import _


class Tier(Enum):
    """Event tier: local, or Premium (*Regionais, Nacionais e Mundiais*)."""

    LOCAL = "local"
    REGIONAL = "regional"
    NATIONAL = "national"
    WORLD = "world"

    @property
    def premium(self) -> bool:
        """True for the rulebook's *torneios tipo Premium*."""
        return self is not Tier.LOCAL


def parse_tier(text: str) -> Tier:
    """The tier named `text` (local, regional, national, world)."""
    try:
        return Tier(text.strip().lower())
    except ValueError:
        names = ", ".join(t.value for t in Tier)
        raise OptionError(
            _("unknown event tier {text}; expected one of {names}", text=repr(text), names=names)
        ) from None


class RegistrationRefused(LudotecaError):
    """A registration the tournament rules forbid; the message gives the rule."""


@dataclass
class EventStaff:
    """Organizers (*OT*), judges and players of one event, with the rules on who may play.

    Rulebook, *Participação de Organizadores do Torneio*: "O Organizador do Torneio (OT)
    pode participar do campeonato que está organizando se existir um segundo Organizador
    do Torneio (OT) presente. Este segundo OT deve estar presente e ser anunciado a
    todos, ao início do torneio, sendo ele responsável por todas dúvidas de regra na
    partida que o OT está participando. Organizadores de Torneio e Juizes não podem
    participar como jogadores em torneios tipo Premium (Regionais, Nacionais e
    Mundiais)."
    """

    tier: Tier
    organizers: list[str] = field(default_factory=list)
    announced: list[str] = field(default_factory=list)
    judges: list[str] = field(default_factory=list)
    players: list[str] = field(default_factory=list)
    started: bool = False

    def add_organizer(self, name: str, *, announce: bool = False) -> None:
        """Add an organizer; `announce` announces them to all (before the start only)."""
        self._refuse_premium_staff(name, "an organizer")
        if name in self.players and not self._second_organizer(name):
            raise RegistrationRefused(
                f"{name} is registered as a player: in a local event an organizer may play "
                "only if a second organizer is present and announced at the start"
            )
        if name not in self.organizers:
            self.organizers.append(name)
        if announce:
            self.announce(name)

    def announce(self, name: str) -> None:
        """Announce an organizer to everyone (*ser anunciado a todos, ao início*)."""
        if name not in self.organizers:
            raise IllegalAction(_("{name} is not an organizer of this event", name=name))
        if self.started:
            raise IllegalAction(
                _(
                    "{name} cannot be announced now: the second organizer "
                    "is announced at the start of the event",
                    name=name,
                )
            )
        if name not in self.announced:
            self.announced.append(name)

    def add_judge(self, name: str) -> None:
        """Add a judge (*Juiz*)."""
        self._refuse_premium_staff(name, "a judge")
        if name not in self.judges:
            self.judges.append(name)

    def register_player(self, name: str) -> None:
        """Register a player, refusing what *Participação de Organizadores* forbids."""
        if name in self.players:
            raise IllegalAction(_("{name} is already registered as a player", name=name))
        if self.tier.premium:
            for role, staff in (("an organizer", self.organizers), ("a judge", self.judges)):
                if name in staff:
                    raise RegistrationRefused(
                        f"{name} is {role}: organizers and judges may not play in a "
                        f"Premium ({self.tier.value}) event"
                    )
        if name in self.organizers and not self._second_organizer(name):
            raise RegistrationRefused(
                f"{name} is an organizer: an organizer may play only if a second organizer "
                "is present and announced to all at the start of the event"
            )
        self.players.append(name)

    def start(self) -> None:
        """Start the event: no more announcements."""
        self.started = True

    def ruling_organizer(self, game_players: Iterable[str]) -> str | None:
        """Who rules on a game: None when no organizer plays in it, else an announced
        organizer not in that game (*responsável por todas dúvidas de regra*)."""
        seated = set(game_players)
        playing = [o for o in self.organizers if o in seated]
        if not playing:
            return None
        for organizer in self.announced:
            if organizer not in seated:
                return organizer
        raise IllegalAction(
            _(
                "organizers {playing} play in this game and "
                "no other announced organizer is free to rule on it",
                playing=", ".join(playing),
            )
        )

    def _second_organizer(self, name: str) -> str | None:
        for organizer in self.announced:
            if organizer != name:
                return organizer
        return None

    def _refuse_premium_staff(self, name: str, role: str) -> None:
        if self.tier.premium and name in self.players:
            raise RegistrationRefused(
                f"{name} is registered as a player and cannot be {role}: organizers and "
                f"judges may not play in a Premium ({self.tier.value}) event"
            )


def staff_to_dict(staff: EventStaff) -> dict[str, object]:
    """Plain-data form of an event's staff and tier."""
    return {
        "tier": staff.tier.value,
        "organizers": list(staff.organizers),
        "announced": list(staff.announced),
        "judges": list(staff.judges),
        "players": list(staff.players),
        "started": staff.started,
    }


def staff_from_dict(data: object) -> EventStaff:
    """Inverse of `staff_to_dict` (raises `DataFileError` on a malformed record)."""
    if not isinstance(data, dict):
        raise DataFileError(_("event staff must be an object"))
    try:
        lists = {
            key: [str(name) for name in data.get(key, [])]
            for key in ("organizers", "announced", "judges", "players")
        }
        return EventStaff(tier=Tier(data["tier"]), started=bool(data["started"]), **lists)
    except (KeyError, TypeError, ValueError) as exc:
        raise DataFileError(_("event staff is malformed: {exc}", exc=repr(exc))) from None
