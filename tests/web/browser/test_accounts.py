"""Accounts in a real browser (issue 44, item 1): sign up on one device, sign in on another
and find the account's language and theme there; sign out everywhere; the account page
passes axe signed out and in; the session cookie is Secure and HttpOnly."""

from __future__ import annotations

from playwright.sync_api import Browser, BrowserContext, CDPSession, Page, expect

from tests.patience import eventually
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


def _authenticator(context: BrowserContext, page: Page) -> tuple[CDPSession, str]:
    """A virtual platform authenticator on `page` (Chromium's, through the DevTools
    protocol): it keeps discoverable passkeys and verifies its user at once."""
    cdp = context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    made = cdp.send(
        "WebAuthn.addVirtualAuthenticator",
        {
            "options": {
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": True,
                "hasUserVerification": True,
                "isUserVerified": True,
                "automaticPresenceSimulation": True,
            }
        },
    )
    return cdp, made["authenticatorId"]


def test_a_passkey_makes_an_account_signs_in_elsewhere_and_deletes_it(
    browser: Browser, server_url: str
) -> None:
    """Issue 44, item 1: make an account with a passkey (no password), sign out and in
    with it; the same passkey (copied to a second device's authenticator) signs in there;
    deleting the account there asks for the passkey, and the passkey then proves nothing."""
    site = server_url.replace("127.0.0.1", "localhost")  # a relying party is a name
    first_context, second_context = listing_context(browser), listing_context(browser)
    first, second = new_page(first_context), new_page(second_context)
    first_keys, first_id = _authenticator(first_context, first)
    second_keys, second_id = _authenticator(second_context, second)
    first.goto(site + "/account")
    expect(first.locator("#no-passkeys")).to_be_hidden()
    first.fill("[data-testid=passkey-sign-up-name]", "Pia Passkey")
    first.click("[data-testid=passkey-sign-up-submit]")
    expect(first.locator("[data-testid=account-title]")).to_have_text("Pia Passkey")
    expect(first.locator("#delete-with-passkey")).to_be_visible()  # no password to ask
    first.click("#sign-out")
    first.click("[data-testid=passkey-sign-in]")
    expect(first.locator("[data-testid=account-title]")).to_have_text("Pia Passkey")

    (passkey,) = first_keys.send("WebAuthn.getCredentials", {"authenticatorId": first_id})[
        "credentials"
    ]
    second_keys.send(
        "WebAuthn.addCredential", {"authenticatorId": second_id, "credential": passkey}
    )
    second.goto(site + "/account")
    second.click("[data-testid=passkey-sign-in]")
    expect(second.locator("[data-testid=account-title]")).to_have_text("Pia Passkey")

    # The second device used the passkey last: its signature counter is the one the
    # server holds (the first device's copy would now be refused as a clone).
    second.on("dialog", lambda dialog: dialog.accept())
    second.click("[data-testid=delete-submit]")
    second.wait_for_url(site + "/")
    first.reload()  # its session went with the account
    expect(first.locator("#signed-out")).to_be_visible()
    first.click("[data-testid=passkey-sign-in]")
    expect(first.locator("#passkey-sign-in-error")).to_have_text("this passkey was not accepted")
    assert first.errors == [] and second.errors == []  # type: ignore[attr-defined]
    first_context.close()
    second_context.close()


def test_an_address_by_number_says_passkeys_need_a_name(page: Page, server_url: str) -> None:
    """On 127.0.0.1 (not a relying party's name) the page offers no passkey and says why."""
    page.goto(server_url + "/account")
    expect(page.locator("#no-passkeys")).to_be_visible()
    expect(page.locator("[data-testid=passkey-sign-in]")).to_be_hidden()
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_table_played_before_signing_up_is_in_my_games(browser: Browser, server_url: str) -> None:
    """Issue 44, item 2: a table played anonymously in this browser is claimed when the
    account is made here, and listed in "My games" with a link to play on."""
    context = listing_context(browser)
    page = new_page(context)
    page.goto(server_url + "/")
    page.locator(".tile[data-game=toinc] .tile-actions .button").first.click()
    page.wait_for_url("**/tables/*#token=*")
    table = page.url.split("/tables/")[1].split("#")[0]
    page.goto(server_url + "/account")
    _fill(page, "sign-up", "Rita", PASSWORD)
    row = page.locator(f"#my-games li[data-table='{table}']")
    expect(row).to_contain_text("Toinc")
    expect(row.locator("a")).to_have_text("play")
    assert "#token=" in (row.locator("a").get_attribute("href") or "")
    screenshot(page, "account-my-games")
    assert page.errors == []  # type: ignore[attr-defined]
    context.close()


def test_a_seat_opened_from_its_link_while_signed_in_is_in_my_games(
    browser: Browser, server_url: str
) -> None:
    """Issue 44, item 2: a person signed in who opens their seat's link (a friend sent
    it) finds that table in "My games" on any device they sign in on, and plays it there
    ("play here": a token for that device; the first device's stops working)."""
    context = listing_context(browser)
    page = new_page(context)
    seats = [{"kind": "human"}, {"kind": "human"}]
    made = page.request.post(server_url + "/api/tables", data={"game": "toinc", "seats": seats})
    table, token = made.json()["id"], made.json()["seats"][1]["token"]
    page.goto(server_url + "/account")
    _fill(page, "sign-up", "Sam", PASSWORD)
    expect(page.locator("[data-testid=account-title]")).to_have_text("Sam")
    page.goto(f"{server_url}/tables/{table}#token={token}")
    expect(page.locator("#who")).to_contain_text("you are")
    games = server_url + "/api/account/games"
    eventually(lambda: page.request.get(games).json()["seats"], "the seat's claim")
    other = listing_context(browser)
    elsewhere = new_page(other)
    elsewhere.goto(server_url + "/account")
    _fill(elsewhere, "sign-in", "Sam", PASSWORD)
    row = elsewhere.locator(f"#my-games li[data-table='{table}']")
    expect(row).to_contain_text("waiting for the others")  # seat 0 moves first
    row.get_by_role("button", name="play here").click()  # a token for this device
    elsewhere.wait_for_url(f"**/tables/{table}#token=*")
    expect(elsewhere.locator("#who")).to_contain_text("you are")
    old = page.request.get(f"{server_url}/api/tables/{table}/view?token={token}")
    assert old.status == 403  # the first device's token stopped working
    assert page.errors == [] and elsewhere.errors == []  # type: ignore[attr-defined]
    context.close()
    other.close()
