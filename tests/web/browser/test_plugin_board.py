"""The outside game's board (examples/plugin-game: Kalah), served from its own package,
played in the browser by clicking a pit (issue 18: a plugin brings its board)."""

from __future__ import annotations

import time

from playwright.sync_api import Page, expect

from tests.web.browser.conftest import api_view, create_table, screenshot


def test_a_pit_clicked_on_the_plugins_board_is_sown(page: Page, server_url: str) -> None:
    created = create_table(page, server_url, "kalah", ["human", "heuristic"], seed=4)
    table, token = created["id"], created["seats"][0]["token"]
    page.goto(f"{server_url}/tables/{table}#token={token}")
    deadline = time.monotonic() + 30
    while api_view(page, server_url, table, token)["observation"]["current_player"] != 0:
        assert time.monotonic() < deadline, "the computer did not hand over the turn"
        time.sleep(0.1)
    before = api_view(page, server_url, table, token)["index"]
    expect(page.locator("#index")).to_have_text(str(before))
    pits = page.locator("#board svg circle.legal")
    expect(pits.first).to_be_visible()
    assert pits.count() == len(api_view(page, server_url, table, token)["actions"])
    screenshot(page, "kalah-desktop")
    pits.first.click()
    expect(page.locator("#index")).not_to_have_text(str(before))
    assert api_view(page, server_url, table)["index"] > before
    page.set_viewport_size({"width": 390, "height": 844})
    expect(page.locator("#board svg")).to_be_visible()
    screenshot(page, "kalah-phone")
    assert page.errors == []  # type: ignore[attr-defined]
