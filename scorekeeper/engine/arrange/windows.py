"""The windows of ranks a run may fill, as the referee allows them: part of :mod:`.arrange`.

:func:`.melds.check_meld` tries a run's windows one at a time. The arrangement search instead
asks many questions of one set of rules at once: which window lengths can hold these rank
positions (:meth:`_Windows.lengths`), which choices of a suit's cards some window can hold with
the wilds there are (:meth:`_Windows.subsets`). So the windows are worked out once per rules,
with :func:`.melds.window_shape`, the referee's own reading of a window, so that the two agree.

>>> from ..presets import rules_for
>>> windows = _windows(rules_for("rummy500"))
>>> low, other = windows.lengths(0b1)  # the ace alone: A-2-3..., or ...Q-K-A
>>> bool(low >> 3 & 1), bool(other >> 3 & 1)
(True, True)
"""

from __future__ import annotations

from functools import lru_cache

from ..cards import RANKS
from ..melds import window_shape
from ..rules import Rules


class _Windows:
    """The windows of ranks a run may fill under some rules, exactly as ``check_meld`` allows
    them: no ace low where aces are high only (or high where low only), no corner unless allowed.
    """

    def __init__(self, rules: Rules) -> None:
        seq = tuple(rank for rank in RANKS if rank not in rules.omit_ranks)
        size = len(seq)
        ace = seq[0] == "A"
        self.size = size
        self.index = {rank: i for i, rank in enumerate(seq)}
        self.ace_high = ace and rules.ace_position != "low_only"
        self.corner = ace and rules.around_the_corner
        self.ace_first = ace
        self.low_blocked = ace and rules.ace_high_only
        self.wrapping: list[tuple[int, int]] = []  # the windows that go past the king
        for n in range(1, size + 1):
            for start in range(size):
                shape = window_shape(start, n, size, ace)
                if shape is None:
                    continue
                wraps, ace_low, ace_high, corner = shape
                if (
                    (corner and not rules.around_the_corner)
                    or (ace_low and rules.ace_high_only)
                    or (ace_high and rules.ace_position == "low_only")
                ):
                    continue
                if wraps:
                    mask = 0
                    for i in range(n):
                        mask |= 1 << ((start + i) % size)
                    self.wrapping.append((mask, n))
        self._fits: dict[int, tuple[int, int]] = {}

    def lengths(self, ranks: int) -> tuple[int, int]:
        """For a mask of rank positions: bit ``n`` set when a window of ``n`` ranks holds them
        all, first with the ace low (the window starts at the ace), then otherwise."""
        fits = self._fits.get(ranks)
        if fits is None:
            low = other = 0
            size = self.size
            lo = (ranks & -ranks).bit_length() - 1
            hi = ranks.bit_length() - 1
            for n in range(hi - lo + 1, size + 1):  # windows that do not wrap
                first, last = max(0, hi - n + 1), min(lo, size - n)
                if first > last:
                    continue
                if first == 0 and self.ace_first:
                    if not self.low_blocked:
                        low |= 1 << n
                    if last >= 1:
                        other |= 1 << n
                else:
                    other |= 1 << n
            for mask, n in self.wrapping:
                if not ranks & ~mask:
                    other |= 1 << n
            fits = self._fits[ranks] = (low, other)
        return fits

    def subsets(self, present: list[int], forced: int, slack: int) -> set[int]:
        """Masks of the ``present`` rank positions that, with every position in ``forced``, leave
        at most ``slack`` holes in some window: a superset of those a run can hold."""
        size = self.size
        found: set[int] = set()
        if self.corner:
            # Round the corner every rotation of the ranks is an order, and a choice is found
            # in the one that starts at its own first card (the ace-high order is one of
            # them): so a walk from each card alone, where every start of every rotation
            # found each choice up to thirteen times (most of the time making the groups of
            # a 40-card pile).
            cards = sorted({*present, *(p for p in range(size) if forced >> p & 1)})
            for turn in cards:
                items = sorted(((p - turn) % size, p, bool(forced >> p & 1)) for p in cards)
                last_forced = max((i for i, item in enumerate(items) if item[2]), default=-1)
                self._walk(items, 1, 0, 1, 1 << turn, slack, last_forced, found)
            return found
        orders = [list(range(size))]
        if self.ace_high and (forced & 1 or 0 in present):
            orders.append([size, *range(1, size)])  # the ace after the king
        for place in orders:
            items = sorted(
                (place[p], p, bool(forced >> p & 1))
                for p in {*present, *(p for p in range(size) if forced >> p & 1)}
            )
            last_forced = max((i for i, item in enumerate(items) if item[2]), default=-1)
            for first in range(len(items)):
                self._walk(
                    items,
                    first + 1,
                    items[first][0],
                    1,
                    1 << items[first][1],
                    slack,
                    last_forced,
                    found,
                )
                if items[first][2]:
                    break  # a forced position cannot be left before the run starts
        return found

    @staticmethod
    def _walk(
        items: list[tuple[int, int, bool]],
        i: int,
        start: int,
        count: int,
        mask: int,
        slack: int,
        last_forced: int,
        found: set[int],
    ) -> None:
        """Extend the choice ``mask`` (``count`` positions from ``start``) with items ``i`` on:
        each optional item taken or not, every forced one taken, while the holes fit."""
        while True:
            if i >= len(items) or items[i][0] - start - count > slack:
                if i > last_forced:
                    found.add(mask)
                return
            _, position, forced = items[i]
            if not forced:
                _Windows._walk(items, i + 1, start, count, mask, slack, last_forced, found)
            i, count, mask = i + 1, count + 1, mask | 1 << position


@lru_cache(maxsize=64)
def _windows(rules: Rules) -> _Windows:
    """The windows of these rules, worked out once (the search asks for them on every call)."""
    return _Windows(rules)
