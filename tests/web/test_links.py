"""A game's links: a scorer replaces a link that went too far; the old one opens nothing."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.store import history
from scorekeeper.store.db import db
from scorekeeper.store.models import Game, GameChange

pytestmark = pytest.mark.db

CSRF = "links-test-token"


@pytest.fixture
def browser(client: FlaskClient) -> FlaskClient:
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    return client


def new_game(client: FlaskClient) -> tuple[str, str]:
    created = client.post(
        "/api/v1/games",
        json={"name": "Night", "rules": "rummy500", "players": [{"name": "A"}, {"name": "B"}]},
    )
    body = created.get_json()
    return tuple("/" + body[key].split("/", 3)[3] for key in ("edit_url", "view_url"))  # type: ignore[return-value]


def version_of(page: str) -> str:
    found = re.search(r'name="version" value="(\d+)"', page)
    assert found
    return found.group(1)


def replace(browser: FlaskClient, scorer: str, role: str, **extra: str) -> object:
    version = version_of(browser.get(scorer).get_data(as_text=True))
    form = {"csrf_token": CSRF, "version": version, "role": role, **extra}
    return browser.post(f"{scorer}/links", data=form)


def test_a_new_scorer_link_retires_the_old_one(app: Flask, browser: FlaskClient) -> None:
    scorer, board = new_game(browser)
    page = browser.get(scorer).get_data(as_text=True)
    assert "New scorer link" in page and "New scoreboard link" in page
    response = replace(browser, scorer, "scorer")
    assert response.status_code == 303  # type: ignore[attr-defined]
    moved = response.location  # type: ignore[attr-defined]
    assert moved.startswith("/s/") and moved != scorer
    assert browser.get(scorer).status_code == 404
    landed = browser.get(moved).get_data(as_text=True)
    assert "new scorer link" in landed
    assert browser.get(board).status_code == 200  # the watchers' link is untouched
    # This browser's list follows the new link; the old token is gone from the session.
    with browser.session_transaction() as session:
        assert session["games"][0] == ["scorer", moved.removeprefix("/s/")]
    # The game's log has it, and undo steps over it: a retired link stays retired.
    with app.app_context():
        game = db.session.scalar(db.select(Game))
        assert game is not None
        kinds = [c.kind for c in db.session.scalars(db.select(GameChange))]
        assert kinds == ["relinked"]
        assert history.last_change(game) is None
        change = db.session.scalar(db.select(GameChange))
        assert change is not None and history.describe(change) == "a new scorer link"


def test_a_new_scoreboard_link_stops_the_old_boards(browser: FlaskClient) -> None:
    scorer, board = new_game(browser)
    response = replace(browser, scorer, "watcher")
    assert response.status_code == 303  # type: ignore[attr-defined]
    assert response.location == scorer  # type: ignore[attr-defined]
    page = browser.get(scorer).get_data(as_text=True)
    assert "The scoreboard has a new link" in page
    assert browser.get(board).status_code == 404
    assert browser.get(board + ".json").status_code == 404
    new_board = re.search(r'id="watch-url" class="link-field" value="[^"]*(/w/[^"]+)"', page)
    assert new_board and browser.get(new_board.group(1)).status_code == 200


@pytest.mark.parametrize(
    ("extra", "status"),
    [({"role": "everyone"}, 400), ({"csrf_token": "forged"}, 400), ({"version": "0"}, 409)],
)
def test_a_bad_replacement_changes_nothing(
    browser: FlaskClient, extra: dict[str, str], status: int
) -> None:
    scorer, board = new_game(browser)
    role = extra.pop("role", "scorer")
    response = replace(browser, scorer, role, **extra)
    assert response.status_code == status  # type: ignore[attr-defined]
    assert browser.get(scorer).status_code == 200 and browser.get(board).status_code == 200


def test_a_watcher_cannot_replace_links(browser: FlaskClient) -> None:
    _, board = new_game(browser)
    form = {"csrf_token": CSRF, "version": "1", "role": "scorer"}
    assert browser.post(board.replace("/w/", "/s/") + "/links", data=form).status_code == 404


MALFORMED = ["x%00", "x%00.json", "%00", "a%0Ab", "a b", "a" * 49, "ä"]


@pytest.mark.parametrize("token", MALFORMED)
def test_a_malformed_link_is_a_404_before_any_query(client: FlaskClient, token: str) -> None:
    """A NUL in a link made PostgreSQL refuse the query (a 500); SQLite found nothing. Now a
    token that cannot be a link's is no game on either database, on every route of a link."""
    for path in (f"/s/{token}", f"/w/{token}", f"/w/{token}.json", f"/w/{token}.csv",
                 f"/s/{token}/rules", f"/w/{token}/story", f"/s/{token}/rounds/new",
                 f"/w/{token}/check", f"/w/{token}/board"):  # fmt: skip
        assert client.get(path).status_code == 404, path
    posted = client.post(f"/s/{token}/rounds", json={}, headers={"Idempotency-Key": "k"})
    assert posted.status_code == 404
