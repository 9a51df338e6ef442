"""Browser tests: a real `ludoteca serve` process driven by Playwright in Debian's Chromium.

Chromium comes from Debian (`chromium-headless-shell`, installed by `scripts/system-deps.sh`,
run by `make test`), never from a Playwright download. Screenshots worth keeping go to
`artifacts/screenshots/`.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from ludoteca.web.tables.devices import COOKIE as DEVICE
from tests.patience import PATIENCE, eventually
from tests.ports import free_port
from tests.web.helpers import TOKEN_PATTERN

HEADLESS_SHELL = Path("/usr/bin/chromium-headless-shell")
"""Debian's `chromium-headless-shell`: the same Blink as `chromium`, without the browser
around it (what Playwright itself runs headless); it plays the browser suite in about 17%
less CPU than the whole browser does. The whole browser serves where it is missing."""
CHROMIUM = Path(
    os.environ.get(
        "LUDOTECA_CHROMIUM",
        str(HEADLESS_SHELL) if HEADLESS_SHELL.exists() else "/usr/bin/chromium",
    )
)
ARTIFACTS = Path(__file__).resolve().parents[3] / "artifacts" / "screenshots"
# Flags for a headless Chromium on a machine with a closed network, running as root.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

if not CHROMIUM.exists():  # pragma: no cover - make test installs it
    pytest.skip(f"{CHROMIUM} is missing: run `make system-deps`", allow_module_level=True)

from playwright.sync_api import (  # noqa: E402
    Browser,
    BrowserContext,
    Page,
    Playwright,
    expect,
    sync_playwright,
)


def _wait_until_up(url: str, server: subprocess.Popen[bytes], timeout: float = PATIENCE) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"ludoteca serve exited with {server.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"ludoteca serve did not answer at {url}")


@contextmanager
def serving(database: Path, environment: dict[str, str] | None = None) -> Iterator[str]:
    """A `ludoteca serve` process on the SQLite file `database` (its log beside it), with
    `environment`'s settings added to this process's: its URL."""
    port = free_port()
    log = (database.parent / "serve.log").open("wb")
    command = [str(Path(sys.executable).parent / "ludoteca"), "serve", "--port", str(port)]
    server = subprocess.Popen(
        [*command, "--database", str(database)],
        env={**os.environ, **(environment or {})},
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(url + "/", server)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)
        log.close()


@pytest.fixture(scope="session")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A `ludoteca serve` process on a fresh SQLite file (one per test worker)."""
    with serving(tmp_path_factory.mktemp("serve") / "web.db") as url:
        yield url


MOVE_LIST = "ludoteca.moveList"
"""The local-storage key that keeps the list of moves open or folded (play.js)."""
FORCED = "ludoteca.play-forced"
"""The local-storage key of "play my only move for me" (forced.js): on unless "off"."""


def clicks_every_move(context: BrowserContext) -> BrowserContext:
    """A profile whose person presses even their only moves (forced.js off), as the tests
    that click moves one by one expect; test_forced_moves.py tests the default."""
    context.add_init_script(f"localStorage.setItem({FORCED!r}, 'off')")
    return context


# Module scope, not session: while the sync driver is open it keeps an asyncio loop running in
# this thread, which would break `asyncio.run` in other tests sharing the xdist worker.
@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    """The Playwright driver (no browser download: Chromium is Debian's)."""
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Debian's Chromium, headless."""
    launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    yield launched
    launched.close()


def listing_context(browser: Browser) -> BrowserContext:
    """A fresh browser profile (own cookies and local storage): one person who makes moves
    with the list of moves (the keyboard's way), so the list starts open; the board's own
    way is tested with `board_context`. Both ask for reduced motion, so a piece is where it
    ends when a test clicks it (animations have a test of their own)."""
    fresh = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    fresh.set_default_timeout(PATIENCE * 1000)
    fresh.add_init_script(f"localStorage.setItem({MOVE_LIST!r}, 'open')")
    return clicks_every_move(fresh)


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    """One person's browser profile (`listing_context`)."""
    fresh = listing_context(browser)
    yield fresh
    fresh.close()


