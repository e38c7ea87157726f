"""Spades games in the store: hands stored, corrected, deleted and undone with the side totals
cached again each time (bags carry), the bids in play, idempotency keys, stale versions, and the
shared standings agreeing with the engine's."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from scorekeeper.store import history, records
from scorekeeper.store.changes import StaleGame
from scorekeeper.store.db import db
from scorekeeper.store.export import document, load
from scorekeeper.store.models import Game, GameChange, Round
from scorekeeper.store.scoreboard import board
from scorekeeper.systems.spades import store as spades
from scorekeeper.systems.spades.presets import spades_rules_for
from scorekeeper.systems.spades.rules import SpadesError, SpadesHand, SpadesRules, spades_standings
from scorekeeper.systems.spades.store import (
    HandRefused,
    create_spades_game,
    in_seat_order,
    note_bids,
    replace_hand,
    store_hand,
)

pytestmark = [pytest.mark.db, pytest.mark.usefixtures("app_ctx")]

AC, BD = "Ann & Cy", "Bob & Dee"


def new_game(rules: SpadesRules | None = None) -> Game:
    return create_spades_game(
        "Late", rules or spades_rules_for("spades"), ["Ann", "Bob", "Cy", "Dee"], preset="spades"
    )


def hand(ann: tuple[object, int], bob: tuple[object, int], cy: tuple[object, int],
         dee: tuple[object, int]) -> SpadesHand:  # fmt: skip
    """Each player's (bid, tricks), in seat order."""
    return SpadesHand.of(
        *((n, *p) for n, p in zip(("Ann", "Bob", "Cy", "Dee"), (ann, bob, cy, dee), strict=True))
    )  # type: ignore[misc]


def side_totals(game: Game) -> dict[str, int]:
    return records.cached_standings(game).team_totals


def test_a_game_seats_partners_across_and_keeps_its_rules() -> None:
    game = new_game(spades_rules_for("spades-300", {"nil_tricks": "count_toward_contract"}))
    assert [(p.name, p.team) for p in game.players] == [
        ("Ann", AC), ("Bob", BD), ("Cy", AC), ("Dee", BD)
    ]  # fmt: skip
    assert spades.spades_rules(game) == SpadesRules(target=300, nil_tricks="count_toward_contract")
    # the shared standings read the seats as two sides, partners across, to the game's target
    standing = records.cached_standings(game)
    assert standing.side_of == {"Ann": AC, "Bob": BD, "Cy": AC, "Dee": BD}
    assert "300" in standing.reason
    with pytest.raises(records.RecordError, match="not the Rummy 500 family's"):
        records.game_rules(game)  # a Spades game has no rummy rules to read
    with pytest.raises(SpadesError, match="four players"):
        create_spades_game("X", SpadesRules(), ["Ann", "Bob", "Cy"])


def test_hands_stored_cache_side_totals_and_bags_carry() -> None:
    game = new_game()
    # AC 7 bid, 9 taken: 70 + 2 bags; BD 4 bid, 4 taken: 40
    store_hand(game, hand((4, 5), (2, 2), (3, 4), (2, 2)), idempotency_key="h1")
    assert side_totals(game) == {AC: 72, BD: 40}
    # AC carries 2, bids 4 and takes 12: 8 bags more, 10 -> -100, none carried
    store_hand(game, hand((2, 5), (1, 1), (2, 7), ("nil", 0)), idempotency_key="h2")
    assert side_totals(game) == {AC: 72 + 48 - 100, BD: 40 + 10 + 100}
    played = spades.play(game)
    assert played.totals == side_totals(game) and played.bags == {AC: 0, BD: 0}
    # each hand's side points on the side (in the order of their first seats), 0 on every part
    assert [(s.name, s.seats, s.total) for s in game.rounds[0].sides] == [
        (AC, [0, 2], 72), (BD, [1, 3], 40)
    ]  # fmt: skip
    assert {p.total for r in game.rounds for p in r.parts} == {0}


