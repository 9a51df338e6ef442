"""The move clock (issue 19, "People, not seats"): a table may have one, and a move may be
the computer's because a person's time ran out. Older tables have no clock.

Revision ID: v0008
Revises: v0007
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0008"
down_revision = "v0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add `web_tables.clock` (none) and `web_actions.timeout` (false for every move)."""
    with op.batch_alter_table("web_tables") as batch:
        batch.add_column(sa.Column("clock", sa.JSON, nullable=True))
    with op.batch_alter_table("web_actions") as batch:
        batch.add_column(
            sa.Column("timeout", sa.Boolean, nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    """Drop both."""
    with op.batch_alter_table("web_actions") as batch:
        batch.drop_column("timeout")
    with op.batch_alter_table("web_tables") as batch:
        batch.drop_column("clock")
