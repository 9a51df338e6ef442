"""Rematches between people in different browsers (issue 19): a finished table names the
table of its rematch once one is made, so everyone at it can follow with their own token.

Revision ID: v0009
Revises: v0008
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0009"
down_revision = "v0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add `web_tables.rematch_id` (none for every table)."""
    with op.batch_alter_table("web_tables") as batch:
        batch.add_column(sa.Column("rematch_id", sa.String(32), nullable=True))


def downgrade() -> None:
    """Drop `web_tables.rematch_id`."""
    with op.batch_alter_table("web_tables") as batch:
        batch.drop_column("rematch_id")
