"""The deal helper: upcard hand sizes, redeals, round wild ranks, dealer rotation."""

from __future__ import annotations

import pytest

from scorekeeper.engine.cards import Card
from scorekeeper.engine.deal import (
    DealError,
    needs_redeal,
    next_dealer,
    plan_deal,
    round_wild_rank,
    upcard_hand_size,
)
from scorekeeper.engine.presets import rules_for

SEATS = ["Ann", "Bob", "Cy", "Dee"]


def cards(**upcards: str) -> dict[str, Card]:
    return {name: Card.from_code(code) for name, code in upcards.items()}


@pytest.mark.parametrize(
    ("preset", "options", "upcard", "hand"),
    [
        # 5000 Rummy: the upcard's number more, J Q K 10, ace 11.
        ("rummy5000", {}, "7H", 8),
        ("rummy5000", {}, "2C", 3),
        ("rummy5000", {}, "10D", 11),
        ("rummy5000", {}, "JS", 11),
        ("rummy5000", {}, "QH", 11),
        ("rummy5000", {}, "KS", 11),
        ("rummy5000", {}, "AD", 12),
        ("rummy5000", {"upcard_ace": 15}, "AD", 16),
        # George: the upcard's number in all, J Q K by rank, ace 14.
        ("george2500", {}, "7H", 7),
        ("george2500", {}, "JS", 11),
        ("george2500", {}, "QS", 12),
        ("george2500", {}, "KS", 13),
        ("george2500", {}, "AS", 14),
        ("george2500", {"upcard_face_cards": "ten"}, "KS", 10),
        ("george2500", {"upcard_count": "additional"}, "KS", 14),
        # A permanent wild counts upcard_wild_cards, read like any upcard's number: seed 000,
        # "When permanent wild cards are used, they usually correspond to a larger number of
        # cards, such as 15, 20 or even 25", and "a player who receives a two as an upcard will
        # be dealt another 15 or 20 cards, according to what dealing variant is used".
        ("rummy5000", {"wild_ranks": ["2"], "upcard_wild_cards": 15}, "2C", 16),  # 15 more
        ("rummy5000", {"wild_ranks": ["2"], "upcard_wild_cards": 20}, "2C", 21),
        ("rummy5000", {"jokers": 2, "upcard_wild_cards": 25}, "JK", 26),
        ("rummy5000", {"wild_cards": ["JS", "JH"], "upcard_wild_cards": 15}, "JH", 16),
        ("rummy5000", {"wild_cards": ["JS", "JH"], "upcard_wild_cards": 15}, "JD", 11),
        ("rummy5000", {"upcard_wild_cards": 15}, "2C", 3),  # no permanent wilds: a plain 2
        ("george2500", {"jokers": 2, "upcard_wild_cards": 15}, "JK", 15),  # total: 15 in all
    ],
)
def test_upcard_hand_size(preset: str, options: dict[str, object], upcard: str, hand: int) -> None:
    assert upcard_hand_size(rules_for(preset, options), Card.from_code(upcard)) == hand


@pytest.mark.parametrize(
    ("options", "upcard", "redeal"),
    [
        ({"upcard_min_rank": "4"}, "2S", True),
        ({"upcard_min_rank": "4"}, "3H", True),
        ({"upcard_min_rank": "4"}, "4D", False),
        ({"upcard_min_rank": "4"}, "AC", False),  # an ace counts high here
        ({"upcard_min_rank": "4"}, "KC", False),
        ({}, "2S", False),
        ({}, "AC", False),
        ({"jokers": 2}, "JK", True),  # jokers are wild by default
        ({"jokers": 2, "jokers_wild": False}, "JK", True),  # a plain joker has no number
        ({"wild_ranks": ["2"]}, "2S", True),
        ({"wild_ranks": ["2"]}, "3S", False),
        ({"wild_cards": ["JS", "JH"]}, "JH", True),
        ({"wild_cards": ["JS", "JH"]}, "JD", False),
        # upcard_wild_cards null (the default): "some play that a wild card dealt as an upcard is
        # buried in the pack and replaced by another card" (seed 000). A number keeps it.
        ({"jokers": 2, "upcard_wild_cards": 15}, "JK", False),
        ({"wild_ranks": ["2"], "upcard_wild_cards": 15}, "2S", False),
        ({"wild_cards": ["JS", "JH"], "upcard_wild_cards": 15}, "JH", False),
        ({"jokers": 2, "jokers_wild": False, "upcard_wild_cards": 15}, "JK", True),  # no number
        # Wild twos are seed 000's "Another way to avoid the smallest hands": a wild 2 stays even
        # below upcard_min_rank, while a plain 3 still goes back.
        ({"wild_ranks": ["2"], "upcard_wild_cards": 15, "upcard_min_rank": "4"}, "2S", False),
        ({"wild_ranks": ["2"], "upcard_wild_cards": 15, "upcard_min_rank": "4"}, "3S", True),
        ({"wild_ranks": ["2"], "upcard_min_rank": "4"}, "2S", True),
    ],
)
def test_needs_redeal(options: dict[str, object], upcard: str, redeal: bool) -> None:
    assert needs_redeal(rules_for("rummy5000", options), Card.from_code(upcard)) is redeal


