"""The game pages: starting a game, the scorer's page (standings, rounds, deal helper, undo,
rename, finish), deleting a round, the watchers' page; tokens, CSRF and stale versions."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select
from werkzeug.test import TestResponse

from scorekeeper.engine.cards import parse_cards
from scorekeeper.engine.presets import PRESETS, rules_for
from scorekeeper.engine.scoring import LayoffRecord, PlayerRecord, RoundRecord, meld
from scorekeeper.engine.standings import Seat
from scorekeeper.store import records
from scorekeeper.store.changes import snapshot
from scorekeeper.store.db import db
from scorekeeper.store.models import Game, GameChange, Round

pytestmark = pytest.mark.db

CSRF = "test-csrf-token"

#: The round of API.md: Ann 36, Bob 9, Cy 15.
API_MD_ROUND = RoundRecord(
    (
        PlayerRecord(
            "Ann",
            went_out=True,
            melds=(meld("3C 3D 3S"), meld("5D 6D 7D")),
            layoffs=(LayoffRecord("Bob", 0, tuple(parse_cards(["9S"]))),),
        ),
        PlayerRecord("Bob", melds=(meld("6S 7S 8S"),), hand=tuple(parse_cards(["KH", "2C"]))),
        PlayerRecord("Cy", melded_points=40, hand_points=25),
    )
)
#: Bob goes out with a run: Ann 12 - 10 = 2, Bob 39, Cy 30 - 5 = 25.
BOB_OUT = RoundRecord(
    (
        PlayerRecord("Ann", melds=(meld("4H 4S 4D"),), hand=tuple(parse_cards(["10C"]))),
        PlayerRecord("Bob", went_out=True, melds=(meld("9H 10H JH QH"),)),
        PlayerRecord("Cy", melded_points=30, hand_points=5),
    )
)


@pytest.fixture(autouse=True)
def round_pages(app: Flask) -> None:
    """The round pages' endpoints that these pages link to (stand-ins when not yet built)."""

    def stand_in(token: str, number: int | None = None) -> str:
        return "round page"

    for rule, endpoint in (
        ("/s/<token>/rounds/new", "rounds.new_round"),
        ("/s/<token>/rounds/<int:number>", "rounds.edit_round"),
    ):
        if endpoint not in app.view_functions:
            app.add_url_rule(rule, endpoint, stand_in)


@pytest.fixture
def browser(client: FlaskClient) -> FlaskClient:
    """A client whose session holds a known CSRF token."""
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    return client


@pytest.fixture
def game(app: Flask) -> dict[str, Any]:
    """A rummy500 game of Ann, Bob and Cy (Cy deals first) with two rounds: its tokens."""
    with app.app_context():
        stored = records.create_game(
            "Friday",
            rules_for("rummy500"),
            [Seat("Ann"), Seat("Bob"), Seat("Cy")],
            preset="rummy500",
            dealer="Cy",
        )
        records.store_round(stored, API_MD_ROUND, dealer="Cy")
        records.store_round(stored, BOB_OUT, dealer="Ann")
        return {"id": stored.id, "scorer": stored.scorer_token, "watcher": stored.watcher_token}


def load(app: Flask, game_id: int) -> Game:
    db.session.expire_all()
    return db.session.get_one(Game, game_id)


def page(response: TestResponse) -> str:
    return response.get_data(as_text=True)


def text(response: TestResponse) -> str:
    """The page's text without tags, spaces collapsed."""
    return " ".join(re.sub(r"<[^>]+>", " ", page(response)).split())


def game_count(app: Flask) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Game)) or 0


def version_of(app: Flask, game_id: int) -> int:
    with app.app_context():
        return load(app, game_id).version


def flashes(client: FlaskClient) -> list[str]:
    with client.session_transaction() as session:
        return [message for _, message in session.get("_flashes", [])]


def new_game_form(**fields: Any) -> dict[str, Any]:
    return {
        "csrf_token": CSRF,
        "preset": "rummy500",
        "player-0": "Ann",
        "player-1": "Bob",
        "player-2": "",
        **fields,
    }


def assert_no_inline_code(html: str) -> None:
    """The CSP allows no inline script, no style attribute, no hx-on."""
    assert not re.search(r"<script(?![^>]*\bsrc=)", html)
    assert " style=" not in html and "hx-on" not in html


# --- start a game ------------------------------------------------------------------------------


def test_the_new_game_page(client: FlaskClient) -> None:
    response = client.get("/games/new")
    assert response.status_code == 200
    html = page(response)
    assert_no_inline_code(html)
    for preset in PRESETS.values():
        assert f'id="preset-{preset.id}-name">{preset.name.replace(chr(39), "&#39;")}<' in html
        assert f'aria-labelledby="preset-{preset.id}-name"' in html
    assert re.search(r'value="rummy500" id="preset-rummy500"[^>]*checked', html)
    assert all(f'name="player-{row}"' in html for row in range(8))
    assert 'name="player-8"' not in html
    assert 'name="side-0"' not in html  # not a partnership preset
    assert 'name="csrf_token"' in html
    assert 'id="opt-target" name="opt-target" value="500"' in html
    assert ">Start game</button>" in html
    assert 'hx-get="/games/new/options"' in html


