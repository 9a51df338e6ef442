"""An organizer's day, shared by the CLI and the web: a Duel's result sent to its Swiss round
or to the top cut's round in play, taking back a result of the round in play, and the match
slips of a round (one per table, for the players to fill in and sign).
"""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.core.errors import IllegalAction
from ludoteca.core.i18n import N_, _
from ludoteca.tournament.duel import DuelEvent
from ludoteca.tournament.melee import MeleeEvent
from ludoteca.tournament.players import Result, Score


def in_cut(event: DuelEvent, round_number: int) -> bool:
    """Whether `round_number` is the top cut's round in play (rounds R+1.. after the R Swiss
    rounds); False for a Swiss round. A cut round that is not in play is an `IllegalAction`."""
    cut = event.top_cut
    if cut is None or round_number <= len(event.rounds):
        return False
    in_play = len(event.rounds) + len(cut.rounds)
    if round_number != in_play:
        raise IllegalAction(
            _(
                "top-cut round {number} is not the round in play (round {in_play} is)",
                number=round_number,
                in_play=in_play,
            )
        )
    return True


def report_duel(event: DuelEvent, round_number: int, table: int, outcome: Result | Score) -> None:
    """Record `outcome` at `table` of round `round_number`: a Swiss round's, or the top
    cut's round in play's."""
    if in_cut(event, round_number):
        event.report_cut(table, outcome)
    else:
        event.report(round_number, table, outcome)


def take_back(event: DuelEvent | MeleeEvent, round_number: int, table: int) -> None:
    """Take back the result of `table` in round `round_number` (Swiss or preliminary
    rounds 1..R, then the top cut's R+1..) while its round is in play."""
    if isinstance(event, MeleeEvent):
        event.clear_result(round_number, table)
    elif in_cut(event, round_number):
        event.clear_cut_result(table)
    else:
        event.clear_result(round_number, table)


@dataclass(frozen=True)
class Slip:
    """One table's match slip: who sits there, in seat order (`#number name`), and the
    boxes each seat fills in (`slip_fields`)."""

    round_number: int
    table: int
    seats: tuple[str, ...]
    fields: tuple[str, ...] = ()


def slip_fields(kind: str, report: str | None) -> tuple[str, ...]:
    """The boxes (message ids) each seat of a slip fills in before signing: a Melee's
    final power; a Duel's result, and under `agot` the power reached should time be
    called (*Desempate*: the timed result is decided by it); games won (`mtg`) or
    points (`cobra`)."""
    if kind == "melee":
        return (N_("Final power"),)
    if report == "games":
        return (N_("Games won"),)
    if report == "points":
        return (N_("Points"),)
    return (N_("Result"), N_("Power if time is called"))


def slips(event: DuelEvent | MeleeEvent, round_number: int | None = None) -> list[Slip]:
    """The slips of a round (default: the latest Swiss or preliminary round), byes left
    out: there is nothing to report for them."""
    if isinstance(event, MeleeEvent):
        number = _round(round_number, len(event.rounds))
        fields = slip_fields("melee", None)
        return [
            Slip(number, i, tuple(f"#{n} {event.player(n).name}" for n in seated.seats), fields)
            for i, seated in enumerate(event.rounds[number - 1], start=1)
        ]
    number = _round(round_number, len(event.rounds))
    names = {p.id: f"#{p.number} {p.name}" for p in event.players.values()}
    fields = slip_fields("duel", event.rules.report)
    return [
        Slip(number, m.table, (names[m.a], names[m.b]), fields)
        for m in event.rounds[number - 1].matches
        if m.b is not None
    ]


def _round(asked: int | None, paired: int) -> int:
    if paired == 0:
        raise IllegalAction(_("no round is paired yet"))
    number = paired if asked is None else asked
    if not 1 <= number <= paired:
        raise IllegalAction(
            _("no round {number} (rounds paired: {paired})", number=number, paired=paired)
        )
    return number
