"""Issue 36, item 5: a study's total work is bounded whatever its game costs (an hour of
worker CPU time, `web.study_budget`), and studies play in a worker of their own, so a
long one never holds up a bot tournament's games."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from ludoteca.web.app import create_app
from ludoteca.web.studies.budget import Budget, timed
from tests.web.test_studies import wait_done


def _spent(client: TestClient) -> None:
    """Give the app's studies no CPU time at all: each stops after its first round."""
    client.app.state.studies.study_seconds = 0.0  # type: ignore[attr-defined]


def test_a_balance_study_past_its_budget_reports_the_games_it_played(client: TestClient) -> None:
    """Two settings of 40 games, no budget: one round, 16 games of each, is played and
    reported; the summary says where the work limit stopped it."""
    _spent(client)
    body = {"game": "futebol", "games": 40, "settings": [{"goals": 3}, {"mode": "goal-limit"}]}
    answer = client.post("/api/studies", json=body)
    assert answer.status_code == 201, answer.text
    done = wait_done(client, answer.json()["id"])
    assert done["status"] == "done" and done["done"] == 32, done
    assert done["summary"][0].startswith("A:") and "in 16 games" in done["summary"][0]
    assert "in 16 games" in done["summary"][1]
    assert "work limit" in done["summary"][-1] and "16 of 40 games" in done["summary"][-1]
    assert client.get(done["report"]).status_code == 200


def test_a_search_past_its_budget_runs_two_trials_and_says_so(client: TestClient) -> None:
    _spent(client)
    body = {
        "kind": "tune",
        "game": "futebol",
        "games": 10,
        "trials": 3,  # fewer than the space's five settings: sampled, not tried whole
        "goal": "length",
        "target": 60,
        "space": {"goals": {"low": 1, "high": 5}},
    }
    answer = client.post("/api/studies", json=body)
    assert answer.status_code == 201, answer.text
    done = wait_done(client, answer.json()["id"])
    assert done["status"] == "done", done
    page = client.get(done["report"]).text
    assert "2 of 3 trials were run" in page and "work limit" in page


def test_timed_measures_the_work_of_a_call() -> None:
    result, spent = timed(sum, range(2_000_000))
    assert result == sum(range(2_000_000)) and spent > 0
    budget = Budget(seconds=spent / 2)
    budget.spent += spent
    assert budget.spent_out


def test_studies_and_bot_tournaments_have_workers_of_their_own(tmp_path: Path) -> None:
    """Without a shared pool (as `ludoteca serve` runs), a study's chunks and a bot
    tournament's games go to different worker processes."""
    with TestClient(create_app(str(tmp_path / "web.db"))) as client:
        studies = client.app.state.studies.compute.pool  # type: ignore[attr-defined]
        bots = client.app.state.events.compute.pool  # type: ignore[attr-defined]
        tables = client.app.state.service.compute.pool  # type: ignore[attr-defined]
        assert len({id(studies), id(bots), id(tables)}) == 3
