"""futebol in the browser (issue 8, "Playing"): a match against the computer created from
the lobby and played to the end by clicking the SVG pitch, and a penalty between two
people whose pick stays hidden from the keeper's side and spectators until both picked
(rulebook *Cobrança de pênalti*).
"""

from __future__ import annotations

import random
import re
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, WebSocket, expect

from tests.patience import PATIENCE
from tests.web.browser.fixtures import (
    api_view,
    create_table,
    listing_context,
    new_page,
    same_device,
    screenshot,
)

# Found by a search of seed 1 games: Blue's B4 steals diagonally in Blue's own penalty area,
# which gives Orange a penalty (*Robô diagonal* inside the *Área de penal*).
SIDES = ("Blue", "Orange")  # futebol's two seats by their pawns' colours
PENALTY_OPTIONS = {"mode": "goal-limit", "goals": 3, "turn_limit": 80, "placement": "formation"}
TO_THE_PENALTY = [
    "kickoff:B3",
    "pass:f7",
    "move:O6:f7",
    "move:B4:e4",
    "move:O6:g4",
    "move:B6:f5",
    "move:O6:f3",
    "steal:B4",
]


def click_action(page: Page, action: str) -> str:
    """Make `action` the way a person would: on the pitch if it is drawn there, else by its
    button. Returns what was clicked ('pawn', 'space', 'pawn+space' or 'button')."""
    verb, first, *rest = [*action.split(":"), ""]
    pitch = page.locator("#board svg")
    expect(pitch).to_be_visible()
    target = pitch.locator(f"rect[data-action='{action}']")
    if verb in ("move", "keeper") and rest[0]:
        pitch.locator(f"g[data-pawn='{first}']").click()
        target.click()
        return "pawn+space"
    # A space drawn as a target holds one action only (else its buttons tell them apart).
    if verb in ("place", "pass", "long") and target.count():
        mate = pitch.locator(f"g[data-at='{first}']")
        if mate.count() and mate.get_attribute("class") == "clickable":
            # A team-mate who may also move: the first click selects it, the second passes.
            mate.click()
            expect(mate.locator(f"[data-action='{action}']")).to_be_visible()
            mate.click()
            return "pawn+pass"
        target.click()
        return "space"
    if verb == "kickoff":
        pitch.locator(f"g[data-pawn='{first}']").click()
        return "pawn"
    page.locator(f"#actions button[data-action='{action}']").click()
    return "button"


def public_at(page: Page, server_url: str, table: str, index: int) -> dict[str, Any]:
    """The public view once the server has stored move `index`."""
    deadline = time.monotonic() + PATIENCE
    while (public := api_view(page, server_url, table))["index"] < index:
        assert time.monotonic() < deadline, f"move {index} never reached the server"
        time.sleep(0.02)
    return public


def listen(page: Page) -> list[str]:
    """Every WebSocket message the page will receive, as text."""
    received: list[str] = []

    def on_socket(socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: received.append(str(payload)))

    page.on("websocket", on_socket)
    return received


