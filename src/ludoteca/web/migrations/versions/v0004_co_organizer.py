"""An event's co-organizer key (issue 16): a second key its organizer can hand out and
revoke, kept, like the organizer's, as a SHA-256 only.

Revision ID: v0004
Revises: v0003
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0004"
down_revision = "v0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add `web_events.co_key_hash` (none for every event made before it)."""
    with op.batch_alter_table("web_events") as batch:
        batch.add_column(sa.Column("co_key_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    """Drop `web_events.co_key_hash`."""
    with op.batch_alter_table("web_events") as batch:
        batch.drop_column("co_key_hash")
