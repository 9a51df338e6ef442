"""Toxicity 101's SVG board in a real browser (issue #8, *Playing*; *Tests and figures*).

A table against two computer seats is played to the end by clicking the board: squares to
place a drawn card or move, item cards then their target, the buttons under the board to
end a turn; the generic action list only when an action has no board element.
"""

from __future__ import annotations

import random
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page, expect

from ludoteca import games
from ludoteca.games.toxicity import items
from ludoteca.games.toxicity.geometry import DIRECTIONS
from tests.patience import PATIENCE
from tests.web.browser.fixtures import api_view, screenshot
from tests.web.helpers import short_options, states_along

# Card ids (`item-knife-1#r2`) as they appear in the page; ':' splits action strings.
CARD_TOKEN = re.compile(r"[A-Za-z0-9_.#+-]+")
EAST_FIRST = ("escape", "run:E", "walk:E", "walk:NE", "walk:SE", "run:N", "run:S")
SCREENSHOT_SQUARES = 28  # the screenshot waits for a board this far out of the fog
PAWNS = ("blue", "red", "yellow", "green")
SQUARE = re.compile(r"^[a-l][1-8]$")


@dataclass
class Played:
    """What a game played by clicking left behind."""

    table: str
    token: str
    clicks: dict[str, int] = field(default_factory=lambda: {"board": 0, "list": 0})
    heads: Counter[str] = field(default_factory=Counter)  # kinds of actions clicked
    wrong: list[tuple[str, str]] = field(default_factory=list)  # (clicked, sent) that differ
    pages: list[tuple[int, str]] = field(default_factory=list)  # (move index, page HTML)
    final_turn: str = ""
    names: list[str] = field(default_factory=list)  # the seats' names at the end
    final_score: str = ""
    board_turn: str = ""
    replay: dict[str, Any] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)


def create_table(page: Page, server_url: str, seed: int) -> tuple[str, str]:
    """A table of three: seat 0 human (this page), seats 1 and 2 the random agent."""
    seats = [{"kind": "human"}, {"kind": "agent", "agent": "random"}]
    seats.append({"kind": "agent", "agent": "random"})
    body = {"game": "toxicity", "options": short_options("toxicity"), "seats": seats, "seed": seed}
    response = page.request.post(server_url + "/api/tables", data=body)
    assert response.status == 201, response.text()
    created = response.json()
    return created["id"], created["seats"][0]["token"]


def choose(actions: list[str]) -> str:
    """The test's player: escape, head east, use an item on a square or a pawn, place the
    first drawn card, end the turn."""
    for wanted in EAST_FIRST:
        if wanted in actions:
            return wanted
    for action in actions:
        parts = action.split(":")
        if parts[0] == "item" and len(parts) == 3 and (parts[2] in PAWNS or SQUARE.match(parts[2])):
            return action
    for action in actions:
        if action.startswith("place:"):
            return action
    return "done" if "done" in actions else "end"


def click(page: Page, action: str) -> str:
    """Click `action` on the board (its square, its card then its target, or its button
    under the board); the generic action list only if the board has no element for it."""
    board = page.locator("#board")
    direct = board.locator(f'[data-action="{action}"]')
    if direct.count():
        direct.first.click()
        return "board"
    head, _, rest = action.partition(":")
    if head in ("item", "ability", "swap"):
        source = board.locator(f'[data-source="{head}:{rest.split(":")[0]}"]')
        if source.count():
            source.first.click()
            target = board.locator(f'[data-action="{action}"]')
            target.first.click()
            return "board"
    page.locator(f'#actions button[data-action="{action}"]').click()
    return "list"


def snapshot(page: Page) -> tuple[int, str, list[str], bool, int]:
    """(move index, page HTML, legal actions offered, game over, squares out of the fog)."""
    index, html, actions, over, clear = page.evaluate(
        """() => [document.getElementById('index').textContent,
                  document.documentElement.outerHTML,
                  [...document.querySelectorAll('#actions button[data-action]')]
                    .map((b) => b.dataset.action),
                  !document.getElementById('finished').hidden,
                  document.querySelectorAll('#board [data-square]:not([data-token=fog])').length]"""
    )
    return int(index or -1), html, actions, over, clear


