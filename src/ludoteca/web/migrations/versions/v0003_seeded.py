"""Tables whose seed the creator chose are marked `seeded` (issue 15: seeds reveal
hidden information, so a chosen seed is shown to everyone at the table).

Revision ID: v0003
Revises: v0002
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0003"
down_revision = "v0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add `web_tables.seeded`, false for every table made before it."""
    with op.batch_alter_table("web_tables") as batch:
        batch.add_column(
            sa.Column("seeded", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    """Drop `web_tables.seeded`."""
    with op.batch_alter_table("web_tables") as batch:
        batch.drop_column("seeded")
