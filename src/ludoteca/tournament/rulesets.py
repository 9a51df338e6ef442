"""Rule sets a Duel event is run under: scoring, byes, tiebreaks and pairing, as data.

Each rule set is a TOML file in `data/rulesets/` (`agot`, the default; `cobra`;
`mtg`). Its `report` says what a table reports:
- `result`: a `Result` (win, timed win, draw, timed loss, loss), scored by `[points]`;
- `games`: a `Score` of games won by each and games drawn: neither more than the wins a
  best of `games` needs, not both that many, drawn games not counted toward it (MTR 2.1)
  and at most `games` of them; the match won by whoever won more games (`match_win`,
  `match_draw`);
- `points`: a `Score` of each player's points, the games' points added up (`game_win`,
  `game_draw` a game, `games` games a round).

`floor` (a fraction, "1/3" or "0.33"; default 0) is the least a match-win or game-win
percentage counts as (`omw`, `gw`, `ogw`): the MTR prints 0.33, Wizards' own software and
melee.gg use 1/3 (`mtg`), TopDeck.gg uses 0.33 (`mtg-topdeck`).

`late`, if given, is the result each round a late entry missed counts as (a round played);
without it missed rounds count for nothing. `cut` is the top cut's form: `single`
elimination (`topcut.py`) or Cobra's `double` elimination (`double_elim.py`).

Tiebreaks are named in order after points; each name is a function of
`tiebreaks.TIEBREAKS` (`agot`'s `strength` is its own, in `standings.py`). A new rule
set is a new file, plus at most a new tiebreak there (and its name in
`SCORE_TIEBREAKS`).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Any

from ludoteca.core.errors import DataFileError, IllegalAction
from ludoteca.core.i18n import _
from ludoteca.core.parsing import load_toml
from ludoteca.tournament.players import Result, Score, parse_result

DEFAULT = "agot"
REPORTS = ("result", "games", "points")
PAIRINGS = ("agot", "weighted")
"""The pairings `duel.py` knows: `agot`, the rulebook's halves of each score group
(`swiss.py`); `weighted`, Cobra's least squared points difference (`weighted.py`)."""
CUTS = ("single", "double")
AGOT_TIEBREAKS = ("strength",)
SCORE_TIEBREAKS = ("sos", "esos", "omw", "gw", "ogw")
"""The tiebreaks of the rule sets that report numbers, computed in `tiebreaks.py`."""


@dataclass(frozen=True)
class RuleSet:
    """A rule set, as its data file says (see the module docstring)."""

    name: str
    title: str
    source: str
    report: str
    points: dict[str, int]
    bye: Result | Score
    tiebreaks: tuple[str, ...]
    pairing: str
    games: int = 1
    late: Result | Score | None = None
    cut: str = "single"
    floor: Fraction = Fraction(0)

    def parse(self, text: str) -> Result | Score:
        """The result written `text` under this rule set (`IllegalAction` naming what is
        wrong, with the forms it takes)."""
        try:
            result = parse_result(text)
        except ValueError:
            result = None
        if result is not None and self.accepts(result):
            return result
        if self.report == "result":
            raise IllegalAction(
                _(
                    "unknown result {result}; use one of {choices}",
                    result=repr(text[:40]),
                    choices=self.forms(),
                )
            )
        raise IllegalAction(
            _(
                "{result} is not a result under {rules}: write {forms}",
                result=repr(text[:40]),
                rules=self.name,
                forms=self.forms(),
            )
        )

    def forms(self) -> str:
        """How a result is written under this rule set, for messages."""
        if self.report == "result":
            return ", ".join(r.value for r in Result)
        if self.report == "games":
            return _("games won by each and games drawn, e.g. 2-1, 2-0-1, 1-1-1")
        return _("each player's points, e.g. 6-0, 3-3, 4-1; add ' id' for an intentional draw")

    def accepts(self, result: Result | Score) -> bool:
        """True if `result` can be reported under this rule set."""
        if self.report == "result":
            return isinstance(result, Result)
        if not isinstance(result, Score):
            return False
        if self.report == "games":
            # MTR 2.1: played "until one side has won a set number of games, usually two.
            # Drawn games do not count toward this goal": 2-1-1, 1-1-2, 2-0-2 are matches.
            # At most `games` drawn games (a bound, and the web form's).
            needed = self.games // 2 + 1  # games a player needs to win the match
            played = result.a + result.b + result.draws
            return (
                played > 0
                and max(result.a, result.b) <= needed
                and min(result.a, result.b) < needed
                and result.draws <= self.games
            )
        # Any points up to the round's most, as Cobra takes custom scores (a 2-for-1, a
        # penalty), not only its presets (6-0, 3-3, 0-6, 4-1, 1-1...)
        most = self.games * self.points["game_win"]
        return not result.draws and 0 <= result.a <= most and 0 <= result.b <= most

    def match_points(self, result: Result | Score) -> int:
        """The points the first-named player scores for `result`."""
        if isinstance(result, Result):
            return self.points[result.value]
        if self.report == "points":
            return result.a
        if result.a == result.b:
            return self.points["match_draw"]
        return self.points["match_win"] if result.a > result.b else 0

    def game_points(self, result: Score) -> tuple[int, int]:
        """Game points and games played of the first-named player (`games` reports).

        An intentional draw agreed before any game was won (`0-0-3 id`, as melee.gg and
        EventLink write it) is games not played: "Unplayed games are worth 0 points"
        (MTR Appendix C), still counted as games, as melee.gg publishes them
        (docs/rules/tournament.md)."""
        drawn = 0 if result.intentional and result.a == result.b == 0 else result.draws
        points = self.points["game_win"] * result.a + self.points["game_draw"] * drawn
        return points, result.a + result.b + result.draws


