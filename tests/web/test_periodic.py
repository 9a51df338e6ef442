"""Background passes (`web.shared.periodic`): run every `every` seconds, sooner when a
pass says when the next is due or when woken, and a failing pass does not stop them.

Counts that must be reached are waited for (a loaded machine may run a pass late), within
a limit shorter than the wait a broken `Periodic` would make; counts that must not be
exceeded are taken over a fixed window far shorter than `every`."""

from __future__ import annotations

import asyncio

from ludoteca.web.shared.periodic import Periodic
from tests.patience import PATIENCE


def passes_in(seconds: float, due: object, every: float, wake_at: float | None = None) -> int:
    """How many passes a `Periodic` whose passes return `due` makes in `seconds`."""
    made = 0

    async def work() -> object:
        nonlocal made
        made += 1
        return due

    async def run() -> None:
        periodic = Periodic("test", work, every)
        periodic.start()
        if wake_at is not None:
            await asyncio.sleep(wake_at)
            periodic.wake()
            await asyncio.sleep(seconds - wake_at)
        else:
            await asyncio.sleep(seconds)
        await periodic.stop()

    asyncio.run(run())
    return made


def reaches(
    count: int, within: float, every: float, due: object = None, fail: bool = False
) -> bool:
    """True if a `Periodic` whose passes return `due` (or raise, if `fail`) makes `count`
    passes within `within` seconds."""
    made = 0

    async def work() -> object:
        nonlocal made
        made += 1
        if fail:
            raise RuntimeError("the database is away")
        return due

    async def run() -> None:
        periodic = Periodic("test", work, every)
        periodic.start()
        deadline = asyncio.get_running_loop().time() + within
        while made < count and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.01)
        await periodic.stop()

    asyncio.run(run())
    return made >= count


def test_a_pass_runs_every_period_and_no_more_while_idle() -> None:
    assert passes_in(0.5, None, every=10.0) == 1
    assert passes_in(0.5, 3, every=10.0) == 1  # a count is not a time


def test_a_pass_that_names_its_next_due_time_is_run_again_then() -> None:
    # after `every` alone, 5 passes would take 40 s
    assert reaches(5, within=9.0, every=10.0, due=0.05)
    # never later than `every`: after `due` alone, the second pass would come at 30 s
    assert reaches(3, within=9.0, every=0.1, due=30.0)


def test_a_wake_runs_a_pass_at_once() -> None:
    assert passes_in(0.5, None, every=10.0, wake_at=0.2) == 2


def test_a_failing_pass_is_tried_again_at_the_next() -> None:
    assert reaches(3, within=PATIENCE, every=0.05, fail=True)
