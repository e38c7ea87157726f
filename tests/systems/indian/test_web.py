"""Indian Rummy on the pages: the deal form from the cards or from the table's counts, its
preview (the melds with their "pure" marks, the declarer's verdict and its reason, what each
pays), refusals with nothing stored, drops in one field, a pool's rejoin, double taps, stale
forms, corrections and deletions; bad input is a clear 4xx, never a 500.

Every figure by hand (sevens wild: the cut was the 7♦; two packs for three players):

- Ann shows 2♥ 3♥ 4♥ (pure) · 5♣ 6♣ Jkr=7♣ · 9♠ 9♦ 9♣ · K♠ K♥ K♦ K♣: valid, 0;
- Bob holds A♠ 2♠ 3♠ 4♠ (pure) · 8♣ 9♣ 7♠=10♣, and Q♠ Q♦ 2♣ 5♦ 8♦ K♥ count
  10 + 10 + 2 + 5 + 8 + 10 = 45 (the K♥ and the 9♣ are the second pack's);
- Cy dropped before drawing: 20.
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.store.db import db
from scorekeeper.store.models import Game, Round
from scorekeeper.systems.indian import store

pytestmark = pytest.mark.db

ANN = "2H 3H 4H 5C 6C JK 9S 9D 9C KD KS KH KC"
BOB = "2S 3S 4S 8C 9C 7S QS QD 2C 5D 8D KH AS"
#: Ann's cards with no pure sequence: 5♥ 6♥ Jkr and 8♣ 9♣ 7♠ both stand on a wild.
NO_PURE = "5H 6H JK 8C 9C 7S 9S 9D 9H KD KS KH KC"


def hidden(page: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', page)
    assert found, f"no field {name}"
    return html.unescape(found.group(1))


def text(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def start(
    client: FlaskClient,
    rules: Any = "indian-pool-101",
    names: tuple[str, ...] = ("Ann", "Bob", "Cy"),
) -> str:
    """A game made through the API: its scorer token."""
    answer = client.post(
        "/api/v1/games",
        json={"name": "Cards", "rules": rules, "players": [{"name": name} for name in names]},
    )
    assert answer.status_code == 201, answer.get_json()
    return str(answer.get_json()["edit_url"].rsplit("/", 1)[1])


def open_form(client: FlaskClient, token: str, path: str = "new") -> dict[str, str]:
    response = client.get(f"/s/{token}/indian/deals/{path}")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    fields = {"csrf_token": hidden(page, "csrf_token"), "version": hidden(page, "version")}
    if path == "new":
        fields["key"] = hidden(page, "key")
    return fields


def deal(*seats: tuple[str, str], cut: str = "7D", mode: str = "cards") -> dict[str, str]:
    """Each seat's (role, cards or points) in seat order."""
    data = {"mode": mode, "cut": cut}
    for seat, (role, given) in enumerate(seats):
        data[f"role-{seat}"] = role
        data[f"{'counted' if mode == 'counted' and role == 'lost' else 'cards'}-{seat}"] = given
    return data


def totals(*points: str) -> dict[str, str]:
    """The totals mode: Ann showed (the table's word), the others' counted points."""
    return deal(("showed", ""), *(("lost", p) for p in points), mode="counted", cut="")


def stored_totals(app: Flask) -> list[dict[str, int]]:
    """Each stored deal's points by player, oldest first."""
    with app.app_context():
        rounds = db.session.scalars(select(Round).order_by(Round.number)).all()
        return [{part.player.name: part.total for part in r.parts} for r in rounds]


def count(app: Flask) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Round)) or 0


def pool(app: Flask) -> Any:
    with app.app_context():
        return store.game_board(db.session.scalars(select(Game)).one())


