"""Events played on the site (issue 45): how an event is hosted, its registered accounts,
the table each of its matches is played at, the results players report, and the event's
webhooks with their deliveries.

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
    """Create `web_hosting`, `web_entries`, `web_event_tables`, `web_webhooks`,
    `web_deliveries` and `web_reports`."""
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
        sa.Column("decks", sa.Boolean, nullable=False),
        sa.Column("restricted", sa.JSON, nullable=False),
        sa.Column("decks_public", sa.Boolean, nullable=False),
    )
    op.create_table(
        "web_entries",
        sa.Column("event_id", sa.String(32), sa.ForeignKey("web_events.id"), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("web_accounts.id"), primary_key=True),
        sa.Column("player_id", sa.String(120), nullable=False),
        sa.Column("checked_in", sa.Boolean, nullable=False),
        sa.Column("deck", sa.Text, nullable=True),
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
        "web_webhooks",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("event_id", sa.String(32), sa.ForeignKey("web_events.id"), nullable=False),
        sa.Column("url", sa.String(2000), nullable=False),
        sa.Column("secret", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_web_webhooks_event_id", "web_webhooks", ["event_id"])
    op.create_table(
        "web_deliveries",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("webhook_id", sa.Integer, sa.ForeignKey("web_webhooks.id"), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("payload", sa.JSON, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("next_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("error", sa.String(200), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_web_deliveries_webhook_id", "web_deliveries", ["webhook_id"])
    op.create_index("ix_web_deliveries_next_at", "web_deliveries", ["next_at"])
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
    op.drop_table("web_deliveries")
    op.drop_table("web_webhooks")
    op.drop_table("web_event_tables")
    op.drop_table("web_entries")
    op.drop_table("web_hosting")
