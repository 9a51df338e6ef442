"""Issue 16, item 1: every game's replay draws the board of the step shown (Toinc's drew
the final board at every step and threw on each: its view had no `table`)."""

from __future__ import annotations

from importlib.metadata import entry_points

import pytest
from playwright.sync_api import Page, expect

from ludoteca import games
from tests.web.browser.fixtures import create_table, finished_view
from tests.web.helpers import short_options

DRAW_FRESH = """async ([table, step, game]) => {
  const get = async (path) => (await fetch(path)).json();
  const frame = await get(`/api/tables/${table}/frames/${step}`);
  const summary = (await get(`/api/tables/${table}/view`)).table;
  const obs = frame.observation;
  const view = { index: step, seat: null, observation: obs, actions: [], layout: frame.layout,
    board: frame.board, seat_names: frame.seat_names, players: frame.players, log: frame.log,
    table: { ...summary, index: step, current_player: obs.current_player,
             finished: obs.terminal, scores: obs.scores, winner: obs.winner } };
  const { drawBoard } = await import("/static/boards/index.js");
  const box = document.createElement("div");
  drawBoard(box, game, view, () => {});
  for (let tries = 0; tries < 100 && !box.innerHTML; tries++) {
    await new Promise((done) => setTimeout(done, 20));
  }
  return box.innerHTML;
}"""


def finished(page: Page, server_url: str, game: str) -> tuple[str, int]:
    """A short game of `game` between computer seats, played to its end: (id, moves)."""
    seats = ["random"] * games.load(game, **short_options(game)).num_seats
    created = create_table(page, server_url, game, seats, short_options(game), seed=5)
    view = finished_view(page, server_url, created["id"])
    return created["id"], int(view["index"])


def board_at(page: Page, step: int) -> str:
    """The replay page's board once it shows `step` (and has drawn it)."""
    expect(page.locator("#step-number")).to_have_text(str(step))
    expect(page.locator("#board svg").first).to_be_visible()
    # Some boards draw on the next animation frame (Touch down draws a burst once): let it.
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    indexed = page.locator("#board svg[data-index]")
    if indexed.count():
        expect(indexed.first).to_have_attribute("data-index", str(step))
    html: str = page.locator("#board").inner_html()
    return html


GAMES = tuple(sorted(point.name for point in entry_points(group=games.GROUP)))
"""Every game the server offers: the installed ones (the built-in games, the example
plugin kalah, any other plugin), not the ones this test process registers for itself."""


def test_every_served_game_is_checked_here(page: Page, server_url: str) -> None:
    """The games the replay test runs on are the ones the server serves."""
    served = page.request.get(f"{server_url}/api/games").json()["games"]
    assert sorted(g["name"] for g in served) == sorted(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_each_step_of_a_replay_draws_that_steps_board(
    page: Page, server_url: str, game: str
) -> None:
    """First, second, last but one and last steps: the board drawn is that step's (as a
    fresh drawing of the step's view), the first differs from the last, no script error."""
    table, moves = finished(page, server_url, game)
    page.goto(f"{server_url}/tables/{table}/replay")
    drawn: dict[int, str] = {moves: board_at(page, moves)}
    for button, step in (("#prev", moves - 1), ("#first", 0), ("#next", 1)):
        page.click(button)
        drawn[step] = board_at(page, step)
    for step, html in drawn.items():
        fresh = page.evaluate(DRAW_FRESH, [table, step, game])
        assert html == fresh, f"{game} step {step}: the board is not that step's"
    assert drawn[0] != drawn[moves]
    assert page.errors == []  # type: ignore[attr-defined]
