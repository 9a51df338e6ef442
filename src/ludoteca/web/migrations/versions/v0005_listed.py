"""Tables are listed in the lobby only when their creator chose so (issue 19: private,
link-only tables by default; every table made before stays listed, as it was).

Revision ID: v0005
Revises: v0004
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0005"
down_revision = "v0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add `web_tables.listed`, true for every table made before it."""
    with op.batch_alter_table("web_tables") as batch:
        batch.add_column(
            sa.Column("listed", sa.Boolean(), nullable=False, server_default=sa.true())
        )


def downgrade() -> None:
    """Drop `web_tables.listed`."""
    with op.batch_alter_table("web_tables") as batch:
        batch.drop_column("listed")