def test_the_preset_is_chosen_by_the_address(client: FlaskClient) -> None:
    html = page(client.get("/games/new?preset=rummy5000"))
    assert re.search(r'value="rummy5000" id="preset-rummy5000"[^>]*checked', html)
    assert 'id="opt-target" name="opt-target" value="5000"' in html
    # an optional number (upcard_wild_cards), drawn like max_deals: empty is none
    assert 'id="opt-upcard_wild_cards" name="opt-upcard_wild_cards" value=""' in html
    assert "<code>upcard_wild_cards</code> · empty: none" in html
    assert 'placeholder="5000 Rummy, ' in html
    assert re.search(
        r'value="rummy500" id="preset-rummy500"[^>]*checked',
        page(client.get("/games/new?preset=nonsense")),
    )


def test_the_options_partial_follows_the_preset_and_keeps_the_players(client: FlaskClient) -> None:
    response = client.get(
        "/games/new/options?preset=partnership500&player-0=Ann&"
        "player-1=%3Cb%3EBob&side-0=2&side-name-2=Us&dealer=1&opt-target=99",
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert "HX-Request" in response.headers["Vary"]
    html = page(response)
    assert "<html" not in html and "<form" not in html
    assert 'name="player-0" value="Ann"' in html
    assert 'value="&lt;b&gt;Bob"' in html
    # a side per player, by a tap: player 1's pick kept (side 2), the others across by default
    assert re.search(r'name="side-0" value="2"\s+aria-label="[^"]*"\s+checked', html)
    assert re.search(r'name="side-1" value="2"\s+aria-label="[^"]*"\s+checked', html)
    assert 'name="side-name-2" value="Us"' in html and 'name="side-3"' in html
    assert 'name="side-4"' not in html  # two sides of two: four rows
    assert 'id="opt-target" name="opt-target" value="500"' in html  # the preset's, not sent
    assert re.search(r'<option value="1" selected>&lt;b&gt;Bob</option>', html)
    assert 'name="options_for" value="partnership500"' in html
    # without htmx, the page itself
    plain = client.get("/games/new/options?preset=persian")
    assert plain.status_code == 302 and plain.location.endswith("/games/new?preset=persian")


def test_the_dealer_partial_names_the_players(client: FlaskClient) -> None:
    html = page(
        client.get(
            "/games/new/dealer?player-0=Ann&player-2=Cy&dealer=2", headers={"HX-Request": "true"}
        )
    )
    assert html.strip().startswith('<div class="field" id="dealer-field">')
    assert re.findall(r"<option value=\"(\d)\"[^>]*>([^<]*)<", html) == [("0", "Ann"), ("2", "Cy")]
    assert '<option value="2" selected>' in html
    blank = page(client.get("/games/new/dealer"))
    assert "Player 8" in blank  # no names yet: every row (a page without JavaScript)


def test_starting_a_game(app: Flask, browser: FlaskClient) -> None:
    response = browser.post(
        "/games/new",
        data=new_game_form(
            **{"player-2": "Cy", "player-5": "Dee", "dealer": "5", "name": " Friday  night "}
        ),
    )
    assert response.status_code == 303
    with app.app_context():
        stored = db.session.scalars(select(Game)).one()
        assert response.location == f"/s/{stored.scorer_token}"
        assert (stored.name, stored.preset, stored.first_dealer_seat) == (
            "Friday night",
            "rummy500",
            3,
        )
        assert [(p.seat, p.name, p.team) for p in stored.players] == [
            (0, "Ann", None),
            (1, "Bob", None),
            (2, "Cy", None),
            (3, "Dee", None),
        ]
        assert stored.rules == rules_for("rummy500").to_dict()
        assert records.upcoming_dealer(stored) == "Dee"
    with browser.session_transaction() as session:
        # the link's token, never the game's id (ids are sequential: see web/links.py)
        assert session["games"] == [["scorer", stored.scorer_token]]
    assert "Friday night" in page(browser.get(response.location))


def test_the_default_name(app: Flask, browser: FlaskClient) -> None:
    browser.post("/games/new", data=new_game_form(preset="rummy5000"))
    with app.app_context():
        assert re.fullmatch(
            r"5000 Rummy, \d{1,2} [A-Z][a-z]{2}", db.session.scalars(select(Game)).one().name
        )


def test_options_that_override_the_preset_are_in_the_snapshot(
    app: Flask, browser: FlaskClient
) -> None:
    response = browser.post(
        "/games/new",
        data=new_game_form(
            **{
                "preset": "rummy5000",
                "opt-target": "3000",
                "opt-min_run": "3",
                "opt-set_duplicates_allowed": "0",  # the box unticked (the hidden field alone)
                "opt-around_the_corner": ["0", "1"],
                "opt-card_points-K": "15",
                "opt-wild_ranks": "2",
                "opt-upcard_min_rank": "4",
            }
        ),
    )
    assert response.status_code == 303
    with app.app_context():
        stored = db.session.scalars(select(Game)).one()
        expected = rules_for(
            "rummy5000",
            {
                "target": 3000,
                "set_duplicates_allowed": False,
                "around_the_corner": True,
                "card_points": {"K": 15},
                "wild_ranks": ["2"],
                "upcard_min_rank": "4",
            },
        )
        assert stored.rules == expected.to_dict()
        assert stored.rules["card_points"]["K"] == 15 and stored.rules["card_points"]["A"] == 100
        assert stored.preset == "rummy5000"


def test_partnership_sides(app: Flask, browser: FlaskClient) -> None:
    html = page(browser.get("/games/new?preset=partnership500"))
    assert 'name="side-0"' in html and 'name="side-3"' in html and 'name="side-name-1"' in html
    response = browser.post(
        "/games/new",
        data=new_game_form(
            **{
                "preset": "partnership500",
                "player-2": "Cy",
                "player-3": "Dee",
                "side-0": "North–South",
                "side-1": "East–West",
                "side-2": "north–south",
                "side-3": "East–West",
            }
        ),
    )
    assert response.status_code == 303
    with app.app_context():
        stored = db.session.scalars(select(Game)).one()
        assert [p.team for p in stored.players] == [
            "North–South",
            "East–West",
            "North–South",
            "East–West",
        ]
    html = page(browser.get(response.location))
    assert "North–South" in html and "Ann 0 · Cy 0" in html


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"preset": "rummy501"}, "preset", "Choose one of the games."),
        ({"player-0": "", "player-1": ""}, "players", "Name at least two players."),
        ({"player-1": "ANN"}, "player-1", "ANN is already player 1"),
        ({"player-1": "B" * 41}, "player-1", "At most 40 characters (an emoji"),
        ({"player-1": "🂡" * 21}, "player-1", "At most 40 characters (an emoji"),
        ({"player-1": "\u200b\u202e"}, "player-1", "This name shows nothing"),
        ({"name": "N" * 81}, "name", "At most 80 characters (an emoji"),
        ({"dealer": "6"}, "dealer", "Choose one of the players, or nobody yet."),
        ({"opt-target": "-5"}, "opt-target", "takes a whole number from 1 to 100000, not -5"),
        ({"opt-min_set": "x"}, "opt-min_set", "&#39;x&#39; is not a whole number"),
        ({"opt-card_overrides": "QS"}, "opt-card_overrides", "such as QS:45"),
        (
            {"preset": "partnership500", "side-0": "1", "side-1": "1"},
            "sides",
            "at least two sides, not only Ann &amp; Bob",
        ),
        (
            {"preset": "partnership500", "side-0": "Us", "side-1": "Us", "side-2": "us"},
            "sides",
            "at least two sides",
        ),
        ({"options_for": "persian"}, "preset", "The house rules below are now Rummy 500"),
    ],
)
def test_each_bad_entry_is_a_422_next_to_its_field(
    app: Flask, browser: FlaskClient, fields: dict[str, str], field: str, message: str
) -> None:
    sent = new_game_form(**{"name": "<b>Kept</b>", "player-2": "Cy", **fields})
    response = browser.post("/games/new", data=sent)
    assert response.status_code == 422
    html = page(response)
    error = re.search(rf'<p class="field-error" id="{field}-error"[^>]*>([^<]*)</p>', html)
    assert error is not None, html
    assert message in error.group(1)
    if field.startswith(("player-", "side-", "opt-", "name", "dealer")):
        assert f'aria-describedby="{field}-error"' in html or f'{field}-error"' in html
    if "name" not in fields:
        assert 'value="&lt;b&gt;Kept&lt;/b&gt;"' in html  # entries kept, escaped
    assert 'name="player-2" value="Cy"' in html
    assert game_count(app) == 0