@pytest.fixture
def board_context(browser: Browser) -> Iterator[BrowserContext]:
    """A fresh profile as a new player has it: the moves the board offers are folded out of
    the list of moves."""
    fresh = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    fresh.set_default_timeout(PATIENCE * 1000)
    clicks_every_move(fresh)
    yield fresh
    fresh.close()


@pytest.fixture
def page(context: BrowserContext) -> Page:
    """A page in a fresh profile; JavaScript errors on it fail the test."""
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.errors = errors  # type: ignore[attr-defined]
    return opened


def screenshot(page: Page, name: str) -> Path:
    """Keep a full-page screenshot as a test artefact (artifacts/screenshots/NAME.png)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def create_table(
    page: Page,
    server_url: str,
    game: str,
    kinds: list[str],
    options: dict[str, Any] | None = None,
    seed: int | None = None,
) -> dict[str, Any]:
    """Create a table through the API (set-up only); `kinds`: 'human', 'open' or an agent."""
    seats = [
        {"kind": kind} if kind in ("human", "open") else {"kind": "agent", "agent": kind}
        for kind in kinds
    ]
    body: dict[str, Any] = {"game": game, "options": options or {}, "seats": seats}
    if seed is not None:  # a chosen seed: every person is the test (hot-seat)
        body |= {"seed": seed, "hotseat": kinds.count("human") > 1}
    response = page.request.post(server_url + "/api/tables", data=body)
    assert response.status == 201, response.text()
    created: dict[str, Any] = response.json()
    return created


def same_device(source: Page, *others: Page) -> None:
    """Give `others` the device cookie `source`'s browser got by making a seeded table for
    several people (`web.devices`): set-up for a test that plays one seeded table (a
    position it needs) from several browsers, which a stranger's browser cannot."""
    cookies = [cookie for cookie in source.context.cookies() if cookie["name"] == DEVICE]
    assert cookies, "no seeded table for several people was made from this browser"
    for page in others:
        page.context.add_cookies(cookies)  # type: ignore[arg-type]


def api_view(page: Page, server_url: str, table: str, token: str | None = None) -> dict[str, Any]:
    """The server's view of `token`'s seat (a spectator's without one), for checking the page."""
    query = f"?token={token}" if token else ""
    response = page.request.get(f"{server_url}/api/tables/{table}/view{query}")
    assert response.status == 200, response.text()
    view: dict[str, Any] = response.json()
    return view


def finished_view(page: Page, server_url: str, table: str) -> dict[str, Any]:
    """The spectator's view of `table` once its computers have played it to its end."""

    def ended() -> dict[str, Any] | None:
        view = api_view(page, server_url, table)
        return view if view["observation"]["terminal"] else None

    return eventually(ended, f"the end of table {table}'s game", every=0.1)


def play_against_computer(
    page: Page, server_url: str, game: str, kinds: list[str], seed: int
) -> tuple[str, str]:
    """A table of seat 0 (a person) against `kinds`' computers, opened as seat 0 once it is
    seat 0's turn; returns the table's id and seat 0's token."""
    created = create_table(page, server_url, game, ["human", *kinds], seed=seed)
    table, token = created["id"], created["seats"][0]["token"]
    page.goto(f"{server_url}/tables/{table}#token={token}")

    def seat_0_to_act() -> bool:
        return bool(api_view(page, server_url, table, token)["observation"]["current_player"] == 0)

    eventually(seat_0_to_act, "the computer's hand-over of the turn", every=0.1)
    return table, token


def new_page(context: BrowserContext) -> Page:
    """Another page (tab) in `context`; JavaScript errors are collected in `errors`."""
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.errors = errors  # type: ignore[attr-defined]
    return opened


# Assertions wait as long as actions do: the machine running the suite may be busy.
expect.set_options(timeout=PATIENCE * 1000)


def id_tokens(text: str) -> set[str]:
    """Every id-like token of `text`, and each part of one made with ':' (so a card id
    inside an action such as `discard:b.RB-2` counts as shown)."""
    found = set(TOKEN_PATTERN.findall(text))
    return found | {part for token in found for part in token.split(":")}
