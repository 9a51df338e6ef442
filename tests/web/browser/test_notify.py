"""'Tell me when it is my move' (issue 19, item 3): a notification when the turn comes back
to a player whose tab is hidden, only if they asked for it."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect

from tests.patience import PATIENCE
from tests.web.browser.fixtures import api_view, create_table

HIDDEN_TAB = """
Object.defineProperty(Document.prototype, "hidden", { get: () => true });
window.__notes = [];
window.Notification = class {
  static permission = "granted";
  static requestPermission() { return Promise.resolve("granted"); }
  constructor(title, options) { window.__notes.push([title, options.body]); }
};
"""


def _play_until_told(page: Page, server_url: str, table: str, token: str) -> int:
    """Sow the first pit whenever it is South's move, until told or after 8 of South's
    moves (the computer moves between them); the notifications counted meanwhile."""
    deadline, moves = time.monotonic() + PATIENCE, 0
    while not (view := api_view(page, server_url, table, token))["observation"]["terminal"]:
        if moves == 8:
            break
        assert time.monotonic() < deadline, "the game did not end"
        told = int(page.evaluate("window.__notes.length"))
        if told:
            return told
        if view["observation"]["current_player"] == 0:
            expect(page.locator("#index")).to_have_text(str(view["index"]))
            page.locator("#board svg circle.legal").first.click()
            expect(page.locator("#index")).not_to_have_text(str(view["index"]))
            moves += 1
        time.sleep(0.05)
    return int(page.evaluate("window.__notes.length"))


@pytest.mark.parametrize("asked", [True, False], ids=["asked", "not-asked"])
def test_the_turn_coming_back_to_a_hidden_tab_is_told_only_when_asked(
    page: Page, server_url: str, asked: bool
) -> None:
    page.add_init_script(HIDDEN_TAB)
    created = create_table(page, server_url, "kalah", ["human", "heuristic"], seed=4)
    table, token = created["id"], created["seats"][0]["token"]
    page.goto(f"{server_url}/tables/{table}#token={token}")
    expect(page.locator("#notify")).to_be_visible()
    if asked:
        page.locator("#notify").check()
    told = _play_until_told(page, server_url, table, token)
    if asked:
        assert told >= 1
        title, body = page.evaluate("window.__notes[0]")
        assert title == "Your move — Kalah" and body == "You are South."
    else:
        assert told == 0
    assert page.errors == []  # type: ignore[attr-defined]