def play_to_the_end(page: Page, server_url: str, seed: int) -> Played:
    """Play seat 0 by clicking until the game is over; keep each page seen on our turn."""
    deadline = time.monotonic() + PATIENCE
    table, token = create_table(page, server_url, seed)
    played = Played(table, token)
    page.goto(f"{server_url}/tables/{table}#token={token}")
    expect(page.locator("#board svg")).to_be_visible()
    shot = False
    while True:
        assert time.monotonic() < deadline, "the game never ended"
        index, html, actions, over, clear = snapshot(page)
        if over:
            played.pages.append((index, html))
            break
        if not actions or page.locator("#board svg").count() == 0:
            page.wait_for_timeout(20)
            continue
        played.pages.append((index, html))
        if not shot and clear >= SCREENSHOT_SQUARES:
            screenshot(page, "toxicity")
            shot = True
        action = choose(actions)
        with page.expect_request(lambda r: r.method == "POST" and "/actions" in r.url) as sent:
            played.clicks[click(page, action)] += 1
        played.heads[action.split(":")[0]] += 1
        body = sent.value.post_data_json
        if body != {"index": index, "action": action}:
            played.wrong.append((action, str(body)))
        expect(page.locator("#index")).not_to_have_text(str(index))
    played.final_turn = page.locator("#turn").inner_text()
    played.final_score = page.locator("#score").inner_text()
    played.board_turn = page.locator("#board .board-toxicity-turn").inner_text()
    played.replay = page.request.get(f"{server_url}/api/tables/{table}/replay").json()
    played.names = api_view(page, server_url, table)["seat_names"]
    page.click("#replay-link")
    expect(page.locator("#board svg")).to_be_visible()  # the replay draws the same board
    if not shot:
        screenshot(page, "toxicity")
    played.errors = list(page.errors)  # type: ignore[attr-defined]
    return played


def test_a_game_against_the_computer_is_played_to_the_end_by_clicking(
    page: Page, server_url: str
) -> None:
    """Three rounds, one a seat (*Rotação de Personagens*), to game over, by clicking: the
    final score on the page is the replay's result; almost every move was a click on the
    board and each click posted exactly its action; no script error. On every page seen,
    nothing hidden from seat 0 at that move (face-down cards, the decks, the others'
    unseen items: *Fog of War*, *Itens*) appears in the HTML. (One test, so the game is
    played once per run.)"""
    played = play_to_the_end(page, server_url, seed=1)
    result = played.replay["result"]
    shown = " – ".join(f"{score:g}" for score in result["scores"])
    assert played.final_score == f"score {shown}"
    winner = result["winner"]
    assert played.final_turn == (
        "game over: a draw" if winner is None else f"game over: {played.names[winner]} wins"
    )
    assert played.board_turn == "the game is over"
    assert played.clicks["board"] > 10
    assert played.clicks["list"] <= played.clicks["board"] // 10
    assert played.wrong == []  # each click sent exactly the action clicked
    assert played.heads["place"] and played.heads["run"] and played.heads["end"]
    assert played.heads["item"]  # an item card, then its target (seed 1 gives one)
    assert played.errors == []
    states = states_along(played.replay)
    assert len(played.pages) > 10
    for index, html in played.pages:
        secret = states[index].secrets(0)
        assert secret, "a position with nothing hidden proves nothing"
        leaked = secret & set(CARD_TOKEN.findall(html))
        assert not leaked, f"move {index}: {sorted(leaked)[:5]}"


WATCH_STAMINA = """() => {
  window.blueStamina = [];
  new MutationObserver(() => {
    const row = document.querySelector('#board [data-stamina][data-colour="blue"]');
    if (row) window.blueStamina.push(row.dataset.stamina);
  }).observe(document.getElementById('board'), { childList: true, subtree: true });
}"""


def test_clicking_a_square_sends_exactly_that_move(page: Page, server_url: str) -> None:
    """*Movimentação*: clicking the highlighted square east of the blue pawn posts
    `walk:E` and nothing else; the move counter advances, the log tells the walk, the
    pawn is drawn on its new square and its stamina row shows the step's cost."""
    table, token = create_table(page, server_url, seed=7)  # seat 0 is blue on a2, round 1
    page.goto(f"{server_url}/tables/{table}#token={token}")
    square = page.locator('#board svg [data-action="walk:E"]')
    expect(square).to_have_count(1)
    expect(page.locator('#board [data-stamina][data-colour="blue"]')).to_have_attribute(
        "data-stamina", "3"
    )
    expect(page.locator('#board [data-pawn="blue"]')).to_have_attribute("data-at", "a2")
    before = int(page.locator("#index").inner_text())
    page.evaluate(WATCH_STAMINA)  # the walk's cost may be refilled by blue's next turn
    with page.expect_request(lambda r: r.method == "POST" and "/actions" in r.url) as sent:
        square.click()
    assert sent.value.post_data_json == {"index": before, "action": "walk:E"}
    expect(page.locator("#index")).not_to_have_text(str(before))
    assert int(page.locator("#index").inner_text()) > before
    expect(page.locator("#events")).to_contain_text("The blue pawn walks east to b2")
    expect(page.locator('#board [data-pawn="blue"]')).to_have_attribute("data-at", "b2")
    assert "2" in page.evaluate("window.blueStamina")  # *Stamina*: a walk costs 1 of 3
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_spectator_sees_the_board_with_nothing_to_click(page: Page, server_url: str) -> None:
    """A spectator gets the board from its own observation: the 96 squares, the fog
    (*Fog of War*), the pawns, and no clickable square, card or button."""
    table, _token = create_table(page, server_url, seed=7)
    page.goto(f"{server_url}/tables/{table}")
    expect(page.locator("#who")).to_contain_text("spectator")
    expect(page.locator('#board [data-pawn="blue"]')).to_be_visible()
    expect(page.locator("#board [data-square]")).to_have_count(96)
    assert page.locator("#board [data-token=fog]").count() > 0
    assert page.locator("#board [data-action], #board [data-source]").count() == 0
    assert page.errors == []  # type: ignore[attr-defined]


