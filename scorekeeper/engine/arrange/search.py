"""The branch-and-bound search of :mod:`.arrange`, over the candidate groups of a pile.

Over 500 lines and one idea: the search's passes, its recursion and the answer it builds read and
write one packed state, and parting them would part the hot loop from the state it reads (its
tables are built apart, in :mod:`.tables`).

The search state is packed into integers, for speed (:mod:`.tables`): ``s`` the natural cards
left, ``wv`` the wilds left; ``used`` a bit per table meld already laid off onto; ``cap`` how many
more wilds the groups taken can absorb. ``g0, g1, g2`` are the score of the groups taken, and
``placed, points, shares`` what the cards left could add at most (``shares`` in units of
``1/unit`` group).

How it works, and why it is exact:

* **Two passes.** The first cuts every branch that cannot place more cards or score more
  points than the best split found (the groups do not count yet): on many piles the score was
  proved in a few hundred steps, and proving the fewest groups took the rest of the budget.
  The second searches again from that split with the groups counting, within
  :data:`GROUPS_BUDGET` steps.
* **Branch and bound.** Depth first, on the card left with the fewest candidate groups still
  possible (as an exact cover is searched: the most constrained card first): each candidate
  holding it whose cards and wilds are still there, then the card unplaced. Cards that no
  candidate can take any more are unplaced on the spot. The bound on what the cards left can
  add is (their number, their best points, -groups), the groups bounded below two ways: each
  natural card is charged ``(1 + wilds/2) / naturals`` of its thriftiest candidate, and ``1/2``
  is given back per wild left (a dual solution of the covering relaxation); and, where the
  groups decide, by ranks and suits (:mod:`.bound`: how many runs in each suit, how many ranks
  then need a set, whether the runs' windows fit the wilds). Where jokers are priced as what
  they stand for, what the cards left must still lose cuts too (:mod:`.lost`). Candidates are
  sorted by their charge, so the loop stops at the first that cannot beat the best split
  found; a table of bounds per remaining pile cuts repeated work, and one greedy descent
  (thriftiest candidates first) gives the search a good split to beat from the start.
"""

from __future__ import annotations

from collections import Counter

from ..cards import Card
from ..melds import Verdict
from ..points import card_points
from .bound import _GroupsBound
from .budget import Budget, BudgetSpent
from .candidates import _Pattern
from .lost import PointsLost
from .model import _Score
from .tables import _Option, _Tables
from .wilds import _LeftoverWilds

#: A group of the answer, checked by the referee: its cards (sorted), the table meld it is laid
#: off onto (None: a new meld), and the referee's verdict.
_Checked = tuple[tuple[Card, ...], int | None, Verdict]


#: The most answers the dead-card test keeps (each a few hundred bytes).
_ALIVE_MEMO = 50_000


#: The third part of the best score while the groups do not count (the first pass): above any
#: groups count, so that a split is cut as soon as it cannot place more cards or score more.
_ANY_GROUPS = 1 << 40

#: How many more groups still possible the first card left in the fixed order may have than
#: the most constrained card, and still be branched on (its list of groups is shorter).
_FIRST_SLACK = 1

#: The most work spent looking for fewer groups once the score is proved (about a fiftieth of
#: a second here): the score is what the round counts; fewer groups only tidy the answer. On
#: the 30-40-card corpus piles 184 of the 198 better splits this look found came within its
#: first 5,000 steps (the rest within 20,000, which took up to 0.1 s a pile).
GROUPS_BUDGET = 5_000


