"""The optional compiled build (issue 21, `scripts/compile.py`): the modules it lists exist;
where the build is on the path (make test's second pass) they are the compiled ones, and
random games, sampled worlds and searches come out as on the Python build."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from compile import game_modules, modules

SRC = Path(__file__).resolve().parent.parent / "src"


def names() -> list[str]:
    return [path.removesuffix(".py").replace("/", ".") for path in modules()]


def test_the_listed_modules_are_the_engines_own() -> None:
    for path in modules():
        assert (SRC / path).is_file(), path
        assert path.startswith(("ludoteca/agents/", "ludoteca/core/", "ludoteca/games/")), path


def test_every_built_in_game_lists_its_own_engine_modules() -> None:
    """A game's compiled modules are declared in its own package (`COMPILED`), so a new
    built-in game touches no shared list; each lists at least its state and game."""
    for package in sorted((SRC / "ludoteca" / "games").glob("*/__init__.py")):
        declared = game_modules(package)
        assert {"state", "game"} <= set(declared), package.parent.name
        for name in declared:
            assert (package.parent / f"{name}.py").is_file(), (package.parent.name, name)


@pytest.mark.skipif(
    os.environ.get("LUDOTECA_EXPECT_COMPILED") != "1",
    reason="make test's compiled pass checks this (LUDOTECA_EXPECT_COMPILED=1)",
)
def test_on_the_compiled_build_every_listed_module_is_compiled() -> None:
    for name in names():
        module = importlib.import_module(name)
        assert module.__file__ is not None and module.__file__.endswith(".so"), module.__file__


DIGEST = """
import hashlib, json, random, sys
from ludoteca import games
from ludoteca.agents import SeatView, make_agent
BUILT_IN = games.built_in()
out = hashlib.sha256()
for name in BUILT_IN:  # every built-in game, a whole short game a seed
    game = games.load(name, **games.game_class(name).short_options())
    for seed in range(int(sys.argv[1])):
        state, rng = game.new_game(seed), random.Random(seed)
        while not state.is_terminal:
            ids = state.legal_action_ids()
            state.apply_action_id(ids[rng.randrange(len(ids))])
            world = state.determinize(rng.randrange(game.num_seats), random.Random(seed))
            if len(state.history) == 25 and state.current_player is not None:  # a search too
                searcher = make_agent("ismcts:iterations=60", seed)
                out.update(searcher.act(SeatView(state, state.current_player)).encode())
        out.update(json.dumps([state.to_json(), world.to_json()], sort_keys=True).encode())
print(out.hexdigest())
"""


def _digest(path: Path, games: int) -> str:
    """What random games, and a world sampled from each end, come to on the build at
    `path` (a fresh interpreter, so that only that build is imported)."""
    env = {**os.environ, "PYTHONPATH": str(path)}
    done = subprocess.run(
        [sys.executable, "-c", DIGEST, str(games)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


@pytest.mark.skipif(
    os.environ.get("LUDOTECA_EXPECT_COMPILED") != "1",
    reason="make test's compiled pass checks this (LUDOTECA_EXPECT_COMPILED=1)",
)
def test_the_compiled_build_plays_every_game_as_the_python_one() -> None:
    compiled = Path(os.environ["PYTHONPATH"].split(os.pathsep)[0])
    assert _digest(compiled.resolve(), 10) == _digest(SRC, 10)


def test_make_test_plays_the_random_game_runs_left_out_of_its_first_pass() -> None:
    """The first pass leaves `random_games` out; the compiled pass names the same files."""
    from tests.conftest import RANDOM_GAMES

    makefile = (SRC.parent / "Makefile").read_text()
    assert '-m "not random_games"' in makefile
    assert f"$(wildcard {RANDOM_GAMES.lstrip('/')})" in makefile
    assert len(list(SRC.parent.glob(RANDOM_GAMES.lstrip("/")))) >= 4


def test_every_games_class_methods_and_the_lobbys_catalogue_run() -> None:
    """Each built-in game's class methods, and the lobby's list of games that calls them
    (on the compiled build, a class method's `super()` once found the metaclass, and the
    lobby of every `make run` answered 500)."""
    from ludoteca import games
    from ludoteca.web.tables.views import catalogue

    for name in games.built_in():
        cls = games.game_class(name)
        for locale in ("en", "pt-BR", "it"):
            assert cls.guide(locale).how_to_play, (name, locale)
        cls.knowledge()
        assert cls.conformance_configs() and isinstance(cls.short_options(), dict)
    listed = {game["name"] for game in catalogue()["games"]}
    assert set(games.built_in()) <= listed
