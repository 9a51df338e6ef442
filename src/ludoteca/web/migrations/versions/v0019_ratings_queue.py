"""Rated tables, ratings and quick pairing (issue 44): `web_tables.rated`, each account's
rating on each ladder, each rated seat's change, and the accounts waiting to be paired.

Revision ID: v0019
Revises: v0018
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0019"
down_revision = "v0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add `web_tables.rated` (false for every table made before); create `web_ratings`,
    `web_rating_changes` and `web_queue`."""
    with op.batch_alter_table("web_tables") as batch:
        batch.add_column(sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_table(
        "web_ratings",
        sa.Column("account_id", sa.String(32), sa.ForeignKey("web_accounts.id"), primary_key=True),
        sa.Column("ladder", sa.String(64), primary_key=True),
        sa.Column("value", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("rated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_web_ratings_ladder_value", "web_ratings", ["ladder", "value"])
    op.create_table(
        "web_rating_changes",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("web_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("web_accounts.id"), nullable=True),
        sa.Column("ladder", sa.String(64), nullable=False),
        sa.Column("computer", sa.Boolean, nullable=False),
        sa.Column("before", sa.Float, nullable=False),
        sa.Column("after", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
        sa.Column("rated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_web_rating_changes_account_id", "web_rating_changes", ["account_id"])
    op.create_table(
        "web_queue",
        sa.Column("account_id", sa.String(32), sa.ForeignKey("web_accounts.id"), primary_key=True),
        sa.Column("key", sa.String(512), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("clock", sa.JSON, nullable=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("wait", sa.Integer, nullable=True),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("paired_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_web_queue_key", "web_queue", ["key"])


def downgrade() -> None:
    """Drop them."""
    op.drop_table("web_queue")
    op.drop_table("web_rating_changes")
    op.drop_table("web_ratings")
    with op.batch_alter_table("web_tables") as batch:
        batch.drop_column("rated")