def set_option(page: Page, name: str, value: str) -> None:
    """Change an option in the lobby form, waiting for the seats it implies (an advanced
    option is under "More options", opened first)."""
    field = page.locator(f"#opt-{name}")
    if not field.is_visible():
        page.click("#options details.advanced > summary")
    with page.expect_response("**/api/games/futebol/seats"):
        if field.evaluate("node => node.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
            field.press("Tab")


def test_futebol_against_the_computer_from_the_lobby_to_the_end(
    page: Page, server_url: str
) -> None:
    """A short goal-limit match created in the lobby form, seat 1 the computer; seat 0
    places its pawns and plays every turn by clicking pawns and spaces until the end."""
    page.goto(server_url + "/")
    with page.expect_response("**/api/games/futebol/seats"):
        page.select_option("#game", "futebol")
    set_option(page, "mode", "goal-limit")
    set_option(page, "goals", "1")
    set_option(page, "turn_limit", "10")
    expect(page.locator("#seat-0")).to_have_value("human")
    expect(page.locator("#seat-1")).to_have_value(re.compile("^agent:"))  # the computer
    page.select_option("#seat-1", "agent:random")
    page.click("#create-button")
    page.wait_for_url("**/tables/*#token=*")
    table = page.url.split("/tables/", 1)[1].split("#", 1)[0]
    token = page.url.split("#token=", 1)[1]
    assert api_view(page, server_url, table)["table"]["options"]["turn_limit"] == 10
    chooser = random.Random(0)
    clicks: Counter[str] = Counter()
    deadline = time.monotonic() + PATIENCE
    while True:
        assert time.monotonic() < deadline, "the match did not end in time"
        mine = api_view(page, server_url, table, token)
        if mine["observation"]["terminal"]:
            break
        if mine["observation"]["current_player"] != 0:
            time.sleep(0.05)
            continue
        expect(page.locator("#index")).to_have_text(str(mine["index"]))
        expect(page.locator("#turn")).to_have_text("Blue to act")
        action = chooser.choice([entry["action"] for entry in mine["actions"]])
        clicks[click_action(page, action)] += 1
        deadline_move = time.monotonic() + PATIENCE
        while api_view(page, server_url, table)["index"] == mine["index"]:
            assert time.monotonic() < deadline_move, f"clicking {action} sent no move"
            time.sleep(0.02)
    final = api_view(page, server_url, table)
    expect(page.locator("#turn")).to_contain_text("game over")
    expect(page.locator("#index")).to_have_text(str(final["index"]))
    expect(page.locator("#score")).to_have_text(
        "score " + " – ".join(f"{s:g}" for s in final["observation"]["scores"])
    )
    expect(page.locator("#finished")).to_be_visible()
    expect(page.locator("#actions")).to_contain_text("The game is over.")
    assert clicks["space"] >= 6, clicks  # the free placement of six pawns, at least
    assert clicks["pawn"] + clicks["pawn+space"] >= 1, clicks
    screenshot(page, "futebol")
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.fixture
def three(browser: Browser) -> Iterator[list[Page]]:
    """Pages in three browser profiles: Blue's person, Orange's person, a spectator."""
    contexts: list[BrowserContext] = []
    for _ in range(3):
        context = listing_context(browser)
        contexts.append(context)
    yield [new_page(context) for context in contexts]
    for context in contexts:
        context.close()


def test_penalty_pick_hidden_until_both_have_picked(three: list[Page], server_url: str) -> None:
    """Orange aims first; until Blue has dived, neither Blue's page nor a spectator's holds
    Orange's pick (DOM or source); Orange's page shows it; then everyone sees both picks."""
    blue, orange, spectator = three
    created = create_table(
        spectator, server_url, "futebol", ["human", "human"], PENALTY_OPTIONS, seed=1
    )
    table = created["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    same_device(spectator, blue, orange)  # seed 1's position, played from three browsers
    heard = {"blue": listen(blue), "spectator": listen(spectator)}
    blue.goto(f"{server_url}/tables/{table}#token={tokens[0]}")
    orange.goto(f"{server_url}/tables/{table}#token={tokens[1]}")
    spectator.goto(f"{server_url}/tables/{table}")
    for index, action in enumerate(TO_THE_PENALTY):
        seat = api_view(spectator, server_url, table)["observation"]["current_player"]
        mover = three[seat]
        expect(mover.locator("#index")).to_have_text(str(index))
        click_action(mover, action)
        for page in three:
            expect(page.locator("#index")).to_have_text(str(index + 1))
    expect(spectator.locator("#events")).to_contain_text("penalty to Orange")
    expect(orange.locator("#actions button[data-action='aim:2']")).to_be_visible()
    click_action(orange, "aim:2")
    pick = "penalty#1:aim:2"
    for page in three:
        expect(page.locator("#index")).to_have_text(str(len(TO_THE_PENALTY) + 1))
    expect(orange.locator("#picture")).to_contain_text(f"your side picked {pick}")
    for page in (blue, spectator):
        expect(page.locator("#picture")).to_contain_text("PENALTY: Orange has picked (hidden)")
        assert pick not in page.content()
        assert "aims 2" not in page.content()
        assert pick not in page.request.get(page.url.split("#")[0]).text()
    expect(blue.locator("#actions button[data-action='dive:1']")).to_be_visible()
    for name, messages in heard.items():  # every live message so far, the aimed one included
        assert any('"phase": "dive"' in m or '"phase":"dive"' in m for m in messages), name
        assert not any(pick in message for message in messages), f"{name} heard the pick"
    screenshot(blue, "futebol-penalty-keeper")
    click_action(blue, "dive:1")
    for page in three:
        expect(page.locator("#events")).to_contain_text("Penalty: Orange shoots 2, Blue dives 1")
        expect(page.locator("#score")).to_have_text("score 0 – 1")
    for page in three:
        assert page.errors == []  # type: ignore[attr-defined]


def test_penalty_on_one_screen_hides_the_pick_behind_the_cover(page: Page, server_url: str) -> None:
    """Hot-seat futebol: after Orange aims, the cover comes up for Blue and neither the
    cover nor Blue's own view holds Orange's pick; after Blue dives both picks are told."""
    created = create_table(page, server_url, "futebol", ["human", "human"], PENALTY_OPTIONS, seed=1)
    pairs = ",".join(f"{seat['seat']}:{seat['token']}" for seat in created["seats"])
    page.goto(f"{server_url}/tables/{created['id']}#hotseat={pairs}")
    pick = "penalty#1:aim:2"
    shown = None
    for index, action in enumerate([*TO_THE_PENALTY, "aim:2", "dive:3"]):
        seat = public_at(page, server_url, created["id"], index)["observation"]["current_player"]
        if seat != shown:
            expect(page.locator("#cover-title")).to_have_text(f"Pass the device to {SIDES[seat]}")
            expect(page.locator("#cover")).to_be_visible()
            assert pick not in page.content()
            page.click("#cover-button")
            shown = seat
        expect(page.locator("#who")).to_have_text(f"hot-seat, showing {SIDES[seat]}")
        expect(page.locator("#index")).to_have_text(str(index))
        if action == "dive:3":
            expect(page.locator("#picture")).to_contain_text("Orange has picked (hidden)")
            assert pick not in page.content()
        click_action(page, action)
    after = public_at(page, server_url, created["id"], len(TO_THE_PENALTY) + 2)
    if after["observation"]["current_player"] != shown:
        page.click("#cover-button")
    expect(page.locator("#events")).to_contain_text("Penalty: Orange shoots 2, Blue dives 3")
    expect(page.locator("#score")).to_have_text("score 0 – 1")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_double_click_on_the_pitch_places_one_pawn(page: Page, server_url: str) -> None:
    """Double-clicking a space while placing pawns (free placement) sends one move only."""
    created = create_table(
        page, server_url, "futebol", ["human", "human"], {"placement": "free"}, seed=2
    )
    table, token = created["id"], created["seats"][0]["token"]
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.goto(f"{server_url}/tables/{table}#token={token}")
    view = api_view(page, server_url, table, token)
    assert view["observation"]["current_player"] == 0
    place = next(e["action"] for e in view["actions"] if e["action"].startswith("place:"))
    page.locator(f"#board svg rect[data-action='{place}']").dblclick()
    expect(page.locator("#index")).to_have_text("1")
    page.wait_for_timeout(300)  # a second request, if any, would have left by now
    assert len(posts) == 1
    assert api_view(page, server_url, table)["index"] == 1
    expect(page.locator("#error")).to_have_text("")
    assert page.errors == []  # type: ignore[attr-defined]


def hotseat_at(
    page: Page, server_url: str, seed: int, moves: list[str]
) -> tuple[str, dict[int, str]]:
    """A two-person formation match of `seed` after `moves` (each sent by the seat to act),
    opened on one screen past its cover; returns the table's id and its seats' tokens."""
    created = create_table(page, server_url, "futebol", ["human", "human"], PENALTY_OPTIONS, seed)
    table, tokens = created["id"], {s["seat"]: s["token"] for s in created["seats"]}
    for index, action in enumerate(moves):
        seat = api_view(page, server_url, table)["observation"]["current_player"]
        response = page.request.post(
            f"{server_url}/api/tables/{table}/actions",
            params={"token": tokens[seat]},
            data={"index": index, "action": action},
        )
        assert response.status == 200, response.text()
    pairs = ",".join(f"{seat}:{token}" for seat, token in tokens.items())
    page.goto(f"{server_url}/tables/{table}#hotseat={pairs}")
    page.click("#cover-button")
    expect(page.locator("#index")).to_have_text(str(len(moves)))
    return table, tokens


def test_a_pass_to_a_team_mate_who_may_move_takes_two_clicks_on_it(
    page: Page, server_url: str
) -> None:
    """Seed 1 after Blue's kick-off: B2 on c6 may move and receive a pass. Its first click
    selects it (its moves shown), the second passes it the ball."""
    table, _ = hotseat_at(page, server_url, 1, ["kickoff:B4"])
    mate = page.locator("#board svg g[data-at='c6']")
    expect(mate).to_have_attribute("class", "clickable")
    mate.click()
    assert api_view(page, server_url, table)["index"] == 1  # selecting sends nothing
    expect(mate.locator("[data-action='pass:c6']")).to_be_visible()  # the pass's ring
    mate.click()
    expect(page.locator("#index")).to_have_text("2")
    assert api_view(page, server_url, table)["observation"]["ball"] == "c6"
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_pass_to_a_team_mate_with_no_move_of_its_own_lands_through_it(
    page: Page, server_url: str
) -> None:
    """Seed 5 after Orange's kick-off and pass: the pawn on c8 may not move but may receive;
    a click on its middle is the pass, not a click lost on the pawn."""
    table, tokens = hotseat_at(page, server_url, 5, ["kickoff:O2", "pass:e8"])
    view = api_view(page, server_url, table, tokens[1])
    assert "pass:c8" in [entry["action"] for entry in view["actions"]]
    box = page.locator("#board svg g[data-at='c8'] circle").first.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(page.locator("#index")).to_have_text("3")
    assert api_view(page, server_url, table)["observation"]["ball"] == "c8"
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_pitch_has_a_legend_of_its_spaces(page: Page, server_url: str) -> None:
    """Issue 38, defect 6: the speed zones, long-pass spaces and the other marked spaces are
    named under the pitch (not only in tooltips), each with the guide's term for the help
    line."""
    created = create_table(page, server_url, "futebol", ["human", "heuristic"], seed=3)
    page.goto(f"{server_url}/tables/{created['id']}#token={created['seats'][0]['token']}")
    legend = page.locator("#board .board-legend li")
    expect(legend.filter(has_text="speed zone")).to_have_attribute("data-terms", "space:S")
    expect(legend.filter(has_text="long-pass space")).to_have_attribute("data-terms", "space:L")
    expect(legend).to_have_count(8)
    expect(page.locator("#board p.muted")).to_contain_text("bench: Blue 1, 2, 3")