@pytest.mark.parametrize(
    ("preset", "options", "round_number", "dealer_upcard", "wild_rank"),
    [
        ("rummy5000", {}, 1, "4C", "4"),
        ("rummy5000", {}, 7, "10H", "10"),
        ("rummy5000", {}, 1, None, None),
        ("rummy500", {}, 1, "4C", None),
        ("rummy500", {"round_wild": "progression"}, 1, None, "A"),
        ("rummy500", {"round_wild": "progression"}, 2, None, "2"),
        ("rummy500", {"round_wild": "progression"}, 10, "4C", "10"),
        ("rummy500", {"round_wild": "progression"}, 11, None, "J"),
        ("rummy500", {"round_wild": "progression"}, 13, None, "K"),
        ("rummy500", {"round_wild": "progression"}, 14, None, None),
    ],
)
def test_round_wild_rank(
    preset: str,
    options: dict[str, object],
    round_number: int,
    dealer_upcard: str | None,
    wild_rank: str | None,
) -> None:
    upcard = Card.from_code(dealer_upcard) if dealer_upcard else None
    assert round_wild_rank(rules_for(preset, options), round_number, upcard) == wild_rank


@pytest.mark.parametrize(
    ("rotation", "dealer", "winner", "following"),
    [
        ("left", "Ann", None, "Bob"),
        ("left", "Dee", None, "Ann"),
        ("right", "Ann", None, "Dee"),
        ("right", "Cy", None, "Bob"),
        ("winner", "Ann", "Cy", "Cy"),
        ("winner", "Ann", None, None),
        ("left", "Ann", "Cy", "Bob"),
    ],
)
def test_next_dealer(rotation: str, dealer: str, winner: str | None, following: str) -> None:
    rules = rules_for("rummy500", {"dealer_rotation": rotation})
    assert next_dealer(rules, SEATS, dealer, winner) == following


def test_plan_deal_api_example() -> None:
    plan = plan_deal(
        rules_for("rummy5000"),
        SEATS,
        "Dee",
        cards(Ann="7H", Bob="KS", Cy="AD", Dee="4C"),
        round_number=1,
    )
    assert plan.cards == {"Ann": 8, "Bob": 11, "Cy": 12, "Dee": 5}
    assert plan.wild_rank == "4"
    assert plan.next_dealer == "Ann"
    assert plan.redeal == []


def test_plan_deal_redeals_low_and_wild_upcards() -> None:
    rules = rules_for("rummy5000", {"upcard_min_rank": "4", "jokers": 2})
    plan = plan_deal(rules, SEATS, "Dee", cards(Ann="2H", Bob="JK", Cy="AD", Dee="3C"))
    assert plan.redeal == ["Ann", "Bob", "Dee"]
    assert plan.cards == {"Cy": 12}
    assert plan.wild_rank is None  # the dealer's upcard goes back, so the wild rank is not known


@pytest.mark.parametrize(("players", "hand"), [(["Ann", "Bob"], 13), (SEATS, 7)])
def test_plan_deal_fixed(players: list[str], hand: int) -> None:
    plan = plan_deal(rules_for("rummy500"), players, players[0])
    assert plan.cards == dict.fromkeys(players, hand)
    assert plan.redeal == []
    assert plan.wild_rank is None


