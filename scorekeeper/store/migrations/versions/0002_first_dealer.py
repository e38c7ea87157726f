"""The game's first dealer, by seat.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01 10:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("first_dealer_seat", sa.Integer(), nullable=True))


def downgrade() -> None:
    # Not in a batch: on SQLite a batch copies the table, and dropping the old game table would
    # delete its players and rounds (foreign keys are on). SQLite 3.35+ drops a column itself.
    op.drop_column("game", "first_dealer_seat")
