"""Withdrawals kept (session 42): an account that withdrew from an event keeps its link to
the player it was there, so that deleting the account later takes its name out of that
event too.

Revision ID: v0021
Revises: v0020
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0021"
down_revision = "v0020"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create `web_withdrawals`."""
    op.create_table(
        "web_withdrawals",
        sa.Column("event_id", sa.String(32), sa.ForeignKey("web_events.id"), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("web_accounts.id"), primary_key=True),
        sa.Column("player_id", sa.String(120), primary_key=True),
    )
    op.create_index("ix_web_withdrawals_account_id", "web_withdrawals", ["account_id"])


def downgrade() -> None:
    """Drop it."""
    op.drop_table("web_withdrawals")
