"""Bad input seen from the page (issue 8, "Trust": a clear message, never a trace)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.web.browser.fixtures import create_table, screenshot

TRACE_WORDS = ("Traceback", 'File "', "Internal Server Error", "Exception")


def _no_trace(page: Page) -> None:
    text = page.locator("body").inner_text()
    assert not any(word in text for word in TRACE_WORDS), text


def test_an_unknown_table_url_shows_a_clear_page(page: Page, server_url: str) -> None:
    """/tables/<unknown> (and its replay) is a 404 page naming the table, with a way back."""
    for path in ("/tables/no-such-table", "/tables/no-such-table/replay"):
        response = page.goto(server_url + path)
        assert response is not None and response.status == 404
        expect(page.locator("#page-error-message")).to_have_text("no table 'no-such-table'")
        expect(page.locator("a[href='/']").last).to_be_visible()
        _no_trace(page)
    screenshot(page, "error-unknown-table")
    page.get_by_role("link", name="Back to the lobby").click()
    expect(page.locator("#create-button")).to_be_visible()
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_wrong_seat_link_is_refused_with_a_clear_message(page: Page, server_url: str) -> None:
    """A made-up token in the link: the page says the token is not this table's, offers no move."""
    created = create_table(page, server_url, "toinc", ["human", "human"])
    page.goto(f"{server_url}/tables/{created['id']}#token=made-up")
    expect(page.locator("#error")).to_contain_text(
        f"this token does not belong to any seat of table {created['id']}"
    )
    expect(page.locator("#connection")).to_contain_text("refused")
    expect(page.locator("#actions button")).to_have_count(0)
    _no_trace(page)
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_replay_of_a_game_in_play_says_it_is_not_over(page: Page, server_url: str) -> None:
    """The replay page of an unfinished game explains why it stays closed (its log is secret)."""
    created = create_table(page, server_url, "toinc", ["human", "human"])
    page.goto(f"{server_url}/tables/{created['id']}/replay")
    expect(page.locator("#error")).to_contain_text("still in play")
    _no_trace(page)
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_hot_seat_link_with_a_wrong_token_says_so(page: Page, server_url: str) -> None:
    """A hot-seat link whose seat-0 token is made up: "Show my view" shows why it cannot,
    and no view of any seat is put on screen."""
    created = create_table(page, server_url, "toinc", ["human", "human"])
    page.goto(f"{server_url}/tables/{created['id']}#hotseat=0:made-up,1:also-made-up")
    expect(page.locator("#cover-title")).to_have_text("Pass the device to Blue")
    page.click("#cover-button")
    expect(page.locator("#error")).to_contain_text(
        f"this token does not belong to any seat of table {created['id']}"
    )
    expect(page.locator("#actions button")).to_have_count(0)
    expect(page.locator("#picture")).to_have_text("")
    _no_trace(page)
    assert page.errors == []  # type: ignore[attr-defined]


def test_options_the_game_refuses_are_explained_in_the_lobby(page: Page, server_url: str) -> None:
    """A practice Toinc game with no turn limit and no target: the lobby says which rule of
    the options is broken, and "Create table" waits for options the game takes."""
    page.goto(server_url + "/")
    with page.expect_response("**/api/games/toinc/seats"):
        page.select_option("#game", "toinc")
    with page.expect_response("**/api/games/toinc/seats"):
        page.select_option("#opt-length", "practice")
    with page.expect_response("**/api/games/toinc/seats"):
        page.fill("#opt-practice_turns", "0")
        page.press("#opt-practice_turns", "Tab")
    message = "toinc practice games need practice_turns or practice_target > 0"
    expect(page.locator("#create-error")).to_have_text(message)
    expect(page.locator("#create-button")).to_be_disabled()
    expect(page.locator("#created")).to_be_hidden()
    with page.expect_response("**/api/games/toinc/seats"):
        page.fill("#opt-practice_turns", "3")
        page.press("#opt-practice_turns", "Tab")
    expect(page.locator("#create-button")).to_be_enabled()
    expect(page.locator("#create-error")).to_have_text("")
    _no_trace(page)
    assert page.errors == []  # type: ignore[attr-defined]