@pytest.mark.parametrize(
    ("players", "dealer", "upcards", "winner", "named"),
    [
        (SEATS, "Eve", {"Ann": "7H", "Bob": "KS", "Cy": "AD", "Dee": "4C"}, None, "'Eve'"),
        (SEATS, "Ann", {"Ann": "7H", "Bob": "KS", "Cy": "AD"}, None, "Dee"),
        (
            SEATS,
            "Ann",
            {"Ann": "7H", "Bob": "KS", "Cy": "AD", "Dee": "4C", "Eve": "5C"},
            None,
            "'Eve'",
        ),
        (SEATS, "Ann", {"Ann": "7H", "Bob": "7H", "Cy": "AD", "Dee": "4C"}, None, "7H"),
        (SEATS, "Ann", {"Ann": "7H", "Bob": "JK", "Cy": "AD", "Dee": "4C"}, None, "JK"),
        (SEATS, "Ann", {"Ann": "7H", "Bob": "KS", "Cy": "AD", "Dee": "4C"}, "Zed", "'Zed'"),
        (["Ann", "Ann"], "Ann", {"Ann": "7H"}, None, "Ann"),
        (["Ann"], "Ann", {"Ann": "7H"}, None, "2 players"),
    ],
)
def test_plan_deal_rejects(
    players: list[str], dealer: str, upcards: dict[str, str], winner: str | None, named: str
) -> None:
    with pytest.raises(DealError, match=named):
        plan_deal(rules_for("rummy5000"), players, dealer, cards(**upcards), winner=winner)


def test_plan_deal_rejects_an_omitted_rank() -> None:
    with pytest.raises(DealError, match="2H"):
        plan_deal(rules_for("george2500"), ["Ann", "Bob"], "Ann", cards(Ann="2H", Bob="5S"))


def test_two_packs_hold_two_of_a_card() -> None:
    plan = plan_deal(rules_for("george2500"), ["Ann", "Bob"], "Bob", cards(Ann="7H", Bob="7H"))
    assert plan.cards == {"Ann": 7, "Bob": 7}
    assert plan.wild_rank == "7"


def test_plan_deal_keeps_wild_upcards_that_count_a_number() -> None:
    """Seed 000: "When permanent wild cards are used, they usually correspond to a larger number
    of cards, such as 15, 20 or even 25." The dealer's wild upcard still names the round's wild
    rank ("The dealer's first card (the one dealt face up) is wild for the current deal")."""
    rules = rules_for("rummy5000", {"jokers": 2, "wild_ranks": ["2"], "upcard_wild_cards": 20})
    plan = plan_deal(rules, SEATS, "Dee", cards(Ann="JK", Bob="KS", Cy="3D", Dee="2C"))
    assert plan.redeal == []
    assert plan.cards == {"Ann": 21, "Bob": 11, "Cy": 4, "Dee": 21}
    assert plan.wild_rank == "2"  # already wild: the round adds no other rank


def test_a_dealers_joker_upcard_names_no_wild_rank() -> None:
    rules = rules_for("rummy5000", {"jokers": 2, "upcard_wild_cards": 15})
    plan = plan_deal(rules, SEATS, "Dee", cards(Ann="7H", Bob="KS", Cy="3D", Dee="JK"))
    assert plan.redeal == [] and plan.cards["Dee"] == 16
    assert plan.wild_rank is None


def test_without_upcard_wild_cards_wild_upcards_still_go_back() -> None:
    """Today's behaviour stays the default: the wild upcard goes back and another is dealt."""
    rules = rules_for("rummy5000", {"jokers": 2, "wild_ranks": ["2"]})
    assert rules.upcard_wild_cards is None
    plan = plan_deal(rules, SEATS, "Dee", cards(Ann="JK", Bob="KS", Cy="3D", Dee="2C"))
    assert plan.redeal == ["Ann", "Dee"]
    assert plan.cards == {"Bob": 11, "Cy": 4}
    assert plan.wild_rank is None