def test_an_option_error_opens_its_group_and_keeps_the_other_options(browser: FlaskClient) -> None:
    html = page(
        browser.post(
            "/games/new",
            data=new_game_form(
                **{
                    "preset": "rummy5000",
                    "opt-target": "-5",
                    "opt-min_run": "4",
                    "opt-set_duplicates_allowed": "0",
                }
            ),
        )
    )
    groups = re.findall(
        r'<details class="option-group"( open)?>\s*<summary>\s*'
        r'<span class="group-name">(\w[\w ]*)</span>',
        html,
    )
    assert ("", "Melds") in groups and (" open", "Ending") in groups
    assert 'id="opt-min_run" name="opt-min_run" value="4"' in html
    assert not re.search(r'id="opt-set_duplicates_allowed"[^>]*checked', html)


def test_new_game_needs_the_csrf_token(app: Flask, browser: FlaskClient) -> None:
    sent = new_game_form()
    del sent["csrf_token"]
    assert browser.post("/games/new", data=sent).status_code == 400
    assert browser.post("/games/new", data={**sent, "csrf_token": "forged"}).status_code == 400
    assert game_count(app) == 0


# --- the scorer's page -------------------------------------------------------------------------


def test_the_scorer_page(browser: FlaskClient, game: dict[str, Any]) -> None:
    response = browser.get(f"/s/{game['scorer']}")
    assert response.status_code == 200
    html, words = page(response), text(response)
    assert_no_inline_code(html)
    # API.md's round then Bob out: Ann 36 + 2 = 38, Bob 9 + 39 = 48, Cy 15 + 25 = 40
    totals = re.findall(
        r'<span class="competitor-name">(\w+).*?'
        r'<span class="competitor-total">(-?\d+)</span>',
        html,
        re.S,
    )
    assert totals == [("Bob", "48"), ("Cy", "40"), ("Ann", "38")]  # the leader first
    assert re.search(r'class="competitor is-leader">\s*<span class="competitor-name">Bob', html)
    assert html.count("is-leader") == 1
    assert "452 to reach 500" in words and "460 to reach 500" in words
    assert "462 to reach 500" in words
    assert "Bob leads with 48 (452 to reach 500)" in words
    assert "Bob deals next" in words  # Cy dealt, then Ann; the deal passes left
    assert "Rummy 500 · 3 players · to 500" in words
    record = re.search(
        r'<a class="button button-primary[^"]*"\s*href="([^"]+)">Record round 3</a>', html
    )
    assert record is not None
    assert record.group(1) == f"/s/{game['scorer']}/rounds/new?dealer=Bob"
    assert ">Undo</button>" in html and "Takes back: round 2 added" in words
    assert f'href="http://scores.test/w/{game["watcher"]}"' in html
    assert re.search(
        r"<summary>Hand scoring to someone else</summary>.*"
        rf'value="http://scores.test/s/{game["scorer"]}"',
        html,
        re.S,
    )
    assert "Deal round" not in html  # a fixed deal: no deal helper
    with browser.session_transaction() as session:
        assert session["games"] == [["scorer", game["scorer"]]]


