"""An organizer runs a Netrunner night under the `cobra` rule set in a real browser
(issue 22, part 1): the rule set is chosen on the new-event form, scores are typed into
the result entry, and the standings show SoS and eSoS."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.web.browser.fixtures import screenshot


def open_organizer(page: Page) -> None:
    """Create the event the new-event form describes and open its organizer page."""
    page.click("#create-event-button")
    link = page.locator("#organizer-link")
    expect(link).to_have_attribute("href", re.compile(r"/events/[^/]+/organize#key="))
    href = link.get_attribute("href")
    assert href is not None
    page.goto(href)


def test_a_cobra_event_takes_scores_and_shows_sos(page: Page, server_url: str) -> None:
    page.goto(server_url + "/events")
    page.fill("#event-name", "Netrunner night")
    page.select_option("#event-rules", "cobra")
    page.select_option("#event-kind", "melee")
    expect(page.locator("#event-rules")).to_be_disabled()  # a rule set is a Duel's
    page.select_option("#event-kind", "duel")
    screenshot(page, "events-new-with-rule-set")
    open_organizer(page)
    expect(page.locator("#event-rules")).to_have_text(
        "Rule set: Netrunner (Cobra, double-sided Swiss)"
    )
    for name in ("Ana", "Bia", "Caio", "Duda"):
        page.fill("#player-name", name)
        page.click("#add-player")
        expect(page.locator("#players li", has_text=name)).to_have_count(1)
    page.click("#pair-round")
    expect(page.locator("#round-1 tr[data-table]")).to_have_count(2)
    page.fill("[data-testid='score-1-1-a']", "4")
    page.fill("[data-testid='score-1-1-b']", "1")
    page.click("#record-1-1")
    message = page.locator("[data-testid='message-1-1']")
    expect(message).to_contain_text("4-1")  # the server's preview, to confirm
    message.locator("button.confirm").click()
    result = page.locator("#round-1 tr[data-table='1'] td.result")
    expect(result).to_contain_text(re.compile(r"^\S.* 4–1 \S"))  # "Ana 4–1 Bruno": names, not ids
    standings = page.locator("#standings")
    expect(standings).to_contain_text("SoS")
    expect(standings).to_contain_text("eSoS")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "organizer-cobra-phone")
    page.set_viewport_size({"width": 1280, "height": 900})
    screenshot(page, "organizer-cobra")

    page.fill("[data-testid='score-1-2-a']", "7")  # a double-sided round gives 6 at most
    page.fill("[data-testid='score-1-2-b']", "0")
    page.click("#record-1-2")
    expect(page.locator("[data-testid='message-1-2']")).to_contain_text("not a result under cobra")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_sign_up_sheet_becomes_the_player_list(page: Page, server_url: str) -> None:
    """The organizer picks a CSV file: everyone on it is registered; a sheet with a bad
    row registers nobody and says which row."""
    page.goto(server_url + "/events")
    page.fill("#event-name", "Sign-up night")
    open_organizer(page)
    bad = {"name": "bad.csv", "mimeType": "text/csv", "buffer": b"name,deck\nAna,x\n,y\n"}
    page.set_input_files("#signup-file", bad)  # type: ignore[arg-type]
    page.click("#import-signups")
    expect(page.locator("#signup-message")).to_contain_text("row 3: the name is empty")
    expect(page.locator("#players li")).to_have_count(0)
    sheet = "Nome;Facção\nAna;Stark\nBia;Greyjoy\nCaio;Martell\n".encode()
    good = {"name": "inscricoes.csv", "mimeType": "text/csv", "buffer": sheet}
    page.set_input_files("#signup-file", good)  # type: ignore[arg-type]
    page.click("#import-signups")
    expect(page.locator("#signup-message")).to_contain_text("Players registered: 3.")
    expect(page.locator("#players li")).to_have_count(3)
    screenshot(page, "organizer-signups")
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_rounds_match_slips_print_a_slip_per_table(page: Page, server_url: str) -> None:
    """The round's "match slips" link: one slip per table to fill in and sign."""
    page.goto(server_url + "/events")
    page.fill("#event-name", "Slips night")
    open_organizer(page)
    for name in ("Ana", "Bia", "Caio", "Duda"):
        page.fill("#player-name", name)
        page.click("#add-player")
        expect(page.locator("#players li", has_text=name)).to_have_count(1)
    page.click("#pair-round")
    link = page.locator("[data-testid='slips-1']")
    href = link.get_attribute("href")
    assert href is not None and href.endswith("/slips?round=1")
    page.goto(server_url + href)
    expect(page.locator(".slip")).to_have_count(2)
    expect(page.locator(".slip").first).to_contain_text("Signature")
    # agot's timed result is decided by power: a box for it beside the result
    expect(page.locator(".slip").first.locator("th")).to_have_text(
        ["Player", "Result", "Power if time is called", "Signature"]
    )
    screenshot(page, "match-slips")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_magic_final_is_played_best_of_five_and_its_winner_ranks_first(
    page: Page, server_url: str
) -> None:
    """Issue 39: the organizer announces a best-of-five final; 3-2 is taken there, and
    the champion heads the standings (final place first) though another led the Swiss."""
    page.goto(server_url + "/events")
    page.fill("#event-name", "Magic night")
    page.select_option("#event-rules", "mtg")
    open_organizer(page)
    for name in ("Ana", "Bia"):
        page.fill("#player-name", name)
        page.click("#add-player")
        expect(page.locator("#players li", has_text=name)).to_have_count(1)
    page.click("#pair-round")
    page.fill("[data-testid='score-1-1-a']", "2")
    page.fill("[data-testid='score-1-1-b']", "0")
    page.click("#record-1-1")
    page.locator("[data-testid='message-1-1'] button.confirm").click()
    expect(page.locator("#cut-games")).to_be_visible()
    rows = page.locator("#standings tr:not(.head)")
    expect(rows.first.locator("[data-column='points']")).to_have_text("3")  # the result is in
    leader = rows.first.locator("[data-column='player']").inner_text()
    page.select_option("#cut-size", "2")
    page.select_option("#cut-games", "5")
    page.click("#start-cut")
    expect(page.locator("#round-2 tr[data-table]")).to_have_count(1)
    page.fill("[data-testid='score-2-1-a']", "2")  # the Swiss leader sits first
    page.fill("[data-testid='score-2-1-b']", "3")
    page.click("#record-2-1")
    page.locator("[data-testid='message-2-1'] button.confirm").click()
    champion = rows.first
    expect(champion.locator("[data-column='place']")).to_have_text("1")
    expect(champion.locator("[data-column='rank']")).to_have_text("2")
    expect(champion.locator("[data-column='player']")).not_to_have_text(leader)
    screenshot(page, "organizer-mtg-best-of-five")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "organizer-mtg-best-of-five-phone")
    assert page.errors == []  # type: ignore[attr-defined]