def preview(client: FlaskClient, token: str, data: dict[str, str]) -> str:
    response = client.post(
        f"/s/{token}/indian/deals/preview", data=data, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    assert "HX-Request" in response.headers["Vary"]
    return text(response.get_data(as_text=True))


def save(client: FlaskClient, token: str, data: dict[str, str], path: str = "new") -> Any:
    return client.post(f"/s/{token}/indian/deals/{path}", data=data)


def test_a_deal_from_the_cards_is_saved_with_every_figure_by_hand(
    app: Flask, client: FlaskClient
) -> None:
    token = start(client)
    new = client.get(f"/s/{token}/rounds/new")
    assert new.headers["Location"].endswith(f"/s/{token}/indian/deals/new")
    form = open_form(client, token)
    response = save(client, token, {**form, **deal(("showed", ANN), ("lost", BOB), ("first", ""))})
    assert response.status_code == 303, text(response.get_data(as_text=True))
    assert response.headers["Location"].endswith(f"/s/{token}#standings")
    assert stored_totals(app) == [{"Ann": 0, "Bob": 45, "Cy": 20}]
    assert pool(app).totals == {"Ann": 0, "Bob": 45, "Cy": 20}
    with app.app_context():
        stored = db.session.scalars(select(Round)).one()
        assert stored.wild_rank == "7"
    page = text(client.get(f"/s/{token}").get_data(as_text=True))
    assert "Deal 1 saved" in page


def test_the_preview_shows_pure_marks_the_verdict_and_what_each_pays(
    app: Flask, client: FlaskClient
) -> None:
    token = start(client)
    form = open_form(client, token)
    shown = preview(client, token, {**form, **deal(("showed", ANN), ("lost", BOB), ("first", ""))})
    assert "Valid show" in shown
    assert "pure 2♥ 3♥ 4♥" in shown and "impure 5♣ 6♣ Jkr as 7♣" in shown
    assert "set K♠ K♥ K♦ K♣" in shown
    assert "pure A♠ 2♠ 3♠ 4♠" in shown and "impure 8♣ 9♣ 7♠ as 10♣" in shown
    assert "unmatched Q♠ Q♦ 2♣ 5♦ 8♦ K♥ = 45" in shown and "first drop 20" in shown
    assert "Ann wins the deal: Bob pays 45, Cy 20 (first drop)" in shown
    assert "Pool after it: Ann 0 · Bob 45 · Cy 20" in shown
    assert "Wild: the jokers and every 7" in shown
    assert count(app) == 0


def test_the_declarers_verdict_comes_with_the_first_13_cards(client: FlaskClient) -> None:
    token = start(client)
    form = open_form(client, token)
    shown = preview(
        client, token, {**form, **deal(("showed", NO_PURE), ("lost", ""), ("lost", ""))}
    )
    assert "Not a valid show: no pure sequence: 5♥ 6♥ Jkr and 8♣ 9♣ 7♠ are impure" in shown
    # in the status line too, beside what is still to give
    assert (
        "✗ Ann’s show is not valid: no pure sequence: 5♥ 6♥ Jkr and 8♣ 9♣ 7♠ are impure. "
        "Still to give: Bob: 0 of 13 cards · Cy: 0 of 13 cards"
    ) in shown
    valid = preview(client, token, {**form, **deal(("showed", ANN), ("lost", ""), ("lost", ""))})
    assert "✓ Ann’s show is valid. Still to give: Bob" in valid
    # so far: what is missing, and the cards arranged as given
    half = preview(client, token, {**form, **deal(("showed", "2H 3H 4H 9S"), ("lost", ""))})
    assert "pure 2♥ 3♥ 4♥" in half and "Ann: 4 of 13 cards" in half
    assert "Valid show" not in half and "Not a valid show" not in half
    assert "the cut joker" in preview(client, token, {**form, **deal(("showed", ANN), cut="")})


def test_an_invalid_show_is_refused_and_nothing_stored(app: Flask, client: FlaskClient) -> None:
    token = start(client)
    form = open_form(client, token)
    data = {**form, **deal(("showed", NO_PURE), ("lost", BOB), ("first", ""))}
    response = save(client, token, data)
    assert response.status_code == 422
    page = text(response.get_data(as_text=True))
    why = "no pure sequence: 5♥ 6♥ Jkr and 8♣ 9♣ 7♠ are impure"
    assert f"Nothing was saved: Ann's show is not valid: {why}" in page
    assert "mark Ann as a wrong show" in page
    assert count(app) == 0
    # as the table plays it: Ann's wrong show pays 80, Bob showed after her
    again = {
        **form,
        **deal(("wrong_show", NO_PURE), ("showed", BOB.replace("8D", "4S")), ("first", "")),
    }
    assert "Bob's show is not valid" in preview(client, token, again)


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        (deal(("showed", ANN), ("showed", BOB), ("first", "")), "Ann and Bob both showed"),
        (deal(("showed", ANN), ("lost", BOB + " 3D"), ("first", "")), "Bob has 14 cards"),
        (deal(("showed", ANN), ("lost", BOB.replace("2S", "XX")), ("first", "")),
         "Bob: XX is not a card"),
        (deal(("showed", ANN), ("lost", BOB.replace("2S", "KH")), ("first", "")),
         "K♥ is given three times (Ann and Bob): two packs hold it twice"),
        (deal(("showed", ANN), ("lost", BOB), ("first", ""), cut="ZZ"),
         "The cut joker 'ZZ' is not a card"),
        (deal(("showed", ANN), ("lost", BOB), ("dropped", "")), "Cy: showed, lost"),
        (deal(("showed", ANN), ("lost", BOB), ("lost", "")), "Cy: 0 of 13 cards"),
        (deal(("lost", ANN), ("lost", BOB), ("first", "")), "who showed"),
        (deal(("showed", ANN), ("lost", BOB), ("lost", "2s 3s")), "Cy: 2 of 13 cards"),
        (totals("12", "-3"), "Cy's points are a number from 0 to 999"),
        (totals("12"), "Cy's points"),
    ],
)  # fmt: skip
def test_a_deal_that_cannot_be_is_refused_with_its_reason_and_nothing_stored(
    app: Flask, client: FlaskClient, fields: dict[str, str], reason: str
) -> None:
    token = start(client)
    form = open_form(client, token)
    assert reason in preview(client, token, {**form, **fields})
    response = save(client, token, {**form, **fields})
    assert response.status_code == 422
    page = text(response.get_data(as_text=True))
    assert "Nothing was saved" in page and reason in page
    assert count(app) == 0


