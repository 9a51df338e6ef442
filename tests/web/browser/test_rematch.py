"""Rematch from the result panel (issue 19): seats swapped, straight to the new table."""

from __future__ import annotations

import time

from playwright.sync_api import Browser, Page, expect

from tests.patience import PATIENCE
from tests.web.browser.fixtures import (
    api_view,
    create_table,
    listing_context,
    new_page,
    same_device,
)


def test_a_finished_game_against_the_computer_is_played_again_with_seats_swapped(
    page: Page, server_url: str
) -> None:
    created = create_table(page, server_url, "kalah", ["human", "heuristic"], {"seeds": 1}, 2)
    table, token = created["id"], created["seats"][0]["token"]
    page.goto(f"{server_url}/tables/{table}#token={token}")
    deadline = time.monotonic() + PATIENCE
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
    expect(page.locator("#seat-list li").nth(0)).to_have_text("South: computer (medium)")
    expect(page.locator("#finished")).to_be_hidden()
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_spectator_is_offered_no_rematch(page: Page, server_url: str) -> None:
    created = create_table(page, server_url, "kalah", ["random", "random"], {"seeds": 1})
    page.goto(f"{server_url}/tables/{created['id']}")
    expect(page.locator("#finished")).to_be_visible()
    expect(page.locator("#rematch")).to_be_hidden()


def test_people_in_two_browsers_start_and_follow_a_rematch(
    browser: Browser, server_url: str
) -> None:
    """Ana and Bia each in their own browser: when the game ends Ana starts the rematch;
    Bia's page offers to join it, and her own link takes her to her new seat (swapped);
    a spectator is offered to watch it."""
    contexts = [listing_context(browser) for _ in range(3)]
    try:
        pages = [new_page(context) for context in contexts]
        made = create_table(pages[0], server_url, "kalah", ["human", "human"], {"seeds": 1}, 5)
        table, tokens = made["id"], [seat["token"] for seat in made["seats"]]
        same_device(pages[0], *pages[1:])  # a seeded table, played from three browsers
        while not (public := api_view(pages[0], server_url, table))["observation"]["terminal"]:
            seat = public["observation"]["current_player"]
            mine = api_view(pages[0], server_url, table, tokens[seat])
            pages[0].request.post(
                f"{server_url}/api/tables/{table}/actions",
                headers={"Authorization": f"Bearer {tokens[seat]}"},
                data={"index": mine["index"], "action": mine["actions"][0]["action"]},
            )
        for page, token in zip(pages, [*tokens, None], strict=True):
            page.goto(f"{server_url}/tables/{table}" + (f"#token={token}" if token else ""))
            expect(page.locator("#finished")).to_be_visible()
        pages[0].click("#rematch")
        pages[0].wait_for_url(lambda url: f"/tables/{table}" not in url)
        expect(pages[0].locator("#who")).to_have_text("you are North")
        follow = pages[1].locator("#rematch")
        expect(follow).to_have_text("Join the rematch (seats swapped)")
        expect(pages[2].locator("#watch-rematch")).to_be_visible()
        follow.click()
        pages[1].wait_for_url(lambda url: f"/tables/{table}" not in url)
        assert pages[1].url.split("#")[0] == pages[0].url.split("#")[0]  # the same new table
        expect(pages[1].locator("#who")).to_have_text("you are South")
        for page in pages:
            assert page.errors == []  # type: ignore[attr-defined]
    finally:
        for context in contexts:
            context.close()
