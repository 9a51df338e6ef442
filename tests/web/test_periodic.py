"""Background passes (`web.shared.periodic`): run every `every` seconds, sooner when a
pass says when the next is due or when woken, and a failing pass does not stop them."""

from __future__ import annotations

import asyncio

from ludoteca.web.shared.periodic import Periodic


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


def test_a_pass_runs_every_period_and_no_more_while_idle() -> None:
    assert passes_in(0.5, None, every=10.0) == 1
    assert passes_in(0.5, 3, every=10.0) == 1  # a count is not a time


def test_a_pass_that_names_its_next_due_time_is_run_again_then() -> None:
    assert passes_in(0.5, 0.05, every=10.0) >= 5
    assert passes_in(0.5, 30.0, every=0.1) >= 3  # never later than `every`


def test_a_wake_runs_a_pass_at_once() -> None:
    assert passes_in(0.5, None, every=10.0, wake_at=0.2) == 2


def test_a_failing_pass_is_tried_again_at_the_next() -> None:
    made = 0

    async def work() -> None:
        nonlocal made
        made += 1
        raise RuntimeError("the database is away")

    async def run() -> None:
        periodic = Periodic("test", work, 0.05)
        periodic.start()
        await asyncio.sleep(0.4)
        await periodic.stop()

    asyncio.run(run())
    assert made >= 3
