"""The lobby in a real browser: every registered game can be chosen and a table created."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Browser, Page, expect

from tests.patience import PATIENCE
from tests.web.browser.fixtures import screenshot


def test_lobby_offers_every_registered_game(page: Page, server_url: str) -> None:
    """The game menu lists each game of the server's registry, by name."""
    registry = {
        game["name"] for game in page.request.get(server_url + "/api/games").json()["games"]
    }
    assert {"toinc", "futebol", "toxicity", "touchdown"} <= registry
    page.goto(server_url + "/")
    options = page.locator("#game option")
    expect(options).to_have_count(len(registry))
    values = {options.nth(i).get_attribute("value") for i in range(options.count())}
    assert values == registry
    screenshot(page, "lobby")
    assert page.errors == []  # type: ignore[attr-defined]


def test_creating_a_table_against_the_computer_takes_you_to_your_seat(
    page: Page, server_url: str
) -> None:
    """Issue 16, item 8: creating a table against the computer goes straight to seat 0's
    live play page (no raw token link to click in the lobby)."""
    page.goto(server_url + "/")
    page.select_option("#game", "futebol")
    page.click("#create-button")
    page.wait_for_url("**/tables/*#token=*")
    expect(page.locator("#connection")).to_contain_text("live")
    expect(page.locator("#who")).to_contain_text("you are")
    # Issue 38: how long this table's game takes (the rulebook's golden goal: 15-20 minutes).
    expect(page.locator("#length")).to_have_text("about 15–20 min")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_number_typed_then_create_clicked_creates_the_table_at_once(
    page: Page, server_url: str
) -> None:
    """Issue 38, defect 1: a number typed in an option and "Create table" clicked at once
    (the click ends the typing, so the option's change and the click come together)
    creates the table with that number at the first click."""
    page.goto(server_url + "/")
    with page.expect_response("**/api/games/futebol/seats"):
        page.select_option("#game", "futebol")
    with page.expect_response("**/api/games/futebol/seats"):
        page.select_option("#opt-mode", "goal-limit")
    page.fill("#opt-goals", "4")
    page.click("#create-button")
    page.wait_for_url("**/tables/*#token=*", timeout=PATIENCE * 1000)
    table = re.search(r"/tables/([A-Za-z0-9_-]+)", page.url)
    assert table is not None
    listed = page.request.get(f"{server_url}/api/tables?ids={table.group(1)}").json()
    assert listed["tables"][0]["options"]["goals"] == 4
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_computer_only_table_opens_its_spectator_view(page: Page, server_url: str) -> None:
    """Every seat a computer: the creator watches it (no token, no links to send)."""
    page.goto(server_url + "/")
    with page.expect_response("**/api/games/toinc/seats"):
        page.select_option("#game", "toinc")
    expect(page.locator("#seats")).to_have_attribute("data-game", "toinc")
    page.select_option("#seat-0", "agent:random")
    page.click("#create-button")
    page.wait_for_url(re.compile(r".*/tables/[A-Za-z0-9_-]+$"))
    expect(page.locator("#who")).to_have_text("watching as a spectator")


def test_a_table_with_a_friend_shows_only_the_friends_link(page: Page, server_url: str) -> None:
    """A second person's seat: the lobby shows that seat's link to send (not the
    creator's) and a button to the creator's own seat."""
    page.goto(server_url + "/")
    with page.expect_response("**/api/games/toinc/seats"):
        page.select_option("#game", "toinc")
    expect(page.locator("#seats")).to_have_attribute("data-game", "toinc")
    page.select_option("#seat-1", "human")
    page.click("#create-button")
    expect(page.locator("#created")).to_be_visible()
    expect(page.locator("#links li")).to_have_count(1)
    expect(page.locator("#links li")).to_contain_text("Player 2")
    page.click("#go-mine")
    page.wait_for_url("**/tables/*#token=*")
    expect(page.locator("#who")).to_contain_text("you are")


def open_seed(page: Page) -> None:
    """Unfold "Replay a known deal", where the game number (the seed) is typed."""
    page.locator("#seed").locator("xpath=ancestor::details/summary").click()


