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

from scorekeeper.engine.presets import rules_for

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
