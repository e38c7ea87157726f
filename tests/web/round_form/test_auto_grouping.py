"""The app's own grouping of the table cards: the engine's arrange, in two passes."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.engine.arrange import Arrangement, arrange
from scorekeeper.engine.cards import ALL_CARDS, format_cards
from scorekeeper.engine.points import Context
from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.scoring import LayoffRecord, meld
from scorekeeper.engine.scoring import score_round as engine_score
from scorekeeper.web.round_form import auto_grouping
from scorekeeper.web.round_form.auto_grouping import MAX_AUTO, group_automatically
from scorekeeper.web.round_form.layout import Group
from scorekeeper.web.round_form.preview import preview

from .conftest import API_MD, cards, layouts, read, totals


def test_the_api_md_round_grouped_by_the_app() -> None:
    result = read(API_MD, went_out="0")
    assert result.errors == {}
    assert layouts(result) == ["3S 3D 3C / 5D 6D 7D / @1.0 9S", "6S 7S 8S", ""]
    ann, bob, cy = result.record.players
    assert ann.went_out and ann.melds == (meld("3S 3D 3C"), meld("5D 6D 7D"))
    assert ann.layoffs == (LayoffRecord("Bob", 0, cards("9S")),)
    assert bob.hand == cards("KH 2C")
    assert (cy.melded_points, cy.hand_points) == (40, 25)
    # 3+3+3 and 5+6+7 and the 9 laid off; Bob 6+7+8 less K 10 and 2; Cy 40 less 25
    assert totals(result) == {"Ann": 9 + 18 + 9, "Bob": 21 - 12, "Cy": 15}


def test_a_layoff_onto_a_later_meld_of_another_player_names_the_right_meld() -> None:
    result = read(
        {
            0: {"table": "QH QD QC 5D 6D 7D"},
            1: {"table": "2S 3S 4S 8D"},  # 8D extends Ann's second meld, the run
            2: {"table": "QS 5S"},  # QS onto Ann's queens, 5S onto Bob's run
        },
        went_out="1",
    )
    ann, bob, cy = result.record.players
    assert [format_cards(m.cards) for m in ann.melds] == ["5D 6D 7D", "QH QD QC"]
    assert bob.layoffs == (LayoffRecord("Ann", 0, cards("8D")),)
    assert set(cy.layoffs) == {
        LayoffRecord("Ann", 1, cards("QS")),
        LayoffRecord("Bob", 0, cards("5S")),
    }
    assert totals(result) == {"Ann": 18 + 30, "Bob": 9 + 8, "Cy": 10 + 5}


def test_a_layoff_extends_the_meld_as_already_extended() -> None:
    # Bob's 9S goes onto Ann's 6S 7S 8S; Cy's 10S then goes onto it after the 9S
    result = read({0: {"table": "6S 7S 8S"}, 1: {"table": "9S"}, 2: {"table": "10S"}}, went_out="0")
    assert [p.layoffs for p in result.record.players[1:]] == [
        (LayoffRecord("Ann", 0, cards("9S")),),
        (LayoffRecord("Ann", 0, cards("10S")),),
    ]
    assert totals(result) == {"Ann": 21, "Bob": 9, "Cy": 10}


def test_no_layoff_that_needs_a_melded_wild_read_again() -> None:
    """RULES.md: "with 5S-JK-7S on the table, a 6S cannot be laid off onto it under
    real_card_for_wild: none". The app laid Bob's 6S off onto Ann's 5S JK 7S (the joker read
    as 8S), which the round's scoring then refused; now the 6S makes a meld of its own, which
    the engine explains as illegal."""
    rules = rules_for("rummy500", {"jokers": 2})
    result = read({0: {"table": "5S JK 7S"}, 1: {"table": "9D 9H 9C 6S"}}, rules, went_out="0")
    assert result.record.players[1].layoffs == ()
    score = engine_score(rules, result.record)
    assert not any("cannot lay off" in problem for problem in score.problems)
    assert any("6S is not a legal meld" in problem for problem in score.problems)


def test_hand_made_melds_take_layoffs_from_the_app() -> None:
    result = read(
        {0: {"table": "KH QH JH", "layout": "JH QH KH"}, 1: {"table": "10H"}}, went_out="0"
    )
    assert result.players[0].hand_made and not result.players[1].hand_made
    assert result.record.players[1].layoffs == (LayoffRecord("Ann", 0, cards("10H")),)


def test_cards_the_app_cannot_place_make_one_meld_that_the_engine_explains() -> None:
    result = read({0: {"table": "3C 3D 3S 9H KC"}}, went_out="0")
    assert layouts(result)[0] == "3S 3D 3C / 9H KC"
    score = engine_score(rules_for("rummy500"), result.record)
    assert any("Ann's 9H KC is not a legal meld" in problem for problem in score.problems)


def test_a_wild_under_5000_rummy() -> None:
    rules = rules_for("rummy5000")
    result = read(
        {
            0: {"table": "AH 10S 8S AD 6H AC"},  # sixes wild: 8S 6H(9S) 10S and three aces
            1: {"table": "7D 7H 7S", "hand": "6C KD"},
            2: {"table": "", "hand": "2S"},
        },
        rules,
        went_out="0",
        wild_rank="6",
    )
    assert result.record.wild_rank == "6"
    assert layouts(result)[:2] == ["8S 6H 10S / AH AD AC", "7S 7H 7D"]
    # Ann: 8S 5 + 6H wild 100 + 10S 10 = 115, aces 3 x 100; she collects Bob's 6C (a wild,
    # 100) and KD 10, and Cy's 2S 5. Bob: three 7s at 5 each.
    assert totals(result, rules) == {"Ann": 115 + 300 + 110 + 5, "Bob": 15, "Cy": 0}
    shown = preview(result, engine_score(rules, result.record))
    run = shown.players[0].melds[0]
    assert (run.kind, run.points) == ("run", 115)
    assert [c.code() if c else None for c in run.stands_for] == [None, "9S", None]


def test_the_wild_rank_changes_the_grouping() -> None:
    rules = rules_for("rummy5000")
    plain = read({0: {"table": "8S 9H 10S"}}, rules, wild_rank="")
    nines = read({0: {"table": "8S 9H 10S"}}, rules, wild_rank="9")
    assert totals(plain, rules)["Ann"] == 0  # not a meld: nothing counts
    assert totals(nines, rules)["Ann"] == 5 + 100 + 10


FULL_PACK_AND_ONE = " ".join([*(card.code() for card in ALL_CARDS if not card.is_joker), "AS"])


def test_a_pile_beyond_the_old_limit_is_grouped_by_the_app() -> None:
    # 53 cards (two packs): more than the 40 the app used to leave as one group
    result = read({0: {"table": FULL_PACK_AND_ONE}}, rules_for("rummy500", {"decks": 2}))
    assert len(FULL_PACK_AND_ONE.split()) == 53 < MAX_AUTO
    assert result.errors == {}
    plan = result.players[0]
    assert not plan.hand_made and len(plan.groups) > 1
    assert sum(len(group.cards) for group in plan.groups) == 53


def test_a_search_stopped_at_its_budget_keeps_its_groups_and_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(auto_grouping, "AUTO_BUDGET", 1)  # far too little for any real pile
    tables = {0: "3C 3D 3S 5D 6D 7D 9H", 1: "8S 9S 10S 2C", 2: "4H 5H 6H"}
    result = read({seat: {"table": pile} for seat, pile in tables.items()})
    assert result.errors == {}  # a hint, never an error: the round can still be saved
    ann, bob, cy = result.players
    assert not ann.auto_exact and not bob.auto_exact
    assert sorted(card for group in ann.groups for card in group.cards) == sorted(
        cards("3C 3D 3S 5D 6D 7D 9H")
    )
    # Every card placed, each at its most: no grouping can beat it, however soon it was found.
    assert cy.auto_exact


def test_an_inexact_answer_is_kept_as_found(monkeypatch: pytest.MonkeyPatch) -> None:
    # the engine's answer, marked as stopped at its budget: the form keeps its groups
    def stopped(*args: object, **kwargs: object) -> Arrangement:
        return replace(arrange(*args, **kwargs), exact=False)  # type: ignore[arg-type]

    exact = read(API_MD, went_out="0")
    monkeypatch.setattr(auto_grouping, "arrange", stopped)
    result = read(API_MD, went_out="0")
    assert layouts(result) == layouts(exact)
    assert [plan.auto_exact for plan in result.players] == [False, False, True]
    assert [plan.auto_exact for plan in exact.players] == [True, True, True]
    # a grouping made by hand is the scorer's own: no hint
    by_hand = read({**API_MD, 1: {**API_MD[1], "layout": "6S 7S 8S"}}, went_out="0")
    assert by_hand.players[1].auto_exact


def test_more_cards_than_the_app_groups_are_one_group_and_inexact() -> None:
    pile = cards(" ".join(["AS"] * (MAX_AUTO + 1)))
    grouped = group_automatically({0: pile}, {}, Context(rules_for("rummy500")))
    assert grouped.groups == {0: (Group(pile),)} and grouped.inexact == {0}
