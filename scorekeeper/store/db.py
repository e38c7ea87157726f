"""The database: Flask-SQLAlchemy with a naming convention, Flask-Migrate, and where data lives.

SQLite in the instance folder by default, in WAL mode with a busy timeout and foreign keys on;
its writers take the write lock when their transaction begins (``BEGIN IMMEDIATE``), one after
the other in the order they asked (:class:`WriteQueue`). ``DATABASE_URL`` (or
``SQLALCHEMY_DATABASE_URI`` in the config) switches to PostgreSQL through psycopg 3. Schema
changes go through the migrations in ``scorekeeper/store/migrations`` (``scorekeeper db
upgrade``, or :func:`flask_migrate.upgrade` in an app context).
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections import deque
from collections.abc import Callable
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
#: How long a save waits for its turn to write before it is refused with "try again" (503).
WRITE_WAIT_SECONDS = 10.0
#: The Retry-After of that refusal, in seconds.
RETRY_AFTER_SECONDS = 2

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


def sqlite_pragmas(busy_timeout_ms: int) -> Callable[[Any, Any], None]:
    """What a new SQLite connection is set to: WAL (readers never wait for the writer), a busy
    timeout, foreign keys enforced; and a transaction that writes takes the write lock as it
    begins (pysqlite begins one before the first INSERT, UPDATE or DELETE; reads begin none)."""

    def on_connect(dbapi_connection: Any, connection_record: Any) -> None:
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(f"PRAGMA busy_timeout={busy_timeout_ms}")
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA foreign_keys=ON")
        finally:
            cursor.close()
        dbapi_connection.isolation_level = "IMMEDIATE"

    return on_connect


class WriteBusy(Exception):
    """A write waited :data:`WRITE_WAIT_SECONDS` for its turn and was not let in: nothing was
    written, and the client may try again (a 503 with ``Retry-After``)."""


class WriteQueue:
    """The writers to one SQLite file in this process, let in one at a time in the order they
    came. SQLite's own busy wait polls with growing sleeps, so among many writers an unlucky one
    could wait past any timeout (16 writers: 1 save in 100 waited out the 5 s busy timeout while
    the median took 0.1 s); here each waits its turn. Another process writing the same file still
    meets the busy timeout.

    >>> queue = WriteQueue()
    >>> queue.acquire(timeout=0.1), queue.acquire(timeout=0.01)
    (True, False)
    >>> queue.release(); queue.acquire(timeout=0.01)
    True
    """

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._held = False
        self._waiting: deque[threading.Event] = deque()

    def acquire(self, timeout: float) -> bool:
        """Wait for this writer's turn; False if it did not come within ``timeout`` seconds."""
        with self._guard:
            if not self._held and not self._waiting:
                self._held = True
                return True
            turn = threading.Event()
            self._waiting.append(turn)
        if turn.wait(timeout):
            return True
        with self._guard:
            if turn.is_set():  # handed over just as the wait ran out
                return True
            self._waiting.remove(turn)
            return False

    def release(self) -> None:
        """End this writer's turn: hand it to the next in line, if any."""
        with self._guard:
            if self._waiting:
                self._waiting.popleft().set()
            else:
                self._held = False


_WRITES = ("INSERT", "UPDATE", "DELETE")
_HOLDS_TURN = "scorekeeper.write_turn"


def queue_writers(engine: Any) -> None:
    """Make the writers of a SQLite engine take turns (:class:`WriteQueue`): a connection waits
    for its turn before the first statement that writes, and gives it up when its transaction
    ends (commit, rollback, or the pool's reset of a connection given back mid-transaction).
    The turn passes as the commit is sent: the next writer's ``BEGIN IMMEDIATE`` waits out the
    commit's last milliseconds in SQLite's busy wait, the only writer waiting there."""
    queue = WriteQueue()

    def before_write(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if conn.info.get(_HOLDS_TURN) or not statement.lstrip()[:6].upper().startswith(_WRITES):
            return
        if not queue.acquire(WRITE_WAIT_SECONDS):
            raise WriteBusy(f"no turn to write within {WRITE_WAIT_SECONDS:g} s")
        conn.info[_HOLDS_TURN] = True

    def transaction_ended(conn: Any, *args: Any) -> None:
        if conn.info.pop(_HOLDS_TURN, False):
            queue.release()

    def given_back(connection_record: Any) -> None:
        if connection_record is not None and connection_record.info.pop(_HOLDS_TURN, False):
            queue.release()

    def reset(dbapi_connection: Any, connection_record: Any, reset_state: Any) -> None:
        given_back(connection_record)

    def invalidate(dbapi_connection: Any, connection_record: Any, exception: Any) -> None:
        given_back(connection_record)

    def close(dbapi_connection: Any, connection_record: Any) -> None:
        given_back(connection_record)

    event.listen(engine, "before_cursor_execute", before_write)
    event.listen(engine, "commit", transaction_ended)
    event.listen(engine, "rollback", transaction_ended)
    event.listen(engine.pool, "reset", reset)
    event.listen(engine.pool, "invalidate", invalidate)
    event.listen(engine.pool, "close", close)


def is_busy(error: BaseException) -> bool:
    """Whether a database error means "busy, try again": this process's writers queued too long
    (:class:`WriteBusy`), or SQLite's busy timeout ran out (another process held the lock)."""
    if isinstance(error, WriteBusy):
        return True
    original = getattr(error, "orig", None)
    return type(original).__name__ == "OperationalError" and "database is locked" in str(original)


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
                busy_timeout = app.config.get("SQLITE_BUSY_TIMEOUT_MS", SQLITE_BUSY_TIMEOUT_MS)
                event.listen(engine, "connect", sqlite_pragmas(busy_timeout))
                queue_writers(engine)
                if engine.url.database not in (None, "", ":memory:"):
                    _owner_only(Path(engine.url.database))


def _owner_only(path: Path) -> None:
    """Make a new SQLite file readable by its owner only (it holds every game's tokens);
    SQLite gives its -wal and -shm files the same mode. An existing file is left as it is."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
