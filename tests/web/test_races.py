"""A correction and a deletion of the same round sent at once, from two phones, again and again
(issue 36, item 2): whichever wins, the other gets a 409 that says what happened, never a 500,
and the game holds exactly what the winner did. On SQLite and on PostgreSQL (``-m db``)."""

from __future__ import annotations

import threading

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.store.db import db
from scorekeeper.store.models import Round

from .test_rounds import API_MD, hidden, make_game, open_form

pytestmark = pytest.mark.db

TRIALS = 12


def delete_form(client: FlaskClient, token: str, number: int) -> dict[str, str]:
    page = client.get(f"/s/{token}/rounds/{number}/delete").get_data(as_text=True)
    return {"csrf_token": hidden(page, "csrf_token"), "version": hidden(page, "version")}


def at_once(
    posts: dict[str, tuple[FlaskClient, str, dict[str, str]]],
) -> dict[str, tuple[int, str]]:
    """Each post sent from a thread of its own, all released together: status and page each."""
    start = threading.Barrier(len(posts))
    answers: dict[str, tuple[int, str]] = {}

    def send(name: str, client: FlaskClient, path: str, data: dict[str, str]) -> None:
        start.wait()
        response = client.post(path, data=data)
        answers[name] = (response.status_code, response.get_data(as_text=True))

    threads = [threading.Thread(target=send, args=(name, *post)) for name, post in posts.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def test_a_correction_racing_a_deletion_is_a_409_never_a_500(app: Flask) -> None:
    outcomes: list[tuple[int, int]] = []
    for _ in range(TRIALS):
        with app.app_context():
            db.session.execute(sa.delete(Round))
            db.session.commit()
        token = make_game(app)["scorer"]
        fixer, remover = app.test_client(), app.test_client()
        first = open_form(fixer, token)
        assert fixer.post(f"/s/{token}/rounds/new", data={**first, **API_MD}).status_code == 303
        correction = {**open_form(fixer, token, "1"), **API_MD, "p1-hand": "KH"}
        deletion = delete_form(remover, token, 1)
        answers = at_once(
            {
                "fix": (fixer, f"/s/{token}/rounds/1", correction),
                "delete": (remover, f"/s/{token}/rounds/1/delete", deletion),
            }
        )
        fixed, deleted = answers["fix"][0], answers["delete"][0]
        outcomes.append((fixed, deleted))
        assert 500 not in (fixed, deleted), answers
        with app.app_context():
            left = db.session.scalar(sa.select(sa.func.count()).select_from(Round)) or 0
        if deleted == 303:  # the deletion won: the correction says the round is gone
            assert left == 0
            assert fixed == 409 and "Round 1 was deleted" in answers["fix"][1], answers["fix"]
        else:  # the correction won: the deletion was refused, the corrected round stands
            assert (fixed, deleted, left) == (303, 409, 1)
    print(f"\n{TRIALS} races (correction, deletion): {sorted(set(outcomes))}")


def test_a_correction_sent_after_the_deletion_landed_is_the_same_409(app: Flask) -> None:
    """The deletion may finish before the correction is read at all: the form was made when the
    round was there (an older version), so it is the conflict, not "no round 1"; a correction
    sent to a round that never was is still a 404."""
    token = make_game(app)["scorer"]
    fixer, remover = app.test_client(), app.test_client()
    first = open_form(fixer, token)
    assert fixer.post(f"/s/{token}/rounds/new", data={**first, **API_MD}).status_code == 303
    correction = {**open_form(fixer, token, "1"), **API_MD, "p1-hand": "KH"}
    assert remover.post(f"/s/{token}/rounds/1/delete", data=delete_form(remover, token, 1))
    late = fixer.post(f"/s/{token}/rounds/1", data=correction)
    assert late.status_code == 409
    assert "Round 1 was deleted" in late.get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(Round)) == 0
    fresh = {**correction, "version": str(int(correction["version"]) + 1)}
    assert fixer.post(f"/s/{token}/rounds/7", data=fresh).status_code == 404
