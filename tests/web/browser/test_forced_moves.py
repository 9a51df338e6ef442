"""Fewer clicks (issue 38): a person's only legal move is played for them, after a pause and
with a note saying so, unless they turn it off ("play my only move for me", on by default).
A regular Toinc game asks a side about 1,050 decisions, 220 of them with one choice."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.patience import PATIENCE, eventually
from tests.web.browser.fixtures import MOVE_LIST, api_view, create_table, new_page

PRACTICE = {"length": "practice", "practice_turns": 1}


def _my_turn(page: Page, server_url: str, table: str, token: str) -> dict[str, Any]:
    """Seat 0's view once it is seat 0's move (or the game is over), drawn on the page."""

    def mine() -> dict[str, Any] | None:
        view = api_view(page, server_url, table, token)
        obs = view["observation"]
        drawn = page.locator(f'#board[data-drawn="{view["index"]}"]').count()
        return view if drawn and (obs["terminal"] or obs["current_player"] == 0) else None

    return eventually(mine, "seat 0's turn")


@contextmanager
def _toinc_practice(browser: Browser, server_url: str) -> Iterator[tuple[Page, str, str]]:
    """A fresh browser (forced moves at their default) at seat 0 of a Toinc practice game
    against the computer, its list of moves open: the page, the table and the seat's token."""
    context = browser.new_context(reduced_motion="reduce")
    context.add_init_script(f"localStorage.setItem({MOVE_LIST!r}, 'open')")
    try:
        page = new_page(context)
        made = create_table(page, server_url, "toinc", ["human", "heuristic"], PRACTICE, seed=4)
        table, token = made["id"], made["seats"][0]["token"]
        page.goto(f"{server_url}/tables/{table}#token={token}")
        yield page, table, token
    finally:
        context.close()


def _press(page: Page, view: dict[str, Any], action: str) -> None:
    """Click `action` in the list of moves and wait for the position after it."""
    page.locator(f'#actions button[data-action="{action}"]').click()
    expect(page.locator("#index")).not_to_have_text(str(view["index"]))


def test_the_only_move_is_played_for_the_person_and_the_rest_are_theirs(
    browser: Browser, server_url: str
) -> None:
    """A Toinc practice game against the computer: every position where the person has one
    move goes on without a click, the note naming it; every other waits for their click."""
    with _toinc_practice(browser, server_url) as (page, table, token):  # the default: on
        expect(page.locator("#forced")).to_be_checked()
        forced = clicked = 0
        view = _my_turn(page, server_url, table, token)
        while not view["observation"]["terminal"]:
            actions = [a["action"] for a in view["actions"]]
            if len(actions) == 1:
                forced += 1
                deadline = time.monotonic() + PATIENCE
                while api_view(page, server_url, table, token)["index"] == view["index"]:
                    assert time.monotonic() < deadline, f"{actions[0]} was not played for them"
                    time.sleep(0.05)
                expect(page.locator("#help-line")).to_contain_text("played for you")
            else:
                clicked += 1
                _press(page, view, actions[-1])
            view = _my_turn(page, server_url, table, token)
        assert forced >= 1 and clicked >= 1, (forced, clicked)
        assert page.errors == []  # type: ignore[attr-defined]


def test_turned_off_the_only_move_waits_for_the_persons_click(
    browser: Browser, server_url: str
) -> None:
    """Unchecked (and remembered by this browser), a position with one move stays until
    the person presses it."""
    with _toinc_practice(browser, server_url) as (page, table, token):
        page.locator("#forced").uncheck()
        page.reload()
        expect(page.locator("#forced")).not_to_be_checked()
        view = _my_turn(page, server_url, table, token)
        while len(view["actions"]) != 1:
            assert not view["observation"]["terminal"], "no position with one move came"
            _press(page, view, view["actions"][-1]["action"])
            view = _my_turn(page, server_url, table, token)
        page.wait_for_timeout(1500)  # twice the pause before a move played for the person
        assert api_view(page, server_url, table, token)["index"] == view["index"]
        _press(page, view, view["actions"][0]["action"])
        assert page.errors == []  # type: ignore[attr-defined]
