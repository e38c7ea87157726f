"""Gin on the pages: the hand form from the cards or from the table's counts, its preview (the
melds, the layoffs, the result in words, what is missing, why a hand is refused), refusals
with nothing stored, double taps, stale forms, corrections, deletions, Oklahoma's upcard and
partnership gin's two hands; bad input is a clear 4xx, never a 500."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.store.db import db
from scorekeeper.store.models import Round

pytestmark = pytest.mark.db

#: Ann knocks with 1 (the ace of diamonds); Bob has 24 after laying off 8S 9S: Ann +23.
ANN = "5S 6S 7S 9H 9D 9C 2C 3C 4C AD"
BOB = "8S 9S KH KD KC 2H 3H 4D 5D QC"


def hidden(page: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', page)
    assert found, f"no field {name}"
    return html.unescape(found.group(1))


def text(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def start(client: FlaskClient, rules: Any = "gin", names: tuple[str, ...] = ("Ann", "Bob")) -> str:
    """A game made through the API: its scorer token."""
    answer = client.post(
        "/api/v1/games",
        json={"name": "Cards", "rules": rules, "players": [{"name": name} for name in names]},
    )
    assert answer.status_code == 201, answer.get_json()
    return str(answer.get_json()["edit_url"].rsplit("/", 1)[1])


def open_form(client: FlaskClient, token: str, path: str = "new") -> dict[str, str]:
    response = client.get(f"/s/{token}/gin/hands/{path}")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    fields = {"csrf_token": hidden(page, "csrf_token"), "version": hidden(page, "version")}
    if path == "new":
        fields["key"] = hidden(page, "key")
    return fields


def by_cards(*hands: str, knocked: str = "0", **more: str) -> dict[str, str]:
    data = {"mode": "cards", "knocked": knocked, **more}
    return data | {f"cards-{seat}": cards for seat, cards in enumerate(hands)}


def stored_totals(app: Flask) -> list[dict[str, int]]:
    """Each stored round's points by player, oldest first."""
    with app.app_context():
        rounds = db.session.scalars(select(Round).order_by(Round.number)).all()
        return [{part.player.name: part.total for part in r.parts} for r in rounds]


def count(app: Flask) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Round)) or 0


