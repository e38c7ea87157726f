"""The programme's moves for one suit at one rank: each open run (a track) of the suit extended
by a card of this rank, left with a gap for a wild further up, ended below here, or, round the
corner, a head waiting for its tail; then new runs started here, each choice once.

A card of the rank anchors a run: a natural card, or a wild in its own place while enough wilds
are left elsewhere. Jokers priced as represented go below a new run's anchor where they are worth
it; fixed-points wilds go where a run needs them, the rest by the capacity (:mod:`.pile`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from .limit import NAT, OWN
from .pile import HEAD, LOW, RUN, TAIL, WAIT, Track, _PileByRanks, _spots, _State, _Step


class _RunMoves(_PileByRanks):
    """The moves of the runs of one suit at one rank (a mixin of the pile)."""

    def _length(self, kind: int, n: int, p: int) -> int:
        """A run's length as its track keeps it: past ``min_run``, and with more room left
        than there are wilds to fill it, how long it is changes nothing still to come (it is
        legal, and its capacity is as much as the wilds can fill), so every such length is
        kept as ``min_run`` and the states that differed only in it merge."""
        if kind not in (RUN, LOW) or self.corner_ok or n <= self.min_run:
            return n
        # Its length counts only for the room it leaves the fixed-points wilds (jokers go
        # above it by the ranks, not by its length): none, or more room than there are such
        # wilds even if it took every rank above this one and the ace high.
        if not self.fixed_total or self.widest - n - (self.size - p) >= self.fixed_total:
            return self.min_run
        return n

    def _suit_moves(self, state: _State, p: int, s: int) -> Iterator[tuple[_State, int, object]]:
        tracks, avail, plain, jokers, own, spare, cap = state
        mine = tracks[s]
        k0, o0 = self.nat[p][s], self.own[p][s]
        fixed_free0 = self.fixed_total - sum(own) - plain
        joker_free0 = self.jokers - jokers
        scale = self.scale
        limit = self.limit
        size = self.size
        next_anchor = self.next_anchor[p][s]
        results: list[tuple[list[Track], int, int, int, int, int, int, list[_Step]]] = []

        def anchor_gain(how: str, low: bool) -> int:
            if how == NAT:
                return scale.card + scale.point * (self.nat_low[s] if low else self.nat_pts[p][s])
            return scale.card + scale.point * self.own_pts[p][s]

        def anchors(k: int, o: int, free: int) -> list[tuple[str, int, int]]:
            """The anchors left here; a wild in its own place only while the wilds placed
            elsewhere leave one of them over."""
            return ([(NAT, k - 1, o)] if k else []) + ([(OWN, k, o - 1)] if o and free > 0 else [])

        def walk(
            i: int,
            k: int,
            o: int,
            f: int,
            jk: int,
            g: int,
            c: int,
            out: list[Track],
            acts: list[_Step],
        ) -> None:
            ff = fixed_free0 - f - (o0 - o)
            jf = joker_free0 - jk
            if i == len(mine):
                self._starts(
                    p, s, k, o, f, jk, g, c, out, acts, ff, jf, results, anchors, anchor_gain
                )
                return
            track = mine[i]
            kind, n, lim, gap, extra = track
            if kind == WAIT:
                walk(i + 1, k, o, f, jk, g, c, [*out, track], [*acts, (track, (), 0)])
                for how, k2, o2 in anchors(k, o, ff):
                    lim2 = limit.add(lim, how)
                    if lim2 is None:
                        continue
                    tail = (TAIL, n + 1, lim2, 0, 0)
                    walk(
                        i + 1,
                        k2,
                        o2,
                        f,
                        jk,
                        g + anchor_gain(how, False),
                        c,
                        [*out, tail],
                        [*acts, (tail, ((how, p, s),), 0)],
                    )
                return
            # an anchor here, the gap since the last one filled with wilds
            for how, k2, o2 in anchors(k, o, ff):
                lim2 = limit.add_wilds(lim, gap)
                lim3 = None if lim2 is None else limit.add(lim2, how)
                if lim3 is None:
                    continue
                values = [self._joker_value(s, x) for x in range(p - gap, p)]
                for f2, j2, wg in self._fills(values, ff - (how == OWN), jf):
                    length = self._length(kind, n + gap + 1, p)
                    longer = (kind, length, min(lim3, limit.cap), 0, extra)
                    walk(
                        i + 1,
                        k2,
                        o2,
                        f + f2,
                        jk + j2,
                        g + wg + anchor_gain(how, False),
                        c,
                        [*out, longer],
                        [*acts, (longer, _spots(how, p, s, gap, j2), 0)],
                    )
            # no card here: a gap, if an anchor further up can close it
            reachable = kind == TAIL or (
                next_anchor is not None and gap + next_anchor - p <= ff + jf
            )
            if (
                reachable
                and not self.budget.spent  # past the budget, no new gaps: states must finish
                and gap + 1 <= ff + jf
                and limit.add_wilds(lim, gap + 1) is not None
            ):
                gapped = (kind, n, lim, gap + 1, extra)
                walk(i + 1, k, o, f, jk, g, c, [*out, gapped], [*acts, (gapped, (), 0)])
            if gap and not self.budget.spent:
                return
            # the run ends below here (past the budget, also at its last anchor, so that the
            # beam's states can always finish)
            if kind in (RUN, LOW):
                ended = (kind, n, lim, 0, extra)
                for _, f2, j2, wg, capacity in self._close(ended, p - 1 - gap, s, ff, jf):
                    walk(
                        i + 1,
                        k,
                        o,
                        f + f2,
                        jk + j2,
                        g + wg,
                        c + capacity,
                        out,
                        [*acts, (None, _spots(None, p, s, f2 + j2, j2), capacity)],
                    )
            elif kind == HEAD and p < size - 1:
                waiting = (WAIT, n, lim, 0, p - 1 - gap)
                walk(i + 1, k, o, f, jk, g, c, [*out, waiting], [*acts, (waiting, (), 0)])

        walk(0, k0, o0, 0, 0, 0, 0, [], [])
        for out, k2, o2, f, jk, g, c, acts in results:
            new_own = own
            if o2 != o0:
                counts = list(own)
                counts[self.class_of[p, s]] += o0 - o2
                new_own = tuple(counts)
            new_tracks = (*tracks[:s], tuple(sorted(out)), *tracks[s + 1 :])
            # A run with a gap cannot end there: every gap open will take a wild each place.
            pending = sum(t[3] for suit in new_tracks for t in suit)
            if pending > fixed_free0 - f - (o0 - o2) + joker_free0 - jk:
                continue
            left = list(avail) if avail else [0] * 8
            left[2 * s], left[2 * s + 1] = k2, o2
            new_cap = min(cap + c, self.fixed_total)
            yield (
                (new_tracks, tuple(left), plain + f, jokers + jk, new_own, spare, new_cap),
                g,
                (s, tuple(acts)),
            )

    def _starts(
        self,
        p: int,
        s: int,
        k: int,
        o: int,
        f: int,
        jk: int,
        g: int,
        c: int,
        out: list[Track],
        acts: list[_Step],
        fixed_free: int,
        joker_free: int,
        results: list[tuple[list[Track], int, int, int, int, int, int, list[_Step]]],
        anchors: Callable[[int, int, int], list[tuple[str, int, int]]],
        anchor_gain: Callable[[str, bool], int],
    ) -> None:
        """Every choice of runs to start at this rank: each with an anchor here, and below it
        jokers where they are worth it (fixed wilds go by the capacity), or for a head round
        the corner the wilds down to the ace. Made in a canonical order, each choice once."""
        limit = self.limit
        own_before = o
        jokers_before = jk
        fixed_before = f

        def leads(
            how: str, fixed_free: int, joker_free: int
        ) -> list[tuple[int, int, int, int, int]]:
            """(kind, lead, fixed, jokers, gain) for the wilds below a new run's anchor."""
            options: list[tuple[int, int, int, int, int]] = []
            lowest = 1 if self.ace and not self.low_ok else 0
            for lead in range(0, p - lowest + 1):
                low = p - lead
                kind = LOW if (low == 0 and self.ace) else RUN
                if lead and not self.jokers:
                    break
                values = [self._joker_value(s, x, low=kind == LOW) for x in range(low, p)]
                for f2, y, wg in self._fills(values, fixed_free - (how == OWN), joker_free):
                    if lead and not y:
                        continue
                    options.append((kind, lead, f2, y, wg))
            if self.corner_ok and self.ace:
                # a head from the ace up, the places below this anchor filled with wilds
                values = [self._joker_value(s, x) for x in range(0, p)]
                for f2, y, wg in self._fills(values, fixed_free - (how == OWN), joker_free):
                    options.append((HEAD, p, f2, y, wg))
            return options

        def more(
            k: int,
            o: int,
            f: int,
            jk: int,
            g: int,
            made: list[Track],
            new: list[_Step],
            floor: tuple[object, ...],
        ) -> None:
            results.append((out + made, k, o, f, jk, g, c, [*acts, *new]))
            if not self.runs_ok:
                return
            ff = fixed_free - (f - fixed_before) - (own_before - o)
            jf = joker_free - (jk - jokers_before)
            for how, k2, o2 in anchors(k, o, ff):
                for kind, lead, f2, y, wg in leads(how, ff, jf):
                    key = (how, kind, lead, y)
                    if key < floor:
                        continue
                    lim2 = limit.add_wilds(0, lead)
                    lim3 = None if lim2 is None else limit.add(lim2, how)
                    if lim3 is None:
                        continue
                    track = (kind, lead + 1, lim3, 0, 0)
                    gain = wg + anchor_gain(how, kind == LOW and lead == 0) - self.scale.group
                    more(
                        k2,
                        o2,
                        f + f2,
                        jk + y,
                        g + gain,
                        [*made, track],
                        [*new, (track, _spots(how, p, s, lead, y), 0)],
                        key,
                    )

        more(k, o, f, jk, g, [], [], ())
