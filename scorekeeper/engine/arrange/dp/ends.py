"""The programme's last layer: past the king, every run still open closes (or takes the ace
high, or a head round the corner takes its tail of wilds), runs whose only anchor is the ace
high start, and the wilds left fill the melds' capacity; a set of wild cards takes the rest where
the rules allow it, and jokers that are not wild make their set.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from .limit import NAT, OWN
from .pile import HEAD, LOW, RUN, TAIL, WAIT, Track, _PileByRanks, _Spot, _spots, _State, _Step


class _EndMoves(_PileByRanks):
    """The moves of the last layer (a mixin of the pile)."""

    def _end_moves(self, state: _State) -> Iterator[tuple[_State, int, object]]:
        tracks, _, plain, jokers, own, spare, cap = state
        per_suit = []
        fixed_free = self.fixed_total - sum(own) - plain
        joker_free = self.jokers - jokers
        for s in range(4):
            ends = self._suit_end(s, tracks[s], spare, fixed_free, joker_free)
            if not ends:
                return
            per_suit.append(ends)
        scale = self.scale
        for combo in product(*per_suit):
            f = sum(end[0] for end in combo)
            jk = sum(end[1] for end in combo)
            if jk > joker_free:
                continue
            used_own = list(own)
            for end in combo:
                for c in end[2]:
                    used_own[c] += 1
            left = [total - used for total, used in zip(self.class_total, used_own, strict=True)]
            free = sum(left) - plain - f
            if free < 0:
                continue
            self.budget.spend(2)
            value = sum(end[3] for end in combo)
            capacity = min(cap + sum(end[4] for end in combo), free)
            rest_jokers = joker_free - jk
            # The wilds left fill the capacity; a wild set takes the rest (or all of them,
            # where that places more).
            best = None
            for extra in {capacity, max(0, free - max(self.wild_set_min - rest_jokers, 0))}:
                if extra > capacity:
                    continue
                rest = free - extra
                dump = self.rules.wild_sets and rest + rest_jokers >= self.wild_set_min
                placed = extra + (rest + rest_jokers if dump else 0)
                option = (placed, dump, extra)
                if best is None or (placed, -dump) > (best[0], -best[1]):
                    best = option
            assert best is not None
            placed, dump, extra = best
            points = 0
            need = plain + f + extra
            for c, n in enumerate(left):
                use = min(n, need)
                points += use * self.classes[c]
                need -= use
            value += (extra * scale.card) + points * scale.point
            if dump:
                rest = free - extra
                rest_points = sum(n * c for n, c in zip(left, self.classes, strict=True)) - points
                value += (rest + rest_jokers) * scale.card
                value += (rest_points + rest_jokers * self.jok_alone) * scale.point
                value -= scale.group
            if self.loose_jokers >= self.min_set:
                value += self.loose_jokers * (scale.card + self.jok_alone * scale.point)
                value -= scale.group
            end_state: _State = ((), (), 0, 0, (), (), 0)
            yield end_state, value, (tuple(end[5] for end in combo), extra, dump)

    def _top_wilds(
        self,
        s: int,
        n: int,
        lim: int,
        count: int,
        fixed_free: int,
        joker_free: int,
        fixed_alone: bool,
    ) -> list[tuple[int, int, int, int, tuple[_Spot, ...]]]:
        """A run of ``n`` cards of suit ``s`` round the corner whose top ``count`` places (up to
        the king) are wilds (fixed ones without a joker only where ``fixed_alone``). Each way:
        (fixed wilds, jokers, gain, capacity, the cards it adds)."""
        size = self.size
        lim2 = self.limit.add_wilds(lim, count)
        if lim2 is None:
            return []
        values = [self._joker_value(s, x) for x in range(size - count, size)]
        ways = []
        for f2, j2, wg in self._fills(values, fixed_free, joker_free):
            if not fixed_alone and f2 and not j2:
                continue
            done = self._finish(n + count, lim2, fixed_free - f2, size)
            if done is None:
                continue
            need, _, capacity = done
            spots = _spots(None, size, s, f2 + j2 + need, j2)
            ways.append((f2 + need, j2, wg + need * self.scale.card, capacity, spots))
        return ways

    def _ace_high(
        self,
        s: int,
        how: str,
        n: int,
        lim: int,
        below: int,
        fixed_free: int,
        joker_free: int,
        fixed_below: bool,
    ) -> list[tuple[int, int, int, int, tuple[_Spot, ...]]]:
        """A run of suit ``s`` ending with the ace high (``how``: natural or wild in its own
        place), ``below`` places under it filled with wilds (fixed ones only where
        ``fixed_below``: the gap of a run; below a new run's anchor only jokers go by choice).
        Each way: (fixed wilds, jokers, gain, capacity, the cards it adds)."""
        size = self.size
        scale = self.scale
        lim2 = self.limit.add_wilds(lim, below)
        lim3 = None if lim2 is None else self.limit.add(lim2, how)
        if lim3 is None:
            return []
        free = fixed_free - (how == OWN)
        ace = scale.card + scale.point * (self.nat_pts[0][s] if how == NAT else self.own_pts[0][s])
        values = [self._joker_value(s, x) for x in range(size - below, size)]
        ways = []
        for f2, j2, wg in self._fills(values, free, joker_free):
            if below and not fixed_below and not j2:
                continue
            done = self._finish(n + below + 1, lim3, free - f2, self.widest)
            if done is None:
                continue
            need, _, capacity = done
            spots = ((how, size, s), *_spots(None, size, s, f2 + j2 + need, j2))
            ways.append((f2 + need, j2, wg + ace + need * scale.card, capacity, spots))
        return ways

    def _suit_end(
        self,
        s: int,
        mine: tuple[Track, ...],
        spare: tuple[int, ...],
        fixed_free: int,
        joker_free: int,
    ) -> list[tuple[int, int, tuple[int, ...], int, int, tuple[_Step, ...]]]:
        """The ways the runs of one suit end: (fixed wilds, jokers, own-place classes used,
        gain, capacity, per track and per new run its last cards)."""
        k0 = spare[2 * s] if spare else 0
        o0 = spare[2 * s + 1] if spare else 0
        size = self.size
        scale = self.scale
        results: list[tuple[int, int, tuple[int, ...], int, int, tuple[_Step, ...]]] = []

        def walk(
            i: int, k: int, o: int, f: int, jk: int, g: int, c: int, acts: tuple[_Step, ...]
        ) -> None:
            ff = fixed_free - f - (o0 - o)
            jf = joker_free - jk
            if i == len(mine):
                high_starts(k, o, f, jk, g, c, acts, ())
                return
            track = mine[i]
            kind, n, lim, gap, extra = track
            if kind in (RUN, LOW) and (gap == 0 or self.budget.spent):
                ended = (kind, n, lim, 0, extra)
                for _, f2, j2, wg, capacity in self._close(ended, size - 1 - gap, s, ff, jf):
                    walk(
                        i + 1,
                        k,
                        o,
                        f + f2,
                        jk + j2,
                        g + wg,
                        c + capacity,
                        (*acts, (None, _spots(None, size, s, f2 + j2, j2), capacity)),
                    )
            if kind in (TAIL, HEAD):
                # the places up to the king filled with wilds; a tail then joins its head
                for f2, j2, gain, capacity, spots in self._top_wilds(s, n, lim, gap, ff, jf, True):
                    walk(
                        i + 1,
                        k,
                        o,
                        f + f2,
                        jk + j2,
                        g + gain,
                        c + capacity,
                        (*acts, (None, spots, capacity)),
                    )
            if kind == RUN and self.high_ok:
                # the ace high as its anchor, the gap below it filled with wilds
                for how, k2, o2 in ([(NAT, k - 1, o)] if k else []) + (
                    [(OWN, k, o - 1)] if o and ff > 0 else []
                ):
                    for f2, j2, gain, capacity, spots in self._ace_high(
                        s, how, n, lim, gap, ff, jf, True
                    ):
                        walk(
                            i + 1,
                            k2,
                            o2,
                            f + f2,
                            jk + j2,
                            g + gain,
                            c + capacity,
                            (*acts, (None, spots, capacity)),
                        )
            if kind == WAIT:
                # a tail of wild cards only, below the king (more fixed ones than the first go
                # by the capacity)
                for t in range(1, size - extra):
                    for f2, j2, gain, capacity, spots in self._top_wilds(
                        s, n, lim, t, ff, jf, t == 1
                    ):
                        walk(
                            i + 1,
                            k,
                            o,
                            f + f2,
                            jk + j2,
                            g + gain,
                            c + capacity,
                            (*acts, (None, spots, capacity)),
                        )

        def high_starts(
            k: int,
            o: int,
            f: int,
            jk: int,
            g: int,
            c: int,
            acts: tuple[_Step, ...],
            floor: tuple[object, ...],
        ) -> None:
            """Runs whose only anchor is the ace high, with wilds below it."""
            classes = (self.class_of[0, s],) * (o0 - o) if o0 != o else ()
            results.append((f, jk, classes, g, c, acts))
            if not self.high_ok:
                return
            ff = fixed_free - f - (o0 - o)
            jf = joker_free - jk
            for how, k2, o2 in ([(NAT, k - 1, o)] if k else []) + (
                [(OWN, k, o - 1)] if o and ff > 0 else []
            ):
                for lead in range(0, (size - 1 if self.jokers else 0) + 1):
                    if (how, lead) < floor:
                        continue
                    for f2, j2, gain, capacity, spots in self._ace_high(
                        s, how, 0, 0, lead, ff, jf, False
                    ):
                        high_starts(
                            k2,
                            o2,
                            f + f2,
                            jk + j2,
                            g + gain - scale.group,
                            c + capacity,
                            (*acts, (None, spots, capacity)),
                            (how, lead),
                        )

        walk(0, k0, o0, 0, 0, 0, 0, ())
        return results
