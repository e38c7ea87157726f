"""A board read while rounds are being saved (issue 36, item 3): one saver and two readers at
once, each reader in its own session. Every board comes out whole and consistent (its rounds are
the standings' rounds), never an IndexError from a save landing between its reads. On SQLite and
on PostgreSQL (``-m db``)."""

from __future__ import annotations

import threading

import pytest
from flask import Flask

from scorekeeper.engine.presets import rules_for
from scorekeeper.store import records
from scorekeeper.store.db import db
from scorekeeper.store.models import Game
from scorekeeper.store.scoreboard import RECENT_ROUNDS, board

from .test_records import new_game, simple_round

pytestmark = pytest.mark.db

SAVES = 40


def test_boards_read_while_rounds_are_saved_are_whole(app_ctx: Flask) -> None:
    game_id = new_game(rules_for("rummy500", {"target": 100_000})).id
    saving = threading.Event()
    saving.set()
    problems: list[str] = []
    reads = [0, 0]

    def saver() -> None:
        try:
            with app_ctx.app_context():
                for index in range(SAVES):
                    game = db.session.get_one(Game, game_id)
                    records.store_round(game, simple_round("Ann" if index % 2 else "Bob"))
        finally:
            saving.clear()

    def reader(which: int) -> None:
        with app_ctx.app_context():
            game = db.session.get_one(Game, game_id)
            while saving.is_set():
                try:
                    read = board(game)
                except Exception as error:  # reported by the assertion below
                    problems.append(f"{type(error).__name__}: {error}")
                    continue
                reads[which] += 1
                played = read.rounds_played
                shown = [row.number for row in read.rounds]
                if played != len(read.standing.running) or shown != list(
                    range(max(1, played - RECENT_ROUNDS + 1), played + 1)
                ):
                    problems.append(f"rounds {shown} against {played} played")
                db.session.rollback()  # the next read, a new transaction

    threads = [threading.Thread(target=saver)] + [
        threading.Thread(target=reader, args=(which,)) for which in (0, 1)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert problems == []
    assert min(reads) > 0
    print(f"\n{SAVES} saves, {sum(reads)} boards read meanwhile, all whole")
