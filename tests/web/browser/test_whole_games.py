"""Issue 19's proof: a whole game of each of the four games played by clicking on the board
only, at desktop and phone sizes, against the computer. At each of the person's turns: no
engine text dump is visible, the tab's title says it is their move, and every legal move is
on the board (an element carrying it, or one that leads to it). At the end the page's log
is the server's whole log (sent in pieces) and a rematch starts."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from ludoteca.games import built_in
from tests.patience import PATIENCE
from tests.web.browser.fixtures import api_view, clicks_every_move, create_table, new_page
from tests.web.helpers import rivals, short_options

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
GAMES: dict[str, dict[str, Any]] = {
    name: {"options": short_options(name), "rivals": rivals(name)} for name in built_in()
}
"""Every built-in game, short, against the lobby's `medium` computers."""
ON_BOARD = """() => [...document.querySelectorAll('#board [data-action], #board [data-actions]')]
  .flatMap((e) => [e.dataset.action || '', ...(e.dataset.actions || '').split(' ')])
  .filter(Boolean)"""


def _wait_for_my_turn(page: Page, server_url: str, table: str, token: str) -> dict[str, Any]:
    """Seat 0's view once it is seat 0's move (or the game is over), drawn on the page."""
    deadline = time.monotonic() + PATIENCE
    while True:
        view = api_view(page, server_url, table, token)
        obs = view["observation"]
        if obs["terminal"] or obs["current_player"] == 0:
            drawn = page.locator(f'#board[data-drawn="{view["index"]}"]')
            try:
                expect(drawn).to_be_attached(timeout=5_000)
                return view
            except AssertionError:
                pass  # a newer position came meanwhile: read it again
        assert time.monotonic() < deadline, "seat 0's turn never came"
        time.sleep(0.05)


def _choose(rng: random.Random, actions: list[str]) -> str:
    """A random legal move, ending a phase more often than not (a short game)."""
    for quick in ("end", "done", "keep", "noshift", "stay"):
        if quick in actions and rng.random() < 0.7:
            return quick
    return rng.choice(actions)


def _click(page: Page, action: str) -> None:
    """Make `action` on the board: its element, or the element that leads to it first."""
    target = page.locator(f'#board [data-action="{action}"]')
    if not target.count():
        leads = page.locator("#board [data-actions]").filter(has=page.locator("xpath=self::*"))
        for index in range(leads.count()):
            element = leads.nth(index)
            if action in (element.get_attribute("data-actions") or "").split(" "):
                element.dispatch_event("click")
                break
    page.locator(f'#board [data-action="{action}"]').first.dispatch_event("click")


# Touch down's whole match at desktop size is played by its shortcuts
# (tests/games/touchdown/browser/test_shortcuts.py).
CASES = [(game, size) for game in sorted(GAMES) for size in sorted(SIZES)]
CASES.remove(("touchdown", "desktop"))


@pytest.mark.parametrize(("game", "size"), CASES)
def test_a_whole_game_is_played_on_the_board(
    browser: Browser, server_url: str, game: str, size: str
) -> None:
    width, height = SIZES[size]
    context = clicks_every_move(
        browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce")
    )
    context.set_default_timeout(PATIENCE * 1000)
    try:
        page = new_page(context)
        spec = GAMES[game]
        made = create_table(page, server_url, game, ["human", *spec["rivals"]], spec["options"], 3)
        table, token = made["id"], made["seats"][0]["token"]
        page.goto(f"{server_url}/tables/{table}#token={token}")
        rng = random.Random(f"{game}-{size}")
        decisions = 0
        while not (view := _wait_for_my_turn(page, server_url, table, token))["observation"][
            "terminal"
        ]:
            legal = [entry["action"] for entry in view["actions"]]
            assert page.title().startswith("▶ Your move")
            expect(page.locator("#picture")).not_to_be_visible()  # the text view is folded
            missing = set(legal) - set(page.evaluate(ON_BOARD))
            assert not missing, f"not on the board at move {view['index']}: {sorted(missing)}"
            _click(page, _choose(rng, legal))
            expect(page.locator("#index")).not_to_have_text(str(view["index"]))
            decisions += 1
            assert decisions < 600, "the game does not end"
        assert not page.title().startswith("▶")
        expect(page.locator("#finished")).to_be_visible()
        # Sent whole once, then only its new entries: the page's log is the server's.
        assert page.locator("#events li").all_text_contents() == view["observation"]["events"]
        page.click("#rematch")
        page.wait_for_url(lambda url: f"/tables/{table}" not in url)
        expect(page.locator("#board[data-drawn]")).to_be_attached()
        assert page.errors == []  # type: ignore[attr-defined]
        print(f"{game} {size}: {decisions} decisions")
    finally:
        context.close()
