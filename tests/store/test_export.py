"""Export, import, backup and CSV: a game moved to an empty instance reads the same under the same
links, an import never overwrites, a backup taken while rounds are saved holds every round that
was acknowledged, and a game's CSV adds up to its totals."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskCliRunner

from scorekeeper import cli
from scorekeeper.engine.cards import parse_cards
from scorekeeper.engine.presets import PRESETS, rules_for
from scorekeeper.engine.scoring import LayoffRecord, PlayerRecord, RoundRecord, meld
from scorekeeper.engine.standings import Seat
from scorekeeper.store import access, export, history, people, records
from scorekeeper.store.db import db
from scorekeeper.store.models import Game

pytestmark = pytest.mark.db

NAMES = ("Ann", "Bob", "Cy", "Di")


def cards(codes: str) -> tuple[Any, ...]:
    return tuple(parse_cards(codes.split()))


def round_of(preset: str, goer: str = "Ann", hand: str = "KH") -> RoundRecord:
    """A legal round under every preset: melds, a layoff, a player by totals, a declared wild."""
    others = [name for name in NAMES if name != goer]
    first, second, third = others
    runs = PRESETS[preset].rules.meld_kinds == "sets_and_runs"
    second_meld, their_meld, layoff = (
        ("5D 6D 7D", "6S 7S 8S", "8D") if runs else ("5D 5H 5S", "6S 6H 6D", "5C")
    )
    return RoundRecord(
        (
            PlayerRecord(goer, went_out=True, melds=(meld("3C 3D 3S"), meld(second_meld))),
            PlayerRecord(
                first,
                melds=(meld(their_meld),),
                layoffs=(LayoffRecord(goer, 1, cards(layoff)),),
                hand=cards(hand),
            ),
            PlayerRecord(second, melded_points=40, hand_points=25),
            PlayerRecord(third, hand=cards("QH 4C")),
        ),
        wild_rank="9" if PRESETS[preset].rules.round_wild != "none" else None,
        joker_effect="wild" if PRESETS[preset].rules.dealer_joker else None,
    )


def played_game(preset: str) -> Game:
    """A game of ``preset`` with every kind of change in its log, some undone (Persian over four
    deals, not two: a game that is over takes no more rounds)."""
    rules = rules_for(preset, {"max_deals": 4} if preset == "persian" else None)
    teams = ("N-S", "E-W", "N-S", "E-W") if rules.partnership else (None,) * 4
    game = records.create_game(
        f"Night of {preset}",
        rules,
        [Seat(name, team) for name, team in zip(NAMES, teams, strict=True)],
        preset=preset,
        dealer="Di",
    )
    first = records.store_round(game, round_of(preset, "Ann"), dealer="Di", idempotency_key="k1")
    records.store_round(game, round_of(preset, "Bob"), dealer="Ann", accepted_warnings=["w"])
    records.store_round(game, round_of(preset, "Cy", hand="KH 4D"), dealer="Bob")
    records.replace_round(first, round_of(preset, "Di", hand="QS"))  # corrected
    records.delete_round(game.rounds[1])  # deleted ...
    history.undo_last(game)  # ... and put back
    records.replace_round(game.rounds[2], round_of(preset, "Ann", hand="JC"))
    history.undo_last(game)  # a correction undone
    records.deal_next(game, "9" if rules.round_wild != "none" else None)
    records.rename_game(game, f"Friday {preset}")
    access.replace_link(game, "watcher")
    records.finish_game(game)
    history.undo_last(game)  # reopened by undo
    return game


def views(app: Flask, tokens: list[tuple[str, str]]) -> dict[str, Any]:
    client = app.test_client()
    out = {}
    for scorer, watcher in tokens:
        answer = client.get(f"/w/{watcher}.json")
        assert answer.status_code == 200, answer.text
        assert client.get(f"/s/{scorer}").status_code == 200
        out[watcher] = answer.get_json()
    return out


def export_to(runner: FlaskCliRunner, path: Path) -> dict[str, Any]:
    result = runner.invoke(cli.cli, ["export", str(path)])
    assert result.exit_code == 0, result.output
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def test_export_then_import_into_an_empty_instance_reads_the_same(
    app: Flask, empty_app: Flask, runner: FlaskCliRunner, tmp_path: Path
) -> None:
    with app.app_context():
        games = [played_game(preset) for preset in PRESETS]
        tokens = [(game.scorer_token, game.watcher_token) for game in games]
        people.merge(people.HOUSEHOLD, "Annie", "Ann")
        logs = {
            game.watcher_token: [(c.version, c.kind, c.undone) for c in game.changes]
            for game in games
        }
    before = views(app, tokens)
    assert all(view["rounds"] for view in before.values())
    path = tmp_path / "all.json"
    doc = export_to(runner, path)
    assert len(doc["games"]) == len(PRESETS)
    assert {"scorer_token", "watcher_token", "changes", "rounds", "players"} <= set(doc["games"][0])
    assert "player_id" not in json.dumps(doc)  # seats, never row ids
    kinds = {change["kind"] for game in doc["games"] for change in game["changes"]}
    assert kinds == {"added", "corrected", "deleted", "renamed", "finished", "dealt", "relinked"}
    assert oct(path.stat().st_mode & 0o777) == "0o600"

    fresh = empty_app.test_cli_runner(env={"FLASK_RUN_FROM_CLI": None})
    result = fresh.invoke(cli.cli, ["import", str(path)])
    assert result.exit_code == 0, result.output
    assert f"Imported {len(PRESETS)} games (" in result.output
    assert views(empty_app, tokens) == before
    with empty_app.app_context():
        for scorer, watcher in tokens:
            game = db.session.scalar(db.select(Game).where(Game.watcher_token == watcher))
            assert game is not None and game.scorer_token == scorer
            assert [(c.version, c.kind, c.undone) for c in game.changes] == logs[watcher]
            _, rescored = records.score_game(game)
            assert records.cached_standings(game) == rescored
        assert people.people(people.HOUSEHOLD).person("annie") == "Ann"
        # the log works after the move: undo takes back the newest change (the rename)
        game = db.session.scalar(db.select(Game).where(Game.watcher_token == tokens[0][1]))
        assert game is not None
        assert history.undo_last(game).kind == "renamed"
        assert game.name == "Night of rummy500"
    # and exported again, the instance writes the same document (but the time)
    again = export_to(fresh, tmp_path / "again.json")
    assert again["games"][1:] == doc["games"][1:]


def test_an_import_never_overwrites_a_game(
    app: Flask, runner: FlaskCliRunner, tmp_path: Path
) -> None:
    with app.app_context():
        game = played_game("rummy500")
        name, version = game.name, game.version
    path = tmp_path / "one.json"
    doc = export_to(runner, path)
    doc["games"][0]["name"] = "Overwritten?"
    extra = json.loads(json.dumps(doc["games"][0]))
    extra["scorer_token"], extra["watcher_token"] = "another-scorer", "another-watcher"
    doc["games"].append(extra)
    path.write_text(json.dumps(doc), encoding="utf-8")

    result = runner.invoke(cli.cli, ["import", str(path)])
    assert result.exit_code == 1
    assert "Nothing was imported: game 1 ('Overwritten?') is already here" in result.output
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(Game)) == 1
        stored = db.session.scalar(db.select(Game))
        assert stored is not None and (stored.name, stored.version) == (name, version)

    result = runner.invoke(cli.cli, ["import", "--skip-existing", str(path)])
    assert result.exit_code == 0, result.output
    assert "Imported 1 game (3 rounds)" in result.output
    assert "Left out, already here: game 1 ('Overwritten?')" in result.output
    with app.app_context():
        names = set(db.session.scalars(db.select(Game.name)))
        assert names == {name, "Overwritten?"}  # the copy under its new links, the old untouched


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda doc: doc.update(scorekeeper_export=9), "not a scorekeeper export"),
        (lambda doc: doc["games"].append(["a list"]), "game 3 is not an object"),
        (lambda doc: doc.update(aliases=[{"scope": "household"}]), "aliases: KeyError"),
        (lambda doc: doc["games"][0].pop("rounds"), "game 1 ('Friday rummy500'): KeyError"),
        (
            lambda doc: doc["games"][0]["rules"].update(min_set=1),
            "game 1 ('Friday rummy500'): ",
        ),
        (
            lambda doc: doc["games"][0]["rounds"][0]["parts"][0].update(player=9),
            "seat 9 has no player",
        ),
    ],
)
def test_a_broken_document_is_refused_whole(
    empty_app: Flask, app: Flask, runner: FlaskCliRunner, tmp_path: Path, change: Any, message: str
) -> None:
    with app.app_context():
        played_game("rummy500")
    doc = export_to(runner, tmp_path / "one.json")
    doc["games"].insert(0, json.loads(json.dumps(doc["games"][0])))
    doc["games"][1]["scorer_token"] = doc["games"][1]["watcher_token"] = "second"
    doc["games"].reverse()  # a good game first: it is not stored either
    change(doc)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = empty_app.test_cli_runner(env={"FLASK_RUN_FROM_CLI": None}).invoke(
        cli.cli, ["import", str(path)]
    )
    assert result.exit_code == 1
    assert message in result.output
    with empty_app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(Game)) == 0


def test_import_reads_standard_input_and_refuses_what_is_not_json(
    app: Flask, runner: FlaskCliRunner, tmp_path: Path
) -> None:
    result = runner.invoke(cli.cli, ["import", "-"], input="{not json")
    assert result.exit_code == 1
    assert "- is not JSON" in result.output
    empty = json.dumps({"scorekeeper_export": 1, "games": []})
    result = runner.invoke(cli.cli, ["import", "-"], input=empty)
    assert result.exit_code == 0
    assert "Imported 0 games (0 rounds)" in result.output


def test_export_to_standard_output(app: Flask, runner: FlaskCliRunner) -> None:
    with app.app_context():
        played_game("rummy5000")
    result = runner.invoke(cli.cli, ["export", "-"])
    assert result.exit_code == 0
    assert json.loads(result.output)["games"][0]["preset"] == "rummy5000"


# --- backup ------------------------------------------------------------------------------------


def test_a_backup_taken_while_rounds_are_saved_holds_every_acknowledged_round(
    app: Flask, runner: FlaskCliRunner, tmp_path: Path
) -> None:
    if not app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        result = runner.invoke(cli.cli, ["backup", str(tmp_path / "copy.sqlite3")])
        assert result.exit_code == 1 and "pg_dump" in result.output
        return
    with app.app_context():
        game = records.create_game("Busy", rules_for("rummy500"), [Seat("Ann"), Seat("Bob")])
        game_id = game.id
    acknowledged: list[int] = []
    stop = threading.Event()
    failures: list[BaseException] = []

    def save_rounds() -> None:
        try:
            with app.app_context():
                busy = db.session.get(Game, game_id)
                assert busy is not None
                while not stop.is_set() and len(acknowledged) < 2000:
                    stored = records.store_round(busy, two_player_round(len(acknowledged)))
                    acknowledged.append(stored.number)
        except BaseException as error:  # pragma: no cover - reported below
            failures.append(error)

    saver = threading.Thread(target=save_rounds)
    saver.start()
    copies = []
    try:
        while len(acknowledged) < 5:
            stop.wait(0.01)
        for index in range(3):
            before = len(acknowledged)  # acknowledged before the backup began
            path = tmp_path / f"copy-{index}.sqlite3"
            result = runner.invoke(cli.cli, ["backup", str(path)])
            assert result.exit_code == 0, result.output
            copies.append((path, before))
    finally:
        stop.set()
        saver.join()
    assert not failures
    assert len(acknowledged) > copies[-1][1]  # the saver was still saving meanwhile
    for path, before in copies:
        assert oct(path.stat().st_mode & 0o777) == "0o600"
        assert not Path(f"{path}-wal").exists()  # one self-contained file
        with sqlite3.connect(path) as copy:
            assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
            numbers = [n for (n,) in copy.execute("SELECT number FROM round ORDER BY number")]
            assert len(numbers) >= before
            assert numbers == list(range(1, len(numbers) + 1))
            (version,) = copy.execute("SELECT version FROM game").fetchone()
            (logged,) = copy.execute("SELECT count(*) FROM game_change").fetchone()
            (parts,) = copy.execute("SELECT count(*) FROM round_part").fetchone()
            assert (version, logged, parts) == (1 + len(numbers), len(numbers), 2 * len(numbers))
        restored = Flask("restored")
        assert restored  # the copy opens as the app's database too:
        with copied_app(path).app_context():
            busy = db.session.get(Game, game_id)
            assert busy is not None and len(busy.rounds) == len(numbers)
            assert records.cached_standings(busy) == records.score_game(busy)[1]


def copied_app(path: Path) -> Flask:
    from scorekeeper import create_app

    return create_app(
        {"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"}
    )


def two_player_round(index: int) -> RoundRecord:
    goer, other = ("Ann", "Bob") if index % 2 == 0 else ("Bob", "Ann")
    return RoundRecord(
        (
            PlayerRecord(goer, went_out=True, melds=(meld("3C 3D 3S"),)),
            PlayerRecord(other, melds=(meld("6S 7S 8S"),), hand=cards("KH")),
        )
    )


def test_backup_refuses_to_overwrite_unless_asked(
    app: Flask, runner: FlaskCliRunner, tmp_path: Path
) -> None:
    if not app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        pytest.skip("SQLite only")
    path = tmp_path / "copy.sqlite3"
    path.write_text("keep me")
    result = runner.invoke(cli.cli, ["backup", str(path)])
    assert result.exit_code == 1 and "exists" in result.output
    assert path.read_text() == "keep me"
    result = runner.invoke(cli.cli, ["backup", "--overwrite", str(path)])
    assert result.exit_code == 0, result.output
    assert "Backed up 0 games (0 rounds)" in result.output
    assert not list(tmp_path.glob(".*.partial"))


# --- CSV ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["rummy500", "partnership500", "persian", "rummy5000"])
def test_a_games_csv_parses_and_adds_up_to_its_totals(app: Flask, preset: str) -> None:
    with app.app_context():
        game = played_game(preset)
        records.store_round(game, round_of(preset, "Bob"))
        watcher = game.watcher_token
    client = app.test_client()
    totals = {
        row["name"]: row["total"] for row in client.get(f"/w/{watcher}.json").get_json()["totals"]
    }
    answer = client.get(f"/w/{watcher}.csv")
    assert answer.status_code == 200
    assert answer.mimetype == "text/csv"
    assert "attachment" in answer.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(answer.text)))
    assert list(rows[0]) == list(export.CSV_COLUMNS)
    per_round = [row for row in rows if row["round"] != "final"]
    assert len(per_round) == 4 * 4  # one row per player per round
    sums = dict.fromkeys(totals, 0)
    for row in rows:
        sums[row["player"]] += int(row["total"])
        assert int(row["melded"]) - int(row["in_hand"]) + int(row["bonus"]) == int(row["total"])
    assert sums == totals
    last = {row["player"]: int(row["running_total"]) for row in rows}
    assert last == totals
    again = client.get(f"/w/{watcher}.csv", headers={"If-None-Match": answer.headers["ETag"]})
    assert again.status_code == 304


def test_a_csv_needs_the_watchers_link_and_keeps_formulas_out(app: Flask) -> None:
    with app.app_context():
        game = records.create_game(
            "=HYPERLINK(1)", rules_for("rummy500"), [Seat("@Ann"), Seat("Bob")]
        )
        records.store_round(
            game,
            RoundRecord(
                (
                    PlayerRecord("@Ann", went_out=True, melds=(meld("3C 3D 3S"),)),
                    PlayerRecord("Bob", hand=cards("KH")),
                )
            ),
        )
        scorer, watcher = game.scorer_token, game.watcher_token
    client = app.test_client()
    assert client.get(f"/w/{scorer}.csv").status_code == 404
    assert client.get("/w/nothing.csv").status_code == 404
    rows = list(csv.reader(io.StringIO(client.get(f"/w/{watcher}.csv").text)))
    assert rows[1][0] == "'=HYPERLINK(1)" and rows[1][3] == "'@Ann"
    assert rows[2][12:14] == ["-10", "-10"]  # numbers stay numbers (total, running_total)


def test_a_browsers_download_imports_with_a_new_scorer_link_for_a_game_it_only_watched(
    app: Flask, empty_app: Flask, tmp_path: Path
) -> None:
    with app.app_context():
        scored, watched = played_game("rummy500"), played_game("rummy5000")
        scorer, watcher, secret = scored.scorer_token, watched.watcher_token, watched.scorer_token
    client = app.test_client()
    client.get(f"/s/{scorer}")
    client.get(f"/w/{watcher}")
    before = views(app, [(scorer, scored.watcher_token)])
    path = tmp_path / "download.json"
    path.write_bytes(client.get("/history/games.json").data)
    assert secret not in path.read_text(encoding="utf-8")
    result = empty_app.test_cli_runner(env={"FLASK_RUN_FROM_CLI": None}).invoke(
        cli.cli, ["import", str(path)]
    )
    assert result.exit_code == 0, result.output
    assert views(empty_app, [(scorer, scored.watcher_token)]) == before
    fresh = empty_app.test_client()
    assert fresh.get(f"/w/{watcher}.json").status_code == 200
    assert fresh.get(f"/s/{secret}").status_code == 404  # a new scorer link, not the old one
    with empty_app.app_context():
        game = db.session.scalar(db.select(Game).where(Game.watcher_token == watcher))
        assert game is not None and len(game.scorer_token) == 32 and game.scorer_token != secret
