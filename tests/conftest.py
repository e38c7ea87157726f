"""Fixtures: an app made for testing, with its database migrated from empty, and its client.

The database is a SQLite file per test, copied from one that the migrations built once per run.
With ``TEST_DATABASE_URL`` set (``postgresql+psycopg://postgres@127.0.0.1:5432/test``), it is
instead a PostgreSQL schema made for this run (``search_path`` set on every connection), migrated
once, emptied after each test and dropped at the end.
"""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from flask_migrate import upgrade  # type: ignore[import-untyped]

from scorekeeper import create_app
from scorekeeper.store.db import database_url, db

TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL")
DatabaseConfig = dict[str, Any]
PUBLIC_BASE_URL = "http://scores.test"


def make_app(database: DatabaseConfig, **settings: Any) -> Flask:
    # links in pages and API answers use this address (tests/test_board.py checks the LAN fallback)
    return create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "PUBLIC_BASE_URL": PUBLIC_BASE_URL,
            **database,
            **settings,
        }
    )


def close_app(app: Flask) -> None:
    with app.app_context():
        db.session.remove()
        for engine in db.engines.values():
            engine.dispose()


def migrate(database: DatabaseConfig) -> None:
    app = make_app(database)
    with app.app_context():
        upgrade()
    close_app(app)


class PostgresSchemas:
    """Schemas in the test database, each dropped at the end."""

    def __init__(self, url: str) -> None:
        self.url = database_url(url)
        self.admin = sa.create_engine(self.url, isolation_level="AUTOCOMMIT")
        self.names: list[str] = []

    def new(self) -> DatabaseConfig:
        name = f"test_{uuid.uuid4().hex[:16]}"
        with self.admin.connect() as connection:
            connection.execute(sa.text(f"CREATE SCHEMA {name}"))
        self.names.append(name)
        return {
            "SQLALCHEMY_DATABASE_URI": self.url,
            "SQLALCHEMY_ENGINE_OPTIONS": {"connect_args": {"options": f"-csearch_path={name}"}},
        }

    def drop_all(self) -> None:
        with self.admin.connect() as connection:
            for name in self.names:
                connection.execute(sa.text(f"DROP SCHEMA IF EXISTS {name} CASCADE"))
        self.admin.dispose()


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresSchemas | None]:
    if TEST_DATABASE_URL is None:
        yield None
        return
    schemas = PostgresSchemas(TEST_DATABASE_URL)
    try:
        yield schemas
    finally:
        schemas.drop_all()


@pytest.fixture
def empty_app(postgres: PostgresSchemas | None, tmp_path: Path) -> Iterator[Flask]:
    """An app whose database has nothing in it: a new SQLite file, or a new PostgreSQL schema."""
    if postgres is not None:
        app = make_app(postgres.new())
    else:
        app = make_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'empty.sqlite3'}"})
    yield app
    close_app(app)


@pytest.fixture(scope="session")
def migrated_database(
    postgres: PostgresSchemas | None, tmp_path_factory: pytest.TempPathFactory
) -> DatabaseConfig:
    """The run's database built by the migrations (for SQLite, a file to copy per test)."""
    if postgres is not None:
        database = postgres.new()
    else:
        path = tmp_path_factory.mktemp("database") / "migrated.sqlite3"
        database = {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"}
    migrate(database)
    return database


@pytest.fixture
def app(
    migrated_database: DatabaseConfig, tmp_path: Path, request: pytest.FixtureRequest
) -> Iterator[Flask]:
    """The app on a migrated database; ``@pytest.mark.app_config(NAME=value)`` adds settings."""
    marker = request.node.get_closest_marker("app_config")
    settings = {} if marker is None else marker.kwargs
    database = migrated_database
    if TEST_DATABASE_URL is None:
        source = Path(migrated_database["SQLALCHEMY_DATABASE_URI"].removeprefix("sqlite:///"))
        copy = shutil.copyfile(source, tmp_path / "scorekeeper.sqlite3")
        database = {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{copy}"}
    app = make_app(database, **settings)
    yield app
    if TEST_DATABASE_URL is not None:
        with app.app_context():
            db.session.remove()
            tables = ", ".join(f'"{table.name}"' for table in db.metadata.sorted_tables)
            with db.engine.begin() as connection:
                connection.execute(sa.text(f"TRUNCATE {tables} RESTART IDENTITY CASCADE"))
    close_app(app)


@pytest.fixture
def app_ctx(app: Flask) -> Iterator[Flask]:
    """The app with its context pushed, for tests that use ``db.session`` directly."""
    with app.app_context():
        yield app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    """Runs ``scorekeeper`` commands on the test app: ``runner.invoke(cli.cli, [...])``.

    Flask's group sets ``FLASK_RUN_FROM_CLI`` in the environment: the runner puts it back.
    """
    return app.test_cli_runner(env={"FLASK_RUN_FROM_CLI": None})
