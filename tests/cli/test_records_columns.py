"""Per-game records keep every column (#42 item 5): Toxicity's statistics name the
characters and items that came up, so a later game can bring columns the first had not
got; the CSV grows them (earlier rows blank there) instead of dropping them."""

from __future__ import annotations

import csv
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.cli.report import RecordWriter
from ludoteca.sim.parallel import GameRecord

KEYS = ("blue.rounds", "blue.door", "item:knife.rounds", "red.dead")


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sets(st.sampled_from(KEYS)), min_size=1, max_size=12))
def test_every_statistic_of_every_game_reaches_the_csv(stats: list[set[str]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "records.csv"
        records = [
            GameRecord(i, 100 + i, (1.0, 0.0), 0, 10, {key: float(i + 1) for key in keys})
            for i, keys in enumerate(stats)
        ]
        with RecordWriter(path) as writer:
            for record in records:
                writer.write(record)
        with path.open(newline="") as lines:
            rows = list(csv.DictReader(lines))
        assert [int(row["index"]) for row in rows] == list(range(len(records)))
        for row, record in zip(rows, records, strict=True):
            for key in KEYS:
                wanted = record.statistics.get(key)
                assert row.get(key, "") == ("" if wanted is None else str(wanted)), (key, row)
        assert not (path.parent / "records.csv.tmp").exists()
