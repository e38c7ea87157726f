"""The bound on groups by ranks and suits, for the search of :mod:`.arrange`.

The search's own bound on the groups the cards left need is cheap: each natural card is charged
a share of its thriftiest candidate group. Where the groups decide (the cards and points the rest
of a split could add at most only tie the best split found) a tighter, dearer bound pays: this
one relaxes the problem to counts by rank and suit (how many runs in each suit, which ranks then
need a set, whether the runs' windows fit the wilds) and takes the fewest groups over the choices.
"""

from __future__ import annotations

from itertools import product

from .model import _PileModel


class _GroupsBound:
    """At least how many groups the natural cards left need (:meth:`groups_needed`)."""

    def __init__(self, model: _PileModel, pos: list[int]) -> None:
        """The bound for the pile of ``model``, its natural types at the search's fields
        ``pos`` (type ``t`` counted at bits ``pos[t] * model.field`` of the search's state)."""
        ctx, rules, win, table = model.ctx, model.rules, model.win, model.table
        self.rules = rules
        self.win = win
        self.field = model.field
        self.pos = pos
        self.sets_ok = model.sets_ok
        self.runs_ok = model.runs_ok
        # The bound holds unless a table meld may take cards laid beside its wilds (such a
        # layoff may hold cards of several ranks and suits).
        self.applies = not (
            rules.real_card_for_wild != "none"
            and any(ctx.is_wild(c) for meld in table for c in meld)
        )
        self.suit_rank = [
            (-1, 0) if c.is_joker else ("SHDC".index(c.suit), 1 << win.index[c.rank])
            for c in model.types
        ]
        self.group_memo: dict[tuple[int, int], int] = {}
        self.fix_memo: dict[tuple[int, int, int, int], int] = {}
        self.fits_memo: dict[tuple[tuple[tuple[int, int, int, int, int], ...], int], bool] = {}
        # What table melds lend a run in the pile: their natural ranks, their wild cards.
        self.table_ranks = [0, 0, 0, 0]
        self.table_set_ranks = 0
        self.table_wilds = 0
        for meld in table:
            base = [card for card in meld if not ctx.is_wild(card) and not card.is_joker]
            self.table_wilds += sum(1 for card in meld if ctx.is_wild(card))
            for card in base:
                if card.rank in win.index:
                    self.table_set_ranks |= 1 << win.index[card.rank]
            if (
                base
                and len({card.suit for card in base}) == 1
                and all(card.rank in win.index for card in base)
            ):
                for card in base:
                    self.table_ranks["SHDC".index(card.suit)] |= 1 << win.index[card.rank]

    def groups_needed(self, s: int, wilds: int) -> int:
        """At least how many groups hold the natural cards ``s`` (all of them placed), with
        ``wilds`` wild cards to spare: a relaxation of the problem by ranks and suits.

        A run holds at most one card of each rank of its suit; a set holds cards of its rank.
        Choose ``L[suit]`` runs in each suit: a rank with more cards of some suit than that
        needs a set (identical cards in separate sets where sets may not hold them), which
        takes wilds up to ``min_set``. The cards of the other ranks are in runs: with one run
        in a suit its window holds all of them, with two both windows hold the doubled ranks
        and one of them each other rank; the holes they span and their length up to
        ``min_run`` take wilds (or cards of the suit whose rank has a set to spare them, or the
        ranks of a table meld). If the wilds do not suffice, one more rank at least needs a
        set. The fewest groups is the least of all that over the choices of ``L``.
        """
        memo_key = (s, wilds)
        got = self.group_memo.get(memo_key)
        if got is not None:
            return got
        wilds += self.table_wilds
        fb = self.field
        mask = (1 << (fb - 1)) - 1
        need: list[list[int]] = [[0] * (2 * mask + 2) for _ in range(4)]
        top = [0, 0, 0, 0]
        in_rank: dict[int, int] = {}
        jokers = 0
        for t, (suit, rank_bit) in enumerate(self.suit_rank):
            c = s >> (self.pos[t] * fb) & mask
            if not c:
                continue
            if suit < 0:
                jokers = 1
                continue
            row = need[suit]
            for level in range(c):
                row[level] |= rank_bit
            if c > top[suit]:
                top[suit] = c
            in_rank[rank_bit] = in_rank.get(rank_bit, 0) + c
        suits = [i for i in range(4) if top[i]]
        sets_ok, dups = self.sets_ok, self.rules.set_duplicates_allowed
        min_set = self.rules.min_set
        short = {
            bit: min_set - n
            for bit, n in in_rank.items()
            if n < min_set and not bit & self.table_set_ranks
        }
        spare = self.table_set_ranks
        for bit, n in in_rank.items():
            if n > min_set:
                spare |= bit
        rows = [need[i] for i in suits]
        table = [self.table_ranks[i] for i in suits]
        never = 1 << 20
        best = never
        choices = [range(top[i], -1, -1) if self.runs_ok else (0,) for i in suits]
        for levels in product(*choices):
            cost = sum(levels)
            if cost >= best:
                continue
            open_ranks = 0
            for row, level in zip(rows, levels, strict=True):
                open_ranks |= row[level]
            if open_ranks and not sets_ok:
                continue
            cost += open_ranks.bit_count()
            deeper = 1
            while not dups and cost < best:  # identical cards need separate sets
                more = 0
                for row, level in zip(rows, levels, strict=True):
                    more |= row[level + deeper]
                if not more:
                    break
                cost += more.bit_count()
                deeper += 1
            if cost >= best:
                continue
            # The sets short of cards take wilds first; the runs' windows take the rest.
            budget = wilds - sum(n for bit, n in short.items() if bit & open_ranks)
            if budget < 0:
                continue
            closed = ~open_ranks
            lend = closed | spare  # cards of a rank with a set fill holes if the set spares them
            runs: list[tuple[int, int, int, int, int]] = []
            for row, level, lent in zip(rows, levels, table, strict=True):
                must = row[0] & closed
                if must and level in (1, 2):
                    runs.append(
                        (
                            level,
                            must,
                            row[1] & closed if level == 2 else 0,
                            row[0] & lend | lent,
                            row[1] & lend | (row[0] & lent),
                        )
                    )
            if runs:
                key = (tuple(runs), budget)
                fits = self.fits_memo.get(key)
                if fits is None:
                    fits = self.fits_memo[key] = self._runs_fit(runs, budget)
                if not fits:
                    cost += 1
            best = min(best, cost)
        best = min(best, never) + jokers
        self.group_memo[memo_key] = best
        return best

    def _runs_fit(self, runs: list[tuple[int, int, int, int, int]], budget: int) -> bool:
        """Can the runs (level, rank positions they must hold, positions both of two runs must
        hold, positions with a card, with two) hold their cards with at most ``budget`` wilds?"""
        total = 0
        for level, must, doubled, have, have_two in runs:
            if level == 1:
                total += self._one_run(must, have)
            else:
                total += self._two_runs(must, doubled, have, have_two)
            if total > budget:
                return False
        return True

    def _orders(self, *masks: int) -> list[tuple[int, ...]]:
        """The rank-position masks as the windows read them: as they are, and with the ace
        after the king where runs may end at the ace."""
        win = self.win
        orders = [masks]
        if win.ace_first and win.ace_high and any(m & 1 for m in masks):
            top = win.size - 1
            orders.append(tuple(m >> 1 | (m & 1) << top for m in masks))
        return orders

    def _one_run(self, must: int, have: int) -> int:
        """Wilds one run needs to hold every rank position in ``must``: the holes of its window
        (positions not in ``have``), the window at least ``min_run`` long."""
        if not must:
            return 0
        key = (must, have, 0, 1)
        got = self.fix_memo.get(key)
        if got is not None:
            return got
        least, size = self.rules.min_run, self.win.size
        best = 0 if self.win.corner else 1 << 20  # round the corner: holes are not counted
        for ranks, free in self._orders(must, have):
            a, b = (ranks & -ranks).bit_length() - 1, ranks.bit_length() - 1
            if b - a + 1 > size:
                continue
            length = max(b - a + 1, least)
            for start in range(max(0, b - length + 1), min(a, size - length) + 1):
                window = ((1 << length) - 1) << start
                best = min(best, length - (free & window).bit_count())
        self.fix_memo[key] = best
        return best

    def _two_runs(self, must: int, doubled: int, have: int, have_two: int) -> int:
        """Wilds two runs of one suit need to hold every rank position in ``must`` between them
        and those in ``doubled`` in both (positions in ``have`` have a card, in ``have_two``
        two): the holes of their windows, counted twice where they overlap."""
        if not must:
            return 0
        key = (must, doubled, have, have_two)
        got = self.fix_memo.get(key)
        if got is not None:
            return got
        size = self.win.size
        best = 0 if self.win.corner else 1 << 20
        if not doubled:
            best = min(best, self._one_run(must, have))
        for ranks, twos, one, two in self._orders(must, doubled, have, have_two):
            lo, hi = (ranks & -ranks).bit_length() - 1, ranks.bit_length() - 1
            if twos:
                a, b = (twos & -twos).bit_length() - 1, twos.bit_length() - 1
            else:
                a, b = hi + 1, lo - 1  # no position both must hold
            for turn in (False, True):
                # The first window reaches the lowest (turn: the highest) position; the
                # second holds the doubled positions and whatever the first leaves out.
                ends = range(max(b, lo), hi + 1) if not turn else range(min(a, hi), lo - 1, -1)
                for end in ends:
                    if not turn:
                        first = ((1 << (end - lo + 1)) - 1) << lo
                        left = ranks & ~((1 << (end + 1)) - 1)
                    else:
                        first = ((1 << (hi - end + 1)) - 1) << end
                        left = ranks & ((1 << end) - 1)
                    span = left | twos
                    if span:
                        p, q = (span & -span).bit_length() - 1, span.bit_length() - 1
                        second = ((1 << (q - p + 1)) - 1) << p
                    else:
                        second = 0
                    if first.bit_length() - (first & -first).bit_length() + 1 > size or (
                        second and second.bit_length() - (second & -second).bit_length() + 1 > size
                    ):
                        continue
                    wanted = (
                        first.bit_count()
                        + second.bit_count()
                        - (one & (first | second)).bit_count()
                        - (two & first & second).bit_count()
                    )
                    best = min(best, wanted)
        self.fix_memo[key] = best
        return best
