"""History, stats and names across games: the figures of a few games worked out by hand, head to
head, the filters, merged names, the downloads, and whose games a browser sees."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.engine.cards import parse_cards
from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.scoring import PlayerRecord, RoundRecord, meld, score_round
from scorekeeper.engine.standings import Seat
from scorekeeper.store import people, records, stats
from scorekeeper.store.db import db
from scorekeeper.store.models import Game
from scorekeeper.web.history import bar_chart

pytestmark = pytest.mark.db


def by_totals(goer: str | None, **points: tuple[int, int]) -> RoundRecord:
    """A round recorded by totals: each player's (melded, in hand)."""
    return RoundRecord(
        tuple(
            PlayerRecord(name, went_out=name == goer, melded_points=melded, hand_points=held)
            for name, (melded, held) in points.items()
        ),
        ended_by="going_out" if goer else "stock_out",
    )


def five_games() -> dict[str, Game]:
    """Mon: Ann 540 beats Bob 130 (over). Tue: Cy 520 wins at once (over). Wed: "annie" and Bob,
    in play, the second round by cards. Thu: Bob and Cy (5000 Rummy), one stock-out, marked
    finished early with Bob ahead (80 to 20: at a stock-out, 5000 Rummy counts no hand). Fri:
    Di and Ann under house rules, no round yet."""
    mon = records.create_game(
        "Mon", rules_for("rummy500"), [Seat("Ann"), Seat("Bob")], preset="rummy500"
    )
    records.store_round(mon, by_totals("Ann", Ann=(300, 0), Bob=(50, 20)))
    records.store_round(mon, by_totals("Bob", Bob=(100, 0), Ann=(250, 10)))
    tue = records.create_game(
        "Tue", rules_for("rummy500"), [Seat("Ann"), Seat("Bob"), Seat("Cy")], preset="rummy500"
    )
    records.store_round(tue, by_totals("Cy", Cy=(520, 0), Ann=(40, 30), Bob=(20, 45)))
    wed = records.create_game(
        "Wed", rules_for("rummy500"), [Seat("annie"), Seat("Bob")], preset="rummy500"
    )
    records.store_round(wed, by_totals("Bob", Bob=(60, 0), annie=(30, 15)))
    by_cards = RoundRecord(
        (
            PlayerRecord("Bob", went_out=True, melds=(meld("3C 3D 3S"),)),
            PlayerRecord("annie", melds=(meld("6S 7S 8S"),), hand=tuple(parse_cards(["KH", "2C"]))),
        )
    )
    records.store_round(wed, by_cards)
    thu = records.create_game(
        "Thu", rules_for("rummy5000"), [Seat("Bob"), Seat("Cy")], preset="rummy5000"
    )
    records.store_round(thu, by_totals(None, Bob=(80, 5), Cy=(20, 40)))
    records.finish_game(thu)
    fri = records.create_game("Fri", rules_for("rummy500"), [Seat("Di"), Seat("Ann")])
    return {"mon": mon, "tue": tue, "wed": wed, "thu": thu, "fri": fri}


@pytest.fixture
def household(app: Flask) -> Iterator[dict[str, Game]]:
    """The five games on a household server (every game listed for everyone)."""
    app.config["HOUSEHOLD"] = True
    with app.app_context():
        games = five_games()
        yield games


def figures_of(merged: bool) -> dict[str, stats.PersonStats]:
    scope = people.HOUSEHOLD
    if merged:
        people.merge(scope, "annie", "Ann")
    games = stats.summaries(hands=True)
    who = people.people(scope, [n for g in games for n in g.players])
    return {s.name: s for s in stats.person_stats(games, who)}


