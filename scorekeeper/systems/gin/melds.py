"""Gin Rummy's melds and deadwood (RULES.md, "Gin Rummy"). Pure Python, like the rest.

One 52-card pack, no wilds. Aces are low only: A-2-3 is a run, Q-K-A is not. A meld is a set of
3 or 4 cards of a rank, or a run of 3 or more of a suit. Cards count ace 1, 2–10 their face,
J Q K 10; a hand's deadwood is the points of the cards in no meld, with the hand arranged to
leave the least.

Ten or eleven cards make few melds, so :func:`least_deadwood` searches them exactly: it takes
the hand's first card still open and either leaves it in the deadwood or puts it in each meld
it can be in, remembering what each set of open cards can at best leave (2¹¹ sets at most). It
gives every arrangement that leaves the least, since which one the knocker lays down decides
what the defender may lay off.

>>> hand = cards("AS 2S 3S 4S 7H 7D 7C KH KD 5C")
>>> best = least_deadwood(hand)
>>> best.points, [format_meld(meld) for meld in best.arrangements[0].melds]
(25, ['7C 7D 7H', 'AS 2S 3S 4S'])
>>> is_meld(cards("QS KS AS")), is_meld(cards("AS 2S 3S")), is_meld(cards("9H 9D 9C 9S"))
(False, True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

from ...engine.cards import Card, CardError, format_cards, parse_cards

#: A card's points in Gin: ace 1, 2–10 their face, J Q K 10.
_POINTS = {number: min(number, 10) for number in range(1, 14)}

Meld = tuple[Card, ...]


def cards(text: str) -> list[Card]:
    """Cards from codes separated by spaces (``"AS 10H KD"``); a joker is a CardError (Gin
    plays without).

    >>> cards("AS 10H") == [Card("A", "S"), Card("10", "H")]
    True
    """
    parsed = parse_cards(text.split())
    for card in parsed:
        if card.is_joker:
            raise CardError("Gin Rummy plays without jokers")
    return parsed


def points(card: Card) -> int:
    """A card's points: ace 1, 2–10 their face, J Q K 10.

    >>> points(Card("A", "S")), points(Card("7", "D")), points(Card("Q", "C"))
    (1, 7, 10)
    """
    return _POINTS[card.number]


def deadwood_points(deadwood: Iterable[Card]) -> int:
    return sum(points(card) for card in deadwood)


def format_meld(meld: Iterable[Card]) -> str:
    """A meld as its codes: ``7C 7D 7H`` (the pages draw the suits)."""
    return format_cards(meld)


def is_meld(meld: Sequence[Card]) -> bool:
    """Whether ``meld`` is a set (3–4 of a rank, different suits) or a run (3+ of a suit in
    sequence, aces low)."""
    if len(meld) < 3 or len(set(meld)) != len(meld) or any(c.is_joker for c in meld):
        return False
    if len({card.number for card in meld}) == 1:
        return len(meld) <= 4
    if len({card.suit for card in meld}) != 1:
        return False
    numbers = sorted(card.number for card in meld)
    return numbers == list(range(numbers[0], numbers[0] + len(meld)))


def meld_problems(meld: Sequence[Card]) -> list[str]:
    """Why ``meld`` is not a Gin meld, in plain words (empty: it is one).

    >>> meld_problems(cards("QS KS AS"))
    ['Q-K-A is not a run in Gin: aces are low (A-2-3 is)']
    >>> meld_problems(cards("5S 7S 8S"))
    ['5S 7S 8S skips a rank: a run is consecutive']
    >>> meld_problems(cards("7S 7H")), meld_problems(cards("AS 2S 3S"))
    (['a meld has at least 3 cards, not 2'], [])
    """
    problems = []
    shown = format_meld(meld)
    jokers = [card for card in meld if card.is_joker]
    if jokers:
        problems.append("Gin Rummy plays without jokers or wild cards")
    twice = sorted({card.code() for card in meld if meld.count(card) > 1})
    if twice:
        problems.append(f"{' '.join(twice)} is there twice: Gin plays with one pack")
    if len(meld) < 3:
        problems.append(f"a meld has at least 3 cards, not {len(meld)}")
    if problems:
        return problems
    if len({card.number for card in meld}) == 1:
        return [] if len(meld) <= 4 else [f"a set has 3 or 4 cards, not {len(meld)}"]
    if len({card.suit for card in meld}) != 1:
        return [f"{shown} mixes ranks and suits: a set is one rank, a run one suit"]
    numbers = sorted(card.number for card in meld)
    if numbers == list(range(numbers[0], numbers[0] + len(meld))):
        return []
    if 1 in numbers and numbers[-1] == 13:
        high = sorted(14 if n == 1 else n for n in numbers)
        if high == list(range(high[0], high[0] + len(meld))):
            return ["Q-K-A is not a run in Gin: aces are low (A-2-3 is)"]
    return [
        f"{format_meld(sorted(meld, key=lambda c: c.number))} skips a rank: a run is consecutive"
    ]


@dataclass(frozen=True)
class MeldVerdict:
    """The referee's answer on cards laid as a meld (or laid off onto one on the table)."""

    legal: bool
    kind: str | None  # "set" or "run" when legal
    points: int  # what the cards laid count (with ``onto``: only they)
    reasons: tuple[str, ...]  # why not, in plain words


