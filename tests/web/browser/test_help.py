"""Learning in the page (issue 19, item 2): the help line explains what the player points
at (a card's marks, a counter's role), and says so when a click makes no move."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, expect

from tests.web.browser.fixtures import api_view, new_page, play_against_computer


def test_pointing_at_a_card_explains_its_marks(
    board_context: BrowserContext, server_url: str
) -> None:
    page = new_page(board_context)
    guide = page.request.get(server_url + "/api/games/toinc/guide").json()["terms"]
    play_against_computer(page, server_url, "toinc", ["heuristic"], seed=6)
    page.locator('#board [data-action="hide:left"]').dispatch_event("click")  # then cards
    card = page.locator('#board .board-toinc-card[data-where="hand"]').first
    expect(card).to_be_visible()
    card.hover()
    terms = (card.get_attribute("data-terms") or "").split()
    assert terms
    line = page.locator("#help-line")
    for key in terms:
        expect(line).to_contain_text(guide[key])
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_counter_is_explained_and_a_click_that_is_no_move_says_so(
    board_context: BrowserContext, server_url: str
) -> None:
    """Touch down's set-up: a counter's role and values; a bench counter that is not in the
    formation, clicked, tells the player it is not a move now."""
    page = new_page(board_context)
    play_against_computer(page, server_url, "touchdown", ["heuristic"], seed=3)
    expect(page.locator("#board [data-action], #board [data-actions]").first).to_be_attached()
    idle = page.locator("#board g[data-player]:not(.clickable)").first
    idle.dispatch_event("pointerover")
    line = page.locator("#help-line")
    expect(line).to_contain_text("tackle")
    expect(line).to_contain_text("Red dots: contrasto")
    idle.dispatch_event("click")
    expect(line).to_contain_text("not a move now")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_two_step_move_shows_its_way_before_the_click(
    board_context: BrowserContext, server_url: str
) -> None:
    """Futebol: a pawn chosen, pointing at one of its spaces draws the way there; leaving
    the space takes it away; nothing is played until the click."""
    page = new_page(board_context)
    made = page.request.post(
        server_url + "/api/tables",
        data={"game": "futebol", "options": {"placement": "formation"}, "seed": 3,
              "seats": [{"kind": "human"}, {"kind": "agent", "agent": "heuristic"}]},
    ).json()  # fmt: skip
    table, token = made["id"], made["seats"][0]["token"]
    for _ in range(200):  # to seat 0's first turn of moves (a kick-off is made for it)
        view = api_view(page, server_url, table, token)
        actions = [entry["action"] for entry in view["actions"]]
        if any(action.startswith("move:") for action in actions):
            break
        if actions:
            page.request.post(
                f"{server_url}/api/tables/{table}/actions",
                headers={"Authorization": f"Bearer {token}"},
                data={"index": view["index"], "action": actions[0]},
            )
        page.wait_for_timeout(50)
    page.goto(f"{server_url}/tables/{table}#token={token}")
    pawn = page.locator("#board g[data-actions]").first
    expect(pawn).to_be_attached()
    index = page.locator("#index").inner_text()
    pawn.click()
    target = page.locator("#board rect[data-action^='move:']").last
    target.hover()
    expect(page.locator("#board [data-path]")).to_have_count(1)
    page.mouse.move(2, 2)
    expect(page.locator("#board [data-path]")).to_have_count(0)
    expect(page.locator("#index")).to_have_text(index)  # no move made by pointing
    assert page.errors == []  # type: ignore[attr-defined]