def test_the_figures_of_five_games_by_hand(household: dict[str, Game]) -> None:
    games = {s.game.name: s for s in stats.summaries(hands=True)}
    assert [s.game.name for s in stats.summaries()] == ["Fri", "Thu", "Wed", "Tue", "Mon"]
    assert {name: (s.state, s.winners, s.rounds) for name, s in games.items()} == {
        "Mon": ("over", ["Ann"], 2),
        "Tue": ("over", ["Cy"], 1),
        "Wed": ("in play", [], 2),
        "Thu": ("finished", ["Bob"], 1),
        "Fri": ("in play", [], 0),
    }
    assert games["Wed"].standing.totals == {"annie": 15 + 9, "Bob": 60 + 9}

    figures = figures_of(merged=True)
    assert list(figures) == ["Ann", "Cy", "Bob"]  # most wins, then win rate, then games
    ann, bob, cy = figures["Ann"], figures["Bob"], figures["Cy"]
    # Ann (and "annie", merged): Mon 300 + 240, Tue 10, Wed 15 + 9 (21 melded - KH 2C 12)
    assert (ann.games, ann.decided, ann.won, ann.win_rate) == (3, 2, 1, 0.5)
    assert (ann.rounds, ann.went_out, ann.out_rate) == (5, 1, 0.2)
    assert (ann.points, ann.average_round, ann.best_round) == (574, 114.8, 300)
    assert (ann.held_rounds, ann.in_hand, ann.average_in_hand) == (4, 10 + 30 + 15 + 12, 16.75)
    assert (ann.highest_total, ann.totals) == (540, [540, 10, 24])
    # Bob: out in Mon's second round and both of Wed's; Thu's finished early with him ahead
    assert (bob.games, bob.decided, bob.won) == (4, 3, 1)
    assert (bob.rounds, bob.went_out, bob.out_rate) == (6, 3, 0.5)
    # Thu's stock-out under 5000 Rummy: hands go to the goer, and there is none: 80 and 20
    assert (bob.points, bob.best_round) == (30 + 100 - 25 + 60 + 9 + 80, 100)
    assert (bob.held_rounds, bob.in_hand) == (3, 20 + 45 + 5)
    assert bob.highest_total == 130 and bob.totals == [130, -25, 69, 80]
    assert (cy.games, cy.won, cy.rounds, cy.went_out, cy.points, cy.best_round) == (
        2,
        1,
        2,
        1,
        540,
        520,
    )
    assert (cy.average_in_hand, cy.highest_total) == (40.0, 520)
    assert "Di" not in figures  # no round played yet


def test_unmerged_names_are_two_people(household: dict[str, Game]) -> None:
    figures = figures_of(merged=False)
    assert (figures["Ann"].games, figures["annie"].games) == (2, 1)
    assert figures["Ann"].points + figures["annie"].points == 574


def test_points_left_in_hand_are_the_engines(household: dict[str, Game]) -> None:
    """The stats read the stored hands; a rescoring of every round agrees."""
    for summary in stats.summaries(hands=True):
        scores, _ = records.score_game(summary.game)
        engine = {
            (number, p.name): (p.hand_points, p.went_out, p.total)
            for number, score in enumerate(scores, 1)
            for p in score.players
        }
        assert {
            (p.number, p.name): (p.in_hand, p.went_out, p.total) for p in summary.parts
        } == engine
        assert summary.standing == records.cached_standings(summary.game)


def test_head_to_head_by_hand(household: dict[str, Game]) -> None:
    people.merge(people.HOUSEHOLD, "annie", "Ann")
    games = stats.summaries()
    who = people.people(people.HOUSEHOLD)
    versus = stats.head_to_head(games, who, "ann", "Bob")
    assert [s.game.name for s in versus.games] == ["Mon", "Tue", "Wed"]
    ann, bob = versus.first, versus.second
    assert (ann.name, bob.name) == ("Ann", "Bob")
    assert (versus.decided, versus.partners, versus.rounds, versus.ties) == (2, 0, 5, 0)
    assert versus.finished == 2  # Mon and Tue are over; Wed is in play
    assert (ann.won, bob.won) == (1, 0)
    # Mon 540-130, Tue 10 to -25; not Wed, in play (Bob leads 69 to 24 so far)
    assert (ann.finished_ahead, bob.finished_ahead) == (2, 0)
    assert (ann.rounds_won, bob.rounds_won) == (3, 1)  # Wed's second round is level, 9-9
    assert (ann.went_out, bob.went_out) == (1, 3)
    assert (ann.points, bob.points) == (574, 174)
    assert (ann.wins_after, bob.wins_after) == ([1, 1, 1], [0, 0, 0])
    assert stats.head_to_head(games, who, "Cy", "Di").games == []


