"""The readings of cards as a set: the rank it is of, the suits its wilds take, and why it is
not one.

A set's rank is its natural cards' (or, wild cards alone, the rank of any of them); each wild
that does not stand in its own place takes a free suit. Every legal reading is found when asked
for (``every``: the suits matter to a later layoff), else the one that scores most.
"""

from __future__ import annotations

import itertools
from collections import Counter

from ..cards import RANKS, SUITS, Card, card_of
from ..points import Context, card_points
from . import words
from .reading import _Attempt, _counted_wilds, _Pins, _Reading, wild_limit_reason


def _try_set(
    cards: tuple[Card, ...], wild: tuple[bool, ...], ctx: Context, pins: _Pins, every: bool
) -> _Attempt:
    rules = ctx.rules
    n = len(cards)
    natural = [card for card, w in zip(cards, wild, strict=True) if not w]
    anchors = natural + [pin for pin in pins if pin is not None]
    if anchors:
        candidates = [anchors[0].rank]
    else:
        candidates = sorted({c.rank for c in cards if not c.is_joker}, key=RANKS.index)
        if not candidates:
            return _Attempt(None, ())
    duplicates = (
        [f"{anchors[0].rank}{s}" for s, n in Counter(c.suit for c in anchors).items() if n > 1]
        if len({c.suit for c in anchors}) < len(anchors)
        else []
    )
    reasons: list[str] = []
    if duplicates and not rules.set_duplicates_allowed:
        reasons.append(words.set_duplicates(duplicates))
    room = 4 * ctx.packs if rules.set_duplicates_allowed else 4
    most = min(room, rules.max_set) if rules.max_set is not None else room
    if n > most:
        reasons.append(words.set_too_big(most, n))
    if n < rules.min_set:
        reasons.append(words.set_too_small(rules.min_set, n))
    best: _Reading | None = None
    fits = 0
    found: list[_Reading] = []
    structural = bool(reasons)
    for rank in candidates:
        used = Counter(card.suit for card in anchors)
        in_place: list[bool] = []
        for card, w, pin in zip(cards, wild, pins, strict=True):
            place = (
                w
                and pin is None
                and card.rank == rank
                and (rules.set_duplicates_allowed or not used[card.suit])
            )
            if place:
                used[card.suit] += 1
            in_place.append(place or (w and pin == card))
        others = [
            i
            for i, (w, p) in enumerate(zip(wild, in_place, strict=True))
            if w and not p and pins[i] is None
        ]
        choices = _set_suits(len(others), used, rules.set_duplicates_allowed, every)
        for choice, suits in enumerate(choices):
            as_cards = [
                pin if pin is not None else card for card, pin in zip(cards, pins, strict=True)
            ]
            for index, suit in zip(others, suits, strict=True):
                as_cards[index] = card_of(rank, suit)
            plain = sum(w and not p for w, p in zip(wild, in_place, strict=True))
            anchored = len(natural) + sum(in_place)
            wilds, naturals = _counted_wilds(ctx, plain, sum(in_place))
            limit = wild_limit_reason(ctx, wilds, len(natural) + naturals)
            if limit and limit not in reasons and (natural or anchored):
                reasons.append(limit)
            # The size and duplicates rule every reading out; the wild limit only this rank's
            # (wild cards alone may make a set of the rank of any of them).
            if structural or limit or not anchored:
                break
            points = tuple(
                card_points(ctx, card, as_card=as_card)
                for card, as_card in zip(cards, as_cards, strict=True)
            )
            counted = tuple(
                w and (not p or rules.wild_as_itself == "wild")
                for w, p in zip(wild, in_place, strict=True)
            )
            reading = _Reading("set", tuple(as_cards), points, counted, RANKS.index(rank) * n)
            if every:
                found.append(reading)
            if choice:
                continue  # another choice of suits: the same points, for a later layoff's sake
            fits += 1
            if best is None or (sum(points), reading.rank_sum) > (sum(best.points), best.rank_sum):
                best = reading
    return _Attempt(best, () if best else tuple(reasons), fits, tuple(found))


def _set_suits(
    count: int, used: Counter[str], duplicates: bool, every: bool
) -> list[tuple[str, ...]]:
    """Suits for the wilds of a set that do not stand in their own place: the first free suits
    (then any), and with ``every`` each other choice of distinct free suits too."""
    taken = Counter(used)
    first: list[str] = []
    for _ in range(count):
        free = [s for s in SUITS if not taken[s]] or list(SUITS)
        taken[free[0]] += 1
        first.append(free[0])
    choices = [tuple(first)]
    if every and not duplicates and count:
        open_suits = [s for s in SUITS if not used[s]]
        choices += [
            suits for suits in itertools.permutations(open_suits, count) if suits != choices[0]
        ]
    return choices
