"""Hot-seat on one screen (issue 8, "Playing": a "pass the device" cover so one seat's
hand is never shown to the next): a Toinc table with both seats played on one page.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import unquote

from playwright.sync_api import Page, Route, WebSocketRoute, expect

from tests.patience import eventually
from tests.web.browser.fixtures import api_view, create_table, id_tokens, screenshot

MOVES = 14
SIDES = ("Blue", "Orange")  # Toinc's seats by their colours


def hand_of(view: dict[str, Any]) -> set[str]:
    """The card ids a seat holds (play hand and drawn outcome cards)."""
    observation = view["observation"]
    return set(observation["hand"]) | set(observation["outcome_drawn"])


def dom_tokens(page: Page) -> set[str]:
    """Every id-like token in the page's DOM now."""
    return id_tokens(page.content())


def hotseat_tokens(url: str) -> dict[int, str]:
    """The seat tokens of a hot-seat link (`#hotseat=0:tok,1:tok`)."""
    pairs = unquote(url.split("#hotseat=", 1)[1]).split(",")
    return {int(seat): token for seat, token in (pair.split(":", 1) for pair in pairs)}


def wait_for_move(page: Page, server_url: str, table: str, index: int) -> dict[str, Any]:
    """The public view once the server has move `index` (a move is stored before shown)."""
    return eventually(
        lambda: (public := api_view(page, server_url, table))["index"] >= index and public,
        f"move {index} reaching the server",
        every=0.02,
    )


def create_hotseat_table(page: Page, server_url: str) -> None:
    """In the lobby: Toinc, both seats people, then a practice game (the seats chosen
    first must stay chosen), the hot-seat box ticked, create."""
    page.goto(server_url + "/")
    with page.expect_response("**/api/games/toinc/seats"):
        page.select_option("#game", "toinc")
    expect(page.locator("#seats")).to_have_attribute("data-game", "toinc")  # drawn for toinc
    page.select_option("#seat-0", "human")
    page.select_option("#seat-1", "human")
    with page.expect_response("**/api/games/toinc/seats"):
        page.select_option("#opt-length", "practice")
    with page.expect_response("**/api/games/toinc/seats"):
        page.fill("#opt-practice_turns", "3")
        page.press("#opt-practice_turns", "Tab")
    expect(page.locator("#seat-1")).to_have_value("human")
    page.check("#hotseat")
    page.click("#create-button")
    page.wait_for_url("**/tables/*#hotseat=*")


