"""Accessibility (issue 19, item 5): axe-core, from npm (`make test` installs it with
`npm ci`), run in Debian's Chromium on the lobby, every game's play page and guide, and the
tournament pages, in both themes: no serious or critical violation."""

from __future__ import annotations

import json
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

from ludoteca import games
from tests.web.browser.fixtures import create_table, new_page, play_against_computer

AXE = Path(__file__).resolve().parents[3] / "node_modules" / "axe-core" / "axe.min.js"
GAMES = {
    point.name: ["medium"] * (games.load(point.name).num_seats - 1)
    for point in entry_points(group=games.GROUP)
}
"""Every game the server offers (the built-in ones, the example plugin kalah, any other
installed plugin) against the lobby's `medium` computers."""

if not AXE.exists():  # pragma: no cover - make test installs it
    pytest.skip(f"{AXE} is missing: run `npm ci`", allow_module_level=True)


def serious_violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's violations of impact serious or critical on the page as it stands."""
    # Evaluated by the test driver, not added as a <script>: the pages' Content-Security-
    # Policy (rightly) refuses an inline script.
    page.evaluate(AXE.read_text(encoding="utf-8"))
    found: list[dict[str, Any]] = page.evaluate(
        """async () => (await axe.run(document, { resultTypes: ["violations"] })).violations
            .filter((v) => v.impact === "serious" || v.impact === "critical")
            .map((v) => ({ id: v.id, help: v.help,
              nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }))"""
    )
    return found


def _check(page: Page, what: str) -> None:
    violations = serious_violations(page)
    assert violations == [], f"{what}: " + json.dumps(violations, indent=1)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_lobby_guides_and_tournament_pages_pass_axe(
    board_context: BrowserContext, server_url: str, theme: str
) -> None:
    board_context.add_init_script(f"localStorage.setItem('ludoteca.theme', '{theme}')")
    page = new_page(board_context)
    page.goto(server_url + "/")
    page.wait_for_selector(".tile .tile-board svg")
    # Every tile's picture final (its board's panels gone): the lobby as a visitor sees it.
    page.wait_for_function("() => !document.querySelector('.tile-board:not([data-drawn])')")
    _check(page, f"lobby ({theme})")
    page.goto(server_url + "/games/toinc")
    _check(page, f"guide ({theme})")
    created = page.request.post(server_url + "/api/events", data={"name": "Club"}).json()
    headers = {"Authorization": f"Bearer {created['key']}"}
    for name in ("Ana", "Bia", "Caio", "Duda"):
        page.request.post(
            f"{server_url}/api/events/{created['id']}/players", data={"name": name}, headers=headers
        )
    page.request.post(f"{server_url}/api/events/{created['id']}/rounds", data={}, headers=headers)
    for path in (
        "/events",
        f"/events/{created['id']}",
        f"/events/{created['id']}/organize#key={created['key']}",
    ):
        page.goto(server_url + path)
        page.wait_for_load_state("networkidle")
        _check(page, f"{path.split('#')[0]} ({theme})")
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_play_page_passes_axe(
    board_context: BrowserContext, server_url: str, game: str, theme: str
) -> None:
    """Every game's play page and its guide, in both themes (the board's table stays
    light in the dark one: its text must keep its contrast there too, issue 38)."""
    board_context.add_init_script(f"localStorage.setItem('ludoteca.theme', '{theme}')")
    page = new_page(board_context)
    play_against_computer(page, server_url, game, GAMES[game], seed=2)
    page.wait_for_selector("#board[data-drawn]")
    _check(page, f"{game} play page ({theme})")
    page.click("#howto-button")
    page.wait_for_selector("#howto[open] .howto h3")
    _check(page, f"{game} how to play")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_finished_game_and_a_spectator_pass_axe(
    board_context: BrowserContext, server_url: str
) -> None:
    page = new_page(board_context)
    created = create_table(page, server_url, "kalah", ["random", "random"], seed=3)
    page.goto(f"{server_url}/tables/{created['id']}")
    page.wait_for_selector("#finished:not([hidden])")
    _check(page, "spectator of a finished game")
