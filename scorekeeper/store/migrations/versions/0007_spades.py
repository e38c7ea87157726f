"""Spades: each player's bid and tricks in a round's parts, and the bids of the hand in play.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01 06:40:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # adding a column is an ALTER on every database (a batch copies no table for it); the check
    # on round_part copies that table on SQLite, which no other table refers to
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("bids_in_play", sa.JSON(), nullable=True))
    with op.batch_alter_table("round_part", schema=None) as batch_op:
        batch_op.add_column(sa.Column("bid", sa.String(length=9), nullable=True))
        batch_op.add_column(sa.Column("tricks", sa.Integer(), nullable=True))
        batch_op.create_check_constraint(
            op.f("ck_round_part_tricks"), "tricks >= 0 AND tricks <= 13"
        )


def downgrade() -> None:
    with op.batch_alter_table("round_part", schema=None) as batch_op:
        batch_op.drop_constraint(op.f("ck_round_part_tricks"), type_="check")
        batch_op.drop_column("tricks")
        batch_op.drop_column("bid")
    # Not in a batch: on SQLite a batch copies the table, and dropping the old game table would
    # delete its players and rounds (foreign keys are on). SQLite 3.35+ drops a column itself.
    op.drop_column("game", "bids_in_play")
