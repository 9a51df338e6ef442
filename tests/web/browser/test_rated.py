"""A rated game in real browsers (issue 44's "done when"): Ada signs up with a passkey on
one device and makes a rated Toinc table from the lobby; Bruno, signed up with a password
on another, takes its open seat from the lobby; they play it out (the moves sent with
their pages' tokens); both pages show both ratings changed; Bruno signs in on a third
device and finds the game in My games; the profiles and the leaderboard show the ratings."""

from __future__ import annotations

import json
import random
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.web.browser.fixtures import listing_context, new_page, screenshot
from tests.web.browser.test_accessibility import serious_violations
from tests.web.browser.test_accounts import PASSWORD, _authenticator, _fill


def _token(page: Page, table: str) -> tuple[int, str]:
    """The seat and token this browser keeps for `table` (the lobby's "your games")."""
    kept = json.loads(page.evaluate("localStorage.getItem('ludoteca.seats')") or "[]")
    entry = next(e for e in kept if e["table"] == table)
    return entry["seat"], entry["token"]


def _play_out(page: Page, site: str, table: str, tokens: dict[int, str]) -> dict[str, Any]:
    """Random legal moves for whichever seat is to act, with its token, to the end."""
    rng = random.Random(7)
    while True:
        public = page.request.get(f"{site}/api/tables/{table}/view").json()
        seat = public["observation"]["current_player"]
        if public["observation"]["terminal"]:
            return public
        mine = page.request.get(f"{site}/api/tables/{table}/view?token={tokens[seat]}").json()
        move = {"index": mine["index"], "action": rng.choice(mine["actions"])["action"]}
        actions = f"{site}/api/tables/{table}/actions?token={tokens[seat]}"
        reply = page.request.post(actions, data=move)
        assert reply.ok, reply.text()


def _rated_game(ada: Page, bruno: Page, site: str) -> tuple[str, int | None]:
    """Ada makes a rated Toinc practice table from the lobby, Bruno takes its open seat
    from the lobby, and they play it out; the table and its winner."""
    ada.goto(site + "/")
    ada.select_option("#game", "toinc")
    ada.select_option("#opt-length", "practice")
    ada.wait_for_load_state("networkidle")  # the seats the new options have, drawn again
    ada.select_option("#seats select >> nth=1", "open")
    expect(ada.locator("#listed")).to_be_checked()  # an open seat lists the table
    ada.check("#rated")
    expect(ada.locator("#hotseat")).to_be_disabled()
    ada.click("#create-button")
    ada.wait_for_url("**/tables/*#token=*")
    table = ada.url.split("/tables/")[1].split("#")[0]
    expect(ada.locator("#rated")).to_be_visible()
    bruno.goto(site + "/")
    row = bruno.locator(f"#tables li[data-table='{table}']")
    expect(row.locator(".rated")).to_be_visible()
    row.locator("button").click()
    bruno.wait_for_url("**/tables/*#token=*")
    (ada_seat, ada_token), (bruno_seat, bruno_token) = _token(ada, table), _token(bruno, table)
    end = _play_out(ada, site, table, {ada_seat: ada_token, bruno_seat: bruno_token})
    winner: int | None = end["observation"]["winner"]
    return table, winner


def _context(browser: Browser, width: int = 1280, height: int = 900) -> BrowserContext:
    if width == 1280:
        return listing_context(browser)
    return browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce")


