"""A copy of the app's SQLite database (``scorekeeper backup``), taken while the server may be
saving rounds: consistent, checked, and readable by its owner only.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from .db import SQLITE_BUSY_TIMEOUT_MS, db


@dataclass(frozen=True)
class Backup:
    """What :func:`backup` wrote: the copy's path and what it holds."""

    path: Path
    games: int
    rounds: int
    source: Path  # the database copied


def backup(target: Path) -> Backup:
    """A consistent copy of the app's SQLite database at ``target``, taken while the server may
    be saving rounds: SQLite's online backup API, in one step (one read transaction, so the copy
    is the database as it was at one moment; writers are not held up, the database being in WAL
    mode). The copy is a single file (journal mode DELETE), checked, readable by its owner only
    (it holds every game's links), and appears at ``target`` only once whole."""
    url = db.engine.url
    if url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        raise BackupError(
            "backup copies a SQLite database file; this instance uses "
            f"{url.get_backend_name()}: use its own tools (pg_dump), or `scorekeeper export`"
        )
    source_path = Path(url.database)
    if not source_path.exists():
        raise BackupError(f"there is no database at {source_path} yet")
    target = target.resolve()
    if target == source_path.resolve():
        raise BackupError("the copy cannot be the database itself")
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    partial.unlink(missing_ok=True)
    os.close(os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    try:
        source = sqlite3.connect(source_path, timeout=SQLITE_BUSY_TIMEOUT_MS / 1000)
        try:
            copy_ = sqlite3.connect(partial)
            try:
                source.backup(copy_)  # pages=-1: the whole database in one step
                copy_.execute("PRAGMA journal_mode=DELETE")
                check = copy_.execute("PRAGMA integrity_check").fetchone()
                if check is None or check[0] != "ok":
                    raise BackupError(f"the copy does not check out: {check}")
                games = copy_.execute("SELECT count(*) FROM game").fetchone()[0]
                rounds = copy_.execute("SELECT count(*) FROM round").fetchone()[0]
            finally:
                copy_.close()
        finally:
            source.close()
        os.replace(partial, target)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return Backup(target, int(games), int(rounds), source_path.resolve())


class BackupError(RuntimeError):
    """A backup that cannot be taken (not SQLite, no database yet)."""