def test_the_rounds_table(browser: FlaskClient, game: dict[str, Any]) -> None:
    html = page(browser.get(f"/s/{game['scorer']}"))
    rows = {
        number: re.findall(
            r'<span class="running">(-?\d+)</span>\s*'
            r'<span class="delta">([+-]\d+)</span>',
            row,
        )
        for number, row in re.findall(
            r'<tr id="round-(\d+)" class="round-totals">(.*?)</tr>', html, re.S
        )
    }
    assert rows == {
        "2": [("38", "+2"), ("48", "+39"), ("40", "+25")],
        "1": [("36", "+36"), ("9", "+9"), ("15", "+15")],
    }
    assert html.index('id="round-2"') < html.index('id="round-1"')  # newest first
    assert "Cy dealt · Ann went out" in html and "Ann dealt · Bob went out" in html
    assert '<span class="card-code suit-C" title="3C">3♣</span>' in html
    assert "set 9" in html and "counted on the table 40" in html
    assert f'href="/s/{game["scorer"]}/rounds/1">Correct' in html
    assert f'href="/s/{game["scorer"]}/rounds/2/delete">Delete' in html


def test_the_end_of_the_game_and_the_settlement(app: Flask, browser: FlaskClient) -> None:
    with app.app_context():
        stored = records.create_game(
            "Persian",
            rules_for("persian"),
            [Seat("Ann", "N–S"), Seat("Bob", "E–W"), Seat("Cy", "N–S"), Seat("Dee", "E–W")],
            preset="persian",
        )
        deal = RoundRecord(
            (
                PlayerRecord("Ann", went_out=True, melded_points=60),
                PlayerRecord("Bob", melded_points=40, hand_points=10),
                PlayerRecord("Cy", melded_points=30, hand_points=5),
                PlayerRecord("Dee", melded_points=20, hand_points=20),
            )
        )
        records.store_round(stored, deal)
        token = stored.scorer_token
        first = text(browser.get(f"/s/{token}"))
        assert "N–S leads with 110; 1 deal left" in first and "wins" not in first
        records.store_round(stored, deal)
    response = browser.get(f"/s/{token}")
    words = text(response)
    # each deal: N-S 60 + 25 (Ann out) + 25 = 110, E-W 30 + 0 = 30; after two, 220 to 60;
    # the side ahead gets 50: 270, and E-W pays the difference, 210
    assert "N–S wins" in words
    assert "2 deals played; N–S ahead by 210" in words
    assert "N–S gets 50 for being ahead at the end." in words
    assert "E–W pays N–S 210" in words
    assert re.search(
        r'N–S <span class="badge badge-win">Winner</span></span>\s*'
        r'<span class="competitor-total">270</span>',
        page(response),
    )
    assert "Ann 220 · Cy 50" in words and "Bob 60 · Dee 0" in words
    assert "button-primary button-block button-big" not in page(response)  # over: not urged


