"""An event played on the site, in real browsers (issue 45, items 1 and 3): the organizer
names Toinc and opens registration and check-in on the organizer's page; three players
register on the event's page, two check in; round 1 drops the no-show; the two go to their
table from the event's page, play it out (their moves sent with their pages' tokens), and
the result is in the public standings without the organizer typing it."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.web.browser.fixtures import listing_context, new_page, screenshot
from tests.web.browser.test_accessibility import serious_violations
from tests.web.browser.test_accounts import PASSWORD, _fill
from tests.web.browser.test_rated import _play_out, _token
from tests.web.test_hosted import LEGAL_DECK


def test_players_register_check_in_and_play_round_one_here(
    browser: Browser, server_url: str
) -> None:
    organizer_context = listing_context(browser)
    organizer = new_page(organizer_context)
    made = organizer.request.post(
        f"{server_url}/api/events", data={"name": "Toinc Cup", "kind": "duel"}
    ).json()
    event, key = made["id"], made["key"]
    organizer.goto(f"{server_url}/events/{event}/organize#key={key}")
    organizer.select_option("[data-testid=hosting-game]", "toinc")
    organizer.check("[data-testid=hosting-registering]")
    organizer.fill("[data-testid=hosting-cap]", "8")
    organizer.check("[data-testid=hosting-checking-in]")
    organizer.check("[data-testid=hosting-decks]")
    organizer.click("[data-testid=hosting-save]")
    expect(organizer.locator("#hosting-message")).to_have_text("Saved.")
    organizer.fill("[data-testid=webhook-url]", "http://127.0.0.1:9/hook")
    organizer.click("[data-testid=webhook-add]")  # the server itself: refused, and says so
    expect(organizer.locator("#webhook-message")).to_contain_text("may not point at this server")
    practice = {"game": "toinc", "options": {"length": "practice", "practice_turns": 2}}
    answer = organizer.request.put(  # a short match: the page offers the game's usual one
        f"{server_url}/api/events/{event}/hosting",
        data=practice,
        headers={"Authorization": f"Bearer {key}"},
    )
    assert answer.ok, answer.text()
    assert serious_violations(organizer) == []

    contexts, pages = [], []
    for name in ("Lia", "Max", "Noa"):
        context = listing_context(browser)
        page = new_page(context)
        page.goto(server_url + "/account")
        _fill(page, "sign-up", name, PASSWORD)
        expect(page.locator("[data-testid=account-title]")).to_have_text(name)
        page.goto(f"{server_url}/events/{event}")
        page.click("#entry-register")
        expect(page.locator("[data-testid=entry-status]")).to_have_text("You are registered.")
        contexts.append(context)
        pages.append(page)
    for page in pages[:2]:  # Noa does not come
        page.click("#entry-check-in")
        expect(page.locator("[data-testid=entry-status]")).to_have_text(
            "You are registered and checked in."
        )
    lia = pages[0]
    lia.fill("[data-testid=deck-text]", "Plot:\n1x A Noble Cause\nDraw:\n3x Eddard Stark\n")
    lia.click("[data-testid=deck-submit]")
    expect(lia.locator("#deck-status")).to_contain_text("at least 60")  # the checker's words
    lia.fill("[data-testid=deck-text]", LEGAL_DECK)
    lia.click("[data-testid=deck-submit]")
    expect(lia.locator("#deck-status")).to_have_text("Your deck list is in.")
    assert serious_violations(lia) == []
    screenshot(lia, "event-entry")

    organizer.reload()  # the organizer's page shows the players registered since
    organizer.click("[data-testid=pair-round]")
    expect(organizer.locator("[data-testid=journal]")).to_contain_text(
        "Noa dropped: did not check in"
    )
    for page in pages[:2]:
        page.click("#entry-table")
        page.wait_for_url("**/tables/*#token=*")
    table = pages[0].url.split("/tables/")[1].split("#")[0]
    assert pages[1].url.split("#")[0].endswith(table)
    (seat_a, token_a), (seat_b, token_b) = _token(pages[0], table), _token(pages[1], table)
    _play_out(pages[0], server_url, table, {seat_a: token_a, seat_b: token_b})

    public = new_page(listing_context(browser))
    public.goto(f"{server_url}/events/{event}")
    expect(public.locator("#rounds")).to_contain_text("Lia")
    expect(public.locator("[data-testid=entry-status]")).to_have_text("Sign in to register")
    sheet = public.request.get(f"{server_url}/api/events/{event}").json()["rounds"][0]
    assert sheet["complete"]
    screenshot(public, "event-played-here")
    for page in (organizer, *pages, public):
        assert page.errors == []  # type: ignore[attr-defined]
    for context in (organizer_context, *contexts):
        context.close()


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
