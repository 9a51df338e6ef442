"""Issue 16, items 2–6: result entry that cannot record by accident, labelled melee
powers with their places shown first, timed Duel results from the two power totals,
drops confirmed and undone, and every refusal beside the control that caused it."""

from __future__ import annotations

from playwright.sync_api import Page, expect

PLAYERS = ["Ana", "Bruno", "Carla", "Davi"]


def organizer_page(page: Page, server_url: str, kind: str) -> None:
    """A new event of `kind` with four players, its first round paired, on its page."""
    answer = page.request.post(server_url + "/api/events", data={"name": "Club", "kind": kind})
    created = answer.json()
    headers = {"Authorization": f"Bearer {created['key']}"}
    for name in PLAYERS:
        page.request.post(
            f"{server_url}/api/events/{created['id']}/players", data={"name": name}, headers=headers
        )
    page.request.post(f"{server_url}/api/events/{created['id']}/rounds", data={}, headers=headers)
    page.goto(f"{server_url}/events/{created['id']}/organize#key={created['key']}")
    expect(page.locator("#org")).to_be_visible()


def seats_of(page: Page, number: int, table: int) -> list[str]:
    """The names at a table, in seat order, as the round sheet shows them."""
    text = page.locator(f"#round-{number} tr[data-table='{table}'] td").nth(1).inner_text()
    return [part.split(" ", 1)[1] for part in text.replace(" vs ", ", ").split(", ")]


def test_nothing_is_preselected_and_a_result_is_confirmed_then_undone(
    page: Page, server_url: str
) -> None:
    """Record with no choice says so beside the table and stores nothing; a choice asks
    first, names the winner, and Undo takes it back."""
    organizer_page(page, server_url, "duel")
    expect(page.locator("#result-1-1")).to_have_value("")
    page.click("#record-1-1")
    message = page.locator("[data-testid='message-1-1']")
    expect(message).to_have_text("choose a result first")
    result = page.locator("#round-1 tr[data-table='1'] td.result")
    expect(result).to_have_text("")
    _first, second = seats_of(page, 1, 1)
    page.select_option("#result-1-1", "loss")
    page.click("#record-1-1")
    expect(message).to_contain_text(f"Record {second} wins?")
    expect(result).to_have_text("")  # not before Confirm
    message.locator("button", has_text="Confirm").click()
    expect(result).to_have_text(f"{second} wins")
    page.click("#undo-1-1")
    message.locator("button", has_text="Confirm").click()
    expect(result).to_have_text("")


def test_a_timed_result_is_derived_from_the_two_power_totals(page: Page, server_url: str) -> None:
    """*Desempate*: the first player on 10 power, the second on 12: the second wins on
    time (the rulebook's example)."""
    organizer_page(page, server_url, "duel")
    first, second = seats_of(page, 1, 1)
    page.select_option("#result-1-1", "timed")
    expect(page.get_by_label(f"{first}'s power")).to_be_visible()
    page.get_by_label(f"{first}'s power").fill("10")
    page.click("#record-1-1")
    message = page.locator("[data-testid='message-1-1']")
    expect(message).to_have_text("enter both players' power")
    page.get_by_label(f"{second}'s power").fill("12")
    page.click("#record-1-1")
    expect(message).to_contain_text(f"Record {second} wins on time?")
    message.locator("button", has_text="Confirm").click()
    result = page.locator("#round-1 tr[data-table='1'] td.result")
    expect(result).to_have_text(f"{second} wins on time")


def test_melee_powers_are_labelled_required_and_their_places_shown_first(
    page: Page, server_url: str
) -> None:
    """Each box is labelled with its player; one box filled is refused; all filled, the
    places and points are shown to confirm before anything is stored."""
    organizer_page(page, server_url, "melee")
    names = seats_of(page, 1, 1)
    for name in names:
        expect(page.get_by_label(name, exact=True)).to_be_visible()
    page.get_by_label(names[0], exact=True).fill("15")
    page.click("#record-1-1")
    message = page.locator("[data-testid='message-1-1']")
    expect(message).to_have_text("enter every player's power (0 for none)")
    result = page.locator("#round-1 td.result")
    expect(result).to_have_text("")
    for name, power in zip(names[1:], [9, 9, 3], strict=False):
        page.get_by_label(name, exact=True).fill(str(power))
    page.click("#record-1-1")
    expect(message).to_contain_text(f"1st {names[0]} (power 15, points 15)")
    expect(message).to_contain_text(f"2nd {names[1]} (power 9")
    expect(message).to_contain_text(f"2nd {names[2]} (power 9")
    expect(result).to_have_text("")
    message.locator("button", has_text="Confirm").click()
    expect(result).to_contain_text("power 15 / 9 / 9")


def test_a_drop_is_confirmed_and_can_be_undone(page: Page, server_url: str) -> None:
    """Drop asks first (Cancel keeps the player); a dropped player is reinstated."""
    organizer_page(page, server_url, "duel")
    ana = page.locator("#players li", has_text="Ana")
    ana.locator("button", has_text="Drop").click()
    ana.locator("button", has_text="Cancel").click()
    expect(ana).not_to_contain_text("dropped")
    ana.locator("button", has_text="Drop").click()
    ana.locator("button", has_text="Confirm").click()
    expect(ana).to_contain_text("dropped")
    ana.locator("button", has_text="Reinstate").click()
    expect(ana).not_to_contain_text("dropped")


def test_refusals_sit_beside_their_control_and_idle_controls_say_why(
    page: Page, server_url: str
) -> None:
    """While round 1 has no results: pairing, the cut and Pause are disabled, each with
    its reason on hover; a refused registration is explained beside the form."""
    organizer_page(page, server_url, "duel")
    pair = page.locator("#pair-round")
    expect(pair).to_be_disabled()
    expect(pair).to_have_attribute("title", "Round 1 still has tables without a result")
    expect(page.locator("#start-cut")).to_have_attribute("title", "finish the Swiss rounds first")
    expect(page.locator("#clock-pause")).to_be_disabled()
    expect(page.locator("#clock-pause")).to_have_attribute("title", "the clock is not running")
    expect(page.locator("#clock-start")).to_be_enabled()
    page.fill("#player-name", "   ")
    page.click("#add-player")
    expect(page.locator("#player-message")).not_to_be_empty()
    expect(page.locator("#org-error")).to_have_text("")
    assert page.errors == []  # type: ignore[attr-defined]
