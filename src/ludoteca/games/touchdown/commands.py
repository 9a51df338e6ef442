"""`ludoteca league …`: a Touch down league (*Regole per il campionato*) in a file.

The league file (JSON) carries both squads, their experience and blitz, banked
pick points and every recorded match's report. A match is played with the league's
squads (`league play`, or `ludoteca play touchdown -o league_file=FILE`) and then
recorded (`league record FILE REPLAY`), which earns experience and the loser's pick.
The CLI finds these commands through the `ludoteca.commands` entry point and lends
them its terminal (`CommandKit`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from ludoteca.core import DataFileError, OptionError, Replay
from ludoteca.core.commands import CommandKit
from ludoteca.core.datafile import file_content
from ludoteca.core.i18n import N_, _, format_number
from ludoteca.games.touchdown.game import TouchdownGame
from ludoteca.games.touchdown.geometry import YARDS_PER_ROW
from ludoteca.games.touchdown.league import (
    PICK_VALUE,
    League,
    Team,
    add_player,
    load_league,
    match_fingerprint,
    new_league,
    record_match,
    report_csv,
    save_league,
)
from ludoteca.games.touchdown.roster import (
    TEAM_NAMES,
    card_from_data,
    default_roster,
    load_roster,
)
from ludoteca.games.touchdown.state import TouchdownState

FileArg = Annotated[Path, typer.Argument(help="The league file (JSON).")]
TEAMS = {"yellow": 0, "y": 0, "white": 1, "w": 1}
SQUAD_OPTIONS = ("league_file", "yellow_roster", "white_roster")
ROSTER_COLUMNS = (
    N_("no."),
    N_("role"),
    N_("tackle"),
    N_("speed"),
    N_("value"),
    N_("experience"),
    N_("blitz"),
    N_("yards thrown / received"),
)


def _score(scores: Any) -> str:
    """Both teams' points: `Yellow 7 - White 3`, in the reader's language."""
    return _(
        "{yellow} {yellow_points} - {white} {white_points}",
        yellow=_(TEAM_NAMES[0]),
        yellow_points=scores[0],
        white=_(TEAM_NAMES[1]),
        white_points=scores[1],
    )


def team_seat(word: str) -> int:
    """`yellow`/`y` is seat 0, `white`/`w` seat 1 (`OptionError` otherwise)."""
    team = TEAMS.get(word.strip().lower())
    if team is None:
        raise OptionError(_("team '{word}' must be yellow or white", word=word))
    return team


def _engine(options: dict[str, Any], file: Path) -> TouchdownGame:
    """A Touch down game with the league's squads."""
    return TouchdownGame(**options, league_file=file_content(file, "league file"))


def _recorded(
    kit: CommandKit, file: Path, league: League, state: TouchdownState, record: Replay
) -> None:
    """Record a finished match in the league file and say what it changed."""
    league = record_match(league, state, match_fingerprint(record))
    save_league(league, file)
    scores = state.score
    kit.say(_("Recorded match {number}: {score}", number=league.matches, score=_score(scores)))
    for seat in (0, 1):
        if scores[seat] < scores[1 - seat]:
            kit.say(
                _(
                    "{team} lost: +{points} pick points (bank {bank}; spend them with "
                    "`ludoteca league pick`)",
                    team=_(TEAM_NAMES[seat]),
                    points=PICK_VALUE,
                    bank=league.teams[seat].bank,
                )
            )


def _roster_rows(team: Team) -> list[tuple[str, ...]]:
    """A squad's table rows: number, role, tackle, speed, value, experience, blitz and the
    yards thrown and received."""
    rows: list[tuple[str, ...]] = []
    for card in team.roster.cards:
        thrown, received = team.total(card.number)
        rows.append(
            (
                str(card.number),
                card.role,
                str(card.tackle),
                str(card.speed),
                str(card.value),
                card.experience or "-",
                _("yes") if card.blitz else "-",
                f"{format_number(thrown * YARDS_PER_ROW)} / "
                f"{format_number(received * YARDS_PER_ROW)}",
            )
        )
    return rows


