"""Moves on the board (issue 19): the list of moves is the keyboard's fallback, folded
where the board offers the move; the engine's text picture stays behind a toggle; the
tab says when it is the player's move."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.web.browser.fixtures import api_view, create_table, new_page, play_against_computer

SEATS = {"toinc": 2, "touchdown": 2, "toxicity": 5, "futebol": 2, "kalah": 2}
OPTIONS = {"toinc": {"length": "practice", "practice_turns": 2}}


def _board_actions(page: Page) -> set[str]:
    found: set[str] = set(
        page.eval_on_selector_all(
            "#board [data-action], #board [data-actions]",
            """els => els.flatMap(e => [e.dataset.action || "",
                 ...(e.dataset.actions || "").split(" ")]).filter(Boolean)""",
        )
    )
    return found


def _wait_for_board(page: Page, index: int) -> None:
    """Until the page has drawn position `index` and marked the moves its board offers."""
    expect(page.locator("#index")).to_have_text(str(index))
    expect(page.locator(f'#board[data-drawn="{index}"]')).to_be_attached()


@pytest.mark.parametrize("game", sorted(SEATS))
def test_every_legal_move_is_on_the_board_or_a_visible_button(
    board_context: BrowserContext, server_url: str, game: str
) -> None:
    page = new_page(board_context)
    kinds = ["human"] * SEATS[game]
    created = create_table(page, server_url, game, kinds, OPTIONS.get(game), seed=5)
    table = created["id"]
    tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
    rng = random.Random(game)
    for _ in range(4):
        public = api_view(page, server_url, table)
        seat = public["observation"]["current_player"]
        if seat is None:
            break
        page.goto(f"{server_url}/tables/{table}#token={tokens[seat]}")
        view = api_view(page, server_url, table, tokens[seat])
        _wait_for_board(page, view["index"])
        on_board = _board_actions(page)
        expect(page.locator("#picture")).not_to_be_visible()  # no text dump
        assert page.title().startswith("▶ Your move")
        for entry in view["actions"]:
            button = page.locator(f'#actions button[data-action="{entry["action"]}"]')
            assert entry["action"] in on_board or button.is_visible(), entry["action"]
        action = rng.choice(view["actions"])["action"]
        answer = page.request.post(
            f"{server_url}/api/tables/{table}/actions",
            headers={"Authorization": f"Bearer {tokens[seat]}"},
            data={"index": view["index"], "action": action},
        )
        assert answer.status == 200, answer.text()
    assert page.errors == []  # type: ignore[attr-defined]


def test_kalah_is_played_on_the_board_with_the_list_folded_and_the_text_view_on_demand(
    board_context: BrowserContext, server_url: str
) -> None:
    page = new_page(board_context)
    table, token = play_against_computer(page, server_url, "kalah", ["heuristic"], seed=4)
    view = api_view(page, server_url, table, token)
    _wait_for_board(page, view["index"])
    expect(page).to_have_title("▶ Your move — Kalah")
    # Every sowing is on the board: the hint shows, the buttons are folded away.
    hint = page.locator("#move-hint")
    expect(hint).to_be_visible()
    expect(page.locator("#actions button.on-board")).to_have_count(len(view["actions"]))
    expect(page.locator("#actions button").first).not_to_be_visible()
    # The keyboard's way: open the list, and it stays open on the next visit.
    toggle = page.locator("#move-list-toggle")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#actions button").first).to_be_visible()
    page.reload()
    _wait_for_board(page, view["index"])
    expect(page.locator("#actions button").first).to_be_visible()
    toggle.click()
    expect(page.locator("#actions button").first).not_to_be_visible()
    # The text picture is one click away, for whoever wants it.
    expect(page.locator("#picture")).not_to_be_visible()
    page.locator("#text-view summary").click()
    expect(page.locator("#picture")).to_contain_text("South")
    # A move on the board: the pit is sown, and the tab no longer says it is my move.
    page.locator("#board svg circle.legal").first.click()
    expect(page.locator("#index")).not_to_have_text(str(view["index"]))
    assert page.errors == []  # type: ignore[attr-defined]


ON_BOARD = """() => {
  const active = document.activeElement;
  const board = document.getElementById("board");
  return { inside: board.contains(active), action: active?.dataset?.action ?? null };
}"""


def _tab_to_a_board_move(page: Page) -> None:
    for _ in range(150):
        page.keyboard.press("Tab")
        focused = page.evaluate(ON_BOARD)
        if focused["inside"] and focused["action"]:
            return
    pytest.fail("no move on the board is reached with Tab")


FOCUS_CENTRE = """() => {
  const active = document.activeElement;
  const box = active.getBoundingClientRect();
  return { inside: document.getElementById("board").contains(active),
           x: box.x + box.width / 2, y: box.y + box.height / 2 };
}"""
ARROWS = {"ArrowRight": (1, 0), "ArrowLeft": (-1, 0), "ArrowDown": (0, 1), "ArrowUp": (0, -1)}


def test_the_arrow_keys_move_across_the_board_the_way_they_point(
    board_context: BrowserContext, server_url: str
) -> None:
    """Issue 38, defect 3: on Touch down's field in a set-up (a square per legal place of
    the counter picked, six or more),
    each arrow moves the focus to a pressable thing that way on the screen, staying on
    the board, without Tabbing through every square between."""
    page = new_page(board_context)
    created = create_table(page, server_url, "touchdown", ["human", "human"], seed=5)
    table = created["id"]
    tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
    view = api_view(page, server_url, table)
    for _ in range(60):  # through the toss and the set-up's first counters (the kicker: 1)
        seat = view["observation"]["current_player"]
        mine = api_view(page, server_url, table, tokens[seat])
        squares = [a for a in mine["actions"] if a["action"].startswith("to:")]
        if len(squares) >= 6:
            break
        page.request.post(
            f"{server_url}/api/tables/{table}/actions?token={tokens[seat]}",
            data={"index": mine["index"], "action": mine["actions"][0]["action"]},
        )
        view = api_view(page, server_url, table)
    else:
        pytest.fail("no counter with six squares to choose from came")
    page.goto(f"{server_url}/tables/{table}#token={tokens[seat]}")
    _wait_for_board(page, view["index"])
    page.locator('#board [data-action^="to:"]').first.focus()  # one of his legal squares
    moved = 0
    for key, (dx, dy) in ARROWS.items():
        before = page.evaluate(FOCUS_CENTRE)
        page.keyboard.press(key)
        after = page.evaluate(FOCUS_CENTRE)
        assert after["inside"], f"{key} took the focus off the board"
        ahead = (after["x"] - before["x"]) * dx + (after["y"] - before["y"]) * dy
        if (after["x"], after["y"]) != (before["x"], before["y"]):
            moved += 1
            assert ahead > 0, f"{key} moved the focus the other way"
    assert moved >= 2, "the arrows hardly moved the focus"
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", sorted(SEATS))
def test_a_move_is_made_on_the_board_with_the_keyboard_and_the_focus_stays_there(
    board_context: BrowserContext, server_url: str, game: str
) -> None:
    """Issue 38, defect 3: Tab reaches a move on the board itself, Enter makes it, and the
    redrawn board keeps the focus (it does not fall to the page's body)."""
    page = new_page(board_context)
    kinds = ["human"] * SEATS[game]
    created = create_table(page, server_url, game, kinds, OPTIONS.get(game), seed=5)
    table = created["id"]
    tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
    seat = api_view(page, server_url, table)["observation"]["current_player"]
    page.goto(f"{server_url}/tables/{table}#token={tokens[seat]}")
    index = api_view(page, server_url, table, tokens[seat])["index"]
    _wait_for_board(page, index)
    _tab_to_a_board_move(page)
    page.keyboard.press("Enter")
    _wait_for_board(page, index + 1)
    assert page.evaluate(ON_BOARD)["inside"], "the focus fell off the board"
    assert page.errors == []  # type: ignore[attr-defined]
