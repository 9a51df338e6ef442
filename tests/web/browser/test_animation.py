"""Changes animate (issue 19, item 1): a moved piece slides from its old place and a new
throw of the dice rolls, briefly; under prefers-reduced-motion nothing moves."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.web.browser.fixtures import clicks_every_move, create_table, new_page

COUNT_ANIMATIONS = "() => document.getAnimations().filter((a) => a.playState === 'running').length"


def _moves_and_animations(browser: Browser, server_url: str, motion: str) -> list[int]:
    """Futebol, hot-seat: place a pawn, and count the animations running as the next
    position is drawn, for the next few moves."""
    context = clicks_every_move(
        browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion=motion)
    )
    try:
        page = new_page(context)
        made = create_table(page, server_url, "futebol", ["human", "human"], seed=9)
        table, tokens = made["id"], {s["seat"]: s["token"] for s in made["seats"]}
        counts = []
        for step in range(4):
            public = page.request.get(f"{server_url}/api/tables/{table}/view").json()
            seat = public["observation"]["current_player"]
            page.goto(f"{server_url}/tables/{table}#token={tokens[seat]}")
            expect(page.locator(f'#board[data-drawn="{public["index"]}"]')).to_be_attached()
            # Seat `seat` moves (on the board); the redraw slides what moved.
            mine = page.request.get(
                f"{server_url}/api/tables/{table}/view",
                headers={"Authorization": f"Bearer {tokens[seat]}"},
            ).json()
            action = mine["actions"][step % len(mine["actions"])]["action"]
            page.locator(f'#actions button[data-action="{action}"]').dispatch_event("click")
            expect(page.locator(f'#board[data-drawn="{public["index"] + 1}"]')).to_be_attached()
            counts.append(page.evaluate(COUNT_ANIMATIONS))
        assert page.errors == []  # type: ignore[attr-defined]
        return counts
    finally:
        context.close()


def test_pieces_slide_and_nothing_moves_under_reduced_motion(
    browser: Browser, server_url: str
) -> None:
    assert max(_moves_and_animations(browser, server_url, "no-preference")) > 0
    assert _moves_and_animations(browser, server_url, "reduce") == [0, 0, 0, 0]