# --- the pages ---------------------------------------------------------------------------------


def names_listed(html: str) -> list[str]:
    return re.findall(r'class="game-card-name" href="[^"]+">([^<]+)</a>', html)


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("", ["Fri", "Thu", "Wed", "Tue", "Mon"]),
        ("?player=Ann", ["Fri", "Tue", "Mon"]),
        ("?player=ANN", ["Fri", "Tue", "Mon"]),
        ("?player=cy", ["Thu", "Tue"]),
        ("?game=rummy5000", ["Thu"]),
        ("?game=house", ["Fri"]),
        ("?player=bob&game=rummy500", ["Wed", "Tue", "Mon"]),
        ("?player=nobody", []),
    ],
)
def test_history_filters(
    client: FlaskClient, household: dict[str, Game], query: str, expected: list[str]
) -> None:
    answer = client.get(f"/history{query}")
    assert answer.status_code == 200
    assert names_listed(answer.text) == expected


def test_history_shows_date_players_rules_winner_and_state(
    client: FlaskClient, household: dict[str, Game]
) -> None:
    html = client.get("/history").text
    mon = html[html.index(">Mon</a>") :]
    mon = mon[: mon.index("</li>\n  \n  <li") if "</li>\n  \n  <li" in mon else len(mon)]
    assert "Rummy 500" in mon and "2 rounds" in mon and "Over" in mon
    assert re.search(
        r'class="history-winner">\s*<span class="history-name">Ann</span>\s*'
        r'<span class="history-total">540</span>',
        html,
    )
    assert "Finished early" in html and "In play" in html and "5000 Rummy" in html
    assert "House rules" in html
    assert "Wins most" in html and "Goes out most" in html
    # a household server opens every game by the scorer's link; a finished one at its story
    assert f'href="/s/{household["mon"].scorer_token}/story"' in html
    assert f'href="/s/{household["thu"].scorer_token}/story"' in html
    assert f'href="/s/{household["wed"].scorer_token}"' in html


def test_merged_names_filter_and_count_as_one(
    client: FlaskClient, household: dict[str, Game]
) -> None:
    assert names_listed(client.get("/history?player=ann").text) == ["Fri", "Tue", "Mon"]
    answer = client.post(
        "/players/merge", data={"name": "annie", "into": "Ann", "csrf_token": token(client)}
    )
    assert answer.status_code == 303
    assert names_listed(client.get("/history?player=ann").text) == ["Fri", "Wed", "Tue", "Mon"]
    assert names_listed(client.get("/history?player=annie").text) == ["Fri", "Wed", "Tue", "Mon"]
    page = client.get("/players").text
    assert "<strong>annie</strong> counts as <strong>Ann</strong>" in page
    answer = client.post("/players/separate", data={"name": "annie", "csrf_token": token(client)})
    assert answer.status_code == 303
    assert names_listed(client.get("/history?player=ann").text) == ["Fri", "Tue", "Mon"]


def token(client: FlaskClient) -> str:
    match = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/players").text)
    assert match
    return match.group(1)


