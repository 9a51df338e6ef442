"""`TuneRun`, the one tuning driver of `ludoteca tune` and the designer page: how a
batch is split never changes the search; a budget stops new trials, never the final
round; an interrupt fails the trial under way; refused settings play no game."""

from __future__ import annotations

from collections.abc import Callable

from ludoteca.sim.parallel import play_chunk
from ludoteca.sim.tune import FINALISTS, FRESH, Param, Space
from ludoteca.sim.tune_run import Batch, TuneRun

SPECS = ["random", "random"]


def space(trials: int = 6, games: int = 12) -> Space:
    found = Space(games=games, trials=trials, level="random", seed=5)
    found.options = [Param("edge", -3, 3)]
    return found


def play(run: TuneRun, chunk: int, after: Callable[[Batch], None] = lambda b: None) -> TuneRun:
    """Play every batch `chunk` games at a time, as the web's compute queue does."""
    for batch in run.batches():
        for start in range(batch.games.start, batch.games.stop, chunk):
            games = range(start, min(start + chunk, batch.games.stop))
            run.add(play_chunk("tilted", batch.options, SPECS, batch.seed, games, True))
        after(batch)
    return run


def test_how_batches_are_split_never_changes_the_search_or_its_recommendation() -> None:
    whole = play(TuneRun("tilted", space(), 2), chunk=1000)
    pieces = play(TuneRun("tilted", space(), 2), chunk=5)
    assert whole.trials == pieces.trials and len(whole.trials) == 6
    assert [(f.trial, vars(f.fresh)) for f in whole.finals] == [
        (f.trial, vars(f.fresh)) for f in pieces.finals
    ]
    assert len(whole.finals) == min(FINALISTS, len({t.params["edge"] for t in whole.trials}))
    assert all(f.fresh.games == 24 for f in whole.finals)


def test_progress_reaches_the_plan_and_never_goes_back() -> None:
    done: list[int] = []
    run = play(TuneRun("tilted", space(), 2), chunk=1000, after=lambda b: done.append(b.done))
    assert done == sorted(done)
    assert done[-1] == (6 + 2 * len(run.finals)) * 12


def test_a_spent_budget_starts_no_trial_after_two_but_the_finalists_are_measured() -> None:
    spent = False

    def after(batch: Batch) -> None:
        nonlocal spent
        spent = True  # spent out from the first batch on

    run = play(
        TuneRun("tilted", space(), 2, more=lambda ran: ran < 2 or not spent),
        chunk=1000,
        after=after,
    )
    assert run.ran == 2 and len(run.trials) == 2 and run.finals
    assert "all 6 trials were run" in run.reason  # the caller words the budget's reason


def test_an_interrupt_fails_the_trial_under_way_and_keeps_the_finished_ones() -> None:
    run = TuneRun("tilted", space(), 2)
    seeds: list[int] = []
    for batch in run.batches():
        seeds.append(batch.seed)
        run.add(play_chunk("tilted", batch.options, SPECS, batch.seed, batch.games, True))
        if len(seeds) == 6:  # two rungs into the second trial
            run.halt("interrupted")
    assert run.reason == "interrupted" and run.ran == 2
    assert [t.number for t in run.trials] == [0]
    assert seeds[6:] == [5 + FRESH] and len(run.finals) == 1


def test_a_refused_setting_plays_no_game_and_is_not_a_trial() -> None:
    tried = space(trials=3)
    tried.options = [Param("edge", choices=("no-such-number",))]
    run = TuneRun("tilted", tried, 2)
    assert list(run.batches()) == []
    assert run.trials == [] and run.finals == []
    assert all("refused" in t.user_attrs for t in run.study.trials)


def test_a_setting_that_reaches_the_stop_figure_ends_the_search() -> None:
    tried = space()
    tried.stop = 10.0  # any figure is good enough
    run = play(TuneRun("tilted", tried, 2), chunk=1000)
    assert run.ran == 1 and "trial 0 reached the goal" in run.reason
