"""The tables and the database: migrations, constraints, tokens, the rules snapshot, settings."""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask import Flask
from flask_migrate import downgrade, upgrade  # type: ignore[import-untyped]

from scorekeeper import create_app
from scorekeeper.engine.presets import PRESETS, rules_for
from scorekeeper.engine.rules import Rules
from scorekeeper.engine.scoring import PlayerRecord, RoundRecord
from scorekeeper.engine.standings import Seat, StandingsError
from scorekeeper.store.db import DEFAULT_DATABASE_URL, database_url, db
from scorekeeper.store.models import Game, Player, Round, RoundPart
from scorekeeper.store.records import create_game, game_rules, store_round, watched_version

pytestmark = pytest.mark.db
needs_sqlite = pytest.mark.skipif("TEST_DATABASE_URL" in os.environ, reason="SQLite only")


def close(app: Flask) -> None:
    with app.app_context():
        db.session.remove()
        for engine in db.engines.values():
            engine.dispose()


def tables(app: Flask) -> set[str]:
    with app.app_context():
        return set(sa.inspect(db.engine).get_table_names())


def test_migrations_run_from_empty_and_match_the_models(empty_app: Flask) -> None:
    app = empty_app
    assert tables(app) == set()
    with app.app_context():
        upgrade()
        with db.engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            assert compare_metadata(context, db.metadata) == []
    assert tables(app) == {
        "alembic_version",
        "game",
        "player",
        "round",
        "round_part",
        "round_side",
        "game_change",
        "player_alias",
    }
    with app.app_context():
        downgrade(revision="base")
    assert tables(app) == {"alembic_version"}
    with app.app_context():
        upgrade()
    assert "round_part" in tables(app)


def game_row(**columns: Any) -> Game:
    return Game(**{"name": "G", "rules": Rules().to_dict(), **columns})


def test_tokens_are_long_unique_and_indexed(app_ctx: Flask) -> None:
    games = [create_game(f"G{i}", Rules(), [Seat("Ann")]) for i in range(20)]
    tokens = [t for g in games for t in (g.scorer_token, g.watcher_token)]
    assert len(set(tokens)) == len(tokens)
    assert all(len(token) >= 32 for token in tokens)  # 24 random bytes: 192 bits
    indexes = {i["name"]: i for i in sa.inspect(db.engine).get_indexes("game")}
    for column in ("scorer_token", "watcher_token"):
        assert indexes[f"ix_game_{column}"]["unique"]
    db.session.add(game_row(scorer_token=games[0].scorer_token))
    with pytest.raises(sa.exc.IntegrityError):
        db.session.commit()
    db.session.rollback()


def test_the_live_board_reads_the_version_with_one_indexed_query(app_ctx: Flask) -> None:
    game = create_game("G", Rules(), [Seat("Ann"), Seat("Bob")])
    token = game.watcher_token
    statements: list[str] = []
    sa.event.listen(
        db.engine,
        "before_cursor_execute",
        lambda conn, cursor, statement, *args: statements.append(statement),
    )
    db.session.remove()
    assert watched_version(token) == 1
    assert watched_version("no such token") is None
    assert len(statements) == 2 and "version" in statements[0] and "watcher_token" in statements[0]
    query = sa.select(Game.version).where(Game.watcher_token == token)
    sql = str(query.compile(db.engine, compile_kwargs={"literal_binds": True}))
    with db.engine.connect() as connection:
        if connection.dialect.name == "sqlite":
            plan = " ".join(
                str(row) for row in connection.exec_driver_sql("EXPLAIN QUERY PLAN " + sql)
            )
        else:
            connection.exec_driver_sql("SET enable_seqscan = off")  # a tiny table is scanned
            plan = " ".join(str(row) for row in connection.exec_driver_sql("EXPLAIN " + sql))
    assert "ix_game_watcher_token" in plan


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_rules_snapshot_round_trips(app_ctx: Flask, preset: str) -> None:
    rules = rules_for(preset, {"going_out_bonus": 5, "card_points": {"K": 11}})
    game_id = create_game("G", rules, [Seat("Ann"), Seat("Bob")], preset=preset).id
    db.session.remove()
    game = db.session.get_one(Game, game_id)
    assert game_rules(game) == rules
    assert list(game.rules) == list(rules.to_dict())  # the options in their documented order
    assert game.preset == preset


def test_players_sit_in_seat_order_with_their_sides(app_ctx: Flask) -> None:
    seats = [Seat("Di", "E-W"), Seat("Ann", "N-S"), Seat("Cy", "E-W"), Seat("Bob", "N-S")]
    game_id = create_game("G", Rules(), seats).id
    db.session.remove()
    game = db.session.get_one(Game, game_id)
    assert [(p.seat, p.name, p.team) for p in game.players] == [
        (i, s.name, s.team) for i, s in enumerate(seats)
    ]
    with pytest.raises(StandingsError):
        create_game("G", Rules(), [Seat("Ann"), Seat("Ann")])


