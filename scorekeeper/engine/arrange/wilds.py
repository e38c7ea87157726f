"""The wild cards left when every natural card of a split is settled: part of :mod:`.arrange`.

The search settles the natural cards first; a leaf of it is what the wild cards left add. By count
(:meth:`_LeftoverWilds.best_by_count`) they go, those scoring most first, into the room the
groups have, into layoffs of wilds only, or into melds of wilds only; one by one
(:meth:`_LeftoverWilds.best_by_kind`) every way of grouping them is asked of the referee. What
they add depends only on the wilds left, the table melds still free and the groups' room, so the
search remembers it for each.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import product

from ..cards import Card
from ..melds import wild_limit_allows
from ..points import card_points
from .direct import DirectScore
from .model import _PileModel, _Score


class _LeftoverWilds:
    """Where the wild cards left go best, for the pile of one search."""

    def __init__(self, model: _PileModel, direct: DirectScore | None = None) -> None:
        # What the pile's model knows of the wilds and the rules, read here once.
        self.ctx, self.rules, self.win, self.table = model.ctx, model.rules, model.win, model.table
        self.sets_ok, self.runs_ok = model.sets_ok, model.runs_ok
        self.fewest, self.most = model.fewest, model.most
        self.kinds, self.kind_count, self.W = model.kinds, model.kind_count, model.W
        self.pool, self.pool_points = model.pool, model.pool_points
        self.wild_layoffs = model.wild_layoffs
        self._exact = model._exact  # the model's referee, sharing its cache
        self._spend = model._spend  # and its budget
        # Layoffs of wilds only onto a meld of natural cards, scored from the rules.
        self.direct = direct
        self.wild_meld_memo: dict[
            tuple[int, ...], tuple[_Score, tuple[tuple[Card, ...], ...]] | None
        ] = {}
        self.kind_memo: dict[tuple[tuple[int, ...], int], tuple[_Score, object]] = {}
        # Each choice of wilds with each place is asked again under every choice of table
        # melds already taken: its points are worked out once.
        self._points_memo: dict[tuple[tuple[Card, ...], int | None], int | None] = {}
        # And whether a choice of wilds may meld alone, asked under every choice too.
        self._alone_memo: dict[tuple[Card, ...], bool] = {}

    def best_by_count(self, left: int, used: int, cap: int) -> tuple[_Score, object]:
        """``left`` wilds not yet in a group, ``cap`` of which the groups can take as they are:
        place them best, in those groups, in layoffs of wilds only, or in melds of wilds only."""
        total = self.W
        if cap >= left:
            return (total, sum(self.pool_points), 0), ((0,) * len(self.kinds), (), left, ())
        in_groups = total - left
        best: tuple[_Score, object] | None = None
        # Melds of wilds only add a group each: worth trying only while the best falls short.
        enough = (total, sum(self.pool_points), -1)
        choices: Iterable[tuple[int, ...]] = product(*(range(n + 1) for n in self.kind_count))
        if self.rules.wild_limit != "none":
            choices = [(0,) * len(self.kinds)]  # under a limit wilds never meld alone by count
        for vector in choices:
            self._spend(1)  # with many kinds of wild, a great many (the budget bounds them)
            size = sum(vector)
            if size > left or (size and best is not None and best[0] >= enough):
                continue
            melds = self._wild_melds(vector)
            if melds is None:
                continue
            (m_placed, m_points, m_groups), meld_list = melds
            room = left - size
            # Fewest layoffs of wilds only reaching each total (each table meld takes one).
            reach: dict[int, tuple[int, tuple[tuple[int, int], ...]]] = {0: (0, ())}
            for onto, row in self.wild_layoffs.items():
                if used >> onto & 1:
                    continue
                step = dict(reach)
                for got, (n_lay, lays) in reach.items():
                    for c in range(1, room - got + 1):
                        if row[c] is not None:
                            old = step.get(got + c)
                            if old is None or old[0] > n_lay + 1:
                                step[got + c] = (n_lay + 1, (*lays, (onto, c)))
                reach = step
            # The most wilds placed (absorbed by the groups up to their room, the rest laid off),
            # with the fewest layoffs.
            extra, got, (n_lay, lays) = max(
                (
                    (extra, got, lay)
                    for extra in range(room + 1)
                    for got, lay in reach.items()
                    if extra - cap <= got <= extra
                ),
                key=lambda o: (o[0], -o[2][0]),
            )
            rest = Counter(self.pool)
            rest.subtract({kind: n for kind, n in zip(self.kinds, vector, strict=True)})
            rest_points = sorted(
                (card_points(self.ctx, kind) for kind in rest.elements()), reverse=True
            )
            value = (
                in_groups + extra + m_placed,
                sum(rest_points[: in_groups + extra]) + m_points,
                m_groups - n_lay,
            )
            if best is None or value > best[0]:
                best = (value, (vector, meld_list, extra - got, lays))
        assert best is not None
        return best

    def _wild_melds(
        self, vector: tuple[int, ...]
    ) -> tuple[_Score, tuple[tuple[Card, ...], ...]] | None:
        """The best way to meld exactly these wilds in melds of wilds only, or None."""
        memo = self.wild_meld_memo
        if vector in memo:
            return memo[vector]
        if not any(vector):
            memo[vector] = ((0, 0, 0), ())
            return memo[vector]
        first = next(i for i, n in enumerate(vector) if n)
        best: tuple[_Score, tuple[tuple[Card, ...], ...]] | None = None
        for part in product(*(range(n + 1) for n in vector)):
            self._spend(1)
            if not part[first] or sum(part) < self.fewest:
                continue
            cards = tuple(kind for kind, n in zip(self.kinds, part, strict=True) for _ in range(n))
            points = self._wild_meld_points(cards)
            if points is None:
                continue
            rest = self._wild_melds(tuple(a - b for a, b in zip(vector, part, strict=True)))
            if rest is None:
                continue
            (r0, r1, r2), melds = rest
            value = (r0 + len(cards), r1 + points, r2 - 1)
            if best is None or value > best[0]:
                best = (value, (cards, *melds))
        memo[vector] = best
        return best

    def _fits(self, ranks: int) -> int:
        low, other = self.win.lengths(ranks)
        return low | other

    def _wild_meld_points(self, cards: tuple[Card, ...]) -> int | None:
        """The points of a meld of wild cards only, counted as the referee counts them (a set
        or run anchored by a wild in its own place, or a ``wild_sets`` meld), or None. Asked
        only without a wild limit (see ``best_by_count``)."""
        rules = self.rules
        n = len(cards)
        own = [c for c in cards if not c.is_joker]
        legal = n >= self.fewest and (
            (rules.wild_sets and n >= rules.min_set)
            or (bool(own) and self.sets_ok and rules.min_set <= n <= self.most)
            or (
                bool(own)
                and self.runs_ok
                and n >= rules.min_run
                and any(self._fits(1 << self.win.index[c.rank]) >> n & 1 for c in own)
            )
        )
        return sum(card_points(self.ctx, c) for c in cards) if legal else None

    def may_meld_alone(self, cards: tuple[Card, ...]) -> bool:
        """Whether these wild cards could make a meld of wild cards only, under a wild limit:
        a quick test before asking the referee (a meld of wilds only costs it many readings).

        Such a meld needs a wild in its own place (a set of its rank, a run of its suit) unless
        ``wild_sets``; at most the cards of its most common rank or suit stand there, the
        others count as wild. Under ``wild_as_itself: wild`` every one counts as wild, which
        no limit allows in a meld of three or more.

        >>> from ..melds import Context
        >>> from ..presets import rules_for
        >>> from ..cards import parse_cards
        >>> from .model import _PileModel
        >>> rules = rules_for("rummy5000", {"jokers": 4, "wild_limit": "naturals_majority"})
        >>> ctx = Context(rules, "9")
        >>> wilds = _LeftoverWilds(_PileModel(ctx, [], (), by_count=False))
        >>> wilds.may_meld_alone(tuple(parse_cards(["9S", "9H", "JK"])))  # two 9s anchor a set
        True
        >>> wilds.may_meld_alone(tuple(parse_cards(["9S", "JK", "JK"])))  # one natural, two wild
        False
        """
        known = self._alone_memo.get(cards)
        if known is not None:
            return known
        rules = self.rules
        own = [card for card in cards if not card.is_joker]
        if rules.wild_sets or rules.wild_limit == "none" or not own:
            alone = True  # the referee tells (jokers alone may make a set of jokers)
        elif rules.wild_as_itself == "wild":
            alone = False
        else:
            anchor = max(
                max(Counter(card.rank for card in own).values()),
                max(Counter(card.suit for card in own).values()),
            )
            alone = wild_limit_allows(rules.wild_limit, len(cards) - anchor, anchor)
        self._alone_memo[cards] = alone
        return alone

    def best_by_kind(self, vector: tuple[int, ...], used: int) -> tuple[_Score, object]:
        """The best use of these wild cards (each kind on its own) in groups of wilds only."""
        memo = self.kind_memo
        key = (vector, used)
        if key in memo:
            return memo[key]
        if not any(vector):
            memo[key] = ((0, 0, 0), ())
            return memo[key]
        first = next(i for i, n in enumerate(vector) if n)
        less = tuple(n - (i == first) for i, n in enumerate(vector))
        best: tuple[_Score, object] = self.best_by_kind(less, used)
        targets: list[int | None] = [
            None,
            *(j for j in range(len(self.table)) if not used >> j & 1),
        ]
        for part in product(*(range(n + 1) for n in vector)):
            if not part[first]:
                continue
            # Each grouping tried costs about two search steps (with many wild kinds left,
            # as when the groups hold one wild at most, there are thousands).
            self._spend(2)
            cards = tuple(kind for kind, n in zip(self.kinds, part, strict=True) for _ in range(n))
            rest_vector = tuple(a - b for a, b in zip(vector, part, strict=True))
            for onto in targets:
                if onto is None and (len(cards) < self.fewest or not self.may_meld_alone(cards)):
                    continue
                points = self._points(cards, onto)
                if points is None:
                    continue
                now = used | (1 << onto if onto is not None else 0)
                (r0, r1, r2), groups = self.best_by_kind(rest_vector, now)
                assert isinstance(groups, tuple)
                value = (r0 + len(cards), r1 + points, r2 - 1)
                if value > best[0]:
                    best = (value, ((cards, onto), *groups))
        memo[key] = best
        return best

    def _points(self, cards: tuple[Card, ...], onto: int | None) -> int | None:
        """The points of these wilds alone as a new meld or laid off onto table meld ``onto``
        (None: not legal): from the rules where they tell (a layoff onto natural cards, the
        referee's wild-only readings cost it half a millisecond each), else the referee."""
        key = (cards, onto)
        if key in self._points_memo:
            return self._points_memo[key]
        points: int | None = None
        told = False
        if onto is not None and self.direct is not None:
            told, points = self.direct.layoff(self.table[onto], (), cards)
        if not told:
            verdict = self._exact(cards, onto)
            points = verdict.points if verdict.legal else None
        self._points_memo[key] = points
        return points
