"""The outside game (examples/plugin-game, installed by `make test` with pip): its rules
(README.md, *Rules*), and ludoteca's tools on it with no change to ludoteca."""

from __future__ import annotations

import json
from pathlib import Path

from ludoteca_kalah.rules import STORES, side_empty, sow, sweep
from ludoteca_kalah.state import KalahState
from typer.testing import CliRunner

from ludoteca import catalogs, games
from ludoteca.cli.main import app
from ludoteca.core import i18n

runner = CliRunner()


def test_the_plugin_is_a_registered_game_from_its_entry_point() -> None:
    """Installing the package is the whole registration (`ludoteca.games`)."""
    assert "kalah" in games.names()
    game = games.load("kalah")
    assert game.info.title == "Kalah" and game.knowledge() is not None


def test_sowing_skips_the_opponents_store_and_ends_in_ones_own_for_another_turn() -> None:
    """*Sowing*: counter-clockwise, own store included, the opponent's skipped; a last
    seed in one's store gives another turn."""
    board = [0, 5, 0, 0, 0, 9, 0, 1, 1, 1, 1, 1, 1, 0]
    hole, captured = sow(board, 0, 5)  # f: store, 7-12 (six), skips 13, then a, b
    assert board == [1, 6, 0, 0, 0, 0, 1, 2, 2, 2, 2, 2, 2, 0] and hole == 1 and not captured
    state = games.load("kalah").new_game(3)
    assert isinstance(state, KalahState)
    state.board, state.to_move = [4] * 6 + [0] + [4] * 6 + [0], 0
    state._legal = None
    state.apply("sow:c")  # c holds 4: d, e, f, store
    assert state.board[STORES[0]] == 1 and state.current_player == 0


def test_a_last_seed_in_an_own_empty_pit_captures_the_pit_across() -> None:
    """*Captures*: both the seed and the seeds across go to the mover's store."""
    board = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0]
    hole, captured = sow(board, 0, 0)  # into b (empty); across b is pit 11 (5 seeds)
    assert captured and hole == 1 and board[STORES[0]] == 6 and board[11] == 0 and board[1] == 0


def test_the_game_ends_when_a_side_is_empty_and_each_keeps_its_seeds() -> None:
    """*The end*: remaining seeds go to their owner's store."""
    board = [0, 0, 0, 0, 0, 0, 10, 1, 2, 0, 0, 0, 3, 7]
    assert side_empty(board)
    sweep(board)
    assert board[STORES[0]] == 10 and board[STORES[1]] == 13 and sum(board) == 23


def test_simulate_and_arena_run_the_plugin(tmp_path: Path) -> None:
    """`simulate` and `arena` play the outside game like any other."""
    done = runner.invoke(app, ["simulate", "kalah", "-n", "30", "--workers", "1", "--json"])
    assert done.exit_code == 0, done.output
    report = json.loads(done.output)
    assert report["games"] == 30 and report["draws"] + sum(s["wins"] for s in report["seats"]) == 30
    arena = runner.invoke(app, ["arena", "kalah", "--agents", "random,heuristic", "-n", "10"])
    assert arena.exit_code == 0, arena.output


def test_a_bot_tournament_runs_on_the_plugin(tmp_path: Path) -> None:
    """`ludoteca tournament run` plays a Swiss event of agents on the outside game."""
    db = str(tmp_path / "events.db")
    args = ["tournament", "--db", db, "run", "--game", "kalah", "--rounds", "2"]
    done = runner.invoke(app, [*args, "--agents", "random,heuristic,random,heuristic"])
    assert done.exit_code == 0, done.output
    assert "standings" in done.output


def test_the_plugin_speaks_every_language_from_its_own_catalogs() -> None:
    """A plugin's `locale/` catalogs join ludoteca's once its game is loaded: its log, seat
    names, move labels, rendering and guide read in Portuguese and Italian; its catalogs
    are complete and in step with its source (`catalogs check --package`)."""
    game = games.load("kalah")
    state = game.new_game(3)
    state.apply(state.legal_actions()[0])
    observation = state.observation(None)
    with i18n.using("pt-BR"):
        log = state.events_for(None)
        assert log[0] in ("Sul começa", "Norte começa") and "semeia a cova" in log[1]
        assert game.seat_names(observation) == ["Sul", "Norte"]
        assert game.describe_action(observation, state.legal_actions()[0]).startswith(
            "Semear a cova"
        )
        assert "a jogar: " in game.render(observation)
        assert game.guide().how_to_play.startswith("Dois jogadores, doze covas")
    with i18n.using("it"):
        assert game.guide().terms["store"].startswith("Un deposito")
        assert state.events_for(None)[1].split()[1] == "semina"
    package = Path(__file__).resolve().parents[2] / "examples/plugin-game/src/ludoteca_kalah"
    assert catalogs.main(["check", "--package", str(package)]) == 0
