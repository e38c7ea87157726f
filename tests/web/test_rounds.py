"""The round form's routes: the new-round and correction forms, the live preview, saving (and
everything that stops a save: a wrong link, a missing CSRF token, bad entries, an impossible
round, house-rule warnings, a game changed from another phone)."""

from __future__ import annotations

import html
import json
import re
import sys
from collections.abc import Callable
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.engine import scoring
from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.rules import Rules
from scorekeeper.engine.scoring import PlayerRecord, RoundRecord, meld
from scorekeeper.engine.standings import Seat
from scorekeeper.store import records
from scorekeeper.store.db import db
from scorekeeper.store.models import Game, Round
from scorekeeper.web.round_form import reading

pytestmark = pytest.mark.db

#: API.md's round as the phone sends it: Ann goes out with 3C 3D 3S, 5D 6D 7D and 9S laid off
#: on Bob's 6S 7S 8S (36); Bob 21 less KH 2C (9); Cy counted 40 down and 25 in hand (15).
API_MD: dict[str, str] = {
    "went_out": "0",
    "p0-mode": "cards",
    "p0-table": "9S 3C 5D 3D 6D 3S 7D",
    "p0-hand": "",
    "p0-layout": "",
    "p1-mode": "cards",
    "p1-table": "8S 6S 7S",
    "p1-hand": "KH 2C",
    "p1-layout": "",
    "p2-mode": "totals",
    "p2-melded": "40",
    "p2-in_hand": "25",
}
API_MD_TOTALS = {"Ann": 36, "Bob": 9, "Cy": 15}


def make_game(
    app: Flask,
    rules: Rules | None = None,
    names: tuple[str, ...] = ("Ann", "Bob", "Cy"),
    dealer: str | None = "Cy",
) -> dict[str, str]:
    with app.app_context():
        game = records.create_game(
            "Friday", rules or rules_for("rummy500"), [Seat(name) for name in names], dealer=dealer
        )
        return {"scorer": game.scorer_token, "watcher": game.watcher_token}


@pytest.fixture
def game(app: Flask) -> dict[str, str]:
    """A rummy500 game of Ann, Bob and Cy (Cy deals first)."""
    return make_game(app)


