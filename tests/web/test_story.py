"""A game's rules page (every option, the changed ones marked) and its story (every round, every
correction and deletion from the log, the chart, the winner), from either link."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.rules import OPTIONS
from scorekeeper.engine.scoring import PlayerRecord, RoundRecord, meld
from scorekeeper.engine.standings import Seat
from scorekeeper.store import access, records
from scorekeeper.store.db import db
from scorekeeper.store.models import Game, Round

pytestmark = pytest.mark.db

JOKERS = {"jokers": 2, "target": 300, "around_the_corner": True}


def text(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", page)).split())


@pytest.fixture
def game(app: Flask) -> dict[str, Any]:
    """Rummy 500 with three options changed; round 1 recorded, then corrected (Bob's hand was
    wrong, and Ann's joker was typed in the run), then round 2 recorded and deleted."""
    with app.app_context():
        stored = records.create_game(
            "Friday",
            rules_for("rummy500", JOKERS),
            [Seat("Ann"), Seat("Bob")],
            preset="rummy500",
            dealer="Bob",
        )
        first = RoundRecord(
            (
                PlayerRecord("Ann", went_out=True, melds=(meld("3C 3D 3S"),)),
                PlayerRecord("Bob", melded_points=20, hand_points=5),
            )
        )
        records.store_round(stored, first, dealer="Bob")
        corrected = RoundRecord(
            (
                PlayerRecord("Ann", went_out=True, melds=(meld("3C 3D 3S"), meld("5S JK 7S"))),
                PlayerRecord("Bob", melded_points=20, hand_points=15),
            )
        )
        round_one = db.session.scalars(db.select(Round).where(Round.game_id == stored.id)).one()
        records.replace_round(round_one, corrected)
        records.store_round(stored, first, dealer="Ann")
        second = db.session.scalars(
            db.select(Round).where(Round.game_id == stored.id, Round.number == 2)
        ).one()
        records.delete_round(second)
        return {"id": stored.id, "scorer": stored.scorer_token, "watcher": stored.watcher_token}


def test_the_rules_page_lists_every_option_and_marks_the_changed(
    client: FlaskClient, game: dict[str, Any]
) -> None:
    for link in (f"/s/{game['scorer']}/rules", f"/w/{game['watcher']}/rules"):
        page = client.get(link).get_data(as_text=True)
        for name in OPTIONS:
            assert f'id="option-{name}"' in page, name
        changed = set(re.findall(r'class="rule-line is-changed" id="option-([a-z_]+)"', page))
        assert changed == set(JOKERS)
        said = text(page)
        assert "Started from Rummy 500, with 3 options changed." in said
        assert "Jokers in play jokers 2 Changed (Rummy 500: 0)" in said
        assert "Runs may go round the corner (K-A-2) around_the_corner yes Changed" in said
        assert "around the corner (K-A-2) allowed" in said  # the summary in plain English
        assert "Deck" in said and "Wild cards" in said and "Dealing" in said  # the form's groups


def test_the_rules_page_is_one_tap_from_the_game_and_the_board(
    client: FlaskClient, game: dict[str, Any]
) -> None:
    scorer = client.get(f"/s/{game['scorer']}").get_data(as_text=True)
    assert f'href="/s/{game["scorer"]}/rules"' in scorer
    assert f'href="/s/{game["scorer"]}/story"' in scorer
    board = client.get(f"/w/{game['watcher']}").get_data(as_text=True)
    assert f'href="/w/{game["watcher"]}/rules"' in board
    assert f'href="/w/{game["watcher"]}/story"' in board


def test_the_story_shows_the_correction_and_the_deletion(
    client: FlaskClient, game: dict[str, Any]
) -> None:
    page = client.get(f"/w/{game['watcher']}/story").get_data(as_text=True)
    said = text(page)
    assert "Round 1 recorded" in said
    assert "Round 1 corrected" in said
    # what changed: Bob's total from 15 to 5 (20 - 15), Ann's from 9 to 9 + 5 + 15 + 7
    assert "Ann +9 +36" in said and "Bob +15 +5" in said
    assert "Was: Bob: in hand counted -5" in said or "Bob: in hand counted -5" in said
    assert "Now: Ann: 5♠ Jkr as 6♠ 7♠ run 27" in said
    assert "Round 2 recorded" in said and "Round 2 deleted" in said
    assert "with the first scorer link" in said
    # every round with its breakdown in card faces, never raw codes
    assert "3♣ 3♦ 3♠ set 9" in said
    assert "JK(6S)" not in page and "5S JK" not in said
    assert "Totals after each round" in said  # the chart
    assert "<svg" in page


def test_the_story_names_the_scorer_link_in_use(
    app: Flask, client: FlaskClient, game: dict[str, Any]
) -> None:
    with app.app_context():
        stored = db.session.get_one(Game, game["id"])
        access.replace_link(stored, "scorer")
        records.rename_game(stored, "Saturday")
        scorer = stored.scorer_token
    said = text(client.get(f"/s/{scorer}/story").get_data(as_text=True))
    assert "A new scorer link" in said
    assert re.search(r"Renamed from “Friday” .* with scorer link 2 \(made ", said)


def test_the_story_of_a_finished_game_has_the_winner_and_the_settlement(
    app: Flask, client: FlaskClient
) -> None:
    with app.app_context():
        stored = records.create_game(
            "Persian night",
            rules_for("persian"),
            [Seat("Ann", "Us"), Seat("Bob", "Them"), Seat("Cy", "Us"), Seat("Dee", "Them")],
            preset="persian",
        )
        for _ in range(2):
            records.store_round(
                stored,
                RoundRecord(
                    (
                        PlayerRecord("Ann", went_out=True, melds=(meld("QC QD QS"),)),
                        PlayerRecord("Bob", melded_points=0, hand_points=10),
                        PlayerRecord("Cy", melded_points=0, hand_points=0),
                        PlayerRecord("Dee", melded_points=0, hand_points=0),
                    )
                ),
            )
        token = stored.watcher_token
    said = text(client.get(f"/w/{token}/story").get_data(as_text=True))
    assert "Us wins" in said
    assert "Them pays Us" in said
    assert "Round 2" in said


def test_a_wrong_link_is_404(client: FlaskClient, game: dict[str, Any]) -> None:
    for path in ("/s/nope/story", "/w/nope/rules", f"/s/{game['watcher']}/story"):
        assert client.get(path).status_code == 404


def test_the_story_tells_each_deal_with_its_wild_rank(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        stored = records.create_game(
            "Wild", rules_for("rummy5000"), [Seat("Ann"), Seat("Bob")], preset="rummy5000"
        )
        records.deal_next(stored, "6")
        records.store_round(
            stored,
            RoundRecord(
                (
                    PlayerRecord("Ann", went_out=True, melds=(meld("8D 8C 6C"),)),
                    PlayerRecord("Bob", melded_points=0, hand_points=10),
                ),
                wild_rank="6",
            ),
        )
        records.deal_next(stored, "9")
        token = stored.watcher_token
    page = client.get(f"/w/{token}/story").get_data(as_text=True)
    heads = re.findall(r'<p class="event-head"><strong>([^<]+)', page)
    assert heads == ["Dealt: 6s wild", "Round 1 recorded", "Dealt: 9s wild"]
    assert "8♦ 8♣ 6♣ as 8♠ set 110" in text(page)  # the issue's own example, in faces
