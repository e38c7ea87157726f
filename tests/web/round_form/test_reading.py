"""The round form read into the engine's record: every field's errors, flags and Rummy calls,
players by totals, the stock running out, who opens."""

from __future__ import annotations

import pytest

from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.scoring import LayoffRecord, MeldRecord, PlayerRecord
from scorekeeper.engine.scoring import score_round as engine_score
from scorekeeper.web.round_form.fields import RoundFields
from scorekeeper.web.round_form.preview import preview
from scorekeeper.web.round_form.reading import FormGame, interpret, nothing_in_hand

from .conftest import API_MD, NAMES, cards, form, layouts, read, totals

# --- groupings that cannot be used ----------------------------------------------------------


def test_a_bad_grouping_is_an_error_on_its_field_naming_the_player() -> None:
    result = read({0: {"table": "3C 3D 3S", "layout": "3C 3D ZZ"}})
    assert result.errors == {
        "p0-layout": "Ann's grouping: 'ZZ' is not a card: expected a rank "
        "(A 2 3 4 5 6 7 8 9 10 J Q K) and a suit (S H D C), "
        "or JK"
    }


def test_a_layoff_onto_a_meld_that_is_not_there() -> None:
    result = read({0: {"table": "9S", "layout": "@1.3 9S"}, 1: {"table": "6S 7S 8S"}}, went_out="1")
    assert result.errors == {
        "p0-layout": "Ann's grouping: '@1.3': Bob has no meld 3 (Bob's melds are 0 to 0)"
    }
    result = read({0: {"table": "9S", "layout": "@2.0 9S"}, 2: {"mode": "totals"}})
    assert "Cy is recorded by totals, with no melds to lay off onto" in result.errors["p0-layout"]
    result = read({0: {"table": "9S", "layout": "@1.0 9S"}})
    assert "Bob has no meld 0 (Bob has no melds)" in result.errors["p0-layout"]


# --- the other fields -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "key", "message"),
    [
        (
            {"p2-melded": "abc"},
            "p2-melded",
            "Cy: melded points must be a whole number from 0 to 100000, not 'abc'",
        ),
        ({"p2-melded": "100001"}, "p2-melded", "must be a whole number from 0 to 100000"),
        ({"p2-melded": "9" * 40}, "p2-melded", "must be a whole number from 0 to 100000"),
        ({"p2-in_hand": "-5"}, "p2-in_hand", "Cy: points in hand cannot be negative ('-5')"),
        ({"p2-in_hand": "2.5"}, "p2-in_hand", "must be a whole number"),
        ({"went_out": "7"}, "went_out", "'7' is not a seat in this game"),
        ({"went_out": "Ann"}, "went_out", "'Ann' is not a seat in this game"),
        ({"dealer": "Zed"}, "dealer", "'Zed' is not a player in this game"),
        ({"p0-table": "3C 3D 3Z"}, "p0-table", "Ann, on the table: '3Z' is not a card"),
        ({"p1-hand": "KH Q"}, "p1-hand", "Bob, in hand: 'Q' is not a card"),
    ],
)
def test_bad_fields(fields: dict[str, str], key: str, message: str) -> None:
    raw = {"p2-mode": "totals", "went_out": "0", **fields}
    result = interpret(RoundFields.from_fields(raw, 3), FormGame(rules_for("rummy500"), NAMES))
    assert key in result.errors
    assert message in result.errors[key]


def test_wild_rank_and_joker_effect_are_read_where_the_rules_use_them() -> None:
    rummy5000 = rules_for("rummy5000")
    assert read({}, rummy5000, wild_rank="q").record.wild_rank == "Q"
    assert read({}, rummy5000, wild_rank="11").errors["wild_rank"].startswith("'11' is not a rank")
    assert read({}, rules_for("george2500"), wild_rank="2").errors["wild_rank"] == (
        "2 is not in the pack under these rules (omit_ranks)"
    )
    assert read({}, rules_for("rummy500"), wild_rank="Q").record.wild_rank is None  # unused
    gambit = rules_for("dealers-gambit")
    assert read({}, gambit, joker_effect="double").record.joker_effect == "double"
    assert "wild, double or split" in read({}, gambit, joker_effect="triple").errors["joker_effect"]


