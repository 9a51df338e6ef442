"""When a person took a seat that was open when its table was made (issue 36, item 4):
their clock runs from then, never for the time the seat sat open.

Revision ID: v0014
Revises: v0013
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0014"
down_revision = "v0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add `web_seats.joined_at` (none: seated from the start; a seat claimed before this
    revision keeps the old reckoning, from the turn's start)."""
    with op.batch_alter_table("web_seats") as batch:
        batch.add_column(sa.Column("joined_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    """Drop `web_seats.joined_at`."""
    with op.batch_alter_table("web_seats") as batch:
        batch.drop_column("joined_at")