def names() -> list[str]:
    """The rule sets shipped, default first."""
    found = sorted(
        entry.name.removesuffix(".toml")
        for entry in _folder().iterdir()
        if entry.name.endswith(".toml")
    )
    return [DEFAULT, *(name for name in found if name != DEFAULT)]


def get(name: str) -> RuleSet:
    """The rule set called `name` (`IllegalAction` naming the ones there are)."""
    if name not in names():
        raise IllegalAction(
            _(
                "unknown rule set {name}; use one of {choices}",
                name=repr(name[:40]),
                choices=", ".join(names()),
            )
        )
    return _load(name)


def _folder() -> Any:
    return resources.files("ludoteca.tournament") / "data" / "rulesets"


@cache
def _load(name: str) -> RuleSet:
    text = (_folder() / f"{name}.toml").read_text(encoding="utf-8")
    where = f"data/rulesets/{name}.toml"
    try:
        data = load_toml(text)
        rules = RuleSet(
            name=name,
            title=str(data["title"]),
            source=str(data["source"]),
            report=str(data["report"]),
            points={str(k): int(v) for k, v in dict(data["points"]).items()},
            bye=parse_result(str(data["bye"])),
            tiebreaks=tuple(str(t) for t in data["tiebreaks"]),
            pairing=str(data["pairing"]),
            games=int(data.get("games", 1)),
            late=None if data.get("late") is None else parse_result(str(data["late"])),
            cut=str(data.get("cut", "single")),
            floor=Fraction(str(data.get("floor", "0"))),
        )
    except (tomllib.TOMLDecodeError, KeyError, TypeError, ValueError, ZeroDivisionError) as exc:
        raise DataFileError(_("{where}: {exc}", where=where, exc=str(exc))) from None
    _check(rules, where)
    return rules


def _check(rules: RuleSet, where: str) -> None:
    """Refuse a rule set whose parts do not fit together."""
    if rules.report not in REPORTS:
        raise DataFileError(_("{where}: unknown report {report}", where=where, report=rules.report))
    known = AGOT_TIEBREAKS if rules.report == "result" else SCORE_TIEBREAKS
    needed = {
        "result": {r.value for r in Result},
        "games": {"match_win", "match_draw", "game_win", "game_draw"},
        "points": {"game_win", "game_draw"},
    }[rules.report]
    problems = [f"tiebreak {t!r}" for t in rules.tiebreaks if t not in known]
    problems += [f"points: no {key!r}" for key in sorted(needed - set(rules.points))]
    if not problems and not rules.accepts(rules.bye):
        problems.append(f"bye {rules.bye.value!r}")
    if rules.late is not None and not rules.accepts(rules.late):
        problems.append(f"late {rules.late.value!r}")
    if rules.cut not in CUTS:
        problems.append(f"cut {rules.cut!r}")
    if not 0 <= rules.floor <= 1:
        problems.append(f"floor {rules.floor} (0 to 1)")
    if rules.pairing not in PAIRINGS:
        problems.append(f"pairing {rules.pairing!r}")
    if problems:
        raise DataFileError(_("{where}: {problems}", where=where, problems="; ".join(problems)))
