"""The one driver of a tuning search: which games to play next, and when to stop.

`ludoteca tune` and the designer page's tuning search both run through `TuneRun`, each
with its own way of playing a batch of games (worker processes or Ray at the command
line; the compute queue, under a CPU budget, on the web). Optuna's ask-and-tell loop
lives here: every trial plays the same seeded games in `RUNGS` rungs, its figure is
reported after each and the median pruner may stop it; a setting drawn again is not
played again; the best `FINALISTS` settings are then measured on fresh seeds. A game's
seed depends only on its index, so how a batch is split never changes its games.
"""

from __future__ import annotations

import hashlib
import math
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import optuna
import tomli_w

from ludoteca import games
from ludoteca.core import LudotecaError
from ludoteca.core.datafile import inline_paths
from ludoteca.core.i18n import _
from ludoteca.sim.balance import BalanceStats
from ludoteca.sim.parallel import GameRecord, run_games
from ludoteca.sim.tune import (
    FRESH,
    RUNGS,
    Final,
    Measure,
    Space,
    TrialInfo,
    data_with,
    finalists,
    make_study,
    measure,
    ranked_finals,
    setting_key,
    settings_grid,
    trials_of,
)

Options = Callable[[dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class Batch:
    """Games to play next: the indices `games` of `options`, seeded from `seed`. Once
    they are played and added, `done` games of the search's plan are behind it."""

    options: dict[str, Any]
    games: range
    seed: int
    done: int


class TuneRun:
    """A search of `space` for `game`, played by `seats` agents.

    `options_of` turns a trial's parameters into the game's options (writing a data
    file if need be); `more(ran)` says whether another trial may start once `ran` have
    (a spent budget says no). The caller plays each batch of `batches()` and `add`s its
    records before asking for the next; `halt` ends the search early (an interrupt).
    """

    def __init__(
        self,
        game: str,
        space: Space,
        seats: int,
        options_of: Options = dict,
        more: Callable[[int], bool] = lambda ran: True,
        on_trial: Callable[[TrialInfo], None] | None = None,
    ) -> None:
        self.game, self.space, self.seats = game, space, seats
        self.options_of, self.more, self.on_trial = options_of, more, on_trial
        self.fates = space.fates if space.goal == "even" else ()
        self.study = make_study(space.seed)
        grid = settings_grid(space)
        self.limit = space.trials if grid is None else len(grid)
        """The trials the search may run: a small space's every setting, once each."""
        for params in grid or ():
            self.study.enqueue_trial(params)
        self.ran = 0
        """Trials started (a repeated setting counts; a refused one too)."""
        self.reason = (
            _("all {trials} trials were run", trials=space.trials)
            if grid is None
            else _("every one of the {count} settings was tried", count=len(grid))
        )
        """Why the search stopped."""
        self.finals: list[Final] = []
        """The finalists on fresh seeds, the recommended one first (once played)."""
        self._seen: dict[str, TrialInfo] = {}
        self._stats = BalanceStats(seats)
        self._done = 0
        self._halted = False
        self.searching = True
        """True until the final round starts."""

    def add(self, records: Iterable[GameRecord]) -> None:
        """Count the records of the batch just played."""
        for record in records:
            self._stats.add(record)

    def halt(self, reason: str) -> None:
        """Stop: the trial under way fails, no other starts; the finalists are measured."""
        self._halted, self.reason = True, reason

    @property
    def trials(self) -> list[TrialInfo]:
        """The finished and pruned trials so far."""
        return trials_of(self.study)

    def batches(self) -> Iterator[Batch]:
        """Every batch of the search, then of its final round."""
        while self.ran < self.limit and not self._halted:
            if not self.more(self.ran):
                break
            self.ran += 1
            yield from self._trial(self.study.ask())
        self.searching = False
        for top in finalists(self.trials):
            self._stats = BalanceStats(self.seats)
            games_ = 2 * self.space.games
            self._done += games_
            yield Batch(
                self.options_of(top.params), range(games_), self.space.seed + FRESH, self._done
            )
            self.finals.append(Final(top, measure(self._stats, self.fates)))
        self.finals = ranked_finals(self.finals, self.space, self.seats)

    def _trial(self, trial: optuna.Trial) -> Iterator[Batch]:
        """One trial's rungs, then its end told to Optuna."""
        space = self.space
        params = {p.name: p.suggest(trial) for p in [*space.options, *space.fields]}
        start, self._done = self._done, self._done + space.games
        options = self.options_of(params)
        refused = self._refused(options)
        key = setting_key(params)
        if refused:
            trial.set_user_attr("refused", refused)
            self.study.tell(trial, state=optuna.trial.TrialState.PRUNED)
            return
        if key in self._seen:  # the same seeds: the same games again, so none is played
            earlier = self._seen[key]
            trial.set_user_attr("repeat", earlier.number)
            yield Batch(options, range(0), space.seed, self._done)
            if earlier.finished:
                trial.set_user_attr("measure", earlier.measure)
                self.study.tell(trial, earlier.value)
            else:
                self.study.tell(trial, state=optuna.trial.TrialState.PRUNED)
            return
        self._stats = BalanceStats(self.seats)
        value: float = math.inf
        found: Measure | None = None
        for rung in range(1, RUNGS + 1):
            upto = max(1, space.games * rung // RUNGS)
            yield Batch(options, range(self._stats.games, upto), space.seed, start + upto)
            if self._halted:
                self.study.tell(trial, state=optuna.trial.TrialState.FAIL)
                return
            found = measure(self._stats, self.fates)
            value = found.value(space, self.seats)
            trial.report(value, rung - 1)
            trial.set_user_attr("measure", vars(found))
            if trial.should_prune():
                self._seen[key] = TrialInfo(trial.number, False, value, params, vars(found))
                self.study.tell(trial, state=optuna.trial.TrialState.PRUNED)
                return
        assert found is not None
        info = TrialInfo(trial.number, True, value, params, vars(found))
        self._seen[key] = info
        self.study.tell(trial, value)
        if self.on_trial is not None:
            self.on_trial(info)
        if space.stop is not None and value <= space.stop:
            self.halt(
                _(
                    "trial {number} reached the goal ({value} <= {stop})",
                    number=trial.number,
                    value=f"{value:.4f}",
                    stop=f"{space.stop:g}",
                )
            )

    def _refused(self, options: dict[str, Any]) -> str:
        """Why the game refuses `options` (or their seats are not the study's), or ''."""
        try:
            seats = games.load(self.game, **options).num_seats
        except LudotecaError as exc:
            return str(exc)
        if seats != self.seats:  # the agents are chosen for the game's own seats
            return _("{seats} seats: not the study's", seats=seats)
        return ""


@dataclass
class Tuner:
    """`ludoteca tune`'s search: batches played in worker processes or on Ray."""

    game: str
    space: Space
    specs: list[str]
    workers: int | None = None
    backend: str = "local"
    address: str | None = None
    progress: Callable[[int, str], None] | None = None
    _files: tempfile.TemporaryDirectory[str] = field(
        default_factory=lambda: tempfile.TemporaryDirectory(prefix="ludoteca-tune-")
    )

    def data_text(self, params: dict[str, Any]) -> str | None:
        """The data file of a trial's parameters, as TOML (None: the space tunes none)."""
        data = data_with(self.space, params)
        return None if data is None else tomli_w.dumps(data)

    def options_of(self, params: dict[str, Any]) -> dict[str, Any]:
        """The game options of a trial's parameters (a data file written if needed)."""
        options = {p.name: params[p.name] for p in self.space.options}
        text = self.data_text(params)
        if text is not None and self.space.data_option:
            digest = hashlib.blake2b(text.encode(), digest_size=8).hexdigest()
            path = Path(self._files.name) / f"trial-{digest}.toml"
            path.write_text(text, encoding="utf-8")
            options[self.space.data_option] = str(path)
        return inline_paths(games.info(self.game).options, options)

    def play(self, batch: Batch) -> Iterator[GameRecord]:
        """The records of a batch's games."""
        return run_games(
            self.game,
            batch.options,
            self.specs,
            batch.games.stop,
            batch.seed,
            self.workers,
            usage=True,
            backend=self.backend,
            address=self.address,
            start=batch.games.start,
        )

    def run(self) -> TuneRun:
        """The whole search and its final round; a first Ctrl-C during the search ends
        it there and the finalists are still measured."""
        run = TuneRun(self.game, self.space, len(self.specs), self.options_of, on_trial=self._said)
        for batch in run.batches():
            if not batch.games:
                continue
            try:
                run.add(self.play(batch))
            except KeyboardInterrupt:
                if not run.searching:
                    raise
                run.halt(_("interrupted"))
        return run

    def _said(self, trial: TrialInfo) -> None:
        if self.progress is not None:
            self.progress(trial.number, f"{trial.value:.4f}")
