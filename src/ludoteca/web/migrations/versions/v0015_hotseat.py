"""Whether a table's people share one screen, and the browser a seeded hot-seat table is
bound to (issue 36, items 8 and 9): such a table is never handed to someone else, and a
hot-seat table names no one.

Revision ID: v0015
Revises: v0014
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0015"
down_revision = "v0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add `web_tables.hotseat` (false for every table made before) and
    `web_tables.device_hash` (none: bound to no browser)."""
    with op.batch_alter_table("web_tables") as batch:
        batch.add_column(
            sa.Column("hotseat", sa.Boolean, nullable=False, server_default=sa.false())
        )
        batch.add_column(sa.Column("device_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    """Drop both."""
    with op.batch_alter_table("web_tables") as batch:
        batch.drop_column("device_hash")
        batch.drop_column("hotseat")
