"""The catalogs (issue 20): every message of the source is in every catalog, translated,
with the same `{fields}`; no page, template or module shows untranslated text."""

from __future__ import annotations

import ast
import html
import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from ludoteca import catalogs
from ludoteca.core import i18n

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "ludoteca"
SCANNER = Path(__file__).with_name("js_literals.mjs")
PAGE_SCRIPTS = sorted((PACKAGE / "web" / "static").rglob("*.js"))
BOARD_SCRIPTS = sorted((PACKAGE / "games").glob("*/board/*.js"))
TEMPLATES = sorted((PACKAGE / "web" / "templates").glob("*.html"))
GAMES = sorted(path.parent.name for path in (PACKAGE / "games").glob("*/__init__.py"))


@cache
def extracted() -> dict[str, list[str]]:
    """Every message of ludoteca and of each built-in game (first form of a plural), with
    the files that use it, relative to the package (`games/toinc/flow.py`)."""
    found: dict[str, list[str]] = {}
    for source, _folder in catalogs.packages():
        prefix = source.relative_to(PACKAGE).as_posix() + "/" if source != PACKAGE else ""
        for message in catalogs.extract(source):
            text = message.id if isinstance(message.id, str) else message.id[0]
            found.setdefault(text, []).extend(prefix + path for path, _ in message.locations)
    return found


def test_every_catalog_is_in_step_with_the_source_and_complete() -> None:
    """`python -m ludoteca.catalogs check`: no catalog, ludoteca's or a game's, would change
    on `make catalogs`, no message is untranslated or fuzzy, and each translation keeps its
    message's fields."""
    assert [
        line for source, folder in catalogs.packages() for line in catalogs.check(source, folder)
    ] == []


def test_each_game_keeps_its_own_messages() -> None:
    """A built-in game's messages are in its own catalogs, as a plugin's are: ludoteca's
    catalog has no message from a game package's files but the help of the commands a game
    adds to `ludoteca` (line 0: the command line reads ludoteca's catalog), and every game
    has catalogs."""
    assert [folder.parent.name for _s, folder in catalogs.packages()[1:] if folder] == GAMES
    for _source, folder in catalogs.packages()[1:]:
        assert folder is not None
        assert sorted(path.name for path in folder.glob("*.po")) == ["it.po", "pt_BR.po"]
    in_a_game = [
        path
        for message in catalogs.extract()
        for path, line in message.locations
        if path.startswith("games/") and path.count("/") > 1 and line != 0
    ]
    assert in_a_game == []


def test_the_languages_are_english_and_one_per_catalog() -> None:
    assert i18n.locales() == ("en", "it", "pt-BR")


def test_a_translation_that_loses_a_field_is_found(tmp_path: Path, monkeypatch: Any) -> None:
    """The field check catches a translator's slip (a `{name}` dropped or renamed)."""
    text = i18n.catalog_path("it").read_text("utf-8")
    broken = text.replace('msgstr "vince {name}"', 'msgstr "vince {nome}"', 1)
    assert broken != text
    (tmp_path / "it.po").write_text(broken, "utf-8")
    monkeypatch.setattr(i18n, "CATALOGS", tmp_path)
    assert any("fields differ: '{name} wins'" in line for line in catalogs.problems("it"))


@cache
def scan(files: tuple[Path, ...]) -> dict[str, list[dict[str, Any]]]:
    """What tests/i18n/js_literals.mjs (acorn, from npm) finds in `files`."""
    node = shutil.which("node")
    assert node is not None, "make test installs Node.js (scripts/system-deps.sh)"
    out = subprocess.run(
        [node, str(SCANNER), *map(str, files)], cwd=ROOT, capture_output=True, text=True, check=True
    )
    found: dict[str, list[dict[str, Any]]] = json.loads(out.stdout)
    return found


def test_the_page_scripts_show_no_untranslated_text() -> None:
    """Every string the pages' ES modules show a person goes through t()."""
    assert scan(tuple(PAGE_SCRIPTS))["untranslated"] == []


@pytest.mark.parametrize("game", sorted({path.parent.parent.name for path in BOARD_SCRIPTS}))
def test_a_board_module_shows_no_untranslated_text(game: str) -> None:
    files = tuple(path for path in BOARD_SCRIPTS if path.parent.parent.name == game)
    assert scan(files)["untranslated"] == []


def test_the_scanner_finds_text_outside_t(tmp_path: Path) -> None:
    """The scan can fail: a label, a child of el() and a title outside t() are each found;
    selectors, imports, keys and comparisons are not."""
    module = tmp_path / "sample.js"
    module.write_text(
        'import { el } from "./api.js";\n'
        'const box = document.querySelector("#board svg rect");\n'
        'box.textContent = "Your move";\n'
        'el("p", { class: "muted", title: "what this is" }, "Waiting for the others");\n'
        'if (box.dataset.kind === "open seat") box.title = t("Fine here");\n'
    )
    found = scan((module,))["untranslated"]
    assert [item["text"] for item in found] == [
        "Your move",
        "what this is",
        "Waiting for the others",
    ]


def test_babel_extracts_every_message_the_scripts_give_t() -> None:
    """A t() call Babel's extractor cannot read (inside a template literal or another t's
    arguments) would never be translated: each message given to t() is in the catalogs."""
    given = scan(tuple(PAGE_SCRIPTS + BOARD_SCRIPTS))["messages"]
    assert given
    assert [m for m in given if m["text"] not in extracted()] == []


