"""Games, players, rounds and each player's part of a round.

Revision ID: 0001
Revises:
Create Date: 2026-11-29 12:35:11
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("preset", sa.String(length=40), nullable=True),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("scorer_token", sa.String(length=64), nullable=False),
        sa.Column("watcher_token", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.Column("finished_at", sa.DateTime(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game")),
    )
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_game_scorer_token"), ["scorer_token"], unique=True)
        batch_op.create_index(batch_op.f("ix_game_watcher_token"), ["watcher_token"], unique=True)

    op.create_table(
        "player",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("team", sa.String(length=40), nullable=True),
        sa.CheckConstraint("seat >= 0", name=op.f("ck_player_seat")),
        sa.ForeignKeyConstraint(
            ["game_id"], ["game.id"], name=op.f("fk_player_game_id_game"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player")),
        sa.UniqueConstraint("game_id", "name", name=op.f("uq_player_game_id_name")),
        sa.UniqueConstraint("game_id", "seat", name=op.f("uq_player_game_id_seat")),
    )

    op.create_table(
        "round",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("dealer_id", sa.Integer(), nullable=True),
        sa.Column("wild_rank", sa.String(length=2), nullable=True),
        sa.Column("joker_effect", sa.String(length=8), nullable=True),
        sa.Column("ended_by", sa.String(length=10), nullable=False),
        sa.Column("went_out_id", sa.Integer(), nullable=True),
        sa.Column("accepted_warnings", sa.JSON(), nullable=False),
        sa.Column("idempotency_key", sa.String(length=100), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.CheckConstraint(
            "(ended_by = 'going_out' AND went_out_id IS NOT NULL) OR "
            "(ended_by = 'stock_out' AND went_out_id IS NULL)",
            name=op.f("ck_round_ending"),
        ),
        sa.CheckConstraint(
            "joker_effect IN ('wild', 'double', 'split')", name=op.f("ck_round_joker_effect")
        ),
        sa.CheckConstraint("number >= 1", name=op.f("ck_round_number")),
        sa.ForeignKeyConstraint(
            ["dealer_id"], ["player.id"], name=op.f("fk_round_dealer_id_player")
        ),
        sa.ForeignKeyConstraint(
            ["game_id"], ["game.id"], name=op.f("fk_round_game_id_game"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["went_out_id"], ["player.id"], name=op.f("fk_round_went_out_id_player")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_round")),
        sa.UniqueConstraint(
            "game_id", "idempotency_key", name=op.f("uq_round_game_id_idempotency_key")
        ),
        sa.UniqueConstraint("game_id", "number", name=op.f("uq_round_game_id_number")),
    )

    op.create_table(
        "round_part",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("opening", sa.Boolean(), nullable=False),
        sa.Column("melds", sa.JSON(), nullable=False),
        sa.Column("layoffs", sa.JSON(), nullable=False),
        sa.Column("hand", sa.JSON(), nullable=False),
        sa.Column("called", sa.JSON(), nullable=False),
        sa.Column("melded_points", sa.Integer(), nullable=True),
        sa.Column("hand_points", sa.Integer(), nullable=True),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.CheckConstraint(
            "melded_points >= 0 AND hand_points >= 0", name=op.f("ck_round_part_points")
        ),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["player.id"],
            name=op.f("fk_round_part_player_id_player"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["round_id"],
            ["round.id"],
            name=op.f("fk_round_part_round_id_round"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_round_part")),
        sa.UniqueConstraint("round_id", "player_id", name=op.f("uq_round_part_round_id_player_id")),
        sa.UniqueConstraint("round_id", "position", name=op.f("uq_round_part_round_id_position")),
    )
    with op.batch_alter_table("round_part", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_round_part_player_id"), ["player_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("round_part", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_round_part_player_id"))
    op.drop_table("round_part")
    op.drop_table("round")
    op.drop_table("player")
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_game_watcher_token"))
        batch_op.drop_index(batch_op.f("ix_game_scorer_token"))
    op.drop_table("game")