def test_the_lobby_creates_a_table_with_the_seed_typed_in(page: Page, server_url: str) -> None:
    """A seed typed in the lobby is the table's seed: two tables made with seed 4242 and the
    same options deal the same hand; seed 4243 deals another."""
    views = []
    for seed in ("4242", "4242", "4243"):
        page.goto(server_url + "/")
        with page.expect_response("**/api/games/toinc/seats"):
            page.select_option("#game", "toinc")
        open_seed(page)
        page.fill("#seed", seed)
        page.click("#create-button")  # to the creator's seat
        page.wait_for_url("**/tables/*#token=*")
        table, token = page.url.split("/tables/", 1)[1].split("#token=", 1)
        url = f"{server_url}/api/tables/{table}"
        answer = page.request.post(
            f"{url}/actions", params={"token": token}, data={"index": 0, "action": "hide:left"}
        )
        assert answer.ok, answer.text()
        deadline = time.monotonic() + PATIENCE  # the computer guesses, then the hands are dealt
        while not (
            hand := page.request.get(f"{url}/view", params={"token": token}).json()["observation"][
                "hand"
            ]
        ):
            assert time.monotonic() < deadline, "no hand was dealt"
            time.sleep(0.05)
        views.append(sorted(hand))
    assert views[0] == views[1] != views[2]
    page.goto(server_url + "/")
    open_seed(page)
    page.fill("#seed", "-1")
    assert page.eval_on_selector("#seed", "input => !input.validity.valid")  # not sent


def test_a_table_is_listed_only_when_its_creator_lists_it(
    page: Page, server_url: str, browser: Browser
) -> None:
    """Issue 19: a table is private (its links only) unless listed; its creator still finds
    it under "Your games"; choosing an open seat ticks "list" (an open seat must be found)."""
    stranger = browser.new_context().new_page()
    page.goto(server_url + "/")
    page.select_option("#game", "futebol")
    page.click("#create-button")
    page.wait_for_url("**/tables/*#token=*")
    private = page.url.split("/tables/", 1)[1].split("#", 1)[0]
    page.goto(server_url + "/")
    listed = f'li[data-table="{private}"]'
    expect(page.locator(f"#mine {listed}")).to_have_count(1)
    expect(page.locator(f"#tables {listed}")).to_have_count(0)
    stranger.goto(server_url + "/")
    expect(stranger.locator("#tables li").first).to_be_visible()
    expect(stranger.locator(f"#tables {listed}")).to_have_count(0)
    # An open seat: the table is listed, and the stranger may take it.
    page.select_option("#game", "futebol")
    expect(page.locator("#seat-1")).to_be_visible()
    assert not page.is_checked("#listed")
    page.select_option("#seat-1", "open")
    assert page.is_checked("#listed")
    page.click("#create-button")
    page.wait_for_url("**/tables/*#token=*")
    shown = page.url.split("/tables/", 1)[1].split("#", 1)[0]
    stranger.goto(server_url + "/")
    expect(stranger.locator(f'#tables li[data-table="{shown}"]').locator("button")).to_have_text(
        "join as player 2"
    )
    stranger.context.close()
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_tile_a_game_with_its_board_and_one_click_against_the_computer(
    page: Page, server_url: str
) -> None:
    """Issue 19, item 4: the lobby shows each game as a tile drawn by its own board module,
    and one click seats you against the computer (medium) under your name."""
    page.add_init_script("localStorage.setItem('ludoteca.name', 'Ana')")
    page.goto(server_url + "/")
    names = [g["name"] for g in page.request.get(server_url + "/api/games").json()["games"]]
    tiles = page.locator("#tiles .tile")
    expect(tiles).to_have_count(len(names))
    for name in names:
        expect(page.locator(f'#tiles .tile[data-game="{name}"] .tile-board svg')).to_have_count(1)
    page.locator('#tiles .tile[data-game="kalah"] button').click()
    page.wait_for_url("**/tables/*#token=*")
    expect(page.locator("#seat-list li").nth(0)).to_have_text("South: Ana (you)")
    expect(page.locator("#seat-list li").nth(1)).to_have_text("North: computer (medium)")
    assert page.errors == []  # type: ignore[attr-defined]


