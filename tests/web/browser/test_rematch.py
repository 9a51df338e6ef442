"""Rematch from the result panel (issue 19): seats swapped, straight to the new table."""

from __future__ import annotations

import time

from playwright.sync_api import Page, expect

from tests.web.browser.conftest import api_view, create_table


def test_a_finished_game_against_the_computer_is_played_again_with_seats_swapped(
    page: Page, server_url: str
) -> None:
    created = create_table(page, server_url, "kalah", ["human", "heuristic"], {"seeds": 1}, 2)
    table, token = created["id"], created["seats"][0]["token"]
    page.goto(f"{server_url}/tables/{table}#token={token}")
    deadline = time.monotonic() + 60
    while not (current := api_view(page, server_url, table, token))["observation"]["terminal"]:
        assert time.monotonic() < deadline, "the game did not end"
        if current["observation"]["current_player"] == 0:
            expect(page.locator("#index")).to_have_text(str(current["index"]))
            page.locator(
                f'#actions button[data-action="{current["actions"][0]["action"]}"]'
            ).click()
            expect(page.locator("#index")).not_to_have_text(str(current["index"]))
        else:
            time.sleep(0.05)
    rematch = page.locator("#rematch")
    expect(rematch).to_be_visible()
    rematch.click()
    page.wait_for_url(lambda url: f"/tables/{table}" not in url)
    expect(page.locator("#who")).to_have_text("you are North")
    expect(page.locator("#seat-list li").nth(0)).to_have_text("South: computer (heuristic)")
    expect(page.locator("#finished")).to_be_hidden()
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_spectator_is_offered_no_rematch(page: Page, server_url: str) -> None:
    created = create_table(page, server_url, "kalah", ["random", "random"], {"seeds": 1})
    page.goto(f"{server_url}/tables/{created['id']}")
    expect(page.locator("#finished")).to_be_visible()
    expect(page.locator("#rematch")).to_be_hidden()
