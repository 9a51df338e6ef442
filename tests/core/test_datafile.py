"""Reading data files: one clear error for a missing, binary or malformed file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ludoteca.core import DataFileError
from ludoteca.core.datafile import read_toml


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