class _Solver(_Tables):
    """One search: the candidate groups of a pile, the search over them, and its answer."""

    #: Whether the search stopped at its budget (its answer is then the best found so far).
    cut = False
    #: Whether no split of the best score has fewer groups (False: the fewest found within
    #: :data:`GROUPS_BUDGET`).
    fewest_proved = True
    #: Whether the groups count in the comparison with the best split (the second pass).
    groups_count = False

    #: (cards, points) the first pass must reach, or None: with the pile's ceiling, every split
    #: short of it is cut at once (see :meth:`lossless`).
    aspire: tuple[int, int] | None = None

    def solve(
        self, patterns: list[_Pattern] | None = None
    ) -> tuple[list[_Checked], list[Card]] | None:
        """The best split over ``patterns`` (default: every candidate group): its groups, each
        checked by the referee, and the cards it leaves out; None if the referee disagrees with
        the model about one of its groups, or (with :attr:`aspire`) none reaches it."""
        if patterns is None:
            patterns = self.candidates()
        # (not ``fewest``: that is the smallest meld the model's rules allow, which the
        # leftover wilds and the lost points read during the search)
        self.cut, self.fewest_proved, self.groups_count = False, True, False
        self.leftover = _LeftoverWilds(self, self.direct)
        want_losses = PointsLost.may_apply(self)
        never, start, wv0, placed, points, shares, losses = self._tabulate(patterns, want_losses)
        self.lost = PointsLost.of(self, losses, self.wild_field) if want_losses else None
        #: The best split's score, and the same as the passes compare with it (see _leaf).
        self.found: _Score = (-1, 0, 0)
        self.best: _Score = (-1, 0, 0)
        if self.aspire is not None:  # a split must reach it: one point short is cut
            self.best = (self.aspire[0], self.aspire[1] - 1, _ANY_GROUPS)
        self.best_path: list[_Pattern | int] = []
        self.best_leaf: object = None
        self.path: list[_Pattern | int] = []
        self.tt: dict[tuple[int, int, int, int], _Score] = {}
        # The bound on groups by ranks and suits (where it holds), for when the groups decide.
        self.bound = _GroupsBound(self, self.pos)
        self.levels = self.bound.applies
        self.leaf_memo: dict[tuple[int, int, int], tuple[_Score, object]] = {}
        # A greedy descent first, taking for each card the thriftiest group still possible (the
        # search below takes the richest first): a good split found early cuts far more.
        # Two passes: first the most cards and points, each split cut as soon as it cannot beat
        # the best on those; then, with what that pass left of the work up to GROUPS_BUDGET, the
        # fewest groups for that score (proving the fewest groups took most of the work on many
        # piles where the score was proved in a few hundred steps).
        try:
            self._dive(start, wv0)
            self._search(start, wv0, 0, 0, 0, 0, 0, placed, points, shares)
        except BudgetSpent:
            self.cut = True  # the best split found so far, not known to be the best
            if self.best_leaf is None:
                return None
        else:
            if self.best_leaf is None:
                return None  # (only with ``aspire``: no split reaches it)
            self._fewer_groups(start, wv0, placed, points, shares)
        self.budget = None  # checking the answer is not search
        return self._build(never)

    def _fewer_groups(self, start: int, wv0: int, placed: int, points: int, shares: int) -> None:
        """The second pass: the search again, the groups counting, from the best split found."""
        self.groups_count = True
        self.best = self.found
        self.tt.clear()  # its bounds told only of cards and points
        outer = self.budget
        if outer is not None:
            self.budget = Budget(max(0, min(GROUPS_BUDGET, outer.left)), grace=1.0)
        try:
            # The first pass's split often came from the thrifty descent (many small groups):
            # the descent taking the widest groups first may give this pass a better start.
            self._dive(start, wv0, widest=True)
            self._search(start, wv0, 0, 0, 0, 0, 0, placed, points, shares)
        except BudgetSpent:
            self.fewest_proved = False
        finally:
            if outer is not None and self.budget is not None:
                outer.left -= self.budget.used
            self.budget = outer

    def _groups_needed(self, s: int, wilds: int) -> int:
        """The bound on groups by ranks and suits (a method of its own: a test turns it off)."""
        self._spend(10)  # about as much work as ten search steps
        return self.bound.groups_needed(s, wilds)

    def _search(
        self,
        s: int,
        wv: int,
        used: int,
        cap: int,
        g0: int,
        g1: int,
        g2: int,
        placed: int,
        points: int,
        shares: int,
    ) -> None:
        unit = self.unit
        if (g0 + placed, g1 + points, g2 + (-shares) // unit) <= self.best:
            return
        if s:
            # A state met before is cut by what was found below it then, before its dead
            # cards are looked for (the bound holds with them unplaced: they add nothing).
            key = (s, wv, used, cap)
            bound = self.tt.get(key)
            if bound is not None and (g0 + bound[0], g1 + bound[1], g2 + bound[2]) <= self.best:
                return
            # Cards that no candidate group can take any more are unplaced here and now.
            dead = self._dead(s, wv, used)
            if dead:
                fb = self.field
                path = self.path
                for f, c in dead:
                    t = self.order[f]
                    s -= c << (f * fb)
                    placed -= c
                    points -= c * self.best_pts[t]
                    shares -= c * self.share[t]
                    path += [t] * c
                self._expand(s, wv, used, cap, g0, g1, g2, placed, points, shares)
                del path[len(path) - sum(c for _, c in dead) :]
                self._remember(key, g0, g1, g2)
                return
        self._expand(s, wv, used, cap, g0, g1, g2, placed, points, shares)

    def _dive(self, s: int, wv: int, widest: bool = False) -> None:
        """One greedy descent: for each card in turn the thriftiest group still possible
        (fewest cards and wilds; ``widest``: the most cards), no going back."""
        fb = self.field
        guard_s, guard_w = self.guard_s, self.guard_w
        by_count = self.by_count
        used = cap = g0 = g1 = g2 = 0
        path = self.path
        depth = len(path)
        while True:
            for f, c in self._dead(s, wv, used):
                path += [self.order[f]] * c
                s -= c << (f * fb)
            if not s:
                self._leaf(wv, used, cap, g0, g1, g2)
                break
            x = self.order[((s & -s).bit_length() - 1) // fb]
            chosen: _Option | None = None
            for option in self.options[x]:
                d_s, d_w, onto_bit = option[2], option[3], option[4]
                if ((s | guard_s) - d_s) & guard_s != guard_s or used & onto_bit:
                    continue
                if by_count:
                    if d_w > wv:
                        continue
                elif d_w and ((wv | guard_w) - d_w) & guard_w != guard_w:
                    continue
                if chosen is None or (
                    option[6] > chosen[6]
                    if widest
                    else self._thrift(option, s) < self._thrift(chosen, s)
                ):
                    chosen = option
            if chosen is None:
                path.append(x)
                s -= self.unit_s[x]
                continue
            path.append(chosen[10])
            s -= chosen[2]
            wv -= chosen[3]
            used |= chosen[4]
            cap = min(cap + chosen[5], wv) if by_count else 0
            g0, g1, g2 = g0 + chosen[6], g1 + chosen[7], g2 - 1
        del path[depth:]

    def _thrift(self, option: _Option, s: int) -> tuple[int, int]:
        """What a group takes: its cards and wilds, and then the kinds of natural card it
        takes the last of (other cards may need them)."""
        fb = self.field
        mask = (1 << (fb - 1)) - 1
        pos = self.pos
        emptied = sum(1 for t, c in option[10][0] if s >> (pos[t] * fb) & mask == c)
        return option[6] + (option[3] if self.by_count else 0), emptied

    def _dead(self, s: int, wv: int, used: int) -> list[tuple[int, int]]:
        """The fields of ``s`` (and their counts) whose card is in no group still possible."""
        fb = self.field
        mask = (1 << (fb - 1)) - 1
        guard_s, guard_w = self.guard_s, self.guard_w
        # A group is possible if no field of ``s`` less its cards borrows (its guard bit stays
        # set), it lays off onto a meld not yet laid off onto, and the wilds suffice.
        room_s, room_w = s | guard_s, wv | guard_w
        by_count = self.by_count
        lives, spread, depends, memo = self.live, self.spread, self.depends, self.alive_memo
        complete = self.live_complete
        dead = []
        # The cards of a group found still possible are all alive: not looked at again.
        rest = s
        while rest:
            f = ((rest & -rest).bit_length() - 1) // fb
            rest &= ~(mask << (f * fb))
            live = lives[f]
            d_s, d_w, onto_bit = live[0]
            if (
                (room_s - d_s) & guard_s == guard_s
                and not used & onto_bit
                and (d_w <= wv if by_count else not d_w or (room_w - d_w) & guard_w == guard_w)
            ):
                rest &= ~spread[d_s]  # the group possible here last time, likely so again
                continue
            # Whether a card is alive hangs only on what its groups use: the same cards, wilds
            # and table melds left were told before (in another branch of the search).
            touch, wilds, tables = depends[f]
            key = (f, s & touch, wv if wilds else 0, used & tables)
            # The cards of the group found possible (0: none is, the card is dead).
            found = memo.get(key)
            if found is None:
                found = 0
                for i, (d_s, d_w, onto_bit) in enumerate(live):
                    if (
                        (room_s - d_s) & guard_s == guard_s
                        and not used & onto_bit
                        and (
                            d_w <= wv
                            if by_count
                            else not d_w or (room_w - d_w) & guard_w == guard_w
                        )
                    ):
                        found = d_s
                        live[0], live[i] = live[i], live[0]
                        break
                if len(memo) >= _ALIVE_MEMO:
                    memo.clear()  # bounded: a long search starts it afresh
                memo[key] = found
            if found:
                rest &= ~spread[found]
            elif complete[f]:
                dead.append((f, s >> (f * fb) & mask))
        return dead

    def _expand(
        self,
        s: int,
        wv: int,
        used: int,
        cap: int,
        g0: int,
        g1: int,
        g2: int,
        placed: int,
        points: int,
        shares: int,
    ) -> None:
        unit = self.unit
        if (g0 + placed, g1 + points, g2 + (-shares) // unit) <= self.best:
            return
        if self.budget is not None:
            self.budget.spend(self.node_cost)
        key = (s, wv, used, cap)
        bound = self.tt.get(key)
        if bound is not None and (g0 + bound[0], g1 + bound[1], g2 + bound[2]) <= self.best:
            return
        if not s:
            self._leaf(wv, used, cap, g0, g1, g2)
            return
        if self.lost is not None and g0 + placed == self.best[0]:
            # The cards can at best tie: what the points lose where the cards left can still go
            # (a joker that can no longer stand for an ace, say) may cut.
            slack = g1 + points - self.best[1]
            if 0 <= slack <= self.lost.most:
                lost, looked = self.lost.least(s, wv, used)
                self._spend(1 + looked // 8)
                if lost and (g0 + placed, g1 + points - lost, g2 + (-shares) // unit) <= self.best:
                    self._remember(key, g0, g1, g2)
                    return
        by_count = self.by_count
        ceiling: _Score = (g0 + placed, g1 + points, g2 + (-shares) // unit)
        tight = not self.levels
        if not tight and self.groups_count and ceiling[:2] == self.best[:2]:
            # The groups decide: the bound by ranks and suits is worth its cost.
            tight = True
            ceiling = (
                ceiling[0],
                ceiling[1],
                min(ceiling[2], g2 - self._groups_needed(s, wv if by_count else self.W)),
            )
            if ceiling <= self.best:
                return
        fb = self.field
        guard_s, guard_w = self.guard_s, self.guard_w
        room_s, room_w = s | guard_s, wv | guard_w  # a field less a group borrows: no room
        # The card to branch on: the one with the fewest groups still possible (counted
        # among its groups that no other of its groups needs less than, no further than the
        # fewest found so far), then the one with the fewest groups to look through: branching
        # on the most constrained card cut the search on a 40-card pile from 36,597 nodes to
        # 5,481 (a fixed order took the first card left). But the first card left in the fixed
        # order needs only the groups it comes first in (those holding a card before it are
        # gone): where it is about as constrained, it is branched on, with its shorter list
        # (a pile of many wild kinds looked through 5,800 groups a node, else 240).
        mask = (1 << (fb - 1)) - 1
        x, fewest, scanned = -1, (1 << 30, 0), 0
        first_ok = -1
        rest_f = s
        lives, order, groups_of = self.live, self.order, self.groups_of
        while rest_f and fewest[0] > 1:
            f = ((rest_f & -rest_f).bit_length() - 1) // fb
            rest_f &= ~(mask << (f * fb))
            n_ok = 0
            for d_s, d_w, onto_bit in lives[f]:
                scanned += 1
                if (room_s - d_s) & guard_s != guard_s or used & onto_bit:
                    continue
                if by_count:
                    if d_w > wv:
                        continue
                elif d_w and (room_w - d_w) & guard_w != guard_w:
                    continue
                n_ok += 1
                if n_ok > fewest[0]:
                    break
            t = order[f]
            if first_ok < 0:
                first_ok, first = n_ok, t
            here = (n_ok, len(groups_of[t]))
            if here < fewest:
                x, fewest = t, here
        self._spend(scanned // 16)
        if x == first or first_ok <= fewest[0] + _FIRST_SLACK:
            x, groups = first, self.options[first]
        else:
            groups = groups_of[x]
        top0, top1 = g0 + placed, g1 + points
        path = self.path
        best: _Score | None = None
        open_bound, room1, room2 = True, 0, 0
        looked = 0
        for looked, (  # noqa: B007 (read after the loop: the groups looked through)
            excess,
            share,
            d_s,
            d_w,
            onto_bit,
            p_cap,
            p_placed,
            p_points,
            u_placed,
            u_points,
            pattern,
        ) in enumerate(groups):
            if best is not self.best:  # at the start, and after a better split was found
                best = self.best
                if not tight and self.groups_count and ceiling[:2] == best[:2]:
                    tight = True
                    ceiling = (
                        ceiling[0],
                        ceiling[1],
                        min(ceiling[2], g2 - self._groups_needed(s, wv if by_count else self.W)),
                    )
                if ceiling <= best or top0 < best[0]:
                    break
                # The bound with this group, (top0, top1 + excess, g2 - 1 + its groups' share),
                # against the best: the cards decide unless they tie.
                open_bound = top0 > best[0]
                room1, room2 = best[1] - top1, best[2] - g2 + 1
            if not open_bound and (
                excess < room1 or (excess == room1 and (share - shares) // unit <= room2)
            ):
                break
            if (room_s - d_s) & guard_s != guard_s or used & onto_bit:
                continue
            if by_count:
                if d_w > wv:
                    continue
                rest = wv - d_w
                new_cap = min(cap + p_cap, rest)
            else:
                if d_w and (room_w - d_w) & guard_w != guard_w:
                    continue
                rest = wv - d_w
                new_cap = 0
            path.append(pattern)
            self._search(
                s - d_s,
                rest,
                used | onto_bit,
                new_cap,
                g0 + p_placed,
                g1 + p_points,
                g2 - 1,
                placed - u_placed,
                points - u_points,
                shares - share,
            )
            path.pop()
        if (
            (top0 - 1, top1 - self.best_pts[x], g2 + (self.share[x] - shares) // unit)
            > self.best
            < ceiling
        ):
            path.append(x)
            self._search(
                s - self.unit_s[x],
                wv,
                used,
                cap,
                g0,
                g1,
                g2,
                placed - 1,
                points - self.best_pts[x],
                shares - self.share[x],
            )
            path.pop()
        self._spend(looked // 16)  # the groups looked through, most of them no longer possible
        self._remember(key, g0, g1, g2)

    def _remember(self, key: tuple[int, int, int, int], g0: int, g1: int, g2: int) -> None:
        """What the state ``key`` can add at most, found with the groups taken so far: no more
        than the best split has (in the first pass, no more cards or points whatever the
        groups)."""
        best = self.best
        self.tt[key] = (best[0] - g0, best[1] - g1, best[2] - g2 if self.groups_count else best[2])

    # --- the wild cards left when every natural card is settled ---------------------------

    def _leaf(self, wv: int, used: int, cap: int, g0: int, g1: int, g2: int) -> None:
        self._spend(1)
        memo_key = (wv, used, cap)
        got = self.leaf_memo.get(memo_key)
        if got is None:
            got = self.leaf_memo[memo_key] = (
                self.leftover.best_by_count(wv, used, cap)
                if self.by_count
                else self.leftover.best_by_kind(self._unpack(wv), used)
            )
        value, detail = got
        total = (g0 + value[0], g1 + value[1], g2 + value[2])
        if total > self.best:
            self.found = total
            self.best = total if self.groups_count else (total[0], total[1], _ANY_GROUPS)
            self.best_path = list(self.path)
            self.best_leaf = detail

    def _unpack(self, wv: int) -> tuple[int, ...]:
        wb = self.wild_field
        return tuple(wv >> (i * wb) & ((1 << (wb - 1)) - 1) for i in range(len(self.kinds)))

    # --- the answer ----------------------------------------------------------------------

    def _build(self, never: list[Card]) -> tuple[list[_Checked], list[Card]] | None:
        """The best split as groups, each checked by the referee; None if one disagrees."""
        groups: list[_Checked] = []
        unplaced = list(never)
        naturals: list[_Pattern] = []
        for step in self.best_path:
            if isinstance(step, int):
                unplaced.append(self.types[step])
            else:
                naturals.append(step)
        plan: list[tuple[tuple[Card, ...], int | None, int]] = []
        if self.by_count:
            assert isinstance(self.best_leaf, tuple)
            vector, wild_melds, absorbed, lays = self.best_leaf
            rest = Counter(self.pool)
            rest.subtract({kind: n for kind, n in zip(self.kinds, vector, strict=True)})
            free = sorted(rest.elements(), key=lambda c: (-card_points(self.ctx, c), c))
            for held, onto, wilds, cap, _, points in naturals:
                assert isinstance(wilds, int)
                take = wilds + min(cap, absorbed)
                absorbed -= take - wilds
                wild_cards, free = free[:take], free[take:]
                plan.append(
                    (
                        (*self._cards(held), *wild_cards),
                        onto,
                        points + sum(card_points(self.ctx, c) for c in wild_cards),
                    )
                )
            for onto, c in lays:
                wild_cards, free = free[:c], free[c:]
                plan.append(
                    (tuple(wild_cards), onto, sum(card_points(self.ctx, w) for w in wild_cards))
                )
            for cards in wild_melds:
                plan.append((cards, None, self._exact(cards, None).points))
            unplaced += free
        else:
            left = Counter(self.pool)
            for held, onto, wilds, _, _, points in naturals:
                assert isinstance(wilds, tuple)
                wild_cards = [
                    kind for kind, n in zip(self.kinds, wilds, strict=True) for _ in range(n)
                ]
                left.subtract(wild_cards)
                plan.append(((*self._cards(held), *wild_cards), onto, points))
            assert isinstance(self.best_leaf, tuple)
            for cards, onto in self.best_leaf:
                left.subtract(cards)
                plan.append((cards, onto, self._exact(cards, onto).points))
            unplaced += left.elements()
        for cards, onto, points in plan:
            verdict = self._exact(cards, onto)
            if not verdict.legal or verdict.points != points:
                return None
            groups.append((tuple(sorted(cards)), onto, verdict))
        score = (
            sum(len(cards) for cards, _, _ in groups),
            sum(verdict.points for _, _, verdict in groups),
            -len(groups),
        )
        if score != self.found:
            return None
        return groups, unplaced
