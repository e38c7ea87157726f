"""Migration 0007 (Spades): rounds stored before it keep their parts (no bid, no tricks), a part's
tricks are checked by the database, and the downgrade takes the columns away again."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from flask import Flask
from flask_migrate import downgrade, upgrade  # type: ignore[import-untyped]

from scorekeeper.store.db import db

from .old_rows import insert_a_game_with_a_round

pytestmark = pytest.mark.db


def columns(table: str) -> set[str]:
    return {column["name"] for column in sa.inspect(db.engine).get_columns(table)}


def test_rounds_stored_before_spades_keep_their_parts(empty_app: Flask) -> None:
    with empty_app.app_context():
        upgrade(revision="0006")
        with db.engine.begin() as connection:
            insert_a_game_with_a_round(connection)
        upgrade(revision="0007")  # (0008 moves these columns: test_system_data_migration.py)
        assert {"bid", "tricks"} <= columns("round_part") and "bids_in_play" in columns("game")
        with db.engine.begin() as connection:
            row = connection.execute(sa.text("SELECT total, bid, tricks FROM round_part")).one()
            assert tuple(row) == (-7, None, None)
            with (
                pytest.raises(sa.exc.IntegrityError, match="tricks"),
                connection.begin_nested(),
            ):
                connection.execute(sa.text("UPDATE round_part SET bid = '4', tricks = 14"))
        downgrade(revision="0006")
        assert not {"bid", "tricks"} & columns("round_part")
        assert "bids_in_play" not in columns("game")
        with db.engine.begin() as connection:  # nothing lost on the way down either
            assert connection.execute(sa.text("SELECT total FROM round_part")).scalar() == -7
            assert connection.execute(sa.text("SELECT name FROM player")).scalar() == "Ann"