def preview(client: FlaskClient, token: str, data: dict[str, str]) -> str:
    response = client.post(
        f"/s/{token}/gin/hands/preview", data=data, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    assert "HX-Request" in response.headers["Vary"]
    return text(response.get_data(as_text=True))


def test_a_hand_from_the_cards_is_saved_with_its_points(app: Flask, client: FlaskClient) -> None:
    token = start(client)
    new = client.get(f"/s/{token}/rounds/new")
    assert new.headers["Location"].endswith(f"/s/{token}/gin/hands/new")
    form = open_form(client, token)
    response = client.post(f"/s/{token}/gin/hands/new", data={**form, **by_cards(ANN, BOB)})
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/s/{token}#standings")
    assert stored_totals(app) == [{"Ann": 23, "Bob": 0}]
    page = text(client.get(f"/s/{token}").get_data(as_text=True))
    assert "Hand 1 saved" in page and "Ann knocked with 1: Bob 24: Ann +23" in page


def test_the_preview_shows_melds_layoffs_and_the_result(client: FlaskClient) -> None:
    token = start(client)
    form = open_form(client, token)
    shown = preview(client, token, {**form, **by_cards(ANN, BOB)})
    assert "5♠ 6♠ 7♠ with laid off: + 8♠ 9♠" in shown  # drawn onto the knocker's meld
    assert "Laid off 8♠ 9♠ onto 5♠ 6♠ 7♠" in shown
    assert "Deadwood 1: A♦" in shown and "Deadwood 24: 2♥ 3♥ 4♦ 5♦ Q♣ (41 before" in shown
    assert "Ann knocked with 1: Bob 24: Ann +23" in shown
    assert "+23" in shown
    with app_of(client).app_context():
        assert db.session.scalar(select(func.count()).select_from(Round)) == 0


def app_of(client: FlaskClient) -> Flask:
    return client.application


def test_the_preview_says_what_is_missing_and_arranges_the_cards_so_far(
    client: FlaskClient,
) -> None:
    token = start(client)
    form = open_form(client, token)
    shown = preview(client, token, {**form, **by_cards(ANN, "8s 9s kh kd kc 2h 3h", knocked="")})
    assert "Still to give: Bob: 7 of 10 cards · who knocked" in shown
    assert "K♣ K♦ K♥" in shown  # Bob's set, as tapped so far
    assert "Ann knocked" not in shown


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        # the knocker keeps 2C 3C 4D 5H: 14
        (by_cards("5S 6S 7S 9H 9D 9C 2C 3C 4D 5H", "8S 9S KH KD KC 2H 3H 4C 5D QC"),
         "Ann cannot knock with 14: the limit is 10"),
        (by_cards(ANN, "8S 9S KH KD KC 2H 3H 4D 5D 9H"), "9H is given twice"),
        (by_cards(ANN, BOB, knocked=""), "who knocked"),
        (by_cards(ANN, BOB, knocked="7"), "Who knocked: Ann or Bob?"),
        (by_cards(ANN, "8S 9S KH KD KC 2H 3H 4D 5D XX"), "XX is not a card"),
        (by_cards(ANN, "8S 9S KH KD KC 2H 3H 4D 5D JK"), "Gin plays without jokers"),
        (by_cards(ANN, BOB + " QH"), "Bob has 11 cards: the defender shows ten"),
        (by_cards(ANN, BOB, knocked="1"), "Bob cannot knock with 41"),
        ({"mode": "counted", "counted-0": "12", "counted-1": "20", "knocked": "0"},
         "Ann cannot knock with 12: the limit is 10"),
        ({"mode": "counted", "counted-0": "-1", "counted-1": "20", "knocked": "0"},
         "Ann's deadwood is a number from 0 to 98"),
        ({"mode": "counted", "counted-0": "5", "knocked": "0"}, "Bob's deadwood"),
    ],
)  # fmt: skip
def test_a_hand_that_cannot_be_is_refused_with_its_reason_and_nothing_stored(
    app: Flask, client: FlaskClient, fields: dict[str, str], reason: str
) -> None:
    token = start(client)
    form = open_form(client, token)
    assert reason in preview(client, token, {**form, **fields})
    response = client.post(f"/s/{token}/gin/hands/new", data={**form, **fields})
    assert response.status_code == 422
    page = text(response.get_data(as_text=True))
    assert "Nothing was saved" in page and reason in page
    assert count(app) == 0


def test_eleven_cards_without_big_gin_are_refused(app: Flask, client: FlaskClient) -> None:
    token = start(client, {"preset": "gin", "options": {"big_gin": False}})
    form = open_form(client, token)
    eleven = by_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS", "KH QD JC 10H 9D 8C 7H 6D 5C 4H")
    response = client.post(f"/s/{token}/gin/hands/new", data={**form, **eleven})
    assert response.status_code == 422
    assert "Ann has 11 cards: a hand shows ten (no big gin)" in text(
        response.get_data(as_text=True)
    )
    assert count(app) == 0


def test_big_gin_with_eleven_cards(app: Flask, client: FlaskClient) -> None:
    token = start(client)
    form = open_form(client, token)
    eleven = by_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS", "KH QD JC 10H 9D 8C 7H 6D 5C 4H")
    shown = preview(client, token, {**form, **eleven})
    assert "Ann big gin +31 + 79" in shown and "+110" in shown
    assert client.post(f"/s/{token}/gin/hands/new", data={**form, **eleven}).status_code == 303
    assert stored_totals(app) == [{"Ann": 110, "Bob": 0}]


