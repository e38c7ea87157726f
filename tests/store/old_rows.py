"""Rows written straight into an older schema, for the tests of the migrations."""

from __future__ import annotations

import sqlalchemy as sa


def insert_a_game_with_a_round(connection: sa.Connection) -> None:
    """Game 1 with Ann at seat 0, and round 1 in which Ann's part totals -7: columns every
    revision has had since 0001."""
    connection.execute(
        sa.text(
            "INSERT INTO game (id, name, rules, scorer_token, watcher_token, created_at, "
            "updated_at, version) VALUES (1, 'Old', '{}', 's', 'w', "
            "'2026-11-30 20:00:00', '2026-11-30 20:00:00', 2)"
        )
    )
    connection.execute(
        sa.text("INSERT INTO player (id, game_id, seat, name) VALUES (1, 1, 0, 'Ann')")
    )
    connection.execute(
        sa.text(
            "INSERT INTO round (id, game_id, number, ended_by, accepted_warnings, "
            "created_at, updated_at) VALUES (1, 1, 1, 'stock_out', '[]', "
            "'2026-11-30 20:00:00', '2026-11-30 20:00:00')"
        )
    )
    connection.execute(
        sa.text(
            "INSERT INTO round_part (id, round_id, player_id, position, opening, melds, "
            "layoffs, hand, called, total) VALUES (1, 1, 1, 0, false, '[]', '[]', "
            "'[]', '[]', -7)"
        )
    )
