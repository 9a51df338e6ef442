"""Accounts, their signed-in sessions and the attempts counted by the sign-in rate limits
(issue 44): anonymous play is unchanged.

Revision ID: v0016
Revises: v0015
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0016"
down_revision = "v0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create `web_accounts`, `web_account_sessions` and `web_attempts`."""
    op.create_table(
        "web_accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("login", sa.String(64), nullable=False, unique=True),
        sa.Column("display_name", sa.String(64), nullable=False),
        sa.Column("password_hash", sa.Text, nullable=True),
        sa.Column("language", sa.String(8), nullable=True),
        sa.Column("theme", sa.String(8), nullable=True),
        sa.Column("private", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "web_account_sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("web_accounts.id"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_web_account_sessions_account_id", "web_account_sessions", ["account_id"])
    op.create_table(
        "web_attempts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(96), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_web_attempts_key", "web_attempts", ["key"])
    op.create_index("ix_web_attempts_at", "web_attempts", ["at"])


def downgrade() -> None:
    """Drop the three."""
    op.drop_table("web_attempts")
    op.drop_table("web_account_sessions")
    op.drop_table("web_accounts")
