"""The database: Flask-SQLAlchemy with a naming convention, Flask-Migrate, and where data lives.

SQLite in the instance folder by default, in WAL mode with a busy timeout and foreign keys on;
``DATABASE_URL`` (or ``SQLALCHEMY_DATABASE_URI`` in the config) switches to PostgreSQL through
psycopg 3. Schema changes go through the migrations in ``scorekeeper/store/migrations``
(``scorekeeper db upgrade``, or :func:`flask_migrate.upgrade` in an app context).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from flask import Flask
from flask_migrate import Migrate  # type: ignore[import-untyped]
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import MetaData, event
from sqlalchemy.orm import DeclarativeBase

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
#: Relative SQLite paths are in the app's instance folder (Flask-SQLAlchemy's rule).
DEFAULT_DATABASE_URL = "sqlite:///scorekeeper.sqlite3"
SQLITE_BUSY_TIMEOUT_MS = 5000

#: Stable constraint and index names, so that migrations can name what they change.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


db = SQLAlchemy(model_class=Base)
migrate = Migrate(directory=str(MIGRATIONS_DIR), compare_type=True, render_as_batch=True)

if TYPE_CHECKING:
    # db.Model is typed Any; to mypy the models are plain SQLAlchemy 2 declarative classes
    # (at run time db.Model is a subclass of Base with Flask-SQLAlchemy's mixins).
    Model = Base
else:
    Model = db.Model


def database_url(url: str) -> str:
    """``postgres://`` and ``postgresql://`` URLs use the psycopg 3 driver; others are kept.

    >>> database_url("postgres://me:pw@db.example.org:5432/cards?sslmode=require")
    'postgresql+psycopg://me:pw@db.example.org:5432/cards?sslmode=require'
    >>> database_url("sqlite:///scorekeeper.sqlite3")
    'sqlite:///scorekeeper.sqlite3'
    """
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url.removeprefix(prefix)
    return url


def sqlite_pragmas(dbapi_connection: Any, connection_record: Any) -> None:
    """WAL (readers never wait for the writer), a busy timeout, foreign keys enforced."""
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA foreign_keys=ON")
    finally:
        cursor.close()


def init_app(app: Flask) -> None:
    """Choose the database, set up the engine and register the extensions (and ``flask db``)."""
    from . import models  # noqa: F401  (the tables must be known to the metadata)

    url = (
        app.config.get("SQLALCHEMY_DATABASE_URI")
        or os.environ.get("DATABASE_URL")
        or DEFAULT_DATABASE_URL
    )
    app.config["SQLALCHEMY_DATABASE_URI"] = url = database_url(url)
    if url.startswith("postgresql"):
        options = app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", {})
        options.setdefault("pool_pre_ping", True)  # a hosted server may drop idle connections
    db.init_app(app)
    migrate.init_app(app, db)
    with app.app_context():
        for engine in db.engines.values():
            if engine.dialect.name == "sqlite":
                event.listen(engine, "connect", sqlite_pragmas)
                if engine.url.database not in (None, "", ":memory:"):
                    _owner_only(Path(engine.url.database))


def _owner_only(path: Path) -> None:
    """Make a new SQLite file readable by its owner only (it holds every game's tokens);
    SQLite gives its -wal and -shm files the same mode. An existing file is left as it is."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