def test_idempotency_keys_are_unique_per_game_in_the_database(app_ctx: Flask) -> None:
    first, second = (create_game(n, Rules(), [Seat("Ann")]) for n in ("One", "Two"))

    def row(game: Game, number: int, key: str | None) -> Round:
        return Round(game=game, number=number, ended_by="stock_out", idempotency_key=key)

    db.session.add_all(
        [row(first, 1, "k"), row(second, 1, "k"), row(first, 2, None), row(first, 3, None)]
    )
    db.session.commit()  # the same key in another game, and any number of rounds without one
    db.session.add(row(first, 4, "k"))
    with pytest.raises(sa.exc.IntegrityError):
        db.session.commit()
    db.session.rollback()


@pytest.mark.parametrize(
    ("columns", "constraint"),
    [
        ({"ended_by": "going_out"}, "ending"),  # going out, but nobody went out
        ({"ended_by": "stock_out", "joker_effect": "triple"}, "joker_effect"),
        ({"ended_by": "stock_out", "number": 0}, "number"),
    ],
)
def test_check_constraints(app_ctx: Flask, columns: dict[str, Any], constraint: str) -> None:
    game = create_game("G", Rules(), [Seat("Ann")])
    db.session.add(Round(**{"game": game, "number": 1, **columns}))
    with pytest.raises(sa.exc.IntegrityError, match=constraint):
        db.session.commit()
    db.session.rollback()


def test_deleting_a_game_deletes_its_players_and_rounds(app_ctx: Flask) -> None:
    game = create_game("G", Rules(), [Seat("Ann"), Seat("Bob")])
    store_round(
        game,
        RoundRecord(
            (
                PlayerRecord("Ann", went_out=True, melded_points=5),
                PlayerRecord("Bob", melded_points=3, hand_points=1),
            )
        ),
    )
    db.session.delete(game)
    db.session.commit()
    for model in (Game, Player, Round, RoundPart):
        assert db.session.scalar(sa.select(sa.func.count()).select_from(model)) == 0


def test_times_are_aware_utc(app_ctx: Flask) -> None:
    game_id = create_game("G", Rules(), [Seat("Ann")]).id
    db.session.remove()
    game = db.session.get_one(Game, game_id)
    assert game.created_at.tzinfo is not None
    assert game.created_at.utcoffset() == timedelta(0)
    assert game.finished_at is None


@needs_sqlite
def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(app_ctx: Flask) -> None:
    with db.engine.connect() as connection:
        pragmas = {
            name: connection.exec_driver_sql(f"PRAGMA {name}").scalar()
            for name in ("journal_mode", "busy_timeout", "foreign_keys")
        }
    assert pragmas == {"journal_mode": "wal", "busy_timeout": 5000, "foreign_keys": 1}


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("postgres://u:p@db:5432/cards", "postgresql+psycopg://u:p@db:5432/cards"),
        (
            "postgresql://u@db/cards?sslmode=require",
            "postgresql+psycopg://u@db/cards?sslmode=require",
        ),
        ("postgresql+psycopg://u@db/cards", "postgresql+psycopg://u@db/cards"),
        ("sqlite:////tmp/x.sqlite3", "sqlite:////tmp/x.sqlite3"),
    ],
)
def test_database_urls(url: str, expected: str) -> None:
    assert database_url(url) == expected


@pytest.mark.parametrize(
    ("environment", "config", "expected"),
    [
        (None, {}, DEFAULT_DATABASE_URL),
        ("postgres://u@db/cards", {}, "postgresql+psycopg://u@db/cards"),
        (
            "postgres://u@db/cards",
            {"SQLALCHEMY_DATABASE_URI": "sqlite:///other.sqlite3"},
            "sqlite:///other.sqlite3",
        ),
    ],
)
def test_where_the_database_is(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    environment: str | None,
    config: dict[str, str],
    expected: str,
) -> None:
    monkeypatch.setattr(Flask, "auto_find_instance_path", lambda self: str(tmp_path / "inst"))
    if environment is None:
        monkeypatch.delenv("DATABASE_URL", raising=False)
    else:
        monkeypatch.setenv("DATABASE_URL", environment)
    app = create_app({"TESTING": True, "SECRET_KEY": "test", **config})
    try:
        assert app.config["SQLALCHEMY_DATABASE_URI"] == expected
        with app.app_context():
            url = db.engine.url
            if expected == DEFAULT_DATABASE_URL:  # in the instance folder
                assert url.database == str(tmp_path / "inst" / "scorekeeper.sqlite3")
            assert url.drivername == sa.make_url(expected).drivername
    finally:
        close(app)