def test_correcting_an_early_hand_rescores_the_later_ones() -> None:
    game = new_game()
    store_hand(game, hand((4, 5), (2, 2), (3, 4), (2, 2)))  # AC 2 bags
    store_hand(game, hand((2, 5), (1, 1), (2, 7), ("nil", 0)))  # AC 8 bags more: penalty
    first = game.rounds[0]
    replace_hand(first, hand((4, 4), (2, 2), (3, 3), (2, 4)), dealer="Dee")  # AC no bags now
    assert spades.play(game).bags == {AC: 8, BD: 2}
    assert side_totals(game) == spades.play(game).totals == {AC: 70 + 48, BD: 42 + 110}
    records.delete_round(game.rounds[0])
    assert side_totals(game) == spades.play(game).totals == {AC: 48, BD: 110}
    history.undo_last(game)  # the deleted hand comes back, the totals with it
    assert side_totals(game) == {AC: 118, BD: 152}
    history.undo_last(game)  # the correction taken back
    assert side_totals(game) == {AC: 72 + 48 - 100, BD: 40 + 10 + 100}
    assert [p.system_data["bid"] for p in game.rounds[0].parts] == ["4", "2", "3", "2"]


def test_a_retried_key_stores_one_hand_and_a_stale_version_none() -> None:
    game = new_game()
    played = hand((4, 5), (2, 2), (3, 4), (2, 2))
    first = store_hand(game, played, idempotency_key="k", expected_version=1)
    again = store_hand(game, played, idempotency_key="k", expected_version=1)
    assert first.id == again.id and game.version == 2
    with pytest.raises(StaleGame):
        store_hand(game, played, idempotency_key="other", expected_version=1)
    assert len(game.rounds) == 1


@pytest.mark.parametrize(
    ("played", "error"),
    [
        (hand((4, 5), (2, 2), (3, 4), (2, 1)), "add up to 12, not 13"),
        (hand((14, 5), (2, 2), (3, 4), (2, 2)), "bid is 14"),
    ],
)
def test_an_impossible_hand_stores_nothing(played: SpadesHand, error: str) -> None:
    game = new_game()
    with pytest.raises(SpadesError, match=error):
        store_hand(game, played)
    assert game.version == 1 and db.session.scalar(select(Round)) is None


def test_blind_nil_and_minimum_bids_follow_the_options() -> None:
    game = new_game(spades_rules_for("spades", {"blind_nil_allowed": False, "min_side_bid": 4}))
    with pytest.raises(SpadesError, match=r"blind nil.*min_side_bid"):
        store_hand(game, hand(("blind_nil", 0), (2, 2), (3, 4), (2, 7)))


def test_players_must_be_the_games() -> None:
    game = new_game()
    with pytest.raises(HandRefused, match="Zed is not seated"):
        in_seat_order(game, [("Zed", 4, 4)])
    with pytest.raises(HandRefused, match="every player's"):
        in_seat_order(game, [("Ann", 4, 4), ("Bob", 4, 4)])
    ordered = in_seat_order(game, [("Dee", 1, 1), ("Cy", 2, 2), ("Bob", 3, 3), ("Ann", 4, 7)])
    assert [p.name for p in ordered.players] == ["Ann", "Bob", "Cy", "Dee"]


def test_bids_in_play_are_noted_once_cleared_by_the_hand_and_undone() -> None:
    game = new_game()
    assert note_bids(game, [4, "nil", 3, 5]) is True
    assert note_bids(game, [4, "nil", 3, 5]) is False  # a double tap changes nothing
    assert game.version == 2
    assert spades.bids_in_play(game) == {"Ann": 4, "Bob": "nil", "Cy": 3, "Dee": 5}
    assert history.describe(history.last_change(game)) == "the bids"  # type: ignore[arg-type]
    assert game.system_data == {"bids_in_play": [4, "nil", 3, 5]}
    store_hand(game, hand((4, 5), ("nil", 0), (3, 3), (5, 5)))
    assert spades.bids_in_play(game) is None and game.system_data is None
    assert history.describe(history.last_change(game)) == "hand 1 added"  # type: ignore[arg-type]
    history.undo_last(game)  # (the bids the hand cleared stay cleared, as before)
    history.undo_last(game)
    assert spades.bids_in_play(game) is None and not game.rounds


