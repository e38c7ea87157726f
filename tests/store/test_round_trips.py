"""Rounds stored and read back are the records they were: a property over generated legal rounds,
and every field by example."""

from __future__ import annotations

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.cards import RANKS, SUITS, Card, parse_cards
from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.rules import Rules
from scorekeeper.engine.scoring import LayoffRecord, PlayerRecord, RoundRecord, meld, score_round
from scorekeeper.engine.standings import Seat
from scorekeeper.store import records
from scorekeeper.store.db import db
from scorekeeper.store.models import Game, Round
from scorekeeper.store.records import RecordError, create_game, round_record, store_round

pytestmark = [pytest.mark.db, pytest.mark.usefixtures("app_ctx")]
NAMES = ("Ann", "Bob", "Cy", "Di")


def cards(codes: str) -> tuple[Card, ...]:
    return tuple(parse_cards(codes.split()))


def new_game(rules: Rules, names: tuple[str, ...] = ("Ann", "Bob")) -> Game:
    return create_game("Friday", rules, [Seat(n) for n in names])


def fresh(game: Game) -> Game:
    """The game with everything read again from the database."""
    db.session.expire_all()
    return game


@st.composite
def tables(draw: st.DrawFn) -> tuple[list[Seat], RoundRecord]:
    """Seats and a legal round under rummy500: sets, runs, layoffs split off longer melds."""
    names = NAMES[: draw(st.integers(2, 4))]
    teamed = len(names) == 4 and draw(st.booleans())
    team = {
        name: ("N-S" if i % 2 == 0 else "E-W") if teamed else None for i, name in enumerate(names)
    }
    by_totals = {name for name in names if draw(st.integers(0, 4)) == 0}
    by_cards = [name for name in names if name not in by_totals]
    used: set[Card] = set()
    melds: dict[str, list[tuple[Card, ...]]] = {name: [] for name in names}
    for _ in range(draw(st.integers(0, 6)) if by_cards else 0):
        if draw(st.booleans()):
            rank = draw(st.sampled_from(RANKS))
            suits = draw(st.lists(st.sampled_from(SUITS), min_size=3, max_size=4, unique=True))
            new = tuple(Card(rank, suit) for suit in suits)
        else:
            start, length = draw(st.integers(0, 10)), draw(st.integers(3, 5))
            suit = draw(st.sampled_from(SUITS))
            new = tuple(Card(rank, suit) for rank in RANKS[start : start + length])
        if len(new) >= 3 and not used & set(new):
            used |= set(new)
            melds[draw(st.sampled_from(by_cards))].append(new)
    layoffs: dict[str, list[LayoffRecord]] = {name: [] for name in names}
    for owner in by_cards:
        for index, laid in enumerate(melds[owner]):
            if len(laid) >= 4 and draw(st.booleans()):  # the last card was laid off
                melds[owner][index] = laid[:-1]
                layer = draw(st.sampled_from(by_cards))
                layoffs[layer].append(LayoffRecord(owner, index, laid[-1:]))
    ended_by = draw(st.sampled_from(["going_out", "stock_out"]))
    goer = draw(st.sampled_from(names)) if ended_by == "going_out" else None
    rest = [Card(rank, suit) for rank in RANKS for suit in SUITS if Card(rank, suit) not in used]
    rest = draw(st.permutations(rest))
    players = []
    for name in names:
        if name in by_totals:
            in_hand = 0 if name == goer else draw(st.integers(0, 99))
            players.append(
                PlayerRecord(
                    name,
                    team[name],
                    name == goer,
                    melded_points=draw(st.integers(0, 200)),
                    hand_points=in_hand,
                )
            )
            continue
        size = 0 if name == goer else draw(st.integers(0, 5))
        hand, rest = tuple(rest[:size]), rest[size:]
        mine = [c for laid in melds[name] for c in laid]
        called = tuple(draw(st.lists(st.sampled_from(mine), max_size=2))) if mine else ()
        players.append(
            PlayerRecord(
                name,
                team[name],
                name == goer,
                tuple(
                    meld(" ".join(c.code() for c in laid), laid_at_once=draw(st.booleans()))
                    for laid in melds[name]
                ),
                tuple(layoffs[name]),
                hand,
                called,
            )
        )
    opening = frozenset(draw(st.lists(st.sampled_from(names), max_size=2)))
    return [Seat(n, team[n]) for n in names], RoundRecord(tuple(players), ended_by, opening=opening)


