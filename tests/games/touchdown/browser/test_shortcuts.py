"""Touch down in few actions (issue 38, *Fewer clicks*): a short match (two 15-minute halves,
the rulebook's clock) played against the computer by the page's own shortcuts — a formation
for every set-up, a group of counters moved at once — takes at most a third of the ~680
actions a side it took one counter at a time, with every move still the rules' own.

The person's side is played by clicks only (the view, read with the seat's token, decides
what to click): a formation (or the last set-up again) at each set-up; in a movement phase
the ball carrier run forward, then the rest of the team moved together towards the play.
"""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Page, expect

from tests.games.touchdown.browser.test_board import (
    TOSS_SEED,
    _assert_board_offers_exactly,
    _create,
    _my_turn,
)
from tests.patience import PATIENCE
from tests.web.browser.fixtures import screenshot

MATCH_SEED = 3
ACTIONS_A_SIDE = 225  # a third of ~680 (the audit's count, one counter at a time)
PLAIN = ("attack", "conv2", "noshift", "play", "notimeout", "noblitz", "receive", "ball:stay")


def _forward(obs: dict[str, Any], square: str, rows: int) -> str:
    """The square `rows` rows towards the end zone Yellow attacks from `square`."""
    row = int(square[1:]) + rows * obs["direction"][0]
    return f"{square[0]}{min(max(row, 1), 28)}"


