"""Sets of one rank for the DP: how the cards a rank leaves for sets split into sets.

The DP settles the sets of a rank once its suits have fed their runs. What it needs to know is
small and the same for many states, so it is worked out once (cached): for the natural cards
and wilds in their own place of each suit, and some other wilds, the ways to split them all
into legal sets that no other way beats on both the number of sets and the wilds they could
still take (their capacity).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from .limit import slack, state_of

#: Sets as (natural suits, own-place suits, other wilds, the wilds it can still take).
SetList = tuple[tuple[tuple[int, ...], tuple[int, ...], int, int], ...]


@dataclass(frozen=True)
class SetPlan:
    """How the cards one rank leaves for sets split into sets: per set, the suits of its
    natural cards, of its wilds in their own place, its other wilds, and the wilds it can
    still take."""

    sets: SetList


#: One way to put a rank's natural cards into sets: (naturals used per suit, their points,
#: sets, wilds placed, capacity, plan, the fewest of those wilds that are jokers).
SetChoice = tuple[tuple[int, ...], int, int, int, int, SetPlan, int]


def best_by_placement(choices: list[SetChoice]) -> list[SetChoice]:
    """Of the ways to make sets with the same wilds, those no other beats on every count: more
    cards placed, more points, fewer sets, more capacity (the naturals left out are lost)."""
    kept = []
    for choice in choices:
        nat, points, n_sets, wilds, capacity, _, _ = choice
        placed = sum(nat)
        beaten = any(
            other is not choice
            and other[3] == wilds
            and sum(other[0]) >= placed
            and other[1] >= points
            and other[2] <= n_sets
            and other[4] >= capacity
            and (sum(other[0]), other[1], -other[2], other[4])
            != (placed, points, -n_sets, capacity)
            for other in choices
        )
        if not beaten:
            kept.append(choice)
    return kept


@lru_cache(maxsize=8192)
def fewest_sets(
    anchors: tuple[tuple[int, int], ...],
    wilds: int,
    min_set: int,
    most: int,
    dups: bool,
    limit: str,
    own_is_wild: bool,
) -> tuple[tuple[int, int, SetList], ...]:
    """How these cards of one rank split into sets: ``anchors`` per suit (natural cards, wilds
    in their own place) and ``wilds`` other wild cards, all of them used. The ways no other
    beats on both counts: (sets, capacity, the sets), where capacity is how many more wilds
    the sets could take, and each set is (natural suits, own suits, wilds, its capacity).

    Each set: at least one anchor, ``min_set``..``most`` cards, one card a suit unless ``dups``,
    the wild limit.

    >>> [ways[:2] for ways in fewest_sets(((1, 0), (1, 0), (1, 0), (0, 0)), 0, 3, 4, False,
    ...                                   "none", False)]
    [(1, 1)]
    >>> fewest_sets(((2, 0), (1, 0), (1, 0), (1, 0)), 0, 3, 4, False, "none", False)
    ()
    """
    if not any(n or o for n, o in anchors):
        return ((0, 0, ()),) if not wilds else ()
    first = next(s for s, (n, o) in enumerate(anchors) if n or o)
    per_suit = []
    for s, (n, o) in enumerate(anchors):
        if dups:
            choices = [(a, b) for a in range(n + 1) for b in range(o + 1)]
        else:
            choices = [(0, 0)] + ([(1, 0)] if n else []) + ([(0, 1)] if o else [])
        if s == first:
            choices = [c for c in choices if c != (0, 0)]
        per_suit.append(choices)
    found: dict[tuple[int, int], SetList] = {}
    for pick in product(*per_suit):
        naturals = sum(a for a, _ in pick)
        own = sum(b for _, b in pick)
        anchored = naturals + own
        for w in range(0, min(wilds, most - anchored) + 1):
            size = anchored + w
            if size < min_set or size > most:
                continue
            counted_wild = w + (own if own_is_wild else 0)
            counted_natural = naturals + (0 if own_is_wild else own)
            room = slack(limit, state_of(limit, size, counted_wild, counted_natural))
            if room < 0:
                continue
            rest = tuple((n - a, o - b) for (n, o), (a, b) in zip(anchors, pick, strict=True))
            this = (
                tuple(s for s, (a, _) in enumerate(pick) for _ in range(a)),
                tuple(s for s, (_, b) in enumerate(pick) for _ in range(b)),
                w,
                min(most - size, room),
            )
            for n_sets, capacity, sets in fewest_sets(
                rest, wilds - w, min_set, most, dups, limit, own_is_wild
            ):
                key = (n_sets + 1, capacity + this[3])
                if key not in found:
                    found[key] = (this, *sets)
    ways = sorted(found, key=lambda key: (key[0], -key[1]))
    frontier = []
    best_capacity = -1
    for n_sets, capacity in ways:
        if capacity > best_capacity:
            frontier.append((n_sets, capacity, found[n_sets, capacity]))
            best_capacity = capacity
    return tuple(frontier)
