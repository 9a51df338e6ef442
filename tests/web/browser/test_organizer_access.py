"""Issue 16, item 7: the organizer key beyond one browser — a co-organizer link handed out
and revoked from the page, a pasted key link taken at once, and where the key is kept."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect


def new_event(page: Page, server_url: str) -> tuple[str, str]:
    """A Duel event made through the API: (id, organizer key)."""
    created = page.request.post(server_url + "/api/events", data={"name": "Club"}).json()
    return created["id"], created["key"]


def test_a_co_organizer_link_works_elsewhere_until_revoked(
    page: Page, server_url: str, browser: Browser
) -> None:
    """Made on the organizer's page, opened in another browser (a second device): it runs
    the event as a co-organizer; revoked, that browser is refused."""
    event, key = new_event(page, server_url)
    page.goto(f"{server_url}/events/{event}/organize#key={key}")
    expect(page.locator("#access-role")).to_contain_text("You are the organizer")
    expect(page.locator("#access-where")).to_contain_text("kept in this browser only")
    expect(page.locator("#co-revoke")).to_be_disabled()
    page.click("#co-make")
    link = page.locator("#co-link")
    expect(link).to_have_value(re.compile(re.escape(f"{server_url}/events/{event}/organize#key=")))
    href = link.input_value()
    assert href.startswith(f"{server_url}/events/{event}/organize#key=") and key not in href
    other = browser.new_context().new_page()
    other.goto(href)
    expect(other.locator("#access-role")).to_contain_text("You are a co-organizer")
    expect(other.locator("#co-controls")).to_be_hidden()
    other.fill("#player-name", "Ana")
    other.click("#add-player")
    expect(other.locator("#players li", has_text="Ana")).to_have_count(1)
    page.click("#co-revoke")
    page.locator("#co-message button", has_text="Confirm").click()
    expect(page.locator("#access-role")).to_contain_text("No co-organizer link is out")
    other.reload()
    expect(other.locator("#org-error")).to_contain_text("not the organizer key")
    expect(other.locator("#org")).to_be_hidden()


def test_a_pasted_key_link_opens_the_page_at_once(page: Page, server_url: str) -> None:
    """Without a key the page asks for one: the whole link pasted in the form opens it, and
    so does the link pasted in the address bar of the same tab (no reload needed)."""
    event, key = new_event(page, server_url)
    page.goto(f"{server_url}/events/{event}/organize")
    expect(page.locator("#key-form")).to_be_visible()
    page.fill("#key-input", f"{server_url}/events/{event}/organize#key={key}")
    page.click("#key-button")
    expect(page.locator("#org")).to_be_visible()
    page.evaluate("localStorage.clear()")
    fresh = page.context.new_page()
    fresh.goto(f"{server_url}/events/{event}/organize")
    expect(fresh.locator("#key-form")).to_be_visible()
    fresh.goto(f"{server_url}/events/{event}/organize#key={key}")  # the same page: a hash change
    expect(fresh.locator("#org")).to_be_visible()
    assert "key=" not in fresh.url
