"""Per-game record files read back (`ludoteca balance --merge`) and written as Parquet.

`GameRecord.row` flattens a game into one row: `index`, `seed`, `winner`, `unfinished`,
`steps`, `score_<seat>`, derived columns (`margin`, `lead_changes`, `comeback`), the
game's statistics by name, and usage keys seat by seat (`card:a.OG-2[1]`). A balance
run adds `game`, `setting` and `agents` first. `read_records` turns such rows (CSV, JSON lines
or Parquet) back into records; Parquet (`pyarrow`, the `parquet` extra) is imported only
where it is used.
"""

from __future__ import annotations

import csv
import json
import math
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludoteca.core import OptionError
from ludoteca.core.extras import require
from ludoteca.core.i18n import _
from ludoteca.sim.parallel import GameRecord

SUFFIXES = (".csv", ".jsonl", ".parquet")
DERIVED = frozenset({"margin", "lead_changes", "comeback"})
"""Columns computed from the others: not read back."""
MAX_COLUMNS = 20_000
MAX_SEATS = 64
BATCH = 4_096
_SEAT_KEY = re.compile(r"^(.+)\[(\d{1,2})\]$")
_SCORE = re.compile(r"^score_(\d{1,2})$")


@dataclass(frozen=True)
class Row:
    """One game read from a records file: where it was played, and what happened."""

    game: str | None
    setting: str | None
    agents: str | None
    record: GameRecord


def check_suffix(path: Path, flag: str) -> None:
    """Refuse a records file whose kind its name does not say."""
    if path.suffix not in SUFFIXES:
        raise OptionError(
            _(
                "{flag} {path}: the file must end in .csv, .jsonl or .parquet",
                flag=flag,
                path=str(path),
            )
        )


def read_records(path: Path) -> Iterator[Row]:
    """Every game of a records file, in order (`OptionError` naming the file and the row
    that is wrong; a blank cell is a figure the game did not have)."""
    check_suffix(path, "--merge")
    if not path.exists():
        raise OptionError(_("--merge {path}: no such file", path=str(path)))
    if not path.is_file():  # a pipe or a device would block or never end
        raise OptionError(_("--merge {path}: not a regular file", path=str(path)))
    for number, raw in enumerate(_raw_rows(path), start=1):
        try:
            yield _row(raw)
        except (KeyError, ValueError, TypeError) as exc:
            problem = (
                _("no {column} column", column=str(exc.args[0]))
                if isinstance(exc, KeyError)
                else str(exc)
            )
            raise OptionError(
                _("{path}: game {n}: {problem}", path=str(path), n=number, problem=problem)
            ) from None


def _raw_rows(path: Path) -> Iterator[dict[str, Any]]:
    """The rows of a file as mappings (streamed: memory stays flat)."""
    try:
        if path.suffix == ".parquet":
            yield from _parquet_rows(path)
            return
        with path.open(encoding="utf-8", newline="") as file:
            if path.suffix == ".csv":
                reader = csv.DictReader(file)
                if len(reader.fieldnames or ()) > MAX_COLUMNS:
                    raise OptionError(_("{path}: too many columns", path=str(path)))
                yield from reader
                return
            for line in file:
                if line.strip():
                    value = json.loads(line)
                    if not isinstance(value, dict) or len(value) > MAX_COLUMNS:
                        raise ValueError(_("a line is not one game's object"))
                    yield value
    except (UnicodeDecodeError, ValueError, csv.Error) as exc:  # JSON's errors are ValueErrors
        raise OptionError(_("cannot read {path}: {exc}", path=str(path), exc=str(exc))) from None
    except RecursionError:
        raise OptionError(_("cannot read {path}: nested too deep", path=str(path))) from None


def _parquet_rows(path: Path) -> Iterator[dict[str, Any]]:
    pq = require("pyarrow.parquet", _("a Parquet records file"))
    try:
        parquet = pq.ParquetFile(path)
        if len(parquet.schema_arrow) > MAX_COLUMNS:
            raise OptionError(_("{path}: too many columns", path=str(path)))
        for batch in parquet.iter_batches(batch_size=BATCH):
            yield from batch.to_pylist()
    except OSError as exc:  # pyarrow's ArrowInvalid is one
        raise OptionError(_("cannot read {path}: {exc}", path=str(path), exc=str(exc))) from None