def hidden(page: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', page)
    assert found, f"no field {name}"
    return html.unescape(found.group(1))


def selected(page: str, name: str) -> str | None:
    block = re.search(rf'<select id="{name}" name="{name}".*?</select>', page, re.S)
    if block is None:
        return None
    option = re.search(r'<option value="([^"]*)" selected>', block.group(0))
    return html.unescape(option.group(1)) if option else ""


def open_form(client: FlaskClient, token: str, path: str = "new") -> dict[str, str]:
    """GET the form; its hidden fields (the CSRF token, the version, the key) and selects."""
    response = client.get(f"/s/{token}/rounds/{path}")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    fields = {"csrf_token": hidden(page, "csrf_token"), "version": hidden(page, "version")}
    for name in ("dealer", "wild_rank", "joker_effect"):
        value = selected(page, name)
        if value is not None:
            fields[name] = value
    if path == "new":
        fields["key"] = hidden(page, "key")
    return fields


def save(
    client: FlaskClient, token: str, round_fields: dict[str, str], path: str = "new", **extra: str
) -> Any:
    return client.post(
        f"/s/{token}/rounds/{path}",
        data={**open_form(client, token, path), **round_fields, **extra},
    )


def stored(app: Flask) -> list[dict[str, int]]:
    """Every stored round's cached totals, in order."""
    with app.app_context():
        rounds = db.session.scalars(sa.select(Round).order_by(Round.number)).all()
        return [r.cached_totals() for r in rounds]


def game_version(app: Flask) -> int:
    with app.app_context():
        return db.session.scalars(sa.select(Game.version)).one()


def text(response: Any) -> str:
    return html.unescape(response.get_data(as_text=True))


def calls_to(monkeypatch: pytest.MonkeyPatch, function: Callable[..., Any]) -> list[object]:
    """Each call to ``function`` from the app, wherever a module of the app imported it."""
    calls: list[object] = []

    def spy(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        return function(*args, **kwargs)

    for name, module in list(sys.modules.items()):
        if name.startswith("scorekeeper"):
            for attribute, value in list(vars(module).items()):
                if value is function:
                    monkeypatch.setattr(module, attribute, spy)
    return calls


# --- the form -------------------------------------------------------------------------------


def test_the_new_round_form(client: FlaskClient, game: dict[str, str]) -> None:
    response = client.get(f"/s/{game['scorer']}/rounds/new")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "<h1>Round 1" in page
    assert f'hx-post="/s/{game["scorer"]}/rounds/preview"' in page
    assert 'hx-trigger="round-changed' in page and 'hx-sync="this:replace"' in page
    assert '<option value="Cy" selected>' in page  # Cy deals the first round
    assert len(hidden(page, "key")) == 32 and hidden(page, "version") == "1"
    for name in ("p0-table", "p0-hand", "p0-layout", "p2-melded", "p2-in_hand"):
        assert f'name="{name}"' in page
    # a card button is named by its face (its count and wild mark are hidden from the name)
    assert re.search(r'data-card="8S"[^>]*>8♠<span class="card-count" aria-hidden="true">', page)
    assert 'name="wild_rank"' not in page and 'name="joker_effect"' not in page
    assert 'data-card="JK"' not in page  # no jokers in rummy500
    assert "<script>" not in page and "style=" not in page and "hx-on" not in page
    with client.session_transaction() as session:
        assert session["games"][0][0] == "scorer"


def test_each_new_form_has_its_own_key(client: FlaskClient, game: dict[str, str]) -> None:
    assert open_form(client, game["scorer"])["key"] != open_form(client, game["scorer"])["key"]


def test_the_deal_helper_prefills_wild_rank_and_dealer(app: Flask, client: FlaskClient) -> None:
    tokens = make_game(
        app, rules_for("rummy5000", {"jokers": 2}), ("Ann", "Bob", "Cy", "Dee", "Eve"), "Ann"
    )
    page = client.get(f"/s/{tokens['scorer']}/rounds/new?wild=7&dealer=Dee").get_data(as_text=True)
    assert '<option value="7" selected>' in page
    assert '<option value="Dee" selected>' in page
    assert 'data-packs="2"' in page and 'data-card="JK"' in page
    page = client.get(f"/s/{tokens['scorer']}/rounds/new?wild=zz&dealer=Zed").get_data(as_text=True)
    assert '<option value="" selected>Wild: ?' in page
    assert '<option value="Ann" selected>' in page


def test_the_wild_rank_the_deal_noted_is_the_forms(app: Flask, client: FlaskClient) -> None:
    tokens = make_game(app, rules_for("rummy5000"), ("Ann", "Bob", "Cy"), "Ann")
    page = client.get(f"/s/{tokens['scorer']}/rounds/new").get_data(as_text=True)
    assert '<option value="" selected>Wild: ?' in page  # no deal noted yet
    with app.app_context():
        game = db.session.scalar(sa.select(Game).where(Game.scorer_token == tokens["scorer"]))
        assert game is not None
        records.deal_next(game, "9")
    page = client.get(f"/s/{tokens['scorer']}/rounds/new").get_data(as_text=True)
    assert '<option value="9" selected>' in page


def test_progression_sets_the_wild_rank_of_the_round(app: Flask, client: FlaskClient) -> None:
    tokens = make_game(app, rules_for("rummy500", {"round_wild": "progression"}))
    page = client.get(f"/s/{tokens['scorer']}/rounds/new").get_data(as_text=True)
    assert '<option value="A" selected>' in page  # round 1: aces


@pytest.mark.parametrize(
    ("method", "path"),
    [("GET", "new"), ("POST", "new"), ("POST", "preview"), ("GET", "1"), ("POST", "1")],
)
def test_a_wrong_token_or_the_watchers_is_not_found(
    app: Flask, client: FlaskClient, game: dict[str, str], method: str, path: str
) -> None:
    save(client, game["scorer"], API_MD)  # round 1 exists
    csrf = open_form(client, game["scorer"])["csrf_token"]
    for token in ("nope", game["watcher"], "x" * 500):
        response = client.open(
            f"/s/{token}/rounds/{path}", method=method, data={"csrf_token": csrf, **API_MD}
        )
        assert response.status_code == 404, (token, path)
    assert len(stored(app)) == 1


def test_a_round_that_is_not_there(client: FlaskClient, game: dict[str, str]) -> None:
    assert client.get(f"/s/{game['scorer']}/rounds/3").status_code == 404
    assert client.get(f"/s/{game['scorer']}/rounds/0").status_code == 404


# --- saving ---------------------------------------------------------------------------------


def test_saving_a_round(app: Flask, client: FlaskClient, game: dict[str, str]) -> None:
    response = save(client, game["scorer"], API_MD)
    assert response.status_code == 303
    assert response.headers["Location"] == f"/s/{game['scorer']}#standings"
    assert stored(app) == [API_MD_TOTALS]
    with client.session_transaction() as session:
        assert ("success", "Round 1 saved") in session["_flashes"]
    with app.app_context():
        saved = db.session.scalars(sa.select(Round)).one()
        assert saved.dealer is not None and saved.dealer.name == "Cy"
        assert saved.went_out is not None and saved.went_out.name == "Ann"
        record = records.round_record(saved)
        assert record.players[0].layoffs[0].player == "Bob"
        assert record.players[2] == PlayerRecord("Cy", melded_points=40, hand_points=25)
    # the next form is for round 2, dealt by Ann (left of Cy)
    page = client.get(f"/s/{game['scorer']}/rounds/new").get_data(as_text=True)
    assert "<h1>Round 2" in page and '<option value="Ann" selected>' in page


def test_a_save_scores_the_round_once(
    app: Flask, client: FlaskClient, game: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Read once, scored once: the same checked round is stored (and shown again when refused)."""
    form = open_form(client, game["scorer"])
    scored = calls_to(monkeypatch, scoring.score_round)
    read = calls_to(monkeypatch, reading.interpret)
    saved = client.post(f"/s/{game['scorer']}/rounds/new", data={**form, **API_MD})
    assert saved.status_code == 303
    assert (len(scored), len(read)) == (1, 1)
    assert stored(app) == [API_MD_TOTALS]

    form = open_form(client, game["scorer"], "1")
    scored.clear()
    read.clear()
    fixed = {**form, **API_MD, "p1-hand": "KH"}
    assert client.post(f"/s/{game['scorer']}/rounds/1", data=fixed).status_code == 303
    assert (len(scored), len(read)) == (1, 1)

    form = open_form(client, game["scorer"])
    scored.clear()
    refused = {**form, **API_MD, "p0-hand": "AS"}  # Ann went out holding a card
    assert client.post(f"/s/{game['scorer']}/rounds/new", data=refused).status_code == 422
    assert len(scored) == 1


def test_opening_a_round_for_correction_reads_the_form_once(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four players, each grouped by the app: every grouping is tried against the app's own,
    and the form is read once, for the page."""
    tokens = make_game(app, rules_for("rummy500"), ("Ann", "Bob", "Cy", "Dee"))
    four = {
        **API_MD,
        "p2-mode": "cards",
        "p2-table": "9D 10D JD 2H 2D 2S",
        "p2-hand": "4C",
        "p3-table": "QH QD QC",
        "p3-hand": "5S",
    }
    assert save(client, tokens["scorer"], four).status_code == 303
    scored = calls_to(monkeypatch, scoring.score_round)
    read = calls_to(monkeypatch, reading.interpret)
    page = text(client.get(f"/s/{tokens['scorer']}/rounds/1"))
    assert (len(read), len(scored)) == (1, 1)
    assert [hidden(page, f"p{seat}-layout") for seat in range(4)] == ["", "", "", ""]
    assert hidden(page, "p2-table") == "9D 10D JD 2S 2H 2D"


def test_a_hand_made_grouping_is_saved_as_made(
    app: Flask, client: FlaskClient, game: dict[str, str]
) -> None:
    fields = {**API_MD, "p0-layout": "3C 3D 3S / 5D 6D 7D / @1.0 9S", "p1-layout": "6S 7S 8S"}
    assert save(client, game["scorer"], fields).status_code == 303
    assert stored(app) == [API_MD_TOTALS]


def test_stock_out(app: Flask, client: FlaskClient, game: dict[str, str]) -> None:
    fields = {**API_MD, "went_out": "stock", "p0-hand": "KC"}
    assert save(client, game["scorer"], fields).status_code == 303
    # Ann 36 less the KC; nobody went out
    assert stored(app) == [{"Ann": 26, "Bob": 9, "Cy": 15}]
    with app.app_context():
        assert db.session.scalars(sa.select(Round)).one().ended_by == "stock_out"


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"p0-table": "9S 3C 5D 3D 6D 3S 7X"}, "p0-table", "Ann, on the table: '7X' is not a card"),
        ({"p1-hand": "KH 2C 11H"}, "p1-hand", "Bob, in hand: '11H' is not a card"),
        ({"went_out": "5"}, "went_out", "'5' is not a seat in this game"),
        ({"went_out": "", "p0-hand": "KC"}, "went_out", "Choose who went out"),
        ({"p2-melded": "lots"}, "p2-melded", "Cy: melded points must be a whole number"),
        ({"p2-in_hand": "-3"}, "p2-in_hand", "Cy: points in hand cannot be negative"),
        ({"p2-melded": "99999999999999999999"}, "p2-melded", "must be a whole number"),
        ({"p0-layout": "3C 3D 3S / @1.4 9S"}, "p0-layout", "'@1.4': Bob has no meld 4"),
        ({"p0-layout": "3C 3D 3S / @9.0 9S"}, "p0-layout", "'@9.0': there is no seat 9"),
        ({"dealer": "Zed"}, "dealer", "'Zed' is not a player in this game"),
    ],
)
def test_bad_entries_are_refused_with_the_message_by_the_field(
    app: Flask,
    client: FlaskClient,
    game: dict[str, str],
    fields: dict[str, str],
    field: str,
    message: str,
) -> None:
    response = save(client, game["scorer"], {**API_MD, **fields})
    assert response.status_code == 422
    page = text(response)
    assert message in page
    if field != "went_out":
        error = re.search(rf'<p class="field-error" id="{field}-error">([^<]*)</p>', page)
        assert error and message in error.group(1)
    assert stored(app) == []
    for name, value in {**API_MD, **fields}.items():  # nothing typed is lost
        if value and name.endswith(("table", "hand")):
            assert f'value="{value}"' in page


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"went_out": "0"},
        {"p0-mode": "totals", "p0-melded": "1" * 5000},
        {"p0-table": "AS " * 300, "went_out": "0"},
        {"p0-layout": "/" * 500, "p0-table": "AS", "went_out": "0"},
        {"p0-layout": "@0.0 AS", "p0-table": "AS", "went_out": "0"},
        {"p0-layout": "@99999999999999.0 AS", "went_out": "0"},
        {"went_out": "99999999999999999999999", "version": "-1", "key": "\x00"},
        {"p0-table": "JK JK JK JK JK", "went_out": "0"},
        {"p0-mode": "other", "p5-table": "AS", "current": "-1"},
    ],
)
def test_no_input_breaks_the_form(
    app: Flask, client: FlaskClient, game: dict[str, str], data: dict[str, str]
) -> None:
    csrf = open_form(client, game["scorer"])["csrf_token"]
    response = client.post(f"/s/{game['scorer']}/rounds/new", data={"csrf_token": csrf, **data})
    assert response.status_code in (409, 422)
    response = client.post(
        f"/s/{game['scorer']}/rounds/preview",
        data={"csrf_token": csrf, **data},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert stored(app) == []


def test_an_impossible_round_is_not_stored(
    app: Flask, client: FlaskClient, game: dict[str, str]
) -> None:
    response = save(client, game["scorer"], {**API_MD, "p0-table": "3C 3D 9S 5D 6D 7D"})
    assert response.status_code == 422
    page = text(response)
    assert "Nothing was saved: the round is impossible as recorded." in page
    assert "is not a legal meld" in page
    assert stored(app) == []


def test_warnings_are_accepted_before_saving(app: Flask, client: FlaskClient) -> None:
    tokens = make_game(app, rules_for("rummy500", {"first_meld_minimum": 30}))
    token = tokens["scorer"]
    form = open_form(client, token)
    fields = {**API_MD, **form, "p2-melded": "0"}  # Cy has not melded yet
    response = client.post(f"/s/{token}/rounds/new", data=fields)
    assert response.status_code == 422
    page = text(response)
    warnings = [
        f"{name}'s first melding totals {points}, under the 30 these rules ask for "
        "(first_meld_minimum)."
        for name, points in (("Ann", 9 + 18), ("Bob", 21))
    ]
    assert all(warning in page for warning in warnings) and 'name="accept_warnings"' in page
    assert stored(app) == []
    seen = hidden(page, "warnings_seen")
    # ticking the box for other warnings than those shown does not save
    response = client.post(
        f"/s/{token}/rounds/new", data={**fields, "accept_warnings": "1", "warnings_seen": "0" * 16}
    )
    assert response.status_code == 422 and stored(app) == []
    response = client.post(
        f"/s/{token}/rounds/new", data={**fields, "accept_warnings": "1", "warnings_seen": seen}
    )
    assert response.status_code == 303
    assert stored(app) == [{**API_MD_TOTALS, "Cy": -25}]
    with app.app_context():
        saved = db.session.scalars(sa.select(Round)).one()
        assert saved.accepted_warnings == warnings
    # Ann and Bob have melded now: the next round opens nobody but Cy
    page = text(
        client.post(
            f"/s/{token}/rounds/preview",
            data={**open_form(client, token), **API_MD, "p2-mode": "cards", "p2-table": "2H 3H 4H"},
        )
    )
    assert "Cy's first melding totals 9" in page and "Bob's first" not in page


def test_a_double_submit_makes_one_round(
    app: Flask, client: FlaskClient, game: dict[str, str]
) -> None:
    data = {**open_form(client, game["scorer"]), **API_MD}
    first = client.post(f"/s/{game['scorer']}/rounds/new", data=data)
    again = client.post(f"/s/{game['scorer']}/rounds/new", data=data)
    assert first.status_code == again.status_code == 303
    assert first.headers["Location"] == again.headers["Location"]
    assert stored(app) == [API_MD_TOTALS]


def test_a_lost_key_is_replaced_and_nothing_saved(
    app: Flask, client: FlaskClient, game: dict[str, str]
) -> None:
    data = {**open_form(client, game["scorer"]), **API_MD, "key": ""}
    response = client.post(f"/s/{game['scorer']}/rounds/new", data=data)
    assert response.status_code == 422
    assert len(hidden(text(response), "key")) == 32
    assert stored(app) == []


def test_a_round_saved_from_another_phone_meanwhile(
    app: Flask, client: FlaskClient, game: dict[str, str]
) -> None:
    mine = {**open_form(client, game["scorer"]), **API_MD}
    theirs = {**open_form(client, game["scorer"]), **API_MD, "p1-hand": "KH"}
    assert client.post(f"/s/{game['scorer']}/rounds/new", data=theirs).status_code == 303
    response = client.post(f"/s/{game['scorer']}/rounds/new", data=mine)
    assert response.status_code == 409
    page = text(response)
    assert (
        "Round 1 was saved from another phone while you were entering this one. If it was "
        "this round, cancel; otherwise check and save again."
    ) in page
    assert hidden(page, "version") == "2" and hidden(page, "key") == mine["key"]
    assert 'value="9S 3C 5D 3D 6D 3S 7D"' in page  # entries kept
    assert stored(app) == [{"Ann": 36, "Bob": 11, "Cy": 15}]  # theirs, untouched
    # saving again from the form as re-rendered stores it as round 2
    response = client.post(f"/s/{game['scorer']}/rounds/new", data={**mine, "version": "2"})
    assert response.status_code == 303 and len(stored(app)) == 2


def test_a_stale_or_missing_version_never_overwrites(
    app: Flask, client: FlaskClient, game: dict[str, str]
) -> None:
    data = {**open_form(client, game["scorer"]), **API_MD}
    for version in ("", "0", "banana"):
        response = client.post(f"/s/{game['scorer']}/rounds/new", data={**data, "version": version})
        assert response.status_code == 409
    assert stored(app) == []


# --- the CSRF check -------------------------------------------------------------------------


@pytest.mark.parametrize("token", [None, "forged"])
def test_a_form_without_this_browsers_token_keeps_its_entries(
    app: Flask, client: FlaskClient, game: dict[str, str], token: str | None
) -> None:
    form = open_form(client, game["scorer"])
    data = {**form, **API_MD}
    if token is None:
        del data["csrf_token"]
    else:
        data["csrf_token"] = token
    response = client.post(f"/s/{game['scorer']}/rounds/new", data=data)
    assert response.status_code == 400
    page = text(response)
    assert "This form could not be checked" in page and "Your entries are kept" in page
    assert 'value="9S 3C 5D 3D 6D 3S 7D"' in page and 'value="KH 2C"' in page
    assert hidden(page, "csrf_token") == form["csrf_token"]  # this browser's own, to save again
    assert hidden(page, "key") == form["key"]
    assert stored(app) == []
    response = client.post(
        f"/s/{game['scorer']}/rounds/new", data={**data, "csrf_token": hidden(page, "csrf_token")}
    )
    assert response.status_code == 303 and len(stored(app)) == 1


def test_a_browser_whose_cookies_were_cleared_gets_a_new_token(
    app: Flask, game: dict[str, str]
) -> None:
    client = app.test_client()
    response = client.post(f"/s/{game['scorer']}/rounds/new", data={**API_MD, "csrf_token": "x"})
    assert response.status_code == 400
    fresh = hidden(text(response), "csrf_token")
    assert fresh and fresh != "x"
    key = hidden(text(response), "key")
    response = client.post(
        f"/s/{game['scorer']}/rounds/new",
        data={**API_MD, "csrf_token": fresh, "key": key, "version": "1"},
    )
    assert response.status_code == 303


def test_the_csrf_check_on_the_preview_and_corrections(
    app: Flask, client: FlaskClient, game: dict[str, str]
) -> None:
    save(client, game["scorer"], API_MD)
    csrf = open_form(client, game["scorer"])["csrf_token"]
    response = client.post(
        f"/s/{game['scorer']}/rounds/preview", data=API_MD, headers={"HX-Request": "true"}
    )
    assert response.status_code == 400
    assert f'data-csrf-token="{csrf}"' in response.get_data(as_text=True)
    assert 'class="notice notice-error" role="alert"' in response.get_data(as_text=True)
    response = client.post(f"/s/{game['scorer']}/rounds/1", data={**API_MD, "p1-hand": ""})
    assert response.status_code == 400
    assert 'value="KH 2C"' not in text(response)  # the entries as sent, not as stored
    assert stored(app) == [API_MD_TOTALS]
    assert client.post(f"/s/{game['scorer']}/rounds/9", data=API_MD).status_code == 404


# --- corrections ----------------------------------------------------------------------------


def test_correcting_a_round(app: Flask, client: FlaskClient, game: dict[str, str]) -> None:
    save(client, game["scorer"], API_MD)
    response = client.get(f"/s/{game['scorer']}/rounds/1")
    assert response.status_code == 200
    page = text(response)
    assert "<h1>Round 1 <span" in page and 'name="key"' not in page
    assert 'value="3S 3D 3C 5D 6D 7D 9S"' in page and 'value="KH 2C"' in page
    assert '<option value="Cy" selected>' in page
    assert re.search(r'name="went_out" value="0"\s*checked', page)
    assert hidden(page, "version") == "2"
    # Bob held only the KH, and Cy counted 30 down
    fixed = {**API_MD, "p1-hand": "KH", "p2-melded": "30", "dealer": "Bob"}
    response = save(client, game["scorer"], fixed, path="1")
    assert response.status_code == 303
    assert response.headers["Location"] == f"/s/{game['scorer']}#standings"
    with client.session_transaction() as session:
        assert ("success", "Round 1 corrected") in session["_flashes"]
    assert stored(app) == [{"Ann": 36, "Bob": 11, "Cy": 5}]
    with app.app_context():
        saved = db.session.scalars(sa.select(Round)).one()
        assert saved.dealer is not None and saved.dealer.name == "Bob"
        scores, _ = records.score_game(saved.game)
        assert scores[0].totals() == saved.cached_totals()


def test_a_correction_from_a_stale_form_is_refused(
    app: Flask, client: FlaskClient, game: dict[str, str]
) -> None:
    save(client, game["scorer"], API_MD)
    stale = open_form(client, game["scorer"], "1")
    assert save(client, game["scorer"], {**API_MD, "p1-hand": "KH"}, path="1").status_code == 303
    response = client.post(
        f"/s/{game['scorer']}/rounds/1", data={**stale, **API_MD, "p1-hand": "2C"}
    )
    assert response.status_code == 409
    page = text(response)
    assert "This round was changed from another phone meanwhile" in page
    assert 'value="2C"' in page and hidden(page, "version") == str(game_version(app))
    assert stored(app) == [{"Ann": 36, "Bob": 11, "Cy": 15}]


def test_correcting_into_an_impossible_round_changes_nothing(
    app: Flask, client: FlaskClient, game: dict[str, str]
) -> None:
    save(client, game["scorer"], API_MD)
    version = game_version(app)
    response = save(client, game["scorer"], {**API_MD, "p0-hand": "AS"}, path="1")
    assert response.status_code == 422
    assert "Ann went out but still holds cards." in text(response)
    assert stored(app) == [API_MD_TOTALS] and game_version(app) == version


def test_a_round_recorded_through_the_api_opens_in_the_form(
    app: Flask, client: FlaskClient, game: dict[str, str]
) -> None:
    with app.app_context():
        stored_game = db.session.scalars(sa.select(Game)).one()
        records.store_round(
            stored_game,
            RoundRecord(
                (
                    PlayerRecord("Bob", went_out=True, melds=(meld("9H 10H JH"),)),
                    PlayerRecord("Ann", melds=(meld("4S 4H 4D"),), hand=tuple(meld("10C").cards)),
                )
            ),
        )
    page = text(client.get(f"/s/{game['scorer']}/rounds/1"))
    assert hidden(page, "p1-table") == "9H 10H JH"
    assert (hidden(page, "p0-table"), hidden(page, "p0-hand")) == ("4S 4H 4D", "10C")
    assert hidden(page, "p2-table") == ""  # Cy was not in that round
    assert re.search(r'name="went_out" value="1"\s*checked', page)


# --- the preview ----------------------------------------------------------------------------


def test_the_preview(app: Flask, client: FlaskClient, game: dict[str, str]) -> None:
    data = {
        **open_form(client, game["scorer"]),
        **API_MD,
        "p1-table": "8S 6S 7S KC",
        "current": "1",
    }
    response = client.post(
        f"/s/{game['scorer']}/rounds/preview", data=data, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    assert "HX-Request" in response.headers["Vary"]
    page = text(response)
    assert "<html" not in page and "<form" not in page
    assert re.search(r"✓</span><span class=\"visually-hidden\">legal:</span> set <b>9</b>", page)
    assert "run <b>18</b>" in page
    assert "onto Bob's" in page  # Ann's 9S
    assert "✗</span> not legal" in page and "A meld needs at least 3 cards; this has 1." in page
    assert 'data-layout="3S 3D 3C / 5D 6D 7D / @1.0 9S"' in page
    assert 'data-total="36"' in page and 'data-total="9"' in page  # Bob: 21 - 12, the KC 0
    assert 'class="preview-player is-current" data-seat="1"' in page
    assert "The round cannot be saved like this" in page
    assert stored(app) == []


def test_a_move_is_answered_with_the_fields_it_changed(
    client: FlaskClient, game: dict[str, str]
) -> None:
    """The move sheet's request: the preview of the round regrouped, and out of band the typed
    fields it changed and every tab's total."""
    token = game["scorer"]
    move = {"moving": "0 0 0 3S", "regroup": "new", "shown": "3S 3D 3C / 5D 6D 7D / @1.0 9S"}
    response = client.post(
        f"/s/{token}/rounds/preview",
        data={**open_form(client, token), **API_MD, **move},
        headers={"HX-Request": "true"},
    )
    page = text(response)
    assert re.search(
        r'<input type="text" id="p0-layout" name="p0-layout" '
        r'value="3D 3C / 5D 6D 7D / @1.0 9S / 3S"[^>]*hx-swap-oob="true">',
        page,
    )
    assert 'id="p0-table"' not in page and 'id="p1-layout"' not in page  # unchanged
    # Ann: 3D 3C and 3S are no melds; 18 for the run and 9 for the 9S on Bob's run
    assert 'id="tab-total-0" data-total-for="0" hx-swap-oob="true">27</span>' in page
    assert 'id="tab-total-1" data-total-for="1" hx-swap-oob="true">9</span>' in page
    assert 'data-layout="3D 3C / 5D 6D 7D / @1.0 9S / 3S"' in page
    assert 'data-wild=""' in page  # no card is wild in this round


def test_a_save_takes_the_pickers_last_taps(
    app: Flask, client: FlaskClient, game: dict[str, str]
) -> None:
    """Saved before the preview answered the tap that took Ann's KH away: her grouping by hand
    follows her table, and Bob's layoff onto her third meld follows it to its new number."""
    fields = {
        **API_MD,
        "p0-table": "3C 3D 3S 5D 6D 7D",
        "p0-layout": "3C 3D 3S / KH / 5D 6D 7D",
        "p1-table": "6S 7S 8S 8D",
        "p1-layout": "6S 7S 8S / @0.2 8D",
        "p1-hand": "2C",
    }
    assert save(client, game["scorer"], fields).status_code == 422  # Ann has no meld 2
    assert save(client, game["scorer"], {**fields, "sync": "0"}).status_code == 303
    assert stored(app) == [{"Ann": 27, "Bob": 27, "Cy": 15}]


def test_the_preview_of_an_edited_round_counts_openings_before_it(
    app: Flask, client: FlaskClient
) -> None:
    tokens = make_game(app, rules_for("rummy500", {"first_meld_minimum": 10}))
    token = tokens["scorer"]
    assert save(client, token, API_MD).status_code == 303  # Ann 27 and Bob 21: at least 10
    assert save(client, token, API_MD).status_code == 303  # round 2: nobody opens
    data = {
        **open_form(client, token, "1"),
        **API_MD,
        "p0-table": "2C 3C 4C 5C 6C 7C 9S",
        "p1-table": "2H 3H 4H",
        "p1-hand": "",
    }
    page = text(client.post(f"/s/{token}/rounds/preview", data={**data, "round": "1"}))
    assert "Bob's first melding totals 9" in page  # round 1 is Bob's first melding
    page = text(client.post(f"/s/{token}/rounds/preview", data=data))
    assert "first melding" not in page  # as a new round, everyone has melded before


def test_the_preview_shows_the_sides(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        token = records.create_game(
            "Persian",
            rules_for("persian"),
            [Seat("Ann", "A"), Seat("Bob", "B"), Seat("Cy", "A"), Seat("Dee", "B")],
        ).scorer_token
    data = {
        **open_form(client, token),
        "went_out": "stock",
        "p0-table": "6S 6H 6D 6C",
        "p0-layout": "once 6S 6H 6D 6C",
        "p2-mode": "totals",
        "p2-melded": "10",
    }
    page = text(client.post(f"/s/{token}/rounds/preview", data=data))
    # four 6s laid down at once: 24 doubled; Cy's 10 on the same side
    sides = re.findall(r'<th scope="row">Side (\w)</th>.*?round-total">(-?\d+)<', page, re.S)
    assert sides == [("A", "58"), ("B", "0")]


# --- a wild card's declared reading (JK=5C), and the hint on an inexact grouping ------------

#: Jokers worth the card they stand for, so the reading changes the points: 5S 6S JK is 18 with
#: the joker as 7S (the reading the app takes), 15 with it declared as 4S.
JOKERS_AS_REPRESENTED = {"jokers": 2, "joker_points": "as_represented"}
DECLARED: dict[str, str] = {
    "went_out": "0",
    "p0-table": "5S 6S JK",
    "p0-layout": "5S 6S JK=4S",
    "p1-table": "7S 8S 9S",
}


def reading_choices(page: str) -> dict[str, str]:
    """The wild card readings the move sheet offers: the grouping each asks the server for (its
    hx-vals), and whether it is the card's reading now (aria-pressed)."""
    found = re.findall(r"hx-vals='(\{[^']*\})'[^>]*aria-pressed=\"(true|false)\"", page)
    out = {}
    for vals, pressed in found:
        asked = json.loads(vals)
        if asked["regroup"].startswith("group:"):
            out[asked["layout"]] = pressed
    return out


def test_the_preview_offers_a_wilds_readings(app: Flask, client: FlaskClient) -> None:
    token = make_game(app, rules_for("rummy500", JOKERS_AS_REPRESENTED))["scorer"]
    data = {**open_form(client, token), **DECLARED, "p0-layout": ""}
    page = text(client.post(f"/s/{token}/rounds/preview", data=data))
    assert 'data-total="18"' in page
    assert "Move, or choose what it stands for: joker as 7 of spades, meld 1" in page
    assert reading_choices(page) == {"5S 6S JK=4S": "false", "5S 6S JK=7S": "true"}
    assert "Let the app choose" not in page  # nothing declared yet


def test_a_declared_reading_is_previewed_and_saved(app: Flask, client: FlaskClient) -> None:
    token = make_game(app, rules_for("rummy500", JOKERS_AS_REPRESENTED))["scorer"]
    data = {**open_form(client, token), **DECLARED}
    page = text(client.post(f"/s/{token}/rounds/preview", data=data))
    assert 'data-total="15"' in page  # 4 + 5 + 6
    assert 'data-layout="5S 6S JK=4S"' in page
    assert "joker as 4 of spades (declared)" in page and 'class="chip is-declared' in page
    assert reading_choices(page)["5S 6S JK"] == "false"
    assert re.search(r"""hx-vals='\{"layout": "5S 6S JK", [^>]*>Let the app choose""", page)
    response = save(client, token, DECLARED)
    assert response.status_code == 303
    assert stored(app) == [{"Ann": 15, "Bob": 24, "Cy": 0}]


def test_a_saved_declaration_is_kept_and_opens_in_the_correction(
    app: Flask, client: FlaskClient
) -> None:
    token = make_game(app, rules_for("rummy500", JOKERS_AS_REPRESENTED))["scorer"]
    assert save(client, token, DECLARED).status_code == 303
    with app.app_context():
        record = records.round_record(db.session.scalars(sa.select(Round)).one())
    assert record.players[0].melds == (meld("5S 6S JK=4S"),)
    page = client.get(f"/s/{token}/rounds/1").get_data(as_text=True)
    assert 'name="p0-layout" value="5S 6S JK=4S"' in page


def test_a_declaration_typed_without_javascript(app: Flask, client: FlaskClient) -> None:
    token = make_game(app, rules_for("rummy500", JOKERS_AS_REPRESENTED))["scorer"]
    response = save(client, token, {**DECLARED, "p0-layout": "5S 6S JK=9S"})
    assert response.status_code == 422  # the joker cannot be the 9S here: the meld fails
    assert "a wild keeps the reading it was melded or declared with" in text(response)
    assert stored(app) == []
    response = save(client, token, {**DECLARED, "p0-layout": "5S 6S JK="})
    assert response.status_code == 422
    assert "Ann's grouping: 'JK=': write what the wild stands for after '='" in text(response)


def test_an_inexact_grouping_is_a_hint_not_a_stop(
    app: Flask, client: FlaskClient, game: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from scorekeeper.web.round_form import auto_grouping

    monkeypatch.setattr(auto_grouping, "AUTO_BUDGET", 1)
    token = game["scorer"]
    # A card each that no meld takes: a grouping placing every card at its most would be the
    # best however little work found it (exact), and these are not.
    strays = {**API_MD, "p0-table": f"{API_MD['p0-table']} KC", "p1-table": "8S 6S 7S QD"}
    page = text(
        client.post(f"/s/{token}/rounds/preview", data={**open_form(client, token), **strays})
    )
    assert page.count("Too many cards for the app to be sure of the best grouping") == 2  # Ann, Bob
    fields = {**API_MD, "p0-table": "3C 3D 3S", "p0-hand": "", "p1-table": "6S 7S 8S"}
    assert save(client, token, fields).status_code == 303  # legal as grouped: saved
    monkeypatch.setattr(auto_grouping, "AUTO_BUDGET", None)
    page = text(
        client.post(f"/s/{token}/rounds/preview", data={**open_form(client, token), **strays})
    )
    assert "Too many cards" not in page


# --- the deal helper's card picker: one tap per upcard, then the round form ----------------------


def test_the_deal_pickers_taps_give_each_player_an_upcard(app: Flask, client: FlaskClient) -> None:
    """Each tap (``tap=<rank>``) is the next upcard in dealing order (from the dealer's left);
    ``back`` takes the last one back; the fourth gives the plan and the round form's link."""
    token = make_game(
        app, rules_for("rummy5000", {"upcard_min_rank": "4"}), ("Ann", "Bob", "Cy", "Dee"), "Bob"
    )["scorer"]
    page = client.get(f"/s/{token}").get_data(as_text=True)
    sent = {"csrf_token": hidden(page, "csrf_token"), "dealer": "Bob"}
    htmx = {"HX-Request": "true"}
    order = {"Cy": 2, "Dee": 3, "Ann": 0, "Bob": 1}  # Bob deals: Cy first, Bob last
    for name, rank in zip(order, ["7", "K", "A", "4"], strict=True):
        response = client.post(f"/s/{token}/deal", data={**sent, "tap": rank}, headers=htmx)
        assert response.status_code == 200
        fragment = response.get_data(as_text=True)
        assert selected(fragment, f"upcard-{order[name]}") == rank
        sent[f"upcard-{order[name]}"] = rank
        if name != "Bob":
            assert "Record this round" not in fragment and "field-error" not in fragment
    assert "Wild this round: <strong>4s</strong>" in fragment
    assert f'href="/s/{token}/rounds/new?wild=4&amp;dealer=Bob">Record this round</a>' in fragment
    back = client.post(f"/s/{token}/deal", data={**sent, "tap": "back"}, headers=htmx)
    assert selected(back.get_data(as_text=True), "upcard-1") == ""
    assert 'class="is-next" aria-current="step"' in back.get_data(as_text=True)
    # a rank not in this game's pack changes nothing
    odd = client.post(
        f"/s/{token}/deal",
        data={"csrf_token": sent["csrf_token"], "dealer": "Bob", "tap": "JK"},
        headers=htmx,
    )
    assert odd.status_code == 200 and "field-error" not in odd.get_data(as_text=True)


def test_the_service_worker_is_served_from_the_top(client: FlaskClient) -> None:
    """/sw.js: its scope may be every page; never cached stale (a new version is seen at once)."""
    with client.get("/sw.js") as response:
        assert response.status_code == 200
        assert "javascript" in response.content_type
        assert response.headers["Cache-Control"] == "no-cache"
        assert b'addEventListener("fetch"' in response.get_data()
    with client.get("/static/manifest.json") as manifest:
        assert manifest.status_code == 200 and manifest.get_json()["display"] == "standalone"
