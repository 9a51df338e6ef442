"""Keep the gettext catalogs (`ludoteca/locale/<locale>.po`) in step with the source.

    python -m ludoteca.catalogs            # (make catalogs) extract, then update every catalog
    python -m ludoteca.catalogs check      # exit 1 if a catalog is stale or incomplete
    python -m ludoteca.catalogs new fr     # start the catalog of a new language
    python -m ludoteca.catalogs update --package src/mygame   # a game plugin's own catalogs

Messages are extracted with Babel from the Python modules (`_`, `ngettext`, `N_`, `T`,
`Tn`, a game's `log` and `private`), the Jinja templates (`_`, `ngettext`) and the ES
modules (`t`); the command line's help texts are read from its commands. A catalog
keeps its translations; a message no longer in the source is dropped, and a new one
waits, untranslated, for a translator (`check` says which).
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
# {project} in {language}: every message of the web app, the games and the command line.
# Translate each msgstr; keep each {{field}} of the msgid. `make catalogs` brings this file
# in step with the source; docs/rules/<game>-glossary.md has the rulebooks' own terms."""


def extract_titles(
    fileobj: Any, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """A Babel extractor: the `title` of a data file (a rule set's), shown to people."""
    for number, line in enumerate(fileobj.read().decode("utf-8").splitlines(), start=1):
        if line.startswith("title = "):
            yield number, "_", str(tomllib.loads(line)["title"]), []


def extract(source: Path = SOURCE) -> Catalog:
    """Every message of the package `source`, with the files that use it."""
    template = Catalog(project="ludoteca", fuzzy=False)
    options = {"**/web/templates/**.html": {"extensions": "jinja2.ext.i18n"}}
    found = [
        *extract_from_dir(source, METHODS, options, KEYWORDS, comment_tags=("i18n:",)),
        *extract_from_dir(source, SCRIPTS, {}, SCRIPT_KEYWORDS, comment_tags=("i18n:",)),
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
    catalog.header_comment = HEADER.format(project=project, language=language)
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
    source: Path = SOURCE
    folder: Path | None = None
    if "--package" in argv:
        at = argv.index("--package")
        if at + 1 >= len(argv) or not Path(argv[at + 1]).is_dir():
            print("--package needs a package folder", file=sys.stderr)
            return 2
        source = Path(argv[at + 1]).resolve()
        folder = source / "locale"
        folder.mkdir(exist_ok=True)
        argv = argv[:at] + argv[at + 2 :]
    command = argv[0] if argv else "update"
    template = extract(source)
    if command == "new" and len(argv) == 2:
        tag = str(Locale.parse(argv[1], sep="-")).replace("_", "-")
        path = catalog_file(tag, folder)
        text = updated(tag, template, folder) if not path.exists() else path.read_text()
        path.write_text(text, "utf-8")
        print(f"{path}: translate every msgstr, then run `make catalogs`")
        return 0
    if command == "update":
        for tag in catalogs():
            catalog_file(tag, folder).write_text(updated(tag, template, folder), "utf-8")
        return 0
    if command == "check":
        stale = [
            tag
            for tag in catalogs()
            if not catalog_file(tag, folder).exists()
            or catalog_file(tag, folder).read_text("utf-8") != updated(tag, template, folder)
        ]
        found = [f"{tag}: stale, run `make catalogs`" for tag in stale]
        for tag in catalogs():
            if catalog_file(tag, folder).exists():
                found.extend(problems(tag, folder))
        print("\n".join(found) or "every catalog is complete")
        return 1 if found else 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
