"""Keep the gettext catalogs (`ludoteca/locale/<locale>.po`, and each built-in game's
`games/<game>/locale/<locale>.po`) in step with the source.

    python -m ludoteca.catalogs            # (make catalogs) extract, then update every catalog
    python -m ludoteca.catalogs check      # exit 1 if a catalog is stale or incomplete
    python -m ludoteca.catalogs new fr     # start the catalog of a new language
    python -m ludoteca.catalogs update --package src/mygame   # a game plugin's own catalogs

Messages are extracted with Babel from the Python modules (`_`, `ngettext`, `N_`, `T`,
`Tn`, a game's `log` and `private`), the Jinja templates (`_`, `ngettext`) and the ES
modules (`t`); the command line's help texts are read from its commands. A catalog
keeps its translations; a message no longer in the source is dropped, and a new one
waits, untranslated, for a translator (`check` says which).
A built-in game keeps its messages in its own catalogs, as a plugin does: ludoteca's catalog
holds the rest of the package (web app, command line, tournaments, core, agents).
With `--package DIR`, a game plugin's package is extracted instead and its catalogs are
`DIR/locale/<locale>.po`, one per language ludoteca speaks (`core.i18n.add_catalogs`).
"""

from __future__ import annotations

import io
import re
import sys
import tomllib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from ludoteca.core import i18n

SOURCE = Path(__file__).resolve().parent
"""The package whose files are extracted (`src/ludoteca`)."""

GAMES = SOURCE / "games"
"""The built-in games' packages: each one's messages are in its own `locale/` catalogs."""
OWN_CATALOGS = ("games/*/**", "ignore")
"""Left out of ludoteca's catalog: the files of a game package (its catalogs have them)."""
METHODS = [
    ("**/web/templates/**.html", "jinja2.ext:babel_extract"),
    ("**.py", "python"),
    ("**/tournament/data/rulesets/*.toml", "ludoteca.catalogs:extract_titles"),
]
SCRIPTS = [("**/static/**.js", "javascript"), ("**/board/**.js", "javascript")]
"""The browser's scripts: extracted apart, as only they call `t(...)` (in Python, `t` is a
plain name; Babel 2.19 takes `t["bye"]` for a message)."""
KEYWORDS: dict[str, tuple[int | tuple[int, str], ...] | None] = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "N_": None,
    "T": None,
    "Tn": (1, 2),
    "log": None,
    "private": (2,),
    "pgettext": ((1, "c"), 2),
}
SCRIPT_KEYWORDS: dict[str, tuple[int | tuple[int, str], ...] | None] = {"t": None}
FIELD = re.compile(r"\{(\w*)\}")
HEADER = """\
# {project} in {language}: {what}
# Translate each msgstr; keep each {{field}} of the msgid. `make catalogs` brings this file
# in step with the source; docs/rules/<game>-glossary.md has the rulebooks' own terms."""


def extract_titles(
    fileobj: Any, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """A Babel extractor: the `title` of a data file (a rule set's), shown to people."""
    for number, line in enumerate(fileobj.read().decode("utf-8").splitlines(), start=1):
        if line.startswith("title = "):
            yield number, "_", str(tomllib.loads(line)["title"]), []


def game_packages() -> list[Path]:
    """The built-in games' package folders (`games/<game>/`), each with its own catalogs."""
    return sorted(path for path in GAMES.iterdir() if (path / "__init__.py").is_file())


def packages() -> list[tuple[Path, Path | None]]:
    """Every package `make catalogs` keeps: (source, catalog folder), ludoteca's own first
    (folder None: `ludoteca/locale/`), then each built-in game's (`<game>/locale/`)."""
    return [(SOURCE, None), *((path, path / "locale") for path in game_packages())]


def extract(source: Path = SOURCE) -> Catalog:
    """Every message of the package `source`, with the files that use it (for ludoteca's
    own, all but the game packages')."""
    template = Catalog(project="ludoteca", fuzzy=False)
    options = {"**/web/templates/**.html": {"extensions": "jinja2.ext.i18n"}}
    skip = [OWN_CATALOGS] if source == SOURCE else []
    found = [
        *extract_from_dir(source, skip + METHODS, options, KEYWORDS, comment_tags=("i18n:",)),
        *extract_from_dir(source, skip + SCRIPTS, {}, SCRIPT_KEYWORDS, comment_tags=("i18n:",)),
    ]
    found.sort(key=lambda item: item[0])  # by file, as one walk of the folder gives them
    for path, line, message, comments, context in found:
        if message and any(message if isinstance(message, tuple) else (message,)):
            template.add(message, None, [(path, line)], auto_comments=comments, context=context)
    if source == SOURCE:
        for text, defined in cli_help():
            where = defined.resolve().relative_to(SOURCE).as_posix()
            template.add(text, None, [(where, 0)], auto_comments=["i18n: command-line help"])
    return template


def cli_help() -> list[tuple[str, Path]]:
    """The help texts of the `ludoteca` command (docstrings and `help=`), with their files."""
    import typer

    from ludoteca.cli.language import help_messages
    from ludoteca.cli.main import app

    return sorted(set(help_messages(typer.main.get_command(app))))


def catalog_file(locale: str, folder: Path | None = None) -> Path:
    """The catalog of `locale` in `folder` (default: ludoteca's own, `pt_BR.po`)."""
    return (folder or i18n.CATALOGS) / f"{locale.replace('-', '_')}.po"


def updated(locale: str, template: Catalog, folder: Path | None = None) -> str:
    """The text `locale`'s catalog should have: its translations, the source's messages."""
    path = catalog_file(locale, folder)
    if path.exists():
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=locale.replace("-", "_"))
    else:
        catalog = Catalog(locale=locale.replace("-", "_"), project="ludoteca", fuzzy=False)
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    language = i18n.display_name(locale)
    project = "ludoteca" if folder is None else folder.parent.name
    what = (
        "every message of the web app, the command line and the tournaments (each game's\n"
        "# are in its own catalogs, games/<game>/locale/)."
        if folder is None
        else "every message of this game."
    )
    catalog.header_comment = HEADER.format(project=project, language=language, what=what)
    catalog.project, catalog.version = "ludoteca", "1"
    catalog.msgid_bugs_address = ""
    catalog.last_translator = catalog.language_team = f"ludoteca ({language})"
    catalog.obsolete.clear()
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=True, include_lineno=False, ignore_obsolete=True)
    return _steady(out.getvalue().decode("utf-8"))


