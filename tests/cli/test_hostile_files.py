"""Issue 36, item 7: files named on the command line that exhausted the process or gave a
traceback — a device, a named pipe, a 5,000-digit integer, nesting 60,000 deep — get one
line naming what is wrong and exit 2, without reading without end or waiting."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.cli.test_hostile_cli import one_error, run

HUGE = "9" * 5_000
DEEP = "[" * 60_000 + "]" * 60_000


def _files(folder: Path) -> None:
    """The hostile files in `folder`, each named as in `CASES` ("zero" is /dev/zero)."""
    files = {
        "huge.json": '{"game": "toinc", "seed": ' + HUGE + "}",
        "deep.json": DEEP,
        "huge.toml": "a = " + HUGE + "\n",
        "deep.toml": "a = " + DEEP + "\n",
        "huge.jsonl": '{"index": 0, "seed": ' + HUGE + "}\n",
        "deep.jsonl": DEEP + "\n",
    }
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    os.mkfifo(folder / "pipe")
    os.mkfifo(folder / "pipe.csv")
    (folder / "zero").symlink_to("/dev/zero")


CASES = [
    (("replay", "huge.json"), "a number longer than 20 digits"),
    (("replay", "deep.json"), "nested more than 32 levels deep"),
    (("tournament", "--db", "{db}", "import", "huge.json"), "a number longer than 20 digits"),
    (("tournament", "--db", "{db}", "import", "deep.json"), "nested more than 32 levels"),
    (("tournament", "--db", "{db}", "import", "zero"), "not a regular file"),
    (("tournament", "--db", "{db}", "import", "pipe"), "not a regular file"),
    (("tournament", "--db", "{db}", "import-players", "cup", "pipe"), "not a regular file"),
    (("tournament", "--db", "{db}", "import-players", "cup", "zero"), "not a regular file"),
    (("tune", "futebol", "huge.toml"), "a number longer than 20 digits"),
    (("tune", "futebol", "deep.toml"), "nested more than 32 levels deep"),
    (("simulate", "toinc", "-n", "1", "-o", "deck=huge.toml"), "a number longer than 20"),
    (("simulate", "toinc", "-n", "1", "-o", "deck=deep.toml"), "nested more than 32 levels"),
    (("balance", "kalah", "--merge", "huge.jsonl"), "cannot read huge.jsonl"),
    (("balance", "kalah", "--merge", "deep.jsonl"), "cannot read deep.jsonl"),
    (("balance", "kalah", "--merge", "pipe.csv"), "not a regular file"),
]


@pytest.mark.parametrize(("command", "said"), CASES, ids=[" ".join(c) for c, _ in CASES])
def test_a_hostile_file_is_one_line_and_exit_2(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    command: tuple[str, ...],
    said: str,
) -> None:
    _files(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert run(monkeypatch, "tournament", "--db", "cup.db", "new", "cup") == 0
    capsys.readouterr()
    assert run(monkeypatch, *(part.format(db="cup.db") for part in command)) == 2
    assert said in one_error(capsys)
