"""Players across games: another name of the same person ("Annie" is "Ann"), per household or
per browser.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01 04:30:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "player_alias",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("scope", sa.String(length=64), nullable=False),
        sa.Column("key", sa.String(length=40), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("person", sa.String(length=40), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player_alias")),
        sa.UniqueConstraint("scope", "key", name=op.f("uq_player_alias_scope_key")),
    )


def downgrade() -> None:
    op.drop_table("player_alias")
