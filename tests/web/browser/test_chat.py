"""Table chat in real browsers (issue 19, item 3): two people at a table and a spectator;
a line appears live in the other pages, as text; the players may hide it from spectators."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.web.browser.fixtures import listing_context, new_page


def test_a_line_appears_live_at_the_table_as_text_and_can_be_kept_private(
    browser: Browser, server_url: str
) -> None:
    contexts = [listing_context(browser) for _ in range(3)]
    try:
        pages = [new_page(context) for context in contexts]
        seats = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bia"}]
        made = (
            pages[0]
            .request.post(server_url + "/api/tables", data={"game": "kalah", "seats": seats})
            .json()
        )
        table, tokens = made["id"], [seat["token"] for seat in made["seats"]]
        for page, token in zip(pages, [*tokens, None], strict=True):
            page.goto(f"{server_url}/tables/{table}" + (f"#token={token}" if token else ""))
            expect(page.locator("#chat")).to_be_visible()
        expect(pages[2].locator("#chat-form")).to_be_hidden()  # a spectator only reads
        pages[0].fill("#chat-input", '<img src=x onerror="window.hacked=1"> boa sorte')
        pages[0].press("#chat-input", "Enter")
        for page in pages:
            line = page.locator("#chat-lines li").last
            expect(line).to_contain_text('<img src=x onerror="window.hacked=1"> boa sorte')
            expect(line).to_contain_text("Ana")
            assert page.locator("#chat-lines img").count() == 0
            assert page.evaluate("window.hacked") is None
        pages[1].click("#chat-hide")
        expect(pages[1].locator("#chat-hidden-note")).to_be_visible()
        pages[2].reload()
        expect(pages[2].locator("#chat")).to_be_hidden()  # the spectator sees no chat now
        pages[1].fill("#chat-input", "only us")
        pages[1].click("#chat-form button")
        expect(pages[0].locator("#chat-lines li").last).to_contain_text("only us")
        for page in pages:
            assert page.errors == []  # type: ignore[attr-defined]
    finally:
        for context in contexts:
            context.close()
