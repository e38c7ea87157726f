"""A Spades game through the command line: ``scorekeeper export`` then ``import`` into an empty
instance gives the same scoreboard JSON, links and bids in play; ``scorekeeper backup`` copies
it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskCliRunner

from scorekeeper import cli, create_app
from scorekeeper.store.db import db
from scorekeeper.store.models import Game
from scorekeeper.systems.spades import store as spades
from scorekeeper.systems.spades.presets import spades_rules_for
from scorekeeper.systems.spades.rules import SpadesHand

pytestmark = pytest.mark.db

NAMES = ("Ann", "Bob", "Cy", "Dee")


def played(app: Flask) -> tuple[str, str]:
    with app.app_context():
        game = spades.create_spades_game(
            "Late", spades_rules_for("spades-300"), list(NAMES), preset="spades-300"
        )
        for plays in (
            [(4, 5), (3, 3), (3, 3), (3, 2)],
            [("nil", 0), (4, 6), (5, 5), ("blind_nil", 2)],
        ):
            hand = SpadesHand.of(*((n, b, t) for n, (b, t) in zip(NAMES, plays, strict=True)))
            spades.store_hand(game, hand, dealer="Dee")
        spades.note_bids(game, [2, 2, 2, 2])
        return game.scorer_token, game.watcher_token


def board(app: Flask, watcher: str) -> dict[str, object]:
    response = app.test_client().get(f"/w/{watcher}.json")
    assert response.status_code == 200
    body: dict[str, object] = response.get_json()
    return body


def test_export_import_and_backup_keep_a_spades_game(
    app: Flask, empty_app: Flask, runner: FlaskCliRunner, tmp_path: Path
) -> None:
    scorer, watcher = played(app)
    before = board(app, watcher)
    assert before["teams"] == [
        # AC: 7 bid, 8 taken (71); Ann's nil made and Cy's 5 made (150)
        {"team": "Ann & Cy", "total": 71 + 150, "bags": 1},
        # BD: 6 bid, 5 taken (-60); Bob's 4 with 2 over, Dee's blind nil lost with 2 (-156)
        {"team": "Bob & Dee", "total": -60 + 44 - 200, "bags": 4},
    ]
    path = tmp_path / "games.json"
    assert runner.invoke(cli.cli, ["export", str(path)]).exit_code == 0
    assert json.loads(path.read_text())["games"][0]["rules"]["game"] == "spades"
    fresh = empty_app.test_cli_runner(env={"FLASK_RUN_FROM_CLI": None})
    result = fresh.invoke(cli.cli, ["import", str(path)])
    assert result.exit_code == 0, result.output
    assert board(empty_app, watcher) == before
    with empty_app.app_context():
        game = db.session.scalar(db.select(Game))
        assert game is not None and game.scorer_token == scorer
        assert game.system_data == {"bids_in_play": [2, 2, 2, 2]}
    if not app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        return  # PostgreSQL: pg_dump (the backup command says so; tested with the others)
    copy = tmp_path / "copy.sqlite3"
    result = runner.invoke(cli.cli, ["backup", str(copy)])
    assert result.exit_code == 0, result.output
    restored = create_app(
        {"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{copy}"}
    )
    assert board(restored, watcher) == before
    with restored.app_context():
        db.session.remove()
        for engine in db.engines.values():
            engine.dispose()