def test_a_drop_is_one_field_and_a_wrong_show_beside_the_declarer(
    app: Flask, client: FlaskClient
) -> None:
    token = start(client, "indian-points", ("Ann", "Bob", "Cy", "Dee"))
    form = open_form(client, token)
    # a drop needs no cards (those typed before are not read); Dee's wrong show pays 80
    data = deal(("showed", ANN), ("middle", "junk"), ("first", ""), ("wrong_show", ""))
    assert save(client, token, {**form, **data}).status_code == 303
    assert stored_totals(app) == [{"Ann": 0, "Bob": 40, "Cy": 20, "Dee": 80}]


def test_everyone_else_dropped(app: Flask, client: FlaskClient) -> None:
    token = start(client, "indian-deals")
    form = open_form(client, token)
    shown = preview(client, token, {**form, **deal(("lost", ""), ("first", ""), ("middle", ""))})
    assert "Ann won 0 the others dropped: wins the deal" in shown
    assert "Ann wins the deal: Bob pays 20 (first drop), Cy 40 (middle drop)" in shown
    assert "Chips after it: Ann 300 · Bob 220 · Cy 200" in shown  # 240 each to start
    data = deal(("lost", ""), ("first", ""), ("middle", ""))
    assert save(client, token, {**form, **data}).status_code == 303
    assert stored_totals(app) == [{"Ann": 0, "Bob": 20, "Cy": 40}]