def test_the_deal_helper(app: Flask, browser: FlaskClient) -> None:
    with app.app_context():
        stored = records.create_game(
            "5000",
            rules_for("rummy5000", {"upcard_min_rank": "4"}),
            [Seat("Ann"), Seat("Bob"), Seat("Cy"), Seat("Dee")],
            preset="rummy5000",
            dealer="Dee",
        )
        token = stored.scorer_token
    html = page(browser.get(f"/s/{token}"))
    assert "Deal round 1" in html and 'name="upcard-3"' in html
    assert re.search(r'<option value="Dee" selected>Dee</option>', html)
    sent = {
        "csrf_token": CSRF,
        "dealer": "Dee",
        "upcard-0": "7",
        "upcard-1": "K",
        "upcard-2": "A",
        "upcard-3": "4",
    }
    response = browser.post(f"/s/{token}/deal", data=sent, headers={"HX-Request": "true"})
    assert response.status_code == 200 and "HX-Request" in response.headers["Vary"]
    fragment = page(response)
    assert fragment.lstrip().startswith('<section class="panel deal-helper" id="deal-helper"')
    hands = dict(
        re.findall(
            r"<span>(\w+)(?: <span class=\"muted\">\(deals\)</span>)?</span>\s*"
            r'<strong class="deal-count">(\d+) cards</strong>',
            fragment,
        )
    )
    assert hands == {"Ann": "8", "Bob": "11", "Cy": "12", "Dee": "5"}
    assert "Wild this round: <strong>4s</strong>" in fragment
    assert f'href="/s/{token}/rounds/new?wild=4&amp;dealer=Dee">Record this round</a>' in fragment
    assert re.search(r'<option value="K" selected>K</option>', fragment)  # entries kept
    # a 2 is below upcard_min_rank: it goes back, and nothing can be recorded yet
    redeal = page(
        browser.post(
            f"/s/{token}/deal", data={**sent, "upcard-0": "2"}, headers={"HX-Request": "true"}
        )
    )
    assert "Upcard goes back: deal Ann another face up" in redeal
    assert "Record this round" not in redeal
    # without htmx: the whole page with the answer in it
    whole = browser.post(f"/s/{token}/deal", data=sent)
    assert whole.status_code == 200 and "<html" in page(whole) and "11 cards" in page(whole)


def test_the_deal_helper_counts_a_wild_upcard(app: Flask, browser: FlaskClient) -> None:
    """upcard_wild_cards (seed 000: "such as 15, 20 or even 25"): a wild 2 stays and counts 15."""
    with app.app_context():
        stored = records.create_game(
            "5000",
            rules_for("rummy5000", {"wild_ranks": ["2"], "upcard_wild_cards": 15}),
            [Seat("Ann"), Seat("Bob")],
            preset="rummy5000",
            dealer="Bob",
        )
        token = stored.scorer_token
    sent = {"csrf_token": CSRF, "dealer": "Bob", "upcard-0": "2", "upcard-1": "5"}
    fragment = page(browser.post(f"/s/{token}/deal", data=sent, headers={"HX-Request": "true"}))
    assert "Upcard goes back" not in fragment
    assert re.findall(r'<strong class="deal-count">(\d+) cards</strong>', fragment) == ["16", "6"]
    assert "Record this round" in fragment


@pytest.mark.parametrize(
    ("changes", "status", "message"),
    [
        ({"upcard-1": ""}, 422, "What is Bob&#39;s face-up card?"),
        ({"upcard-1": "Z"}, 422, "Choose a rank from the list."),
        ({"dealer": "Zed"}, 422, "Who deals this round?"),
        ({"upcard-0": "JK"}, 422, "Choose a rank from the list."),  # no jokers in this game
        (
            {"upcard-0": "7", "upcard-1": "7", "upcard-2": "7", "upcard-3": "7", "upcard-4": "7"},
            422,
            "5 7s cannot be face up: the 1 pack hold 4.",
        ),
    ],
)
def test_deal_helper_errors(
    app: Flask, browser: FlaskClient, changes: dict[str, str], status: int, message: str
) -> None:
    with app.app_context():
        stored = records.create_game(
            "5000",
            rules_for("rummy5000", {"decks": 1}),
            [Seat(name) for name in ("Ann", "Bob", "Cy", "Dee", "Eve")],
            preset="rummy5000",
        )
        token = stored.scorer_token
    sent = {
        "csrf_token": CSRF,
        "dealer": "Eve",
        "upcard-0": "7",
        "upcard-1": "K",
        "upcard-2": "A",
        "upcard-3": "4",
        "upcard-4": "9",
        **changes,
    }
    response = browser.post(f"/s/{token}/deal", data=sent, headers={"HX-Request": "true"})
    assert response.status_code == status
    assert message in page(response)
    assert "Record this round" not in page(response)


def test_no_deal_helper_for_a_fixed_deal(browser: FlaskClient, game: dict[str, Any]) -> None:
    response = browser.post(f"/s/{game['scorer']}/deal", data={"csrf_token": CSRF})
    assert response.status_code == 404


def test_a_progression_game_says_the_next_wild_rank(app: Flask, browser: FlaskClient) -> None:
    with app.app_context():
        stored = records.create_game(
            "P", rules_for("rummy500", {"round_wild": "progression"}), [Seat("Ann"), Seat("Bob")]
        )
        records.store_round(
            stored,
            RoundRecord(
                (
                    PlayerRecord("Ann", went_out=True, melded_points=10),
                    PlayerRecord("Bob", melded_points=5),
                ),
                wild_rank="A",
            ),
        )
        token = stored.scorer_token
    html = page(browser.get(f"/s/{token}"))
    assert "Wild in round 2: <strong>2s</strong>" in html
    assert f'href="/s/{token}/rounds/new?wild=2"' in html


