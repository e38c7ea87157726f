"""The pile's ceiling (every card placed, each at the most it can score) and the answers it
proves: a split that reaches it is the best, whichever search found it and however much of the
budget was left."""

import importlib
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.arrange import Arrangement, arrange
from scorekeeper.engine.arrange.budget import Budget
from scorekeeper.engine.arrange.model import _PileModel
from scorekeeper.engine.arrange.search import _Solver
from scorekeeper.engine.brute import best_score
from scorekeeper.engine.cards import ALL_CARDS, JOKER_CARD, Card, parse_cards
from scorekeeper.engine.points import Context
from scorekeeper.engine.presets import rules_for

from .test_arrange import check_split, deals

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from arrange_corpus import PATHOLOGICAL

# The package, not the function of the same name that scorekeeper.engine exports.
arrange_module = importlib.import_module("scorekeeper.engine.arrange")


def ceiling(pile: list[Card], ctx: Context, table: list[list[Card]]) -> tuple[int, int]:
    return _PileModel(ctx, [tuple(m) for m in table], tuple(pile), by_count=False).ceiling()


@settings(
    max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(deals())
def test_no_split_passes_the_ceiling(deal: tuple[Context, list[Card], list[list[Card]]]) -> None:
    """Against the brute force under random house rules: the best split never places more
    cards than the ceiling, and where it places as many, never scores more."""
    ctx, pile, table = deal
    placed, points, _ = best_score(pile, ctx, table)
    most_cards, most_points = ceiling(pile, ctx, table)
    assert placed <= most_cards
    if placed == most_cards:
        assert points <= most_points


def test_a_split_at_the_ceiling_is_exact_though_the_search_ran_out() -> None:
    """Pathological pile (a) (5000, jokers priced as represented, naturals_majority, nines wild):
    neither exact search finishes within the budget, but the DP's beam finds a split of all 30
    cards scoring 1,140, every card at the most it can score (the nines 100 each as wild, the
    jokers 100 as aces): no split can beat it, so the answer is exact."""
    case = PATHOLOGICAL[0]
    ctx = case.context()
    pile = case.cards
    assert ceiling(pile, ctx, []) == (30, 1140)
    answer = arrange(pile, ctx)
    check_split(pile, ctx, [], answer)
    assert answer.exact
    assert answer.score[:2] == (30, 1140)


# 500 piles, one-eyed jacks and jokers wild, wilds fewer than naturals in every meld (corpus
# piles the search took 90 and 170 ms over: their candidate groups, one for each choice of
# wilds). The second has one joker: half its choices of wilds hold one wild or none.
ONE_EYED = {
    "two jokers, table melds": (
        "QD QC 6S 10S 10C 3D 9D QS 6H 8S 7H 6C 7S 10D 8C 7C JH JK 3C 9H 3S 9C 7D 4D 6D 10H QH JK "
        "9S JS",
        ["5C 5H 5S 5D", "KH KS KD", "AC AD AH AS"],
        (30, 247),
    ),
    "one joker": (
        "AD 3S 5D 7S 9S 6C JH AH 10D AC AS 3C JC 3D 10S 5C QC 8H 7C 8C 8S 4C 10H 4D 9C 6S 2D JS "
        "JK 10C",
        [],
        (30, 252),
    ),
}


def _one_eyed(name: str) -> tuple[Context, list[Card], list[list[Card]], tuple[int, int]]:
    codes, melds, most = ONE_EYED[name]
    options = {"jokers": 2, "wild_cards": ["JS", "JH"], "wild_limit": "naturals_majority"}
    table = [parse_cards(meld.split()) for meld in melds]
    return Context(rules_for("rummy500", options)), parse_cards(codes.split()), table, most


@pytest.mark.parametrize("name", ONE_EYED)
def test_groups_of_one_wild_first_reach_the_ceiling(name: str) -> None:
    """The search over groups of one wild at most places every card at its most: exact, with
    a small part of the work the whole search takes, and the same score."""
    ctx, pile, table, most = _one_eyed(name)
    assert ceiling(pile, ctx, table) == most
    answer = arrange(pile, ctx, table)
    check_split(pile, ctx, table, answer)
    assert answer.exact and answer.score[:2] == most
    assert answer.work <= arrange_module.NARROW_BUDGET


@pytest.mark.parametrize("name", ONE_EYED)
def test_without_the_narrow_groups_the_search_finds_the_same(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    ctx, pile, table, _ = _one_eyed(name)
    narrow = arrange(pile, ctx, table)
    monkeypatch.setattr(arrange_module, "NARROW_FROM", 10**6)
    whole = arrange(pile, ctx, table)
    assert whole.exact and whole.score[:2] == narrow.score[:2]
    assert whole.work > 2 * narrow.work


# 5000 with two packs and four jokers priced as what they stand for, wilds fewer than naturals in
# every meld: the house mix of the benchmark's slowest piles.
MAJORITY_5000 = {
    "decks": 2,
    "jokers": 4,
    "wild_limit": "naturals_majority",
    "joker_points": "as_represented",
}


def _exact_at_ceiling(
    codes: str, wild_rank: str, most: tuple[int, int]
) -> tuple[Context, list[Card], Arrangement]:
    """A MAJORITY_5000 pile whose ceiling is ``most``, arranged: a legal split, exact, there."""
    ctx = Context(rules_for("rummy5000", MAJORITY_5000), wild_rank, packs=2)
    pile = parse_cards(codes.split())
    assert ceiling(pile, ctx, []) == most
    answer = arrange(pile, ctx)
    check_split(pile, ctx, [], answer)
    assert answer.exact and answer.score[:2] == most
    return ctx, pile, answer


# A 5000 pile (2 packs, jokers priced as represented, naturals_majority, fives wild): seven wild
# cards among 30. The benchmark corpus's slowest pile: it answered 29 cards placed, not exact,
# after the whole budget (making every candidate group took the search's share).
TWO_WILDS = (
    "QS JD 5D 10D JS 10D 7S KH 6S 8H 5S 9D 3S QD JK 10S JK 6H AD 2S 9D 7H 9S 8S KD JK AS 5H 8D 5S"
)


def test_groups_of_two_wilds_reach_the_ceiling_where_one_wild_does_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No split of groups of one wild at most reaches the ceiling (KH needs a set with KD and
    a wild, and every wild is wanted elsewhere); of two at most, one does: exact, with every
    card placed, in a fraction of the budget."""
    ctx, pile, answer = _exact_at_ceiling(TWO_WILDS, "5", (30, 1050))
    assert answer.work <= len(arrange_module.NARROW_WILDS) * arrange_module.NARROW_BUDGET
    # The narrowed searches alone: with groups of one wild, none reaches the ceiling.
    monkeypatch.setattr(arrange_module, "NARROW_WILDS", (1,))
    assert arrange_module._narrowed(tuple(pile), ctx, [], Budget(10**6), (30, 1050), {}) is None


# A 500 pile, two jokers priced as what they stand for (a corpus pile of 40 cards and three
# table melds): of its 2,781 candidate groups, 158 score every card at its most.
PRICED = (
    "6S 7S KC 7H JK 3C 9D KD 2C 5H JD 7D 6C 4H 6H AC 2H QC 5C 7C "
    "2D 2S QD 10D 5D 4C 5S JK 3H 9C 3S 3D 9S 6D JC 8C 4S 4D 10C AD"
)
PRICED_TABLE = ["10S JS QS KS AS", "8S 8D 8H", "9H 10H JH QH KH AH"]


def _priced() -> tuple[Context, list[Card], list[list[Card]]]:
    ctx = Context(rules_for("rummy500", {"jokers": 2, "joker_points": "as_represented"}))
    table = [parse_cards(meld.split()) for meld in PRICED_TABLE]
    return ctx, parse_cards(PRICED.split()), table


def test_the_groups_that_lose_no_points_reach_the_ceiling_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Searched first among the groups in which every card scores its most, the split at the
    ceiling is found and proved with the fewest groups in a seventh of the work the search
    among every group takes, and it is the same."""
    ctx, pile, table = _priced()
    assert ceiling(pile, ctx, table) == (40, 283)
    first = arrange(pile, ctx, table)
    check_split(pile, ctx, table, first)
    assert first.exact and first.fewest
    monkeypatch.setattr(arrange_module, "CEILING_BUDGET", 0)
    whole = arrange(pile, ctx, table)
    assert whole.exact and whole.fewest
    assert whole.score == first.score == (40, 283, -7)
    assert whole.work > 5 * first.work


WILD_ACES = (
    "5S 7S 4S 8S 5H 8S AS 9C 6S 6C 9S 4H 8H 7C 7H 9H JK AH 8C AC JK 5C AS 8D 6H 10H 3S 8H JK AH"
)


def test_wild_aces_melded_as_themselves_reach_the_ceiling() -> None:
    """5000, aces the round's wild rank, four jokers priced as represented (naturals_majority):
    the five aces meld as a set of aces in their own place, so a joker-only check of which
    cards some lossless group holds must not stand for every wild (exact at the ceiling)."""
    _exact_at_ceiling(WILD_ACES, "A", (30, 1415))


PRICED_JOKERS = [
    ("rummy500", {"jokers": 2, "joker_points": "as_represented"}),
    ("rummy500", {"jokers": 4, "joker_points": "as_represented", "around_the_corner": True}),
    ("rummy500", {"jokers": 3, "joker_points": "as_represented", "wild_sets": True}),
    (
        "rummy5000",
        {
            "decks": 2,
            "jokers": 4,
            "joker_points": "as_represented",
            "wild_limit": "naturals_majority",
        },
    ),
]


@st.composite
def priced_piles(draw: st.DrawFn) -> tuple[Context, list[Card], list[list[Card]]]:
    """Piles of 2-4 jokers priced as represented and up to 9 natural cards of a few suits."""
    preset, options = draw(st.sampled_from(PRICED_JOKERS))
    rules = rules_for(preset, options)
    ctx = Context(rules, draw(st.none() | st.just("9")), packs=2)
    suits = draw(st.lists(st.sampled_from("SHDC"), min_size=1, max_size=2, unique=True))
    pool = [c for c in ALL_CARDS if c.suit in suits]
    naturals = draw(st.lists(st.sampled_from(pool), min_size=2, max_size=9))
    jokers = [JOKER_CARD] * draw(st.integers(2, rules.jokers))
    table = draw(st.lists(st.sampled_from([["QS", "KS", "AS"], ["7H", "7D", "7C"]]), max_size=1))
    return ctx, naturals + jokers, [parse_cards(meld) for meld in table]


@settings(
    max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(priced_piles())
def test_groups_made_for_the_ceiling_then_completed_are_every_group(
    deal: tuple[Context, list[Card], list[list[Card]]],
) -> None:
    """With jokers priced as represented the groups are made in two goes (those whose jokers
    could each score their most, then the rest): the first holds every group that loses no
    points, and the two together are the groups made in one go, each once."""
    ctx, pile, table = deal
    melds = [tuple(m) for m in table]
    first = _Solver(ctx, melds, tuple(pile), by_count=False)
    first.ceiling_only = True
    ceiling_groups = Counter(first.candidates())
    lossless = first.lossless()
    whole = _Solver(ctx, melds, tuple(pile), by_count=False)
    every = Counter(whole.candidates())
    assert Counter(first.completed()) == every
    assert Counter(lossless or []) == Counter(whole.lossless() or [])
    assert (lossless is None) == (whole.lossless() is None)
    assert Counter(lossless or []) <= ceiling_groups