def test_the_totals_mode_is_capped(app: Flask, client: FlaskClient) -> None:
    token = start(client)
    form = open_form(client, token)
    shown = preview(client, token, {**form, **totals("95", "30")})
    assert "counted 95, capped at 80" in shown
    assert "Ann wins the deal: Bob pays 80, Cy 30" in shown
    # the cards typed before the switch to the totals are not read; the declarer's word is taken
    typed = {"cards-1": "8S 9S junk"}
    response = save(client, token, {**form, **totals("95", "30"), **typed})
    assert response.status_code == 303
    assert stored_totals(app) == [{"Ann": 0, "Bob": 80, "Cy": 30}]
    # the declarer's cards, when given, are judged in the totals mode too
    form = open_form(client, token)
    checked = {**totals("10", "20"), "cards-0": NO_PURE, "cut": "7D"}
    assert "Ann's show is not valid" in preview(client, token, {**form, **checked})


def test_a_double_tap_stores_the_deal_once(app: Flask, client: FlaskClient) -> None:
    token = start(client)
    form = open_form(client, token)
    data = {**form, **deal(("showed", ANN), ("lost", BOB), ("first", ""))}
    assert save(client, token, data).status_code == 303
    again = save(client, token, data)
    assert again.status_code == 303
    assert count(app) == 1


def test_a_stale_form_is_a_conflict_then_a_correction_and_a_deletion(
    app: Flask, client: FlaskClient
) -> None:
    token = start(client)
    first = open_form(client, token)
    second = open_form(client, token)
    data = deal(("showed", ANN), ("lost", BOB), ("first", ""))
    assert save(client, token, {**first, **data}).status_code == 303
    stale = save(client, token, {**second, **data})
    assert stale.status_code == 409 and count(app) == 1
    page = stale.get_data(as_text=True)
    assert "changed from another phone" in text(page)
    assert hidden(page, "version") != second["version"]  # the form again, at the new version
    assert hidden(page, "cards-0") == ANN  # with what the scorer gave
    # the correction: the form filled from the stored deal
    edit = client.get(f"/s/{token}/indian/deals/1").get_data(as_text=True)
    assert hidden(edit, "cards-0") == ANN and hidden(edit, "cards-1") == BOB
    assert hidden(edit, "cut") == "7"
    assert 'name="role-0" value="showed" checked' in edit
    assert 'name="role-2" value="first" checked' in edit
    fix = open_form(client, token, "1")
    middle = {**data, "role-2": "middle", "dealer": "Bob"}
    assert save(client, token, {**fix, **middle}, "1").status_code == 303
    assert stored_totals(app) == [{"Ann": 0, "Bob": 45, "Cy": 40}]
    assert save(client, token, {**fix, **middle}, "1").status_code == 409  # the old version
    # the deletion: asked first, then the rounds' delete
    ask = client.get(f"/s/{token}/rounds/1/delete")
    assert ask.headers["Location"].endswith(f"/s/{token}/indian/deals/1/delete")
    page = client.get(ask.headers["Location"]).get_data(as_text=True)
    shown = text(page)
    assert "Delete deal 1" in shown and "Bob dealt. Ann wins the deal: Bob pays 45, Cy 40" in shown
    assert "drop (middle) 40" in shown
    response = client.post(
        f"/s/{token}/rounds/1/delete",
        data={"csrf_token": hidden(page, "csrf_token"), "version": hidden(page, "version")},
    )
    assert response.status_code == 303 and count(app) == 0
    assert client.get(f"/s/{token}/indian/deals/1").status_code == 404


def test_a_pool_player_out_may_rejoin_once_with_a_tap(app: Flask, client: FlaskClient) -> None:
    token = start(client)
    for points in (("20", "80"), ("10", "40")):  # Cy: 80 + 40 = 120, out
        form = open_form(client, token)
        assert save(client, token, {**form, **totals(*points)}).status_code == 303
    assert pool(app).out["Cy"] and pool(app).rejoin_at == {"Cy": 31}  # Bob is highest in, 30
    page = client.get(f"/s/{token}/indian/deals/new").get_data(as_text=True)
    assert "Cy is out (120): Cy may rejoin at 31." in text(page)
    assert 'name="rejoin-2"' in page
    form = open_form(client, token)
    # not dealt in: Cy's fields are not read, and two players play one pack
    two = {**form, **totals("15"), "role-2": "lost", "counted-2": "oops"}
    assert "Ann wins the deal: Bob pays 15" in preview(client, token, two)
    # one tap: Cy rejoins at 31, and pays 10 in this deal
    back = {**form, **totals("15", "10"), "rejoin-2": "1"}
    shown = preview(client, token, back)
    assert "Cy lost rejoins 10" in shown and "Pool after it: Ann 0 · Bob 45 · Cy 41" in shown
    assert save(client, token, back).status_code == 303
    assert pool(app).totals == {"Ann": 0, "Bob": 45, "Cy": 41}
    assert pool(app).rejoined["Cy"]
    edit = client.get(f"/s/{token}/indian/deals/3").get_data(as_text=True)
    assert 'name="rejoin-2" value="1" checked' in edit