def test_hot_seat_cover_hides_both_hands_between_turns(page: Page, server_url: str) -> None:
    """Between two seats' turns the cover is up and neither hand is anywhere in the DOM;
    "Show my view" shows that seat's hand and never the other's."""
    create_hotseat_table(page, server_url)
    tokens = hotseat_tokens(page.url)
    assert set(tokens) == {0, 1}
    table = page.url.split("/tables/", 1)[1].split("#", 1)[0]
    options = api_view(page, server_url, table)["table"]["options"]
    assert options["length"] == "practice" and options["practice_turns"] == 3
    cover = page.locator("#cover")
    shown: int | None = None  # the seat whose view is on screen (None: the cover is up)
    covers_with_cards = 0
    for index in range(MOVES):
        public = wait_for_move(page, server_url, table, index)
        current = public["observation"]["current_player"]
        views = {seat: api_view(page, server_url, table, tokens[seat]) for seat in (0, 1)}
        hands = {seat: hand_of(view) for seat, view in views.items()}
        if current != shown:
            expect(cover).to_be_visible()
            expect(page.locator("#cover-title")).to_have_text(
                f"Pass the device to {SIDES[current]}"
            )
            seen = dom_tokens(page)
            assert not (hands[0] | hands[1]) & seen, "a hand is in the DOM behind the cover"
            expect(page.locator("#picture")).to_have_text("")
            expect(page.locator("#actions button")).to_have_count(0)
            covers_with_cards += bool(hands[0] or hands[1])
            if covers_with_cards == 2:
                screenshot(page, "toinc-hotseat-cover")
            page.click("#cover-button")
            shown = current
        expect(cover).to_be_hidden()
        expect(page.locator("#index")).to_have_text(str(index))
        expect(page.locator("#who")).to_have_text(f"hot-seat, showing {SIDES[current]}")
        seen = dom_tokens(page)
        known = id_tokens(json.dumps(views[current]))
        assert hands[current] <= seen, f"seat {current} does not see its own hand"
        assert not (hands[1 - current] - known) & seen, "the other seat's hand is shown"
        page.locator("#actions button").last.click()
    assert covers_with_cards >= 2, "the cover never came up while hands held cards"
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_cover_comes_up_even_when_the_live_socket_is_silent(
    page: Page, server_url: str
) -> None:
    """After a seat's move the page covers itself at once: it does not wait for the
    WebSocket (here it delivers the first view only), so the hand never stays on screen."""
    delivered = {"count": 0}

    def first_view_only(route: WebSocketRoute) -> None:
        server = route.connect_to_server()
        route.on_message(server.send)

        def forward(message: str | bytes) -> None:
            delivered["count"] += 1
            if delivered["count"] == 1:
                route.send(message)

        server.on_message(forward)

    page.route_web_socket(re.compile(r".*/ws/tables/.*"), first_view_only)
    create_hotseat_table(page, server_url)
    tokens = hotseat_tokens(page.url)
    table = page.url.split("/tables/", 1)[1].split("#", 1)[0]
    for index in range(4):
        public = wait_for_move(page, server_url, table, index)
        current = public["observation"]["current_player"]
        expect(page.locator("#cover")).to_be_visible()
        expect(page.locator("#cover-title")).to_have_text(f"Pass the device to {SIDES[current]}")
        expect(page.locator("#index")).to_have_text(str(index))
        hands = set().union(
            *(hand_of(api_view(page, server_url, table, t)) for t in tokens.values())
        )
        assert not hands & dom_tokens(page)
        page.click("#cover-button")
        expect(page.locator("#who")).to_have_text(f"hot-seat, showing {SIDES[current]}")
        page.locator("#actions button").last.click()
        wait_for_move(page, server_url, table, index + 1)
        if api_view(page, server_url, table)["observation"]["current_player"] == current:
            break  # the same seat again: no cover due; the check above has run
    assert delivered["count"] > 1, "the socket had more to say, and was silenced"
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_board_drawn_late_never_lands_behind_the_cover(page: Page, server_url: str) -> None:
    """The board's module arrives only after seat 0 has moved and the cover is up for
    seat 1 (a slow network): seat 0's cards must not be drawn behind the cover."""
    created = create_table(
        page, server_url, "toinc", ["human", "human"], {"length": "practice"}, seed=7
    )
    table = created["id"]
    tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
    for index in range(20):  # set-up by the API: up to seat 0's turn with cards in hand
        public = api_view(page, server_url, table)["observation"]
        mover = api_view(page, server_url, table, tokens[public["current_player"]])
        legal = [entry["action"] for entry in mover["actions"]]
        if public["current_player"] == 0 and mover["observation"]["hand"] and "keep" in legal:
            break
        action = legal[-1] if mover["observation"]["phase"] == "discard" else legal[0]
        answer = page.request.post(
            f"{server_url}/api/tables/{table}/actions?token={tokens[public['current_player']]}",
            data={"index": index, "action": action},
        )
        assert answer.ok, answer.text()
    hand = hand_of(mover)
    assert hand
    held: list[Route] = []
    page.route("**/boards/toinc/board.js", lambda route: held.append(route))
    pairs = ",".join(f"{seat}:{token}" for seat, token in tokens.items())
    page.goto(f"{server_url}/tables/{table}#hotseat={pairs}")
    page.click("#cover-button")
    expect(page.locator("#who")).to_have_text("hot-seat, showing Blue")
    page.locator("#actions button[data-action='keep']").click()
    expect(page.locator("#cover-title")).to_have_text("Pass the device to Orange")
    assert held, "the board module was asked for"
    for route in held:
        route.continue_()
    # Wait until the module has run (its draw callbacks were queued before this one).
    page.evaluate("() => import('/boards/toinc/board.js').then(() => null)")
    expect(page.locator("#cover")).to_be_visible()
    assert not hand & dom_tokens(page), "seat 0's cards were drawn behind seat 1's cover"
    expect(page.locator("#board svg")).to_have_count(0)
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_lobby_resumes_a_hot_seat_table_as_hot_seat(page: Page, server_url: str) -> None:
    """ "Your games" offers a hot-seat table back as one hot-seat link holding every seat this
    browser keeps, beside each seat's own link."""
    create_hotseat_table(page, server_url)
    tokens = hotseat_tokens(page.url)
    table = page.url.split("/tables/", 1)[1].split("#", 1)[0]
    page.goto(server_url + "/")
    resume = page.locator(f'#mine li[data-table="{table}"]').locator("a.resume-hotseat")
    expect(resume).to_have_count(1)
    href = resume.get_attribute("href")
    assert href is not None and hotseat_tokens(href) == tokens
    resume.click()
    expect(page.locator("#cover")).to_be_visible()
    assert page.errors == []  # type: ignore[attr-defined]
