"""The bound on points lost, for the search of :mod:`.search`: where the wilds are jokers
priced as the card they stand for, what the cards left must still lose short of their best
points wherever they go.

The search bounds what the cards left can add by each card at its best: an ace high, a joker
standing for an ace. Whether that is still possible hangs on the groups still possible: once
the aces are gone no joker can stand for one, once the jokers are spent no lone ace is high. So
each candidate group's points short of its cards' best are shared out among its jokers and aces
(else evenly among its natural cards), and at a node each such card left is charged the least
of the groups that can still take it: a bound, since every card that is placed lies in one of
them, and a card that cannot be placed costs a card placed, which weighs more than any points.

Only where the jokers score in groups alone (no table melds to lay them off onto, no melds of
jokers alone) and no other kind of wild is told apart: there the lists stay short.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the solver builds this bound from its tables
    from .search import _Solver

#: A group's points short of its bound are shared out in units of 1/this of a point (every
#: group of up to eight cards shares them evenly in whole units).
UNIT = 840

#: The groups looked at for each card (those losing least first).
SCAN = 32

#: A candidate group as this bound reads it: its points short of its cards' best, its natural
#: cards (type, copies), its wilds (a count of each kind), and what it takes from the search's
#: packed state (natural fields, wild fields, the table meld bit).
Loss = tuple[int, tuple[tuple[int, int], ...], "int | tuple[int, ...]", int, int, int]

#: Per card that can lose points: where its count lies in the packed state (shift, mask,
#: whether in the wilds), and its groups, those losing least first (share, fields, wilds, meld).
_Member = tuple[int, int, bool, list[tuple[int, int, int, int]]]


@dataclass(frozen=True)
class PointsLost:
    members: tuple[_Member, ...]
    #: The most the cards can lose at all, in points: past that much slack the bound cannot cut.
    most: int
    guard_s: int
    guard_w: int

    @staticmethod
    def may_apply(solver: _Solver) -> bool:
        """Whether the bound can apply to this solver's pile (what it asks of the rules and the
        wilds alone: whether jokers meld alone is told by :meth:`of`)."""
        if solver.by_count or solver.table or solver.rules.wild_sets or not any(solver.kind_ub):
            return False
        # Not with wild ranks too: many kinds, and wilds in their own place meld alone.
        return all(kind.is_joker for kind in solver.kinds)

    @classmethod
    def of(cls, solver: _Solver, losses: list[Loss], wb: int) -> PointsLost | None:
        """The bound for this solver's pile and candidate groups; None where it does not apply."""
        if not cls.may_apply(solver):
            return None
        if solver.leftover.best_by_kind(tuple(solver.kind_count), 0)[0] != (0, 0, 0):
            return None  # jokers alone make a meld here: a joker may score outside every group
        shared: dict[tuple[int, int], list[tuple[int, int, int, int]]] = {}
        for loss, naturals, wilds, d_s, d_w, onto_bit in losses:
            assert isinstance(wilds, tuple)
            held = [(0, t, c) for t, c in naturals] + [(1, i, n) for i, n in enumerate(wilds) if n]
            bearers = [(kind, i, c) for kind, i, c in held if kind or solver.types[i].rank == "A"]
            if not bearers:
                bearers = held
            share = max(loss, 0) * UNIT // max(1, sum(c for _, _, c in bearers))
            shares = {(kind, i): share for kind, i, _ in bearers}
            for kind, i, _ in held:
                shared.setdefault((kind, i), []).append(
                    (shares.get((kind, i), 0), d_s, d_w, onto_bit)
                )
        fb = solver.field
        members: list[_Member] = []
        most = 0
        for (kind, index), entries in shared.items():
            top = max(share for share, _, _, _ in entries)
            if not top:
                continue  # loses nothing wherever it goes
            entries.sort(key=itemgetter(0))
            if kind == 0:
                shift, mask = solver.pos[index] * fb, (1 << (fb - 1)) - 1
            else:
                shift, mask = index * wb, (1 << (wb - 1)) - 1
            kept = _undominated(entries, solver.guard_s, solver.guard_w)
            members.append((shift, mask, bool(kind), kept))
            most += (solver.count[index] if kind == 0 else solver.kind_count[index]) * top
        if not members:
            return None
        return cls(tuple(members), -(-most // UNIT), solver.guard_s, solver.guard_w)

    def least(self, s: int, wv: int, used: int) -> tuple[int, int]:
        """The least the cards left lose short of their best points (whole points, rounded
        up), if every one of them is placed: each where it loses least of the groups still
        possible (past the first few, at least what the next one loses); and how many groups
        that looked at (the work, for the budget)."""
        guard_s, guard_w = self.guard_s, self.guard_w
        room_s, room_w = s | guard_s, wv | guard_w
        total = looked = 0
        for shift, mask, wild, entries in self.members:
            n = (wv if wild else s) >> shift & mask
            if not n:
                continue
            least = entries[-1][0]
            for share, d_s, d_w, onto_bit in entries[:SCAN]:
                looked += 1
                if (
                    (room_s - d_s) & guard_s == guard_s
                    and not used & onto_bit
                    and (not d_w or (room_w - d_w) & guard_w == guard_w)
                ):
                    least = share
                    break
            total += n * least
        return -(-total // UNIT), looked


def _undominated(
    entries: list[tuple[int, int, int, int]], guard_s: int, guard_w: int
) -> list[tuple[int, int, int, int]]:
    """The first of ``entries`` (sorted by what they lose) without those that need all that one
    before them needs (cards, wilds, the table meld): if that one is possible, so is it.

    >>> g = 0b100  # one field of two bits and its guard bit
    >>> _undominated([(0, 1, 0, 0), (5, 2, 0, 0), (7, 0, 0, 0)], g, g)
    [(0, 1, 0, 0), (7, 0, 0, 0)]
    """
    kept: list[tuple[int, int, int, int]] = []
    for entry in entries:
        _, d_s, d_w, onto_bit = entry
        for _, k_s, k_w, k_onto in kept:
            if (
                ((d_s | guard_s) - k_s) & guard_s == guard_s
                and (not k_onto or k_onto == onto_bit)
                and ((d_w | guard_w) - k_w) & guard_w == guard_w
            ):
                break
        else:
            kept.append(entry)
            if len(kept) > SCAN:
                break
    return kept
