"""Does a game cost more as it grows? A save and a changed board poll at 10, 250 and 1,000
rounds, beside a bare Flask hello in the same run: a script that prints figures, not a test.

    .venv/bin/python tests/benchmarks/bench_game_growth.py [--sizes 10 250 1000] [--saves 15]
        [--postgres [ADMIN_URL]]

Corpus: one Rummy 500 game of three players (Ann, Bob, Cy; target 100,000 so it does not end)
per size (after an untimed warm-up game), its earlier rounds written straight into the tables
(copies of one stored round, totals cached as a save caches them, one log entry each), then
``--saves`` rounds saved through the app (``POST /s/<token>/rounds``, the API's save with an
Idempotency-Key: checked, scored, stored, logged) and, after each, the board a watcher polls
once it changed (``GET /w/<token>.json?since=`` the version it had: the rounds changed since,
issue 36, item 18); then the whole board (its first load, every round rescored) three times.
Each save is a round with cards (melds, a layoff, cards in hand), so scoring it costs what it
costs at the table. The app runs in-process (Flask's test client: no sockets, the same stack
below them), on SQLite in a temporary folder or, with ``--postgres``, on a database made for the
run. The baseline is a bare Flask app answering "hello" through the same client, timed in the
same loop.

It prints the median and the worst of each, per size, and the ratio of the median save at the
largest size to that at the smallest (the aim of issue 36, item 18: at most 2).
"""

from __future__ import annotations

import argparse
import copy
import os
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import sqlalchemy as sa
from flask import Flask

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from scorekeeper import create_app
from scorekeeper.store.db import database_url, db
from scorekeeper.store.models import Game, GameChange, Round, RoundPart

#: A round with cards: Ann goes out (a set and a run, 9S laid off on Bob's run), Bob keeps KH 2C,
#: Cy counted 40 down and 25 in hand.
ROUND: dict[str, Any] = {
    "ended_by": "going_out",
    "players": [
        {
            "name": "Ann",
            "went_out": True,
            "melds": [["3C", "3D", "3S"], ["5D", "6D", "7D"]],
            "layoffs": [{"onto": {"player": "Bob", "meld": 0}, "cards": ["9S"]}],
            "hand": [],
        },
        {"name": "Bob", "melds": [["6S", "7S", "8S"]], "hand": ["KH", "2C"]},
        {"name": "Cy", "melded_points": 40, "hand_points": 25},
    ],
}


def timed(call: Callable[[], Any]) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def seed(app: Flask, rounds: int) -> tuple[str, str]:
    """A game with ``rounds`` rounds: the first saved through the app, the rest copied."""
    client = app.test_client()
    created = client.post(
        "/api/v1/games",
        json={
            "name": f"{rounds} rounds",
            "rules": {"preset": "rummy500", "options": {"target": 100_000}},
            "players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}],
        },
    ).get_json()
    assert "edit_url" in created, created
    edit, view = urlsplit(created["edit_url"]).path, urlsplit(created["view_url"]).path
    first = client.post(edit + "/rounds", json=ROUND, headers={"Idempotency-Key": "seed"})
    assert first.status_code == 201, first.get_json()
    with app.app_context():
        game = db.session.execute(
            sa.select(Game).where(Game.scorer_token == edit.rsplit("/", 1)[-1])
        ).scalar_one()
        template = game.rounds[0]
        columns = [c.key for c in sa.inspect(RoundPart).column_attrs if c.key not in ("id",)]
        for number in range(2, rounds + 1):
            copied = Round(
                game_id=game.id,
                number=number,
                dealer_id=template.dealer_id,
                ended_by=template.ended_by,
                went_out_id=template.went_out_id,
                accepted_warnings=[],
            )
            copied.parts = [
                RoundPart(
                    **{
                        key: copy.deepcopy(getattr(part, key))
                        for key in columns
                        if key != "round_id"
                    }
                )
                for part in template.parts
            ]
            db.session.add(copied)
            db.session.add(
                GameChange(game_id=game.id, version=number + 1, kind="added", round_number=number)
            )
        game.version = rounds + 1
        db.session.commit()
    return edit, view


def report(label: str, seconds: list[float]) -> str:
    return (
        f"{label:<34} n={len(seconds):<3} median {statistics.median(seconds) * 1e3:7.1f} ms"
        f"   worst {max(seconds) * 1e3:7.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 250, 1000])
    parser.add_argument("--saves", type=int, default=15)
    parser.add_argument("--postgres", nargs="?", const="postgresql://postgres@127.0.0.1:5432/test")
    args = parser.parse_args()

    folder = tempfile.TemporaryDirectory()
    admin = None
    if args.postgres:
        admin = sa.create_engine(database_url(args.postgres), isolation_level="AUTOCOMMIT")
        name = f"growth_{uuid.uuid4().hex[:10]}"
        with admin.connect() as connection:
            connection.execute(sa.text(f"CREATE DATABASE {name}"))
        url = str(sa.make_url(database_url(args.postgres)).set(database=name))
    else:
        url = f"sqlite:///{Path(folder.name) / 'growth.sqlite3'}"
    os.environ["RATELIMIT_ENABLED"] = "0"
    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        from flask_migrate import upgrade  # type: ignore[import-untyped]

        upgrade()
    hello = Flask("hello")
    hello.add_url_rule("/", "hello", lambda: "hello")
    hello_client = hello.test_client()

    print(f"database: {sa.make_url(url).get_backend_name()}; {args.saves} saves per size")
    medians: dict[int, float] = {}
    try:
        # warm up (the first requests of a process fill its caches): a game of its own, untimed
        edit, view = seed(app, 2)
        client = app.test_client()
        for index in range(5):
            client.post(edit + "/rounds", json=ROUND, headers={"Idempotency-Key": f"warm-{index}"})
            client.get(view + ".json", query_string={"since": 1})
        for size in args.sizes:
            edit, view = seed(app, size)
            client = app.test_client()
            saves, polls, whole, hellos = [], [], [], []
            version = client.get(view + ".json").get_json()["version"]
            for index in range(args.saves):
                key = {"Idempotency-Key": f"bench-{index}"}
                saves.append(timed(partial(client.post, edit + "/rounds", json=ROUND, headers=key)))
                since = {"since": version}
                polls.append(timed(partial(client.get, view + ".json", query_string=since)))
                version += 1
                hellos.append(timed(partial(hello_client.get, "/")))
            for _ in range(3):  # the first load of a board (every round), fewer: it is slow
                whole.append(timed(partial(client.get, view + ".json")))
            size_bytes = len(client.get(view + ".json").data)
            print(f"-- {size} rounds (board JSON {size_bytes / 1024:.0f} KiB)")
            print(report("save a round", saves))
            print(report("changed board poll (?since=)", polls))
            print(report("whole board JSON (first load)", whole))
            print(report("baseline: bare Flask hello", hellos))
            medians[size] = statistics.median(saves)
        smallest, largest = min(medians), max(medians)
        print(
            f"median save at {largest} rounds / at {smallest}: "
            f"{medians[largest] / medians[smallest]:.2f}x"
        )
    finally:
        with app.app_context():
            db.session.remove()
            for engine in db.engines.values():
                engine.dispose()
        if admin is not None:
            with admin.connect() as connection:
                connection.execute(sa.text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
            admin.dispose()
        folder.cleanup()


if __name__ == "__main__":
    main()