def test_a_rejoin_the_rules_do_not_allow_is_refused(app: Flask, client: FlaskClient) -> None:
    token = start(client)
    form = open_form(client, token)
    data = {**form, **totals("15", "10"), "rejoin-1": "1"}  # Bob is not out
    response = save(client, token, data)
    assert response.status_code == 422 and count(app) == 0
    assert "Bob is still in the pool: only a player who is out may rejoin" in text(
        response.get_data(as_text=True)
    )


def test_a_deal_after_the_end_is_refused(app: Flask, client: FlaskClient) -> None:
    token = start(client, "indian-deals", ("Ann", "Bob"))
    for _ in range(2):
        form = open_form(client, token)
        assert save(client, token, {**form, **totals("25")}).status_code == 303
    over = client.get(f"/s/{token}/indian/deals/new")
    assert over.status_code == 303 and over.headers["Location"].endswith(f"/s/{token}")
    again = {**form, **totals("25"), "key": "another", "version": str(int(form["version"]) + 1)}
    response = save(client, token, again)
    assert response.status_code == 409 and "The game is over" in text(
        response.get_data(as_text=True)
    )
    assert count(app) == 2


def test_the_form_without_csrf_or_key_stores_nothing(app: Flask, client: FlaskClient) -> None:
    token = start(client)
    form = open_form(client, token)
    data = deal(("showed", ANN), ("lost", BOB), ("first", ""))
    no_csrf = {key: value for key, value in form.items() if key != "csrf_token"}
    assert save(client, token, {**no_csrf, **data}).status_code == 400 and count(app) == 0
    no_key = {key: value for key, value in form.items() if key != "key"}
    response = save(client, token, {**no_key, **data})
    assert response.status_code == 422 and count(app) == 0
    assert "lost its key" in text(response.get_data(as_text=True))


def test_a_watchers_token_or_another_game_gets_no_deal_form(client: FlaskClient) -> None:
    answer = client.post(
        "/api/v1/games",
        json={"name": "G", "rules": "indian-points", "players": [{"name": "A"}, {"name": "B"}]},
    ).get_json()
    watcher = answer["view_url"].rsplit("/", 1)[1]
    assert client.get(f"/s/{watcher}/indian/deals/new").status_code == 404
    gin = start(client, "gin", ("Ann", "Bob"))
    assert client.get(f"/s/{gin}/indian/deals/new").status_code == 404
    assert client.get(f"/s/{start(client)}/indian/deals/9").status_code == 404


@pytest.mark.parametrize(
    "junk",
    [
        {"cards-0": "x" * 5000, "role-0": "showed"},
        {"cards-0": "🂡 ♠ 10", "role-1": "zero", "cut": "🃏"},
        {"mode": "both", "counted-1": "99999999999999999999", "role-2": "-1"},
        {"cut": "QS", "deal": "99999999", "rejoin-0": "on", "role-0": "showed"},
        {"version": "x", "key": "k" * 500},
    ],
)
def test_bad_input_is_never_a_500(app: Flask, client: FlaskClient, junk: dict[str, str]) -> None:
    token = start(client)
    form = open_form(client, token)
    assert client.post(f"/s/{token}/indian/deals/preview", data={**form, **junk}).status_code == 200
    response = save(client, token, {**form, **junk})
    assert response.status_code in (303, 409, 422)
    if response.status_code != 303:
        assert count(app) == 0
