"""A game its rules have ended takes no new round from the pages: the scorer page says who won
instead of offering the next round, the next round's form leads back to the game, a form sent
anyway is a 409 that names the winner with nothing stored, and a correction that changes the
result opens the game again. (The JSON side, for every family: tests/systems/test_contract.py.)
"""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.engine.presets import rules_for
from scorekeeper.store import records
from scorekeeper.store.db import db
from scorekeeper.store.models import Game

from .test_rounds import API_MD, make_game, open_form, stored

pytestmark = pytest.mark.db


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_pages_refuse_a_round_after_the_end_and_a_correction_reopens(
    app: Flask, client: FlaskClient
) -> None:
    game = make_game(app, rules_for("rummy500", {"target": 30}))
    scorer = game["scorer"]
    form = open_form(client, scorer)
    assert client.post(f"/s/{scorer}/rounds/new", data={**form, **API_MD}).status_code == 303
    page = client.get(f"/s/{scorer}").get_data(as_text=True)
    assert "The game is over: Ann won." in text(page)
    assert f"/s/{scorer}/rounds/new" not in page  # no next round offered
    # the next round's form leads back, saying why
    answer = client.get(f"/s/{scorer}/rounds/new")
    assert answer.status_code == 303 and answer.headers["Location"].endswith(f"/s/{scorer}")
    back = client.get(f"/s/{scorer}").get_data(as_text=True)
    assert "The game is over: Ann won (Ann reached 30)" in text(back)
    # a form sent anyway (as from a page opened before the end), at the current version
    late = {**form, **API_MD, "version": "2", "key": "another"}
    refused = client.post(f"/s/{scorer}/rounds/new", data=late)
    assert refused.status_code == 409
    shown = text(refused.get_data(as_text=True))
    assert "The game is over" in shown and "Ann won" in shown and "Nothing was stored" in shown
    assert f'href="/s/{scorer}"' in refused.get_data(as_text=True)  # back to the game
    assert len(stored(app)) == 1
    # a correction stays possible; one that leaves nobody at the target opens the game again
    fix = open_form(client, scorer, "1")
    lower = {**API_MD, "p0-mode": "totals", "p0-melded": "20", "p0-in_hand": "0"}
    assert client.post(f"/s/{scorer}/rounds/1", data={**fix, **lower}).status_code == 303
    assert client.get(f"/s/{scorer}/rounds/new").status_code == 200
    assert f"/s/{scorer}/rounds/new" in client.get(f"/s/{scorer}").get_data(as_text=True)


def test_a_game_marked_finished_takes_no_round_until_reopened(
    app: Flask, client: FlaskClient
) -> None:
    game = make_game(app)
    scorer = game["scorer"]
    with app.app_context():
        stored = db.session.scalars(select(Game)).one()
        records.finish_game(stored)
    page = client.get(f"/s/{scorer}").get_data(as_text=True)
    assert "The game is marked finished." in text(page) and "Reopen the game" in page
    assert f"/s/{scorer}/rounds/new" not in page and "Mark finished" not in page
    answer = client.get(f"/s/{scorer}/rounds/new")
    assert answer.status_code == 303
    body = {"ended_by": "stock_out", "players": [{"name": n, "melded_points": 5} for n in
            ("Ann", "Bob", "Cy")]}  # fmt: skip
    refused = client.post(f"/s/{scorer}/rounds", json=body, headers={"Idempotency-Key": "m1"})
    assert refused.status_code == 409 and "marked finished" in refused.get_json()["error"]
    assert stored_rounds(app) == 0
    with app.app_context():
        records.finish_game(db.session.scalars(select(Game)).one(), finished=False)
    again = client.post(f"/s/{scorer}/rounds", json=body, headers={"Idempotency-Key": "m1"})
    assert again.status_code == 201


def test_a_game_its_rules_ended_offers_no_mark_finished(app: Flask, client: FlaskClient) -> None:
    game = make_game(app, rules_for("rummy500", {"target": 30}))
    form = open_form(client, game["scorer"])
    client.post(f"/s/{game['scorer']}/rounds/new", data={**form, **API_MD})
    page = client.get(f"/s/{game['scorer']}").get_data(as_text=True)
    assert "The game is over: Ann won." in text(page) and "Mark finished" not in page


def stored_rounds(app: Flask) -> int:
    return len(stored(app))
