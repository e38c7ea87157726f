"""The bound on points lost (``arrange.lost``): where jokers are priced as the card they stand
for, what the cards left must still lose wherever they go. It may only cut what cannot beat the
best split: the answers are the brute force's."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.arrange import arrange
from scorekeeper.engine.arrange.budget import Budget
from scorekeeper.engine.arrange.lost import PointsLost
from scorekeeper.engine.arrange.search import _Solver
from scorekeeper.engine.brute import best_score
from scorekeeper.engine.cards import JOKER_CARD
from scorekeeper.engine.points import Context
from scorekeeper.engine.presets import rules_for

from .test_arrange import cards, check_split, score

JOKERS_AS_REPRESENTED = rules_for("rummy500", {"jokers": 2, "joker_points": "as_represented"})


NEAR_ACES = cards("AS AH AD AC 2S 3S KS QS KH QH JH 10H 9H 5D 6D 7D")

#: Jokers priced as represented beside the round's wild kings (fixed points), one natural more
#: than wilds in a meld: the bound applies, a meld of wild cards only counted as a place for a
#: joker (kings in their own place anchor a set).
JOKERS_BESIDE_WILD_KINGS = rules_for(
    "rummy5000",
    {"jokers": 4, "decks": 2, "joker_points": "as_represented", "wild_limit": "naturals_majority"},
)

#: Where the bound applies: (rules, the round's wild rank, packs, the cards a pile is drawn
#: from, the fewest jokers in it).
PRICED = [
    (JOKERS_AS_REPRESENTED, None, 1, NEAR_ACES, 0),
    (JOKERS_BESIDE_WILD_KINGS, "K", 2, cards("AS AH AD 2S 3S QS KS KH KD KC QH JH 10H 5D 6D"), 1),
]


@settings(
    max_examples=240, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(st.data())
def test_the_bound_on_points_lost_never_cuts_the_best_split(data: st.DataObject) -> None:
    """Aces and jokers priced as represented (alone, or beside wild kings of fixed points and
    melds of wilds alone), where the bound on points lost applies (whether a joker can still
    stand for an ace, an ace still be high): the answer is the brute force's."""
    rules, wild_rank, packs, near, fewest_jokers = data.draw(st.sampled_from(PRICED))
    drawn = data.draw(st.lists(st.sampled_from(near), min_size=2, max_size=7, unique=True))
    pile = [*drawn, *[JOKER_CARD] * data.draw(st.integers(fewest_jokers, 2))]
    ctx = Context(rules, wild_rank, packs=packs)
    result = arrange(pile, ctx)
    check_split(pile, ctx, [], result)
    assert score(result) == best_score(pile, ctx, [])


def test_a_pile_the_bound_on_points_lost_proves(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 40-card Rummy 500 pile with two jokers priced as represented: the search alone once
    took 168,389 steps and stopped at the budget; with the bound on points lost (a joker that
    can no longer stand for an ace) it proves 291 points within the budget, the score the
    search finds without the bound given the work."""
    ctx = Context(JOKERS_AS_REPRESENTED)
    pile = cards(
        "9C QD 7D 4C 9H JK QC 7H 10D 10H KH 8S 5D 5H 2D 8D KC JK 2S 8H 4D 5C 6C 4H QH 2C 8C KS "
        "KD 3D 9S 2H 10C 3H 3C 9D 7S QS 7C JC"
    )
    answer = arrange(pile, ctx)
    assert answer.exact and answer.score[:2] == (40, 291)
    check_split(pile, ctx, [], answer)
    solver = _Solver(ctx, [], tuple(pile), by_count=False)
    solver.budget = Budget(200_000)
    solver.solve()
    assert solver.lost is not None  # the jokers and the aces
    monkeypatch.setattr(PointsLost, "of", classmethod(lambda cls, solver, losses, wb: None))
    without = arrange(pile, ctx, budget=2_000_000)
    assert without.exact and without.score[:2] == (40, 291)


def test_a_pile_beside_wild_kings_the_bound_proves() -> None:
    """A 30-card 5000 pile (jokers as represented, kings wild, naturals majority) the search
    proved in 79,078 steps without the bound: within 20,000 with it, 625 points."""
    ctx = Context(JOKERS_BESIDE_WILD_KINGS, "K", packs=2)
    pile = cards(
        "KH 7H 3D 2S 5H 9D 9S 9C 9H 7C 4S 2C 3S 5D 6H 3H 4D KH KS 4H 7S 2H AH 6D 5C 5S JK 6S 5H 6C"
    )
    answer = arrange(pile, ctx)
    assert answer.exact and answer.score[:2] == (30, 625)
    assert answer.work < 20_000
    check_split(pile, ctx, [], answer)
    solver = _Solver(ctx, [], tuple(pile), by_count=False)
    solver.budget = Budget(200_000)
    solver.solve()
    assert solver.lost is not None  # the jokers, the aces, and melds of wilds alone


def test_the_bound_with_table_melds_counts_layoffs_of_wilds_alone() -> None:
    """With melds on the table a joker may also be laid off alone onto one of them (no
    candidate group holds it there): the bound counts those layoffs as places for it, applies,
    and the answer is still the brute force's."""
    ctx = Context(JOKERS_AS_REPRESENTED)
    pile = cards("AS 2S 3S JK QH KH")
    table = [cards("9H 10H JH")]
    solver = _Solver(ctx, [tuple(m) for m in table], tuple(pile), by_count=False)
    solver.budget = Budget(200_000)
    solver.solve()
    assert solver.lost is not None
    result = arrange(pile, ctx, table)
    check_split(pile, ctx, table, result)
    assert score(result) == best_score(pile, ctx, table)
