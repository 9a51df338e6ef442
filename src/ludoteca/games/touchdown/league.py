"""League play (*Regole per il campionato*): match report, experience, picks, league file.

A league file is JSON written by this module: both squads with their budget, banked
pick points and the running passing/receiving totals that earn experience, and the
matches recorded so far with their reports (*referto*).
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

from ludoteca.core import DataFileError, Replay
from ludoteca.core.datafile import parse_json, read_bounded
from ludoteca.core.i18n import N_, _
from ludoteca.core.text import spreadsheet_cell
from ludoteca.games.touchdown.geometry import YARDS_PER_ROW
from ludoteca.games.touchdown.roster import (
    SQUAD_VALUE,
    TEAM_LETTERS,
    Card,
    Roster,
    check_squad,
    roster_from_data,
)

LEAGUE_FORMAT = "touchdown-league"
EXPERIENCE_ROWS = 40  # 100 yards
PICK_VALUE = 2
REPORT_COLUMNS = ("run", "received", "thrown", "td_thrown", "td", "sacks")
REPORT_HEADER = (
    "team",
    "number",
    "role",
    "yards_run",
    "yards_received",
    "yards_thrown",
    "td_thrown",
    "td",
    "sacks",
)


class Sheet(Protocol):
    """What a finished match tells the league: its players, their figures, the score."""

    cards: dict[str, Card]
    stats: dict[str, int]
    score: list[int]


@dataclass(frozen=True)
class Team:
    """One league squad: its roster, value budget, banked picks and running totals."""

    roster: Roster
    budget: int = SQUAD_VALUE
    bank: int = 0
    totals: tuple[tuple[int, int, int], ...] = ()  # (number, rows thrown, rows received)

    def total(self, number: int) -> tuple[int, int]:
        """Rows thrown and received so far by player `number`."""
        for n, thrown, received in self.totals:
            if n == number:
                return thrown, received
        return 0, 0


@dataclass(frozen=True)
class Played:
    """A recorded match: its fingerprint (see `match_fingerprint`), score and report."""

    fingerprint: str
    score: tuple[int, int]
    report: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class League:
    """Two squads carried from match to match, and the matches recorded."""

    teams: tuple[Team, Team]
    matches: int = 0
    played: tuple[Played, ...] = ()

    def recorded(self, fingerprint: str) -> int | None:
        """The number (1 = first) of the recorded match with this fingerprint, if any."""
        for number, done in enumerate(self.played, start=1):
            if fingerprint and done.fingerprint == fingerprint:
                return number
        return None


def match_fingerprint(record: Replay) -> str:
    """A short digest of a match's seed, options (but the league file's path) and
    actions: the same match recorded twice has the same fingerprint."""
    options = {k: v for k, v in sorted(record.options.items()) if k != "league_file"}
    text = json.dumps([record.game, record.seed, options, record.actions])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def match_report(state: Sheet) -> list[dict[str, Any]]:
    """*Il referto della partita*: one row per player with something to report."""
    rows: list[dict[str, Any]] = []
    for pid in sorted(state.cards, key=lambda p: (p[0] != "Y", state.cards[p].number)):
        values = {c: state.stats.get(f"{pid}:{c}", 0) for c in REPORT_COLUMNS}
        if not any(values.values()):
            continue
        card = state.cards[pid]
        row: dict[str, Any] = {"team": pid[0], "number": card.number, "role": card.role}
        for column in ("run", "received", "thrown"):
            row[f"yards_{column}"] = values[column] * YARDS_PER_ROW
        row.update(td_thrown=values["td_thrown"], td=values["td"], sacks=values["sacks"])
        rows.append(row)
    return rows


REPORT_LABELS = {
    "team": N_("team"),
    "number": N_("number"),
    "role": N_("role"),
    "yards_run": N_("yards_run"),
    "yards_received": N_("yards_received"),
    "yards_thrown": N_("yards_thrown"),
    "td_thrown": N_("td_thrown"),
    "td": N_("td"),
    "sacks": N_("sacks"),
}
"""The CSV export's heading: in English the report's own keys (the JSON export's, read
back by programs), in another language words people read."""


def report_csv(rows: list[dict[str, Any]]) -> str:
    """The match report as CSV text (one line per player), headed in the reader's
    language, for export; no cell is ever read as a formula (roster data is user text)."""
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow([_(REPORT_LABELS[key]) for key in REPORT_HEADER])
    writer.writerows([spreadsheet_cell(row[h]) for h in REPORT_HEADER] for row in rows)
    return text.getvalue()


def record_match(league: League, state: Sheet, fingerprint: str = "") -> League:
    """After a match: experience (*Quarterback*, *Ricevitori*, *Blitz*), the loser's pick
    (*Scelta di nuovi giocatori*: value 2, bankable) and the match's report kept.

    A match whose `fingerprint` is already recorded is refused (`DataFileError`)."""
    number = league.recorded(fingerprint)
    if number is not None:
        raise DataFileError(
            _("this match is already recorded in the league (match {number})", number=number)
        )
    teams: list[Team] = []
    for seat, team in enumerate(league.teams):
        letter = TEAM_LETTERS[seat]
        cards: list[Card] = []
        totals: list[tuple[int, int, int]] = []
        for card in team.roster.cards:
            pid = f"{letter}{card.number}"
            thrown, received = team.total(card.number)
            thrown += state.stats.get(f"{pid}:thrown", 0)
            received += state.stats.get(f"{pid}:received", 0)
            totals.append((card.number, thrown, received))
            if not card.experience and card.role == "AQ" and thrown >= EXPERIENCE_ROWS:
                card = replace(card, experience="quarterback")
            if not card.experience and card.role in ("AB", "AE") and received >= EXPERIENCE_ROWS:
                card = replace(card, experience="receiver")
            if card.role == "D" and state.stats.get(f"{pid}:sacks", 0):
                card = replace(card, blitz=True)
            cards.append(card)
        bank = team.bank
        if state.score[seat] < state.score[1 - seat]:
            bank += PICK_VALUE
        roster = Roster(team.roster.name, tuple(cards))
        teams.append(Team(roster, team.budget, bank, tuple(totals)))
    played = Played(fingerprint, (state.score[0], state.score[1]), tuple(match_report(state)))
    return League((teams[0], teams[1]), league.matches + 1, (*league.played, played))


def add_player(league: League, seat: int, card: Card) -> League:
    """Spend banked pick points on a new player of at most that value."""
    team = league.teams[seat]
    if card.value > team.bank:
        raise DataFileError(
            _(
                "player value {value} exceeds the {bank} banked points",
                value=card.value,
                bank=team.bank,
            )
        )
    if any(c.number == card.number for c in team.roster.cards):
        raise DataFileError(_("number {number} is already in the squad", number=card.number))
    roster = Roster(team.roster.name, (*team.roster.cards, card))
    new = Team(roster, team.budget + card.value, team.bank - card.value, team.totals)
    pair = [*league.teams]
    pair[seat] = new
    return League((pair[0], pair[1]), league.matches, league.played)


def league_to_json(league: League) -> dict[str, Any]:
    """The JSON document of a league file."""
    return {
        "format": LEAGUE_FORMAT,
        "matches": league.matches,
        "teams": [
            {
                "name": t.roster.name,
                "budget": t.budget,
                "bank": t.bank,
                "totals": [list(x) for x in t.totals],
                "players": [
                    {
                        "number": c.number,
                        "role": c.role,
                        "tackle": c.tackle,
                        "speed": c.speed,
                        "experience": c.experience,
                        "blitz": c.blitz,
                    }
                    for c in t.roster.cards
                ],
            }
            for t in league.teams
        ],
        "played": [
            {"fingerprint": p.fingerprint, "score": list(p.score), "report": list(p.report)}
            for p in league.played
        ],
    }


def league_from_json(data: Any, where: str) -> League:
    """Validate a league document (raises `DataFileError` naming the team and field)."""
    if not isinstance(data, dict) or data.get("format") != LEAGUE_FORMAT:
        raise DataFileError(_("{where}: not a touchdown league file", where=where))
    teams_data = data.get("teams")
    if not isinstance(teams_data, list) or len(teams_data) != 2:
        raise DataFileError(_("{where}: field 'teams' must list two teams", where=where))
    teams: list[Team] = []
    for index, entry in enumerate(teams_data, start=1):
        at = f"{where}: team #{index}"
        if not isinstance(entry, dict):
            raise DataFileError(_("{at} must be an object", at=at))
        budget, bank = entry.get("budget"), entry.get("bank")
        if not isinstance(budget, int) or not isinstance(bank, int) or bank < 0:
            raise DataFileError(_("{at}: fields 'budget' and 'bank' must be whole numbers", at=at))
        totals = entry.get("totals", [])
        if not isinstance(totals, list) or not all(
            isinstance(t, list) and len(t) == 3 and all(isinstance(v, int) for v in t)
            for t in totals
        ):
            raise DataFileError(
                _("{at}: field 'totals' must list [number, thrown, received]", at=at)
            )
        roster = roster_from_data(
            {"name": entry.get("name"), "players": entry.get("players")}, at, budget
        )
        check_squad(list(roster.cards), at, budget)
        teams.append(Team(roster, budget, bank, tuple((t[0], t[1], t[2]) for t in totals)))
    matches = data.get("matches", 0)
    if not isinstance(matches, int):
        raise DataFileError(_("{where}: field 'matches' must be a whole number", where=where))
    played = _played_from_json(data.get("played", []), where)
    return League((teams[0], teams[1]), matches, played)


def _played_from_json(data: Any, where: str) -> tuple[Played, ...]:
    if not isinstance(data, list):
        raise DataFileError(
            _("{where}: field 'played' must list the recorded matches", where=where)
        )
    out: list[Played] = []
    for index, entry in enumerate(data, start=1):
        at = f"{where}: played match #{index}"
        if not isinstance(entry, dict) or not isinstance(entry.get("fingerprint"), str):
            raise DataFileError(_("{at}: field 'fingerprint' must be a string", at=at))
        score, report = entry.get("score"), entry.get("report")
        if not (
            isinstance(score, list) and len(score) == 2 and all(isinstance(v, int) for v in score)
        ):
            raise DataFileError(_("{at}: field 'score' must be two whole numbers", at=at))
        if not isinstance(report, list) or not all(
            isinstance(row, dict) and set(row) == set(REPORT_HEADER) for row in report
        ):
            raise DataFileError(
                _(
                    "{at}: field 'report' must list rows of {report_header}",
                    at=at,
                    report_header=", ".join(REPORT_HEADER),
                )
            )
        out.append(Played(entry["fingerprint"], (score[0], score[1]), tuple(report)))
    return tuple(out)


def new_league(yellow: Roster, white: Roster) -> League:
    """A league of two squads, before their first match."""
    return League((Team(yellow), Team(white)))


def load_league(path: Path) -> League:
    """Read a league file (through `read_bounded`)."""
    return league_from_text(read_bounded(path, "league file"), str(path))


def league_from_text(text: str, where: str) -> League:
    """Parse and validate a league document's text; `where` names it in errors."""
    data = parse_json(text, _("league file {where}", where=where))
    return league_from_json(data, where)


def save_league(league: League, path: Path) -> None:
    """Write a league file."""
    path.write_text(json.dumps(league_to_json(league), indent=1) + "\n", encoding="utf-8")
