"""Printing simulation summaries and streaming per-game records to disk."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from rich.console import Console
from rich.progress import ProgressColumn, Task
from rich.table import Table
from rich.text import Text

from ludoteca.core import OptionError
from ludoteca.core.i18n import _
from ludoteca.core.text import spreadsheet_cell
from ludoteca.sim.parallel import GameRecord


class RateColumn(ProgressColumn):
    """Games finished per second."""

    def render(self, task: Task) -> Text:
        """The task's speed, once known."""
        speed = task.finished_speed or task.speed
        return Text("" if speed is None else f"{speed:,.1f} games/s", style="cyan")


def print_summary(console: Console, report: dict[str, Any], seed: int) -> None:
    """A table of seats with win rates and mean scores, then the game figures."""
    table = Table(title=f"{report['game']}: {report['games']} games, seed {seed}")
    for column in ("seat", "agent", "wins", "win rate", "mean score"):
        table.add_column(column)
    for row in report["seats"]:
        table.add_row(
            str(row["seat"]),
            row["agent"],
            str(row["wins"]),
            f"{row['win_rate']:.1%}",
            f"{row['mean_score']:.2f}",
        )
    console.print(table)
    unfinished = ""
    if report["unfinished"]:
        unfinished = (
            f"stopped unfinished by a limit in the options (no result) "
            f"{report['unfinished_rate']:.1%}; "
        )
    console.print(
        f"draws {report['draw_rate']:.1%}; {unfinished}"
        f"mean actions per game {report['mean_actions_per_game']:.1f}"
    )
    for key, value in report["mean_statistics"].items():
        console.print(f"mean {key} per game {value:.2f}")


class RecordWriter:
    """Writes one row per game to a .csv or .jsonl file as games finish (or nothing)."""

    def __init__(self, path: Path | None) -> None:
        if path is not None and path.suffix not in (".csv", ".jsonl"):
            raise OptionError(
                _("--records {path}: the file must end in .csv or .jsonl", path=str(path))
            )
        self.path = path
        self._file: IO[str] | None = None
        self._csv: csv.DictWriter[str] | None = None

    def __enter__(self) -> RecordWriter:
        if self.path is not None:
            try:
                self._file = self.path.open("w", encoding="utf-8", newline="")
            except OSError as exc:
                raise OptionError(
                    _(
                        "--records {path}: {strerror}",
                        path=str(self.path),
                        strerror=str(exc.strerror),
                    )
                ) from None
        return self

    def write(self, record: GameRecord) -> None:
        """Append one game's row."""
        if self._file is None:
            return
        row = record.row()
        if self.path is not None and self.path.suffix == ".jsonl":
            self._file.write(json.dumps(row) + "\n")
            return
        if self._csv is None:
            self._csv = csv.DictWriter(self._file, fieldnames=list(row), extrasaction="ignore")
            self._csv.writeheader()
        self._csv.writerow({k: spreadsheet_cell(v) for k, v in row.items()})

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._file is not None:
            self._file.close()
