"""Events played on the site (issue 45): how an event is hosted, its registered accounts,
the table each of its matches is played at, and the results players report.

Revision ID: v0020
Revises: v0019
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0020"
down_revision = "v0019"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create `web_hosting`, `web_entries`, `web_event_tables` and `web_reports`."""
    op.create_table(
        "web_hosting",
        sa.Column("event_id", sa.String(32), sa.ForeignKey("web_events.id"), primary_key=True),
        sa.Column("game", sa.String(64), nullable=True),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("registering", sa.Boolean, nullable=False),
        sa.Column("cap", sa.Integer, nullable=True),
        sa.Column("deadline", sa.DateTime(timezone=True), nullable=True),
        sa.Column("checking_in", sa.Boolean, nullable=False),
        sa.Column("checked", sa.Boolean, nullable=False),
    )
    op.create_table(
        "web_entries",
        sa.Column("event_id", sa.String(32), sa.ForeignKey("web_events.id"), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("web_accounts.id"), primary_key=True),
        sa.Column("player_id", sa.String(120), nullable=False),
        sa.Column("checked_in", sa.Boolean, nullable=False),
        sa.Column("registered_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "web_event_tables",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("web_tables.id"), primary_key=True),
        sa.Column("event_id", sa.String(32), sa.ForeignKey("web_events.id"), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("first_seat", sa.Integer, nullable=False),
        sa.Column("recorded", sa.Boolean, nullable=False),
    )
    op.create_index("ix_web_event_tables_event_id", "web_event_tables", ["event_id"])
    op.create_table(
        "web_reports",
        sa.Column("event_id", sa.String(32), sa.ForeignKey("web_events.id"), primary_key=True),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("web_accounts.id"), nullable=False),
        sa.Column("result", sa.String(16), nullable=False),
        sa.Column("disputed", sa.Boolean, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop them."""
    op.drop_table("web_reports")
    op.drop_table("web_event_tables")
    op.drop_table("web_entries")
    op.drop_table("web_hosting")
