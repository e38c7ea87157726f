"""Import verifies what it loads (issue 36, item 1): every round is rescored and compared with
what the file says it scored; a file changed by hand is refused whole, naming the game, round
and player (or side), and nothing is stored. A Spades file of format 1 (side points on the
first seat) still imports; a file that is not UTF-8 is a one-line error; a watcher's download
says which games got a new scorer link."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskCliRunner
from flask_migrate import upgrade  # type: ignore[import-untyped]
from sqlalchemy import func, select

from scorekeeper import cli
from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.scoring import PlayerRecord, RoundRecord, meld
from scorekeeper.engine.standings import Seat
from scorekeeper.store import export, records
from scorekeeper.store.db import db
from scorekeeper.store.models import Game
from scorekeeper.systems.spades import store as spades
from scorekeeper.systems.spades.presets import spades_rules_for
from scorekeeper.systems.spades.rules import SpadesHand

pytestmark = pytest.mark.db


def rummy_document(app: Flask) -> dict[str, Any]:
    with app.app_context():
        game = records.create_game("Friday", rules_for("rummy500"), [Seat("Ann"), Seat("Bob")])
        records.store_round(
            game,
            RoundRecord(
                (
                    PlayerRecord("Ann", went_out=True, melds=(meld("8H 9H 10H"),)),
                    PlayerRecord("Bob", melds=(meld("3C 3D 3S"),), hand=()),
                ),
                ended_by="going_out",
            ),
        )
        return export.document()


def spades_document(app: Flask) -> dict[str, Any]:
    with app.app_context():
        game = spades.create_spades_game(
            "Late", spades_rules_for("spades"), ["Ann", "Bob", "Cy", "Dee"]
        )
        spades.store_hand(
            game, SpadesHand.of(("Ann", 4, 5), ("Bob", 0, 0), ("Cy", 3, 3), ("Dee", 5, 5))
        )
        return export.document()


def games_in(app: Flask) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Game)) or 0


def load(app: Flask, doc: dict[str, Any]) -> None:
    with app.app_context():
        upgrade()  # a new instance, as `scorekeeper import` makes it
        export.load(doc)


def test_a_meld_changed_by_hand_is_refused_naming_game_round_and_player(
    app: Flask, empty_app: Flask
) -> None:
    doc = rummy_document(app)
    changed = copy.deepcopy(doc)
    part = changed["games"][0]["rounds"][0]["parts"][0]
    assert part["melds"][0]["cards"] == ["8H", "9H", "10H"]
    part["melds"][0]["cards"] = ["8H", "9H", "KS"]  # not a meld any more
    with pytest.raises(export.ImportRefused) as refused:
        load(empty_app, changed)
    message = str(refused.value)
    assert message.startswith("game 1 ('Friday'): round 1, Ann: the file says 27")
    assert games_in(empty_app) == 0
    load(empty_app, doc)  # the file as exported imports
    assert games_in(empty_app) == 1


def test_a_bid_changed_by_hand_is_refused_naming_the_side(app: Flask, empty_app: Flask) -> None:
    doc = spades_document(app)
    changed = copy.deepcopy(doc)
    changed["games"][0]["rounds"][0]["parts"][0]["system_data"]["bid"] = "1"  # Ann bid 1
    with pytest.raises(export.ImportRefused, match=r"round 1, Ann & Cy: the file says 71"):
        load(empty_app, changed)
    assert games_in(empty_app) == 0


def test_a_spades_file_of_format_1_still_imports(app: Flask, empty_app: Flask) -> None:
    doc = spades_document(app)
    old = copy.deepcopy(doc)  # written as format 1 wrote it: the side's points on its first seat
    old["scorekeeper_export"] = 1
    game = old["games"][0]
    game["bids_in_play"] = game.pop("system_data")
    sides = {p["seat"]: p["team"] for p in game["players"]}
    for saved in game["rounds"]:
        points = {side["name"]: side["total"] for side in saved.pop("sides")}
        seen: set[str] = set()
        for part in saved["parts"]:
            data = part.pop("system_data")
            part["bid"], part["tricks"] = data["bid"], data["tricks"]
            side = sides[part["player"]]
            part["total"] = points[side] if side not in seen else 0
            seen.add(side)
    load(empty_app, old)
    with empty_app.app_context():
        stored = db.session.scalars(select(Game)).one()
        assert spades.play(stored).totals == {"Ann & Cy": 71, "Bob & Dee": 150}


def test_a_file_that_is_not_utf8_is_one_line(empty_app: Flask, tmp_path: Path) -> None:
    path = tmp_path / "games.json"
    path.write_bytes(b'{"scorekeeper_export": 2, "games": [{"name": "\xff"}]}')
    result = empty_app.test_cli_runner().invoke(cli.cli, ["import", str(path)])
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        f"Error: {path} is not UTF-8 text (byte 46): not a scorekeeper export"
    ]


def test_a_watchers_download_says_which_games_got_a_new_scorer_link(
    app: Flask, empty_app: Flask, runner: FlaskCliRunner, tmp_path: Path
) -> None:
    doc = rummy_document(app)
    doc["games"][0]["scorer_token"] = None  # as the history page's download for a watcher
    path = tmp_path / "watched.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = empty_app.test_cli_runner().invoke(cli.cli, ["import", str(path)])
    assert result.exit_code == 0, result.output
    assert "No scorer link in the file (a watcher's download) for game 1 ('Friday')" in (
        result.output
    )