def test_a_board_looks_for_log_lines_its_game_writes() -> None:
    """A board finds log lines by their message ids (`ids(...)`, boards/log.js), never by
    their words: each id it looks for is one its game's Python code logs."""
    logged = extracted()
    for game in sorted({path.parent.parent.name for path in BOARD_SCRIPTS}):
        files = tuple(path for path in BOARD_SCRIPTS if path.parent.parent.name == game)
        for wanted in scan(files)["logIds"]:
            where = logged.get(wanted["text"], [])
            assert any(
                path.startswith(f"games/{game}/") and path.endswith(".py") for path in where
            ), wanted


JINJA = re.compile(r"{%.*?%}|{{.*?}}|{#.*?#}", re.S)
TAG = re.compile(r"<(script|style|code|pre)\b.*?</\1>|<[^>]*>", re.S)
CLASS_BLOCK = re.compile(r"{% block main_class %}[\w -]*{% endblock %}")
SHOWN_ATTRIBUTE = re.compile(r'\b(?:placeholder|title|aria-label|alt)="([^"]*)"')


def untranslated_in_template(source: str) -> list[str]:
    """The text of a Jinja template a person reads that is not given to `_()`: words left
    once every Jinja construct and tag is taken out, and words in shown attributes."""
    source = CLASS_BLOCK.sub("", source)  # a block that fills a class attribute
    found = []
    for value in SHOWN_ATTRIBUTE.findall(source):
        if re.search(r"[A-Za-z]{2,}", JINJA.sub("", value)):
            found.append(value)
    text = html.unescape(TAG.sub(" ", JINJA.sub(" ", source)))
    words = re.findall(r"[A-Za-zÀ-ÿ][\w'’-]*(?: [\w'’-]+)*", text)
    return found + [w for w in words if w != "ludoteca"]  # the brand is the same everywhere


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda path: path.name)
def test_a_template_shows_no_untranslated_text(template: Path) -> None:
    assert untranslated_in_template(template.read_text("utf-8")) == []


def test_the_stylesheet_writes_no_words() -> None:
    """Text a stylesheet adds (`content: "..."`) is not translated: words come from the
    page (`content: attr(data-...)`)."""
    css = (PACKAGE / "web" / "static" / "style.css").read_text("utf-8")
    assert re.findall(r'content:\s*"[^"]*[A-Za-z]{2,}[^"]*"', css) == []


def test_the_template_scan_finds_a_bare_word() -> None:
    assert untranslated_in_template('<p>{{ _("Hi") }} there</p><b title="a tip">x</b>') == [
        "a tip",
        "there",
        "x",
    ]


KEYWORDS = {"log", "private", "T", "Tn", "_", "ngettext"}


def gettext_calls(tree: ast.AST) -> Iterator[tuple[int, ast.expr]]:
    """(line, message argument) of each call that hands gettext a message: `log`,
    `private` (its second argument), `T`, `Tn`, `_`, `ngettext`."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        position = 1 if name == "private" else 0
        if name in KEYWORDS and len(node.args) > position:
            yield node.lineno, node.args[position]


def messages_written_late(tree: ast.AST) -> list[str]:
    """Messages built at run time (an f-string, a `+`, a `%`), one of two chosen by `if`
    (Babel joins both into one message id), or an expression holding a string
    (`_(names["down"])`: Babel takes "down" for the message). Babel cannot extract those."""
    found = []
    for line, message in gettext_calls(tree):
        inner = [n for n in ast.walk(message) if isinstance(n, ast.Constant)]
        if isinstance(message, ast.JoinedStr | ast.BinOp | ast.IfExp) or (
            not isinstance(message, ast.Constant) and any(isinstance(n.value, str) for n in inner)
        ):
            found.append(f"line {line}: {ast.unparse(message)[:80]}")
    return found


@pytest.mark.parametrize("game", GAMES)
def test_a_game_writes_its_log_as_message_ids(game: str) -> None:
    """A game's log lines are message ids with fields, translated when read."""
    found = []
    for module in sorted((PACKAGE / "games" / game).rglob("*.py")):
        found += [
            f"{module.name} {line}" for line in messages_written_late(ast.parse(module.read_text()))
        ]
    assert found == []


def messages_given(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, message) of each gettext call with a literal message."""
    return [
        (line, message.value)
        for line, message in gettext_calls(tree)
        if isinstance(message, ast.Constant) and isinstance(message.value, str)
    ]


def test_babel_extracts_every_message_the_python_code_gives() -> None:
    """A call Babel's extractor misses (one nested in another's arguments) would never be
    translated: each literal message given to a gettext call is in the catalogs."""
    missed = []
    for module in sorted(PACKAGE.rglob("*.py")):
        for line, message in messages_given(ast.parse(module.read_text())):
            if message not in extracted():
                missed.append(f"{module.relative_to(PACKAGE)}:{line} {message!r}")
    assert missed == []


def test_the_late_message_scan_finds_an_f_string() -> None:
    tree = ast.parse('state.log(f"Seat {seat} wins")\nstate.log("Seat {seat} wins", seat=seat)')
    assert messages_written_late(tree) == ["line 1: f'Seat {seat} wins'"]
