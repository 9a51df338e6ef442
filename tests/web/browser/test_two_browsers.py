"""Two people in two browsers at one Toinc table, and a spectator in a third (issue 8,
"Playing" and "Trust"): each page shows only its own hand, moves appear live in the
others over the WebSocket, a double click sends one move, a stale tab's move is refused.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    Request,
    WebSocket,
    WebSocketRoute,
    expect,
)

from tests.web.browser.fixtures import (
    api_view,
    create_table,
    id_tokens,
    listing_context,
    new_page,
    same_device,
    screenshot,
)

OPTIONS = {"length": "practice", "practice_turns": 2}


@pytest.fixture
def contexts(browser: Browser) -> Iterator[list[BrowserContext]]:
    """Three browser profiles: seat 0's person, seat 1's person, a spectator."""
    opened = [listing_context(browser) for _ in range(3)]
    yield opened
    for context in opened:
        context.close()


def hand_of(view: dict[str, Any]) -> set[str]:
    """The card ids a seat holds (play hand and drawn outcome cards)."""
    observation = view["observation"]
    return set(observation["hand"]) | set(observation["outcome_drawn"])


def dom_tokens(page: Page) -> set[str]:
    """Every id-like token in the page's DOM (its HTML as the browser holds it now)."""
    return id_tokens(page.content())


def listen(page: Page) -> list[dict[str, Any]]:
    """Every WebSocket message the page will receive, decoded, in order."""
    received: list[dict[str, Any]] = []

    def on_socket(socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: received.append(json.loads(payload)))

    page.on("websocket", on_socket)
    return received


def check_frames(frames: list[dict[str, Any]], index: int, hidden: set[str]) -> None:
    """No view message of move `index` holds a `hidden` token."""
    for frame in frames:
        if frame.get("index") == index:
            assert not hidden & id_tokens(json.dumps(frame))


def check_hiding(
    pages: list[Page],
    server_url: str,
    table: str,
    tokens: list[str],
    frames: list[list[dict[str, Any]]],
) -> None:
    """Each seat's page holds its own hand and none of the other's (DOM, page source,
    WebSocket messages); the spectator holds neither."""
    views = [api_view(pages[0], server_url, table, token) for token in tokens]
    hands = [hand_of(view) for view in views]
    index = views[0]["index"]
    for seat, page in enumerate(pages[:2]):
        other = 1 - seat
        # Cards of the other hand that this seat legitimately knows (e.g. shown by a rule).
        known = id_tokens(json.dumps(views[seat]))
        seen = dom_tokens(page)
        assert hands[seat] <= seen, f"seat {seat} does not see its own hand"
        assert not (hands[other] - known) & seen, f"seat {seat}'s page shows seat {other}'s cards"
        check_frames(frames[seat], index, hands[other] - known)
        source = page.request.get(page.url.split("#")[0]).text()
        assert not hands[other] & id_tokens(source)
    spectator = pages[2]
    assert not (hands[0] | hands[1]) & dom_tokens(spectator), "the spectator sees a hand"
    check_frames(frames[2], index, hands[0] | hands[1])


def wait_index(pages: list[Page], index: int) -> None:
    """Every page shows move `index`: the move reached them live, without a reload."""
    for page in pages:
        expect(page.locator("#index")).to_have_text(str(index))


