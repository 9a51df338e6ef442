"""People's names at the table (issue 19): given in the lobby or on the play page, kept in
the browser, shown to everyone as text."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tests.web.browser.fixtures import create_table, listing_context, new_page


def test_a_name_given_in_the_lobby_and_one_typed_at_the_table_reach_everyone(
    page: Page, server_url: str, browser: Browser
) -> None:
    page.goto(server_url + "/")
    page.fill("#my-name", "Ana")
    page.locator("#my-name").dispatch_event("change")
    page.select_option("#game", "toinc")
    expect(page.locator("#seats")).to_have_attribute("data-game", "toinc")  # Toinc's seats
    page.select_option("#seat-1", "human")  # a friend, with a private link
    page.click("#create-button")
    expect(page.locator("#links")).to_contain_text("Player 2")
    friend_link = page.locator("#links input").first.input_value()
    page.click("#go-mine")
    expect(page.locator("#seat-list li").nth(0)).to_have_text("Blue: Ana (you)")
    expect(page.locator("#name-form")).to_be_hidden()
    # The friend's browser has no name yet: the page asks, once.
    friend_context = listing_context(browser)
    friend = new_page(friend_context)
    friend.goto(friend_link)
    expect(friend.locator("#name-form")).to_be_visible()
    friend.fill("#name-input", "<b>Bea</b>")
    friend.click("#name-form button")
    expect(friend.locator("#name-form")).to_be_hidden()
    expect(friend.locator("#seat-list li").nth(1)).to_have_text("Orange: <b>Bea</b> (you)")
    # Ana's page learns it live, as text (no markup).
    expect(page.locator("#seat-list li").nth(1)).to_have_text("Orange: <b>Bea</b>")
    assert page.locator("#seat-list b").count() == 0
    expect(page.locator("#who")).to_have_text("you are Blue (Ana)")
    friend_context.close()
    assert page.errors == [] and friend.errors == []  # type: ignore[attr-defined]


def test_hot_seat_tables_name_no_one(page: Page, server_url: str) -> None:
    """One device, several people: the page never names the seats from this browser."""
    page.add_init_script("localStorage.setItem('ludoteca.name', 'Ana')")
    created = create_table(page, server_url, "toinc", ["human", "human"], seed=3)
    tokens = ",".join(f"{s['seat']}:{s['token']}" for s in created["seats"])
    page.goto(f"{server_url}/tables/{created['id']}#hotseat={tokens}")
    page.locator("#cover-button").click()
    expect(page.locator("#seat-list li").nth(0)).to_contain_text("Blue: player 1")
    expect(page.locator("#name-form")).to_be_hidden()
    assert page.errors == []  # type: ignore[attr-defined]