def test_export_and_import_give_the_same_game(app_ctx: object) -> None:
    game = new_game()
    store_hand(game, hand((4, 5), (2, 2), (3, 4), (2, 2)), dealer="Dee", idempotency_key="a")
    store_hand(game, hand(("blind_nil", 0), (2, 3), (5, 6), (2, 4)))
    replace_hand(game.rounds[1], hand(("nil", 1), (2, 3), (5, 5), (2, 4)), dealer="Ann")
    note_bids(game, [3, 3, 3, 3])
    doc = document()
    before = (spades.play(game).totals, [spades.hand_of(r) for r in game.rounds])
    db.session.delete(game)
    db.session.commit()
    load(doc)
    copy = db.session.scalar(select(Game))
    assert copy is not None
    assert (spades.play(copy).totals, [spades.hand_of(r) for r in copy.rounds]) == before
    assert spades.bids_in_play(copy) == dict.fromkeys(["Ann", "Bob", "Cy", "Dee"], 3)
    assert side_totals(copy) == before[0]
    assert [c.kind for c in db.session.scalars(select(GameChange))] == [
        "added", "added", "corrected", "dealt"
    ]  # fmt: skip
    history.undo_last(copy)
    history.undo_last(copy)  # the correction, from the imported log
    assert spades.hand_of(copy.rounds[1]).players[0].bid == "blind_nil"


HANDS = st.lists(
    st.tuples(
        st.lists(st.integers(0, 13), min_size=4, max_size=4),
        st.lists(st.integers(1, 12), min_size=3, max_size=3, unique=True).map(sorted),
    ),
    min_size=1,
    max_size=12,
)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(HANDS)
def test_the_shared_standings_agree_with_the_engine(
    played: list[tuple[list[int], list[int]]],
) -> None:
    """Whatever the hands, the cached standings (history, stats, the board) give the engine's
    totals and winner, at target 100 so that games end; a hand after the end is refused."""
    rules = SpadesRules(target=100)
    game = new_game(rules)
    sides = spades.game_sides(game)
    engine_hands: list[SpadesHand] = []
    for bids, cuts in played:
        tricks = [b - a for a, b in zip([0, *cuts], [*cuts, 13], strict=True)]
        one = SpadesHand.of(
            *(
                (n, b or "nil", t)
                for n, b, t in zip(("Ann", "Bob", "Cy", "Dee"), bids, tricks, strict=True)
            )
        )
        if spades_standings(rules, sides, engine_hands).ended_after is not None:
            with pytest.raises(records.GameOver):
                store_hand(game, one)
            break
        store_hand(game, one)
        engine_hands.append(one)
    engine = spades_standings(rules, sides, engine_hands)
    shared = records.cached_standings(game)
    assert shared.team_totals == engine.totals
    assert shared.ended_after == engine.ended_after  # the hand that ended the game, if any
    assert shared.over == (engine.ended_after is not None)
    if shared.over:
        assert shared.winners == [engine.winner]
    assert len(game.rounds) == len(engine_hands)
    db.session.delete(game)
    db.session.commit()


def test_a_tie_at_the_target_is_played_on_on_the_board() -> None:
    """Both sides on 112 past 100: no winner, the board says play on; the next hand decides."""
    game = new_game(spades_rules_for("spades", {"target": 100}))
    store_hand(game, hand((3, 4), (2, 3), (3, 3), (3, 3)))  # AC 6 bid 7 taken 61, BD 5/6 51
    store_hand(game, hand((2, 3), (3, 4), (3, 3), (3, 3)))  # AC 5/6 51, BD 6/7 61
    shown = board(game)
    assert {c.name: c.total for c in shown.competitors} == {AC: 112, BD: 112}
    assert not shown.finished and not shown.standing.winners
    assert shown.view is not None and shown.view.bags == {AC: 2, BD: 2}
    store_hand(game, hand((2, 2), (2, 4), (2, 2), (2, 5)))  # AC 4 made 40, BD 4 bid 9 taken
    shown = board(game)
    assert shown.finished and shown.standing.winners == [BD]
    assert {c.name: c.total for c in shown.competitors} == {AC: 152, BD: 157}
    assert spades.play(game).winner == BD and spades.play(game).ended_after == 3