def test_two_seats_and_a_spectator_each_see_only_their_own(
    contexts: list[BrowserContext], server_url: str
) -> None:
    """Two browsers, one per seat, by private link, and a spectator: moves by one show up
    live in the others; no page ever holds the other seat's hand (DOM or page source)."""
    pages = [new_page(context) for context in contexts]
    created = create_table(pages[2], server_url, "toinc", ["human", "human"], OPTIONS, seed=7)
    table = created["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    same_device(pages[2], *pages[:2])  # a seeded table, played from three browsers
    frames = [listen(page) for page in pages]
    for seat, page in enumerate(pages):
        page.goto(f"{server_url}/tables/{table}" + (f"#token={tokens[seat]}" if seat < 2 else ""))
        expect(page.locator("#connection")).to_contain_text("live")
    expect(pages[2].locator("#who")).to_have_text("watching as a spectator")
    expect(pages[2].locator("#actions")).to_contain_text("Spectators watch.")
    reloads: list[str] = []
    for page in pages:
        page.on("framenavigated", lambda frame: reloads.append(frame.url))
    index = 0
    saw_hands = False
    while index < 12:
        current = api_view(pages[2], server_url, table)["observation"]["current_player"]
        mover = pages[current]
        expect(pages[1 - current].locator("#actions")).to_contain_text("Waiting for the others")
        mover.locator("#actions button").last.click()
        index += 1
        wait_index(pages, index)
        check_hiding(pages, server_url, table, tokens, frames)
        saw_hands = saw_hands or bool(
            api_view(pages[0], server_url, table, tokens[0])["observation"]["hand"]
        )
    assert saw_hands, "the test never reached a position with cards in hand"
    assert all(any(f.get("index") == index for f in received) for received in frames)
    assert reloads == [], "a page was reloaded instead of updated live"
    screenshot(pages[0], "toinc-two-browsers-seat0")
    screenshot(pages[2], "toinc-two-browsers-spectator")
    for page in pages:
        assert page.errors == []  # type: ignore[attr-defined]


def test_a_double_click_sends_one_move(context: BrowserContext, server_url: str) -> None:
    """Double-clicking a move button posts the move once; no error is shown."""
    page = new_page(context)
    created = create_table(page, server_url, "toinc", ["human", "human"], OPTIONS, seed=7)
    table, token = created["id"], created["seats"][0]["token"]
    posts: list[Request] = []
    page.on("request", lambda r: posts.append(r) if r.method == "POST" else None)
    page.goto(f"{server_url}/tables/{table}#token={token}")
    button = page.locator("#actions button").first
    expect(button).to_be_enabled()
    button.dblclick()
    expect(page.locator("#index")).to_have_text("1")
    expect(page.locator("#actions")).to_contain_text("Waiting for the others")
    page.wait_for_timeout(300)  # a second request, if any, would have left by now
    assert [r.url.split("?")[0] for r in posts] == [f"{server_url}/api/tables/{table}/actions"]
    assert api_view(page, server_url, table)["index"] == 1
    expect(page.locator("#error")).to_have_text("")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_stale_tabs_move_is_refused_with_a_clear_message(
    context: BrowserContext, server_url: str
) -> None:
    """Seat 0 in two tabs; the second tab's live updates are held back, so it still offers
    the old move after the first tab played: its click is refused as stale, saying so,
    nothing changes on the server, and the tab then shows the current position."""
    first = new_page(context)
    created = create_table(first, server_url, "toinc", ["human", "human"], OPTIONS, seed=7)
    table, token = created["id"], created["seats"][0]["token"]
    first.goto(f"{server_url}/tables/{table}#token={token}")
    stale = new_page(context)
    held = {"back": False}

    def lagging(route: WebSocketRoute) -> None:
        server = route.connect_to_server()
        route.on_message(server.send)
        server.on_message(lambda message: None if held["back"] else route.send(message))

    stale.route_web_socket(re.compile(r".*/ws/tables/.*"), lagging)
    stale.goto(f"{server_url}/tables/{table}#token={token}")
    expect(stale.locator("#actions button").first).to_be_enabled()
    held["back"] = True
    first.locator("#actions button").first.click()
    expect(first.locator("#index")).to_have_text("1")
    expect(stale.locator("#index")).to_have_text("0")  # it never heard of the move
    stale.locator("#actions button").last.click()
    expect(stale.locator("#index")).to_have_text("1")  # it caught up, and says why:
    expect(stale.locator("#error")).to_have_text(
        f"stale move: table {table} is at move 1, the move said 0"
    )
    assert api_view(first, server_url, table)["index"] == 1
    screenshot(stale, "toinc-stale-tab")
    assert first.errors == [] and stale.errors == []  # type: ignore[attr-defined]
