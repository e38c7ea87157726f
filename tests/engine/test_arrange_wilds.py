"""Where the wild cards left go (``arrange.wilds``): the quick test that wild cards alone could
make a meld never refuses a meld the referee allows; the work they and the referee do is charged
to the budget."""

import sys
from collections import Counter
from itertools import combinations_with_replacement
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.arrange import arrange
from scorekeeper.engine.arrange.budget import Budget, BudgetSpent
from scorekeeper.engine.arrange.candidates import _Candidates
from scorekeeper.engine.arrange.model import _PileModel
from scorekeeper.engine.arrange.wilds import _LeftoverWilds
from scorekeeper.engine.cards import ALL_CARDS, Card, parse_cards
from scorekeeper.engine.melds import check_meld
from scorekeeper.engine.points import Context
from scorekeeper.engine.presets import rules_for

from .test_arrange_direct import RULES, context, wilds_of

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from arrange_corpus import PATHOLOGICAL


def _within_packs(ctx: Context, cards: tuple[Card, ...]) -> bool:
    most = {card: ctx.rules.jokers if card.is_joker else ctx.packs for card in cards}
    return all(n <= most[card] for card, n in Counter(cards).items())


def _checked(preset: str, options: dict[str, object], wild_rank: str | None) -> int:
    """Every meld of three or four of the round's wild cards the referee allows passes the
    quick test; how many there were."""
    ctx = context(preset, options, wild_rank, packs=2 if options.get("decks") == 2 else 1)
    leftover = _LeftoverWilds(_PileModel(ctx, [], (), by_count=False))
    allowed = 0
    for size in (3, 4):
        for cards in combinations_with_replacement(wilds_of(ctx), size):
            if _within_packs(ctx, cards) and check_meld(cards, ctx).legal:
                allowed += 1
                assert leftover.may_meld_alone(cards), cards
    return allowed


@pytest.mark.parametrize(("preset", "options", "wild_rank"), RULES)
def test_wilds_alone_never_refused_where_the_referee_allows_them(
    preset: str, options: dict[str, object], wild_rank: str | None
) -> None:
    _checked(preset, options, wild_rank)


def test_the_rules_with_a_wild_limit_reach_melds_of_wilds_alone() -> None:
    limited = [rule for rule in RULES if rule[1].get("wild_limit", "none") != "none"]
    reached = [rule for rule in limited if _checked(*rule)]
    assert len(reached) >= 6  # else the test above would hold without looking at any meld


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_wilds_alone_random_bigger_melds(data: st.DataObject) -> None:
    preset, options, wild_rank = data.draw(st.sampled_from(RULES))
    ctx = context(preset, options, wild_rank, packs=2)
    cards = tuple(data.draw(st.lists(st.sampled_from(wilds_of(ctx)), min_size=5, max_size=7)))
    leftover = _LeftoverWilds(_PileModel(ctx, [], (), by_count=False))
    if _within_packs(ctx, cards) and check_meld(cards, ctx).legal:
        assert leftover.may_meld_alone(cards)


def test_every_grouping_of_the_wilds_left_is_charged_to_the_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Pathological pile (b) (sixteen wilds of eleven kinds): with one wild a group, hundreds of
    groupings of the wilds left are tried at the leaves. Each is charged, so the work the answer
    reports bounds them (uncharged, they once took 2.6 s of a 200,000-step answer)."""
    tried = 0
    ask = _LeftoverWilds.may_meld_alone

    def counted(self: _LeftoverWilds, cards: tuple[Card, ...]) -> bool:
        nonlocal tried
        tried += 1
        return ask(self, cards)

    monkeypatch.setattr(_LeftoverWilds, "may_meld_alone", counted)
    case = PATHOLOGICAL[1]
    answer = arrange(case.cards, case.context(), budget=30_000)
    assert tried > 500  # the leaves did try many groupings
    assert tried * 2 <= answer.work


def _many_wild_ranks() -> Context:
    """5000 with four packs, eight jokers, twos, threes, fives and sixes wild besides the round's
    fours (twenty kinds of wild card), wilds fewer than naturals in a meld, jokers as
    represented: wilds told apart one by one."""
    options = {"decks": 4, "jokers": 8, "wild_ranks": ["2", "3", "5", "6"]}
    limits = {"wild_limit": "naturals_majority", "joker_points": "as_represented"}
    return Context(rules_for("rummy5000", {**options, **limits}), "4", packs=4)


def test_the_referee_is_charged_by_the_wilds_it_must_place() -> None:
    """A referee's call costs far more where the group is all wild (every rank and suit the meld
    could be of): such calls are charged as much, so that a pile of wilds only stops at the
    budget in about the time the budget stands for (a 21-card pile of them once took 1.5 s)."""
    model = _PileModel(_many_wild_ranks(), [], (), by_count=False)
    model.budget = Budget(10**6)
    model._exact(tuple(parse_cards(["8S", "9S", "10S"])), None)
    natural = model.budget.used
    model._exact(tuple(parse_cards(["2S", "3S", "4S"])), None)  # all three wild
    alone = model.budget.used - natural
    assert natural == 12 and alone >= 10 * natural


def test_the_choices_of_many_kinds_of_wild_stop_at_the_budget() -> None:
    """Twenty kinds of wild, two of each: the choices of ten of them number in the millions.
    Making them is charged, so a small budget stops it at once."""
    ctx = _many_wild_ranks()
    wild = [card for card in ALL_CARDS if ctx.is_wild(card)]
    model = _Candidates(ctx, [], tuple(wild * 2), by_count=False)
    assert len(model.kinds) == 20
    model.budget = Budget(1_000, grace=1.0)
    with pytest.raises(BudgetSpent):
        model._vectors(10)
