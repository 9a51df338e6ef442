"""The pages in the reader's language, in Debian's Chromium (issue 20): a Brazilian
browser gets Portuguese, the switcher changes the language and it stays, a seat's link
keeps its token through the switch, and the page's scripts write in it too."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.web.browser.fixtures import create_table, new_page


def test_a_brazilian_browser_reads_portuguese_and_switches_to_italian(
    browser: Browser, server_url: str
) -> None:
    context = browser.new_context(locale="pt-BR", reduced_motion="reduce")
    try:
        page = new_page(context)
        page.goto(server_url + "/")
        expect(page.locator("html")).to_have_attribute("lang", "pt-BR")
        expect(page.locator("#play-now h2")).to_have_text("Jogar agora")
        # Written by lobby.js from the page's catalog: the tiles' buttons.
        expect(page.locator(".tile button.button").first).to_have_text("Jogar contra o computador")
        with page.expect_navigation():
            page.select_option("#language", "it")
        expect(page.locator("#play-now h2")).to_have_text("Gioca subito")
        page.goto(server_url + "/events")
        expect(page.locator("html")).to_have_attribute("lang", "it")
        expect(page.locator("#create-event h2")).to_have_text("Nuovo evento")
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


def test_switching_keeps_the_seat_and_the_page_speaks_the_new_language(
    browser: Browser, server_url: str
) -> None:
    """On a play page the token is in the fragment: the switch reloads the same address,
    so the seat is kept; the status line, written by play.js, is in the new language."""
    context = browser.new_context(locale="en-US", reduced_motion="reduce")
    try:
        page = new_page(context)
        created = create_table(page, server_url, "toinc", ["human", "random"], {}, seed=4)
        token = created["seats"][0]["token"]
        page.goto(f"{server_url}/tables/{created['id']}#token={token}")
        expect(page.locator("#who")).to_contain_text("you are")
        with page.expect_navigation():
            page.select_option("#language", "pt-BR")
        assert page.url.endswith(f"#token={token}")
        expect(page.locator("#who")).to_contain_text("você é")
        expect(page.locator("#howto-button")).to_have_text("Como jogar")
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()