@pytest.mark.parametrize(
    ("form", "status", "message"),
    [
        ({"name": "annie", "into": "Zed"}, 400, "Choose two names from the list"),
        ({"name": "", "into": "Ann"}, 400, "Choose two names from the list"),
        ({"name": "Bob", "into": "Ann"}, 303, "played in the same game"),
        ({"name": "Ann", "into": "ann"}, 303, "already one person"),
    ],
)
def test_a_merge_that_cannot_be(
    client: FlaskClient, household: dict[str, Game], form: dict[str, str], status: int, message: str
) -> None:
    answer = client.post("/players/merge", data={**form, "csrf_token": token(client)})
    assert answer.status_code == status
    if status == 303:
        answer = client.get(answer.headers["Location"])
    assert message in answer.text
    assert people.people(people.HOUSEHOLD).merged == {}


def test_merging_needs_the_forms_token(client: FlaskClient, household: dict[str, Game]) -> None:
    assert client.post("/players/merge", data={"name": "annie", "into": "Ann"}).status_code == 400
    assert client.post("/players/separate", data={"name": "annie"}).status_code == 400
    assert people.people(people.HOUSEHOLD).merged == {}


def test_separating_a_name_never_merged_is_refused(
    client: FlaskClient, household: dict[str, Game]
) -> None:
    answer = client.post("/players/separate", data={"name": "Bob", "csrf_token": token(client)})
    assert answer.status_code == 400


def test_the_stats_page(client: FlaskClient, household: dict[str, Game]) -> None:
    html = client.get("/stats").text
    assert html.count('class="chart bars"') == 2
    assert "<script" not in html.split("</head>")[1]  # charts drawn on the server
    first = html.index('class="panel person-card"')
    assert (
        html.index(">Ann</a>", first) < html.index(">Cy</a>", first) < html.index(">Bob</a>", first)
    )
    assert "Won <strong>1</strong> of 3 (33%)" in html  # Bob
    assert "went out <strong>3</strong> of 6 rounds (50%)" in html
    versus = client.get("/stats?a=ann&b=bob").text
    assert "2 games together, 3 rounds." in versus  # "annie" not merged: Mon and Tue
    assert re.search(r"Finished ahead</th><td class=\"num\">2</td><td class=\"num\">0</td>", versus)
    assert 'class="chart"' in versus  # the wins, game after game
    assert "<figcaption>Games won, one game together after another</figcaption>" in versus
    assert ">Games played together</text>" in versus and ">Games won</text>" in versus
    assert "Choose two different people." in client.get("/stats?a=Ann&b=ann").text
    assert "have not played a game together" in client.get("/stats?a=cy&b=di").text


def test_head_to_head_counts_finished_games_only(
    client: FlaskClient, household: dict[str, Game]
) -> None:
    """With "annie" merged into Ann, Wed (in play, Bob ahead 69 to 24) is a game together, but
    not one Bob finished ahead in; a round one scored more in is a round won."""
    people.merge(people.HOUSEHOLD, "annie", "Ann")
    html = client.get("/stats?a=ann&b=bob").text
    assert "3 games together, 2 finished, 5 rounds." in html
    row = r'</th><td class="num">(-?\d+)</td><td class="num">(-?\d+)</td>'
    assert re.findall("Finished ahead" + row, html) == [("2", "0")]
    assert re.findall("Rounds won" + row, html) == [("3", "1")]
    assert "Rounds ahead" not in html
    records.finish_game(household["wed"])  # marked finished, it counts
    html = client.get("/stats?a=ann&b=bob").text
    assert "3 games together, 5 rounds." in html
    assert re.findall("Finished ahead" + row, html) == [("2", "1")]


def test_every_page_is_there_for_a_new_browser(client: FlaskClient) -> None:
    for url in ("/history", "/stats", "/players"):
        answer = client.get(url)
        assert answer.status_code == 200
    assert "Games you start or open on this phone show up here." in client.get("/history").text
    assert "Stats appear once a game has a round recorded." in client.get("/stats").text


