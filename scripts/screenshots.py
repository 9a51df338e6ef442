"""Screenshots of the lobby and every game's play page, desktop and phone, for the README.

    .venv/bin/python scripts/screenshots.py [OUT [LOCALE]]   # default docs/screenshots/, en

Starts its own `ludoteca serve` on a fresh SQLite file, opens each game against the
computer with a fixed seed in Debian's Chromium (never a browser download), lets the
computer move until it is the person's turn, and writes NAME-desktop.png (1280×800) and
NAME-phone.png (390×844); each game's How to play page too (guide-GAME), and, for two
accounts that played rated games, a profile, My games, the leaderboard and the quick-pairing
page. Run again after a change to the pages; the files are committed.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.ports import free_port  # noqa: E402
from tests.web.browser.fixtures import CHROMIUM  # noqa: E402  (Debian's, and its flags)
from tests.web.browser.fixtures import CHROMIUM_ARGS as ARGS  # noqa: E402

from ludoteca import games  # noqa: E402
from ludoteca.games import built_in  # noqa: E402

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
MOVES = 2
"""The person's moves made before a game's screenshot (past the first decision)."""


def _games() -> dict[str, list[str]]:
    """Every built-in game of the registry, at its default options, against the lobby's
    `medium` computers: its seats' kinds."""
    return {name: ["human"] + ["medium"] * (games.load(name).num_seats - 1) for name in built_in()}


def _call(url: str, body: dict[str, Any] | None = None, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def _my_turn(base: str, table: str, token: str) -> dict[str, Any]:
    """Wait until seat 0 has a move, and return its view."""
    deadline = time.monotonic() + 60
    while True:
        view: dict[str, Any] = _call(f"{base}/api/tables/{table}/view", token=token)
        if view["observation"]["current_player"] == 0 or view["observation"]["terminal"]:
            return view
        if time.monotonic() > deadline:
            raise RuntimeError(f"{table}: the computer never handed over the turn")
        time.sleep(0.2)


def _open_game(base: str, game: str, kinds: list[str]) -> tuple[str, int]:
    """A table of `game` against the computer, a few moves in: its seat-0 link and move."""
    seats = [{"kind": k} if k == "human" else {"kind": "agent", "agent": k} for k in kinds]
    body = {"game": game, "options": {}, "seats": seats, "seed": 3}
    created = _call(f"{base}/api/tables", body)
    table, token = created["id"], created["seats"][0]["token"]
    _call(f"{base}/api/tables/{table}/name", {"name": "Ana"}, token=token)
    for _ in range(MOVES):
        view = _my_turn(base, table, token)
        action = view["actions"][0]["action"]
        _call(
            f"{base}/api/tables/{table}/actions",
            {"index": view["index"], "action": action},
            token=token,
        )
    view = _my_turn(base, table, token)
    return f"{base}/tables/{table}#token={token}", view["index"]


def _play_out(base: str, table: str, tokens: dict[int, str], seed: int) -> Any:
    """Random legal moves to a rated table's end; its winner."""
    rng = random.Random(seed)
    while True:
        public = _call(f"{base}/api/tables/{table}/view")["observation"]
        if public["terminal"]:
            return public["winner"]
        token = tokens[public["current_player"]]
        view = _call(f"{base}/api/tables/{table}/view", token=token)
        move = {"index": view["index"], "action": rng.choice(view["actions"])["action"]}
        _call(f"{base}/api/tables/{table}/actions", move, token=token)


def _accounts(browser: Any, base: str, out: Path, locale: str) -> None:
    """A profile, My games, the leaderboard and the quick-pairing page, desktop and phone:
    Ana and Bia play rated Toinc games (random moves) until each has won one; Ana then
    has a game on against the computer and waits in the queue."""
    contexts, csrf = {}, {}
    for name in ("Ana", "Bia"):
        context = browser.new_context(viewport={"width": 1280, "height": 800}, locale=locale)
        answer = context.request.post(
            f"{base}/api/accounts", data={"name": name, "password": "a long secret phrase"}
        )
        contexts[name], csrf[name] = context, answer.json()["csrf"]
    practice = {"length": "practice", "practice_turns": 4}
    winners: set[Any] = set()
    for attempt in range(40):
        if winners >= {0, 1}:
            break
        body = {
            "game": "toinc",
            "options": practice,
            "seats": [{"kind": "human"}, {"kind": "open"}],
        }
        made = (
            contexts["Ana"]
            .request.post(
                f"{base}/api/rated-tables", data=body, headers={"X-CSRF-Token": csrf["Ana"]}
            )
            .json()
        )
        joined = (
            contexts["Bia"]
            .request.post(
                f"{base}/api/rated-tables/{made['id']}/join",
                data={"seat": 1},
                headers={"X-CSRF-Token": csrf["Bia"]},
            )
            .json()
        )
        winners.add(_play_out(base, made["id"], {0: made["token"], 1: joined["token"]}, attempt))
    seats = [{"kind": "human"}, {"kind": "agent", "agent": "heuristic"}]
    contexts["Ana"].request.post(
        f"{base}/api/rated-tables",
        data={"game": "toinc", "seats": seats},
        headers={"X-CSRF-Token": csrf["Ana"]},
    )
    for size, (width, height) in SIZES.items():
        page = contexts["Ana"].new_page()
        page.set_viewport_size({"width": width, "height": height})
        for name, path in (("profile", "/players/ana"), ("my-games", "/account")):
            _shoot(page, base + path, out / f"{name}-{size}.png", None)
        _shoot(page, base + "/ladders#toinc/duel", out / f"ladders-{size}.png", None)
        page.goto(base + "/play-now")
        page.select_option("#queue-game", "toinc")
        page.click("[data-testid=queue-enter]")
        page.wait_for_selector("[data-testid=queue-waiting]:not([hidden])")
        page.wait_for_timeout(2500)  # a second or two waited
        page.screenshot(path=str(out / f"queue-{size}.png"))
        page.click("#queue-leave")
        page.close()
    for context in contexts.values():
        context.close()


def _shoot(page: Page, url: str, path: Path, drawn: int | None) -> None:
    page.goto(url)
    if drawn is not None:
        page.wait_for_selector(f'#board[data-drawn="{drawn}"]')
    else:
        page.wait_for_load_state("networkidle")
    page.wait_for_timeout(400)  # animations settle
    page.screenshot(path=str(path))


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
    locale = sys.argv[2] if len(sys.argv) > 2 else "en-US"  # the browser's language
    out.mkdir(parents=True, exist_ok=True)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen(
            [
                str(Path(sys.executable).parent / "ludoteca"),
                "serve",
                "--port",
                str(port),
                "--database",
                f"{tmp}/web.db",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(base + "/", timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.1)
            pages = {"lobby": (base + "/", None)}
            for game, kinds in _games().items():
                pages[game] = _open_game(base, game, kinds)
                pages[f"guide-{game}"] = (f"{base}/games/{game}", None)
            with sync_playwright() as driver:
                browser = driver.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
                for size, (width, height) in SIZES.items():
                    context = browser.new_context(
                        viewport={"width": width, "height": height},
                        device_scale_factor=1,
                        locale=locale,
                    )
                    context.add_init_script("localStorage.setItem('ludoteca.name', 'Ana')")
                    page = context.new_page()
                    for name, (url, drawn) in pages.items():
                        _shoot(page, url, out / f"{name}-{size}.png", drawn)
                        print(out / f"{name}-{size}.png")
                    context.close()
                _accounts(browser, base, out, locale)
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
