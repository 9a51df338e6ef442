"""A Duel (1 v 1) event: registration, Swiss rounds, results, standings and top cut.

Rules: *Regras Oficiais: Duelo* of the tournament rulebook. The event is plain data
(players, rounds of matches, an optional top cut) and round-trips through
:meth:`DuelEvent.to_dict` / :meth:`DuelEvent.from_dict`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ludoteca.core.errors import DataFileError, IllegalAction, OptionError
from ludoteca.core.i18n import _
from ludoteca.tournament import rulesets
from ludoteca.tournament.double_elim import Cut, start_cut
from ludoteca.tournament.duel_io import (
    check_header,
    checked_cut_games,
    conflict_fn,
    edited_pairs,
    named_pairs,
    pairing_warnings,
    read_body,
    read_cut_games,
)
from ludoteca.tournament.players import (
    Match,
    Player,
    Result,
    Round,
    Score,
    find_player,
    readable_id,
)
from ludoteca.tournament.rulesets import RuleSet
from ludoteca.tournament.scoring import timed_result
from ludoteca.tournament.standings import Standing, compute_standings
from ludoteca.tournament.swiss import ConflictFn, pair_swiss
from ludoteca.tournament.tiebreaks import score_standings
from ludoteca.tournament.weighted import pair_weighted

#: "Rodadas de 60 minutos. Os OTs podem alterar este número para 90 ou 120 minutos."
ROUND_MINUTES = (60, 90, 120)

FORMAT = "ludoteca.duel"
VERSION = 1


class DuelEvent:
    """A Duel event run by an organizer (results typed in) or by a bot runner."""

    def __init__(
        self, name: str, seed: int = 0, round_minutes: int = 60, rules: str = rulesets.DEFAULT
    ) -> None:
        if round_minutes not in ROUND_MINUTES:
            raise OptionError(
                _(
                    "round length must be one of {allowed}, got {minutes}",
                    allowed=ROUND_MINUTES,
                    minutes=round_minutes,
                )
            )
        self.rules = rulesets.get(rules)
        self.name = name
        self.seed = seed
        self.round_minutes = round_minutes
        self.players: dict[str, Player] = {}
        self.rounds: list[Round] = []
        self.top_cut: Cut | None = None
        #: Games a top-cut match is played to (best of), where the rule set reports games:
        #: the rule set's own unless the organizer announces more (MTR: a best-of-five
        #: final) when starting or advancing the cut.
        self.cut_games = self.rules.games
        #: What a file this event was imported from says that it does not model, kept
        #: for its export (plain JSON; `nrtm_kept.py`); empty otherwise.
        self.imported: dict[str, Any] = {}
        self._standings: list[Standing] | None = None

    # ----------------------------------------------------------------- players
    def new_player_id(self, name: str) -> str:
        """A readable, unused player id: the name in lower case without accents, with
        dashes (`Kaká Rocha` is `kaka-rocha`; `ana-2` when `ana` is taken)."""
        return readable_id(name, self.players)

    def add_player(
        self, player_id: str, name: str, *, number: int | None = None, group: str | None = None
    ) -> Player:
        """Register a player; after round 1 is paired this is a late entry (0 points)."""
        if not player_id:
            raise IllegalAction(_("a player id cannot be empty"))
        if player_id in self.players:
            raise IllegalAction(
                _("player id {player_id} is already registered", player_id=repr(player_id))
            )
        if self.top_cut is not None:
            raise IllegalAction(_("registration is closed: the top cut has started"))
        taken = {p.number for p in self.players.values()}
        if number is None:
            number = max(taken, default=0) + 1
        elif number in taken:
            raise IllegalAction(_("player number {number} is already taken", number=number))
        player = Player(player_id, name, number, group, entered_round=len(self.rounds) + 1)
        self.players[player_id] = player
        self._changed()
        return player

    def drop(self, player_id: str) -> None:
        """Withdraw a player: they play out the current round and are never paired again."""
        player = self.find_player(player_id)
        if player.dropped:
            raise IllegalAction(
                _("player {player_id} has already dropped", player_id=repr(player_id))
            )
        player.dropped_after = max(len(self.rounds), player.entered_round - 1)
        self._changed()

    def reinstate(self, player_id: str) -> None:
        """Bring back a dropped player (re-joining) until the top cut starts: paired again
        from the next round; rounds paired without them are missed rounds (`away`), scored
        as the rule set scores a late entry's. A drop undone before any pairing leaves no
        trace."""
        player = self.find_player(player_id)
        if player.dropped_after is None:
            raise IllegalAction(_("player {player_id} has not dropped", player_id=repr(player_id)))
        if self.top_cut is not None:
            raise IllegalAction(
                _(
                    "player {player_id} cannot come back: the top cut has started",
                    player_id=repr(player_id),
                )
            )
        first = max(player.dropped_after, player.entered_round - 1) + 1
        player.away += [n for n in range(first, len(self.rounds) + 1) if n not in player.away]
        player.dropped_after = None
        self._changed()

    def active(self, round_number: int) -> list[str]:
        """Ids of the players who can be paired in ``round_number``."""
        return [
            p.id
            for p in self.players.values()
            if not p.missed(round_number)
            and (p.dropped_after is None or p.dropped_after >= round_number)
        ]

    # ----------------------------------------------------------------- pairing
    def rng_for_round(self, round_number: int) -> random.Random:
        """The seeded RNG of one round's draw, reproducible from the event seed."""
        return random.Random(f"{self.seed}:round:{round_number}")

    def pair_next_round(self) -> Round:
        """Pair the next Swiss round (*sistema Suíço*); warnings list unavoidable faults."""
        if self.top_cut is not None:
            raise IllegalAction(_("the Swiss rounds are over: the top cut has started"))
        if self.rounds and not self.rounds[-1].complete:
            raise IllegalAction(
                _("round {n_rounds} still has matches without a result", n_rounds=len(self.rounds))
            )
        number = len(self.rounds) + 1
        ids = self.active(number)
        if len(ids) < 2:
            raise IllegalAction(
                _(
                    "round {number} needs at least 2 active players, has {n_ids}",
                    number=number,
                    n_ids=len(ids),
                )
            )
        table = self.standings()
        points = {s.player_id: s.points for s in table}
        byes = {s.player_id: s.byes for s in table}
        if number == 1:
            order = sorted(ids, key=lambda p: self.players[p].number)
            self.rng_for_round(1).shuffle(order)
            standing = order
        else:
            order = sorted(ids, key=lambda p: (-points[p], self.players[p].number))
            rank = {s.player_id: s.rank for s in table}
            standing = sorted(ids, key=rank.__getitem__)
        conflict = self._conflict_fn(number)
        if self.rules.pairing == "weighted":
            rng = self.rng_for_round(number)
            pairing = pair_weighted(ids, points, conflict, byes, standing, rng)
        else:
            pairing = pair_swiss(order, points, conflict, byes, standing)
        matches = [
            Match(table=i + 1, a=a, b=b, result=self.rules.bye if b is None else None)
            for i, (a, b) in enumerate(pairing.pairs)
        ]
        rnd = Round(number, matches, pairing_warnings(number, matches, byes, conflict))
        self.rounds.append(rnd)
        self._changed()
        return rnd

    def redo_pairing(self) -> Round:
        """Pair the latest round again, before any of its results: players who dropped
        since it was paired are left out (a no-show), late entries and returns since are
        let in."""
        if not self.rounds or self.top_cut is not None:
            raise IllegalAction(_("there is no open Swiss round to pair again"))
        rnd = self.rounds[-1]
        if any(m.result is not None and not m.is_bye for m in rnd.matches):
            raise IllegalAction(
                _("round {number} already has results; correct them instead", number=rnd.number)
            )
        self.rounds.pop()
        for player in self.players.values():
            if player.dropped_after == rnd.number:
                player.dropped_after = rnd.number - 1
            if player.entered_round == rnd.number + 1:
                player.entered_round = rnd.number
            if rnd.number in player.away and not player.dropped:
                player.away.remove(rnd.number)
        self._changed()
        return self.pair_next_round()

    def set_pairings(self, pairs: Sequence[tuple[str, str | None]]) -> list[str]:
        """Edit the latest round's pairings by hand; returns (and stores) the warnings.

        Each given pair (players by id, name or number; ``None``: the bye) takes the place
        of the tables its players sat at; the other tables stay. Refused: a player paired
        twice, or one whose table changed left without a pair, and any change once a
        result of that round was reported. Warned, not refused: rematches, a second bye
        while someone has none, round-1 group mates, active players left out.
        """
        if not self.rounds or self.top_cut is not None:
            raise IllegalAction(_("there is no open Swiss round to edit"))
        rnd = self.rounds[-1]
        if any(m.result is not None and not m.is_bye for m in rnd.matches):
            raise IllegalAction(
                _("round {number} already has results; correct them instead", number=rnd.number)
            )
        allowed = set(self.active(rnd.number))
        given = named_pairs(pairs, lambda p: self.find_player(p).id, allowed, rnd.number)
        names = {p.id: p.name for p in self.players.values()}
        pairs = edited_pairs(rnd.matches, given, allowed, names)
        previous = self._standings_of(self.rounds[:-1])
        byes = {s.player_id: s.byes for s in previous}
        rnd.matches = [
            Match(table=i + 1, a=a, b=b, result=self.rules.bye if b is None else None)
            for i, (a, b) in enumerate(pairs)
        ]
        conflict = self._conflict_fn(rnd.number)
        rnd.warnings = pairing_warnings(rnd.number, rnd.matches, byes, conflict)
        seated = {p for a, b in pairs for p in (a, b) if p is not None}
        left_out = sorted(allowed - seated, key=lambda p: self.players[p].number)
        rnd.warnings += [
            _("{p} is not paired in round {number}", p=p, number=rnd.number) for p in left_out
        ]
        self._changed()
        return list(rnd.warnings)

    def _conflict_fn(self, number: int) -> ConflictFn:
        """Past meetings before ``number`` (plus, in round 1, shared groups) of a pair."""
        return conflict_fn(self.rounds[: number - 1], self.players.values(), number)

    # ----------------------------------------------------------------- results
    def report(self, round_number: int, table: int, result: Result | Score | str) -> None:
        """Record or correct the result of ``table`` (seen from its first player), as the
        rule set reports one (`rulesets.RuleSet.parse` reads the written form)."""
        match = self._match(round_number, table)
        if match.is_bye:
            raise IllegalAction(
                _(
                    "table {table} of round {round_number} is a bye",
                    table=table,
                    round_number=round_number,
                )
            )
        match.result = self._result(result)
        self._changed()

    def _result(self, result: Result | Score | str, rules: RuleSet | None = None) -> Result | Score:
        """`result` checked against the rule set (`IllegalAction` naming what it takes)."""
        rules = rules or self.rules
        if isinstance(result, (Result, Score)) and rules.accepts(result):
            return result
        return rules.parse(result if isinstance(result, str) else result.value)

    def clear_result(self, round_number: int, table: int) -> None:
        """Take back the result of a table of the round in play (a result typed by mistake);
        a finished round's results are corrected with `report` instead."""
        if self.top_cut is not None or round_number != len(self.rounds):
            raise IllegalAction(
                _("round {round_number} is not the round in play", round_number=round_number)
            )
        match = self._match(round_number, table)
        if match.result is None or match.is_bye:
            raise IllegalAction(
                _(
                    "round {round_number} table {table} has no result to take back",
                    round_number=round_number,
                    table=table,
                )
            )
        match.result = None
        self._changed()

    def report_timed(self, round_number: int, table: int, power_a: int, power_b: int) -> Result:
        """Record a match whose time ran out, from both players' power (*Desempate*)."""
        if self.rules.report != "result":
            raise IllegalAction(
                _("{rules} has no timed results: report the score", rules=self.rules.name)
            )
        result = timed_result(power_a, power_b)
        self.report(round_number, table, result)
        return result

    def standings(self) -> list[Standing]:
        """Swiss standings, computed once per change of results or players."""
        if self._standings is None:
            self._standings = self._standings_of(self.rounds)
        return self._standings

    def _standings_of(self, rounds: Sequence[Round]) -> list[Standing]:
        if self.rules.report == "result":
            return compute_standings(self.players.values(), rounds)
        return score_standings(self.players.values(), rounds, self.rules)

    # ----------------------------------------------------------------- top cut
    def start_top_cut(self, size: int, games: int | None = None) -> Cut:
        """Seed a cut of ``size`` from the Swiss standings: single elimination (*mata-mata*)
        or, where the rule set says so, double elimination; ``games``: its matches' best
        of (`set_cut_games`)."""
        if self.top_cut is not None:
            raise IllegalAction(_("the top cut has already started"))
        if not self.rounds or not self.rounds[-1].complete:
            raise IllegalAction(_("finish the Swiss rounds before the top cut"))
        if games is not None:
            self.set_cut_games(games)
        order = [s.player_id for s in self.standings() if not s.dropped]
        self.top_cut = start_cut(self.rules.cut, order, size)
        return self.top_cut

    def set_cut_games(self, games: int) -> None:
        """Play top-cut matches from now on to best of ``games`` (odd, up to
        `CUT_GAMES`), under a rule set that reports games. MTR 2.1: a match is
        played "until one side has won a set number of games, usually two"; a final may
        be announced as best of five (`3-2`)."""
        self.cut_games = checked_cut_games(self.rules, games)

    def report_cut(self, table: int, result: Result | Score | str) -> None:
        """Record or correct a result of the current top-cut round (best of `cut_games`)."""
        self._cut().report(table, self._result(result, self.rules_for(len(self.rounds) + 1)))

    def rules_for(self, round_number: int) -> RuleSet:
        """The rule set a result of `round_number` is read under: a top-cut round's
        matches are best of `cut_games`."""
        if self.top_cut is not None and round_number > len(self.rounds):
            return replace(self.rules, games=self.cut_games)
        return self.rules

    def clear_cut_result(self, table: int) -> None:
        """Take back a result of the top-cut round in play."""
        self._cut().clear(table)

    def advance_cut(self, games: int | None = None) -> list[Match]:
        """Pair the next top-cut round from the winners of the current one; ``games``: its
        matches' best of from now on (`set_cut_games`)."""
        cut = self._cut()
        if games is not None:
            self.set_cut_games(games)
        return cut.advance()

    def final_ranking(self) -> list[str]:
        """Final places: the cut by round of elimination, then the rest in Swiss order."""
        swiss = [s.player_id for s in self.standings()]
        if self.top_cut is None:
            return swiss
        cut = self.top_cut.ranking()
        in_cut = set(cut)
        return cut + [p for p in swiss if p not in in_cut]

    def _cut(self) -> Cut:
        if self.top_cut is None:
            raise IllegalAction(_("the top cut has not started"))
        return self.top_cut

    # ----------------------------------------------------------------- helpers
    def find_player(self, player_id: str) -> Player:
        """The player `player_id` names: their id, their name (in any case, when nobody
        else has it) or their number (`7`, `#7`)."""
        entries = ((p.id, p.name, p.number) for p in self.players.values())
        return self.players[find_player(player_id, entries)]

    def _match(self, round_number: int, table: int) -> Match:
        if not 1 <= round_number <= len(self.rounds):
            raise IllegalAction(
                _(
                    "no round {round_number} (rounds paired: {n_rounds})",
                    round_number=round_number,
                    n_rounds=len(self.rounds),
                )
            )
        matches = self.rounds[round_number - 1].matches
        if not 1 <= table <= len(matches):
            raise IllegalAction(
                _(
                    "no table {table} in round {round_number}",
                    table=table,
                    round_number=round_number,
                )
            )
        return matches[table - 1]

    def _changed(self) -> None:
        self._standings = None

    # ----------------------------------------------------------------- storage
    def to_dict(self) -> dict[str, Any]:
        """Plain-data form (JSON-ready): players, rounds with matches, top cut."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "name": self.name,
            "seed": self.seed,
            "round_minutes": self.round_minutes,
            **({} if self.rules.name == rulesets.DEFAULT else {"rules": self.rules.name}),
            "players": [p.to_dict() for p in self.players.values()],
            "rounds": [r.to_dict() for r in self.rounds],
            "top_cut": None if self.top_cut is None else self.top_cut.to_dict(),
            **({} if self.cut_games == self.rules.games else {"cut_games": self.cut_games}),
            **({"imported": self.imported} if self.imported else {}),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DuelEvent:
        """Inverse of :meth:`to_dict`; a foreign or inconsistent dict raises DataFileError."""
        check_header(data, FORMAT, VERSION)
        try:
            rules = str(data.get("rules", rulesets.DEFAULT))
            event = cls(str(data["name"]), int(data["seed"]), int(data["round_minutes"]), rules)
        except (KeyError, TypeError, ValueError, OptionError, IllegalAction) as exc:
            raise DataFileError(_("Duel event header is malformed: {exc}", exc=str(exc))) from None
        event.players, event.rounds, event.top_cut = read_body(data, event.rules)
        event.cut_games = read_cut_games(data, event.rules)
        event.imported = data["imported"] if isinstance(data.get("imported"), dict) else {}
        return event
