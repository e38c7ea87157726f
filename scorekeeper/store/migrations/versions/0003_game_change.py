"""Each change to a game, logged so that it can be undone.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-03 10:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_change",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("round_number", sa.Integer(), nullable=True),
        sa.Column("before", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("undone", sa.Boolean(), nullable=False),
        sa.Column("undone_version", sa.Integer(), nullable=True),
        sa.CheckConstraint(
            "kind IN ('added', 'corrected', 'deleted', 'renamed', 'finished', 'reopened')",
            name=op.f("ck_game_change_kind"),
        ),
        sa.ForeignKeyConstraint(
            ["game_id"], ["game.id"], name=op.f("fk_game_change_game_id_game"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_change")),
        sa.UniqueConstraint("game_id", "version", name=op.f("uq_game_change_game_id_version")),
    )


def downgrade() -> None:
    op.drop_table("game_change")
