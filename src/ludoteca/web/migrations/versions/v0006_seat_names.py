"""A person's seat may carry the name they give themselves (issue 19, "People, not
seats"); no seat has one before.

Revision ID: v0006
Revises: v0005
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0006"
down_revision = "v0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add `web_seats.name`, empty for every seat."""
    with op.batch_alter_table("web_seats") as batch:
        batch.add_column(sa.Column("name", sa.String(64), nullable=True))


def downgrade() -> None:
    """Drop `web_seats.name`."""
    with op.batch_alter_table("web_seats") as batch:
        batch.drop_column("name")
