"""A family's own data in JSON columns, and a side's points on the side.

Spades' columns go: a part's ``bid`` and ``tricks`` become its ``system_data``
(``{"bid": "4", "tricks": 5}``), the game's ``bids_in_play`` becomes its ``system_data``
(``{"bids_in_play": [...]}``), and the change log's saved rounds and noted bids say the same. A
side's points for a hand, cached on its first seat's part until now (0 on the partner's), move to
a ``round_side`` row, and every part of such a hand caches 0. The downgrade puts everything back.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-07 16:00:00
"""

from collections.abc import Iterator
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

# The tables as this revision reads and writes them (not the models, which move on).
game = sa.table(
    "game",
    sa.column("id", sa.Integer),
    sa.column("rules", sa.JSON),
    sa.column("bids_in_play", sa.JSON),
    sa.column("system_data", sa.JSON),
)
player = sa.table(
    "player",
    sa.column("id", sa.Integer),
    sa.column("game_id", sa.Integer),
    sa.column("seat", sa.Integer),
    sa.column("name", sa.String),
    sa.column("team", sa.String),
)
round_ = sa.table("round", sa.column("id", sa.Integer), sa.column("game_id", sa.Integer))
round_part = sa.table(
    "round_part",
    sa.column("id", sa.Integer),
    sa.column("round_id", sa.Integer),
    sa.column("player_id", sa.Integer),
    sa.column("total", sa.Integer),
    sa.column("bid", sa.String),
    sa.column("tricks", sa.Integer),
    sa.column("system_data", sa.JSON),
)
round_side = sa.table(
    "round_side",
    sa.column("round_id", sa.Integer),
    sa.column("position", sa.Integer),
    sa.column("name", sa.String),
    sa.column("seats", sa.JSON),
    sa.column("total", sa.Integer),
)
game_change = sa.table(
    "game_change",
    sa.column("id", sa.Integer),
    sa.column("kind", sa.String),
    sa.column("before", sa.JSON),
)


def upgrade() -> None:
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("system_data", sa.JSON(), nullable=True))
    with op.batch_alter_table("round_part", schema=None) as batch_op:
        batch_op.add_column(sa.Column("system_data", sa.JSON(), nullable=True))
    op.create_table(
        "round_side",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=90), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["round_id"],
            ["round.id"],
            name=op.f("fk_round_side_round_id_round"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_round_side")),
        sa.UniqueConstraint("round_id", "position", name=op.f("uq_round_side_round_id_position")),
    )
    connection = op.get_bind()
    for game_id, bids in connection.execute(
        sa.select(game.c.id, game.c.bids_in_play).where(game.c.bids_in_play.is_not(None))
    ).all():
        if bids is not None:  # (a JSON null: bids noted, then cleared)
            connection.execute(
                game.update().where(game.c.id == game_id).values(system_data={"bids_in_play": bids})
            )
    for part_id, bid, tricks in connection.execute(
        sa.select(round_part.c.id, round_part.c.bid, round_part.c.tricks).where(
            round_part.c.bid.is_not(None)
        )
    ).all():
        connection.execute(
            round_part.update()
            .where(round_part.c.id == part_id)
            .values(system_data={"bid": bid, "tricks": tricks})
        )
    for round_id, seated in list(_side_rounds(connection)):
        sides: dict[str, dict[str, Any]] = {}
        for part_id, seat, team, total in seated:
            side = sides.setdefault(team, {"seats": [], "total": 0})
            side["seats"].append(seat)
            side["total"] += total
            connection.execute(
                round_part.update().where(round_part.c.id == part_id).values(total=0)
            )
        for position, (name, side) in enumerate(sides.items()):
            connection.execute(
                round_side.insert().values(
                    round_id=round_id,
                    position=position,
                    name=name,
                    seats=side["seats"],
                    total=side["total"],
                )
            )
    _rewrite_log(connection, _log_up)
    with op.batch_alter_table("round_part", schema=None) as batch_op:
        batch_op.drop_constraint(op.f("ck_round_part_tricks"), type_="check")
        batch_op.drop_column("tricks")
        batch_op.drop_column("bid")
    # Not in a batch: on SQLite a batch copies the table, and dropping the old game table would
    # delete its players and rounds (foreign keys are on). SQLite 3.35+ drops a column itself.
    op.drop_column("game", "bids_in_play")


