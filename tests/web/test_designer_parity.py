"""The designer page does what `ludoteca balance` does (#42 item 6): the hard level, a
study that stops once its answer is clear, the planner, and the game's options named."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludoteca.sim.study import games_for_change
from ludoteca.web.studies.service import parse_study
from tests.web.test_studies import wait_done


def test_the_hard_level_is_offered_and_accepted(client: TestClient) -> None:
    assert parse_study({"game": "kalah", "games": 10, "level": "hard"})["level"] == "hard"
    page = client.get("/designer").text
    assert '<option value="hard">' in page


def test_a_study_until_clear_stops_at_the_first_clear_look(client: TestClient) -> None:
    body = {"game": "kalah", "games": 200, "level": "random", "until_clear": True}
    started = client.post("/api/studies", json=body | {"precision": 50}).json()
    done = wait_done(client, started["id"])
    assert done["status"] == "done" and done["done"] == 20, done  # the first look: n/10
    assert any(line.startswith("Stopped after 20 games a setting") for line in done["summary"])
    assert done["settings"]["until_clear"] is True and done["settings"]["precision"] == 50


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"until_clear": "yes"}, "field 'until_clear' must be true or false"),
        ({"until_clear": True, "precision": 0}, "field 'precision' must be 0.1 to 50"),
        ({"until_clear": True, "precision": True}, "field 'precision' must be 0.1 to 50"),
    ],
)
def test_a_bad_sequential_study_is_refused(
    client: TestClient, fields: dict[str, Any], message: str
) -> None:
    answer = client.post("/api/studies", json={"game": "kalah", "games": 10} | fields)
    assert answer.status_code == 400 and message in answer.json()["error"], answer.text


def test_the_planner_says_what_balance_plan_says(client: TestClient) -> None:
    answer = client.get("/api/studies/plan", params={"game": "toxicity", "points": 5})
    assert answer.status_code == 200, answer.text
    plan = answer.json()
    assert plan["one_setting"] == games_for_change(0.05, 0.2, False)
    assert plan["each_of_two"] == games_for_change(0.05, 0.2)
    assert f"about {plan['one_setting']} games for one setting" in plan["text"]
    for params, status in (
        ({"game": "chess", "points": 5}, 404),
        ({"game": "kalah", "points": 0}, 400),
        ({"game": "kalah", "points": 60}, 400),
        ({"game": "kalah", "points": "nan"}, 400),
        ({"game": "k" * 65, "points": 5}, 400),
    ):
        assert client.get("/api/studies/plan", params=params).status_code == status, params
