"""Issue 38's guard: players never read the machine's words.

Every game is played to its end (computers on both sides, a short game of each), a Duel is
run to its champion and a Melee to its final table's; then each page a player or an
organizer reads (play, replay, organizer, public standings, print) is loaded in each
language at desktop and phone size, and its visible text (and, once per language, its
tooltips and the names a screen reader reads) is searched for the shapes only
the engine speaks: ids, seat numbers, number lists, JSON, action strings, agent specs, and
English function words on a Portuguese or Italian page.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page, expect

from ludoteca.games import built_in
from tests.internal_text import problems
from tests.web.browser.fixtures import create_table, finished_view, new_page
from tests.web.browser.overlaps import clipped, overlaps
from tests.web.helpers import rivals, short_options

GAMES: dict[str, tuple[dict[str, Any], list[str]]] = {
    name: (short_options(name), ["medium", *rivals(name)]) for name in built_in()
}
"""Every built-in game, short, with the lobby's `medium` computer in every seat."""
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
LANGUAGES = ("en", "pt-BR", "it")


def _finish_tables(page: Page, server_url: str) -> list[str]:
    """A finished table of every game (computers only, seeded: the same pages each run):
    their ids."""
    made = {
        game: create_table(page, server_url, game, kinds, options, seed=5)["id"]
        for game, (options, kinds) in GAMES.items()
    }
    for table in made.values():
        finished_view(page, server_url, table)
    return list(made.values())


def _organize(page: Page, server_url: str, kind: str, names: list[str]) -> tuple[str, str]:
    """An event of `kind` run to its champion through the API: (id, organizer key)."""
    answer = page.request.post(
        f"{server_url}/api/events", data={"kind": kind, "name": f"Sunday {kind}", "seed": 5}
    )
    assert answer.status == 201, answer.text()
    event, key = answer.json()["id"], answer.json()["key"]
    auth = {"Authorization": f"Bearer {key}"}

    def change(action: str, body: dict[str, Any]) -> dict[str, Any]:
        done = page.request.post(
            f"{server_url}/api/events/{event}/{action}", data=body, headers=auth
        )
        assert done.ok, done.text()
        view: dict[str, Any] = done.json()["event"]
        return view

    for name in names:
        view = change("players", {"name": name})
    for step in ("rounds", "rounds", "cut" if kind == "duel" else "final"):
        view = change(step, {"size": 2} if step == "cut" else {})
        sheet = view["rounds"][-1]
        for table in sheet["tables"]:
            if table["bye"]:
                continue
            where = {"round": sheet["number"], "table": table["table"]}
            if kind == "duel":
                view = change("results", where | {"result": "win"})
            else:
                power = [15 - 3 * i for i in range(len(table["seats"]))]
                view = change("results", where | {"power": power})
    assert view["champion"], view
    return event, key


def _pages(page: Page, server_url: str) -> list[tuple[str, str]]:
    """Every page to read, with the element that is filled once its script has run."""
    tables = _finish_tables(page, server_url)
    duel = _organize(
        page, server_url, "duel", ["Ana Souza", "Bruno Lima", "Carla Dias", "Diego Melo"]
    )
    melee = _organize(
        page, server_url, "melee", ["Elisa", "Fabio", "Gil", "Helena", "Igor", "Joana", "Lia"]
    )
    found = []
    for table in tables:
        found.append((f"/tables/{table}", "#finished:not([hidden])"))
        found.append((f"/tables/{table}/replay", "#last-action:not(:empty)"))
    for event, key in (duel, melee):
        found.append((f"/events/{event}/organize#key={key}", "#journal li"))
        found.append((f"/events/{event}", "#event-title:not(:empty)"))
        found.append((f"/events/{event}/print", "#print-sheet"))
    return found


TIPS = """() => [
  ...[...document.querySelectorAll("body [title], body [aria-label]")]
    .flatMap((e) => [e.getAttribute("title"), e.getAttribute("aria-label")]),
  ...[...document.querySelectorAll("body svg title")].map((t) => t.textContent),
].filter(Boolean)"""
"""What a page says without showing it: tooltips, SVG titles, names a screen reader reads."""


def test_no_page_shows_the_machines_words(browser: Browser, server_url: str) -> None:
    """Every page of a finished game and event, in three languages at two sizes: no internal
    words (in the text, the tooltips and what a screen reader reads), nothing cut off
    sideways, no board words over each other (issue 38, defect 2)."""
    setup = browser.new_context()
    try:
        pages = _pages(new_page(setup), server_url)
    finally:
        setup.close()
    found: list[str] = []
    tooltips = 0
    for language in LANGUAGES:
        for size, (width, height) in SIZES.items():
            context = browser.new_context(
                locale=language,
                viewport={"width": width, "height": height},
                reduced_motion="reduce",
            )
            try:
                reader = new_page(context)
                for path, ready in pages:
                    reader.goto(server_url + path)
                    expect(reader.locator(ready).first).to_be_attached()
                    expect(reader.locator("html")).to_have_attribute("lang", language)
                    text = reader.locator("body").inner_text()
                    where = f"{language} {size} {path.split('#')[0]}"
                    found += [f"{where}: {p}" for p in problems(text, language)]
                    if size == "desktop":  # tooltips and names read aloud: the same at any size
                        tips = reader.evaluate(TIPS)
                        tooltips += len(tips)
                        found += [
                            f"{where}: tooltip {p}" for p in problems("\n".join(tips), language)
                        ]
                    found += [f"{where}: cut {e}" for e in clipped(reader)]
                    if reader.locator("#board svg").count():
                        found += [f"{where}: {o}" for o in overlaps(reader, "#board svg")]
                assert reader.errors == []  # type: ignore[attr-defined]
            finally:
                context.close()
    assert not found, "\n".join(sorted(set(found))[:60])
    assert tooltips > 100, f"only {tooltips} tooltips and names read: the scan reads nothing?"


def test_the_scan_finds_each_shape_the_audit_found() -> None:
    """The patterns above have teeth: each line the audit of issue 38 quoted is caught,
    and a clean sentence of each language is not."""
    quoted = {
        "en": [
            "Round 5 ends: points [0, 3, 1, 0, 0], totals [3, 3, 5, 5, 6]",
            "steps on floor-wet-2#r1 at c4",
            "help: ability:dash:S",
            "last move: move:O6:c1",
            'report {"round":1}',
            "computer (heuristic)",
            "Y58 chosen to move",
            "You draw a.TE-3 Tight-End",
            "totals: seat 0 0 · seat 1 0",
        ],
        "pt-BR": ["lugar 0 (você)", "Blue wins — you lose"],
        "it": ["il posto 1 tira 3", "Azzurro: the pawn moves"],
    }
    for language, lines in quoted.items():
        for line in lines:
            assert problems(line, language), line
    assert not problems("Ana wins: Blue 21 – Orange 14 (computer (medium))", "en")
    assert not problems(
        "Rodada 2: gamemaster Ana; azul: você, vermelho: computador 2 (fácil)", "pt-BR"
    )
    assert not problems("58 dei Gialli placca 20 dei Bianchi: d6 4 (Roughing the Passer)", "it")