def test_user_text_is_escaped(app: Flask, browser: FlaskClient) -> None:
    with app.app_context():
        stored = records.create_game(
            "<script>alert(1)</script>",
            rules_for("partnership500"),
            [Seat("<i>Ann</i>", "<b>Us</b>"), Seat("Bob", "Them")],
        )
        records.store_round(
            stored,
            RoundRecord(
                (
                    PlayerRecord("<i>Ann</i>", went_out=True, melded_points=10),
                    PlayerRecord("Bob", melded_points=5),
                )
            ),
        )
        scorer, watcher = stored.scorer_token, stored.watcher_token
    for url in (f"/s/{scorer}", f"/w/{watcher}", f"/s/{scorer}/rounds/1/delete", "/"):
        html = page(browser.get(url))
        assert "<script>alert" not in html and "<i>Ann" not in html and "<b>Us" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page(browser.get(f"/s/{scorer}"))


# --- tokens and CSRF on every scorer route -----------------------------------------------------

SCORER_ROUTES = [
    ("GET", "/s/{token}"),
    ("POST", "/s/{token}/deal"),
    ("POST", "/s/{token}/rename"),
    ("POST", "/s/{token}/finish"),
    ("POST", "/s/{token}/undo"),
    ("GET", "/s/{token}/rounds/1/delete"),
    ("POST", "/s/{token}/rounds/1/delete"),
]


@pytest.mark.parametrize(("method", "route"), SCORER_ROUTES)
@pytest.mark.parametrize("which", ["watcher", "nonsense", "long"])
def test_scorer_routes_need_the_scorer_token(
    app: Flask, browser: FlaskClient, game: dict[str, Any], method: str, route: str, which: str
) -> None:
    token = {"watcher": game["watcher"], "nonsense": "nope", "long": "x" * 500}[which]
    version = version_of(app, game["id"])
    response = browser.open(
        route.format(token=token),
        method=method,
        data={"csrf_token": CSRF, "version": str(version), "name": "X", "finished": "1"},
    )
    assert response.status_code == 404
    assert "No game has this link" in page(response)
    assert version_of(app, game["id"]) == version


def test_the_watcher_page_needs_the_watcher_token(
    browser: FlaskClient, game: dict[str, Any]
) -> None:
    assert browser.get(f"/w/{game['scorer']}").status_code == 404
    assert browser.get("/w/nope").status_code == 404


@pytest.mark.parametrize("route", [route for method, route in SCORER_ROUTES if method == "POST"])
@pytest.mark.parametrize("csrf", [None, "forged"])
def test_every_form_needs_the_csrf_token(
    app: Flask, browser: FlaskClient, game: dict[str, Any], route: str, csrf: str | None
) -> None:
    version = version_of(app, game["id"])
    sent = {"version": str(version), "name": "X", "finished": "1"}
    if csrf is not None:
        sent["csrf_token"] = csrf
    response = browser.post(route.format(token=game["scorer"]), data=sent)
    assert response.status_code == 400
    with app.app_context():
        stored = load(app, game["id"])
        assert (stored.version, stored.name, len(stored.rounds)) == (version, "Friday", 2)
        assert stored.finished_at is None


@pytest.mark.parametrize(
    "route",
    ["/s/{token}/rename", "/s/{token}/finish", "/s/{token}/undo", "/s/{token}/rounds/1/delete"],
)
@pytest.mark.parametrize("version", [None, "", "v3", "1" * 12])
def test_a_form_without_its_version_is_a_400(
    app: Flask, browser: FlaskClient, game: dict[str, Any], route: str, version: str | None
) -> None:
    before = version_of(app, game["id"])
    sent = {"csrf_token": CSRF, "name": "X", "finished": "1"}
    if version is not None:
        sent["version"] = version
    response = browser.post(route.format(token=game["scorer"]), data=sent)
    assert response.status_code == 400
    assert version_of(app, game["id"]) == before


# --- delete, undo, rename, finish --------------------------------------------------------------


def test_deleting_a_round_after_confirming(
    app: Flask, browser: FlaskClient, game: dict[str, Any]
) -> None:
    token = game["scorer"]
    confirm = browser.get(f"/s/{token}/rounds/1/delete")
    assert confirm.status_code == 200
    html, words = page(confirm), text(confirm)
    assert "Delete round 1?" in words and "Cy dealt; Ann went out." in words
    assert "The round after it becomes round 1." in words
    assert re.search(rf'<form method="post" action="/s/{token}/rounds/1/delete"', html)
    assert 'name="version" value="3"' in html and f'value="{CSRF}"' in html
    assert ">Delete round 1</button>" in html
    assert version_of(app, game["id"]) == 3  # looking changes nothing
    response = browser.post(
        f"/s/{token}/rounds/1/delete", data={"csrf_token": CSRF, "version": "3"}
    )
    assert response.status_code == 303 and response.location == f"/s/{token}"
    assert flashes(browser) == [
        "Round 1 deleted. The rounds after it moved up one. Undo brings it back."
    ]
    with app.app_context():
        stored = load(app, game["id"])
        assert stored.version == 4
        assert [records.round_record(r) for r in stored.rounds] == [
            records.for_game(stored, BOB_OUT)
        ]
        assert [r.number for r in stored.rounds] == [1]
    assert "Round 1 deleted." in page(browser.get(f"/s/{token}"))  # the flash, shown once


