"""Touch down's SVG board in a real browser: a whole match against the computer played by
clicking the board, and a board click sending exactly its action (issue 8, *Playing*).

The test decides what to click from the seat's own view (the API, with its token) and then
clicks the page: the counter, square or button that carries that action (`data-action`).
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from ludoteca.games.touchdown import movement
from ludoteca.games.touchdown.state import TouchdownState
from tests.games.touchdown.helpers import open_move, situation
from tests.patience import PATIENCE
from tests.web.browser.fixtures import clicks_every_move
from tests.web.browser.overlaps import overlaps
from tests.web.helpers import short_options

TOSS_SEED = 7  # Yellow (seat 0) wins the toss (*Il calcio d'inizio*) and chooses


def _create(
    page: Page, server_url: str, seed: int, options: dict[str, Any] | None = None
) -> tuple[str, str]:
    """A table (default: a practice match of 1-minute quarters), seat 0 human and seat 1 the
    heuristic computer: (table id, token)."""
    response = page.request.post(
        server_url + "/api/tables",
        data={
            "game": "touchdown",
            "options": short_options("touchdown") if options is None else options,
            "seed": seed,
            "seats": [{"kind": "human"}, {"kind": "agent", "agent": "heuristic"}],
        },
    )
    assert response.status == 201, response.text()
    created: dict[str, Any] = response.json()
    return created["id"], created["seats"][0]["token"]


# The page (status line and board) shows a move number other than `old` and seat 0's turn or
# the end of the game: returns that move number.
SEAT_0_TURN = """old => {
  const index = document.getElementById("index").textContent;
  const turn = document.getElementById("turn").textContent;
  const board = document.querySelector("#board svg");
  const busy = document.getElementById("board").hasAttribute("aria-busy");
  const ready = !busy && index !== "" && index !== String(old) && board?.dataset.index === index &&
    (turn.includes("Yellow to act") || turn.includes("game over"));
  return ready ? index : false;  // a string: move 0 is truthy too
}"""


def _my_turn(page: Page, server_url: str, table: str, token: str, old: int) -> dict[str, Any]:
    """Seat 0's view once the page moved past move `old` to seat 0's turn or the end (and
    no shortcut of the page is still sending its moves)."""
    shown = page.wait_for_function(SEAT_0_TURN, arg=old, polling=20).json_value()
    response = page.request.get(f"{server_url}/api/tables/{table}/view?token={token}")
    view: dict[str, Any] = response.json()
    assert view["agent_error"] is None, view["agent_error"]
    assert str(view["index"]) == shown, "the page shows the seat's latest view"
    return view


def _board_mismatch(page: Page, legal: list[str]) -> str:
    """What the board offers beyond `legal`, or lacks of it ('' when exactly `legal`)."""
    offered = page.locator("#board [data-action]").evaluate_all(
        "els => els.map(e => e.dataset.action)"
    )
    several = page.locator("#board g.clickable[data-player]:not([data-action])").evaluate_all(
        "els => els.map(e => e.dataset.player)"
    )
    extra = set(offered) - set(legal)
    missing = [a for a in legal if a not in offered and a.partition(":")[2] not in several]
    return f"not legal: {sorted(extra)}; no board element for {missing}" if extra or missing else ""


def _assert_board_offers_exactly(page: Page, legal: list[str]) -> None:
    """The board's clickable things are the legal actions, all of them and nothing else (a
    counter with several actions offers them as buttons once clicked). The board repaints
    once a frame, so a paint still pending for this position is waited for."""
    deadline = time.monotonic() + PATIENCE
    while (mismatch := _board_mismatch(page, legal)) and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert not mismatch, mismatch


def test_a_board_click_sends_exactly_its_action(page: Page, server_url: str) -> None:
    """The toss button, a bench counter and a highlighted square each send their own action:
    the move counter advances by one and the log shows it (*Schieramento*)."""
    table, token = _create(page, server_url, TOSS_SEED)
    page.goto(f"{server_url}/tables/{table}#token={token}")
    expect(page.locator("#index")).to_have_text("0")
    page.locator('#board [data-action="receive"]').click()
    expect(page.locator("#events li").nth(1)).to_have_text("Yellow choose to receive")
    view = _my_turn(page, server_url, table, token, 1)
    assert view["observation"]["phase"] == "setup"
    index = view["index"]
    bench = page.locator('#board [data-bench="Yellow"] g.clickable[data-action^="pick:"]').first
    pick = bench.get_attribute("data-action")
    assert pick is not None
    player = pick.split(":")[1]
    bench.click()
    expect(page.locator("#index")).to_have_text(str(index + 1))
    named = f"{'Yellow' if player[0] == 'Y' else 'White'} {player[1:]}"  # never the id
    expect(page.locator("#board [data-hint]")).to_have_text(
        f"Click a highlighted square for {named}."
    )
    square = page.locator("#board rect[data-target]").first
    move = square.get_attribute("data-action")
    assert move is not None and move.startswith("to:")
    square.click()
    expect(page.locator("#index")).to_have_text(str(index + 2))
    expect(page.locator("#events li").last).to_have_text(f"{named} set up on {move[3:]}")
    placed = page.locator(f'#board [data-player="{player}"]')
    expect(placed).to_have_count(1)
    assert re.fullmatch(r"[a-m]\d+", move[3:])
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_spectator_sees_the_same_public_board_with_nothing_to_click(
    page: Page, server_url: str
) -> None:
    """Touch down has no hidden information (*every counter is on the table*): the spectator's
    board shows the same counters on the same squares as the seat's, and offers no action."""
    table, token = _create(page, server_url, TOSS_SEED)
    page.goto(f"{server_url}/tables/{table}#token={token}")
    page.locator('#board [data-action="kick"]').click()
    view = _my_turn(page, server_url, table, token, 0)  # the kicking team sets up first
    page.locator('#board [data-bench="Yellow"] g.clickable[data-action^="pick:"]').first.click()
    page.locator("#board rect[data-target]").first.click()
    index = str(view["index"] + 2)
    expect(page.locator("#board svg")).to_have_attribute("data-index", index)
    watcher = page.context.new_page()
    errors: list[str] = []
    watcher.on("pageerror", lambda error: errors.append(str(error)))
    watcher.goto(f"{server_url}/tables/{table}")
    expect(watcher.locator("#board svg")).to_have_attribute("data-index", index)
    expect(watcher.locator("#board [data-hint]")).to_have_text("Watching.")
    expect(watcher.locator("#board [data-action]")).to_have_count(0)
    where = "els => els.map(e => [e.dataset.player, e.querySelector('rect').getAttribute('x'), "
    where += "e.querySelector('rect').getAttribute('y')].join(' '))"
    seat_counters = page.locator("#board g[data-player]").evaluate_all(where)
    assert len(seat_counters) == 72  # both squads: one on the field, the rest on the benches
    assert watcher.locator("#board g[data-player]").evaluate_all(where) == seat_counters
    assert page.errors == [] and errors == []  # type: ignore[attr-defined]


