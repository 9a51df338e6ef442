"""`ludoteca new-game`: a plugin package that passes the conformance checks unchanged."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca import games
from ludoteca.cli.main import app
from ludoteca.testing import check_conformance, check_playthrough

runner = CliRunner()


@pytest.fixture
def made(tmp_path: Path) -> Iterator[Path]:
    """`ludoteca new-game pile`, put on the path and registered as `pip install` would."""
    path = list(sys.path)
    done = runner.invoke(app, ["new-game", "pile", "--dir", str(tmp_path)])
    assert done.exit_code == 0, done.output
    # Recording its playthrough left this process as it was: not registered, not on the path.
    assert "pile" not in games.names() and sys.path == path
    assert not [m for m in sys.modules if m.startswith("ludoteca_pile")]
    package = tmp_path / "ludoteca-pile"
    sys.path.insert(0, str(package / "src"))
    games.register("pile", "ludoteca_pile.game:Pile")
    yield package
    games._added.pop("pile", None)
    sys.path.remove(str(package / "src"))
    for module in [m for m in sys.modules if m.startswith("ludoteca_pile")]:
        del sys.modules[module]


def test_the_new_package_passes_the_conformance_checks_unchanged(made: Path) -> None:
    names = {p.relative_to(made).as_posix() for p in made.rglob("*") if p.is_file()}
    assert {
        "pyproject.toml",
        "README.md",
        "src/ludoteca_pile/game.py",
        "src/ludoteca_pile/state.py",
        "src/ludoteca_pile/rules.py",
        "src/ludoteca_pile/ai/__init__.py",
        "src/ludoteca_pile/board/board.js",
        "src/ludoteca_pile/data/rules.toml",
        "src/ludoteca_pile/guide/howto.md",
        "src/ludoteca_pile/guide/terms.toml",
        "tests/test_game.py",
        "tests/playthrough.txt",
    } <= names
    assert 'pile = "ludoteca_pile.game:Pile"' in (made / "pyproject.toml").read_text()
    check_conformance("pile")
    check_playthrough("pile", {}, made / "tests/playthrough.txt")  # recorded by new-game
    game = games.load("pile")
    assert game.knowledge() is not None and game.board_layout() == {"most": 3}
    guide = game.guide()  # its own How to play and terms, not the one-line summary
    assert "### A turn" in guide.how_to_play and "pile" in guide.terms


def test_the_new_package_is_lint_clean(made: Path) -> None:
    """The author starts from code that passes ruff under the package's own settings."""
    for command in (["check", "."], ["format", "--check", "."]):
        done = subprocess.run(
            [sys.executable, "-m", "ruff", *command], cwd=made, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("Pile", "use 2-31 lowercase letters"),
        ("../evil", "use 2-31 lowercase letters"),
        ("class", "use 2-31 lowercase letters"),
        ("toinc", "already installed"),
    ],
)
def test_a_bad_name_exits_2_and_writes_nothing(tmp_path: Path, name: str, message: str) -> None:
    done = runner.invoke(app, ["new-game", name, "--dir", str(tmp_path)])
    assert done.exit_code != 0 and message in str(done.exception or done.output)
    assert list(tmp_path.iterdir()) == []


def test_an_existing_folder_is_never_overwritten(tmp_path: Path) -> None:
    (tmp_path / "ludoteca-pile").mkdir()
    (tmp_path / "ludoteca-pile" / "mine.txt").write_text("keep")
    done = runner.invoke(app, ["new-game", "pile", "--dir", str(tmp_path)])
    assert done.exit_code != 0 and "already exists" in str(done.exception)
    assert [p.name for p in (tmp_path / "ludoteca-pile").iterdir()] == ["mine.txt"]