def test_deleting_a_round_that_is_not_there(browser: FlaskClient, game: dict[str, Any]) -> None:
    token = game["scorer"]
    assert browser.get(f"/s/{token}/rounds/3/delete").status_code == 404
    assert (
        browser.post(
            f"/s/{token}/rounds/3/delete", data={"csrf_token": CSRF, "version": "3"}
        ).status_code
        == 404
    )


def test_a_stale_delete_is_a_409_and_deletes_nothing(
    app: Flask, browser: FlaskClient, game: dict[str, Any]
) -> None:
    token = game["scorer"]
    response = browser.post(
        f"/s/{token}/rounds/2/delete", data={"csrf_token": CSRF, "version": "2"}
    )
    assert response.status_code == 409
    assert "The game changed meanwhile" in page(response)
    assert "Nothing was changed" in page(response)
    assert f'href="/s/{token}"' in page(response)
    with app.app_context():
        stored = load(app, game["id"])
        assert (stored.version, len(stored.rounds)) == (3, 2)


@pytest.mark.parametrize("kind", ["added", "corrected", "deleted", "renamed", "finished"])
def test_undo_from_the_page(
    app: Flask, browser: FlaskClient, game: dict[str, Any], kind: str
) -> None:
    token = game["scorer"]
    with app.app_context():
        stored = load(app, game["id"])
        before = (
            [records.round_record(r) for r in stored.rounds],
            [snapshot(r) for r in stored.rounds],
            stored.name,
            stored.finished_at,
        )
        if kind == "added":
            records.store_round(stored, API_MD_ROUND)
        elif kind == "corrected":
            records.replace_round(stored.rounds[0], BOB_OUT)
        elif kind == "deleted":
            records.delete_round(stored.rounds[0])
        elif kind == "renamed":
            records.rename_game(stored, "Saturday")
        else:
            records.finish_game(stored)
    number = {"added": "round 3 ", "corrected": "round 1 ", "deleted": "round 1 "}.get(kind, "")
    what = {"renamed": "renamed from “Friday”", "finished": "marked finished"}.get(
        kind, f"{number}{kind}"
    )
    assert f"Takes back: {what}" in text(browser.get(f"/s/{token}"))
    response = browser.post(f"/s/{token}/undo", data={"csrf_token": CSRF, "version": "4"})
    assert response.status_code == 303 and response.location == f"/s/{token}"
    assert flashes(browser) == [f"Undid: {what}."]
    with app.app_context():
        stored = load(app, game["id"])
        after = (
            [records.round_record(r) for r in stored.rounds],
            [snapshot(r) for r in stored.rounds],
            stored.name,
            stored.finished_at,
        )
        assert after == before
        assert stored.version == 5
        scores, _ = records.score_game(stored)
        assert [r.cached_totals() for r in stored.rounds] == [s.totals() for s in scores]
    assert "Takes back: round 2 added" in text(browser.get(f"/s/{token}"))


def test_nothing_to_undo(app: Flask, browser: FlaskClient) -> None:
    with app.app_context():
        stored = records.create_game("G", rules_for("rummy500"), [Seat("Ann"), Seat("Bob")])
        token, game_id = stored.scorer_token, stored.id
    html = page(browser.get(f"/s/{token}"))
    assert re.search(r"<button type=\"submit\" aria-describedby=\"undo-what\" disabled>Undo", html)
    assert "Nothing to undo" in html
    response = browser.post(f"/s/{token}/undo", data={"csrf_token": CSRF, "version": "1"})
    assert response.status_code == 303
    assert flashes(browser) == ["There is nothing to undo."]
    assert version_of(app, game_id) == 1


def test_a_stale_undo_is_a_409(app: Flask, browser: FlaskClient, game: dict[str, Any]) -> None:
    response = browser.post(f"/s/{game['scorer']}/undo", data={"csrf_token": CSRF, "version": "2"})
    assert response.status_code == 409
    with app.app_context():
        stored = load(app, game["id"])
        assert (stored.version, len(stored.rounds)) == (3, 2)
        assert not any(change.undone for change in stored.changes)


def test_renaming(app: Flask, browser: FlaskClient, game: dict[str, Any]) -> None:
    token = game["scorer"]
    response = browser.post(
        f"/s/{token}/rename",
        data={"csrf_token": CSRF, "version": "3", "name": "  Saturday \u202e  night\u200b "},
    )
    assert response.status_code == 303
    assert flashes(browser) == ["Renamed to “Saturday night”."]
    assert load_name(app, game["id"]) == "Saturday night"
    assert "Saturday night" in page(browser.get(f"/s/{token}"))
    same = browser.post(
        f"/s/{token}/rename", data={"csrf_token": CSRF, "version": "4", "name": "Saturday night"}
    )
    assert same.status_code == 303 and version_of(app, game["id"]) == 4


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "Give the game a name."),
        ("   ", "Give the game a name."),
        ("\ufeff\u200b", "This name shows nothing: type letters, digits or symbols."),
        ("N" * 81, r"At most 80 characters \(an emoji or a wide character counts as two\)."),
    ],
)
def test_renaming_errors(
    app: Flask, browser: FlaskClient, game: dict[str, Any], name: str, message: str
) -> None:
    response = browser.post(
        f"/s/{game['scorer']}/rename", data={"csrf_token": CSRF, "version": "3", "name": name}
    )
    assert response.status_code == 422
    assert re.search(rf'<p class="field-error" id="rename-error">{message}</p>', page(response))
    assert version_of(app, game["id"]) == 3


