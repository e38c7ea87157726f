"""What a reading of a meld is, as the analysis finds it and the verdicts tell it; and the wild
limit, the one rule every reading is held to.

A reading gives each card of a meld the card it stands for, its points and whether it counts as
wild; the analysis of a kind of meld (:mod:`.sets`, :mod:`.runs`) is an :class:`_Attempt`: its
best legal reading, or the reasons none is legal. Readings are worked out on the cards sorted
(:func:`_sorted_order`), so that a meld and any order of its cards share one analysis.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..cards import Card
from ..points import Context
from . import words

#: Positions in a meld (``extends`` first, then ``cards``) and the card each stands for there.
Fixed = Mapping[int, Card]


#: Per card of a sorted meld, the card its reading is held to (None: free).
_Pins = tuple[Card | None, ...]


@dataclass(frozen=True)
class _Reading:
    kind: str
    as_cards: tuple[Card, ...]  # per card, in the order of the analysed cards
    points: tuple[int, ...]
    wild: tuple[bool, ...]
    rank_sum: int  # tie-break: the reading whose wilds stand for the highest cards


@dataclass(frozen=True)
class _Attempt:
    """One kind of meld tried: its best legal reading, or the reasons none is legal."""

    reading: _Reading | None
    reasons: tuple[str, ...]
    fits: int = 0  # how many legal readings there were
    readings: tuple[_Reading, ...] = ()  # every legal reading, when asked for


#: The analysis of sorted cards: (kind or None, what each stands for, points, counted as wild,
#: reasons, notes).
_Analysis = tuple[
    str | None,
    tuple[Card, ...],
    tuple[int, ...],
    tuple[bool, ...],
    tuple[str, ...],
    tuple[str, ...],
]


def wild_limit_allows(limit: str, wilds: int, naturals: int) -> bool:
    """Whether ``wild_limit`` lets a meld hold ``wilds`` cards counted as wild beside
    ``naturals`` counted as natural (the one statement of the rule: the referee's reasons and
    the arrangement's shortcuts all ask it).

    >>> wild_limit_allows("one_per_three", 2, 4), wild_limit_allows("naturals_majority", 2, 2)
    (True, False)
    """
    if limit == "one":
        return wilds <= 1
    if limit == "one_per_three":
        return wilds <= (wilds + naturals) // 3
    if limit == "naturals_majority":
        return wilds < naturals
    return True


def wild_limit_reason(ctx: Context, wilds: int, naturals: int) -> str | None:
    """Why a meld of ``wilds`` cards counted as wild beside ``naturals`` counted as natural
    breaks the wild limit; None where it keeps to it."""
    if wild_limit_allows(ctx.rules.wild_limit, wilds, naturals):
        return None
    return words.wild_limit(ctx, wilds, naturals)


def _counted_wilds(ctx: Context, plain: int, in_place: int) -> tuple[int, int]:
    """(wild, natural) counts for the wild limit, after ``wild_as_itself``."""
    if ctx.rules.wild_as_itself == "wild":
        return plain + in_place, 0
    return plain, in_place


def _sorted_order(cards: tuple[Card, ...]) -> list[int]:
    """The places of ``cards`` in sorted order (as ``Card``'s own ordering), keyed without
    calling back into Python: the referee sorts every meld it is asked about."""
    return sorted(range(len(cards)), key=[(card.rank, card.suit) for card in cards].__getitem__)