def _number(value: Any) -> float | None:
    """A cell as a number; None for a blank one."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        return float(value)
    number = float(value)
    if not math.isfinite(number):
        raise ValueError(_("{value} is not a finite number", value=str(value)))
    return number


def _integer(value: Any) -> int | None:
    """A cell as a whole number, exactly (a seed has 63 bits; `3.0` from a spreadsheet is
    3); None for a blank one."""
    if value is None or value == "":
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    wrong = ValueError(_("{value} is not a whole number", value=str(value)))
    if isinstance(value, str):
        try:
            return int(value)
        except ValueError:
            try:
                value = float(value)
            except ValueError:
                raise wrong from None
    if not isinstance(value, float) or not value.is_integer() or abs(value) > 2**53:
        raise wrong
    return int(value)


def _flag(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if str(value) in ("True", "true", "1"):
        return True
    if str(value) in ("False", "false", "0", ""):
        return False
    raise ValueError(_("{value} is not true or false", value=str(value)))


def _row(raw: dict[str, Any]) -> Row:
    """One raw row as a record."""
    scores: dict[int, float] = {}
    usage: dict[str, dict[int, float]] = {}
    statistics: dict[str, float] = {}
    for key, value in raw.items():
        key = str(key)
        if key in ("game", "setting", "agents", "index", "seed", "winner", "unfinished", "steps"):
            continue
        if key in DERIVED:
            continue
        number = _number(value)
        if (score := _SCORE.match(key)) is not None:
            scores[int(score.group(1))] = number or 0.0
        elif (seat := _SEAT_KEY.match(key)) is not None:
            if number is not None:
                usage.setdefault(seat.group(1), {})[int(seat.group(2))] = number
        elif number is not None:
            statistics[key] = number
    seats = len(scores)
    if not 1 <= seats <= MAX_SEATS or sorted(scores) != list(range(seats)):
        raise ValueError(_("the scores must be score_0, score_1 ... one a seat"))
    winner = _integer(raw.get("winner"))
    if winner is not None and not 0 <= winner < seats:
        raise ValueError(_("winner {winner} is not a seat", winner=str(raw.get("winner"))))
    record = GameRecord(
        index=_integer(raw["index"]) or 0,
        seed=_integer(raw["seed"]) or 0,
        scores=tuple(scores[s] for s in range(seats)),
        winner=winner,
        steps=_integer(raw["steps"]) or 0,
        statistics=statistics,
        usage={
            key: tuple(by_seat.get(s, 0.0) for s in range(seats)) for key, by_seat in usage.items()
        },
        unfinished=_flag(raw.get("unfinished", False)),
    )
    game, setting, agents = (_text(raw.get(key)) for key in ("game", "setting", "agents"))
    return Row(game, setting, agents, record)


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


def write_parquet(lines: Path, out: Path) -> None:
    """Write the JSON lines file `lines` (one game's row each) as the Parquet file `out`:
    a first pass finds every column (later games may bring new ones), a second writes
    them in batches, so memory stays flat."""
    pa = require("pyarrow", _("a Parquet records file"))
    pq = require("pyarrow.parquet", _("a Parquet records file"))
    columns: dict[str, None] = {}
    with lines.open(encoding="utf-8") as file:
        for line in file:
            columns.update(dict.fromkeys(json.loads(line)))
    kinds: dict[str, Any] = {key: pa.string() for key in ("game", "setting", "agents")}
    kinds |= {"unfinished": pa.bool_(), "comeback": pa.bool_()}
    kinds |= {name: pa.int64() for name in ("index", "seed", "winner", "steps")}
    schema = pa.schema([(name, kinds.get(name, pa.float64())) for name in columns])
    temporary = out.with_name(out.name + ".tmp")
    with pq.ParquetWriter(temporary, schema) as writer, lines.open(encoding="utf-8") as file:
        batch: list[dict[str, Any]] = []
        for line in file:
            batch.append(json.loads(line))
            if len(batch) == BATCH:
                writer.write_table(pa.Table.from_pylist(batch, schema))
                batch = []
        if batch or not columns:
            writer.write_table(pa.Table.from_pylist(batch, schema))
    os.replace(temporary, out)
