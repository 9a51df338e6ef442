"""The seats accounts sat at ("my games", issue 44): claimed with each seat's token.

Revision ID: v0018
Revises: v0017
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0018"
down_revision = "v0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create `web_account_seats`."""
    op.create_table(
        "web_account_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("web_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("web_accounts.id"), nullable=False),
        sa.Column("claimed_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_web_account_seats_account_id", "web_account_seats", ["account_id"])


def downgrade() -> None:
    """Drop it."""
    op.drop_table("web_account_seats")
