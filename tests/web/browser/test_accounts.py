"""Accounts in a real browser (issue 44, item 1): sign up on one device, sign in on another
and find the account's language and theme there; sign out everywhere; the account page
passes axe signed out and in; the session cookie is Secure and HttpOnly."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tests.web.browser.fixtures import listing_context, new_page, screenshot
from tests.web.browser.test_accessibility import serious_violations

NAME, PASSWORD = "Giulia Rossi", "una frase lunga e segreta"


def _fill(page: Page, form: str, name: str, password: str) -> None:
    page.fill(f"[data-testid={form}-name]", name)
    page.fill(f"[data-testid={form}-password]", password)
    page.click(f"[data-testid={form}-submit]")


def test_an_account_follows_its_person_to_another_device(browser: Browser, server_url: str) -> None:
    """Sign up on one device: the top bar names the account, the cookie is Secure and
    HttpOnly; choose Italian and the dark theme; sign in on a second device and the pages
    are Italian and dark there; signing out everywhere signs the first device out too."""
    first_context, second_context = listing_context(browser), listing_context(browser)
    first, second = new_page(first_context), new_page(second_context)
    first.goto(server_url + "/account")
    expect(first.locator("#signed-out")).to_be_visible()
    assert serious_violations(first) == []
    screenshot(first, "account-signed-out")
    _fill(first, "sign-up", NAME, PASSWORD)
    expect(first.locator("[data-testid=account-title]")).to_have_text(NAME)
    expect(first.locator("#nav-account")).to_have_text(NAME)
    cookie = next(c for c in first_context.cookies() if c["name"] == "ludoteca_session")
    assert cookie["secure"] and cookie["httpOnly"] and cookie["sameSite"] == "Lax"
    assert serious_violations(first) == []

    first.select_option("[data-testid=settings-language]", "it")
    first.select_option("[data-testid=settings-theme]", "dark")
    first.click("[data-testid=settings-save]")
    expect(first.locator("html")).to_have_attribute("lang", "it")
    screenshot(first, "account-signed-in")

    second.goto(server_url + "/account")
    expect(second.locator("html")).to_have_attribute("lang", "en")
    _fill(second, "sign-in", NAME.lower(), PASSWORD)  # names are told apart casefolded
    expect(second.locator("html")).to_have_attribute("lang", "it")
    expect(second.locator("html")).to_have_attribute("data-theme", "dark")
    expect(second.locator("#sign-out-everywhere")).to_have_text("Esci da tutti i dispositivi")

    second.click("#sign-out-everywhere")
    expect(second.locator("#signed-out")).to_be_visible()
    first.reload()
    expect(first.locator("#signed-out")).to_be_visible()
    expect(first.locator("#nav-account")).to_have_text("accedi")
    assert first.errors == [] and second.errors == []  # type: ignore[attr-defined]
    first_context.close()
    second_context.close()


def test_a_wrong_password_says_so_and_the_account_can_be_deleted(
    browser: Browser, server_url: str
) -> None:
    """A wrong password is refused with the message the API gives, naming no account; the
    account is deleted from its page with its password asked again."""
    context = listing_context(browser)
    page = new_page(context)
    page.goto(server_url + "/account")
    _fill(page, "sign-up", "Bruna", PASSWORD)
    expect(page.locator("[data-testid=account-title]")).to_have_text("Bruna")
    page.click("#sign-out")
    expect(page.locator("#signed-out")).to_be_visible()
    _fill(page, "sign-in", "Bruna", "not her password")
    expect(page.locator("#sign-in .error")).to_have_text("wrong name or password")
    _fill(page, "sign-in", "Bruna", PASSWORD)
    expect(page.locator("[data-testid=account-title]")).to_have_text("Bruna")
    page.on("dialog", lambda dialog: dialog.accept())
    page.fill("[data-testid=delete-password]", PASSWORD)
    page.click("[data-testid=delete-submit]")
    page.wait_for_url(server_url + "/")
    expect(page.locator("#nav-account")).to_have_text("sign in")
    assert page.errors == []  # type: ignore[attr-defined]
    context.close()
