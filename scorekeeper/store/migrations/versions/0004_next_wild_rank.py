"""The wild rank of the round in play, once the deal has shown it (5000 Rummy's dealer upcard),
and the change that notes it ("dealt") in the game's log.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-29 16:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


OLD_KINDS = "'added', 'corrected', 'deleted', 'renamed', 'finished', 'reopened'"
NEW_KINDS = OLD_KINDS + ", 'dealt'"


def _kinds(kinds: str) -> None:
    with op.batch_alter_table("game_change", schema=None) as batch_op:
        batch_op.drop_constraint(op.f("ck_game_change_kind"), type_="check")
        batch_op.create_check_constraint(op.f("ck_game_change_kind"), f"kind IN ({kinds})")


def upgrade() -> None:
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("next_wild_rank", sa.String(length=2), nullable=True))
    _kinds(NEW_KINDS)


def downgrade() -> None:
    op.execute("DELETE FROM game_change WHERE kind = 'dealt'")
    _kinds(OLD_KINDS)
    # Not in a batch: on SQLite a batch copies the table, and dropping the old game table would
    # delete its players and rounds (foreign keys are on). SQLite 3.35+ drops a column itself.
    op.drop_column("game", "next_wild_rank")
