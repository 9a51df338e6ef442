"""Designers' studies from the web (issue 23, part 4): started on the server's bot
workers, followed to the end, their report served under a policy that runs nothing,
kept and listed; bad requests refused with one message and nothing started."""

from __future__ import annotations

import asyncio
import time
from contextlib import nullcontext
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludoteca.web.shared.errors import WebError
from ludoteca.web.studies import store as study_store
from ludoteca.web.studies.service import MAX_RUNNING, parse_study
from tests.patience import PATIENCE
from tests.web.conftest import ClientFactory, is_sqlite


def wait_done(client: TestClient, study: str, seconds: float = PATIENCE) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        found: dict[str, Any] = client.get(f"/api/studies/{study}").json()
        if found["status"] != "running":
            return found
        assert time.monotonic() < deadline, f"study {study} still running: {found}"
        time.sleep(0.2)


def test_a_comparison_runs_to_its_report(client: TestClient) -> None:
    body = {"game": "futebol", "games": 10, "settings": [{"goals": 3}, {"mode": "goal-limit"}]}
    answer = client.post("/api/studies", json=body)
    assert answer.status_code == 201, answer.text
    started = answer.json()
    assert started["kind"] == "compare" and started["total"] == 20
    done = wait_done(client, started["id"])
    assert done["status"] == "done" and done["done"] == 20, done
    assert [line.split(":")[0] for line in done["summary"]] == ["A", "B"]
    report = client.get(done["report"])
    assert report.status_code == 200 and "Comparison of the settings" in report.text
    assert "script-src" not in report.headers["content-security-policy"]
    assert "sandbox" in report.headers["content-security-policy"]
    assert "<script" not in report.text
    listed = client.get("/api/studies").json()["studies"]
    assert [s["id"] for s in listed] == [started["id"]]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"game": "chess", "games": 10}, "unknown game 'chess'"),
        ({"game": "futebol", "games": 5}, "field 'games' must be 10 to 1,000"),
        ({"game": "futebol", "games": 10, "level": "expert"}, "field 'level' must be one of"),
        ({"game": "futebol", "games": 10, "settings": [{}] * 5}, "1 to 4 settings"),
        ({"game": "futebol", "games": 10, "settings": [{"nonsense": 1}]}, "no option 'nonsense'"),
        (
            {"game": "toinc", "games": 10, "settings": [{"deck": "/etc/passwd"}]},
            "option 'deck': one of the files the game ships: default",
        ),
        (
            {"game": "toxicity", "games": 10, "settings": [{"characters": "../rulebook"}]},
            "ships: rulebook, ludoteca-even",
        ),
        (
            {
                "game": "toxicity",
                "games": 10,
                "settings": [{"characters": {"name": "x.toml", "content": "[blue]"}}],
            },
            "option 'characters': a short value",
        ),
        ({"game": "futebol", "games": 10, "settings": [{"goals": 99}]}, "goals"),
        ({"game": "futebol", "games": 10, "settings": [{"goals": [1, 2]}]}, "a short value"),
    ],
)
def test_a_bad_study_is_refused_and_nothing_starts(
    client: TestClient, body: dict[str, Any], message: str
) -> None:
    answer = client.post("/api/studies", json=body)
    assert answer.status_code == 400 and message in answer.json()["error"], answer.text
    assert client.get("/api/studies").json()["studies"] == []


def test_a_study_may_name_a_file_the_game_ships() -> None:
    """Toxicity's characters, ludoteca's variant against the rulebook's: presets only."""
    settings = [{"characters": "rulebook"}, {"characters": "ludoteca-even"}]
    parsed = parse_study({"game": "toxicity", "games": 10, "settings": settings})
    assert parsed["settings"] == settings


def test_an_unknown_study_or_an_unfinished_report_is_404(client: TestClient) -> None:
    assert client.get("/api/studies/nothing").status_code == 404
    assert client.get("/studies/nothing/report").status_code == 404


def test_a_tuning_search_runs_from_the_web(client: TestClient) -> None:
    """futebol's two ways to win, searched for a mean length near 60 steps: three trials
    on the workers, the three best measured again, the report kept."""
    body = {
        "kind": "tune",
        "game": "futebol",
        "games": 10,
        "trials": 3,
        "goal": "length",
        "target": 60,
        "space": {"mode": {"choices": ["golden-goal", "goal-limit"]}},
    }
    answer = client.post("/api/studies", json=body)
    assert answer.status_code == 201, answer.text
    assert answer.json()["kind"] == "tune" and answer.json()["total"] == (3 + 2 * 3) * 10
    done = wait_done(client, answer.json()["id"])
    assert done["status"] == "done" and done["summary"][0].startswith("best: mode="), done
    page = client.get(done["report"]).text
    assert "Tuning report: futebol" in page and 'id="progress"' in page


@pytest.mark.parametrize(
    ("space", "message"),
    [
        ({}, "field 'space' must name 1 to 4 options"),
        ({"deck": {"choices": ["x"]}}, "no option 'deck'"),
        ({"goals": {"low": 5, "high": 1}}, "goals: low must be below high"),
        ({"goals": {"low": 1, "high": 99}}, "goals"),
        ({"mode": {"choices": ["golden-goal", "chess"]}}, "chess"),
    ],
)
def test_a_bad_tuning_space_is_refused(
    client: TestClient, space: dict[str, Any], message: str
) -> None:
    body = {"kind": "tune", "game": "futebol", "games": 10, "trials": 3, "space": space}
    answer = client.post("/api/studies", json=body)
    assert answer.status_code == 400 and message in answer.json()["error"], answer.text


