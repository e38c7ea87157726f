"""Every migration's downgrade keeps the games, players, rounds and parts stored before it: on
SQLite a batch operation copies a table, and dropping the old copy of a table others refer to
would delete their rows with it (foreign keys are on)."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from flask import Flask
from flask_migrate import downgrade, upgrade  # type: ignore[import-untyped]

from scorekeeper.store.db import db

from .old_rows import insert_a_game_with_a_round

pytestmark = pytest.mark.db

#: Each revision, newest first: the state each downgrade step lands on.
REVISIONS = ["0006", "0005", "0004", "0003", "0002", "0001"]


def counts() -> tuple[int, int, int, int]:
    with db.engine.begin() as connection:
        return tuple(  # type: ignore[return-value]
            connection.execute(sa.text(f"SELECT count(*) FROM {table}")).scalar_one()
            for table in ("game", "player", "round", "round_part")
        )


def test_each_downgrade_keeps_the_games_stored(empty_app: Flask) -> None:
    with empty_app.app_context():
        upgrade(revision="0001")
        with db.engine.begin() as connection:
            insert_a_game_with_a_round(connection)
        upgrade()
        assert counts() == (1, 1, 1, 1)
        for revision in REVISIONS:
            downgrade(revision=revision)
            assert counts() == (1, 1, 1, 1), f"rows lost on the way down to {revision}"
