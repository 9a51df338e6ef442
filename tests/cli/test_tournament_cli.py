"""`ludoteca tournament`: an organizer's Duel and Melee, a bot event, clean errors."""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca.cli import tournament_tools
from ludoteca.cli.main import app, main
from ludoteca.core import Game
from ludoteca.sim.bot_match import MatchOutcome, MatchPlayer, play_bot_match
from ludoteca.tournament.duel import DuelEvent
from ludoteca.tournament.melee import MeleeEvent
from ludoteca.tournament.store import TournamentStore

runner = CliRunner()


def cli(db: Path, *args: str) -> str:
    result = runner.invoke(app, ["tournament", "--db", str(db), *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_an_organizer_runs_a_duel_to_its_top_cut(tmp_path: Path) -> None:
    db = tmp_path / "e.db"
    cli(db, "new", "cup", "--seed", "3")
    cli(db, "add-player", "cup", "Ana", "Bia", "Caio", "Duda", "Edu", "Fabi")
    for number in (1, 2, 3):
        cli(db, "pair", "cup")
        cli(db, "report", "cup", str(number), "1", "win")
        cli(db, "report", "cup", str(number), "2", "--power", "10", "--power", "12")
        cli(db, "report", "cup", str(number), "3", "draw")
    out = cli(db, "standings", "cup")
    assert "points" in out
    out = cli(db, "top-cut", "cup", "--size", "4")
    assert "#1 Ana" in out and "None" not in out  # the cut's pairings by name
    cli(db, "report", "cup", "4", "1", "win")
    cli(db, "report", "cup", "4", "2", "loss")
    out = cli(db, "top-cut", "cup")
    cut = TournamentStore(str(db)).load("cup").event
    assert isinstance(cut, DuelEvent) and cut.top_cut is not None
    final = cut.top_cut.rounds[-1][0]
    assert cut.players[final.a].name in out and cut.players[str(final.b)].name in out
    # the final ran out of time: a timed result from both players' power, in the cut
    assert "Timed result: timed_loss" in cli(
        db, "report", "cup", "5", "1", "--power", "10", "--power", "12"
    )
    event = TournamentStore(str(db)).load("cup").event
    assert isinstance(event, DuelEvent) and event.top_cut is not None and event.top_cut.finished
    champion = event.players[str(final.b)].name
    refused = runner.invoke(app, ["tournament", "--db", str(db), "report", "cup", "4", "1", "win"])
    assert "top-cut round 4 is not the round in play (round 5 is)" in str(refused.exception)
    cli(db, "export", "cup", str(tmp_path / "cup.csv"))
    cli(db, "export", "cup", str(tmp_path / "cup.json"))
    rows = list(csv.DictReader((tmp_path / "cup.csv").open()))
    assert len(rows) == 6
    # the cut's champion is place 1, first in every ranking shown or exported
    assert next(iter(rows[0])) == "final place" and rows[0]["player"] == champion
    exported = json.loads((tmp_path / "cup.json").read_text())
    assert len(exported["event"]["rounds"]) == 3
    assert exported["standings"][0] == {**exported["standings"][0], "place": 1, "player": champion}
    assert cli(db, "standings", "cup").index(champion) < cli(db, "standings", "cup").index(
        event.players[final.a].name
    )


def test_an_organizer_runs_a_melee_to_its_final_table(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    cli(db, "new", "melee", "--format", "melee")
    cli(db, "add-player", "melee", *[f"P{i}" for i in range(1, 8)])
    for number in (1, 2):
        out = cli(db, "pair", "melee")
        assert f"round {number}" in out
        event = TournamentStore(str(db)).load("melee").event
        for index, table in enumerate(event.rounds[number - 1], start=1):
            powers = [str(15 - 3 * seat) for seat in range(len(table.seats))]
            cli(
                db,
                "report",
                "melee",
                str(number),
                str(index),
                *[word for p in powers for word in ("--power", p)],
            )
    # an earlier round's table reported again is corrected (the CLI's report or correct)
    seated = TournamentStore(str(db)).load("melee").event.rounds[0][0].seats
    cli(db, "report", "melee", "1", "1", *[w for p in seated for w in ("--power", str(p))])
    corrected = TournamentStore(str(db)).load("melee").event
    assert isinstance(corrected, MeleeEvent) and corrected.rounds[0][0].powers == seated
    out = cli(db, "top-cut", "melee")
    event = TournamentStore(str(db)).load("melee").event
    assert isinstance(event, MeleeEvent) and event.final is not None
    assert "Final table: #" in out and event.player(event.final.seats[0]).name in out
    powers = [w for p in range(len(event.final.seats)) for w in ("--power", str(p))]
    cli(db, "report", "melee", "3", "1", *powers)
    cli(db, "export", "melee", str(tmp_path / "m.json"))
    rows = json.loads((tmp_path / "m.json").read_text())
    # the final table's winner (the last seat: most power) comes first
    assert rows["standings"][0]["place"] == 1
    assert rows["standings"][0]["number"] == event.final.seats[-1]
    assert "result taken back" in cli(db, "undo", "melee", "3", "1")
    assert "Dropped P2" in cli(db, "drop", "melee", "p2")


def test_a_bot_duel_plays_every_match(tmp_path: Path) -> None:
    db = tmp_path / "b.db"
    out = cli(
        db,
        "run",
        "--game",
        "toy",
        "--agents",
        ",".join(["random"] * 6),
        "--rounds",
        "3",
        "--top-cut",
        "4",
        "--name",
        "bots",
    )
    assert "standings" in out
    event = TournamentStore(str(db)).load("bots").event
    assert isinstance(event, DuelEvent)
    assert len(event.rounds) == 3 and all(r.complete for r in event.rounds)
    assert event.top_cut is not None and event.top_cut.finished
    total = sum(s.points for s in event.standings())
    assert total == 3 * 3 * 5  # three tables a round, toy games always end with a winner


def test_a_bot_duel_plays_its_cut_as_playoff_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Toinc's *Jogo de Playoff* ("não permite empates"): the Swiss rounds are played under
    the run's options, the cut's matches with `overtime=playoff` (`GameInfo.knockout`)."""
    played: list[str] = []  # each match's overtime, in the order played

    def player(game: Game) -> MatchPlayer:
        def play(spec_a: str, spec_b: str, seed: int, limit: int) -> MatchOutcome:
            played.append(str(game.options["overtime"]))
            return play_bot_match(game, spec_a, spec_b, seed, limit)

        return play

    monkeypatch.setattr(tournament_tools, "local_player", player)
    db = tmp_path / "k.db"
    practice = ["-o", "length=practice", "-o", "practice_turns=2"]
    four = ",".join(["random"] * 4)
    cli(db, "run", "--game", "toinc", *practice, "--agents", four, "--top-cut", "2", "--name", "k")
    event = TournamentStore(str(db)).load("k").event
    assert isinstance(event, DuelEvent) and event.top_cut is not None
    assert event.top_cut.finished
    swiss, cut = played[:6], played[6:]  # 3 rounds of 2 matches, then the final
    assert set(swiss) == {"regular-season"}
    assert cut and set(cut) == {"playoff"}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["new", "x", "--format", "swiss"], "--format must be duel or melee"),
        (["new", "x", "--rules", "chess"], "unknown rule set 'chess'; use one of agot, cobra"),
        (["new", "x", "--format", "melee", "--rules", "mtg"], "--rules is for Duel events"),
        (["pair", "ghost"], "no event named 'ghost'"),
        (["run", "--game", "toy", "--agents", "random"], "at least two players"),
        (["run", "--game", "toy", "--agents", "random,brain"], "unknown agent 'brain'"),
    ],
)
def test_bad_input_exits_2(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    args: list[str],
    message: str,
) -> None:
    monkeypatch.setattr(
        sys, "argv", ["ludoteca", "tournament", "--db", str(tmp_path / "e.db"), *args]
    )
    with pytest.raises(SystemExit) as exit_info:
        main()
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_a_bad_result_word_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "e.db"
    cli(db, "new", "cup")
    cli(db, "add-player", "cup", "A", "B")
    cli(db, "pair", "cup")
    monkeypatch.setattr(
        sys, "argv", ["ludoteca", "tournament", "--db", str(db), "report", "cup", "1", "1", "won"]
    )
    with pytest.raises(SystemExit):
        main()
    assert "result must be one of win, timed_win" in capsys.readouterr().err
    event = TournamentStore(str(db)).load("cup").event
    assert isinstance(event, DuelEvent) and event.rounds[0].matches[0].result is None


def run_main_args(monkeypatch: pytest.MonkeyPatch, *args: str) -> int:
    monkeypatch.setattr(sys, "argv", ["ludoteca", *args])
    with pytest.raises(SystemExit) as exit_info:
        main()
    code = exit_info.value.code
    return code if isinstance(code, int) else 1


def test_premium_event_refuses_a_judge_as_player(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "p.db"
    cli(db, "new", "nationals", "--tier", "national")
    cli(db, "add-staff", "nationals", "Rui", "--role", "judge")
    code = run_main_args(
        monkeypatch, "tournament", "--db", str(db), "add-player", "nationals", "Rui"
    )
    assert code == 2
    assert "may not play in a Premium (national) event" in capsys.readouterr().err
    event = TournamentStore(str(db)).load("nationals").event
    assert isinstance(event, DuelEvent) and not event.players


def test_local_organizer_plays_only_with_an_announced_second(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "l.db"
    cli(db, "new", "local")
    cli(db, "add-staff", "local", "Ana")
    code = run_main_args(monkeypatch, "tournament", "--db", str(db), "add-player", "local", "Ana")
    assert code == 2
    assert "second organizer" in capsys.readouterr().err
    cli(db, "add-staff", "local", "Bia", "--announce")
    cli(db, "add-player", "local", "Ana")


def test_round_clock_starts_and_counts_down(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    cli(db, "new", "cup", "--round-minutes", "90")
    assert "90:00 not started (90-minute rounds)" in cli(db, "clock", "cup")
    out = cli(db, "clock", "cup", "--start")
    assert "89:" in out or "90:00" in out
    assert TournamentStore(str(db)).load("cup").round_started_at is not None


def test_check_deck_names_every_violation(tmp_path: Path) -> None:
    deck = tmp_path / "deck.toml"
    deck.write_text(
        '[plot]\n"A Noble Cause" = 2\n"Summons" = 4\n[draw]\n"Hedge Knight" = 50\n'
        '"Ser Jaime" = 1\n"Tyrion" = 1\n'
    )
    restricted = tmp_path / "restricted.toml"
    restricted.write_text('restricted = ["Ser Jaime", "Tyrion"]\n')
    result = runner.invoke(
        app, ["tournament", "check-deck", str(deck), "--restricted", str(restricted)]
    )
    assert result.exit_code == 1
    assert "52 cards" in result.output and "6 cards" in result.output
    assert "2 copies of 'A Noble Cause'" in result.output
    assert "2 restricted cards" in result.output


def test_overall_champion_of_a_duel_and_a_melee(tmp_path: Path) -> None:
    db = tmp_path / "o.db"
    names = ["Ana", "Bia", "Caio", "Duda", "Edu", "Fabi"]
    cli(db, "new", "duel")
    cli(db, "add-player", "duel", *names)
    for number in (1, 2):
        cli(db, "pair", "duel")
        for table in (1, 2, 3):
            cli(db, "report", "duel", str(number), str(table), "win")
    cli(db, "new", "melee", "--format", "melee")
    cli(db, "add-player", "melee", *names, "Guto")
    cli(db, "pair", "melee")
    event = TournamentStore(str(db)).load("melee").event
    for index, table in enumerate(event.rounds[0], start=1):
        powers = [str(15 - 3 * seat) for seat in range(len(table.seats))]
        cli(db, "report", "melee", "1", str(index), *[w for p in powers for w in ("--power", p)])
    cli(db, "top-cut", "melee")
    cli(db, "report", "melee", "2", "1", "--power", "15", "--power", "9", "--power", "3")
    out = cli(db, "champion", "duel", "melee")
    assert "Overall champion" in out
    assert "Guto" not in out  # only players who entered both events
    duel_first = TournamentStore(str(db)).load("duel").event
    assert isinstance(duel_first, DuelEvent)
    assert sum(name in out for name in names) == 6


def test_a_magic_night_reports_games_and_ranks_by_mtr_tiebreaks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`new --rules mtg`: results are games won (2-1, 1-1-1), the standings show the MTR
    tiebreaks, and a result the rule set cannot give is refused with its forms, exit 2."""
    db = tmp_path / "m.db"
    cli(db, "new", "fnm", "--rules", "mtg", "--seed", "2")
    cli(db, "add-player", "fnm", "Ana", "Bia", "Caio", "Duda")
    cli(db, "pair", "fnm")
    cli(db, "report", "fnm", "1", "1", "2-1")
    cli(db, "report", "fnm", "1", "2", "1-1-1")
    out = cli(db, "standings", "fnm")
    assert "OMW%" in out and "GW%" in out and "strength" not in out
    exported = tmp_path / "fnm.json"
    cli(db, "export", "fnm", str(exported))
    rows = json.loads(exported.read_text())["standings"]
    assert [row["points"] for row in rows] == [3, 1, 1, 0]
    assert rows[0]["gw"] == pytest.approx(66.67) and rows[-1]["gw"] == 33.33
    monkeypatch.setattr(
        sys, "argv", ["ludoteca", "tournament", "--db", str(db), "report", "fnm", "1", "1", "3-0"]
    )
    with pytest.raises(SystemExit) as exit_info:
        main()
    assert exit_info.value.code == 2
    assert "'3-0' is not a result under mtg: write games won" in capsys.readouterr().err
    event = TournamentStore(str(db)).load("fnm").event
    assert isinstance(event, DuelEvent) and event.rounds[0].matches[0].result is not None
    assert event.rounds[0].matches[0].result.value == "2-1"


def test_a_sign_up_sheet_registers_everyone_or_nobody(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db, sheet = tmp_path / "s.db", tmp_path / "signups.csv"
    cli(db, "new", "cup")
    sheet.write_text("Nome;Facção\nAna;Stark\nBia;Greyjoy\nCaio;\n", encoding="utf-8")
    assert "3 players registered from signups.csv" in cli(db, "import-players", "cup", str(sheet))
    event = TournamentStore(str(db)).load("cup").event
    assert isinstance(event, DuelEvent) and event.players["bia"].faction == "Greyjoy"
    sheet.write_text("name\nDuda\nAna\n", encoding="utf-8")
    monkeypatch.setattr(
        sys,
        "argv",
        ["ludoteca", "tournament", "--db", str(db), "import-players", "cup", str(sheet)],
    )
    with pytest.raises(SystemExit) as exit_info:
        main()
    assert exit_info.value.code == 2 and "Ana is already registered" in capsys.readouterr().err
    event = TournamentStore(str(db)).load("cup").event
    assert len(event.players) == 3  # Duda was not registered either


def test_an_organizers_corrections_and_match_slips(tmp_path: Path) -> None:
    """`undo` takes back a result of the round in play, `reinstate` brings back a player
    dropped since the last pairing, `slips` prints a slip per table (byes left out); each
    change is a journal line."""
    db = tmp_path / "d.db"
    cli(db, "new", "cup", "--seed", "4")
    cli(db, "add-player", "cup", "Ana", "Bia", "Caio")
    cli(db, "pair", "cup")
    out = cli(db, "slips", "cup")
    assert out.count("table") == 1 and out.count("signature") == 2  # one table, one bye
    assert out.count("Power if time is called ______") == 2  # agot's timed result
    cli(db, "report", "cup", "1", "1", "win")
    assert "result taken back" in cli(db, "undo", "cup", "1", "1")
    cli(db, "drop", "cup", "ana")
    assert "Ana is back" in cli(db, "reinstate", "cup", "ana")
    store = TournamentStore(str(db))
    event = store.load("cup").event
    assert isinstance(event, DuelEvent) and event.rounds[0].matches[0].result is None
    assert not event.players["ana"].dropped
    operations = [operation for _revision, operation, _args in store.journal("cup")]
    assert operations[-4:] == ["report", "undo", "drop", "reinstate"]


def test_a_netrunner_event_goes_out_and_back_as_nrtm(tmp_path: Path) -> None:
    """`export … .nrtm.json` writes the NRTM file; `import` takes it over as a new event,
    recomputes its standings and finds nothing that differs."""
    db, path = tmp_path / "n.db", tmp_path / "fri.nrtm.json"
    cli(db, "new", "fri", "--rules", "cobra", "--seed", "3")
    cli(db, "add-player", "fri", "Ana", "Bia", "Caio", "Duda", "Eva")
    for number in (1, 2):
        cli(db, "pair", "fri")
        cli(db, "report", "fri", str(number), "1", "6-0")
        cli(db, "report", "fri", str(number), "2", "4-1")
    cli(db, "export", "fri", str(path))
    data = json.loads(path.read_text())
    assert data["preliminaryRounds"] == 2 and len(data["players"]) == 5
    out = cli(db, "import", str(path), "--name", "copy")
    assert "Imported copy: 5 players, 2 Swiss rounds." in out and "differs" not in out
    copy = TournamentStore(str(db)).load("copy").event
    assert isinstance(copy, DuelEvent) and copy.rules.name == "cobra"


def test_a_real_cobra_event_is_taken_over_with_its_cut(tmp_path: Path) -> None:
    """BLM 2020 (tests/data/nrtm): players, Swiss rounds and the double-elimination cut
    come in; nothing differs; the two players Cobra's floats ordered are named."""
    db = tmp_path / "n.db"
    real = Path(__file__).parent.parent / "data" / "nrtm" / "cobra-BLM-2020-06-27.json"
    out = " ".join(cli(db, "import", str(real), "--name", "blm").split())
    assert "Imported blm: 113 players, 6 Swiss rounds." in out and "differs" not in out
    assert "Top 8 cut: 7 rounds played." in out
    assert "The file ranks Grimlin, BENJI9520 / BENJI in an order" in out
    standings = cli(db, "standings", "blm")
    assert "rongydoge" in standings
