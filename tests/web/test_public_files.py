"""Issue 15, part 1: no request names a file on the server. File options (a Toinc deck,
Touch down rosters and league) take a preset the server ships or uploaded content,
parsed in memory and stored with the table; a path is refused before anything is opened,
with the same message whatever the path names.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludoteca import games
from ludoteca.core import Replay
from ludoteca.web import create_app
from tests.games.toinc.toinc_helpers import SCRIPTED_DECK
from tests.web.helpers import create, short_options, view

FILE_OPTIONS = [
    ("toinc", "deck"),
    ("touchdown", "yellow_roster"),
    ("touchdown", "white_roster"),
    ("touchdown", "league_file"),
]


@pytest.fixture
def served(
    tmp_path: Path, pool: ProcessPoolExecutor, monkeypatch: pytest.MonkeyPatch
) -> Iterator[TestClient]:
    """An app on a SQLite file `web.db` in the working directory (so a relative path
    names the server's own database)."""
    monkeypatch.chdir(tmp_path)
    with TestClient(create_app("web.db", pool=pool)) as client:
        yield client


def _hostile_paths(tmp_path: Path) -> list[str]:
    """Paths an attacker could name: the live database (relative and absolute), a named
    pipe, an endless device, a directory, a TOML file with a secret, a missing file."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    secret = tmp_path / "secret.toml"
    secret.write_text('api_key = "s3cr3t"\n', encoding="utf-8")
    return [
        "web.db",
        str(tmp_path / "web.db"),
        str(fifo),
        "/dev/zero",
        str(tmp_path),
        str(secret),
        "/etc/passwd",
        str(tmp_path / "missing.toml"),
    ]


def _opened(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record every path this process opens from Python from now on."""
    seen: list[str] = []
    real_open = os.open

    def spy(path: Any, *args: Any, **kwargs: Any) -> int:
        seen.append(os.fspath(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", spy)
    return seen


def _post_in_time(client: TestClient, url: str, body: dict[str, Any]) -> tuple[int, str]:
    """POST with a deadline: a request that blocks (a FIFO being read) fails the test."""
    answer: list[tuple[int, str]] = []

    def send() -> None:
        response = client.post(url, json=body)
        answer.append((response.status_code, response.json()["error"]))

    worker = threading.Thread(target=send, daemon=True)
    worker.start()
    worker.join(timeout=20)
    assert answer, f"{url} did not answer within 20 s"
    return answer[0]


@pytest.mark.parametrize(("game", "option"), FILE_OPTIONS)
def test_a_path_option_is_refused_unopened_with_one_message(
    served: TestClient,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    option: str,
) -> None:
    """The database, a FIFO, /dev/zero, a directory, a secret file, a missing file: each
    is 422 at once, none is opened, and the message is the same for all (it tells
    nothing about the path and echoes no content)."""
    paths = _hostile_paths(tmp_path)
    opened = _opened(monkeypatch)
    messages = set()
    for path in paths:
        options = {**short_options(game), option: path}
        for url, body in (
            ("/api/tables", {"game": game, "options": options, "seats": [{"kind": "human"}] * 2}),
            (f"/api/games/{game}/seats", options),
        ):
            status, message = _post_in_time(served, url, body)
            assert status == 422, message
            messages.add(message)
    assert len(messages) == 1, messages
    (message,) = messages
    assert "s3cr3t" not in message and "api_key" not in message and "web.db" not in message
    named = {os.path.realpath(p) for p in paths}
    assert not named & {os.path.realpath(p) for p in opened}
    assert served.get("/api/tables").json()["tables"] == []


def test_the_database_survives_its_name_as_a_deck(served: TestClient, tmp_path: Path) -> None:
    """Moves acknowledged before and after a request naming the live database are all
    stored (today the file was opened and closed, dropping the server's SQLite locks)."""
    created = create(served, "toinc", ["human", "random"], {"length": "practice"})
    token = created["seats"][0]["token"]
    made = 0
    for attempt in range(3):
        current = view(served, created["id"], token)
        if current["observation"]["terminal"] or not current["actions"]:
            break
        body = {"index": current["index"], "action": current["actions"][0]["action"]}
        answer = served.post(
            f"/api/tables/{created['id']}/actions", params={"token": token}, json=body
        )
        assert answer.status_code == 200, answer.text
        made += 1
        refused = served.post("/api/games/toinc/seats", json={"deck": "web.db"})
        assert refused.status_code == 422, attempt
    from ludoteca.web.tables.store import WebStore

    store = WebStore(str(tmp_path / "web.db"))
    try:
        assert len(store.actions(created["id"])) >= made
    finally:
        store.close()


def test_an_uploaded_deck_is_played_stored_and_replayed(served: TestClient) -> None:
    """A custom deck sent as content: the table uses it, views name it without its text,
    and the finished game's replay carries it, so the replay rebuilds the same game."""
    content = SCRIPTED_DECK.read_text(encoding="utf-8")
    deck = {"name": "scripted.toml", "content": content}
    options = {"length": "practice", "practice_turns": 1, "variant": "single-deck", "deck": deck}
    created = create(served, "toinc", ["random", "random"], options)
    table = created["id"]
    for _ in range(600):
        current = view(served, table, None)
        if current["observation"]["terminal"]:
            break
        threading.Event().wait(0.02)
    assert current["observation"]["terminal"]
    shown = current["table"]["options"]["deck"]
    assert shown == {"name": "scripted.toml", "bytes": len(content.encode())}
    assert "stats" not in str(current)
    replay = served.get(f"/api/tables/{table}/replay").json()
    assert replay["options"]["deck"] == deck
    record = Replay.from_json(replay)
    again = games.load(record.game, **record.options).replay(record)
    assert again.is_terminal and again.result() == record.result


def test_presets_are_offered_and_chosen_by_name(served: TestClient) -> None:
    """The catalogue lists each file option's presets; a preset name is accepted."""
    listed = {g["name"]: g for g in served.get("/api/games").json()["games"]}
    rosters = {o["name"]: o for o in listed["touchdown"]["options"]}["yellow_roster"]
    assert rosters["kind"] == "file" and rosters["choices"] == ["gialli", "bianchi"]
    answer = served.post("/api/games/touchdown/seats", json={"yellow_roster": "bianchi"})
    assert answer.status_code == 200, answer.text
    bad = served.post("/api/games/toinc/seats", json={"deck": {"name": "x", "content": "= ="}})
    assert bad.status_code == 422 and "not valid TOML" in bad.json()["error"]
