"""Phones saving rounds at once (issue 36, item 4): each save is stored exactly once, or is
refused with a 503 that says to try again (``Retry-After``), never a 500 and never half-stored.

On SQLite the writers of a process take turns in the order they came (``store.db.WriteQueue``)
and take the write lock as their transaction begins; SQLite's own busy wait (polling, unfair)
is then only for another process. The eight-writer test shortens that busy wait to 200 ms, so a
writer left to it soon fails (13 of 48 without the queue): every save must be a 201. On
PostgreSQL (``-m db``) the same test runs against the game row's lock.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections import Counter
from typing import Any
from urllib.parse import urlsplit

import pytest
import sqlalchemy as sa
from flask import Flask

from scorekeeper.store import db as store_db
from scorekeeper.store.db import db
from scorekeeper.store.models import Game, Round

from .test_rounds import API_MD, make_game, open_form

pytestmark = pytest.mark.db

WRITERS = 8
SAVES_EACH = 12  # Ann scores 36 a round: 12 rounds stay under 500, the game goes on
ON_SQLITE = os.environ.get("TEST_DATABASE_URL") is None
sqlite_only = pytest.mark.skipif(not ON_SQLITE, reason="SQLite's write lock")


#: A round over the API: Ann goes out with 36 melded, Bob keeps 5 in hand, Cy melded 10.
API_ROUND: dict[str, Any] = {
    "ended_by": "going_out",
    "players": [
        {"name": "Ann", "went_out": True, "melded_points": 36, "hand_points": 0},
        {"name": "Bob", "melded_points": 0, "hand_points": 5},
        {"name": "Cy", "melded_points": 10, "hand_points": 0},
    ],
}


def new_game(app: Flask, name: str) -> str:
    """A rummy500 game of Ann, Bob and Cy started over the API: its scorer link's path."""
    players = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]
    response = app.test_client().post(
        "/api/v1/games", json={"name": name, "rules": "rummy500", "players": players}
    )
    assert response.status_code == 201, response.get_json()
    return urlsplit(response.get_json()["edit_url"]).path


def stored_rounds(app: Flask) -> Counter[str]:
    """How many rounds each game (by scorer token) holds."""
    with app.app_context():
        rows = db.session.execute(sa.select(Game.scorer_token).join(Round.game)).scalars()
        return Counter(rows)


@pytest.mark.app_config(SQLITE_BUSY_TIMEOUT_MS=200)
def test_eight_writers_at_once_store_every_round_exactly_once(app: Flask) -> None:
    # two writers to each of four games: they race for the same game and for the file
    edits = [new_game(app, f"Table {n}") for n in range(WRITERS // 2)]
    start = threading.Barrier(WRITERS)
    answers: list[tuple[str, int, Any]] = []

    def write(writer: int) -> None:
        client = app.test_client()
        edit = edits[writer % len(edits)]
        start.wait()
        for save in range(SAVES_EACH // 2):
            response = client.post(
                edit + "/rounds",
                json=API_ROUND,
                headers={"Idempotency-Key": f"w{writer}-s{save}"},
            )
            answers.append((edit, response.status_code, response.get_json()))

    threads = [threading.Thread(target=write, args=(n,)) for n in range(WRITERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert Counter(status for _, status, _ in answers) == {201: WRITERS * SAVES_EACH // 2}
    numbers = Counter((edit, body["round"]) for edit, _, body in answers)
    assert set(numbers.values()) == {1}, "one round number answered twice"
    held = stored_rounds(app)
    for edit in edits:
        assert held[edit.rsplit("/", 1)[-1]] == SAVES_EACH
        assert sorted(n for e, n in numbers if e == edit) == list(range(1, SAVES_EACH + 1))


@sqlite_only
def test_a_save_that_waits_too_long_is_a_503_and_stores_nothing(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    edit = new_game(app, "Friday")
    client = app.test_client()
    monkeypatch.setattr(store_db, "WRITE_WAIT_SECONDS", 0.05)
    with app.app_context(), db.engine.connect() as other:
        other.execute(sa.update(Game).values(name=Game.name))
        refused = client.post(edit + "/rounds", json=API_ROUND, headers={"Idempotency-Key": "a"})
        other.rollback()
    assert refused.status_code == 503
    assert refused.headers["Retry-After"] == str(store_db.RETRY_AFTER_SECONDS)
    assert "nothing was stored" in refused.get_json()["error"]
    assert stored_rounds(app) == Counter()
    again = client.post(edit + "/rounds", json=API_ROUND, headers={"Idempotency-Key": "a"})
    assert (again.status_code, again.get_json()["round"]) == (201, 1)


@sqlite_only
def test_the_round_form_says_busy_and_keeps_nothing(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    token = make_game(app)["scorer"]
    client = app.test_client()
    form = {**open_form(client, token), **API_MD}
    monkeypatch.setattr(store_db, "WRITE_WAIT_SECONDS", 0.05)
    with app.app_context(), db.engine.connect() as other:
        other.execute(sa.update(Game).values(name=Game.name))
        refused = client.post(f"/s/{token}/rounds/new", data=form)
        other.rollback()
    assert refused.status_code == 503
    assert refused.headers["Retry-After"] == str(store_db.RETRY_AFTER_SECONDS)
    page = refused.get_data(as_text=True)
    assert "busy saving other changes" in page and "Try again" in page
    assert stored_rounds(app) == Counter()
    assert client.post(f"/s/{token}/rounds/new", data=form).status_code == 303


@sqlite_only
@pytest.mark.app_config(SQLITE_BUSY_TIMEOUT_MS=20)
def test_another_process_holding_the_lock_is_a_503(app: Flask) -> None:
    edit = new_game(app, "Friday")
    with app.app_context():
        database = db.engine.url.database
    assert database is not None
    other = sqlite3.connect(database, isolation_level=None)  # not through this app's queue
    try:
        other.execute("BEGIN IMMEDIATE")
        refused = app.test_client().post(
            edit + "/rounds", json=API_ROUND, headers={"Idempotency-Key": "a"}
        )
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert refused.status_code == 503, refused.get_json()
    assert refused.headers["Retry-After"] == str(store_db.RETRY_AFTER_SECONDS)
    assert stored_rounds(app) == Counter()


def test_turns_are_given_in_the_order_asked() -> None:
    queue = store_db.WriteQueue()
    assert queue.acquire(timeout=1)
    order: list[int] = []
    threads = []
    for writer in range(5):
        thread = threading.Thread(
            target=lambda n=writer: (queue.acquire(timeout=5), order.append(n), queue.release())
        )
        thread.start()
        threads.append(thread)
        while len(queue._waiting) < writer + 1:  # each in line before the next comes
            threading.Event().wait(0.001)
    queue.release()
    for thread in threads:
        thread.join()
    assert order == [0, 1, 2, 3, 4]


def test_a_writer_that_gives_up_leaves_the_line() -> None:
    queue = store_db.WriteQueue()
    assert queue.acquire(timeout=1)
    assert not queue.acquire(timeout=0.01)
    assert not queue._waiting
    queue.release()
    assert queue.acquire(timeout=0.01)
