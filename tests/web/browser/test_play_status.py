"""Issue 16, items 9–11: the play page names each seat in the game's own words, shows a
spectator no move heading, ends a game with a result panel, and asks for no missing file.
"""

from __future__ import annotations

from playwright.sync_api import Page, Response, expect

from tests.patience import eventually
from tests.web.browser.fixtures import api_view, create_table, screenshot
from tests.web.helpers import short_options


def test_the_seats_are_named_by_the_game(page: Page, server_url: str) -> None:
    """Toinc: you are Blue against Orange; Touch down: Yellow and White; Toxicity: the
    gamemaster and the pawns' colours, as the round has them."""
    created = create_table(page, server_url, "toinc", ["human", "random"])
    page.goto(f"{server_url}/tables/{created['id']}#token={created['seats'][0]['token']}")
    expect(page.locator("#who")).to_have_text("you are Blue")
    expect(page.locator("#seat-list li").nth(0)).to_have_text("Blue: player 1 (you)")
    expect(page.locator("#seat-list li").nth(1)).to_have_text("Orange: computer (random)")
    created = create_table(page, server_url, "touchdown", ["random", "random"])
    page.goto(f"{server_url}/tables/{created['id']}")
    expect(page.locator("#seat-list li").nth(0)).to_contain_text("Yellow: computer")
    expect(page.locator("#seat-list li").nth(1)).to_contain_text("White: computer")
    # The roles rotate every round: wait for the person's turn, when the names stand still.
    seats = ["human", "random", "random"]
    created = create_table(page, server_url, "toxicity", seats, short_options("toxicity"))
    view = eventually(
        lambda: (
            (v := api_view(page, server_url, created["id"]))
            and v["observation"]["current_player"] == 0
            and v
        ),
        "the computers handing over the turn",
        every=0.1,
    )
    page.goto(f"{server_url}/tables/{created['id']}")
    names = view["seat_names"]
    assert "Gamemaster" in names and "Blue" in names
    kinds = ["player 1", "computer", "computer"]
    for seat, name in enumerate(names):
        expect(page.locator("#seat-list li").nth(seat)).to_contain_text(f"{name}: {kinds[seat]}")


def test_a_spectator_has_no_move_heading(page: Page, server_url: str) -> None:
    """Watching: "watching as a spectator", and no "Your move" over an empty list."""
    created = create_table(page, server_url, "toinc", ["human", "human"])
    page.goto(f"{server_url}/tables/{created['id']}")
    expect(page.locator("#who")).to_have_text("watching as a spectator")
    expect(page.locator("#move-heading")).to_be_hidden()
    # Only the fragment changes: the page loads itself again as a seat: "Your move" for
    # the seat to act, none over "Waiting for the others…" for the other (issue 38).
    to_act = api_view(page, server_url, created["id"])["observation"]["current_player"]
    for seat, shown in ((to_act, True), (1 - to_act, False)):
        page.goto(f"{server_url}/tables/{created['id']}#token={created['seats'][seat]['token']}")
        expect(page.locator("#who")).to_contain_text("you are")
        if shown:
            expect(page.locator("#move-heading")).to_be_visible()
        else:
            expect(page.locator("#actions")).to_contain_text("Waiting for the others")
            expect(page.locator("#move-heading")).to_be_hidden()


def test_the_end_of_a_game_shows_a_result_panel(page: Page, server_url: str) -> None:
    """A finished game: who won (or a draw, or stopped unfinished), the final score and
    the last event, links to the replay and a new game; the status no longer says "live"."""
    options = {"mode": "goal-limit", "goals": 1, "turn_limit": 12}
    created = create_table(page, server_url, "futebol", ["random", "random"], options, seed=3)
    view = eventually(
        lambda: (
            (v := api_view(page, server_url, created["id"])) and v["observation"]["terminal"] and v
        ),
        "the computers finishing the match",
        every=0.1,
    )
    page.goto(f"{server_url}/tables/{created['id']}")
    panel = page.locator("#finished")
    expect(panel).to_be_visible()
    obs, names = view["observation"], view["players"]  # who played, by their names
    assert names == ["computer 1 (random)", "computer 2 (random)"]
    if obs["unfinished"]:  # stopped by the turn limit (futebol decision 19)
        title = "Stopped unfinished: no result"
    else:
        title = "A draw" if obs["winner"] is None else f"{names[obs['winner']]} wins"
    expect(page.locator("#result-title")).to_have_text(title)
    score = " – ".join(
        f"{name} {points:g}" for name, points in zip(names, obs["scores"], strict=True)
    )
    expect(page.locator("#result-detail")).to_contain_text(f"Final score: {score}.")
    expect(page.locator("#result-detail")).to_contain_text(obs["events"][-1])
    expect(page.locator("#replay-link")).to_have_attribute(
        "href", f"/tables/{created['id']}/replay"
    )
    expect(page.locator("#new-game")).to_have_attribute("href", "/")
    expect(page.locator("#connection")).not_to_contain_text("live")
    screenshot(page, "result-panel")


def test_no_page_asks_for_a_missing_file(page: Page, server_url: str) -> None:
    """The lobby, the events page and a play page load with no 404 (the favicon among
    them); `/favicon.ico` answers too."""
    missing: list[str] = []

    def note(response: Response) -> None:
        if response.status == 404:
            missing.append(response.url)

    page.on("response", note)
    created = create_table(page, server_url, "toinc", ["human", "random"])
    for path in ("/", "/events", f"/tables/{created['id']}"):
        page.goto(server_url + path)
        page.wait_for_load_state("networkidle")
    assert missing == []
    assert page.request.get(f"{server_url}/favicon.ico").status == 200
