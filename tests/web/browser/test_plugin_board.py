"""The outside game's board (examples/plugin-game: Kalah), served from its own package,
played in the browser by clicking a pit (issue 18: a plugin brings its board)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.web.browser.fixtures import api_view, play_against_computer, screenshot


def test_a_pit_clicked_on_the_plugins_board_is_sown(page: Page, server_url: str) -> None:
    table, token = play_against_computer(page, server_url, "kalah", ["heuristic"], seed=4)
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
