"""An organizer's day in a real browser (issue 22, part 3): a late entry after round 1, the
open round paired again, and its pairings edited by hand with the rematch warned of.
(Undoing a result and a drop taken back are in `test_organizer_safety.py`.)"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.web.browser.fixtures import screenshot
from tests.web.browser.test_organizer_safety import organizer_page, seats_of


def finish_round(page: Page, number: int) -> None:
    """Type in a win for the first-named player at every open table of the round."""
    rows = page.locator(f"#round-{number} tr[data-table]")
    for index in range(rows.count()):
        table = rows.nth(index).get_attribute("data-table")
        select = page.locator(f"#result-{number}-{table}")
        if select.count() == 0:
            continue  # the bye
        select.select_option("win")
        page.click(f"#record-{number}-{table}")
        page.locator(f"[data-testid='message-{number}-{table}'] button.confirm").click()
        result = page.locator(f"#round-{number} tr[data-table='{table}'] td.result")
        expect(result).not_to_be_empty()


def test_a_late_entry_plays_from_the_next_round(page: Page, server_url: str) -> None:
    organizer_page(page, server_url, "duel")
    finish_round(page, 1)
    page.fill("#player-name", "Eva")
    page.click("#add-player")
    expect(page.locator("#players li", has_text="Eva")).to_have_count(1)
    page.click("#pair-round")
    expect(page.locator("#round-2")).to_contain_text("Eva")
    expect(page.locator("#round-1")).not_to_contain_text("Eva")
    expect(page.locator("#standings")).to_contain_text("Eva")


def test_the_open_round_is_paired_again_without_a_player_who_dropped(
    page: Page, server_url: str
) -> None:
    organizer_page(page, server_url, "duel")
    finish_round(page, 1)
    page.click("#pair-round")
    expect(page.locator("#round-2")).to_contain_text("Ana")
    ana = page.locator("#players li", has_text="Ana")
    ana.locator("button", has_text="Drop").click()
    ana.locator("button", has_text="Confirm").click()
    page.click("#repair-round")
    expect(page.locator("#round-2 tr[data-table]")).to_have_count(2)  # three: a bye
    expect(page.locator("#round-2")).not_to_contain_text("Ana")


def test_pairings_edited_by_hand_warn_of_a_rematch(page: Page, server_url: str) -> None:
    organizer_page(page, server_url, "duel")
    first, second = seats_of(page, 1, 1)
    finish_round(page, 1)
    page.click("#pair-round")
    expect(page.locator("#edit-pairings")).to_be_visible()
    expect(page.locator("#round-1 #edit-pairings")).to_have_count(0)  # only the open round
    page.click("#edit-pairings")
    options = page.locator("#pair-1-a option")
    ids = {name: options.filter(has_text=name).get_attribute("value") for name in (first, second)}
    page.select_option("#pair-1-a", ids[first])
    page.select_option("#pair-1-b", ids[second])
    others = [
        o.get_attribute("value")
        for o in page.locator("#pair-1-a option").all()
        if o.get_attribute("value") not in ids.values()
    ]
    page.select_option("#pair-2-a", others[0])
    page.select_option("#pair-2-b", others[1])
    screenshot(page, "organizer-edit-pairings")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "organizer-edit-pairings-phone")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.click("#save-pairings")
    expect(page.locator("#rounds")).to_contain_text("warning: rematch:")
    assert seats_of(page, 2, 1) == [first, second]
    page.click("#edit-pairings")
    page.select_option("#pair-2-a", ids[first])  # twice: refused beside the editor
    page.click("#save-pairings")
    expect(page.locator("[data-testid='pairing-message']")).to_contain_text("paired twice")
    assert seats_of(page, 2, 1) == [first, second]
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_player_who_dropped_re_joins_a_later_round(page: Page, server_url: str) -> None:
    organizer_page(page, server_url, "duel")
    finish_round(page, 1)
    ana = page.locator("#players li", has_text="Ana")
    ana.locator("button", has_text="Drop").click()
    ana.locator("button", has_text="Confirm").click()
    page.click("#pair-round")
    expect(page.locator("#round-2")).not_to_contain_text("Ana")
    ana.locator("button", has_text="Reinstate").click()
    expect(ana).not_to_contain_text("dropped")
    finish_round(page, 2)
    page.click("#pair-round")
    expect(page.locator("#round-3")).to_contain_text("Ana")
    expect(page.locator("#round-2")).not_to_contain_text("Ana")
    assert page.errors == []  # type: ignore[attr-defined]