def test_a_double_tap_stores_the_hand_once(app: Flask, client: FlaskClient) -> None:
    token = start(client)
    form = open_form(client, token)
    data = {**form, **by_cards(ANN, BOB)}
    assert client.post(f"/s/{token}/gin/hands/new", data=data).status_code == 303
    again = client.post(f"/s/{token}/gin/hands/new", data=data)
    assert again.status_code == 303
    assert count(app) == 1


def test_a_stale_form_is_a_conflict_then_a_correction_and_a_deletion(
    app: Flask, client: FlaskClient
) -> None:
    token = start(client)
    first = open_form(client, token)
    second = open_form(client, token)
    assert (
        client.post(f"/s/{token}/gin/hands/new", data={**first, **by_cards(ANN, BOB)}).status_code
        == 303
    )
    stale = client.post(f"/s/{token}/gin/hands/new", data={**second, **by_cards(ANN, BOB)})
    assert stale.status_code == 409 and count(app) == 1
    page = stale.get_data(as_text=True)
    assert "changed from another phone" in text(page)
    assert hidden(page, "version") != second["version"]  # the form again, at the new version
    assert hidden(page, "cards-0") == ANN  # with what the scorer gave
    # the correction: the form filled from the stored hand
    edit = client.get(f"/s/{token}/gin/hands/1").get_data(as_text=True)
    assert hidden(edit, "cards-0") == ANN and hidden(edit, "cards-1") == BOB
    assert 'name="knocked" value="0" checked' in edit
    fix = open_form(client, token, "1")
    counted = {
        "mode": "counted",
        "counted-0": "8",
        "counted-1": "6",
        "knocked": "0",
        "dealer": "Bob",
    }
    assert client.post(f"/s/{token}/gin/hands/1", data={**fix, **counted}).status_code == 303
    assert stored_totals(app) == [{"Ann": 0, "Bob": 27}]
    assert client.post(f"/s/{token}/gin/hands/1", data={**fix, **counted}).status_code == 409
    edit = client.get(f"/s/{token}/gin/hands/1").get_data(as_text=True)
    assert 'name="mode" value="counted" checked' in edit and hidden(edit, "counted-1") == "6"
    # the deletion: asked first, then the rounds' delete
    ask = client.get(f"/s/{token}/rounds/1/delete")
    assert ask.headers["Location"].endswith(f"/s/{token}/gin/hands/1/delete")
    page = client.get(ask.headers["Location"]).get_data(as_text=True)
    assert "Delete hand 1" in page and "Undercut: Bob 6 against Ann's 8: Bob +27" in text(page)
    response = client.post(
        f"/s/{token}/rounds/1/delete",
        data={"csrf_token": hidden(page, "csrf_token"), "version": hidden(page, "version")},
    )
    assert response.status_code == 303 and count(app) == 0
    assert client.get(f"/s/{token}/gin/hands/1").status_code == 404


def test_the_totals_mode(app: Flask, client: FlaskClient) -> None:
    token = start(client)
    form = open_form(client, token)
    counted = {"mode": "counted", "counted-0": "8", "counted-1": "6", "knocked": "0"}
    assert "Undercut: Bob 6 against Ann's 8: Bob +27" in preview(client, token, {**form, **counted})
    gin = {"mode": "counted", "counted-0": "0", "counted-1": "14", "knocked": "0"}
    assert "Gin: Ann +25 + Bob's 14 = +39" in preview(client, token, {**form, **gin})
    big = {**gin, "big_gin": "1"}
    assert "Big gin: Ann +31 + Bob's 14 = +45" in preview(client, token, {**form, **big})
    # the cards typed before the switch to the counts are not the hand's, nor read
    typed = {"cards-0": ANN, "cards-1": "8S 9S junk"}
    response = client.post(f"/s/{token}/gin/hands/new", data={**form, **counted, **typed})
    assert response.status_code == 303
    assert stored_totals(app) == [{"Ann": 0, "Bob": 27}]


