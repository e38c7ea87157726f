"""The brute-force oracle the show check and the loser count are held against (the property
tests in test_show.py and tests/benchmarks/bench_indian.py): slow and plainly right, sharing no
code with :mod:`scorekeeper.systems.indian.show`.

Every group of three or more of the hand's cards (by position: two packs' identical cards are
two positions) is judged on its own, trying every choice of which wild-rank cards stand as
themselves, with every wild standing in anywhere it can (no fewest-wilds shortcut); then every
collection of disjoint groups is weighed, remembered by the positions still open. The tests
below hold the oracle itself to hands counted by hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import pytest

from scorekeeper.engine.cards import Card
from scorekeeper.systems.indian.melds import cards

INF = 1 << 40
SET, IMPURE, PURE = 0, 1, 2


def card_points(card: Card, wild_rank: str | None) -> int:
    """A K Q J 10 count 10, 2–9 their face, wilds 0 (RULES.md)."""
    if card.is_joker or card.rank == wild_rank:
        return 0
    return 10 if card.number in (1, 10, 11, 12, 13) else card.number


def group_kind(group: Sequence[Card], wild_rank: str | None) -> int | None:
    """The best a group can be (PURE, IMPURE or SET), or None: each wild-rank card either
    stands as itself or stands in; printed jokers always stand in."""
    jokers = sum(1 for card in group if card.is_joker)
    cut = [card for card in group if not card.is_joker and card.rank == wild_rank]
    plain = [card for card in group if not card.is_joker and card.rank != wild_rank]
    best: int | None = None
    for choice in range(1 << len(cut)):
        own = plain + [card for bit, card in enumerate(cut) if choice >> bit & 1]
        standing_in = jokers + sum(1 for bit in range(len(cut)) if not choice >> bit & 1)
        if not own:
            continue  # wilds alone
        size = len(own) + standing_in
        if (
            len({c.rank for c in own}) == 1
            and len({c.suit for c in own}) == len(own)
            and 3 <= size <= 4
        ):
            best = SET if best is None else max(best, SET)
        if len({c.suit for c in own}) == 1 and 3 <= size <= 13:
            numbers = [c.number for c in own]
            if len(set(numbers)) == len(numbers):
                for ace in (1, 14):
                    places = [ace if n == 1 else n for n in numbers]
                    if max(places) - min(places) + 1 <= size:
                        kind = IMPURE if standing_in else PURE
                        best = kind if best is None else max(best, kind)
    return best


def _combine(effect: int, have: tuple[int, int]) -> tuple[int, int]:
    """(sequences, pure ones) after one more group, each capped at 2 and 1."""
    sequences, pure = have
    if effect == SET:
        return have
    return min(sequences + 1, 2), max(pure, 1 if effect == PURE else 0)


def _search(hand: Sequence[Card], wild_rank: str | None, price: Sequence[int]) -> int:
    """The least price of the cards in no group over every collection of disjoint groups with
    a pure sequence and a second sequence (INF: none has)."""
    size = len(hand)
    groups: list[list[tuple[int, int]]] = [[] for _ in range(size)]
    plain = [
        None if card.is_joker or card.rank == wild_rank else (card.suit, card.rank) for card in hand
    ]

    def grow(position: int, mask: int, suits: frozenset[str], ranks: frozenset[str]) -> None:
        # every subset, skipping those whose plain cards mix suits and ranks (nor can any
        # subset that holds them be a group)
        if position == size:
            if mask.bit_count() >= 3:
                kind = group_kind([hand[i] for i in range(size) if mask >> i & 1], wild_rank)
                if kind is not None:
                    groups[(mask & -mask).bit_length() - 1].append((mask, kind))
            return
        grow(position + 1, mask, suits, ranks)
        card = plain[position]
        more_suits = suits if card is None else suits | {card[0]}
        more_ranks = ranks if card is None else ranks | {card[1]}
        if len(more_suits) < 2 or len(more_ranks) < 2:
            grow(position + 1, mask | 1 << position, more_suits, more_ranks)

    grow(0, 0, frozenset(), frozenset())

    @cache
    def least(open_cards: int, have: tuple[int, int]) -> int:
        if not open_cards:
            return 0 if have == (2, 1) else INF
        first = (open_cards & -open_cards).bit_length() - 1
        best = price[first] + least(open_cards & ~(1 << first), have)
        for mask, kind in groups[first]:
            if mask & open_cards == mask:
                best = min(best, least(open_cards & ~mask, _combine(kind, have)))
        return best

    found = least((1 << size) - 1, (0, 0))
    least.cache_clear()  # the cache refers to itself through the closure: freed now, not at a GC
    return found


def brute_show(hand: Sequence[Card], wild_rank: str | None) -> bool:
    """Whether every card can be in a group, with a pure sequence and a second sequence."""
    return _search(hand, wild_rank, [INF] * len(hand)) == 0


def brute_count(hand: Sequence[Card], wild_rank: str | None, cap: int = 80) -> int:
    """What a loser pays: the least points left over an arrangement with a pure sequence and a
    second sequence, else every card's; at most ``cap``."""
    prices = [card_points(card, wild_rank) for card in hand]
    found = _search(hand, wild_rank, prices)
    return min(cap, found if found < INF else sum(prices))


@pytest.mark.parametrize(
    ("hand", "wild", "valid"),
    [
        ("2H 3H 4H 5C 6C JK 9S 9D 9C KD KS KH KC", "7", True),
        # two sequences, neither pure
        ("5H 6H JK 8C 9C 7S 9S 9D 9C KD KS KH KC", "7", False),
        # the 7H in its own place: pure
        ("5H 6H 7H 8C 9C 7S 9S 9D 9C KD KS KH KC", "7", True),
    ],
)
def test_the_oracle_judges_shows_counted_by_hand(hand: str, wild: str, valid: bool) -> None:
    assert brute_show(cards(hand), wild) is valid


@pytest.mark.parametrize(
    ("hand", "wild", "paid"),
    [
        # 2H 3H 4H pure, 5C 6C 7S and 9S 9D JK: 2C 8D KH AS left, 2 + 8 + 10 + 10
        ("2H 3H 4H 5C 6C JK 9S 9D 2C 7S 8D KH AS", "7", 30),
        # no pure sequence: every card, 88, capped
        ("5H 6H JK 8C 9C 7S 9S 9D 2C KD KS KH AC", "7", 80),
    ],
)
def test_the_oracle_counts_hands_counted_by_hand(hand: str, wild: str, paid: int) -> None:
    assert brute_count(cards(hand), wild) == paid
