"""Past its budget the arrangement still hands back a good start: the split found, with the
cards it left out placed where the referee allows (``arrange.greedy``)."""

import random
import sys
from collections import Counter
from pathlib import Path

from scorekeeper.engine.arrange import _plain_melds, arrange
from scorekeeper.engine.arrange.greedy import extend
from scorekeeper.engine.cards import parse_cards
from scorekeeper.engine.melds import check_meld
from scorekeeper.engine.points import Context
from scorekeeper.engine.presets import rules_for

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from arrange_corpus import MIXES, make_pile


def test_the_cards_left_go_where_the_referee_allows() -> None:
    ctx = Context(rules_for("rummy500", {"jokers": 2}))
    pile = parse_cards(["5S", "6S", "7S", "8S", "9H", "9D", "9C", "4D", "JK"])
    hearts = parse_cards(["10H", "JH", "QH"])
    run = tuple(pile[:3])
    groups = extend(pile, ctx, [hearts], [(run, None, check_meld(run, ctx))])
    placed = Counter(card for cards, _, _ in groups for card in cards)
    assert placed[parse_cards(["8S"])[0]] == 1  # onto the run
    assert any(onto == 0 for _, onto, _ in groups)  # 9H laid off onto the hearts
    for cards, onto, verdict in groups:
        assert verdict.legal
        assert verdict == check_meld(cards, ctx, hearts if onto == 0 else ())
    assert sum(placed.values()) >= 8


def test_an_answer_past_the_budget_places_at_least_the_plain_melds() -> None:
    """On corpus piles with a budget far too small to finish: every group legal, every card
    used once, and never fewer cards placed than the natural runs and sets alone."""
    rng = random.Random(8)
    compared = 0
    for mix in MIXES[::3]:
        pile = make_pile(rng, mix, 30)
        ctx = pile.context()
        result = arrange(pile.cards, ctx, pile.table, budget=300)
        groups = (*result.melds, *result.layoffs)
        for group in groups:
            base = pile.table[group.onto] if group.onto is not None else ()
            assert check_meld(group.cards, ctx, base) == group.verdict
            assert group.verdict.legal
        used = Counter(card for group in groups for card in group.cards) + Counter(result.unplaced)
        assert used == Counter(pile.cards)
        if not result.exact:
            compared += 1
            assert result.score[0] >= _plain_melds(pile.cards, ctx).score[0]
    assert compared >= 5
