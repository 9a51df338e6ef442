"""The lobby in a real browser: every registered game can be chosen and a table created."""

from __future__ import annotations

import time

from playwright.sync_api import Page, expect

from tests.web.browser.conftest import screenshot


def test_lobby_offers_every_registered_game(page: Page, server_url: str) -> None:
    """The game menu lists each game of the server's registry, by name."""
    registry = {
        game["name"] for game in page.request.get(server_url + "/api/games").json()["games"]
    }
    assert {"toinc", "futebol", "toxicity", "touchdown"} <= registry
    page.goto(server_url + "/")
    options = page.locator("#game option")
    expect(options).to_have_count(len(registry))
    values = {options.nth(i).get_attribute("value") for i in range(options.count())}
    assert values == registry
    screenshot(page, "lobby")
    assert page.errors == []  # type: ignore[attr-defined]


def test_creating_a_table_opens_the_play_page(page: Page, server_url: str) -> None:
    """Creating a table against the computer gives seat 0 a private link to a live play page."""
    page.goto(server_url + "/")
    page.select_option("#game", "futebol")
    page.click("#create-button")
    link = page.locator("#links a").first
    expect(link).to_be_visible()
    href = link.get_attribute("href")
    assert href is not None and "#token=" in href
    page.goto(server_url + href if href.startswith("/") else href)
    expect(page.locator("#connection")).to_contain_text("live")
    expect(page.locator("#who")).to_contain_text("you are")
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_lobby_creates_a_table_with_the_seed_typed_in(page: Page, server_url: str) -> None:
    """A seed typed in the lobby is the table's seed: two tables made with seed 4242 and the
    same options deal the same hand; seed 4243 deals another."""
    page.goto(server_url + "/")
    page.select_option("#game", "toinc")
    views = []
    for seed in ("4242", "4242", "4243"):
        page.fill("#seed", seed)
        with page.expect_response(
            lambda r: r.url.endswith("/api/tables") and r.request.method == "POST"
        ) as answer:
            page.click("#create-button")
        created = answer.value.json()
        token = created["seats"][0]["token"]
        url = f"{server_url}/api/tables/{created['id']}"
        answer = page.request.post(
            f"{url}/actions", params={"token": token}, data={"index": 0, "action": "hide:left"}
        )
        assert answer.ok, answer.text()
        deadline = time.monotonic() + 30  # the computer guesses, then the hands are dealt
        while not (
            hand := page.request.get(f"{url}/view", params={"token": token}).json()["observation"][
                "hand"
            ]
        ):
            assert time.monotonic() < deadline, "no hand was dealt"
            time.sleep(0.05)
        views.append(sorted(hand))
    assert views[0] == views[1] != views[2]
    page.fill("#seed", "-1")
    assert page.eval_on_selector("#seed", "input => !input.validity.valid")  # not sent
