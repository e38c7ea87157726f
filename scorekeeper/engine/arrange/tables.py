"""The search's tables over the candidate groups of a pile, built once before the search of
:mod:`.search` starts.

The search state is packed into integers, for speed: ``s`` holds the count of each natural type
left, a field of ``field`` bits per type (in branching order, the cards with the fewest candidate
groups first) with a guard bit on top, so that one subtraction and a mask tell whether a group's
cards are all still there; ``wv`` the wilds left (a count, or a field per kind). Each candidate
group becomes an :data:`_Option`: what it takes of that state and what it adds, against what the
cards it places could add at most (their best points, and their share of the groups bound). The
options are listed per card, best first, and per card the fewest groups it needs (for telling
when a card is dead). Each group's points short of its cards' best go to the bound on points lost
(:mod:`.lost`), where it applies.
"""

from __future__ import annotations

from math import lcm
from operator import itemgetter

from ..cards import Card
from .candidates import _Candidates, _Pattern
from .wilds import _LeftoverWilds

#: A candidate group as the search reads it: (points short of the bound, its charge for the
#: groups bound, natural fields taken, wilds taken, table meld bit, cap, cards placed, points,
#: cards placed and points the bound counted for them, the pattern).
_Option = tuple[int, int, int, int, int, int, int, int, int, int, _Pattern]


#: A candidate group as the bound on points lost reads it (:mod:`.lost`): its points short of its
#: cards' best, its natural cards (type, copies), its wilds (a count of each kind), and what it
#: takes from the packed state (natural fields, wild fields, the table meld bit).
Loss = tuple[int, tuple[tuple[int, int], ...], "int | tuple[int, ...]", int, int, int]


#: The groups bound charges a group (1 + wilds * this) and gives back this much per wild left.
_WILD_CHARGE = (1, 2)


#: The most groups kept for one card's dead-card test. A card in more groups that need no
#: less than another is hardly ever dead, and telling them apart cost most of the time making
#: a 40-card pile's groups (184,000 entries looked through to keep 1,135).
_LIVE_MOST = 24


