"""The databases ludoteca opens (the tournament store and the web app): an engine for a
URL, and the settings every SQLite database uses."""

from __future__ import annotations

import sqlite3

from sqlalchemy import create_engine, event
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.exc import ArgumentError

from ludoteca.core.errors import OptionError
from ludoteca.core.extras import EXTRAS, MissingExtra
from ludoteca.core.i18n import _


def parse_url(url: str) -> URL:
    """`url` as SQLAlchemy reads it; a `postgresql://` URL that names no driver gets
    psycopg 3, the driver of the `postgres` extra (SQLAlchemy's default is psycopg2)."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise OptionError(_("'{url}' is not a database URL", url=url)) from None
    if parsed.drivername == "postgresql":
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


def shown(url: str) -> str:
    """`url` as it may be shown: its password hidden."""
    return parse_url(url).render_as_string(hide_password=True)


def open_engine(url: str) -> Engine:
    """An engine for `url`; SQLite connections get WAL, full sync and foreign keys.

    A database whose driver is not installed, or that SQLAlchemy cannot open, is an
    `OptionError` naming it (its password hidden); PostgreSQL's names the extra."""
    parsed = parse_url(url)
    hidden = parsed.render_as_string(hide_password=True)
    try:
        engine = create_engine(parsed)
    except ImportError as exc:
        if parsed.get_backend_name() == "postgresql" and exc.name in EXTRAS["postgres"]:
            raise MissingExtra(_("A PostgreSQL database"), "postgres") from None
        raise OptionError(
            _("database {url}: its driver is not installed ({error})", url=hidden, error=str(exc))
        ) from None
    except ArgumentError:
        raise OptionError(_("database {url}: not a kind ludoteca can open", url=hidden)) from None
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _pragmas)
    return engine


def _pragmas(connection: sqlite3.Connection, _record: object) -> None:
    """On each new connection: WAL, a full sync on every commit, foreign keys enforced.

    A committed change then survives a killed process (and a power cut)."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
