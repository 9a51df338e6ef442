"""A data file's numbers tuned from the designer page (#42 item 6): the designer uploads
the file (never a path), names its fields, and the search passes each trial's file to
the game as content; the report gives the recommended file in full."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest

from ludoteca.web.shared.errors import WebError
from ludoteca.web.studies.budget import Budget
from ludoteca.web.studies.service import parse_study
from ludoteca.web.studies.store import shown_settings
from ludoteca.web.studies.tune import run_tune

RULEBOOK = (
    resources.files("ludoteca.games.toxicity").joinpath("characters", "rulebook.toml").read_text()
)


def study(data: Any, game: str = "toxicity", **extra: Any) -> dict[str, Any]:
    body = {"kind": "tune", "game": game, "games": 20, "trials": 2, "data": data}
    return parse_study(body | extra)


def characters(fields: dict[str, Any], content: str = RULEBOOK) -> dict[str, Any]:
    file = {"name": "mine.toml", "content": content}
    return {"option": "characters", "file": file, "fields": fields}


def test_an_uploaded_files_numbers_are_a_space() -> None:
    chosen = study(characters({"blue.stamina": {"low": 2, "high": 5}}))
    assert chosen["space"] == {} and chosen["data"]["fields"] == {
        "blue.stamina": {"low": 2.0, "high": 5.0}
    }
    shown = shown_settings(chosen)["data"]
    assert "content" not in shown and shown["bytes"] == len(RULEBOOK.encode())


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"option": "players", "file": {}, "fields": {}}, "no data file option 'players'"),
        (
            characters({"blue.stamina": {"low": 2, "high": 5}}) | {"file": "/etc/passwd"},
            "a path or other text is not accepted",
        ),
        (characters({"blue.stamina": {"low": 2, "high": 5}}, "[blue"), "the data file:"),
        (characters({"blue.speed": {"low": 2, "high": 5}}), "has no field blue.speed"),
        (characters({"blue.stamina": {"low": 5, "high": 2}}), "low must be below high"),
        (characters({"blue.stamina": {"low": -9, "high": 2}}), "stamina"),
        (characters({"blue.stamina": {"choices": [1, 2]}}), "low must be below high"),
        (characters({f"x{i}": {"low": 1, "high": 2} for i in range(5)}), "1 to 4 fields"),
        (characters({"blue.stamina": {"low": 1, "high": 10**9}}), "at most 1,000,000"),
        ({"option": "characters"}, "field 'data' must be"),
    ],
)
def test_a_bad_data_space_is_refused(data: Any, message: str) -> None:
    with pytest.raises(WebError) as refused:
        study(data)
    assert refused.value.status == 400 and message in refused.value.message


class Inline:
    """A compute queue that runs each job in this process."""

    async def run(self, function: Callable[..., Any], *args: Any) -> Any:
        return function(*args)


def test_the_search_tunes_the_uploaded_file_and_reports_it_in_full() -> None:
    data = {
        "option": "dice",
        "file": {"name": "dice.toml", "content": "[first]\nbonus = 4\n"},
        "fields": {"first.bonus": {"low": -3, "high": 3}},
    }
    settings = study(data, game="tilted", games=60, trials=7, level="random", seed=1)
    done: list[int] = []

    async def advance(count: int) -> None:
        done.append(count)

    page, summary = asyncio.run(
        run_tune("tilted", settings, ["random"] * 2, Inline(), advance, "en", Budget())  # type: ignore[arg-type]
    )
    assert "The recommended data file (dice):" in page
    best = summary[0].split(":")[1].strip()
    assert best.startswith("first.bonus=") and abs(int(best.split("=")[1])) <= 1, summary
    assert f"bonus = {best.split('=')[1]}" in page


def test_every_goal_of_the_command_line_is_offered() -> None:
    from ludoteca.web.studies.tune import space_of

    body = {"kind": "tune", "game": "toxicity", "games": 20, "trials": 2}
    body |= {"space": {"magnet": {"choices": ["straight-line"]}}}
    even = parse_study(body | {"goal": "even", "fates": ["door"]})
    space = space_of(even | {"seed": 0})
    assert space.goal == "even" and space.fates == ("door",)
    cards = space_of(parse_study(body | {"goal": "cards", "threshold": 0.6}) | {"seed": 0})
    assert cards.goal == "cards" and cards.threshold == 0.6
    assert space_of(parse_study(body | {"goal": "even"}) | {"seed": 0}).fates == (
        "door",
        "trapdoor",
    )
    for wrong, message in (
        ({"goal": "luck"}, "field 'goal' must be one of fair, length, cards, even"),
        ({"goal": "cards", "threshold": 2}, "field 'threshold' must be a win rate"),
        ({"goal": "even", "fates": "door"}, "field 'fates' must be a list"),
        ({"goal": "even", "fates": ["x" * 33]}, "field 'fates' must be a list"),
    ):
        with pytest.raises(WebError) as refused:
            parse_study(body | wrong)
        assert message in refused.value.message
