"""A search's progress moves chunk by chunk, through the final round too (#42 item 6: a
tune's bar stood still at "done 160 of 200" while its finalists played)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from ludoteca.sim.parallel import CHUNK
from ludoteca.web.studies.budget import Budget
from ludoteca.web.studies.tune import run_tune, tune_total


class Inline:
    """A compute queue that runs each job in this process."""

    async def run(self, function: Callable[..., Any], *args: Any) -> Any:
        return function(*args)


def test_the_bar_moves_through_every_chunk_of_the_final_round() -> None:
    games = CHUNK  # a finalist plays twice that: two chunks
    settings = {
        "goal": "length",
        "target": 30,
        "games": games,
        "trials": 2,
        "seed": 1,
        "level": "random",
        "space": {"seeds": {"low": 2, "high": 4, "choices": []}},
    }
    seen: list[int] = []

    async def advance(done: int) -> None:
        seen.append(done)

    page, summary = asyncio.run(
        run_tune("kalah", settings, ["random"] * 2, Inline(), advance, "en", Budget())  # type: ignore[arg-type]
    )
    assert seen == sorted(seen) and seen[-1] <= tune_total(settings) and page and summary
    final_round = [done for done in seen if done > 2 * games]
    # a finalist's first chunk moves the bar, not only its end (ends: 4, 6... chunks)
    assert any((done - 2 * games) % (2 * games) == games for done in final_round), seen
