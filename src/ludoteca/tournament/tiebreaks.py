"""Standings under the rule sets that report scores (`cobra`, `mtg`; see `rulesets.py`):
points, then the rule set's tiebreaks in order, then the lower player number.

Every figure is an exact fraction until it is shown. A bye counts as a round played
with the rule set's bye score, and never as an opponent.

- `sos` (Cobra, `sos_calculator.rb`): the mean, over a player's real opponents, of the
  opponent's points divided by the rounds the opponent played (byes included); 0 with
  no opponent.
- `esos` (Cobra): the mean of the opponents' `sos`; 0 with no opponent.
- `omw` (MTR Appendix C): the mean of the opponents' match-win percentages, each the
  opponent's match points over 3 per round played, or the rule set's `floor` if lower
  (the MTR prints 0.33; `mtg` uses 1/3 as Wizards' software and melee.gg do).
- `gw` (MTR Appendix C): game points over 3 per game played, or the floor if lower.
- `ogw` (MTR Appendix C): the mean of the opponents' `gw`.
MTR's means over no opponent (a player who only had byes) are the floor.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ludoteca.tournament.players import Player, Round, Score
from ludoteca.tournament.rulesets import RuleSet
from ludoteca.tournament.standings import Standing


@dataclass
class Record:
    """What one player did in the Swiss rounds reported so far."""

    points: int = 0
    rounds: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    game_points: int = 0
    games: int = 0
    opponents: list[str] = field(default_factory=list)


Records = dict[str, Record]
Values = dict[str, Fraction]
Tiebreak = Callable[[Records, dict[str, Values], Fraction], Values]
"""A tiebreak: each player's value, from the records, the tiebreaks computed before and
the rule set's floor of a percentage."""


def records(players: Iterable[Player], rounds: Sequence[Round], rules: RuleSet) -> Records:
    """Every player's record from the reported results of `rounds`; under a rule set
    with a `late` result, each round a player missed (a late entry, or away between a
    drop and a return) counts as that result."""
    roster = list(players)
    out = {p.id: Record() for p in roster}
    for rnd in rounds:
        for match in rnd.matches:
            result = match.result if match.b is not None else rules.bye
            if result is None or (match.b is not None and match.result is None):
                continue
            if not isinstance(result, Score):
                raise TypeError(f"a result ({result.value}) in an event scored by numbers")
            seats = [(match.a, match.b, result)]
            if match.b is not None:
                seats.append((match.b, match.a, result.reversed()))
            for me, other, score in seats:
                _add(out[me], other, score, rules)
    if isinstance(rules.late, Score):
        for player in roster:
            for rnd in rounds:
                if player.missed(rnd.number):
                    _add(out[player.id], None, rules.late, rules, missed=True)
    return out


def _add(
    record: Record, opponent: str | None, score: Score, rules: RuleSet, missed: bool = False
) -> None:
    record.points += rules.match_points(score)
    record.rounds += 1
    if missed:
        record.losses += 1
    elif opponent is None:
        record.byes += 1
    else:
        record.opponents.append(opponent)
        if score.a == score.b:
            record.draws += 1
        elif score.a > score.b:
            record.wins += 1
        else:
            record.losses += 1
    if rules.report == "games":
        points, games = rules.game_points(score)
        record.game_points += points
        record.games += games


def _mean(values: Iterable[Fraction], empty: Fraction) -> Fraction:
    found = list(values)
    return sum(found, Fraction(0)) / len(found) if found else empty


def _sos(rec: Records, _done: dict[str, Values], _floor: Fraction) -> Values:
    per_round = {
        p: Fraction(r.points, r.rounds) if r.rounds else Fraction(0) for p, r in rec.items()
    }
    return {p: _mean((per_round[o] for o in r.opponents), Fraction(0)) for p, r in rec.items()}


def _esos(rec: Records, done: dict[str, Values], floor: Fraction) -> Values:
    sos = done.get("sos") or _sos(rec, done, floor)
    return {p: _mean((sos[o] for o in r.opponents), Fraction(0)) for p, r in rec.items()}


def match_win_percentage(record: Record, floor: Fraction) -> Fraction:
    """MTR Appendix C: match points over 3 per round played, or `floor` if lower."""
    return max(floor, Fraction(record.points, 3 * record.rounds)) if record.rounds else floor


def game_win_percentage(record: Record, floor: Fraction) -> Fraction:
    """MTR Appendix C: game points over 3 per game played, or `floor` if lower."""
    return max(floor, Fraction(record.game_points, 3 * record.games)) if record.games else floor


def _omw(rec: Records, _done: dict[str, Values], floor: Fraction) -> Values:
    return {
        p: _mean((match_win_percentage(rec[o], floor) for o in r.opponents), floor)
        for p, r in rec.items()
    }


def _gw(rec: Records, _done: dict[str, Values], floor: Fraction) -> Values:
    return {p: game_win_percentage(r, floor) for p, r in rec.items()}


def _ogw(rec: Records, done: dict[str, Values], floor: Fraction) -> Values:
    gw = done.get("gw") or _gw(rec, done, floor)
    return {p: _mean((gw[o] for o in r.opponents), floor) for p, r in rec.items()}


TIEBREAKS: dict[str, Tiebreak] = {
    "sos": _sos,
    "esos": _esos,
    "omw": _omw,
    "gw": _gw,
    "ogw": _ogw,
}


def score_standings(
    players: Iterable[Player], rounds: Sequence[Round], rules: RuleSet
) -> list[Standing]:
    """Rank every registered player (dropped ones included) under `rules`."""
    roster = {p.id: p for p in players}
    rec = records(roster.values(), rounds, rules)
    done: dict[str, Values] = {}
    for name in rules.tiebreaks:
        done[name] = TIEBREAKS[name](rec, done, rules.floor)
    order = sorted(
        roster,
        key=lambda p: (-rec[p].points, *(-done[n][p] for n in rules.tiebreaks), roster[p].number),
    )
    return [
        Standing(
            rank=i + 1,
            player_id=pid,
            points=rec[pid].points,
            strength=0,
            wins=rec[pid].wins,
            draws=rec[pid].draws,
            losses=rec[pid].losses,
            byes=rec[pid].byes,
            dropped=roster[pid].dropped,
            tiebreaks=tuple((n, float(done[n][pid])) for n in rules.tiebreaks),
        )
        for i, pid in enumerate(order)
    ]