def test_a_rated_game_between_two_accounts_moves_both_ratings(
    browser: Browser, server_url: str
) -> None:
    site = server_url.replace("127.0.0.1", "localhost")  # passkeys need a name
    ada_context, bruno_context = _context(browser), _context(browser)
    ada, bruno = new_page(ada_context), new_page(bruno_context)
    _authenticator(ada_context, ada)
    ada.goto(site + "/account")
    ada.fill("[data-testid=passkey-sign-up-name]", "Ada")
    ada.click("[data-testid=passkey-sign-up-submit]")
    expect(ada.locator("[data-testid=account-title]")).to_have_text("Ada")
    bruno.goto(site + "/account")
    _fill(bruno, "sign-up", "Bruno", PASSWORD)
    expect(bruno.locator("[data-testid=account-title]")).to_have_text("Bruno")

    played, winner = 0, None
    while winner is None and played < 8:  # the seed is the server's secret: until decided
        table, winner = _rated_game(ada, bruno, site)
        played += 1
    for page in (ada, bruno):
        ratings = page.locator("#result-ratings")
        expect(ratings).to_contain_text("Ada 1500 →")
        expect(ratings).to_contain_text("Bruno 1500 →")
        expect(ratings).to_contain_text("(+")  # the winner's
        expect(ratings).to_contain_text("(−")  # the loser's
    screenshot(bruno, "rated-game-end")

    third_context = _context(browser)
    third = new_page(third_context)
    third.goto(site + "/account")
    _fill(third, "sign-in", "bruno", PASSWORD)
    line = third.locator(f"#my-games li[data-table='{table}']")
    expect(line).to_contain_text("Toinc")
    expect(line.locator("a")).to_have_text("replay")
    third.click("[data-testid=my-profile]")
    expect(third.locator("#player-name")).to_have_text("Bruno")
    expect(third.locator("#player-ratings")).to_contain_text("Toinc")
    expect(third.locator("#player-games li")).to_have_count(played)
    assert serious_violations(third) == []
    screenshot(third, "profile")
    third.goto(site + "/ladders#toinc/duel")
    expect(third.locator("#leaders tr")).to_have_count(2)
    expect(third.locator("#computers")).to_contain_text("computer (random): 800")
    assert serious_violations(third) == []
    screenshot(third, "ladders")

    phone_context = _context(browser, 390, 844)
    phone = new_page(phone_context)
    phone.goto(site + "/players/ada")
    expect(phone.locator("#player-ratings")).to_contain_text("Toinc")
    screenshot(phone, "profile-phone")
    phone.goto(site + "/ladders#toinc/duel")
    expect(phone.locator("#leaders tr")).to_have_count(2)
    screenshot(phone, "ladders-phone")
    for page in (ada, bruno, third, phone):
        assert page.errors == []  # type: ignore[attr-defined]
    for context in (ada_context, bruno_context, third_context, phone_context):
        context.close()


def test_quick_pairing_seats_two_waiting_accounts(browser: Browser, server_url: str) -> None:
    """Two signed-in players ask for Toinc at 5+3 on /play-now; both are taken to the same
    new rated table, each at their own seat, with the clock; the waiting page is readable
    at phone size."""
    one_context, two_context = _context(browser), _context(browser, 390, 844)
    one, two = new_page(one_context), new_page(two_context)
    for page, name in ((one, "Carla"), (two, "Duda")):
        page.goto(server_url + "/account")
        _fill(page, "sign-up", name, PASSWORD)
        expect(page.locator("[data-testid=account-title]")).to_have_text(name)
    one.goto(server_url + "/")
    one.click("[data-testid=play-a-person]")
    one.select_option("[data-testid=queue-game]", "toinc")
    one.select_option("#queue-clock", "5+3")
    one.click("[data-testid=queue-enter]")
    expect(one.locator("[data-testid=queue-waiting]")).to_contain_text(
        "Looking for an opponent for Toinc"
    )
    assert serious_violations(one) == []
    screenshot(one, "queue")
    two.goto(server_url + "/play-now")
    expect(two.locator("[data-testid=queue-form]")).to_be_visible()
    screenshot(two, "queue-phone")
    two.select_option("[data-testid=queue-game]", "toinc")
    two.select_option("#queue-clock", "5+3")
    two.click("[data-testid=queue-enter]")
    for page in (one, two):
        page.wait_for_url("**/tables/*#token=*")
        expect(page.locator("#rated")).to_be_visible()
        expect(page.locator("#who")).to_contain_text("you are")
    assert one.url.split("#")[0] == two.url.split("#")[0]
    assert _token(one, _table(one)) != _token(two, _table(two))
    for page in (one, two):
        assert page.errors == []  # type: ignore[attr-defined]
    one_context.close()
    two_context.close()


def _table(page: Page) -> str:
    return page.url.split("/tables/")[1].split("#")[0]
