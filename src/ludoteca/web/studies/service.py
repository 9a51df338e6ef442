"""Designers' studies run by the server (issue 23, part 4): a balance study of one
setting, or several compared, started from the designer page.

A study is bounded before it starts (at most `MAX_GAMES` games a setting, `MAX_SETTINGS`
settings, `MAX_RUNNING` studies at once) and
while it runs (`study_budget`: worker CPU time), and
plays its games in chunks on the server's bot workers (`compute.ComputeQueue`), never in
the server's process: its progress is stored after each chunk. The report is built in a
worker too, and kept in the database with the study; the list shows the newest.
Nothing a request carries names a file: options are the game's own, checked by it.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from ludoteca import games
from ludoteca.agents.levels import level_spec
from ludoteca.core import LudotecaError, i18n
from ludoteca.core.i18n import N_, _, format_percent
from ludoteca.core.options import DataFile, Option
from ludoteca.sim.balance import BalanceStats
from ludoteca.sim.parallel import CHUNK, GameRecord, play_chunk
from ludoteca.sim.study import Looks
from ludoteca.sim.study_run import StudyRun
from ludoteca.web.shared.compute import ComputeQueue
from ludoteca.web.shared.errors import WebError, bad_request
from ludoteca.web.shared.requests import field_int, field_str
from ludoteca.web.studies.budget import STUDY_SECONDS, Budget
from ludoteca.web.studies.store import StudyStore, view
from ludoteca.web.studies.tune import parse_tune, run_tune, tune_total
from ludoteca.web.tables.lease import Leases

log = logging.getLogger("ludoteca.web")
MAX_GAMES = 1000
MAX_SETTINGS = 4
MAX_RUNNING = 2
LEVELS = ("random", "easy", "medium", "hard")
CALIBRATE = 10
"""Games a seating to measure the agents against random."""
RESTARTED = N_("the server restarted during the study")
DEFAULT_PRECISION = 3.0
"""With `until_clear`: points of win rate that count as 'the same' (as `balance`)."""


def parse_study(data: dict[str, Any]) -> dict[str, Any]:
    """A study's settings from a request `{game, games, level?, settings?: [{key: value}],
    seed?}`, or a tuning search's `{kind: "tune", game, games, trials, goal, target?,
    space, level?, seed?}` (400 naming the first thing wrong; the game checks its own
    options)."""
    game = field_str(data, "game", 64)
    if game not in games.playable():
        raise bad_request(_("unknown game {game}", game=repr(game)))
    if data.get("kind", "balance") not in ("balance", "tune"):
        raise bad_request(_("field 'kind' must be balance or tune"))
    if data.get("kind") == "tune":
        level = str(data.get("level") or "medium")
        if level not in LEVELS:
            raise bad_request(_("field 'level' must be one of {levels}", levels=", ".join(LEVELS)))
        tune = parse_tune(game, data, level)
        tune["seed"] = field_int(data, "seed") if "seed" in data else 0
        return tune
    n = field_int(data, "games")
    if not 10 <= n <= MAX_GAMES:
        raise bad_request(_("field 'games' must be 10 to {most}", most=MAX_GAMES))
    level = str(data.get("level") or "medium")
    if level not in LEVELS:
        raise bad_request(_("field 'level' must be one of {levels}", levels=", ".join(LEVELS)))
    raw = data.get("settings") or [{}]
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_SETTINGS:
        raise bad_request(
            _("field 'settings' must be a list of 1 to {most} settings", most=MAX_SETTINGS)
        )
    declared = {option.name: option for option in games.info(game).options}
    settings = [_setting(game, declared, setting) for setting in raw]
    seed = field_int(data, "seed") if "seed" in data else 0
    chosen = {"games": n, "level": level, "settings": settings, "seed": seed}
    return chosen | _until_clear(data)


def _until_clear(data: dict[str, Any]) -> dict[str, Any]:
    """A sequential study's fields (`until_clear`, `precision`), or none."""
    until_clear = data.get("until_clear", False)
    precision = data.get("precision", DEFAULT_PRECISION)
    if not isinstance(until_clear, bool):
        raise bad_request(_("field 'until_clear' must be true or false"))
    if (
        isinstance(precision, bool)
        or not isinstance(precision, int | float)
        or not 0.1 <= precision <= 50
    ):
        raise bad_request(_("field 'precision' must be 0.1 to 50 points"))
    return {"until_clear": True, "precision": float(precision)} if until_clear else {}


def _setting(game: str, declared: dict[str, Option], setting: Any) -> dict[str, Any]:
    """One setting of a study: the game's own options, checked by loading it."""
    if not isinstance(setting, dict) or len(setting) > len(declared):
        raise bad_request(_("each setting must be an object of the game's options"))
    for key, value in setting.items():
        option = declared.get(key)
        if option is None:
            raise bad_request(_("{game} has no option {key} to study", game=game, key=repr(key)))
        if not isinstance(value, str | int | float | bool) or len(str(value)) > 64:
            raise bad_request(_("option {key}: a short value", key=repr(key)))
        if option.kind is DataFile and value not in (option.choices or ()):
            raise bad_request(  # a file the game ships, never a path or an upload
                _(
                    "option {key}: one of the files the game ships: {presets}",
                    key=repr(key),
                    presets=", ".join(option.choices or ()) or "-",
                )
            )
    try:
        games.load(game, **setting)
    except LudotecaError as exc:
        raise bad_request(str(exc)) from None
    return dict(setting)


def label_of(setting: dict[str, Any]) -> str:
    """A setting as people read it."""
    return ", ".join(f"{k}={v}" for k, v in setting.items()) or _("default options")


def build_report(
    game: str,
    settings: dict[str, Any],
    stats: list[BalanceStats],
    language: str,
    stopped: str | None = None,
) -> tuple[str, list[str]]:
    """The report of a finished study and a line per setting (in a worker process);
    `stopped`: why its looks ended it early, if they did."""
    from ludoteca.sim.study_report import finish_study  # matplotlib, in the worker only

    i18n.set_current(language)
    runs = [(label_of(s), s) for s in settings["settings"]]
    specs = [level_spec(game, settings["level"])] * len(stats[0].wins)
    _study, shown, page = finish_study(
        game, runs, specs, settings["level"], settings["seed"], stats, CALIBRATE, 1, stopped
    )
    summary = []
    for index, setting in enumerate(shown):
        played = setting.stats
        low, high = played.win_interval(0)
        fair_low, fair_high = played.decided_interval(0)
        summary.append(
            _(
                "{name}: first seat wins {rate} ({low} – {high}) in {games} games; of the "
                "{decided} decided games, {share} ({fair_low} – {fair_high}), an even share "
                "being {fair}",
                name=f"{chr(65 + index)}: {setting.label}" if len(shown) > 1 else setting.label,
                rate=format_percent(played.win_rate(0)),
                low=format_percent(low),
                high=format_percent(high),
                games=played.games,
                decided=played.decided,
                share=format_percent(played.decided_share(0)),
                fair_low=format_percent(fair_low),
                fair_high=format_percent(fair_high),
                fair=format_percent(1 / played.seats, 0),
            )
        )
    return page, summary


def _stopped(played: int, count: int, budget: Budget) -> str:
    """The summary's note on a study its work limit stopped."""
    return _(
        "stopped at the server's work limit ({minutes} CPU minutes a study): {played} of "
        "{count} games a setting played",
        minutes=round(budget.seconds / 60),
        played=played,
        count=count,
    )


class StudyService:
    """Starts studies and runs them in the background."""

    def __init__(
        self,
        store: StudyStore,
        compute: ComputeQueue,
        leases: Leases,
        study_seconds: float = STUDY_SECONDS,
    ) -> None:
        self.store = store
        self.compute = compute
        self.leases = leases
        self.study_seconds = study_seconds  # worker CPU seconds a study may take
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._starting = 0  # studies admitted and being stored (`create`)

    async def resume(self, grace: float = 0.0) -> None:
        """Play again, from the start, the studies no process runs: those a restart
        stopped, or whose process died (no live lease; `web.lease`), begun over `grace`
        seconds ago. Their games have the same seeds: the report is the one an unbroken
        run would have written."""
        for row in await asyncio.to_thread(self.store.orphans, grace):
            task = self._tasks.get(row.id)
            if task is None or task.done():
                log.info("study %s: its server process stopped; played again", row.id)
                language = row.language or i18n.SOURCE
                run = self._run(row.id, row.game, row.settings, language)
                self._tasks[row.id] = asyncio.create_task(run)

    async def create(self, data: dict[str, Any]) -> dict[str, Any]:
        """Start a study; its view."""
        settings = parse_study(data)
        game = field_str(data, "game", 64)
        # Counted with those being stored: two requests at once cannot both see a free place.
        running = self._starting + sum(1 for task in self._tasks.values() if not task.done())
        if running >= MAX_RUNNING:
            raise WebError(
                429,
                _(
                    "{running} studies are running, the server's limit: try again later",
                    running=running,
                ),
            )
        self.compute.admit(_("a study"))
        if "space" in settings:
            kind, total = "tune", tune_total(settings)
        else:
            kind = "compare" if len(settings["settings"]) > 1 else "balance"
            total = settings["games"] * len(settings["settings"])
        language = i18n.current()
        self._starting += 1  # holds its place while it is stored
        try:
            study_id = await asyncio.to_thread(
                self.store.create, kind, game, settings, total, language
            )
            self._tasks[study_id] = asyncio.create_task(
                self._run(study_id, game, settings, language)
            )
        finally:
            self._starting -= 1
        return view(await asyncio.to_thread(self.store.get, study_id))

    async def _run(self, study_id: str, game: str, settings: dict[str, Any], language: str) -> None:
        async with self.leases.keep(f"study:{study_id}") as held:
            if held:  # else another process plays it
                await asyncio.to_thread(self.store.advance, study_id, 0)
                await self._play(study_id, game, settings, language)

    async def _play(
        self, study_id: str, game: str, settings: dict[str, Any], language: str
    ) -> None:
        try:
            if "space" in settings:
                seats = games.load(game).num_seats
                specs = [level_spec(game, settings["level"])] * seats

                async def advance(done: int) -> None:
                    await asyncio.to_thread(self.store.advance, study_id, done)

                budget = Budget(self.study_seconds)
                page, summary = await run_tune(
                    game, settings, specs, self.compute, advance, language, budget
                )
                await asyncio.to_thread(self.store.finish, study_id, page, summary)
                return
            seats = games.load(game, **settings["settings"][0]).num_seats
            specs = [level_spec(game, settings["level"])] * seats
            count, budget = settings["games"], Budget(self.study_seconds)
            looks = None
            if settings.get("until_clear"):
                looks = Looks(max(1, count // 10), count, settings["precision"] / 100)
            run = StudyRun(len(settings["settings"]), seats, count, CHUNK, looks)
            # A round is a chunk of every setting (a look's games with `until_clear`): all
            # advance alike, until the budget ends or the answer is clear (the first round
            # is always played: a report needs games).
            for batch in run.rounds():
                if run.played and budget.spent_out:
                    break
                for index, games_ in batch:
                    for start in range(games_.start, games_.stop, CHUNK):
                        chunk = range(start, min(start + CHUNK, games_.stop))
                        records: list[GameRecord] = await budget.run(
                            self.compute,
                            play_chunk,
                            game,
                            settings["settings"][index],
                            specs,
                            settings["seed"],
                            chunk,
                            True,
                        )
                        run.add(index, records)
                        await asyncio.to_thread(self.store.advance, study_id, run.played)
            stats = run.stats
            page, summary = await self.compute.run(
                build_report, game, settings, stats, language, run.stopped
            )
            if run.stopped:
                summary.append(run.stopped)
            elif stats[0].games < count:
                summary.append(_stopped(stats[0].games, count, budget))
            await asyncio.to_thread(self.store.finish, study_id, page, summary)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a study that breaks says so on the page, not in a 500
            log.exception("study %s failed", study_id)
            await asyncio.to_thread(self.store.fail, study_id, str(exc) or type(exc).__name__)

    async def stop(self) -> None:
        """Cancel the running studies (the server is stopping)."""
        for task in self._tasks.values():
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)
