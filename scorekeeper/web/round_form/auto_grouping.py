"""The app's own grouping of the table cards: the engine's ``arrange``, in two passes.

The first pass splits each player's pile into their own melds; the second lays the cards left
over off onto any meld on the table (every player's, by hand or by the app), or makes new melds
of them. Cards that still fit nowhere make one more meld, which the engine then explains as
illegal and the scorer fixes.

Each ``arrange`` call has a work budget (:data:`AUTO_BUDGET`); where one stopped at it, the
grouping found is kept but not known to be the best, and the player's seat is in
:attr:`AutoGrouping.inexact` (the form says to check it by hand; it never stops a save).

A request that groups the same cards more than once (the correction form tries each player's
grouping, then reads the form) keeps the searches in an :class:`Arranged`: a search is reused
where it would give the same answer again (it finished within the budget it would have now).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...engine.arrange import DEFAULT_BUDGET, Arrangement, arrange
from ...engine.cards import SUITS, Card
from ...engine.melds import check_meld
from ...engine.points import Context
from ...engine.table_melds import judge
from .layout import MAX_CARDS, Group

__all__ = [
    "AUTO_BUDGET",
    "MAX_AUTO",
    "Arranged",
    "AutoGrouping",
    "display_order",
    "group_automatically",
]

#: The most table cards the app groups by itself for one player: as many as a field holds (the
#: engine's work budget bounds the search, not the pile's size).
MAX_AUTO = MAX_CARDS
#: The work budget of one grouping, shared by its ``arrange`` calls, in the engine's steps
#: (None: the engine's default, about a second): one preview stays about a second however
#: many players there are. Tests set a small one.
AUTO_BUDGET: int | None = None


class _Allowance:
    """One budget shared by the calls of a grouping: each call may use an even share of
    what is left (the calls that finish early leave more for the others)."""

    def __init__(self, calls: int, budget: int | None) -> None:
        if AUTO_BUDGET is not None:  # tests set a small one
            budget = min(budget, AUTO_BUDGET) if budget is not None else AUTO_BUDGET
        self.left = DEFAULT_BUDGET if budget is None else budget
        self.calls = max(calls, 1)

    def share(self) -> int:
        return max(self.left // max(self.calls, 1), 1)

    def used(self, work: int) -> None:
        self.left = max(self.left - work, 0)
        self.calls -= 1


class Arranged:
    """The searches of one request, by the cards, the melds on the table and the round's rules;
    each is reused only where searching again would find the same (it was exact, and its work
    fits the budget the new call has)."""

    def __init__(self) -> None:
        self._found: dict[tuple[Any, ...], Arrangement] = {}

    def arrange(
        self,
        cards: Sequence[Card],
        ctx: Context,
        table: Sequence[Sequence[Card]],
        budget: int,
        declared: Sequence[Mapping[int, Card]] = (),
    ) -> Arrangement:
        pins = tuple(tuple(sorted(fixed.items())) for fixed in declared)
        key = (tuple(cards), tuple(tuple(meld) for meld in table), pins, ctx)
        found = self._found.get(key)
        if found is None or not found.exact or found.work > budget:
            found = arrange(cards, ctx, table=table, budget=budget, declared=declared)
            self._found[key] = found
        return found


def _arrange(
    memo: Arranged | None,
    cards: Sequence[Card],
    ctx: Context,
    table: Sequence[_TableMeld],
    budget: int,
) -> Arrangement:
    melds = [entry.cards for entry in table]
    declared = [entry.declared for entry in table]
    if memo is None:
        return arrange(cards, ctx, table=melds, budget=budget, declared=declared)
    return memo.arrange(cards, ctx, melds, budget, declared)


def _circular_order(numbers: list[int]) -> dict[int, int]:
    """Positions of rank numbers (1-13) in a run read from its low end, the ace high or low
    (or round the corner): the largest gap between ranks is where the run starts.

    >>> sorted(_circular_order([12, 13, 1]).items(), key=lambda kv: kv[1])
    [(12, 0), (13, 1), (1, 2)]
    """
    unique = sorted(set(numbers))
    if len(unique) < 2:
        return {n: i for i, n in enumerate(unique)}
    gaps = [((unique[(i + 1) % len(unique)] - n) % 13, i) for i, n in enumerate(unique)]
    _, widest = max(gaps)
    start = (widest + 1) % len(unique)
    ordered = unique[start:] + unique[:start]
    return {n: i for i, n in enumerate(ordered)}


def _sort_key(card: Card) -> tuple[int, int, int]:
    return (card.is_joker, card.number, SUITS.index(card.suit) if card.suit else 0)


def display_order(cards: Sequence[Card], ctx: Context) -> tuple[Card, ...]:
    """A meld's cards as a player lays them out: a run from its low end (wilds in the places
    they stand for), a set by suit with wilds last.

    >>> from scorekeeper.engine.cards import format_cards
    >>> from scorekeeper.engine.presets import rules_for
    >>> ctx = Context(rules_for("rummy5000"), wild_rank="6")
    >>> format_cards(display_order([Card.from_code(c) for c in "10S 6H 8S".split()], ctx))
    '8S 6H 10S'
    >>> format_cards(display_order([Card.from_code(c) for c in "AS KS QS".split()], ctx))
    'QS KS AS'
    """
    cards = tuple(cards)
    verdict = check_meld(cards, ctx) if len(cards) > 1 else None
    if verdict is None or not verdict.legal:
        return tuple(sorted(cards, key=_sort_key))
    if verdict.kind == "run":
        places = _circular_order([r.as_card.number for r in verdict.readings])
        pairs = sorted(
            zip(verdict.readings, cards, strict=True),
            key=lambda pair: places.get(pair[0].as_card.number, 0),
        )
        return tuple(card for _, card in pairs)
    pairs = sorted(
        zip(verdict.readings, cards, strict=True),
        key=lambda pair: (pair[0].wild, _sort_key(pair[1])),
    )
    return tuple(card for _, card in pairs)


@dataclass
class _TableMeld:
    """A meld on the table as the second pass sees it: whose, which, its cards so far, and the
    readings declared on it (by position)."""

    seat: int
    meld: int
    cards: list[Card]
    declared: dict[int, Card] = field(default_factory=dict)

    def lay_off(self, cards: Sequence[Card], ctx: Context) -> None:
        """The meld with ``cards`` laid off onto it, its wilds keeping the readings the layoff
        read them as (a later layoff cannot read them again otherwise: the round's scoring
        reads the layoffs in turn, each onto the meld as the ones before left it)."""
        verdict = judge(cards, ctx, self.cards, self.declared)
        before = len(self.cards)
        self.cards.extend(cards)
        if verdict.legal:
            # the meld's own cards come first in the verdict, in order (cards laid off come
            # after them, those laid beside their wilds last): their readings are kept
            self.declared |= {
                index: reading.as_card
                for index, reading in enumerate(verdict.readings[:before])
                if ctx.is_wild(reading.card)
            }


@dataclass(frozen=True)
class AutoGrouping:
    """The app's grouping: seat → groups (melds, then layoffs), and the seats whose grouping
    is not known to be the best (the search stopped at its budget)."""

    groups: dict[int, tuple[Group, ...]]
    inexact: frozenset[int] = frozenset()


def group_automatically(
    piles: Mapping[int, Sequence[Card]],
    by_hand: Mapping[int, Sequence[Group]],
    ctx: Context,
    budget: int | None = None,
    memo: Arranged | None = None,
) -> AutoGrouping:
    """The groups of each pile (seat → the player's table cards): melds, then layoffs.

    ``by_hand`` (seat → groups) are the groupings made by hand: their melds take layoffs
    too, and their own layoffs are on the table first. A pile of more than :data:`MAX_AUTO`
    cards is left as one group, inexact. ``memo`` keeps the searches for another grouping of
    the same request.

    >>> from scorekeeper.engine.presets import rules_for
    >>> piles = {0: [Card.from_code(c) for c in "9S 3C 3D 3S".split()]}
    >>> bob = [Group(tuple(Card.from_code(c) for c in "6S 7S 8S".split()))]
    >>> grouped = group_automatically(piles, {1: bob}, Context(rules_for("rummy500")))
    >>> [group.text() for group in grouped.groups[0]], grouped.inexact
    (['3S 3D 3C', '@1.0 9S'], frozenset())
    """
    inexact: set[int] = set()
    allowance = _Allowance(2 * len(piles), budget)  # each pile, then its leftovers
    # pass 1: each player's own melds
    melds: dict[int, list[Group]] = {}
    leftovers: dict[int, list[Card]] = {}
    for seat in sorted({*piles, *by_hand}):
        if seat not in piles:
            melds[seat] = [group for group in by_hand[seat] if not group.is_layoff]
            continue
        pile = piles[seat]
        if len(pile) > MAX_AUTO:
            melds[seat] = [Group(tuple(pile))]
            leftovers[seat] = []
            inexact.add(seat)
            continue
        found = _arrange(memo, pile, ctx, (), allowance.share())
        allowance.used(found.work)
        if not found.exact:
            inexact.add(seat)
        melds[seat] = [Group(display_order(g.cards, ctx)) for g in found.melds]
        leftovers[seat] = list(found.unplaced)
    # pass 2: the cards left over, laid off onto any meld on the table (or new melds), each
    # meld with the readings declared on it (a wild keeps a reading the meld has on its own)
    table = [
        _TableMeld(
            seat,
            index,
            list(group.cards),
            {i: card for i, card in enumerate(group.declared) if card is not None},
        )
        for seat in sorted(melds)
        for index, group in enumerate(melds[seat])
        if not group.doubled
    ]
    where = {(entry.seat, entry.meld): entry for entry in table}
    for seat in sorted(by_hand):
        for group in by_hand[seat]:
            if group.onto is not None and group.onto in where:
                where[group.onto].lay_off(group.cards, ctx)
    layoffs: dict[int, list[Group]] = {}
    for seat in sorted(leftovers):
        left = leftovers[seat]
        if not left:
            continue
        found = _arrange(memo, left, ctx, table, allowance.share())
        allowance.used(found.work)
        if not found.exact:
            inexact.add(seat)
        laid = []
        for layoff in found.layoffs:
            assert layoff.onto is not None
            target = table[layoff.onto]
            laid.append(
                Group(tuple(sorted(layoff.cards, key=_sort_key)), onto=(target.seat, target.meld))
            )
            target.lay_off(layoff.cards, ctx)
        for found_meld in found.melds:
            new = Group(display_order(found_meld.cards, ctx))
            melds[seat].append(new)
            entry = _TableMeld(seat, len(melds[seat]) - 1, list(new.cards))
            table.append(entry)
            where[(entry.seat, entry.meld)] = entry
        if found.unplaced:  # one meld the engine can explain as illegal; the scorer fixes it
            melds[seat].append(Group(tuple(sorted(found.unplaced, key=_sort_key))))
        layoffs[seat] = laid
    return AutoGrouping(
        {seat: (*melds[seat], *layoffs.get(seat, ())) for seat in piles},
        frozenset(inexact & set(piles)),
    )