def test_a_dead_hand_scores_nothing(app: Flask, client: FlaskClient) -> None:
    token = start(client)
    form = open_form(client, token)
    assert "Dead hand" in preview(client, token, {**form, **by_cards("", "", knocked="dead")})
    response = client.post(
        f"/s/{token}/gin/hands/new", data={**form, **by_cards("", "", knocked="dead")}
    )
    assert response.status_code == 303
    assert stored_totals(app) == [{"Ann": 0, "Bob": 0}]


def test_no_dead_hand_where_the_rules_have_none(app: Flask, client: FlaskClient) -> None:
    token = start(client, {"preset": "gin", "options": {"dead_hand": False}})
    page = client.get(f"/s/{token}/gin/hands/new").get_data(as_text=True)
    assert 'value="dead"' not in page
    form = open_form(client, token)
    response = client.post(
        f"/s/{token}/gin/hands/new", data={**form, **by_cards("", "", knocked="dead")}
    )
    assert response.status_code == 422 and count(app) == 0
    assert "These rules play without dead hands" in text(response.get_data(as_text=True))


def test_an_oklahoma_hand_takes_the_upcard(app: Flask, client: FlaskClient) -> None:
    token = start(client, "gin-oklahoma")
    page = client.get(f"/s/{token}/gin/hands/new").get_data(as_text=True)
    assert 'name="upcard"' in page and 'data-dest="upcard"' in page
    form = open_form(client, token)
    missing = client.post(f"/s/{token}/gin/hands/new", data={**form, **by_cards(ANN, BOB)})
    assert missing.status_code == 422 and "the upcard" in text(missing.get_data(as_text=True))
    # an ace: gin only
    ace = {**form, **by_cards(ANN, BOB, upcard="AH")}
    assert "Ann cannot knock with 1: the limit is 0 (gin only)" in preview(client, token, ace)
    # the seven of spades, in Ann's hand too: the limit is 7 and a spade doubles the hand
    spade = {**form, **by_cards(ANN, BOB, upcard="7s")}
    assert "Ann +46 (spade upcard: doubled)" in preview(client, token, spade)
    assert client.post(f"/s/{token}/gin/hands/new", data=spade).status_code == 303
    assert stored_totals(app) == [{"Ann": 46, "Bob": 0}]
    edit = client.get(f"/s/{token}/gin/hands/1").get_data(as_text=True)
    assert hidden(edit, "upcard") == "7S"


def test_a_partnership_round_is_two_hands(app: Flask, client: FlaskClient) -> None:
    token = start(client, "gin-partnership", ("Ann", "Bob", "Cy", "Dee"))
    page = client.get(f"/s/{token}/gin/hands/new").get_data(as_text=True)
    assert "Ann against Bob: who knocked?" in text(page)
    assert "Cy against Dee: who knocked?" in text(page)
    form = open_form(client, token)
    # each hand is played with its own pack: the same cards in both
    data = {
        **form,
        **{f"cards-{seat}": cards for seat, cards in enumerate((ANN, BOB, BOB, ANN))},
        "knocked-0": "0",
        "knocked-1": "2",
    }
    assert "Cy cannot knock with 41" in preview(client, token, data)
    data["knocked-1"] = "3"  # Dee knocked, with Ann's cards
    shown = preview(client, token, data)
    assert "Ann knocked with 1: Bob 24: Ann +23" in shown
    assert "Dee knocked with 1: Cy 24: Dee +23" in shown
    assert "Ann & Cy +23 · Bob & Dee +23" in shown
    response = client.post(f"/s/{token}/gin/hands/new", data=data)
    assert response.status_code == 303
    assert stored_totals(app) == [{"Ann": 23, "Bob": 0, "Cy": 0, "Dee": 23}]
    edit = client.get(f"/s/{token}/gin/hands/1").get_data(as_text=True)
    assert 'name="knocked-1" value="3" checked' in edit
    # round 2: partners change opponents (Ann against Dee, Cy against Bob)
    page = text(client.get(f"/s/{token}/gin/hands/new").get_data(as_text=True))
    assert "Ann against Dee: who knocked?" in page and "Cy against Bob: who knocked?" in page


