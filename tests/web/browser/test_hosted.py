"""Events played over the board, in real browsers (issue 45, item 4): results reported
from phones, confirmed or disputed. Events played here: test_hosted_event.py."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.web.browser.fixtures import listing_context, new_page, screenshot
from tests.web.browser.test_accessibility import serious_violations
from tests.web.browser.test_accounts import PASSWORD, _fill


def test_over_the_board_results_are_reported_confirmed_and_disputed_from_phones(
    browser: Browser, server_url: str
) -> None:
    """Two events played over the board: in each, Ana reports from her phone; in the
    first Bia confirms (the standings have it), in the second she disputes, and the
    organizer's page lists the disputed table."""
    phones = [browser.new_context(viewport={"width": 390, "height": 844}) for _ in "ab"]
    ana, bia = (new_page(context) for context in phones)
    for page, name in ((ana, "Ana"), (bia, "Bia")):
        page.goto(server_url + "/account")
        _fill(page, "sign-up", name, PASSWORD)
        expect(page.locator("[data-testid=account-title]")).to_have_text(name)
    organizer = new_page(listing_context(browser))
    for answer_id in ("report-confirm", "report-dispute"):
        made = organizer.request.post(f"{server_url}/api/events", data={"name": "Club night"})
        event, key = made.json()["id"], made.json()["key"]
        bearer = {"Authorization": f"Bearer {key}"}
        hosting = f"{server_url}/api/events/{event}/hosting"
        assert organizer.request.put(hosting, data={"registering": True}, headers=bearer).ok
        for page in (ana, bia):
            page.goto(f"{server_url}/events/{event}")
            page.click("#entry-register")
            expect(page.locator("[data-testid=entry-status]")).to_have_text("You are registered.")
        rounds = f"{server_url}/api/events/{event}/rounds"
        assert organizer.request.post(rounds, data={}, headers=bearer).ok
        ana.reload()
        ana.click("#report-win")
        expect(ana.locator("#entry-actions")).to_contain_text("You reported: you won.")
        bia.reload()
        expect(bia.locator("#entry-actions")).to_contain_text("Your opponent reported: you lost.")
        screenshot(bia, f"event-report-{answer_id}-phone")
        bia.click(f"#{answer_id}")
        if answer_id == "report-confirm":  # the match's result, without the organizer
            expect(bia.locator("#entry-actions")).not_to_contain_text("reported")
            sheet = bia.request.get(f"{server_url}/api/events/{event}").json()["rounds"][0]
            assert sheet["complete"]
    expect(bia.locator("#entry-actions")).to_contain_text("the organizer decides")
    organizer.goto(f"{server_url}/events/{event}/organize#key={key}")
    expect(organizer.locator("[data-testid=reports]")).to_contain_text("Ana wins — disputed")
    screenshot(organizer, "event-reports-organizer")
    for page in (ana, bia, organizer):
        assert page.errors == []  # type: ignore[attr-defined]
    for context in phones:
        context.close()


def test_a_player_without_an_account_registers_by_name_and_comes_back_by_link(
    browser: Browser, server_url: str
) -> None:
    """Zeca has no account: on his phone he registers with his name only and is shown his
    link; on another device the link signs him in (and leaves the address bar), and he
    checks in there."""
    organizer = new_page(listing_context(browser))
    made = organizer.request.post(f"{server_url}/api/events", data={"name": "Open night"})
    event, key = made.json()["id"], made.json()["key"]
    hosting = {"registering": True, "checking_in": True}
    bearer = {"Authorization": f"Bearer {key}"}
    assert organizer.request.put(
        f"{server_url}/api/events/{event}/hosting", data=hosting, headers=bearer
    ).ok
    phone_context = browser.new_context(viewport={"width": 390, "height": 844})
    phone = new_page(phone_context)
    phone.goto(f"{server_url}/events/{event}")
    phone.fill("[data-testid=guest-name]", "Zeca")
    phone.click("[data-testid=guest-register]")
    expect(phone.locator("[data-testid=entry-status]")).to_have_text("You are registered.")
    link = phone.locator("[data-testid=guest-link]").inner_text()
    assert link.startswith(f"{server_url}/events/{event}#entry=")
    expect(phone.locator("#nav-account")).to_have_text("Zeca")
    assert serious_violations(phone) == []
    screenshot(phone, "event-guest-phone")

    desk_context = listing_context(browser)
    desk = new_page(desk_context)
    desk.goto(link)
    status = desk.locator("[data-testid=entry-status]")
    expect(status).to_have_text("You are registered.")
    assert "entry=" not in desk.url  # the token leaves the address bar and the history
    desk.click("#entry-check-in")
    expect(status).to_have_text("You are registered and checked in.")
    for page in (phone, desk, organizer):
        assert page.errors == []  # type: ignore[attr-defined]
    for context in (phone_context, desk_context, organizer.context):
        context.close()
