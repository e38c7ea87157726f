"""A link replaced ("relinked") in the game's log: the scorer's or the watchers' link, retired.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01 03:45:00
"""

from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


OLD_KINDS = "'added', 'corrected', 'deleted', 'renamed', 'finished', 'reopened', 'dealt'"
NEW_KINDS = OLD_KINDS + ", 'relinked'"


def _kinds(kinds: str) -> None:
    with op.batch_alter_table("game_change", schema=None) as batch_op:
        batch_op.drop_constraint(op.f("ck_game_change_kind"), type_="check")
        batch_op.create_check_constraint(op.f("ck_game_change_kind"), f"kind IN ({kinds})")


def upgrade() -> None:
    _kinds(NEW_KINDS)


def downgrade() -> None:
    op.execute("DELETE FROM game_change WHERE kind = 'relinked'")
    _kinds(OLD_KINDS)