def test_a_partnership_round_is_dead_for_both_hands_or_neither(
    app: Flask, client: FlaskClient
) -> None:
    token = start(client, "gin-partnership", ("Ann", "Bob", "Cy", "Dee"))
    form = open_form(client, token)
    data = {**form, "cards-0": ANN, "cards-1": BOB, "knocked-0": "0", "knocked-1": "dead"}
    response = client.post(f"/s/{token}/gin/hands/new", data=data)
    assert response.status_code == 422 and count(app) == 0
    assert "dead for both hands or neither" in text(response.get_data(as_text=True))
    both = {**form, "knocked-0": "dead", "knocked-1": "dead"}
    assert client.post(f"/s/{token}/gin/hands/new", data=both).status_code == 303


def test_a_new_hand_after_the_end_is_refused(app: Flask, client: FlaskClient) -> None:
    token = start(client)
    form = open_form(client, token)
    gin = {"mode": "counted", "counted-0": "0", "counted-1": "98", "knocked": "0"}
    assert client.post(f"/s/{token}/gin/hands/new", data={**form, **gin}).status_code == 303
    over = client.get(f"/s/{token}/gin/hands/new")
    assert over.status_code == 303 and over.headers["Location"].endswith(f"/s/{token}")
    again = {**form, **gin, "key": "another", "version": str(int(form["version"]) + 1)}
    response = client.post(f"/s/{token}/gin/hands/new", data=again)
    assert response.status_code == 409 and "The game is over" in text(
        response.get_data(as_text=True)
    )
    assert count(app) == 1


def test_the_form_without_csrf_or_key_stores_nothing(app: Flask, client: FlaskClient) -> None:
    token = start(client)
    form = open_form(client, token)
    no_csrf = {key: value for key, value in form.items() if key != "csrf_token"}
    response = client.post(f"/s/{token}/gin/hands/new", data={**no_csrf, **by_cards(ANN, BOB)})
    assert response.status_code == 400 and count(app) == 0
    no_key = {key: value for key, value in form.items() if key != "key"}
    response = client.post(f"/s/{token}/gin/hands/new", data={**no_key, **by_cards(ANN, BOB)})
    assert response.status_code == 422 and count(app) == 0
    assert "lost its key" in text(response.get_data(as_text=True))


def test_a_watchers_token_or_another_game_gets_no_hand_form(client: FlaskClient) -> None:
    answer = client.post(
        "/api/v1/games",
        json={"name": "G", "rules": "gin", "players": [{"name": "A"}, {"name": "B"}]},
    ).get_json()
    watcher = answer["view_url"].rsplit("/", 1)[1]
    assert client.get(f"/s/{watcher}/gin/hands/new").status_code == 404
    rummy = start(client, "rummy500", ("Ann", "Bob", "Cy"))
    assert client.get(f"/s/{rummy}/gin/hands/new").status_code == 404
    assert client.get(f"/s/{start(client)}/gin/hands/9").status_code == 404


@pytest.mark.parametrize(
    "junk",
    [
        {"cards-0": "x" * 5000, "knocked": "0"},
        {"cards-0": "🂡 ♠ 10", "knocked": "zero"},
        {"mode": "both", "counted-0": "99999999999999999999", "knocked": "-1"},
        {"upcard": "QS", "hand": "99999999", "knocked": "dead", "big_gin": "on"},
        {"version": "x", "key": "k" * 500},
    ],
)
def test_bad_input_is_never_a_500(app: Flask, client: FlaskClient, junk: dict[str, str]) -> None:
    token = start(client)
    form = open_form(client, token)
    assert client.post(f"/s/{token}/gin/hands/preview", data={**form, **junk}).status_code == 200
    response = client.post(f"/s/{token}/gin/hands/new", data={**form, **junk})
    assert response.status_code in (303, 409, 422)
    if response.status_code != 303:
        assert count(app) == 0
