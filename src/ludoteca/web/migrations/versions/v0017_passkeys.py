"""Passkeys (WebAuthn) of accounts, and the challenges given to browsers (issue 44).

Revision ID: v0017
Revises: v0016
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0017"
down_revision = "v0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create `web_passkeys` and `web_challenges`."""
    op.create_table(
        "web_passkeys",
        sa.Column("credential_id", sa.String(1400), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("web_accounts.id"), nullable=False),
        sa.Column("public_key", sa.LargeBinary, nullable=False),
        sa.Column("sign_count", sa.BigInteger, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_web_passkeys_account_id", "web_passkeys", ["account_id"])
    op.create_table(
        "web_challenges",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("challenge", sa.String(128), nullable=False),
        sa.Column("purpose", sa.String(16), nullable=False),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("account_id", sa.String(32), nullable=True),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_web_challenges_expires_at", "web_challenges", ["expires_at"])


def downgrade() -> None:
    """Drop both."""
    op.drop_table("web_challenges")
    op.drop_table("web_passkeys")
