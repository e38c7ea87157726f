"""Split the cards one player laid on the table into legal melds and layoffs.

The scorer taps a player's table cards in as one pile, in any order; :func:`arrange` finds how they
split into new melds and cards laid off onto melds already on the table, preferring the split that
scores most. The search is exact: it branches on the lowest natural card still unplaced (every meld
or layoff containing it), remembers the best split of every remaining pile it has solved, and places
wild cards only as fillers of the slots a natural card's meld needs, or at the end.

>>> from .presets import rules_for
>>> ctx = Context(rules_for("rummy500"))
>>> pile = parse_cards(["3C", "5D", "3D", "6D", "9S", "3S", "7D"])
>>> result = arrange(pile, ctx, table=[parse_cards(["6S", "7S", "8S"])])
>>> [format_cards(group.cards) for group in result.melds], result.points
(['3C 3D 3S', '5D 6D 7D'], 36)
>>> [(layoff.onto, format_cards(layoff.cards)) for layoff in result.layoffs]
[(0, '9S')]
>>> arrange(parse_cards(["3C", "3D", "3S", "KS"]), ctx).unplaced
(Card.from_code('KS'),)
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from .cards import ALL_CARDS, RANKS, SUITS, Card, format_cards, parse_cards
from .melds import Context, Verdict, check_meld
from .points import card_points
from .rules import Rules

__all__ = ["Arrangement", "Group", "arrange", "format_cards", "parse_cards"]


@dataclass(frozen=True)
class Group:
    """A new meld (``onto`` None) or cards laid off onto table meld number ``onto``."""

    cards: tuple[Card, ...]
    onto: int | None
    verdict: Verdict

    @property
    def points(self) -> int:
        return self.verdict.points


@dataclass(frozen=True)
class Arrangement:
    melds: tuple[Group, ...]
    layoffs: tuple[Group, ...]
    unplaced: tuple[Card, ...]
    points: int

    @property
    def complete(self) -> bool:
        return not self.unplaced


# (cards placed, points, -groups): a split's score, compared as a tuple; higher is better.
_Score = tuple[int, int, int]
_State = tuple[tuple[Card, ...], frozenset[int]]


def arrange(pile: Sequence[Card], ctx: Context,
            table: Sequence[Sequence[Card]] = ()) -> Arrangement:
    """The best split of ``pile`` into new melds and layoffs onto the ``table`` melds.

    A complete split (every card placed) is preferred; among them the one scoring most, then the
    one with fewest groups. When none is complete, the split placing the most cards is returned
    and ``unplaced`` names the rest.
    """
    search = _Search(ctx, [tuple(meld) for meld in table])
    groups, unplaced, (_, points, _) = search.run(tuple(sorted(pile)))
    return Arrangement(tuple(g for g in groups if g.onto is None),
                       tuple(sorted((g for g in groups if g.onto is not None),
                                    key=lambda g: g.onto or 0)),
                       tuple(sorted(unplaced)), points)


def _add(a: _Score, b: _Score) -> _Score:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def _less(a: _Score, b: _Score) -> _Score:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def _choose(kinds: list[tuple[Card, int]], size: int) -> Iterator[tuple[Card, ...]]:
    """Every way to take ``size`` cards from ``kinds`` (card, copies), as sorted tuples."""
    if size == 0:
        yield ()
        return
    if not kinds:
        return
    (card, copies), rest = kinds[0], kinds[1:]
    for take in range(min(copies, size), -1, -1):
        for tail in _choose(rest, size - take):
            yield (card,) * take + tail


class _Search:
    """Depth-first branch and bound; remembers, per remaining pile, a bound on what it can add."""

    def __init__(self, ctx: Context, table: list[tuple[Card, ...]]) -> None:
        self.ctx = ctx
        self.table = table
        self.table_verdicts = [check_meld(meld, ctx) for meld in table]
        rules = ctx.rules
        self.sets = rules.meld_kinds != "runs_only"
        self.runs = rules.meld_kinds != "sets_only"
        self.windows = _windows(rules)
        self.verdicts: dict[tuple[tuple[Card, ...], int | None], Verdict] = {}
        self.bounds: dict[_State, _Score] = {}
        self.most: dict[Card, int] = {}
        self.best: _Score = (-1, 0, 0)
        self.best_plan: tuple[tuple[Group, ...], tuple[Card, ...]] = ((), ())

    def run(self, cards: tuple[Card, ...]) -> tuple[tuple[Group, ...], tuple[Card, ...], _Score]:
        self._search(cards, frozenset(), (0, 0, 0), [], [])
        return (*self.best_plan, self.best)

    def _most_points(self, card: Card) -> int:
        """The most ``card`` can score in any meld: the bound that prunes the search."""
        if card not in self.most:
            if card.is_joker and self.ctx.is_wild(card) and \
                    self.ctx.rules.joker_points == "as_represented":
                stands = [card_points(self.ctx, card, as_card=c) for c in ALL_CARDS]
            else:
                stands = [card_points(self.ctx, card, as_card=card)]
            self.most[card] = max(stands)
        return self.most[card]

    def _search(self, cards: tuple[Card, ...], used: frozenset[int], gained: _Score,
                plan: list[Group], unplaced: list[Card]) -> None:
        state = (cards, used)
        bound = self.bounds.get(state)
        if bound is None:
            bound = (len(cards), sum(self._most_points(c) for c in cards), 0)
        if _add(gained, bound) <= self.best:
            return
        if not cards:
            self.best = gained
            self.best_plan = (tuple(plan), tuple(unplaced))
            return
        options = sorted(self._options(cards, used), key=lambda option: option[2])
        for group, rest, _ in options:
            plan.append(group)
            self._search(rest, used | {group.onto} if group.onto is not None else used,
                         _add(gained, (len(group.cards), group.points, -1)), plan, unplaced)
            plan.pop()
        naturals = self._naturals(cards)
        skipped = naturals[0] if naturals else cards[0]
        rest = list(cards)
        rest.remove(skipped)
        unplaced.append(skipped)
        self._search(tuple(rest), used, gained, plan, unplaced)
        unplaced.pop()
        # Everything this pile could add that beats the best was explored: remember the bound.
        self.bounds[state] = _less(self.best, gained)

    def _naturals(self, cards: tuple[Card, ...]) -> list[Card]:
        return [card for card in cards if not self.ctx.is_wild(card)]

    def _verdict(self, group: tuple[Card, ...], onto: int | None) -> Verdict:
        key = (group, onto)
        verdict = self.verdicts.get(key)
        if verdict is None:
            base = self.table[onto] if onto is not None else ()
            verdict = self.verdicts[key] = check_meld(group, self.ctx, base)
        return verdict

    def _options(self, cards: tuple[Card, ...], used: frozenset[int]
                 ) -> Iterator[tuple[Group, tuple[Card, ...], tuple[int, int, int]]]:
        """Every legal group holding the lowest natural card (or, with none left, a wild),
        with the rest of the pile and a sort key: fewest wilds, then most cards, then points."""
        naturals = self._naturals(cards)
        wilds = sorted(Counter(card for card in cards if self.ctx.is_wild(card)).items())
        seen: set[tuple[tuple[Card, ...], int | None]] = set()
        bins: list[int | None] = [None, *(i for i, v in enumerate(self.table_verdicts)
                                          if v.legal and i not in used)]
        for onto in bins:
            base = self.table[onto] if onto is not None else ()
            if naturals:
                shapes = self._natural_groups(naturals[0], Counter(naturals), wilds, base, onto)
            else:
                shapes = self._wild_groups(wilds, onto)
            for shape in shapes:
                group = tuple(sorted(shape))
                if (group, onto) in seen:
                    continue
                seen.add((group, onto))
                verdict = self._verdict(group, onto)
                if verdict.legal:
                    rest = list(cards)
                    for card in group:
                        rest.remove(card)
                    wild_count = sum(1 for card in group if self.ctx.is_wild(card))
                    yield (Group(group, onto, verdict), tuple(rest),
                           (wild_count, -len(group), -verdict.points))

    def _wild_groups(self, wilds: list[tuple[Card, int]],
                     onto: int | None) -> Iterator[tuple[Card, ...]]:
        """With no natural card left: the lowest wild with any other wilds."""
        first = wilds[0][0]
        others = [(card, copies - (card == first)) for card, copies in wilds]
        for size in range(sum(copies for _, copies in others) + 1):
            for extra in _choose(others, size):
                if onto is not None or size >= 1:
                    yield (first, *extra)

    def _natural_groups(self, lowest: Card, naturals: Counter[Card],
                        wilds: list[tuple[Card, int]], base: tuple[Card, ...],
                        onto: int | None) -> Iterator[tuple[Card, ...]]:
        if onto is not None:
            yield (lowest,)  # a single card laid off (or laid beside its wild)
        kind = self.table_verdicts[onto].kind if onto is not None else None
        if self.sets and kind in (None, "set", "joker_set"):
            yield from self._set_groups(lowest, naturals, wilds, len(base))
        if self.runs and kind in (None, "run") and not lowest.is_joker:
            yield from self._run_groups(lowest, naturals, wilds, base)

    def _set_groups(self, lowest: Card, naturals: Counter[Card], wilds: list[tuple[Card, int]],
                    already: int) -> Iterator[tuple[Card, ...]]:
        rules = self.ctx.rules
        same = [(card, n - (card == lowest) if rules.set_duplicates_allowed else
                 int(card != lowest)) for card, n in sorted(naturals.items())
                if card.rank == lowest.rank]
        room = (4 * self.ctx.packs if rules.set_duplicates_allowed else 4)
        if rules.max_set is not None:
            room = min(room, rules.max_set)
        room -= already + 1
        spare_wilds = sum(copies for _, copies in wilds)
        for size in range(min(room, sum(n for _, n in same)) + 1):
            for extra in _choose(same, size):
                for count in range(min(room - size, spare_wilds) + 1):
                    for filler in _choose(wilds, count):
                        yield (lowest, *extra, *filler)

    def _run_groups(self, lowest: Card, naturals: Counter[Card], wilds: list[tuple[Card, int]],
                    base: tuple[Card, ...]) -> Iterator[tuple[Card, ...]]:
        """Windows of the run order holding ``lowest`` (and the natural cards of ``base``)."""
        fixed = {card for card in base if not self.ctx.is_wild(card)}
        base_wilds = len(base) - len(fixed)
        if lowest in fixed or any(card.suit != lowest.suit for card in fixed):
            return
        spare_wilds = sum(copies for _, copies in wilds)
        for window in self.windows.get(lowest, ()):
            if len(window) <= len(base) or not fixed <= set(window):
                continue
            choices = [((card, None) if naturals.get(card) else (None,))
                       for card in window if card != lowest and card not in fixed]
            for pick in itertools.product(*choices):
                chosen = [card for card in pick if card is not None]
                need = len(pick) - len(chosen) - base_wilds
                if 0 <= need <= spare_wilds:
                    for filler in _choose(wilds, need):
                        yield (lowest, *chosen, *filler)


@lru_cache(maxsize=64)
def _windows(rules: Rules) -> dict[Card, list[tuple[Card, ...]]]:
    """For each card, the runs of ranks (2 cards or more) in its suit that hold it and that
    these rules allow: no ace at an end it may not take, no corner unless allowed."""
    seq = tuple(rank for rank in RANKS if rank not in rules.omit_ranks)
    size = len(seq)
    windows: dict[Card, list[tuple[Card, ...]]] = {}
    for suit in SUITS:
        for length in range(2, size + 1):
            for start in range(size):
                wraps = start + length > size
                ace_high = wraps and (start + length - 1) % size == 0 and seq[0] == "A"
                if wraps and not ace_high and not (rules.around_the_corner and seq[0] == "A"):
                    continue
                if seq[0] == "A" and start == 0 and rules.ace_high_only:
                    continue
                if ace_high and rules.ace_position == "low_only":
                    continue
                window = tuple(Card(seq[(start + i) % size], suit) for i in range(length))
                for card in window:
                    windows.setdefault(card, []).append(window)
    return windows