def _expected_square(state: Any, action: str) -> str | None:
    """Where the board should put `action`, worked out from the engine's own geometry."""
    geo, parts = state.geo, action.split(":")
    pawn = state.pawns[state.turn]
    here = pawn.square
    head, args = parts[0], parts[1:]
    if head == "place":
        return args[0]
    if head in ("walk", "run"):
        return str(geo.names[geo.step(here, DIRECTIONS[args[0]], 2 if head == "run" else 1)])
    if head == "swap":
        return args[1]
    if head == "ability":
        if args[0] == "dash":
            return str(geo.names[geo.step(here, DIRECTIONS[args[1]], 3)])
        return args[1] if len(args) > 1 else None
    if head != "item" or len(args) == 1:
        return None
    card, target = args[0], args[1]
    if target in geo.index_of:
        return target
    if target in PAWNS:
        return str(geo.names[state.pawns[state.pawn_by_colour(target)].square])
    if "bounce" in card:
        return str(geo.names[geo.step(here, DIRECTIONS[target], 2)])
    return str(geo.names[items.line(state, here, target, geo.columns)[-1]])  # the hook


def _sampled_views() -> list[tuple[Any, dict[str, Any]]]:
    """Positions of random games of 3, 4 and 5 seats, each with the view of the seat to act."""
    out = []
    for players in (3, 4, 5):
        game = games.load("toxicity", players=players)
        for seed in range(3):
            state, rng, moves = game.new_game(seed), random.Random(seed), 0
            while not state.is_terminal:
                if moves % 5 == 0:
                    obs = state.observation(state.current_player)
                    obs["events"] = []  # the board's mapping never reads the log
                    actions = [
                        {"action": a, "label": game.describe_action(obs, a)}
                        for a in obs["legal_actions"]
                    ]
                    out.append((state.clone(), {"observation": obs, "actions": actions}))
                state.apply(rng.choice(state.legal_actions()))
                moves += 1
    return out


def test_every_legal_action_has_its_place_on_the_board(page: Page, server_url: str) -> None:
    """The board module's own mapping, run in the browser over positions of random games:
    each legal action is offered exactly once; placements, walks, runs, dashes, column
    moves, swaps and targeted items sit on the square the rules send them to
    (*Movimentação*, *Gamemaster*, *Itens Ativos*, *Personagens e Habilidades*); only
    `end`, `done` and `escape` are plain buttons."""
    sampled = _sampled_views()
    layout = games.load("toxicity").board_layout()
    page.goto(server_url + "/")
    plans = page.evaluate(
        """async ([views, layout]) => {
             const module = await import('/boards/toxicity/actions.js');
             return views.map((view) => {
               const { squares, sources, buttons } = module.plan(view, layout);
               return { squares, sources, buttons };
             });
           }""",
        [[view for _, view in sampled], layout],
    )
    seen: Counter[str] = Counter()
    for (state, view), board in zip(sampled, plans, strict=True):
        offered = []
        for square, entries in board["squares"].items():
            for entry in entries:
                offered.append(entry["action"])
                assert square == _expected_square(state, entry["action"]), entry
        for source, entries in board["sources"].items():
            for entry in entries:
                action = entry["action"]
                offered.append(action)
                assert action == source or action.startswith(source + ":"), (source, action)
                assert entry["square"] == _expected_square(state, action), entry
        for entry in board["buttons"]:
            offered.append(entry["action"])
            assert entry["action"] in ("end", "done", "escape"), entry
        assert sorted(offered) == sorted(a["action"] for a in view["actions"])
        seen.update(action.split(":")[0] for action in offered)
    assert all(seen[head] for head in ("place", "walk", "run", "item", "ability", "swap"))
    assert page.errors == []  # type: ignore[attr-defined]
