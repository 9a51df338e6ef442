"""Database URLs (`ludoteca.database`): what a user types is opened or refused in one line,
and a password is never shown."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from ludoteca.cli.main import main
from ludoteca.core import OptionError
from ludoteca.core.extras import MissingExtra
from ludoteca.database import open_engine, parse_url, shown


def _ludoteca(
    args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str]:
    """Run the command as a user would: its exit status and what it wrote."""
    monkeypatch.setattr(sys, "argv", ["ludoteca", *args])
    with pytest.raises(SystemExit) as exit_info:
        main()
    out, err = capsys.readouterr()
    return int(exit_info.value.code or 0), out + err


def test_a_postgresql_url_naming_no_driver_gets_psycopg_3() -> None:
    """SQLAlchemy's default would be psycopg2, which no extra installs."""
    assert parse_url("postgresql://ana@db.local/cup").drivername == "postgresql+psycopg"
    assert parse_url("postgresql+psycopg://ana@db.local/cup").drivername == "postgresql+psycopg"
    assert parse_url("sqlite:///cup.db").drivername == "sqlite"


def test_a_password_is_never_shown() -> None:
    assert (
        shown("postgresql://ana:s3cret@db.local/cup") == "postgresql+psycopg://ana:***@db.local/cup"
    )
    with pytest.raises(OptionError) as error:
        open_engine("mysql://ana:s3cret@db.local/cup")  # its driver is not installed
    assert "s3cret" not in str(error.value) and "ana:***@db.local" in str(error.value)


def test_postgresql_without_its_extra_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # as if `postgres` were not installed
    with pytest.raises(MissingExtra, match=r"pip install 'ludoteca\[postgres\]'"):
        open_engine("postgresql://ana@127.0.0.1:9/cup")


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("nonsense://", "database nonsense://: not a kind ludoteca can open"),
        ("not a url://", "'not a url://' is not a database URL"),
        ("postgresql://ana:s3cret@127.0.0.1:9/cup", "cannot open the database postgresql"),
    ],
)
def test_serve_refuses_a_database_it_cannot_open_in_one_line(
    url: str, said: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before the server starts: exit 2, one line, no traceback, no password."""
    status, output = _ludoteca(["serve", "--database", url, "--port", "9"], monkeypatch, capsys)
    assert status == 2, output
    assert said in output and "Traceback" not in output
    assert "s3cret" not in output and len(output.strip().splitlines()) == 1


def test_serve_with_several_processes_on_sqlite_creates_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "web.db"
    args = ["serve", "--database", str(database), "--workers", "2"]
    status, output = _ludoteca(args, monkeypatch, capsys)
    assert status == 2 and "needs a PostgreSQL database" in output
    assert not database.exists()


def test_the_organizer_refuses_an_unreachable_database_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["tournament", "--db", "postgresql://ana:s3cret@127.0.0.1:9/cup", "list"]
    status, output = _ludoteca(args, monkeypatch, capsys)
    assert status == 2 and "is not a usable database" in output, output
    assert "s3cret" not in output and len(output.strip().splitlines()) == 1