def test_who_went_out_is_the_one_with_nothing_in_hand() -> None:
    """Nobody marked: Ann alone has cards down and none in hand (Bob holds KH 2C, Cy counted
    25 in hand), so she went out, and nothing is left to choose."""
    result = read(API_MD)
    assert (result.went_out, result.went_out_inferred) == (0, True)
    assert result.pending == {} and result.errors == {}
    assert [p.went_out for p in result.record.players] == [True, False, False]
    assert totals(result) == {"Ann": 36, "Bob": 9, "Cy": 15}  # as with Ann marked


@pytest.mark.parametrize(
    ("players", "pending"),
    [
        # everyone holds cards (or has nothing yet): the stock may have run out
        ({**API_MD, 0: {"table": "3C 3D 3S", "hand": "KC"}}, "Choose who went out, or that"),
        ({}, "Choose who went out, or that the stock ran out."),
        # Ann by cards and Cy by totals both have nothing in hand
        ({**API_MD, 2: {"mode": "totals", "melded": "40", "in_hand": "0"}}, "Ann and Cy have"),
        (
            {0: {"table": "3C 3D 3S"}, 1: {"layout": "8S 9S 10S"}, 2: {"table": "QS QH QD"}},
            "Ann, Bob and Cy have nothing in hand: choose who went out.",
        ),
    ],
)
def test_who_went_out_is_asked_when_it_cannot_be_told(
    players: dict[int, dict[str, str]], pending: str
) -> None:
    result = read(players)
    assert result.went_out is None and not result.went_out_inferred
    assert pending in result.pending["went_out"]
    assert len(result.out_candidates) != 1
    assert result.errors == {}
    assert "went_out" in result.all_errors()


@pytest.mark.parametrize(
    ("entry", "counts"),
    [
        ({"table": "3C 3D 3S"}, True),
        ({"layout": "3C 3D 3S"}, True),  # a grouping typed by hand, the table not yet in step
        ({"table": "3C 3D 3S", "hand": "KC"}, False),
        ({"hand": "9X"}, False),  # a hand that is not yet read is still a hand
        ({}, False),  # nothing yet: not recorded, not out
        ({"mode": "totals", "melded": "30"}, True),  # no points typed in hand: none
        ({"mode": "totals", "melded": "30", "in_hand": "0"}, True),
        ({"mode": "totals", "melded": "30", "in_hand": "5"}, False),
        ({"mode": "totals", "melded": "0", "in_hand": "0"}, False),
        ({"mode": "totals", "melded": "lots"}, False),
        ({"mode": "totals", "melded": "30", "in_hand": "-1"}, False),
    ],
)
def test_who_could_have_gone_out(entry: dict[str, str], counts: bool) -> None:
    assert nothing_in_hand(form({1: entry}, 2)) == ((1,) if counts else ())


def test_a_mark_on_the_form_wins_over_the_empty_hand() -> None:
    result = read(API_MD, went_out="1")
    assert (result.went_out, result.went_out_inferred) == (1, False)
    result = read(API_MD, went_out="stock")
    assert (result.went_out, result.went_out_inferred) == (None, False)
    assert result.record.ended_by == "stock_out"


def test_version_and_key() -> None:
    result = read({}, version="12", key="abc123")
    assert (result.version, result.key) == (12, "abc123")
    result = read({}, version="twelve", key="has space")
    assert (result.version, result.key) == (None, None)


# --- the grouping by hand and the record ----------------------------------------------------