# Draws `view` with the board module itself into a fresh container of the page.
DRAW_VIEW = """async view => {
  const board = await import("/boards/touchdown/board.js");
  const box = document.createElement("div");
  box.id = "drawn";
  document.body.append(box);
  board.draw(box, view, () => {});
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
}"""


def _draw_state(page: Page, server_url: str, state: TouchdownState, seat: int) -> None:
    """Draw the board of an engine state (a scripted situation) in the page, as `seat`."""
    observation = state.observation(seat)
    view = {
        "index": len(state.history),
        "seat": seat,
        "observation": observation,
        "layout": state.game.board_layout(),
        "board": "/boards/touchdown/board.js",
        "actions": [
            {"action": a, "label": state.game.describe_action(observation, a)}
            for a in observation["legal_actions"]
        ],
    }
    page.goto(f"{server_url}/")
    page.evaluate(DRAW_VIEW, view)


def _scrimmage_x(page: Page) -> float:
    line = page.locator("#drawn line").filter(has=page.locator("title", has_text="scrimmage"))
    return float(line.get_attribute("x1") or "nan")


def test_the_status_line_scrimmage_and_last_flag_come_from_the_observation(
    page: Page, server_url: str
) -> None:
    """*Le azioni*: the status line tells the movement phase and the allowance (`mphase`,
    `allow`); after a fumble taken by the defence (*Fumble*) the line of scrimmage stays on
    the side of the team that started the action (`offence`); the LAST flag is `last`."""
    players = {"W95": "g11", "Y21": "g10", "W40": "b25", "Y20": "c5"}
    s = situation(players, carrier="Y21", dice=[5, 5])  # Difensore +1, 5: A; fumble 5
    open_move(s, 1, 1)
    status = page.locator("#drawn [data-status]")
    _draw_state(page, server_url, s, 1)
    expect(status).to_have_text("phase 7: White moves up to 1 square")
    before = _scrimmage_x(page)
    s.apply("pick:W95")
    s.apply("to:g10")  # the tackle: W95 takes the ball (d6 5)
    assert (s.possession, s.play_offence, s.phase) == (1, 0, "move")
    s.last = False
    _draw_state(page, server_url, s, 1)
    expect(page.locator("#drawn [data-scoreboard]")).to_contain_text("White ball")
    assert _scrimmage_x(page) == before, "the line of scrimmage stays Yellow's"
    expect(page.locator("#drawn [data-last]")).to_have_count(0)
    s.last = True
    movement.open_phase(s, 6, 0, 2, True)
    s._legal = None
    _draw_state(page, server_url, s, 0)
    expect(status).to_have_text("phase 6: Yellow moves up to 2 squares")
    expect(page.locator("#drawn [data-last]")).to_contain_text("LAST")
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize(("locale", "width"), [("it-IT", 1280), ("it-IT", 390), ("pt-BR", 1280)])
def test_the_italian_scoreboard_has_no_overlapping_words(
    browser: Browser, server_url: str, locale: str, width: int
) -> None:
    """Issue 38, defect 2: the longest Italian situation (a 2-point conversion turned over:
    "palla ai Bianchi", a movement phase with its allowance) fits the scoreboard at desktop
    and phone widths: no two of its texts cross and none leaves it."""
    context = clicks_every_move(
        browser.new_context(viewport={"width": width, "height": 900}, locale=locale)
    )
    page = context.new_page()
    players = {"W95": "g11", "Y21": "g10", "W40": "b25", "Y20": "c5"}
    s = situation(players, carrier="Y21", dice=[5, 5])
    open_move(s, 1, 1)
    s.apply("pick:W95")
    s.apply("to:g10")  # White take the ball: "palla ai Bianchi" beside Yellow's action
    s.kind = "conv2"  # the longest action's name: "trasformazione da 2 punti"
    s.score = [12, 12]  # two digits beside "AMARELOS ←" (pt-BR)
    _draw_state(page, server_url, s, 1)
    ball = "palla ai Bianchi" if locale == "it-IT" else "bola dos Brancos"
    expect(page.locator("#drawn [data-scoreboard]")).to_contain_text(ball)
    assert overlaps(page, "#drawn [data-scoreboard]") == []
    context.close()
