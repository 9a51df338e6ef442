"""`ludoteca new-game NAME`: a new game plugin package, written from the template.

The package (`ludoteca-NAME/`) plays a small complete game (*last stick*) so that it
installs, plays, and passes the conformance checks before its author changes a line;
each file says what it must do. See `cli/template/` for the files.
"""

from __future__ import annotations

import importlib
import keyword
import re
import sys
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from string import Template
from typing import Annotated

import typer
from rich.console import Console

from ludoteca import games
from ludoteca.core import OptionError
from ludoteca.core.i18n import _

NAME = re.compile(r"[a-z][a-z0-9_]{1,30}")
console = Console()


def new_game(
    name: Annotated[str, typer.Argument(help="The game's name: lowercase letters, digits, _.")],
    directory: Annotated[
        Path, typer.Option("--dir", help="Where to write the package folder.")
    ] = Path("."),
) -> None:
    """Write a new game plugin package (ludoteca-NAME) that plays a small game."""
    if not NAME.fullmatch(name) or keyword.iskeyword(name):
        raise OptionError(
            _(
                "game name {name}: use 2-31 lowercase letters, digits or _, starting with a letter",
                name=repr(name),
            )
        )
    if name in games.names():
        raise OptionError(
            _("game name {name}: a game of that name is already installed", name=repr(name))
        )
    target = directory / f"ludoteca-{name.replace('_', '-')}"
    if target.exists():
        raise OptionError(
            _("{target}: already exists; choose another --dir or name", target=str(target))
        )
    words = {
        "name": name,
        "package": f"ludoteca_{name}",
        "cls": "".join(part.capitalize() for part in name.split("_")),
        "title": name.replace("_", " ").capitalize(),
    }
    written = write_template(files("ludoteca.cli") / "template", target, words)
    golden = target / "tests" / "playthrough.txt"
    golden.write_text(first_playthrough(target, words), encoding="utf-8")
    written.append(golden)
    console.print(
        _("wrote {n_written} files in {target}", n_written=len(written), target=str(target))
    )
    console.print(
        _("next: pip install -e {target} && ludoteca play {name}", target=str(target), name=name),
        highlight=False,
    )


def write_template(source: Traversable, target: Path, words: dict[str, str]) -> list[Path]:
    """Copy the template folder `source` to `target`, filling `$words` in each `.tmpl`
    file (and naming the `package` folder after the game)."""
    written = []
    for entry in sorted(source.iterdir(), key=lambda e: e.name):
        name = words["package"] if entry.name == "package" else entry.name
        if entry.is_dir():
            written += write_template(entry, target / name, words)
        elif name.endswith(".tmpl"):
            path = target / name.removesuffix(".tmpl")
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(Template(entry.read_text(encoding="utf-8")).substitute(words))
            written.append(path)
    return written


def first_playthrough(target: Path, words: dict[str, str]) -> str:
    """The new game's golden playthrough (`ludoteca.testing.playthroughs`), recorded from
    the files just written before the package is installed; this process is left as it
    was (not registered, not on the path)."""
    from ludoteca.testing.playthroughs import record  # here: the command line starts without it

    source, package = str(target / "src"), words["package"]
    sys.path.insert(0, source)
    importlib.invalidate_caches()
    games.register(words["name"], f"{package}.game:{words['cls']}")
    try:
        return record(words["name"], {})
    finally:
        games.unregister(words["name"])
        sys.path.remove(source)
        for module in [m for m in sys.modules if m.partition(".")[0] == package]:
            del sys.modules[module]
