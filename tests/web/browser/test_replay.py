"""The replay page of a finished game (issue 8, "Finished games keep their replay: step
through it, download it as JSON, open it with `ludoteca replay`")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.web.browser.fixtures import api_view, create_table, finished_view, screenshot

OPTIONS = {"mode": "goal-limit", "goals": 1, "turn_limit": 12, "placement": "formation"}


def finished_table(page: Page, server_url: str) -> str:
    """A futebol match between two computer seats, played to its end by the server."""
    created = create_table(page, server_url, "futebol", ["random", "random"], OPTIONS, seed=3)
    table: str = created["id"]
    finished_view(page, server_url, table)
    return table


def frame(page: Page, server_url: str, table: str, step: int, seat: int | None = None) -> Any:
    """The server's frame of `step` (what the page must show)."""
    query = "" if seat is None else f"?seat={seat}"
    return page.request.get(f"{server_url}/api/tables/{table}/frames/{step}{query}").json()


def expect_step(page: Page, server_url: str, table: str, step: int, actions: list[str]) -> None:
    """The page shows move `step`: its number, the move that led there in words (its
    player's and the move's label, never the action string), the position."""
    expect(page.locator("#step-number")).to_have_text(str(step))
    shown = frame(page, server_url, table, step)
    expect(page.locator("#last-action")).to_have_text(
        f"last move: {shown['action_label']}" if step else "start of the game"
    )
    if step:
        assert shown["action"] == actions[step - 1]
        if ":" in actions[step - 1]:  # an action string such as move:O6:c1
            assert actions[step - 1] not in shown["action_label"]
    picture = shown["picture"]
    expect(page.locator("#picture")).to_have_text(picture)


def test_replay_steps_back_and_forth_and_downloads_a_file_the_cli_opens(
    page: Page, server_url: str, tmp_path: Path
) -> None:
    """The page opens on the last move; ‹ › « » step through the match; the download is
    the game's replay JSON, which `ludoteca replay` re-plays to the same result."""
    table = finished_table(page, server_url)
    page.goto(f"{server_url}/tables/{table}/replay")
    with page.expect_download() as download_info:
        page.click("#download")
    saved = tmp_path / "match.json"
    download_info.value.save_as(saved)
    document = json.loads(saved.read_text())
    actions: list[str] = document["actions"]
    steps = len(actions)
    assert document["game"] == "futebol" and steps > 4
    expect(page.locator("#steps")).to_have_text(str(steps))
    expect_step(page, server_url, table, steps, actions)
    screenshot(page, "futebol-replay")
    page.click("#prev")
    expect_step(page, server_url, table, steps - 1, actions)
    page.click("#first")
    expect_step(page, server_url, table, 0, actions)
    page.click("#prev")  # nothing before the start
    expect_step(page, server_url, table, 0, actions)
    page.click("#next")
    page.click("#next")
    expect_step(page, server_url, table, 2, actions)
    page.dblclick("#next")  # two quick clicks are two steps, even before the first is shown
    expect_step(page, server_url, table, 4, actions)
    page.click("#last")
    expect_step(page, server_url, table, steps, actions)
    page.select_option("#as-seat", "1")
    expect(page.locator("#picture")).to_have_text(
        frame(page, server_url, table, steps, 1)["picture"]
    )
    expect(page.locator("#error")).to_have_text("")
    cli = Path(sys.executable).parent / "ludoteca"
    shown = subprocess.run(
        [str(cli), "replay", str(saved)], capture_output=True, text=True, timeout=60, check=False
    )
    assert shown.returncode == 0, shown.stderr
    final = api_view(page, server_url, table)["observation"]
    assert final["events"][-1] in shown.stdout
    assert page.errors == []  # type: ignore[attr-defined]
