"""Alembic environment: runs on the connection `ludoteca.web.shared.db.migrate` passes in."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from ludoteca.web.shared.db import Base

target_metadata = Base.metadata


def run_migrations_online() -> None:
    """Migrate on the given connection, or on `sqlalchemy.url` (the `alembic` command)."""
    connection = context.config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=target_metadata)
        with context.begin_transaction():
            context.run_migrations()
        return
    url = context.config.get_main_option("sqlalchemy.url")
    if url is None:
        raise RuntimeError("set sqlalchemy.url or call ludoteca.web.shared.db.migrate")
    with create_engine(url).connect() as own:
        context.configure(connection=own, target_metadata=target_metadata)
        with context.begin_transaction():
            context.run_migrations()


run_migrations_online()
