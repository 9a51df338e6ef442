"""A study's language (session 17): a study a stopped server process left running is
played again, and its report written in the language it was asked in.

Revision ID: v0012
Revises: v0011
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0012"
down_revision = "v0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add `web_studies.language` (none for the studies before: English)."""
    with op.batch_alter_table("web_studies") as batch:
        batch.add_column(sa.Column("language", sa.String(16), nullable=True))


def downgrade() -> None:
    """Drop `web_studies.language`."""
    with op.batch_alter_table("web_studies") as batch:
        batch.drop_column("language")