@pytest.mark.parametrize("goal", ["fair", "length"])
@pytest.mark.parametrize("target", ["abc", [1], {"x": 1}, None, True, 0, 10_001])
def test_a_tuning_target_that_is_not_a_length_is_refused_or_ignored(goal: str, target: Any) -> None:
    """Issue 36, item 3 (a 500 before): a length search needs a length of 1 to 10,000; a
    search for fairness has no target, so whatever is sent there is ignored."""
    space = {"mode": {"choices": ["golden-goal", "goal-limit"]}}
    body = {"kind": "tune", "game": "futebol", "games": 10, "trials": 2, "space": space}
    body |= {"goal": goal, "target": target}
    with pytest.raises(WebError) if goal == "length" else nullcontext() as refused:
        settings = parse_study(body)
    if refused is None:
        assert settings["target"] == 0.0
    else:
        assert "field 'target' must be a game length" in refused.value.message


def test_a_tuning_space_may_choose_among_the_files_the_game_ships() -> None:
    """Toxicity's characters: the presets are choices; a range or a path is refused."""
    body = {"kind": "tune", "game": "toxicity", "games": 10, "trials": 3}
    presets = {"characters": {"choices": ["rulebook", "ludoteca-even"]}}
    assert parse_study(body | {"space": presets})["space"]["characters"]["choices"] == [
        "rulebook",
        "ludoteca-even",
    ]
    for space, message in (
        ({"players": {"choices": [5, 4]}}, "players: a setting may not change the seats"),
        ({"characters": {"low": 1, "high": 2}}, "no option 'characters'"),
        ({"characters": {"choices": ["rulebook", "/etc/passwd"]}}, "one of the presets"),
        ({"characters": {"choices": [{"name": "x.toml", "content": "[blue]"}]}}, "a short value"),
        ({"characters": {"choices": ["rulebook"] * 999}}, "1 to"),
    ):
        with pytest.raises(WebError) as refused:
            parse_study(body | {"space": space})
        assert refused.value.status == 400 and message in refused.value.message


def test_a_study_a_restart_stopped_is_played_again_to_the_same_report(
    make_client: ClientFactory, database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server stops while a study runs: started again, it plays the study from its
    start, to the report (in the language it was asked in) of an unbroken run."""
    if not is_sqlite(database):
        pytest.skip("on PostgreSQL, tests/web/test_shared_work.py has a process take it over")

    async def never(*_args: Any) -> None:  # the first server stops before any game ends
        await asyncio.sleep(3600)

    body = {"game": "futebol", "games": 10, "settings": [{"goals": 3}]}
    brazilian = {"Accept-Language": "pt-BR"}
    with make_client() as first:
        monkeypatch.setattr(first.app.state.studies, "_play", never)  # type: ignore[attr-defined]
        stopped = first.post("/api/studies", json=body, headers=brazilian).json()["id"]
    with make_client() as restarted:
        again = wait_done(restarted, stopped)
        assert again["status"] == "done" and again["done"] == 10, again
        fresh = restarted.post("/api/studies", json=body, headers=brazilian).json()["id"]
        unbroken = wait_done(restarted, fresh)
        assert again["summary"] == unbroken["summary"]
        report = restarted.get(again["report"]).text
        assert report == restarted.get(unbroken["report"]).text
        assert '<html lang="pt-BR"' in report


def test_studies_asked_for_at_once_cannot_pass_the_limit_together(client: TestClient) -> None:
    """Issue 36, item 5: ten requests at the same moment (each waits for the database
    after its check) start `MAX_RUNNING` studies; the others get 429."""
    studies = client.app.state.studies  # type: ignore[attr-defined]
    body = {"game": "kalah", "games": 10}

    async def ten_at_once() -> list[object]:
        return await asyncio.gather(
            *(studies.create(body) for _ in range(10)), return_exceptions=True
        )

    assert client.portal is not None
    answers = client.portal.call(ten_at_once)
    started = [answer for answer in answers if isinstance(answer, dict)]
    refused = [answer for answer in answers if isinstance(answer, WebError)]
    assert len(started) == MAX_RUNNING and len(refused) == 10 - MAX_RUNNING, answers
    assert all(answer.status == 429 for answer in refused)  # the two stop with the app


def test_the_designer_page_names_each_game_by_its_title(client: TestClient) -> None:
    """A designer picks "Touch down", not the registry's id `touchdown`."""
    from ludoteca import games

    page = client.get("/designer").text
    for name in games.playable():
        assert f'<option value="{name}">{games.info(name).title}</option>' in page
    assert '<option value="touchdown">Touch down</option>' in page


def test_a_server_keeps_its_newest_studies_only(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Anyone may start a study and each keeps its report: as one starts, the oldest
    ended beyond `KEPT` are deleted; a running one is never."""
    monkeypatch.setattr(study_store, "KEPT", 3)
    store = client.app.state.studies.store  # type: ignore[attr-defined]
    made = []
    for n in range(6):
        made.append(store.create("compare", "kalah", {"games": 10}, 10, "en"))
        if n:  # the first runs on
            store.finish(made[-1], f"<p>report {n}</p>", [])
        time.sleep(0.01)  # each newer than the last
    kept = {row.id for row in store.listing()}
    assert kept == {made[0], *made[-3:]}
    with pytest.raises(WebError) as gone:
        store.get(made[1])
    assert gone.value.status == 404