def _steady(text: str) -> str:
    """The catalog without the header lines that change at every run (dates, versions)."""
    volatile = ("POT-Creation-Date", "PO-Revision-Date", "Generated-By")
    return "".join(
        line
        for line in text.splitlines(True)
        if not line.startswith(tuple(f'"{name}:' for name in volatile))
    )


def problems(locale: str, folder: Path | None = None) -> list[str]:
    """What is wrong with `locale`'s catalog: messages without a translation, fuzzy ones,
    translations whose `{fields}` differ from the message's."""
    with catalog_file(locale, folder).open("rb") as handle:
        catalog = read_po(handle, locale=locale.replace("-", "_"))
    found = []
    for message in catalog:
        if not message.id:
            continue
        ids = _forms(message.id)
        strings = _forms(message.string)
        if message.fuzzy:
            found.append(f"{locale}: fuzzy: {ids[0]!r}")
        elif not all(strings):
            found.append(f"{locale}: untranslated: {ids[0]!r}")
        elif any(_fields_differ(ids, s) for s in strings):
            found.append(f"{locale}: fields differ: {ids[0]!r} -> {strings[0]!r}")
    return found


def _forms(value: str | tuple[str, ...] | list[str] | None) -> list[str]:
    if value is None:
        return [""]
    return [value] if isinstance(value, str) else list(value)


def _fields(text: str) -> set[str]:
    return set(FIELD.findall(text))


def _fields_differ(ids: list[str], translation: str) -> bool:
    """True if `translation` names other `{fields}` than its message (a plural form may
    leave out the count `{n}`: "one card")."""
    expected = set().union(*(_fields(form) for form in ids))
    if len(ids) > 1:
        return _fields(translation) | {"n"} != expected | {"n"}
    return _fields(translation) != expected


def catalogs() -> Iterable[str]:
    """Every locale with a catalog."""
    return [tag for tag in i18n.locales() if tag != i18n.SOURCE]


def main(argv: list[str]) -> int:
    """The command line (see the module's docstring)."""
    targets = packages()
    if "--package" in argv:
        at = argv.index("--package")
        if at + 1 >= len(argv) or not Path(argv[at + 1]).is_dir():
            print("--package needs a package folder", file=sys.stderr)
            return 2
        source = Path(argv[at + 1]).resolve()
        targets = [(source, source / "locale")]
        argv = argv[:at] + argv[at + 2 :]
    command = argv[0] if argv else "update"
    if command == "new" and len(argv) == 2:
        tag = str(Locale.parse(argv[1], sep="-")).replace("_", "-")
        for source, folder in targets:
            path = catalog_file(tag, folder)
            if not path.exists():
                _write(path, updated(tag, extract(source), folder))
            print(f"{path}: translate every msgstr, then run `make catalogs`")
        return 0
    if command == "update":
        for source, folder in targets:
            template = extract(source)
            for tag in catalogs():
                _write(catalog_file(tag, folder), updated(tag, template, folder))
        return 0
    if command == "check":
        found = [line for source, folder in targets for line in check(source, folder)]
        print("\n".join(found) or "every catalog is complete")
        return 1 if found else 0
    print(__doc__, file=sys.stderr)
    return 2


def check(source: Path = SOURCE, folder: Path | None = None) -> list[str]:
    """What `make catalogs` would change in the catalogs of `source`, and what they lack."""
    template = extract(source)
    found = []
    for tag in catalogs():
        path = catalog_file(tag, folder)
        if not path.exists() or path.read_text("utf-8") != updated(tag, template, folder):
            found.append(f"{path}: stale, run `make catalogs`")
        if path.exists():
            found.extend(problems(tag, folder))
    return found


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, "utf-8")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