class _Tables(_Candidates):
    """A pile's candidate groups, with the tables the search reads them by."""

    #: Where the wild cards left go best (set by the search before the tables are built).
    leftover: _LeftoverWilds

    def _tabulate(
        self, patterns: list[_Pattern], want_losses: bool
    ) -> tuple[list[Card], int, int, int, int, int, list[Loss]]:
        """The tables of ``patterns``: kept on the search (packing, options per card, the
        dead-card test's lists); returned, the cards in no group, the packed start (naturals,
        wilds), what the cards could add at most (placed, points, shares), and each group's
        loss where ``want_losses``."""
        n_types = len(self.types)
        # Per natural type: the most naturals of a group holding it, how many candidate groups
        # hold it, and its charge for the groups bound: a dual solution of the relaxation
        # "cover every natural with candidate groups, using at most the wilds there are",
        # each natural charged (1 + lam * wilds) / naturals of its cheapest group, and lam
        # given back per wild.
        lam_num, lam_den = _WILD_CHARGE
        holding = [0] * n_types
        ratio = [float("inf")] * n_types
        cheapest: list[tuple[int, int]] = [(0, 1)] * n_types
        n_wilds = []
        for naturals, _, wilds, _, placed, _ in patterns:
            wild_n = wilds if isinstance(wilds, int) else sum(wilds)
            n_wilds.append(wild_n)
            n_nat = placed if isinstance(wilds, int) else placed - wild_n
            ca, cb = lam_den + lam_num * wild_n, lam_den * n_nat
            r = ca / cb
            for t, _ in naturals:
                holding[t] += 1
                if r < ratio[t]:
                    ratio[t] = r
                    cheapest[t] = (ca, cb)
        never = list(self.never)
        for t in range(n_types):
            if not holding[t]:
                never += [self.types[t]] * self.count[t]
        unit = lcm(lam_den, *(b for a, b in cheapest if a))
        share = [a * (unit // b) for a, b in cheapest]
        self.unit = unit
        self.share = share
        self.wild_charge = charge = lam_num * (unit // lam_den)
        # Branching order: the cards with the fewest candidate groups first.
        order = sorted(range(n_types), key=lambda t: (holding[t], t))
        self.order = order
        # A node's work grows with the kinds of card (telling which are dead walks them all):
        # about six budget steps for thirty kinds, as measured against the DP's steps.
        self.node_cost = 1 + n_types // 5
        self.pos = pos = [0] * n_types
        for f, t in enumerate(order):
            pos[t] = f

        # Natural counts and wild counts packed into integers, one field per type (or kind),
        # each with a guard bit on top so that one subtraction tells whether enough are left.
        fb = self.field
        shift = [pos[t] * fb for t in range(n_types)]
        self.guard_s = sum(1 << (f * fb + fb - 1) for f in range(n_types))
        self.unit_s = [1 << shift[t] for t in range(n_types)]
        if self.by_count:
            wb = self.W.bit_length() + 1
            self.guard_w = 1 << (wb - 1)
            wv0 = self.W
            wild_ub = (self.W, sum(self.pool_points))
            self.kind_ub = [0] * len(self.kinds)
        else:
            wb = max([*self.kind_count, 1]).bit_length() + 1
            self.guard_w = sum(1 << (i * wb + wb - 1) for i in range(len(self.kinds)))
            wv0 = sum(n << (i * wb) for i, n in enumerate(self.kind_count))
            self.kind_ub = [self._wild_most(kind) for kind in self.kinds]
            wild_ub = (
                self.W,
                sum(u * n for u, n in zip(self.kind_ub, self.kind_count, strict=True)),
            )
        self.wild_field = wb

        best_pts = self.best_pts
        # By count, a new meld of more naturals than a meld needs holds a smaller one holding any
        # of its cards (in a run, the cards next to it; no more wilds): for telling whether a
        # card can still be placed, the smaller ones suffice.
        by_count = self.by_count
        small = max(self.rules.min_set, self.rules.min_run)
        # (Not under a wild limit: in N-W-W-N-N the first card's smaller runs hold too many.)
        no_limit = self.rules.wild_limit == "none"
        options: list[tuple[tuple[int, int, int, int], int, _Option]] = []
        live: list[list[tuple[int, int, int, int]]] = [[] for _ in range(n_types)]
        wider: list[list[tuple[int, int, int, int]]] = [[] for _ in range(n_types)]
        losses: list[Loss] = []
        # Making a group's entries costs about a search step (two where the wilds are told
        # apart one by one: the bound on points lost and longer lists of groups).
        per_group = 1 if by_count else 2
        # One by one, each choice of natural cards comes with many choices of wilds (and the
        # other way round): what each adds is worked out once.
        of_naturals: dict[tuple[tuple[int, int], ...], tuple[int, int, int, int]] = {}
        of_wilds: dict[tuple[int, ...], tuple[int, int]] = {}
        kind_ub = self.kind_ub
        spend = self.budget.spend if self.budget is not None else None
        for pattern, n_wild in zip(patterns, n_wilds, strict=True):
            if spend is not None:
                spend(per_group)
            naturals, onto, wilds, cap, placed, points = pattern
            found = of_naturals.get(naturals)
            if found is None:
                d_s = ub_nat = shares_nat = 0
                first = -1
                for t, c in naturals:
                    d_s += c << shift[t]
                    ub_nat += c * best_pts[t]
                    shares_nat += c * share[t]
                    if first < 0 or pos[t] < pos[first]:
                        first = t
                found = of_naturals[naturals] = (d_s, ub_nat, shares_nat, first)
            d_s, ub_points, shares, first = found
            if isinstance(wilds, int):
                d_w = wilds
            else:
                packed = of_wilds.get(wilds)
                if packed is None:
                    packed = of_wilds[wilds] = (
                        sum(n << (i * wb) for i, n in enumerate(wilds)),
                        sum(u * n for u, n in zip(kind_ub, wilds, strict=True)),
                    )
                d_w = packed[0]
                ub_points += packed[1]
            shares -= charge * n_wild
            excess = points - ub_points
            onto_bit = 1 << onto if onto is not None else 0
            if want_losses:
                losses.append((-excess, naturals, wilds, d_s, d_w, onto_bit))
            options.append(
                (
                    (-excess, -shares, n_wild, -placed),
                    first,
                    (
                        excess,
                        shares,
                        d_s,
                        d_w,
                        onto_bit,
                        cap,
                        placed,
                        points,
                        placed,
                        points - excess,
                        pattern,
                    ),
                )
            )
            entry = (placed + (n_wild if isinstance(wilds, int) else 0), d_s, d_w, onto_bit)
            if onto is None and by_count and placed > small and no_limit:
                # A smaller group of some of its cards is possible if this one is: kept aside,
                # for a card in no smaller group (3D of K-A-2-3 where aces are high only).
                for t, _ in naturals:
                    wider[pos[t]].append(entry)
                continue
            for t, _ in naturals:
                live[pos[t]].append(entry)
        first_item = itemgetter(0)
        # Per card: the groups holding it, best first (its own first card's, for the descents;
        # every one, for the search, which branches on the card with the fewest left).
        firsts: list[list[_Option]] = [[] for _ in range(n_types)]
        groups_of: list[list[_Option]] = [[] for _ in range(n_types)]
        self.options, self.groups_of = firsts, groups_of
        options.sort(key=first_item)
        for _, first, option in options:
            firsts[first].append(option)
            for t, _ in option[10][0]:
                groups_of[t].append(option)
        # For each field, the groups that could take its card that use no more than another
        # does (if that other group is possible, so is this one): the card is dead when none
        # of these is possible.
        guard_s, guard_w = self.guard_s, self.guard_w
        self.live = []
        #: Per field: whether its list holds every group it needs (else its card is never told
        #: dead: past :data:`_LIVE_MOST` groups that need no less than another, the rest of a
        #: long list is not looked through).
        self.live_complete: list[bool] = []
        for entries, others in zip(live, wider, strict=True):
            if not entries:
                entries += others
            entries.sort()
            kept: list[tuple[int, int, int]] = []
            complete = True
            for _, d_s, d_w, onto_bit in entries:
                if len(kept) >= _LIVE_MOST:
                    complete = False
                    break
                room_s, room_w = d_s | guard_s, d_w | guard_w
                for k_s, k_w, k_onto in kept:
                    if (
                        (room_s - k_s) & guard_s == guard_s
                        and (not k_onto or k_onto == onto_bit)
                        and (k_w <= d_w if by_count else (room_w - k_w) & guard_w == guard_w)
                    ):
                        break
                else:
                    kept.append((d_s, d_w, onto_bit))
            self.live.append(kept)
            self.live_complete.append(complete)
        # Per group's cards: every field it takes cards of, whole (see ``_dead``); per field,
        # what its groups depend on: the fields they take cards of, wilds, table melds.
        field_mask = (1 << (fb - 1)) - 1
        self.spread: dict[int, int] = {}
        self.depends: list[tuple[int, bool, int]] = []
        for kept in self.live:
            touch, wilds, tables = 0, False, 0
            for d_s, d_w, onto_bit in kept:
                if d_s not in self.spread:
                    self.spread[d_s] = sum(
                        field_mask << (f * fb)
                        for f in range(len(live))
                        if d_s >> (f * fb) & field_mask
                    )
                touch |= self.spread[d_s]
                wilds = wilds or bool(d_w)
                tables |= onto_bit
            self.depends.append((touch, wilds, tables))
        self.alive_memo: dict[tuple[int, int, int, int], int] = {}  # see ``_dead``

        start = sum(self.count[t] << (pos[t] * fb) for t in range(n_types) if holding[t])
        placed = sum(self.count[t] for t in range(n_types) if holding[t]) + wild_ub[0]
        points = (
            sum(self.count[t] * self.best_pts[t] for t in range(n_types) if holding[t]) + wild_ub[1]
        )
        shares = (
            sum(self.count[t] * share[t] for t in range(n_types) if holding[t])
            - self.wild_charge * self.W
        )
        return never, start, wv0, placed, points, shares, losses