def _league_replay(file: Path, replay: Path, league: League) -> tuple[TouchdownState, Replay]:
    """A finished league match played elsewhere, re-played with the league's squads as they
    are now (`DataFileError` naming why it cannot be recorded)."""
    match = Replay.load(replay)
    if match.game != "touchdown":
        raise DataFileError(
            _(
                "replay {replay} is a {game} game, not touchdown",
                replay=str(replay),
                game=match.game,
            )
        )
    if not match.options.get("league_file"):
        raise DataFileError(
            _(
                "replay {replay} was not played with a league file (option league_file)",
                replay=str(replay),
            )
        )
    number = league.recorded(match_fingerprint(match))
    if number is not None:
        raise DataFileError(
            _(
                "replay {replay} is already recorded in the league (match {number})",
                replay=str(replay),
                number=number,
            )
        )
    options = {k: v for k, v in match.options.items() if k != "league_file"}
    engine = _engine(options, file)
    again = Replay(match.game, dict(engine.options), match.seed, match.actions, match.result)
    state = engine.replay(again)
    if not state.is_terminal:
        raise DataFileError(
            _(
                "replay {replay} is of an unfinished match: nothing to record",
                replay=str(replay),
            )
        )
    assert isinstance(state, TouchdownState)
    return state, match


def commands(kit: CommandKit) -> typer.Typer:
    """The `league` command group, printing and playing through `kit`."""
    app = typer.Typer(help="Touch down league play: squads, experience and picks kept in a file.")

    @app.command("new")
    def new(
        file: FileArg,
        yellow: Annotated[
            Path | None, typer.Option("--yellow", help="Roster file for Yellow (default Gialli).")
        ] = None,
        white: Annotated[
            Path | None, typer.Option("--white", help="Roster file for White (default Bianchi).")
        ] = None,
        force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
    ) -> None:
        """Start a league of two squads (roster files, or the default squads)."""
        if file.exists() and not force:
            raise DataFileError(
                _("league file {file} already exists (use --force to overwrite)", file=str(file))
            )
        rosters = [
            default_roster(seat) if path is None else load_roster(path)
            for seat, path in enumerate((yellow, white))
        ]
        save_league(new_league(rosters[0], rosters[1]), file)
        kit.say(
            _(
                "League {file}: {yellow} ({yellow_team}) v {white} ({white_team})",
                file=str(file),
                yellow=rosters[0].name,
                yellow_team=_(TEAM_NAMES[0]),
                white=rosters[1].name,
                white_team=_(TEAM_NAMES[1]),
            )
        )

    @app.command("show")
    def show(file: FileArg) -> None:
        """The squads with experience, blitz, budget and banked picks; the matches played."""
        league = load_league(file)
        said = _("League {file}: {n} match(es) recorded", file=str(file), n=league.matches)
        kit.say(said, style="bold")
        for number, played in enumerate(league.played, start=1):
            kit.say("  " + _("match {number}: {score}", number=number, score=_score(played.score)))
        for seat, team in enumerate(league.teams):
            rows = _roster_rows(team)
            title = _(
                "{team}: {squad} — budget {budget}, banked picks {bank}",
                team=_(TEAM_NAMES[seat]),
                squad=team.roster.name,
                budget=team.budget,
                bank=team.bank,
            )
            kit.table(title, [_(column) for column in ROSTER_COLUMNS], rows)

    @app.command("pick")
    def pick(
        file: FileArg,
        team: Annotated[str, typer.Argument(help="yellow or white")],
        number: Annotated[int, typer.Argument(help="The new player's number (0-99).")],
        role: Annotated[str, typer.Argument(help="A, AB, AE, AK, AQ or D")],
        tackle: Annotated[int, typer.Argument(help="Tackle (contrasto) 0-3.")],
        speed: Annotated[int, typer.Argument(help="Speed (velocità) 0-3.")],
    ) -> None:
        """*Scelta di nuovi giocatori*: spend banked points (2 per loss) on a new player."""
        league = load_league(file)
        seat = team_seat(team)
        entry = {"number": number, "role": role.upper(), "tackle": tackle, "speed": speed}
        card = card_from_data(entry, "new player")
        league = add_player(league, seat, card)
        save_league(league, file)
        kit.say(
            _(
                "{team} pick #{number} {role} (value {value}); {bank} point(s) left in the bank",
                team=_(TEAM_NAMES[seat]),
                number=str(card.number),
                role=card.role,
                value=card.value,
                bank=league.teams[seat].bank,
            )
        )

    @app.command("play")
    def play(
        file: FileArg,
        seat: Annotated[
            list[str] | None, typer.Option("--seat", help="SEAT=human or SEAT=AGENT, repeatable.")
        ] = None,
        option: Annotated[
            list[str] | None, typer.Option("--option", "-o", help="A game option as key=value.")
        ] = None,
        seed: Annotated[int, typer.Option("--seed", help="Seed of all randomness.")] = -1,
        save: Annotated[Path | None, typer.Option("--save", help="Write the replay here.")] = None,
    ) -> None:
        """Play a match with the league's squads in the terminal, then record it."""
        league = load_league(file)
        engine = _engine(_league_options(kit.options(option), file), file)
        kit.say(_("League match"), style="bold")
        state = kit.play(engine, seat, seed, save)
        if not state.is_terminal:
            kit.say(_("The match was not finished: nothing recorded."), style="yellow")
            return
        assert isinstance(state, TouchdownState)
        _recorded(kit, file, league, state, engine.record(state))

    @app.command("record")
    def record(
        file: FileArg,
        replay: Annotated[Path, typer.Argument(help="Replay of a finished league match.")],
    ) -> None:
        """Record a match played elsewhere (`ludoteca play touchdown -o league_file=FILE
        --save REPLAY`): re-played with the league's squads as they are now."""
        league = load_league(file)
        state, match = _league_replay(file, replay, league)
        _recorded(kit, file, league, state, match)

    @app.command("report")
    def report(
        file: FileArg,
        match: Annotated[
            int, typer.Option("--match", help="Which recorded match (1 = first; 0 = last).")
        ] = 0,
        fmt: Annotated[str, typer.Option("--format", help="csv or json")] = "csv",
        out: Annotated[
            Path | None, typer.Option("--out", help="Write here, not to stdout.")
        ] = None,
    ) -> None:
        """Export a recorded match's report (*referto della partita*) as CSV or JSON."""
        text = _report_text(load_league(file), file, match, fmt)
        if out is None:
            print(text, end="")
        else:
            out.write_text(text, encoding="utf-8")
            kit.say(_("Report written to {path}", path=str(out)))

    return app


def _league_options(options: dict[str, Any], file: Path) -> dict[str, Any]:
    """`options` for a league match, which may not set the squads (they come from `file`)."""
    for name in SQUAD_OPTIONS:
        if name in options:
            raise OptionError(
                _(
                    "option '{name}' is not for league play: the squads come from {file}",
                    name=name,
                    file=str(file),
                )
            )
    return options


def _report_text(league: League, file: Path, match: int, fmt: str) -> str:
    """Recorded match `match` (0: the last) of `league` as a CSV or JSON report."""
    if not league.played:
        raise DataFileError(_("league file {file} has no recorded match yet", file=str(file)))
    if not 0 <= match <= len(league.played):
        raise OptionError(
            _(
                "--match {match}: the league has matches 1-{n_played}",
                match=match,
                n_played=len(league.played),
            )
        )
    if fmt not in ("csv", "json"):
        raise OptionError(_("--format '{fmt}' must be csv or json", fmt=fmt))
    played = league.played[match - 1]
    rows = list(played.report)
    if fmt == "csv":
        return report_csv(rows)
    document: dict[str, Any] = {
        "match": match or len(league.played),
        "score": list(played.score),
        "players": rows,
    }
    return json.dumps(document, indent=1) + "\n"