def downgrade() -> None:
    op.add_column("game", sa.Column("bids_in_play", sa.JSON(), nullable=True))
    with op.batch_alter_table("round_part", schema=None) as batch_op:
        batch_op.add_column(sa.Column("bid", sa.String(length=9), nullable=True))
        batch_op.add_column(sa.Column("tricks", sa.Integer(), nullable=True))
        batch_op.create_check_constraint(
            op.f("ck_round_part_tricks"), "tricks >= 0 AND tricks <= 13"
        )
    connection = op.get_bind()
    for game_id, data in connection.execute(
        sa.select(game.c.id, game.c.system_data).where(game.c.system_data.is_not(None))
    ).all():
        connection.execute(
            game.update()
            .where(game.c.id == game_id)
            .values(bids_in_play=(data or {}).get("bids_in_play"))
        )
    for part_id, data in connection.execute(
        sa.select(round_part.c.id, round_part.c.system_data).where(
            round_part.c.system_data.is_not(None)
        )
    ).all():
        if data:
            connection.execute(
                round_part.update()
                .where(round_part.c.id == part_id)
                .values(bid=data.get("bid"), tricks=data.get("tricks"))
            )
    # a side's points back on its first seat's part
    for round_id, seated in list(_side_rounds(connection)):
        totals = {
            name: total
            for name, total in connection.execute(
                sa.select(round_side.c.name, round_side.c.total).where(
                    round_side.c.round_id == round_id
                )
            )
        }
        done: set[str] = set()
        for part_id, _seat, team, _total in seated:
            first = team not in done
            done.add(team)
            connection.execute(
                round_part.update()
                .where(round_part.c.id == part_id)
                .values(total=totals.get(team, 0) if first else 0)
            )
    _rewrite_log(connection, _log_down)
    op.drop_table("round_side")
    with op.batch_alter_table("round_part", schema=None) as batch_op:
        batch_op.drop_column("system_data")
    op.drop_column("game", "system_data")


def _side_rounds(
    connection: sa.Connection,
) -> Iterator[tuple[int, list[tuple[int, int, str, int]]]]:
    """Each round of a game whose family scores sides as a whole (the only one so far is
    Spades), with its parts as (part id, seat, side, total) in seat order."""
    side_games = [
        game_id
        for game_id, rules in connection.execute(sa.select(game.c.id, game.c.rules))
        if isinstance(rules, dict) and rules.get("game") == "spades"
    ]
    if not side_games:
        return
    rows = connection.execute(
        sa.select(
            round_part.c.round_id,
            round_part.c.id,
            player.c.seat,
            player.c.team,
            player.c.name,
            round_part.c.total,
        )
        .join(player, player.c.id == round_part.c.player_id)
        .join(round_, round_.c.id == round_part.c.round_id)
        .where(round_.c.game_id.in_(side_games))
        .order_by(round_part.c.round_id, player.c.seat)
    )
    by_round: dict[int, list[tuple[int, int, str, int]]] = {}
    for round_id, part_id, seat, team, name, total in rows:
        by_round.setdefault(round_id, []).append((part_id, seat, team or name, total))
    yield from by_round.items()


def _rewrite_log(connection: sa.Connection, rewrite: Any) -> None:
    for change_id, kind, before in connection.execute(
        sa.select(game_change.c.id, game_change.c.kind, game_change.c.before).where(
            game_change.c.before.is_not(None)
        )
    ).all():
        changed = rewrite(kind, before)
        if changed is not None:
            connection.execute(
                game_change.update().where(game_change.c.id == change_id).values(before=changed)
            )


def _log_up(kind: str, before: dict[str, Any]) -> dict[str, Any] | None:
    """A logged change's ``before`` in the new shape, or None when it is the same."""
    if kind == "dealt" and "bids_in_play" in before:
        bids = before["bids_in_play"]
        rest = {key: value for key, value in before.items() if key != "bids_in_play"}
        return {**rest, "system_data": None if bids is None else {"bids_in_play": bids}}
    if kind in ("corrected", "deleted") and isinstance(before.get("parts"), list):
        parts = []
        for part in before["parts"]:
            bid, tricks = part.get("bid"), part.get("tricks")
            rest = {key: value for key, value in part.items() if key not in ("bid", "tricks")}
            data = None if bid is None else {"bid": bid, "tricks": tricks}
            parts.append({**rest, "system_data": data})
        return {**before, "parts": parts}
    return None


def _log_down(kind: str, before: dict[str, Any]) -> dict[str, Any] | None:
    if kind == "dealt" and "system_data" in before:
        data = before["system_data"] or {}
        rest = {key: value for key, value in before.items() if key != "system_data"}
        return {**rest, "bids_in_play": data.get("bids_in_play")}
    if kind in ("corrected", "deleted") and isinstance(before.get("parts"), list):
        parts = []
        for part in before["parts"]:
            data = part.get("system_data") or {}
            rest = {key: value for key, value in part.items() if key != "system_data"}
            parts.append({**rest, "bid": data.get("bid"), "tricks": data.get("tricks")})
        return {**before, "parts": parts}
    return None
