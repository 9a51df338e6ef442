"""Printing simulation summaries and streaming per-game records to disk."""

from __future__ import annotations

import csv
import json
import time
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from ludoteca.core import OptionError, i18n
from ludoteca.core.extras import require
from ludoteca.core.i18n import N_, _
from ludoteca.core.text import spreadsheet_cell
from ludoteca.sim.parallel import GameRecord
from ludoteca.sim.records import check_suffix, write_parquet

FLUSH = 1.0
"""Seconds at most between writes of the records file to disk (a killed run keeps them)."""
SUMMARY_COLUMNS = (N_("seat"), N_("agent"), N_("wins"), N_("win rate"), N_("mean score"))


class RateColumn(ProgressColumn):
    """Games finished per second since the start (games come back in bursts from a
    cluster: a recent-window rate would leap)."""

    def render(self, task: Task) -> Text:
        """The task's speed, once known."""
        elapsed = task.elapsed
        speed = task.finished_speed or (
            task.completed / elapsed if elapsed and task.completed else None
        )
        shown = "" if speed is None else _("{rate} games/s", rate=i18n.format_fixed(speed, 1))
        return Text(shown, style="cyan")


def games_progress(console: Console, disable: bool) -> Progress:
    """The progress bar of a run of games: description, bar, games done, rate, time left."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn(_("{task.completed}/{task.total} games")),
        RateColumn(),
        TimeRemainingColumn(),
        console=console,
        disable=disable,
    )


def print_summary(console: Console, report: dict[str, Any], seed: int) -> None:
    """A table of seats with win rates and mean scores, then the game figures."""
    title = _(
        "{game}: {n} games, seed {seed}", game=report["game"], n=report["games"], seed=str(seed)
    )
    table = Table(title=escape(title))
    for column in SUMMARY_COLUMNS:
        table.add_column(_(column))
    for row in report["seats"]:
        table.add_row(
            str(row["seat"]),
            escape(row["agent"]),
            i18n.format_number(row["wins"]),
            i18n.format_percent(row["win_rate"]),
            i18n.format_fixed(row["mean_score"], 2),
        )
    console.print(table)
    unfinished = ""
    if report["unfinished"]:
        unfinished = _(
            "stopped unfinished by a limit in the options (no result) {rate}; ",
            rate=i18n.format_percent(report["unfinished_rate"]),
        )
    said = _(
        "draws {draws}; {unfinished}mean actions per game {actions}",
        draws=i18n.format_percent(report["draw_rate"]),
        unfinished=unfinished,
        actions=i18n.format_fixed(report["mean_actions_per_game"], 1),
    )
    console.print(escape(said))
    for key, value in report["mean_statistics"].items():
        said = _(
            "mean {statistic} per game {value}", statistic=key, value=i18n.format_fixed(value, 2)
        )
        console.print(escape(said))


class RecordWriter:
    """Writes one row per game to a .csv, .jsonl or .parquet file as games finish (or
    nothing)."""

    def __init__(self, path: Path | None, usage: bool = False) -> None:
        if path is not None:
            check_suffix(path, "--records")
        self.path, self.usage = path, usage
        self._file: IO[str] | None = None
        self._csv: csv.DictWriter[str] | None = None
        self._flushed = time.monotonic()
        self._lines = path if path is None or path.suffix != ".parquet" else _lines_beside(path)
        """The file rows go to as they come: JSON lines first for Parquet, written at
        the end (a Parquet file is written whole)."""

    def __enter__(self) -> RecordWriter:
        if self.path is not None and self._lines is not None:
            if self.path.suffix == ".parquet":
                _need_pyarrow()
            try:
                self._file = self._lines.open("w", encoding="utf-8", newline="")
            except OSError as exc:
                raise OptionError(
                    _(
                        "--records {path}: {strerror}",
                        path=str(self.path),
                        strerror=str(exc.strerror),
                    )
                ) from None
        return self

    def write(self, record: GameRecord, **study: str) -> None:
        """Append one game's row, first the `study`'s columns (a balance run: the game,
        the setting it was played in, the agents who played it)."""
        if self._file is None:
            return
        row: dict[str, Any] = dict(study)
        row.update(record.row(self.usage))
        if self.path is not None and self.path.suffix != ".csv":
            self._file.write(json.dumps(row) + "\n")
        else:
            if self._csv is None:
                self._csv = csv.DictWriter(self._file, fieldnames=list(row))
                self._csv.writeheader()
            elif not row.keys() <= set(self._csv.fieldnames):
                self._widen(
                    [*self._csv.fieldnames, *(k for k in row if k not in self._csv.fieldnames)]
                )
            self._csv.writerow({k: spreadsheet_cell(v) for k, v in row.items()})
        if time.monotonic() - self._flushed > FLUSH:  # a run cut short keeps its games
            self._file.flush()
            self._flushed = time.monotonic()

    def _widen(self, fields: list[str]) -> None:
        """A game brought columns the file has not got (Toxicity's statistics name the
        characters and items that came up): rewrite the file with them, the earlier rows
        blank there, row by row (memory stays flat), and go on appending."""
        assert self._file is not None and self.path is not None
        self._file.close()
        wider = self.path.with_name(self.path.name + ".tmp")
        with (
            self.path.open(encoding="utf-8", newline="") as old,
            wider.open("w", encoding="utf-8", newline="") as new,
        ):
            writer = csv.DictWriter(new, fieldnames=fields, restval="")
            writer.writeheader()
            writer.writerows(csv.DictReader(old))
        wider.replace(self.path)
        self._file = self.path.open("a", encoding="utf-8", newline="")
        self._csv = csv.DictWriter(self._file, fieldnames=fields, restval="")

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._file is not None:
            self._file.close()
        if self.path is not None and self._lines is not None and self._lines != self.path:
            try:
                if kind is None or issubclass(kind, KeyboardInterrupt):  # keep what was played
                    write_parquet(self._lines, self.path)
            finally:
                self._lines.unlink(missing_ok=True)


def _lines_beside(path: Path) -> Path:
    """The JSON lines file a Parquet file's rows wait in, beside it."""
    return path.with_name(path.name + ".jsonl.tmp")


def _need_pyarrow() -> None:
    """Refuse Parquet before any game is played when pyarrow is not installed."""
    require("pyarrow", _("a Parquet records file"))