def judge(laid: Sequence[Card], onto: Sequence[Card] = ()) -> MeldVerdict:
    """Whether ``laid`` makes a Gin meld, or goes onto the meld ``onto`` on the table.

    >>> judge(cards("7D"), cards("7S 7H 7C"))
    MeldVerdict(legal=True, kind='set', points=7, reasons=())
    >>> judge(cards("KS AS"), cards("JS QS")).reasons
    ('Q-K-A is not a run in Gin: aces are low (A-2-3 is)',)
    """
    whole = [*onto, *laid]
    problems = meld_problems(whole)
    if onto and not problems and len(onto) >= 3 and meld_problems(onto):
        problems = [f"{format_meld(onto)} on the table is not a meld itself"]
    counted = sum(points(card) for card in laid if not card.is_joker)
    kind = None if problems else ("run" if is_run(whole) else "set")
    return MeldVerdict(not problems, kind, counted, tuple(problems))


def is_run(meld: Sequence[Card]) -> bool:
    """Whether a meld is a run (else a set: one rank)."""
    return len({card.number for card in meld}) > 1


def candidate_melds(hand: Sequence[Card]) -> list[Meld]:
    """Every meld that can be made of the hand's cards: each set of 3 or 4 of a rank, and each
    run of 3 or more within a suit's consecutive cards (in rank order)."""
    return _melds_of_ordered(sorted(hand, key=_by_suit))


def _by_suit(card: Card) -> tuple[str, int]:
    return card.suit, card.number


def _melds_of_ordered(ordered: Sequence[Card]) -> list[Meld]:
    """:func:`candidate_melds` of cards ordered by suit, then rank: one pass finds the runs."""
    found: list[Meld] = []
    start = 0
    for end in range(1, len(ordered) + 1):
        if (
            end < len(ordered)
            and ordered[end].suit == ordered[end - 1].suit
            and ordered[end].number == ordered[end - 1].number + 1
        ):
            continue
        for first in range(start, end - 2):  # every run of 3 or more within this stretch
            for last in range(first + 3, end + 1):
                found.append(tuple(ordered[first:last]))
        start = end
    by_number: list[list[Card]] = [[] for _ in range(14)]
    for card in ordered:
        by_number[card.number].append(card)
    for same in by_number:
        if len(same) == 3:
            found.append(tuple(same))
        elif len(same) == 4:
            found.append(tuple(same))
            found.extend(tuple(c for c in same if c is not left_out) for left_out in same)
    return found


@dataclass(frozen=True)
class Arrangement:
    """A hand laid out: its melds and the cards in none (the deadwood)."""

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]

    @property
    def points(self) -> int:
        return deadwood_points(self.deadwood)


class Least:
    """The least deadwood a hand can leave (``points``), and every arrangement that leaves it
    (``arrangements``, worked out when first asked: a count alone needs none of them)."""

    __slots__ = ("__dict__", "_search", "points")

    def __init__(self, points: int, search: _Search) -> None:
        self.points = points
        self._search = search

    @cached_property
    def arrangements(self) -> tuple[Arrangement, ...]:
        return self._search.arrangements()

    def __repr__(self) -> str:
        return f"Least(points={self.points})"


def least_deadwood(hand: Sequence[Card]) -> Least:
    """The least deadwood of ``hand``, and its arrangements (a CardError for a card given
    twice)."""
    if len(set(hand)) != len(hand):
        twice = next(card for card in hand if hand.count(card) > 1)
        raise CardError(f"{twice} is given twice: Gin plays with one pack")
    return _least(tuple(sorted(hand, key=_by_suit)))


@lru_cache(maxsize=64)  # a hand asked again (a preview, then its save) is not searched again
def _least(hand: tuple[Card, ...]) -> Least:
    search = _Search(hand)
    return Least(search.least((1 << len(hand)) - 1), search)


class _Search:
    """The search over one hand's cards (bit ``i``: ``hand[i]`` still open), each card either
    left in the deadwood or put in a meld with the lowest open card first: every partition once,
    and what each set of open cards can at best leave remembered."""

    def __init__(self, hand: tuple[Card, ...]) -> None:
        self.hand = hand
        self.values = [points(card) for card in hand]
        index = {card: position for position, card in enumerate(hand)}
        self.by_first: list[list[tuple[int, Meld]]] = [[] for _ in hand]
        for meld in _melds_of_ordered(hand):
            mask = 0
            for card in meld:
                mask |= 1 << index[card]
            self.by_first[(mask & -mask).bit_length() - 1].append((mask, meld))
        self.memo: dict[int, int] = {0: 0}

    def least(self, open_cards: int) -> int:
        """The least deadwood the open cards can leave."""
        known = self.memo.get(open_cards)
        if known is not None:
            return known
        lowest = open_cards & -open_cards
        first = lowest.bit_length() - 1
        best = self.least(open_cards ^ lowest) + self.values[first]
        for mask, _ in self.by_first[first]:
            if mask & open_cards == mask:
                left = self.least(open_cards ^ mask)
                if left < best:
                    best = left
        self.memo[open_cards] = best
        return best

    def ways(self, open_cards: int) -> list[tuple[Meld, ...]]:
        """Every way of melding the open cards that leaves the least."""
        if not open_cards:
            return [()]
        target = self.least(open_cards)
        lowest = open_cards & -open_cards
        first = lowest.bit_length() - 1
        found: list[tuple[Meld, ...]] = []
        if self.least(open_cards ^ lowest) + self.values[first] == target:
            found.extend(self.ways(open_cards ^ lowest))
        for mask, meld in self.by_first[first]:
            if mask & open_cards == mask and self.least(open_cards ^ mask) == target:
                found.extend((meld, *way) for way in self.ways(open_cards ^ mask))
        return found

    def arrangements(self) -> tuple[Arrangement, ...]:
        laid_out = []
        for way in self.ways((1 << len(self.hand)) - 1):
            melded = {card for meld in way for card in meld}
            laid_out.append(
                Arrangement(way, tuple(card for card in self.hand if card not in melded))
            )
        return tuple(laid_out)
