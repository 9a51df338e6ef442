"""Reading data files: one clear error for a missing, binary or malformed file."""

from __future__ import annotations

import os
import re
import threading
from pathlib import Path

import pytest

from ludoteca.core import DataFile, DataFileError, Option, OptionError
from ludoteca.core.datafile import inline_paths, read_bounded, read_toml
from ludoteca.core.options import MAX_DATA_FILE
from tests.patience import PATIENCE


def test_reads_a_document(tmp_path: Path) -> None:
    path = tmp_path / "b.toml"
    path.write_text('name = "pitch"\n[size]\nrows = 3\n')
    assert read_toml(path, "board file") == {"name": "pitch", "size": {"rows": 3}}


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read it"),
        (b"\xff\xfe\x00", "not UTF-8 text"),
        (b"rows = = 3", "not valid TOML"),
    ],
)
def test_bad_files_are_named(tmp_path: Path, content: bytes | None, message: str) -> None:
    path = tmp_path / "b.toml"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(DataFileError, match=re.escape(f"board file {path}: {message}")):
        read_toml(path, "board file")


def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    """A FIFO is not a regular file: refused at once, never read (it would block)."""
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    refused: list[str] = []

    def read() -> None:
        with pytest.raises(DataFileError, match="not a regular file") as error:
            read_bounded(fifo, "deck file")
        refused.append(str(error.value))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout=PATIENCE)  # opening the pipe to read would block here for ever
    assert refused, "the read blocked on the pipe, or was not refused"


def test_devices_and_directories_are_refused(tmp_path: Path) -> None:
    """/dev/zero would never end; a directory is not a file: both refused, nothing read."""
    with pytest.raises(DataFileError, match="not a regular file"):
        read_bounded(Path("/dev/zero"), "deck file")
    with pytest.raises(DataFileError, match="not a regular file"):
        read_bounded(tmp_path, "deck file")


def test_a_file_over_the_limit_is_refused(tmp_path: Path) -> None:
    """The size cap: `limit` bytes pass, one more is refused."""
    path = tmp_path / "big.toml"
    path.write_bytes(b"x" * 100)
    assert read_bounded(path, "deck file", limit=100) == "x" * 100
    path.write_bytes(b"x" * 101)
    with pytest.raises(DataFileError, match="larger than the limit of 100 bytes"):
        read_bounded(path, "deck file", limit=100)


FILE_OPTION = Option("deck", None, "a deck", kind=DataFile, choices=("default",))


def test_a_file_option_takes_a_preset_or_content_never_a_path() -> None:
    """A file option's value: None, a preset name, or `{name, content}`; a path is refused."""
    assert FILE_OPTION.parse("g", None) is None
    assert FILE_OPTION.parse("g", "default") == "default"
    uploaded = {"name": "mine.toml", "content": 'name = "x"'}
    assert FILE_OPTION.parse("g", uploaded) == uploaded
    for path in ("ludoteca-web.db", "/etc/passwd", "../default", "/dev/zero"):
        with pytest.raises(OptionError, match="a path or other text is not accepted"):
            FILE_OPTION.parse("g", path)
    with pytest.raises(OptionError, match="uploaded content"):
        FILE_OPTION.parse("g", {"name": "x", "content": "y", "path": "/etc/passwd"})
    with pytest.raises(OptionError, match="larger than the limit"):
        FILE_OPTION.parse("g", {"name": "x", "content": "x" * (MAX_DATA_FILE + 1)})
    with pytest.raises(OptionError, match="'name'"):
        FILE_OPTION.parse("g", {"name": "", "content": "y"})


def test_the_command_line_reads_paths_into_content(tmp_path: Path) -> None:
    """`inline_paths` turns a path into the file's content; presets pass unchanged."""
    path = tmp_path / "mine.toml"
    path.write_text('name = "x"\n', encoding="utf-8")
    given = {"deck": str(path), "other": 3}
    resolved = inline_paths((FILE_OPTION,), given)
    assert resolved == {"deck": {"name": "mine.toml", "content": 'name = "x"\n'}, "other": 3}
    assert inline_paths((FILE_OPTION,), {"deck": "default"}) == {"deck": "default"}