def test_flags_and_rummy_calls_reach_the_record() -> None:
    rules = rules_for("rummy500-pips", {"final_layoffs": True})
    result = read(
        {
            0: {"table": "6S 7S 8S 9S", "layout": "6S 7S 8S! / @1.0 final 9S"},
            1: {"table": "10S JS QS", "hand": ""},
        },
        rules,
        went_out="1",
    )
    assert result.errors == {}
    ann = result.record.players[0]
    assert ann.melds == (MeldRecord(cards("6S 7S 8S")),)
    assert ann.layoffs == (LayoffRecord("Bob", 0, cards("9S"), final=True),)
    assert ann.called == cards("8S")
    # pips: the called 8S counts 15 instead of its 8 (seed 001: "That card isalways awarded 15
    # points"), so 6 + 7 + 15; the final layoff counts nothing
    assert totals(result, rules)["Ann"] == 6 + 7 + 15


def test_laid_at_once_and_doubled() -> None:
    persian = rules_for("persian")
    once = read(
        {0: {"table": "6S 6H 6D 6C", "layout": "once 6S 6H 6D 6C"}},
        persian,
        names=("Ann", "Bob", "Cy", "Dee"),
        went_out="0",
    )
    assert once.record.players[0].melds == (MeldRecord(cards("6S 6H 6D 6C"), laid_at_once=True),)
    score = engine_score(persian, once.record)
    assert score.players[0].melded == 48  # four 6s laid down at once count double
    assert preview(once, score).players[0].melds[0].points == 48
    without = read({0: {"table": "6S 6H 6D 6C"}}, persian, names=("Ann", "Bob", "Cy", "Dee"))
    assert engine_score(persian, without.record).players[0].melded == 24
    gambit = rules_for("dealers-gambit")
    doubled = read(
        {0: {"table": "QS QH QD JK", "layout": "doubled QS QH QD JK"}},
        gambit,
        names=("Ann", "Bob"),
        went_out="0",
        joker_effect="double",
    )
    score = engine_score(gambit, doubled.record)
    assert doubled.record.players[0].melds[0].doubled
    assert score.players[0].melded == 60  # three queens 30, doubled by the dealer's joker
    assert preview(doubled, score).players[0].melds[0].points == 60


def test_totals_players_and_the_stock_running_out() -> None:
    result = read(
        {
            0: {"table": "3C 3D 3S", "hand": "KH"},
            1: {"mode": "totals", "melded": "20", "in_hand": "7"},
        },
        names=("Ann", "Bob"),
        went_out="stock",
    )
    assert result.record.ended_by == "stock_out"
    assert not any(p.went_out for p in result.record.players)
    assert result.record.players[1] == PlayerRecord("Bob", melded_points=20, hand_points=7)
    assert totals(result) == {"Ann": 9 - 10, "Bob": 20 - 7}


def test_a_totals_player_keeps_no_cards_and_empty_totals_are_zero() -> None:
    result = read(
        {0: {"mode": "totals", "table": "3C 3D 3S", "melded": "", "in_hand": " "}},
        names=("Ann", "Bob"),
        went_out="0",
    )
    assert result.record.players[0] == PlayerRecord(
        "Ann", went_out=True, melded_points=0, hand_points=0
    )


def test_the_grouping_follows_the_table_field() -> None:
    # 9S is in the grouping but no longer on the table; 4S is on the table but not grouped yet
    result = read({0: {"table": "3C 3D 3S 4S", "layout": "3C 3D 3S / 9S"}})
    assert layouts(result)[0] == "3C 3D 3S 4S"


def test_opening_is_the_first_melding_in_the_game() -> None:
    result = read(
        {0: {"table": "3C 3D 3S"}, 1: {"hand": "9S"}, 2: {"mode": "totals", "melded": "30"}},
        melded_before=frozenset({"Cy"}),
        went_out="0",
    )
    assert result.record.opening == frozenset({"Ann"})
    rules = rules_for("rummy500", {"first_meld_minimum": 30})
    score = engine_score(rules, result.record)
    assert score.warnings == (
        "Ann's first melding totals 9, under the 30 these rules ask for (first_meld_minimum).",
    )