def test_a_browser_sees_only_its_own_games(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        games = five_games()
        mine, watched = games["mon"], games["thu"]
        scorer, watcher = mine.scorer_token, watched.watcher_token
        other_tokens = [g.scorer_token for g in games.values() if g not in (mine, watched)]
        watched_scorer = watched.scorer_token
    client.get(f"/s/{scorer}")
    client.get(f"/w/{watcher}")
    html = client.get("/history").text
    assert names_listed(html) == ["Thu", "Mon"]
    assert f'href="/w/{watcher}/story"' in html and watched_scorer not in html  # finished
    doc = json.loads(client.get("/history/games.json").data)
    assert [g["name"] for g in doc["games"]] == ["Mon", "Thu"]
    assert doc["games"][0]["scorer_token"] == scorer
    assert doc["games"][1]["scorer_token"] is None  # only watched here: no scorer link
    rows = list(csv.DictReader(io.StringIO(client.get("/history/games.csv").text)))
    assert {row["game"] for row in rows} == {"Mon", "Thu"}
    stats_page = client.get("/stats").text
    assert "Di" not in stats_page and ">Cy</a>" in stats_page
    # names merged in this browser are its own: another browser (or the household) sees none
    answer = client.post(
        "/players/merge", data={"name": "Cy", "into": "Ann", "csrf_token": token(client)}
    )
    assert answer.status_code == 303
    with app.app_context():
        assert people.people(people.HOUSEHOLD).merged == {}
    other = app.test_client()
    assert "counts as" not in other.get("/players").text
    assert "<strong>Cy</strong> counts as <strong>Ann</strong>" in client.get("/players").text
    for token_ in other_tokens:
        assert token_ not in html


def test_the_downloads_of_a_household(client: FlaskClient, household: dict[str, Game]) -> None:
    answer = client.get("/history/games.json")
    assert answer.status_code == 200
    assert answer.headers["Content-Disposition"].startswith("attachment; filename=")
    assert answer.headers["Cache-Control"] == "private, no-store"
    doc = json.loads(answer.data)
    assert [g["name"] for g in doc["games"]] == ["Mon", "Tue", "Wed", "Thu", "Fri"]
    answer = client.get("/history/games.csv")
    rows = list(csv.DictReader(io.StringIO(answer.text)))
    sums: dict[tuple[str, str], int] = {}
    for row in rows:
        key = (row["game"], row["player"])
        sums[key] = sums.get(key, 0) + int(row["total"])
    assert sums[("Mon", "Ann")] == 540 and sums[("Wed", "annie")] == 24
    assert len(rows) == 2 * 2 + 3 + 2 * 2 + 2


def test_the_home_page_links_to_the_history(app: Flask, client: FlaskClient) -> None:
    assert 'href="/history"' not in client.get("/").text  # nothing to look back on yet
    with app.app_context():
        records.create_game("Mon", rules_for("rummy500"), [Seat("Ann")])
    app.config["HOUSEHOLD"] = True
    assert 'href="/history"' in client.get("/").text


def test_bar_chart_escapes_names() -> None:
    svg = str(bar_chart([("<b>", 1, "1")], "x"))
    assert "&lt;b&gt;" in svg and "<b>" not in svg


def test_a_round_by_cards_scores_as_the_fixture_says() -> None:
    record = RoundRecord(
        (
            PlayerRecord("Bob", went_out=True, melds=(meld("3C 3D 3S"),)),
            PlayerRecord("annie", melds=(meld("6S 7S 8S"),), hand=tuple(parse_cards(["KH", "2C"]))),
        )
    )
    assert score_round(rules_for("rummy500"), record).totals() == {"Bob": 9, "annie": 9}


def test_many_games_cost_two_queries(household: dict[str, Game], app: Flask) -> None:
    from sqlalchemy import event

    statements: list[str] = []
    engine = db.engine
    listener = lambda *args: statements.append(args[2])  # noqa: E731
    event.listen(engine, "before_cursor_execute", listener)
    try:
        db.session.expire_all()
        stats.summaries(hands=True)
    finally:
        event.remove(engine, "before_cursor_execute", listener)
    assert len(statements) <= 3  # the games, their players (selectin), every round's parts
