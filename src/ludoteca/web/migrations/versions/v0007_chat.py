"""Table chat (issue 19, "People, not seats"): the chat lines of each table, and whether
its people keep the chat to themselves (hidden from spectators and replays).

Revision ID: v0007
Revises: v0006
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0007"
down_revision = "v0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create `web_chat`; add `web_tables.chat_hidden`, false for every table."""
    op.create_table(
        "web_chat",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("web_tables.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("text", sa.String(1200), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("web_tables") as batch:
        batch.add_column(
            sa.Column("chat_hidden", sa.Boolean, nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    """Drop `web_chat` and `web_tables.chat_hidden`."""
    with op.batch_alter_table("web_tables") as batch:
        batch.drop_column("chat_hidden")
    op.drop_table("web_chat")