def test_options_are_named_in_words_and_the_advanced_ones_fold_away(
    page: Page, server_url: str
) -> None:
    """Issue 19, item 4: an option shows its label and what it does; data files and
    simulation limits wait under "More options"; a tile says how long a game lasts; a
    tile's "How to play" opens the game's guide."""
    page.goto(server_url + "/")
    page.select_option("#game", "toinc")
    length = page.locator('[data-option="length"]')
    expect(length).to_contain_text("Match length")
    expect(length.locator(".option-help")).to_contain_text("regular 60 turns")
    expect(page.locator("#opt-deck")).not_to_be_visible()
    page.click("#options details.advanced > summary")
    expect(page.locator("#opt-deck")).to_be_visible()
    expect(page.locator('[data-option="deck"]')).to_contain_text("Deck file")
    toxicity = page.locator('.tile[data-game="toxicity"]')
    expect(toxicity).to_contain_text("about 1–2 h")  # *Tempo de Jogo: 1 h – 2 h.*
    expect(page.locator('.tile[data-game="toinc"]')).to_contain_text("about 45–60 min")
    toxicity.get_by_role("link", name="How to play").click()
    expect(page).to_have_url(f"{server_url}/games/toxicity")
    expect(page.locator("h1")).to_have_text("How to play Toxicity 101")
    expect(page.locator("#guide dl.terms")).to_contain_text("Stun Trap")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_table_with_a_move_clock_counts_the_persons_time_down(
    page: Page, server_url: str
) -> None:
    """Issue 19, item 3: a clock chosen in the lobby; the play page shows the person's time
    (the computer has none), counting down on their turn."""
    page.goto(server_url + "/")
    page.select_option("#game", "kalah")
    page.select_option("#seat-1", label="computer: random")
    page.select_option("#clock", "3+2")
    page.click("#create-button")
    page.wait_for_url("**/tables/*#token=*")
    clocks = page.locator("#clocks")
    expect(clocks).to_contain_text("Move clock: 3 min + 2 s a move")
    expect(clocks.locator("li")).to_have_count(1)
    mine = clocks.locator('li[data-seat="0"] .time')
    expect(page.locator('#clocks li[data-seat="0"].running')).to_be_visible()
    first = mine.inner_text()
    page.wait_for_timeout(1500)
    assert mine.inner_text() < first  # "2:58" < "2:59" <= "3:00": it ran
    assert page.errors == []  # type: ignore[attr-defined]


def test_learn_with_a_guide_says_what_to_do_at_each_step(
    browser: Browser, page: Page, server_url: str
) -> None:
    """Issue 19, item 2: "Learn with a guide" on Toinc's tile starts a game against the
    computer whose page says, each time it is the player's move, what that phase of the play
    is for (the game's tutorial); it follows the game, in any browser the link is opened in
    (issue 38, defect 6); "Stop the guide" ends it for good."""
    guide = page.request.get(server_url + "/api/games/toinc/guide").json()["tutorial"]
    page.goto(server_url + "/")
    tile = page.locator('.tile[data-game="toinc"]')
    tile.get_by_role("button", name="Learn with a guide").click()
    page.wait_for_url("**/tables/*#token=*&guide=1")
    coach = page.locator("#coach")
    expect(coach).to_contain_text(guide["intro"])
    step = coach.locator(".coach-step[data-phase]:not([data-phase=''])")
    seen = set()
    for _ in range(4):  # the player's first decisions: each explained by its phase
        expect(step).to_be_visible()
        phase = step.get_attribute("data-phase")
        assert phase in guide
        expect(step).to_have_text(guide[phase])
        seen.add(phase)
        index = page.locator("#index").inner_text()
        page.locator("#actions button").first.dispatch_event("click")
        expect(page.locator("#index")).not_to_have_text(index)
    assert seen
    # The link in the address bar keeps the guide: opened in another browser, it guides too.
    other = browser.new_context()
    elsewhere = other.new_page()
    elsewhere.goto(page.url)
    expect(elsewhere.locator("#coach")).to_contain_text("Stop the guide")
    other.close()
    coach.get_by_role("button", name="Stop the guide").click()
    expect(coach).to_be_hidden()
    assert "guide=1" not in page.url
    page.reload()
    expect(page.locator("#board[data-drawn]")).to_be_attached()
    expect(coach).to_be_hidden()
    assert page.errors == []  # type: ignore[attr-defined]
