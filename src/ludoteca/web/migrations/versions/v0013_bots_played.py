"""A bot run's games played so far (session 17): every server process shows the progress
of a bot tournament another process plays, game by game, not only round by round.

Revision ID: v0013
Revises: v0012
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0013"
down_revision = "v0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add `web_events.bots_played` (none: the rounds stored tell)."""
    with op.batch_alter_table("web_events") as batch:
        batch.add_column(sa.Column("bots_played", sa.Integer, nullable=True))


def downgrade() -> None:
    """Drop `web_events.bots_played`."""
    with op.batch_alter_table("web_events") as batch:
        batch.drop_column("bots_played")
