"""Stored rounds ↔ engine records: corrections and deletions rescore the game and bump its
version; refusals change nothing; an idempotency key gives back its round."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from flask import Flask
from sqlalchemy import func, select, update

from scorekeeper.engine.cards import Card, parse_cards
from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.rules import Rules
from scorekeeper.engine.scoring import LayoffRecord, PlayerRecord, RoundRecord, meld, score_round
from scorekeeper.engine.standings import RoundResult, Seat, standings
from scorekeeper.store import checking, reading, records, writing
from scorekeeper.store.changes import StaleGame
from scorekeeper.store.db import db
from scorekeeper.store.models import Game, Round
from scorekeeper.store.records import (
    RecordError,
    RoundRefused,
    check_round,
    create_game,
    delete_round,
    finish_game,
    rename_game,
    replace_checked,
    replace_round,
    round_record,
    score_game,
    store_checked,
    store_round,
)

pytestmark = [pytest.mark.db, pytest.mark.usefixtures("app_ctx")]


def cards(codes: str) -> tuple[Card, ...]:
    return tuple(parse_cards(codes.split()))


def simple_round(goer: str = "Ann", hand: str = "KH 2C") -> RoundRecord:
    other = "Bob" if goer == "Ann" else "Ann"
    return RoundRecord(
        (
            PlayerRecord(goer, went_out=True, melds=(meld("3C 3D 3S"), meld("5D 6D 7D"))),
            PlayerRecord(other, melds=(meld("6S 7S 8S"),), hand=cards(hand)),
        )
    )


def new_game(rules: Rules | None = None, names: tuple[str, ...] = ("Ann", "Bob")) -> Game:
    return create_game("Friday", rules or rules_for("rummy500"), [Seat(n) for n in names])


def fresh(game: Game) -> Game:
    """The game with everything read again from the database."""
    db.session.expire_all()
    return game


def assert_cache_matches(game: Game) -> None:
    scores, _ = score_game(game)
    assert [r.cached_totals() for r in game.rounds] == [s.totals() for s in scores]


# --- changes rescore the game and bump its version ----------------------------------------


def test_storing_numbers_rounds_and_bumps_the_version() -> None:
    game = new_game()
    assert game.version == 1
    for number, goer in enumerate(["Ann", "Bob", "Ann"], 1):
        stored = store_round(game, simple_round(goer), expected_version=game.version)
        assert stored.number == number
        assert game.version == number + 1
    game = fresh(game)
    assert_cache_matches(game)
    scores, board = score_game(game)
    rules = rules_for("rummy500")
    expected = standings(
        rules,
        [Seat("Ann"), Seat("Bob")],
        [
            RoundResult(score_round(rules, r).totals(), g)
            for r, g in ((simple_round(g), g) for g in ["Ann", "Bob", "Ann"])
        ],
    )
    assert board == expected
    assert [s.totals() for s in scores] == [
        {"Ann": 27, "Bob": 9},
        {"Bob": 27, "Ann": 9},
        {"Ann": 27, "Bob": 9},
    ]


def test_correcting_a_round_rescores_the_game() -> None:
    game = new_game()
    store_round(game, simple_round("Ann"), dealer="Bob")
    second = store_round(game, simple_round("Bob"), dealer="Ann", accepted_warnings=["w"])
    before = score_game(game)[1].totals
    replace_round(second, simple_round("Bob", hand="KH QH JH"), expected_version=3)
    game = fresh(game)
    assert game.version == 4
    corrected = game.rounds[1]
    assert (corrected.id, corrected.number) == (second.id, 2)
    assert corrected.dealer is not None and corrected.dealer.name == "Ann"  # kept
    assert corrected.accepted_warnings == ["w"]
    assert round_record(corrected) == simple_round("Bob", hand="KH QH JH")
    assert score_game(game)[1].totals == {"Ann": before["Ann"] - 30 + 12, "Bob": before["Bob"]}
    assert_cache_matches(game)
    replace_round(corrected, simple_round("Ann"), dealer=None, accepted_warnings=[])
    game = fresh(game)
    assert (game.version, game.rounds[1].dealer, game.rounds[1].accepted_warnings) == (5, None, [])
    assert_cache_matches(game)


def test_a_checked_round_is_stored_as_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    """check_round scores once; store_checked and replace_checked store that score as it is."""
    game = create_game("Sides", rules_for("partnership500"), [Seat("Ann", "A"), Seat("Bob", "B")])
    checked = check_round(game, simple_round())
    assert checked.ok and [p.team for p in checked.record.players] == ["A", "B"]
    assert checked.score == score_round(rules_for("partnership500"), checked.record)

    def not_again(*args: object) -> None:
        raise AssertionError("scored again")

    def scoring_forbidden() -> None:  # wherever the store scores a round
        for module in (reading, checking, writing):
            monkeypatch.setattr(module, "score_round", not_again)

    scoring_forbidden()
    stored = store_checked(game, checked, dealer="Bob", accepted_warnings=["w"])
    assert stored.cached_totals() == checked.score.totals()
    assert round_record(stored) == checked.record and stored.accepted_warnings == ["w"]
    monkeypatch.undo()
    corrected = check_round(game, simple_round("Bob"))
    scoring_forbidden()
    replace_checked(stored, corrected, expected_version=game.version)
    game = fresh(game)
    assert game.rounds[0].cached_totals() == corrected.score.totals()
    monkeypatch.undo()
    assert_cache_matches(game)


def test_a_checked_round_with_problems_is_refused() -> None:
    game = new_game()
    both_out = RoundRecord(
        (
            PlayerRecord("Ann", went_out=True, melded_points=5),
            PlayerRecord("Bob", went_out=True, melded_points=5),
        )
    )
    checked = check_round(game, both_out)
    assert not checked.ok
    refused(game, lambda: store_checked(game, checked), RoundRefused, "Only one player")
    stored = store_round(game, simple_round())
    refused(game, lambda: replace_checked(stored, checked), RoundRefused, "Only one player")
    with pytest.raises(RecordError, match="Zed is not seated"):
        check_round(game, RoundRecord((PlayerRecord("Zed", went_out=True),)))


def test_deleting_a_round_renumbers_the_later_ones() -> None:
    game = new_game()
    goers = ["Ann", "Bob", "Bob", "Ann", "Bob"]
    ids = [store_round(game, simple_round(goer)).id for goer in goers]
    delete_round(game.rounds[1], expected_version=6)
    game = fresh(game)
    assert game.version == 7
    assert [(r.id, r.number) for r in game.rounds] == [
        (ids[0], 1),
        (ids[2], 2),
        (ids[3], 3),
        (ids[4], 4),
    ]
    assert score_game(game)[1].totals == {"Ann": 2 * 27 + 2 * 9, "Bob": 2 * 27 + 2 * 9}
    assert_cache_matches(game)
    stored = store_round(game, simple_round("Ann"))
    assert stored.number == 5
    assert db.session.scalar(select(func.count()).select_from(Round)) == 5


def test_rename_and_finish_bump_the_version() -> None:
    game = new_game()
    rename_game(game, "Saturday", expected_version=1)
    finish_game(game)
    game = fresh(game)
    assert (game.name, game.version) == ("Saturday", 3)
    assert game.finished_at is not None and game.finished_at.tzinfo is not None
    finish_game(game, finished=False)
    assert (fresh(game).finished_at, fresh(game).version) == (None, 4)


# --- refusals ------------------------------------------------------------------------------


def refused(game: Game, action: Callable[[], object], error: type[Exception], match: str) -> None:
    """The action fails, and the game and its rounds are as they were."""
    version = game.version
    count = len(game.rounds)
    with pytest.raises(error, match=match):
        action()
    game = fresh(game)
    assert (game.version, len(game.rounds)) == (version, count)


def test_an_impossible_round_is_refused() -> None:
    game = new_game()
    both_out = RoundRecord(
        (
            PlayerRecord("Ann", went_out=True, melded_points=5),
            PlayerRecord("Bob", went_out=True, melded_points=5),
        )
    )
    refused(game, lambda: store_round(game, both_out), RoundRefused, "Only one player")
    with pytest.raises(RoundRefused) as caught:
        store_round(game, both_out)
    assert caught.value.score.problems
    stored = store_round(game, simple_round())
    not_a_meld = RoundRecord((PlayerRecord("Ann", went_out=True, melds=(meld("3C 4D 9S"),)),))
    refused(game, lambda: replace_round(stored, not_a_meld), RoundRefused, "not a legal meld")


@pytest.mark.parametrize(
    ("record", "dealer", "match"),
    [
        (RoundRecord((PlayerRecord("Zed", went_out=True),)), None, "Zed is not seated"),
        (
            RoundRecord((PlayerRecord("Ann", went_out=True), PlayerRecord("Ann"))),
            None,
            "Ann is named more than once",
        ),
        (
            RoundRecord((PlayerRecord("Ann", went_out=True),), opening=frozenset({"Bob"})),
            None,
            "Bob is opening but not in the round",
        ),
        (
            RoundRecord(
                (
                    PlayerRecord(
                        "Ann", went_out=True, layoffs=(LayoffRecord("Bob", 0, cards("9S")),)
                    ),
                )
            ),
            None,
            "onto Bob, who is not in the round",
        ),
        (RoundRecord(()), None, "at least one player"),
        (simple_round(), "Zed", "Zed is not seated"),
    ],
)
def test_a_round_that_does_not_fit_the_game_is_refused(
    record: RoundRecord, dealer: str | None, match: str
) -> None:
    game = new_game()
    refused(game, lambda: store_round(game, record, dealer=dealer), RecordError, match)


def test_a_stale_version_is_refused() -> None:
    game = new_game()
    stored = store_round(game, simple_round())
    refused(
        game,
        lambda: store_round(game, simple_round(), expected_version=1),
        StaleGame,
        "version 2, not 1",
    )
    refused(
        game,
        lambda: replace_round(stored, simple_round("Bob"), expected_version=1),
        StaleGame,
        "version 2",
    )
    refused(game, lambda: delete_round(stored, expected_version=5), StaleGame, "not 5")
    refused(game, lambda: rename_game(game, "x", expected_version=1), StaleGame, "not 1")


def test_a_change_made_meanwhile_elsewhere() -> None:
    game = new_game()
    assert game.version == 1
    with db.engine.begin() as other_worker:
        other_worker.execute(update(Game).where(Game.id == game.id).values(version=2))
    assert game.version == 1  # what this request read before
    with pytest.raises(StaleGame, match="at version 2, not 1"):
        rename_game(game, "x", expected_version=1)
    assert (fresh(game).name, game.version) == ("Friday", 2)
    rename_game(game, "x")  # a caller that expects no version changes the game as it is now
    assert (fresh(game).name, game.version) == ("x", 3)


# --- idempotency ---------------------------------------------------------------------------


def test_the_same_key_gives_back_the_same_round() -> None:
    game = new_game()
    first = store_round(game, simple_round(), idempotency_key="abc")
    again = store_round(game, simple_round("Bob"), idempotency_key="abc")
    assert again.id == first.id
    assert fresh(game).version == 2 and len(fresh(game).rounds) == 1
    other = new_game()
    assert store_round(other, simple_round(), idempotency_key="abc").game_id == other.id


def test_the_same_key_racing_gives_back_the_same_round(
    app_ctx: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = new_game()
    assert game.version == 1
    with app_ctx.app_context():  # another request, with a session of its own, wins the race
        theirs = store_round(
            db.session.get_one(Game, game.id), simple_round(), idempotency_key="race"
        )
        their_id = theirs.id
    real, calls = records.round_by_key, []

    def lookup(game: Game, key: str) -> Round | None:  # the first look is from before theirs
        calls.append(key)
        return None if len(calls) == 1 else real(game, key)

    monkeypatch.setattr(writing, "round_by_key", lookup)  # as store_round looks it up
    mine = store_round(game, simple_round(), idempotency_key="race")
    assert mine.id == their_id
    game = fresh(game)
    assert (game.version, len(game.rounds), len(calls)) == (2, 1, 2)


def test_concurrent_writers_queue_on_the_game(app_ctx: Flask) -> None:
    """Requests in several threads (waitress) or workers (gunicorn) each store their round."""
    game_id = new_game(rules_for("rummy500", {"target": 1000})).id  # 20 rounds: 660 points
    failures: list[BaseException] = []

    def worker(name: str) -> None:
        for index in range(5):
            with app_ctx.app_context():
                try:
                    store_round(
                        db.session.get_one(Game, game_id),
                        simple_round(),
                        idempotency_key=f"{name}{index}",
                    )
                except BaseException as error:  # reported by the assertion below
                    failures.append(error)

    threads = [threading.Thread(target=worker, args=(name,)) for name in "abcd"]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    game = fresh(db.session.get_one(Game, game_id))
    assert [r.number for r in game.rounds] == list(range(1, 21))
    assert game.version == 21


def test_a_game_stored_before_upcard_wild_cards_still_loads_and_scores() -> None:
    """A rules snapshot from before the option existed lacks it: it loads with the default."""
    game = new_game(rules_for("rummy5000"))
    store_round(game, simple_round())
    old_snapshot = {
        name: value for name, value in game.rules.items() if name != "upcard_wild_cards"
    }
    db.session.execute(update(Game).where(Game.id == game.id).values(rules=old_snapshot))
    db.session.commit()
    game = fresh(game)
    assert "upcard_wild_cards" not in game.rules
    assert records.game_rules(game) == rules_for("rummy5000")
    scores, table = score_game(game)
    assert len(scores) == 1 and set(table.totals) == {"Ann", "Bob"}


def test_a_game_stored_with_an_option_out_of_todays_range_still_opens() -> None:
    """A snapshot from before an option's range was narrowed (a target of 500,000, where 100,000
    is the most now) or holding what this version cannot read: the game's rules still load,
    the number brought within range, the rest at its default."""
    game = create_game("Old", rules_for("rummy500"), [Seat("Ann"), Seat("Bob")])
    game.rules = {**game.rules, "target": 500_000, "jokers": "many"}
    db.session.commit()
    rules = records.game_rules(game)
    assert (rules.target, rules.jokers) == (100_000, 0)
    scores, board = score_game(game)  # the standings are worked out as for any game
    assert scores == [] and board.totals == {"Ann": 0, "Bob": 0}
