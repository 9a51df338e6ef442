"""An organizer running a small Duel event to its top cut, in a real browser (issue 8).

Everything is done by clicking the organizer's page: registration, Swiss rounds
(*sistema Suíço*), results, the round clock, the top cut (*mata-mata*) and its
champion; then the public standings page shows the result with no control.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.web.browser.fixtures import screenshot

PLAYERS = ["Ana", "Bruno", "Carla", "Davi"]


def record_round(page: Page, number: int, tables: int) -> None:
    """Type in every table of round `number`: the first-named player wins."""
    for table in range(1, tables + 1):
        page.select_option(f"#result-{number}-{table}", "win")
        page.click(f"#record-{number}-{table}")
        confirm(page, f"{number}-{table}")
        row = page.locator(f"#round-{number} tr[data-table='{table}'] td.result")
        expect(row).to_contain_text("win")


def confirm(page: Page, table: str) -> None:
    """Answer the question a recording asks beside its table."""
    page.click(f"[data-testid='message-{table}'] button.confirm")


def test_an_organizer_runs_a_small_duel_event_to_its_top_cut(page: Page, server_url: str) -> None:
    """Create, register 4, two Swiss rounds, a top 4 to its final: the champion is shown."""
    page.goto(server_url + "/events")
    page.fill("#event-name", "Browser Duel")
    page.select_option("#event-kind", "duel")
    page.click("#create-event-button")
    link = page.locator("#organizer-link")
    expect(link).to_be_visible()
    href = link.get_attribute("href")
    assert href is not None and "#key=" in href
    event_id = re.search(r"/events/([^/]+)/organize", href)
    assert event_id is not None

    page.goto(href)
    expect(page.locator("#org")).to_be_visible()
    expect(page.locator("#final-controls")).to_be_hidden()  # melee only
    for name in PLAYERS:
        page.fill("#player-name", name)
        page.click("#add-player")
        expect(page.locator("#players li", has_text=name)).to_have_count(1)
    expect(page.locator("#players li")).to_have_count(4)

    page.click("#pair-round")
    expect(page.locator("#round-1 tr[data-table]")).to_have_count(2)
    page.click("#clock-start")
    expect(page.locator("#clock-state")).to_contain_text("running")
    expect(page.locator("#clock-display")).to_have_text(re.compile(r"^(59:[0-5]\d|60:00)$"))
    page.click("#clock-pause")
    expect(page.locator("#clock-state")).to_contain_text("paused")
    record_round(page, 1, 2)
    page.click("#pair-round")
    expect(page.locator("#round-2 tr[data-table]")).to_have_count(2)
    record_round(page, 2, 2)

    page.select_option("#cut-size", "4")
    page.click("#start-cut")
    expect(page.locator("#round-3 tr[data-table]")).to_have_count(2)
    record_round(page, 3, 2)
    page.click("#advance-cut")
    expect(page.locator("#round-4 tr[data-table]")).to_have_count(1)
    expect(page.locator("#champion")).to_have_text("")
    record_round(page, 4, 1)
    champion = page.locator("#champion")
    expect(champion).to_contain_text("Champion: ")
    screenshot(page, "organizer-duel")
    assert page.errors == []  # type: ignore[attr-defined]

    public = page.context.new_page()
    public.goto(f"{server_url}/events/{event_id.group(1)}")
    expect(public.locator("#champion")).to_have_text(champion.inner_text())
    expect(public.locator("#standings tr")).to_have_count(5)
    assert (
        public.locator("button:not(#theme), form, input, select:not(#language)").count() == 0
    )  # theme: colours
    screenshot(public, "event-public")
    printed = page.context.new_page()
    printed.goto(f"{server_url}/events/{event_id.group(1)}/print?round=1")
    for name in PLAYERS:
        expect(printed.locator("#print-players")).to_contain_text(name)


def test_the_organizer_page_without_its_key_shows_why_and_no_controls(
    page: Page, server_url: str
) -> None:
    """Opened without `#key=` (or with a wrong key) the page shows the 403's message."""
    answer = page.request.post(server_url + "/api/events", data={"name": "Keyed", "kind": "duel"})
    event = answer.json()["id"]
    page.goto(f"{server_url}/events/{event}/organize")
    expect(page.locator("#org-error")).to_contain_text("needs its organizer key")
    expect(page.locator("#org")).to_be_hidden()
    page.goto(f"{server_url}/events/{event}/organize#key=wrong")  # taken at once
    expect(page.locator("#org-error")).to_contain_text("not the organizer key")
    expect(page.locator("#org")).to_be_hidden()


def test_a_bot_tournament_started_from_the_page_shows_its_progress(
    page: Page, server_url: str
) -> None:
    """Four random agents, two Swiss rounds and a top 2: five games, progress to 100%."""
    page.goto(server_url + "/events")
    page.select_option("#bot-game", "futebol")
    page.fill("#bot-agents", "random, random, random, random")
    page.fill("#bot-rounds", "2")
    page.select_option("#bot-cut", "2")
    page.fill("#bot-seed", "5")
    page.click("#start-bots")
    link = page.locator("#organizer-link")
    expect(link).to_be_visible()
    href = link.get_attribute("href")
    assert href is not None
    page.goto(href)
    progress = page.locator("#bots-progress")
    expect(progress).to_contain_text("done, 5 of 5 games played", timeout=60_000)
    expect(page.locator("#bots-bar")).to_have_attribute("value", "5")
    assert "null" not in progress.inner_text()  # issue 16, item 11: "100%null"
    expect(page.locator("#champion")).to_contain_text("Champion: random #")
    expect(page.locator("#final-ranking li")).to_have_count(4)
    screenshot(page, "organizer-bots")
    assert page.errors == []  # type: ignore[attr-defined]


def test_an_organizer_runs_a_melee_round_and_its_final_table(page: Page, server_url: str) -> None:
    """Four players at one table (*Disposição de Lugares*), then the best 3 (*Mesa Final*)."""
    page.goto(server_url + "/events")
    page.fill("#event-name", "Browser Melee")
    page.select_option("#event-kind", "melee")
    page.click("#create-event-button")
    expect(page.locator("#organizer-link")).to_have_attribute("href", re.compile("#key="))
    href = page.locator("#organizer-link").get_attribute("href")
    assert href is not None
    page.goto(href)
    expect(page.locator("#cut-controls")).to_be_hidden()  # Duel only
    for name in PLAYERS:
        page.fill("#player-name", name)
        page.click("#add-player")
        expect(page.locator("#players li", has_text=name)).to_have_count(1)
    page.click("#pair-round")
    expect(page.locator("#round-1 tr[data-table]")).to_have_count(1)
    for seat, power in enumerate([15, 9, 6, 3], start=1):
        page.fill(f"#power-1-1-{seat}", str(power))
    page.click("#record-1-1")
    confirm(page, "1-1")
    expect(page.locator("#round-1 td.result")).to_contain_text("power 15 / 9 / 6 / 3")
    page.click("#seat-final")
    expect(page.locator("#round-2 tr[data-table]")).to_have_count(1)
    for seat, power in enumerate([4, 15, 8], start=1):
        page.fill(f"#power-2-1-{seat}", str(power))
    page.click("#record-2-1")
    confirm(page, "2-1")
    expect(page.locator("#champion")).to_contain_text("Champion: ")
    expect(page.locator("#final-ranking li")).to_have_count(4)
    screenshot(page, "organizer-melee")
    assert page.errors == []  # type: ignore[attr-defined]
