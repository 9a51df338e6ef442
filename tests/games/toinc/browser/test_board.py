"""Toinc's SVG board in a real browser (issue 8, "Playing" and "Tests and figures").

A table against the computer is played to the end by clicking the board: cards in hand,
outcome (*desfecho*) cards, table cards and the buttons drawn on the board. The page must
never hold a hidden card of the other seat (issue 8, "Trust").
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.browser.fixtures import clicks_every_move, create_table, screenshot
from tests.web.browser.overlaps import overlaps
from tests.web.helpers import TOKEN_PATTERN, short_options, states_along

GAME_OVER = re.compile(r"game over")
POLL = 20  # ms between checks (not animation frames: a page behind another gets few)
MOVE_LIMIT = 400  # a short practice game takes about 60 moves of seat 0
# Which kind of move the test prefers: plays and their cards first, so the table fills up.
PREFERENCE = ("outcome", "target", "leader", "play", "bonus", "contest", "discard", "confirm",
              "accept", "decline", "extra", "hide", "guess", "kick", "keep", "done", "pass",
              "swap", "substitute")  # fmt: skip


def _choose(actions: list[str], rng: random.Random) -> str:
    """A random action of the most preferred kind present."""
    rank = {verb: i for i, verb in enumerate(PREFERENCE)}

    def kind(action: str) -> int:
        return rank.get(action.split(":")[0], len(rank))

    best = min(kind(a) for a in actions)
    return rng.choice(sorted(a for a in set(actions) if kind(a) == best))


def _create(page: Page, server_url: str, seed: int) -> tuple[str, str]:
    """A short toinc table: seat 0 a person (this page), seat 1 the random agent."""
    body = {
        "game": "toinc",
        "options": short_options("toinc"),
        "seats": [{"kind": "human"}, {"kind": "agent", "agent": "random"}],
        "seed": seed,
    }
    response = page.request.post(server_url + "/api/tables", data=body)
    assert response.status == 201, response.text()
    created: dict[str, Any] = response.json()
    token = created["seats"][0]["token"]
    page.goto(f"{server_url}/tables/{created['id']}#token={token}")
    return created["id"], token


def _settle(page: Page) -> tuple[int, bool]:
    """Wait until the board shows the latest view and seat 0 may act or the game is over;
    returns (move index, game over)."""
    page.wait_for_function(
        """() => {
          const index = document.getElementById("index").textContent;
          const board = document.querySelector("#board svg");
          if (!board || board.dataset.index !== index) return false;
          if (/game over/.test(document.getElementById("turn").textContent)) return true;
          return document.querySelectorAll("#actions button:not([disabled])").length > 0;
        }""",
        polling=POLL,
    )
    index = int(page.locator("#index").inner_text())
    return index, bool(GAME_OVER.search(page.locator("#turn").inner_text()))


def _click(page: Page, selector: str, index: int) -> None:
    """Click `selector` and wait for the move counter to pass `index`."""
    page.locator(selector).click()
    page.wait_for_function(
        "(before) => Number(document.getElementById('index').textContent) > before",
        arg=index,
        polling=POLL,
    )


def _board_actions(page: Page) -> list[str]:
    found: list[str] = page.eval_on_selector_all(
        "#board [data-action]", "nodes => nodes.map(n => n.dataset.action)"
    )
    return found


def _list_actions(page: Page) -> list[str]:
    found: list[str] = page.eval_on_selector_all(
        "#actions button", "nodes => nodes.map(n => n.dataset.action)"
    )
    return found


def _play_to_the_end(
    page: Page, seed: int, watcher: Page | None = None
) -> tuple[list[tuple[int, str, str]], int, int]:
    """Click legal actions (on the board when it has them) until the game is over.

    Returns the page HTML at each of seat 0's decisions (with the `watcher` page's HTML at
    the same move, "" without one), and the clicks on the board and on the fallback list.
    """
    rng = random.Random(seed)
    snapshots: list[tuple[int, str, str]] = []
    on_board = on_list = 0
    pictured = False
    for _ in range(MOVE_LIMIT):
        index, over = _settle(page)
        watched = ""
        if watcher is not None:
            watcher.wait_for_function(
                "(index) => document.querySelector('#board svg')?.dataset.index === String(index)",
                arg=index,
                polling=POLL,
            )
            watched = watcher.content()
        snapshots.append((index, page.content(), watched))
        if over:
            assert pictured, "no screenshot with cards on the table"
            return snapshots, on_board, on_list
        board, listed = _board_actions(page), _list_actions(page)
        assert set(board) <= set(listed), "the board offers only legal actions"
        if not pictured and page.locator('#board [data-where="table"]').count() >= 2:
            screenshot(page, "toinc")  # mid-game, with cards on the table
            pictured = True
        if board:
            action = _choose(board, rng)
            _click(page, f'#board [data-action="{action}"]', index)
            on_board += 1
        else:
            action = _choose(listed, rng)
            _click(page, f'#actions button[data-action="{action}"]', index)
            on_list += 1
    raise AssertionError(f"no end after {MOVE_LIMIT} moves of seat 0")


def test_toinc_played_to_the_end_by_clicking_the_board(page: Page, server_url: str) -> None:
    """Issue 8: a table against the computer played to the end by clicks on the SVG board;
    the final score and "game over" are shown, with no JavaScript error."""
    table, _token = _create(page, server_url, seed=11)
    snapshots, on_board, on_list = _play_to_the_end(page, seed=11)
    final = page.request.get(f"{server_url}/api/tables/{table}/view").json()["observation"]
    assert final["terminal"]
    expect(page.locator("#turn")).to_contain_text("game over")
    scores = [int(s) for s in final["scores"]]
    expect(page.locator("#score")).to_have_text(f"score {scores[0]} – {scores[1]}")
    for seat in (0, 1):
        shown = page.locator(f'#board [data-score-seat="{seat}"]').text_content()
        assert shown == str(scores[seat])
    expect(page.locator("#board .board-toinc-clock")).to_contain_text("final")
    assert on_board > 10 and on_list == 0, (on_board, on_list)
    assert len(snapshots) > 10
    assert page.errors == []  # type: ignore[attr-defined]


def _until_a_card_is_clickable(page: Page) -> tuple[int, list[str]]:
    """Click the first board action until a card may be clicked; its index and card actions."""
    for _ in range(60):
        index, over = _settle(page)
        assert not over
        cards: list[str] = page.eval_on_selector_all(
            "#board .board-toinc-card[data-action]", "nodes => nodes.map(n => n.dataset.action)"
        )
        if cards:
            return index, cards
        _click(page, f'#board [data-action="{_board_actions(page)[0]}"]', index)
    raise AssertionError("no card to click")


def test_clicking_the_board_sends_exactly_that_action(page: Page, server_url: str) -> None:
    """Preparação 4 and fase 1: the hand buttons and a card send their own action; the move
    counter advances and the log shows the move."""
    table, token = _create(page, server_url, seed=5)
    index, _ = _settle(page)
    assert _board_actions(page) == ["hide:left", "hide:right"]
    _click(page, '#board [data-action="hide:right"]', index)
    expect(page.locator("#events")).to_contain_text("You hide the marker in your right hand")
    index, cards = _until_a_card_is_clickable(page)
    action = cards[0]
    verb, _, card = action.partition(":")
    before = page.request.get(f"{server_url}/api/tables/{table}/view?token={token}").json()
    assert card in before["observation"]["hand"]
    _click(page, f'#board .board-toinc-card[data-action="{action}"]', index)
    expect(page.locator("#index")).not_to_have_text(str(index))
    after = page.request.get(f"{server_url}/api/tables/{table}/view?token={token}").json()
    assert card not in after["observation"]["hand"], f"{action} moved {card} out of the hand"
    assert after["index"] > index
    label = before["observation"]["faces"][card]
    expect(page.locator("#events")).to_contain_text(
        {"discard": "You discard", "swap": "You replace", "substitute": "You replace"}.get(
            verb, label.get("position", label["name"])
        )
    )
    assert page.errors == []  # type: ignore[attr-defined]


def test_page_never_holds_the_other_seats_hidden_cards(page: Page, server_url: str) -> None:
    """Issue 8, "Trust": at every decision of a whole game the page's HTML holds no card id
    hidden from seat 0 (the opponent's hand, the draw piles), and the opponent's hand is
    drawn as exactly as many card backs as it holds; a spectator's page, watching the same
    moves, holds no card of either hand and draws both as backs."""
    table, _token = _create(page, server_url, seed=23)
    spectator = page.context.new_page()
    spectator_errors: list[str] = []
    spectator.on("pageerror", lambda error: spectator_errors.append(str(error)))
    spectator.goto(f"{server_url}/tables/{table}")
    page.bring_to_front()
    snapshots, _, _ = _play_to_the_end(page, seed=23, watcher=spectator)
    replay = page.request.get(f"{server_url}/api/tables/{table}/replay").json()
    states = states_along(replay)
    checked = 0
    for index, html, watched in snapshots:
        state = states[index]
        assert not state.secrets(0) & set(TOKEN_PATTERN.findall(html)), f"move {index}"
        assert not state.secrets(None) & set(TOKEN_PATTERN.findall(watched)), f"move {index}"
        hands = state.hand  # type: ignore[attr-defined]
        if hands[1] and not state.is_terminal:
            checked += 1
            assert html.count('class="board-toinc-back"') == len(hands[1])
            assert not any(f'data-card="{card}"' in html for card in hands[1])
            backs = watched.count('class="board-toinc-back"')
            assert backs == len(hands[0]) + len(hands[1])
            assert not any(f'data-card="{card}"' in watched for card in hands[0] + hands[1])
    assert checked > 5
    assert page.errors == [] and spectator_errors == []  # type: ignore[attr-defined]


def test_a_card_with_several_actions_gets_a_tab_for_each(page: Page, server_url: str) -> None:
    """Fases 4 and 7: a hand card may be both a bonus contester and a bonus player
    (`contest:<id>`, `bonus:<id>`): the board draws one tab per action under the card, and
    each tab, like each board button, sends its own action. Drawn from a real view of the
    seat with those actions put in, into a probe element, with the moves recorded."""
    table, token = _create(page, server_url, seed=5)
    _settle(page)
    _click(page, '#board [data-action="hide:left"]', 0)
    _until_a_card_is_clickable(page)
    view = page.request.get(f"{server_url}/api/tables/{table}/view?token={token}").json()
    card = view["observation"]["hand"][0]
    view["actions"] = [
        {"action": f"contest:{card}", "label": "contest with it"},
        {"action": f"bonus:{card}", "label": "bonus player"},
        {"action": "confirm", "label": "confirm"},
    ]
    sent = page.evaluate(
        """async (view) => {
          const board = await import("/boards/toinc/board.js");
          const probe = document.createElement("div");
          document.body.append(probe);
          const sent = [];
          board.draw(probe, view, (_view, action) => sent.push(action));
          const card = probe.querySelector(`[data-card="${view.observation.hand[0]}"]`);
          if (card.hasAttribute("data-action")) return ["the card itself is clickable"];
          for (const tab of probe.querySelectorAll(".board-toinc-tab")) {
            tab.dispatchEvent(new MouseEvent("click", { bubbles: true }));
          }
          probe.querySelector('[data-action="confirm"]')
            .dispatchEvent(new MouseEvent("click", { bubbles: true }));
          probe.remove();
          return sent;
        }""",
        view,
    )
    assert sent == [f"contest:{card}", f"bonus:{card}", "confirm"]
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_board_names_the_sides_as_the_page_does(page: Page, server_url: str) -> None:
    """Issue 19: the board says Blue and Orange (the game's `seat_names`), as the status,
    the seat list and the result do, not "Seat 0"."""
    created = create_table(page, server_url, "toinc", ["human", "random"])
    page.goto(f"{server_url}/tables/{created['id']}#token={created['seats'][0]['token']}")
    board = page.locator("#board svg").first
    expect(board).to_contain_text("Blue (you)")
    expect(board).to_contain_text("Orange")
    assert "Seat 0" not in board.inner_html() and "SEAT 1" not in board.inner_html()


def test_the_board_has_no_overlapping_words_in_italian_and_on_a_phone(
    browser: Browser, server_url: str
) -> None:
    """Issue 38, defect 2: after a play's *desfecho*, the Italian board (desktop and phone)
    and the Portuguese one on a phone keep every text apart: the "Esito (desfecho):" heading
    before its lines, the tags under the card faces, the headline's yard line whole."""
    maker = browser.new_context()
    page = maker.new_page()
    created = create_table(page, server_url, "toinc", ["human", "heuristic"], {}, seed=5)
    table, token = created["id"], created["seats"][0]["token"]
    rng = random.Random(1)
    for _ in range(60):
        view = page.request.get(f"{server_url}/api/tables/{table}/view?token={token}").json()
        if any("wins the play" in line for line in view["observation"]["events"]):
            break
        if view["actions"]:
            action = rng.choice(view["actions"])["action"]
            page.request.post(
                f"{server_url}/api/tables/{table}/actions?token={token}",
                data={"index": view["index"], "action": action},
            )
        page.wait_for_timeout(50)
    else:
        pytest.fail("no play was won in 60 moves")
    maker.close()
    for locale, width in (("it-IT", 1280), ("it-IT", 390), ("pt-BR", 390)):
        context = clicks_every_move(
            browser.new_context(viewport={"width": width, "height": 900}, locale=locale)
        )
        reader = context.new_page()
        reader.goto(f"{server_url}/tables/{table}#token={token}")
        expect(reader.locator(".board-toinc-desfecho")).to_be_visible()
        assert overlaps(reader, "#board svg") == [], (locale, width)
        context.close()
