"""Computer seats' leases (issue 24): which server process plays a table's computer
seats and clock time-outs, until when.

Revision ID: v0011
Revises: v0010
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0011"
down_revision = "v0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create `web_leases`."""
    op.create_table(
        "web_leases",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("owner", sa.String(32), nullable=False),
        sa.Column("until", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop `web_leases`."""
    op.drop_table("web_leases")