class Person:
    """Seat 0's clicks, chosen from its view; counts them."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.actions = 0
        self.setups = 0
        self.used: set[str] = set()
        self.before = -1  # the move the last action was sent from

    def click(self, selector: str, sends: bool = True) -> None:
        """One action; one that sends moves returns once the page has drawn a later move."""
        index = self.page.locator("#index").text_content()
        self.page.locator(selector).first.click(force=True)
        self.actions += 1
        if sends:
            self.page.wait_for_function(
                "old => document.getElementById('index').textContent !== old", arg=index
            )
            self.before = int(index or 0)

    def turn(self, view: dict[str, Any]) -> None:
        """One action of seat 0 (a click that may send several moves)."""
        obs, legal = view["observation"], view["observation"]["legal_actions"]
        if obs["phase"] == "setup" and not obs["picked"]:
            self.setups += 1
            repeat = self.page.locator('#board [data-shortcut="repeat"]')
            key = "repeat" if self.setups % 2 == 0 and repeat.count() else "formation:0"
            self.used.add(key.split(":")[0])
            self.click(f'#board [data-shortcut="{key}"]')
            return
        if obs["phase"] == "move" and not obs["picked"] and "end" in legal:
            self.move(obs, legal)
            return
        action = next((a for a in PLAIN if a in legal), legal[0])
        self.click(f'#board [data-action="{action}"]')

    def move(self, obs: dict[str, Any], legal: list[str]) -> None:
        """Run the carrier forward, or move the team together towards the play."""
        carrier, players = obs["carrier"], obs["players"]
        if carrier and carrier[0] == "Y" and f"pick:{carrier}" in legal:
            self.click(f'#board [data-action="pick:{carrier}"]')
            targets = self.page.locator("#board [data-target]")
            expect(targets.first).to_be_visible()
            squares = targets.evaluate_all("els => els.map(e => e.dataset.target)")
            toward = obs["direction"][0]
            best = max(squares, key=lambda s: (int(s[1:]) * toward, -abs(ord(s[0]) - 103)))
            self.click(f'#board [data-target="{best}"]')
            return
        if sum(a.startswith("pick:") for a in legal) < 2:
            self.click('#board [data-action="end"]')
            return
        if carrier and carrier[0] == "W":
            target = players[carrier]["square"]
        elif obs["ball"]:
            target = obs["ball"]
        elif carrier:
            target = _forward(obs, players[carrier]["square"], 2)
        else:
            target = _forward(obs, obs["scrimmage"], 2)
        self.used.add("group")
        self.click('#board [data-shortcut="group"]', sends=False)
        self.click(f'#board [data-group-target="{target}"]')


def test_a_short_match_takes_at_most_a_third_of_the_actions_a_side(
    page: Page, server_url: str
) -> None:
    """A short match with the real 15-minute halves, seat 0 played by the page's shortcuts:
    it ends (*Il tempo*: after the last quarter; the final score on the board) in at most 225
    actions of that person. At each of their turns the board offers exactly the legal moves
    (a counter with several offers them as buttons once clicked)."""
    table, token = _create(page, server_url, MATCH_SEED, {"length": "short"})
    page.goto(f"{server_url}/tables/{table}#token={token}")
    expect(page.locator("#board svg.board-touchdown")).to_be_visible()
    person, index, started, shot = Person(page), -1, time.monotonic(), False
    while True:
        view = _my_turn(page, server_url, table, token, index)
        index, obs = view["index"], view["observation"]
        if obs["terminal"]:
            break
        if not shot and obs["phase"] == "move" and obs["carrier"]:
            shot = bool(screenshot(page, "touchdown"))
        _assert_board_offers_exactly(page, obs["legal_actions"])
        person.turn(view)
        index = person.before
        assert person.actions <= ACTIONS_A_SIDE, f"{person.actions} actions, not over yet"
        assert time.monotonic() - started < 20 * PATIENCE, "the match takes too long"
    print(f"{person.actions} actions a side, {index} moves, {time.monotonic() - started:.0f} s")
    assert person.used >= {"formation", "repeat", "group"}, person.used
    scores = [f"{s:g}" for s in obs["scores"]]
    expect(page.locator("#turn")).to_contain_text("game over")
    expect(page.locator("#score")).to_have_text(f"score {scores[0]} – {scores[1]}")
    for team, score in enumerate(scores):
        expect(page.locator(f'#board [data-score="{team}"]')).to_have_text(score)
    expect(page.locator("#board [data-hint]")).to_have_text("Game over.")
    expect(page.locator("#board [data-scoreboard]")).to_contain_text("Final")
    assert shot, "no movement phase with the ball in play to photograph"
    assert page.errors == []  # type: ignore[attr-defined]


REMEMBERED = """() => {
  const coverage = [{ role: "AK", dc: 0, dr: 0 },
    ...[-5, -4, -3, -2, -1, 1, 2, 3, 4, 5].map((dc) => ({ role: "D", dc, dr: 2 }))];
  localStorage.setItem("ludoteca.touchdown.setups", JSON.stringify({
    last: { "0:kick": coverage, "0:attack": "<img src=x onerror=alert(1)>", "7:kick": coverage },
    saved: { kick: [{ name: "x".repeat(500), slots: coverage },
      { name: "bad role", slots: [{ role: "QB", dc: 0, dr: 0 }] }] },
  }));
}"""


def test_the_last_set_up_is_saved_by_a_name_shown_as_text_and_placed_exactly(
    page: Page, server_url: str
) -> None:
    """This browser's last kick-off set-up (damaged entries beside it are dropped) is saved
    under a name the player types, offered as that text (never markup), and placed square
    by square where it was: the AK on the ball's spot, the ten D two rows behind it."""
    table, token = _create(page, server_url, TOSS_SEED)
    page.goto(f"{server_url}/")
    page.evaluate(REMEMBERED)
    page.goto(f"{server_url}/tables/{table}#token={token}")
    page.locator('#board [data-action="kick"]').click()
    shortcuts = page.locator("#board [data-shortcut]")
    expect(page.locator('#board [data-shortcut="repeat"]')).to_be_visible()
    assert shortcuts.evaluate_all("els => els.map(e => e.dataset.shortcut)") == [
        "formation:0",
        "formation:1",
        "repeat",
        "save",
    ]
    name = "<b>Mia</b> =1+1"
    page.once("dialog", lambda dialog: dialog.accept(name))
    page.locator('#board [data-shortcut="save"]').click()
    mine = page.locator('#board [data-shortcut="formation:2"]')
    expect(mine.locator("text")).to_have_text(name)  # the words as typed, no markup
    expect(mine).to_have_attribute("aria-label", name)
    index = int(page.locator("#index").text_content() or 0)
    mine.click()
    page.wait_for_function(  # 11 picks and 11 squares sent (the computer may go on after)
        """first => Number(document.getElementById("index").textContent) >= first + 22 &&
          !document.getElementById("board").hasAttribute("aria-busy")""",
        arg=index,
    )
    view = page.request.get(f"{server_url}/api/tables/{table}/view?token={token}").json()
    obs = view["observation"]
    spot, direction = obs["scrimmage"], obs["direction"][0]
    yellow = {p: v for p, v in obs["players"].items() if p[0] == "Y"}
    assert [v["square"] for v in yellow.values() if v["role"] == "AK"] == [spot]
    behind = {v["square"][1:] for v in yellow.values() if v["role"] == "D"}
    assert behind == {str(int(spot[1:]) - 2 * direction)}, behind
    assert page.errors == []  # type: ignore[attr-defined]
