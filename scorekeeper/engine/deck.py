"""What the packs hold: the deck a round is played with, and the physical limit check.

>>> from .rules import Rules
>>> deck = deck_counts(Rules().with_options({"jokers": 2, "omit_ranks": ["2"]}), packs=2)
>>> deck[Card.from_code("5S")], deck[Card.from_code("2S")], deck[Card.from_code("JK")]
(2, 0, 2)
>>> overused(parse_cards(["5S", "5S", "JK"]), Rules(), packs=1)
['5S twice, but one pack holds it once.', 'JK, but these rules play without jokers (jokers).']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from .cards import ALL_CARDS, JOKER_CARD, Card, parse_cards, rank_name
from .rules import Rules

__all__ = ["deck_counts", "overused", "parse_cards"]


def deck_counts(rules: Rules, packs: int) -> Counter[Card]:
    """How many of each card the packs hold under these rules."""
    counts: Counter[Card] = Counter()
    for card in ALL_CARDS:
        if card.rank not in rules.omit_ranks:
            counts[card] = packs
    if rules.jokers:
        counts[JOKER_CARD] = rules.jokers
    return counts


def _times(count: int) -> str:
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def overused(cards: Iterable[Card], rules: Rules, packs: int) -> list[str]:
    """Every card that appears more often than the packs hold: a mis-tap, not a house rule."""
    deck = deck_counts(rules, packs)
    problems = []
    for card, count in sorted(Counter(cards).items()):
        held = deck[card]
        if count <= held:
            continue
        seen = card.code() if count == 1 else f"{card} {_times(count)}"
        if card.is_joker:
            problems.append(
                f"{seen}, but these rules play without jokers (jokers)."
                if not held
                else f"{seen}, but these rules play with {held} (jokers)."
            )
        elif not held:
            problems.append(
                f"{seen}, but these rules take the {rank_name(card.rank, True)} out "
                "of the pack (omit_ranks)."
            )
        else:
            pack_words = "one pack holds" if packs == 1 else f"{packs} packs hold"
            problems.append(f"{seen}, but {pack_words} it {_times(held)}.")
    return problems