def test_a_stale_rename_is_a_409(app: Flask, browser: FlaskClient, game: dict[str, Any]) -> None:
    response = browser.post(
        f"/s/{game['scorer']}/rename", data={"csrf_token": CSRF, "version": "1", "name": "X"}
    )
    assert response.status_code == 409
    assert load_name(app, game["id"]) == "Friday"


def test_finishing_and_reopening(app: Flask, browser: FlaskClient, game: dict[str, Any]) -> None:
    token = game["scorer"]
    assert ">Mark finished</button>" in page(browser.get(f"/s/{token}"))
    response = browser.post(
        f"/s/{token}/finish", data={"csrf_token": CSRF, "version": "3", "finished": "1"}
    )
    assert response.status_code == 303
    assert flashes(browser) == ["The game is marked finished."]
    html = text(browser.get(f"/s/{token}"))
    assert "The scorer marked this game finished." in html and "Reopen the game" in html
    browser.post(f"/s/{token}/finish", data={"csrf_token": CSRF, "version": "4", "finished": "0"})
    with app.app_context():
        stored = load(app, game["id"])
        assert (stored.finished_at, stored.version) == (None, 5)
    bad = browser.post(
        f"/s/{token}/finish", data={"csrf_token": CSRF, "version": "5", "finished": "maybe"}
    )
    assert bad.status_code == 400 and version_of(app, game["id"]) == 5
    stale = browser.post(
        f"/s/{token}/finish", data={"csrf_token": CSRF, "version": "3", "finished": "1"}
    )
    assert stale.status_code == 409 and version_of(app, game["id"]) == 5


def load_name(app: Flask, game_id: int) -> str:
    with app.app_context():
        return load(app, game_id).name


# --- the watchers' page ------------------------------------------------------------------------


def test_the_watcher_page_is_read_only(
    app: Flask, client: FlaskClient, game: dict[str, Any]
) -> None:
    response = client.get(f"/w/{game['watcher']}")
    assert response.status_code == 200
    html, words = page(response), text(response)
    assert_no_inline_code(html)
    assert "<form" not in html and 'method="post"' not in html and "hx-post" not in html
    # the only controls: the scoreboard's own link, read-only, and a button to copy it
    assert re.findall(r"<input[^>]*>", html) == [
        f'<input type="text" id="watch-url" class="link-field" '
        f'value="http://scores.test/w/{game["watcher"]}" readonly>'
    ]
    assert re.findall(r"<button[^>]*>([^<]*)</button>", html) == ["Copy link"]
    assert game["scorer"] not in html
    assert "/rounds/" not in html and "Correct" not in html and "Delete" not in html
    assert "Record round" not in html and "Undo" not in html
    assert 'id="standings"' in html and 'id="rounds"' in html and 'id="round-2"' in html
    assert "Bob leads with 48" in words and "Bob deals next" in words
    assert "counted on the table 40" in html  # a round's lines, one tap away
    with client.session_transaction() as session:
        assert session["games"] == [["watcher", game["watcher"]]]
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(GameChange)) == 2
        assert db.session.scalar(select(func.count()).select_from(Round)) == 2


def test_a_wide_game_scrolls_its_table_not_the_page(app: Flask, client: FlaskClient) -> None:
    names = [f"Player{n}withalongname" for n in range(8)]
    with app.app_context():
        stored = records.create_game("Eight", rules_for("rummy500"), [Seat(n) for n in names])
        records.store_round(
            stored,
            RoundRecord(
                tuple(
                    PlayerRecord(name, went_out=index == 0, melded_points=10 * index)
                    for index, name in enumerate(names)
                )
            ),
        )
        token = stored.watcher_token
    html = page(client.get(f"/w/{token}"))
    assert re.search(r'<div class="table-scroll">\s*<table class="rounds-table">', html)


def test_control_characters_never_reach_the_database(app: Flask, browser: FlaskClient) -> None:
    """PostgreSQL refuses NUL in text: names are cleaned before they are stored."""
    response = browser.post(
        "/games/new",
        data=new_game_form(**{"name": "Fri\x00day\tnight", "player-0": "A\x00nn", "dealer": "²"}),
    )
    assert response.status_code == 422  # the dealer "²" is no row
    response = browser.post(
        "/games/new",
        data=new_game_form(**{"name": "Fri\x00day\tnight", "player-0": "A\x00nn"}),
    )
    assert response.status_code == 303
    token = response.location.rsplit("/", 1)[-1]
    rename = browser.post(
        f"/s/{token}/rename", data={"csrf_token": CSRF, "version": "1", "name": "\x00Sat\x07"}
    )
    assert rename.status_code == 303
    with app.app_context():
        stored = db.session.scalars(select(Game)).one()
        assert [p.name for p in stored.players] == ["Ann", "Bob"]
        assert stored.name == "Sat"
        assert stored.changes[0].before == {"name": "Friday night"}
    for version in ("²", "٣"):
        response = browser.post(f"/s/{token}/undo", data={"csrf_token": CSRF, "version": version})
        assert response.status_code == 400