@settings(
    max_examples=30,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(table=tables())
def test_a_stored_round_reads_back_as_the_same_record(
    app_ctx: Flask, table: tuple[list[Seat], RoundRecord]
) -> None:
    # each example uses a game of its own, so the shared database does not matter
    seats, record = table
    rules = rules_for("rummy500")
    score = score_round(rules, record)
    assert score.ok, score.problems  # the strategy makes legal rounds only
    game = create_game("Property", rules, seats)
    stored = store_round(game, record, dealer=seats[-1].name)
    round_id = stored.id
    db.session.remove()
    again = db.session.get(Round, round_id)
    assert again is not None
    assert round_record(again) == record
    assert again.cached_totals() == score.totals()
    assert again.dealer is not None and again.dealer.name == seats[-1].name


def test_every_field_round_trips() -> None:
    rules = rules_for(
        "dealers-gambit", {"final_layoffs": True, "rummy_call_points": 10, "first_meld_minimum": 50}
    )
    record = RoundRecord(
        (
            PlayerRecord(
                "Ann",
                went_out=True,
                called=cards("QH"),
                melds=(meld("5C 5D 5S JK", doubled=True), meld("9H 10H JH QH", laid_at_once=True)),
            ),
            PlayerRecord(
                "Bob",
                melds=(meld("7C 7D 7H"),),
                hand=cards("2C AD"),
                layoffs=(
                    LayoffRecord("Ann", 1, cards("KH")),
                    LayoffRecord("Bob", 0, cards("7S"), final=True),
                ),
            ),
            PlayerRecord("Cy", melded_points=40, hand_points=25),
        ),
        "going_out",
        wild_rank=None,
        joker_effect="double",
        opening=frozenset({"Bob"}),
    )
    game = create_game(
        "Gambit", rules, [Seat(n) for n in ("Ann", "Bob", "Cy")], preset="dealers-gambit"
    )
    warnings = list(records.score_record(game, record).warnings)
    assert warnings  # Bob's first melding is under 50
    stored = store_round(
        game, record, dealer="Cy", idempotency_key="k1", accepted_warnings=warnings
    )
    again = fresh(game).rounds[0]
    assert round_record(again) == record
    assert (again.number, again.dealer.name if again.dealer else None) == (1, "Cy")
    assert again.accepted_warnings == warnings and again.idempotency_key == "k1"
    assert again.went_out is not None and again.went_out.name == "Ann"
    assert again.id == stored.id
    # Ann's called QH counts rummy_call_points (10) instead of its own 10: no difference
    assert again.cached_totals() == {"Ann": 69, "Bob": 14, "Cy": 15}


def test_wild_rank_round_trips() -> None:
    record = RoundRecord(
        (
            PlayerRecord("Ann", melds=(meld("8S 6H 10S"),), hand=cards("2C")),
            PlayerRecord(
                "Bob",
                went_out=True,
                melds=(meld("4C 4D 4H"),),
                layoffs=(LayoffRecord("Ann", 0, cards("JS")),),
            ),
        ),
        "going_out",
        wild_rank="6",
    )
    game = new_game(rules_for("rummy5000"))
    store_round(game, record)
    assert round_record(fresh(game).rounds[0]) == record


def test_sides_are_the_games() -> None:
    game = new_game(rules_for("partnership500"), NAMES)
    record = RoundRecord(
        tuple(
            PlayerRecord(name, went_out=name == "Ann", melded_points=10 * i, hand_points=0)
            for i, name in enumerate(NAMES)
        )
    )
    stored = round_record(store_round(game, record))
    assert [p.team for p in stored.players] == ["Ann & Cy", "Bob & Di", "Ann & Cy", "Bob & Di"]
    assert stored == records.for_game(game, record)
    wrong = RoundRecord((PlayerRecord("Ann", "Ann & Bob", True, melded_points=1),))
    with pytest.raises(RecordError, match="plays for Ann & Cy"):
        store_round(game, wrong)


def test_declared_readings_round_trip() -> None:
    rules = rules_for("rummy500", {"jokers": 2})
    record = RoundRecord(
        (
            PlayerRecord("Ann", went_out=True, melds=(meld("5S 6S JK=4S"), meld("9H 9D 9C"))),
            PlayerRecord(
                "Bob",
                layoffs=(
                    LayoffRecord("Ann", 0, cards("7S JK"), declared=(None, Card.from_code("8S"))),
                ),
                hand=cards("2C"),
            ),
        ),
        "going_out",
    )
    game = new_game(rules)
    score = records.score_record(game, record)
    assert score.ok, score.problems
    store_round(game, record)
    again = fresh(game).rounds[0]
    assert round_record(again) == record
    assert round_record(again).players[0].melds[0].declared == (None, None, Card("4", "S"))
    # plain cards stay plain codes in storage; the readings are beside them
    assert again.parts[0].melds[0] == {
        "cards": ["5S", "6S", "JK"],
        "laid_at_once": False,
        "doubled": False,
        "declared": [None, None, "4S"],
    }
    assert "declared" not in again.parts[0].melds[1]
    assert score_round(rules, round_record(again)) == score
    assert again.cached_totals() == score.totals()
