"""The exact arrangement of a pile into new melds: dynamic programming over the ranks.

After van Rijn, Takes and Vis (*The Complexity of Rummikub Problems*, 2015): the ranks are read
from low to high, and at each rank every card of that rank is settled at once: it extends a run
of its suit that is still open, starts a new run, joins a set of its rank, or stays out. What the
ranks above need to know is small: per suit the runs still open, each as a *track* (its length,
how far it is from breaking the wild limit, how many places since its last natural card), and
how the wild cards were spent. States that agree on that are merged, keeping the best.

Our rules go beyond Rummikub's, and each has its place:

* **Fixed-points wilds** (every wild but a joker priced ``as_represented``) score the same
  wherever they lie, so the DP places them only where a meld *needs* one: a gap between two
  natural cards, a run or set short of its minimum. Every meld, when it closes, adds the wilds
  it could still take (its free places, as far as the wild limit allows) to one *capacity*;
  at the end the wilds left fill that capacity, the richest placed first.
* **Jokers priced as represented** score the card they stand for, so they are placed
  explicitly, in the places they are worth most in.
* **A wild in its own place** (``9H`` for itself when nines are wild) anchors a meld like a
  natural card; it is decided at its rank, and counted per points class (``own``).
* **Aces** are low at the first place and may be high after the king (the aces a run takes at
  the top are those the bottom left, ``spare``). Round the corner, a run with natural cards on
  both sides of the king is a *head* (from the ace up) that waits for a *tail* (up to the
  king): one group, one length, one wild count.
* **Sets** of a rank are settled once the suits of that rank have fed their runs, by a small
  exact search over how the cards left for sets split (:func:`.sets.fewest_sets`).
* **Wild sets** (``wild_sets``) take the wilds left at the end; **joker sets** (jokers that are
  not wild) are one group of their own.

A split scores ``(cards placed, points, -groups)`` compared in that order, folded into one
integer (:class:`_Scale`). The work is counted in states made (:class:`.budget.Budget`); past the
budget, the layers that remain keep only their best states (a beam), and the answer says it
is not exact.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import product
from typing import Any

from ..cards import JOKER_CARD, RANKS, SUITS, Card
from ..points import Context, card_points
from ..rules import Rules
from .budget import Budget
from .limit import NAT, OWN, WildLimit
from .sets import SetChoice, SetPlan, best_by_placement, fewest_sets

# Track kinds: an open run, one that took the ace low, the head of a run round the corner
# (open), a head that has ended and waits for its tail, a tail joined to its head.
RUN, LOW, HEAD, WAIT, TAIL = range(5)

#: A track: (kind, length, limit state, places since its last anchor, a waiting head's last
#: place).
Track = tuple[int, int, int, int, int]

#: How a card fills a place besides a natural card (NAT) or a wild in its own place (OWN): a
#: fixed-points wild, a joker priced as represented.
FIX, JOK = "F", "J"

#: Beam width once the budget is spent.
BEAM = 48

#: Budget steps a state made is charged (its moves, merging, the bounds; two for each other
#: piece of work counted): so that a step here takes about as long as one of the search's
#: (:mod:`.search`), 3.5-5 µs on the benchmark's piles that reach the budget. Charged half as
#: much, a step here took 10-14 µs, and a request that reached the programme ran past its second.
STEPS_PER_STATE = 4

#: A placeholder for a card of a group: how it fills its place, and that place.
_Spot = tuple[str, int, int]
#: What one move does to one group: the track after it (None: closed), its new cards, and the
#: wilds it can still take (its share of the capacity).
_Step = tuple["Track | None", tuple[_Spot, ...], int]


class _Scale:
    """(cards placed, points, -groups) folded into one integer, compared the same way."""

    def __init__(self, cards: int, most_points: int) -> None:
        self.group = 1
        self.point = cards + 2
        self.card = (most_points + 1) * self.point + cards + 2

    def unfold(self, value: int, groups: int) -> tuple[int, int, int]:
        value += groups
        return value // self.card, value % self.card // self.point, -groups


_State = tuple[
    tuple[tuple[Track, ...], ...],  # per suit, the open tracks (sorted)
    tuple[int, ...],  # per suit (naturals, own-place wilds) of this rank left for sets, or ()
    int,  # fixed-points wilds placed where needed
    int,  # jokers (priced as represented) placed
    tuple[int, ...],  # wilds in their own place, per points class
    tuple[int, ...],  # per suit (naturals, own-place wilds) aces left for the top, or ()
    int,  # capacity: more wilds the closed melds can take
]


@dataclass(frozen=True)
class _Answer:
    value: int
    actions: list[object]
    exact: bool


class PileDP:
    """The DP for one pile under one context (new melds only; no table)."""

    def __init__(
        self,
        ctx: Context,
        pile: Sequence[Card],
        budget: Budget,
        floor: tuple[int, int, int] | None = None,
    ) -> None:
        rules = ctx.rules
        self.ctx = ctx
        self.rules = rules
        self.budget = budget
        seq = tuple(rank for rank in RANKS if rank not in rules.omit_ranks)
        self.seq = seq
        self.size = size = len(seq)
        ace = seq[0] == "A"
        self.ace = ace
        self.runs_ok = rules.meld_kinds != "sets_only"
        self.sets_ok = rules.meld_kinds != "runs_only"
        self.low_ok = self.runs_ok and ace and not rules.ace_high_only
        self.high_ok = self.runs_ok and ace and rules.ace_position != "low_only"
        self.corner_ok = self.runs_ok and ace and rules.around_the_corner
        # The most places a run may fill: every rank, unless the ace can sit at neither end.
        self.widest = size - 1 if ace and not (self.low_ok or self.high_ok) else size
        self.min_run = rules.min_run
        self.min_set = rules.min_set
        room = 4 * ctx.packs if rules.set_duplicates_allowed else 4
        self.most = min(room, rules.max_set) if rules.max_set is not None else room
        fewest = {"sets_only": rules.min_set, "runs_only": rules.min_run}.get(
            rules.meld_kinds, min(rules.min_set, rules.min_run)
        )
        self.wild_set_min = max(rules.min_set, fewest, 1)
        self.dups = rules.set_duplicates_allowed

        position = {rank: i for i, rank in enumerate(seq)}
        self.as_represented = (
            ctx.jokers_wild
            and rules.joker_points == "as_represented"
            and rules.override_points("JK") is None
        )
        self.never: list[Card] = []  # cards no meld may hold
        self.loose_jokers = 0  # jokers that are not wild: a set of jokers at most
        self.jokers = 0  # wild jokers priced as represented
        self.nat = [[0] * 4 for _ in range(size)]
        self.own = [[0] * 4 for _ in range(size)]  # wild cards of this place
        self.own_card: dict[tuple[int, int], Card] = {}
        fixed: Counter[int] = Counter()  # fixed-points wilds by points
        self.fixed_cards: list[Card] = []
        for card in pile:
            if card.is_joker:
                if not ctx.jokers_wild:
                    self.loose_jokers += 1
                elif self.as_represented:
                    self.jokers += 1
                else:
                    fixed[card_points(ctx, card)] += 1
                    self.fixed_cards.append(card)
                continue
            if card.rank not in position:
                self.never.append(card)
                continue
            p, s = position[card.rank], SUITS.index(card.suit)
            if ctx.is_wild(card):
                self.own[p][s] += 1
                self.own_card[p, s] = card
                fixed[card_points(ctx, card)] += 1
                self.fixed_cards.append(card)
            else:
                self.nat[p][s] += 1
        self.classes = sorted(fixed, reverse=True)  # points classes, the richest first
        self.class_total = [fixed[c] for c in self.classes]
        self.fixed_total = sum(self.class_total)
        self.class_of = {
            (p, s): self.classes.index(card_points(ctx, card))
            for (p, s), card in self.own_card.items()
        }
        self.limit = WildLimit(rules, self.fixed_total + self.jokers)

        def pts(card: Card, *, as_card: Card | None = None, low: bool = False) -> int:
            return card_points(ctx, card, as_card=as_card, ace_low=low)

        self.nat_pts = [[pts(Card(seq[p], suit)) for suit in SUITS] for p in range(size)]
        self.nat_low = [pts(Card(seq[0], suit), low=True) for suit in SUITS]
        self.own_pts = [
            [pts(self.own_card[p, s]) if (p, s) in self.own_card else 0 for s in range(4)]
            for p in range(size)
        ]
        self.jok_pts = [
            [pts(JOKER_CARD, as_card=Card(seq[p], suit)) for suit in SUITS] for p in range(size)
        ]
        self.jok_low = [pts(JOKER_CARD, as_card=Card(seq[0], suit), low=True) for suit in SUITS]
        self.jok_set = [max(self.jok_pts[p]) for p in range(size)]
        self.jok_alone = pts(JOKER_CARD)
        # The next place above each place where a run of the suit could find an anchor.
        self.next_anchor: list[list[int | None]] = [[None] * 4 for _ in range(size)]
        for s in range(4):
            following: int | None = (
                size if self.high_ok and self.nat[0][s] + self.own[0][s] else None
            )
            for p in range(size - 1, -1, -1):
                self.next_anchor[p][s] = following
                if self.nat[p][s] + self.own[p][s]:
                    following = p
        most_points = max([0, *(pts(card) for card in pile), *(max(r) for r in self.jok_pts)])
        self.scale = _Scale(len(pile), most_points * (len(pile) + 1) + self.jok_alone * len(pile))
        self._set_cache: dict[object, list[SetChoice]] = {}
        # What the cards still to come could add at most (each placed at its best points),
        # for cutting states that cannot reach a split already known (``floor``).
        per_card, point = self.scale.card, self.scale.point
        self.floor = None
        if floor is not None:
            self.floor = floor[0] * per_card + floor[1] * point + floor[2]
        self.nat_best = [
            [max(self.nat_pts[p][s], self.nat_low[s] if p == 0 else 0) for s in range(4)]
            for p in range(size)
        ]
        worth = [
            [
                self.nat[p][s] * (per_card + point * self.nat_best[p][s])
                + self.own[p][s] * (per_card + point * self.own_pts[p][s])
                for s in range(4)
            ]
            for p in range(size)
        ]
        self.ahead_worth = [[0] * 5 for _ in range(size)]  # after suit s of place p (4: all)
        later = 0
        for p in range(size - 1, -1, -1):
            self.ahead_worth[p][4] = later
            for s in range(3, -1, -1):
                self.ahead_worth[p][s] = later + sum(worth[p][s + 1 :])
            later += sum(worth[p])
        self.joker_best = max([0, *(max(row) for row in self.jok_pts), *self.jok_low])
        self.class_best = self.classes[0] if self.classes else 0

    # --- the layers ----------------------------------------------------------------------

    def solve(self) -> _Answer | None:
        """The best split found and how it was made; None if the beam lost every state."""
        start: _State = (((),) * 4, (), 0, 0, (0,) * len(self.classes), (), 0)
        layer: dict[_State, tuple[int, _State | None, object]] = {start: (0, None, None)}
        history = [layer]
        for p in range(self.size):
            for s in range(4):
                layer = self._layer(layer, partial(self._suit_moves, p=p, s=s), (p, s))
                history.append(layer)
            layer = self._layer(layer, partial(self._set_moves, p=p), (p, 4))
            history.append(layer)
        final = self._layer(layer, self._end_moves)
        history.append(final)
        if not final:
            return None
        state, (value, _, _) = max(final.items(), key=lambda item: item[1][0])
        actions: list[object] = []
        while len(history) > 1:
            # Layers are dropped one at a time: freeing them all at once would hold the
            # interpreter for as long as that takes, and every other request would wait.
            back = history.pop()
            _, parent, action = back[state]
            actions.append(action)
            assert parent is not None
            state = parent
            del back
        actions.reverse()
        return _Answer(value, actions, not self.budget.spent)

    def _layer(
        self,
        layer: dict[_State, tuple[int, _State | None, object]],
        moves: Callable[[_State], Iterator[tuple[_State, int, object]]],
        at: tuple[int, int] | None = None,
    ) -> dict[_State, tuple[int, _State | None, object]]:
        """The next layer: every move from every state, the best way into each new state;
        without those that cannot reach the split already known (``at``: the place and suit
        this layer has settled)."""
        budget = self.budget
        if budget.spent and len(layer) > BEAM:
            # The richest states, and the richest of those with the fewest runs still open
            # (the richest may all be runs that cannot close).
            ranked = sorted(layer.items(), key=lambda item: -item[1][0])
            calm = sorted(ranked, key=lambda item: _risk(item[0]))
            layer = dict(ranked[: BEAM // 2] + calm[: BEAM // 2])
        out: dict[_State, tuple[int, _State | None, object]] = {}
        # The richest states first, so that a layer cut short by the budget keeps the best.
        ordered = sorted(layer.items(), key=lambda item: -item[1][0]) if len(layer) > 1 else layer
        for state, (value, _, _) in ordered if isinstance(ordered, list) else ordered.items():
            made = 0
            for new, gain, action in moves(state):
                made += 1
                total = value + gain
                old = out.get(new)
                if old is None or total > old[0]:
                    out[new] = (total, state, action)
            budget.left -= STEPS_PER_STATE * made + 2
            if budget.spent and out and len(out) >= 4 * BEAM:
                break  # past the budget: the rest of this layer is not looked at
        if self.floor is not None and at is not None:
            floor = self.floor
            out = {
                state: entry
                for state, entry in out.items()
                if entry[0] + self._most_to_come(state, *at) >= floor
            }
        return self._undominated(out) if len(out) > 1 else out

    def _undominated(
        self, layer: dict[_State, tuple[int, _State | None, object]]
    ) -> dict[_State, tuple[int, _State | None, object]]:
        """The states no other beats on every count that decides what is still to come.

        Fixed-points wilds are alike: each placed one adds a card and its class's points
        (the richest first) whether a meld needed it or the capacity took it. So of two states
        that agree on their tracks and cards, what tells them apart is their value without
        the wilds placed where needed, those wilds plus the capacity (all the fixed wilds
        they can still end up placing), the wilds placed where needed (fewer leave more for
        melds to come) and the jokers placed. A state no better on any of these than another
        cannot end better.
        """
        card = self.scale.card
        groups: dict[object, list[tuple[int, int, int, int, _State]]] = {}
        for state, (value, _, _) in layer.items():
            tracks, avail, plain, jokers, own, spare, cap = state
            # Never more fixed wilds placed than there are (those in their own place aside).
            reach = min(plain + cap, self.fixed_total - sum(own))
            groups.setdefault((tracks, avail, own, spare), []).append(
                (value - plain * card, reach, plain, jokers, state)
            )
        kept: dict[_State, tuple[int, _State | None, object]] = {}
        for members in groups.values():
            if len(members) == 1:
                kept[members[0][4]] = layer[members[0][4]]
                continue
            members.sort(key=lambda m: (-m[0], -m[1], m[2], m[3]))
            front: list[tuple[int, int, int, int, _State]] = []
            for member in members:
                _, reach, plain, jokers, _ = member
                if any(r >= reach and p <= plain and j <= jokers for _, r, p, j, _ in front):
                    continue
                front.append(member)
                kept[member[4]] = layer[member[4]]
        return kept

    def _most_to_come(self, state: _State, p: int, s: int) -> int:
        """The most the cards not yet settled could still add to a state's value: every card
        still to come, left for sets, spared for the top or wild, placed at its best points."""
        _, avail, plain, jokers, own, spare, _ = state
        card, point = self.scale.card, self.scale.point
        total = self.ahead_worth[p][s]
        for t, n in enumerate(avail[0::2]):
            total += n * (card + point * self.nat_best[p][t])
        for t, n in enumerate(avail[1::2]):
            total += n * (card + point * self.own_pts[p][t])
        for t, n in enumerate(spare[0::2]):
            total += n * (card + point * self.nat_pts[0][t])
        for t, n in enumerate(spare[1::2]):
            total += n * (card + point * self.own_pts[0][t])
        fixed_left = max(0, self.fixed_total - sum(own) - plain)
        total += (self.jokers - jokers) * (card + point * self.joker_best)
        total += fixed_left * (card + point * self.class_best) + plain * point * self.class_best
        return total

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

    # --- wild cards filling places ---------------------------------------------------------

    def _fills(self, values: Sequence[int], fixed_free: int, joker_free: int) -> list[_Fill]:
        """The ways to fill places worth ``values`` (to a joker) with wilds: (fixed wilds,
        jokers, gain); the jokers take the places they are worth most in."""
        m = len(values)
        card, point = self.scale.card, self.scale.point
        if not m:
            return [(0, 0, 0)]
        self.budget.left -= 2  # placing wilds is work: counted, the layer checks the budget
        if not self.jokers:
            return [(m, 0, m * card)] if m <= fixed_free else []
        ranked = sorted(values, reverse=True)
        fills = []
        joker_points = 0
        for y in range(0, min(m, joker_free) + 1):
            if y:
                joker_points += ranked[y - 1]
            if m - y <= fixed_free:
                fills.append((m - y, y, m * card + joker_points * point))
        return fills

    def _joker_value(self, s: int, x: int, low: bool = False) -> int:
        """A joker's points at place ``x`` of suit ``s``: 0..size-1 the ranks, ``size`` the ace
        high, past it round the corner (the ace then the ranks above it)."""
        if x < self.size:
            return self.jok_low[s] if (low and x == 0) else self.jok_pts[x][s]
        return self.jok_pts[x - self.size][s]

    def _finish(
        self, n: int, lim: int, fixed_free: int, widest: int
    ) -> tuple[int, int, int] | None:
        """A run of ``n`` cards closing: the fixed wilds it needs to reach ``min_run`` (placed
        in its free places), its limit state after them, and the wilds it can still take;
        None if it cannot be legal."""
        need = max(0, self.min_run - n)
        room = widest - n
        if need > room or need > fixed_free:
            return None
        after = self.limit.add_wilds(lim, need)
        if after is None or not self.limit.ok(after):
            return None
        return need, after, max(0, min(room - need, self.limit.slack(after)))

    def _close(
        self, track: Track, last: int, s: int, fixed_free: int, joker_free: int
    ) -> list[tuple[int, int, int, int, int]]:
        """A run whose last card is at ``last`` closing: with ``t`` jokers (and fixed wilds)
        above it where the jokers are worth it, then what it needs. Each way: (t, fixed,
        jokers, gain, capacity)."""
        kind, n, lim, _, _ = track
        size = self.size
        out = []
        widest = size if kind in (HEAD, TAIL) or self.corner_ok else self.widest
        top = size - 1 - last
        if kind == RUN:
            top = widest - n if self.corner_ok else top + self.high_ok
        for t in range(0, (max(top, 0) if self.jokers else 0) + 1):
            values = [self._joker_value(s, x) for x in range(last + 1, last + t + 1)]
            after = self.limit.add_wilds(lim, t)
            if after is None:
                break
            for f, y, gain in self._fills(values, fixed_free, joker_free):
                if t and not y:
                    continue  # fixed wilds alone go anywhere: by the capacity
                done = self._finish(n + t, after, fixed_free - f, widest)
                if done is None:
                    continue
                need, _, capacity = done
                out.append((t, f + need, y, gain + need * self.scale.card, capacity))
        return out

    # --- one suit at one rank --------------------------------------------------------------

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

    # --- the sets of one rank --------------------------------------------------------------

    def _set_moves(self, state: _State, p: int) -> Iterator[tuple[_State, int, object]]:
        tracks, avail, plain, jokers, own, spare, cap = state
        if not avail:
            avail = (0,) * 8
        naturals = tuple(avail[0::2])
        owns = tuple(avail[1::2])
        top = p == 0 and self.high_ok
        if not self.sets_ok or not (any(naturals) or any(owns)):
            yield (tracks, (), plain, jokers, own, avail if top else spare, cap), 0, None
            return
        scale = self.scale
        joker_free = self.jokers - jokers
        for own_use in product(*(range(n + 1) for n in owns)):
            used_own = list(own)
            own_points = 0
            for s, n in enumerate(own_use):
                if n:
                    used_own[self.class_of[p, s]] += n
                    own_points += n * self.own_pts[p][s]
            fixed_free = self.fixed_total - sum(used_own) - plain
            if fixed_free < 0:
                continue
            for nat_used, points, n_sets, wilds, capacity, plan, least in self._set_choices(
                p, naturals, own_use, top, fixed_free, joker_free
            ):
                placed = sum(nat_used) + sum(own_use) + wilds
                fewest_jokers = max(least, wilds - fixed_free)
                for y in range(fewest_jokers, min(wilds, joker_free) + 1):
                    value = (
                        placed * scale.card
                        + (points + own_points + y * self.jok_set[p]) * scale.point
                        - n_sets * scale.group
                    )
                    new_spare = spare
                    if top:
                        new_spare = tuple(
                            left
                            for s in range(4)
                            for left in (naturals[s] - nat_used[s], owns[s] - own_use[s])
                        )
                    new_cap = min(cap + capacity, self.fixed_total)
                    yield (
                        (
                            tracks,
                            (),
                            plain + wilds - y,
                            jokers + y,
                            tuple(used_own),
                            new_spare,
                            new_cap,
                        ),
                        value,
                        (p, own_use, nat_used, plan, y),
                    )

    def _set_choices(
        self,
        p: int,
        naturals: tuple[int, ...],
        own_use: tuple[int, ...],
        top: bool,
        fixed_free: int,
        joker_free: int,
    ) -> list[SetChoice]:
        """The ways to put natural cards of this rank into sets: (naturals used, their points,
        sets, wilds placed, capacity, plan, the fewest of those wilds that are jokers). Each
        with the fewest wilds that make them sets (more go by the capacity), with more where
        that lets more wilds in, or with more as jokers where jokers are worth placing; the
        naturals left out are lost (at the ace they may still go high)."""
        key = (p, naturals, own_use, top, min(fixed_free, 16), min(joker_free, 16))
        cached = self._set_cache.get(key)
        if cached is not None:
            return cached
        choices: list[SetChoice] = []
        free = fixed_free + joker_free
        for nat_used in product(*(range(n + 1) for n in naturals)):
            self.budget.spend(2)
            anchors = sum(nat_used) + sum(own_use)
            points = sum(n * self.nat_pts[p][s] for s, n in enumerate(nat_used))
            if not anchors:
                choices.append((nat_used, 0, 0, 0, 0, SetPlan(()), 0))
                continue
            # Each number of wilds whose sets can reach more wilds in all (those placed plus
            # the capacity) than fewer wilds could: more sets may take more (two sets of two
            # and a wild each, where one wild is allowed a set). And, where jokers are worth
            # placing, a few more wilds as jokers.
            needed: int | None = None
            best_reach = -1
            for w in range(0, min(free, anchors * (self.most - 1)) + 1):
                frontier = fewest_sets(
                    self._anchor_key(nat_used, own_use),
                    w,
                    self.min_set,
                    self.most,
                    self.dups,
                    self.limit.kind,
                    self.limit.own_is_wild,
                )
                if not frontier:
                    continue
                if needed is None:
                    needed = w
                reach_here = best_reach
                for n_sets, capacity, sets in frontier:
                    reach = w + capacity
                    if reach > best_reach:
                        least_jokers = 0
                    elif self.jokers and w - needed <= joker_free:
                        least_jokers = w - needed  # the extra wilds only as jokers
                    else:
                        continue
                    plan = self._plan(nat_used, own_use, sets)
                    choices.append((nat_used, points, n_sets, w, capacity, plan, least_jokers))
                    reach_here = max(reach_here, reach)
                best_reach = reach_here
        if not top:
            choices = best_by_placement(choices)
        self._set_cache[key] = choices
        return choices

    def _anchor_key(
        self, nat_used: tuple[int, ...], own_use: tuple[int, ...]
    ) -> tuple[tuple[int, int], ...]:
        """The anchors for :func:`.sets.fewest_sets`: per suit, or (identical cards sharing a set)
        all together, since the suits then no longer matter."""
        if self.dups:
            return ((sum(nat_used), sum(own_use)),)
        return tuple(zip(nat_used, own_use, strict=True))

    def _plan(
        self,
        nat_used: tuple[int, ...],
        own_use: tuple[int, ...],
        sets: tuple[tuple[tuple[int, ...], tuple[int, ...], int, int], ...],
    ) -> SetPlan:
        if not self.dups:
            return SetPlan(sets)
        nat_suits = [s for s in range(4) for _ in range(nat_used[s])]
        own_suits = [s for s in range(4) for _ in range(own_use[s])]
        planned = []
        for naturals, owns, wilds, capacity in sets:
            planned.append(
                (tuple(nat_suits[: len(naturals)]), tuple(own_suits[: len(owns)]), wilds, capacity)
            )
            del nat_suits[: len(naturals)], own_suits[: len(owns)]
        return SetPlan(tuple(planned))

    # --- the end: runs close (or take the ace high), the wilds left ------------------------

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

    # --- the answer as cards ---------------------------------------------------------------

    def build(self, answer: _Answer) -> list[tuple[Card, ...]]:
        """Replay the best path's moves: the groups as cards."""
        places: list[list[_Spot]] = []
        room: list[int] = []
        tracks: list[list[tuple[Track, int]]] = [[] for _ in range(4)]
        moves: Iterator[Any] = iter(answer.actions)

        def step(mine: list[tuple[Track, int]], acts: Sequence[_Step]) -> list[tuple[Track, int]]:
            kept: list[tuple[Track, int]] = []
            for i, (after, added, capacity) in enumerate(acts):
                if i < len(mine):
                    group = mine[i][1]
                    places[group].extend(added)
                    room[group] += capacity
                else:
                    places.append(list(added))
                    room.append(capacity)
                    group = len(places) - 1
                if after is not None:
                    kept.append((after, group))
            return kept

        for p in range(self.size):
            for s in range(4):
                _, acts = next(moves)
                tracks[s] = step(sorted(tracks[s], key=lambda entry: entry[0]), acts)
            sets = next(moves)
            if sets is not None:
                _, _, _, plan, jokers = sets
                for naturals, owns, wilds, capacity in plan.sets:
                    in_set = [(NAT, p, s) for s in naturals] + [(OWN, p, s) for s in owns]
                    j = min(jokers, wilds)
                    jokers -= j
                    places.append(in_set + [(JOK, p, 0)] * j + [(FIX, p, 0)] * (wilds - j))
                    room.append(capacity)
        ends, extra, dump = next(moves)
        for s in range(4):
            step(sorted(tracks[s], key=lambda entry: entry[0]), ends[s])
        # The wilds left fill the capacity, the groups in turn.
        for group, free in enumerate(room):
            take = min(free, extra)
            places[group].extend([(FIX, -1, 0)] * take)
            extra -= take
        # Wilds in their own place are those cards; the other places take the richest others.
        fixed = Counter(self.fixed_cards)
        for spots in places:
            for how, p, s in spots:
                if how == OWN:
                    fixed[self.own_card[p % self.size, s]] -= 1
        pool = sorted(fixed.elements(), key=lambda card: (-card_points(self.ctx, card), card))
        groups: list[tuple[Card, ...]] = []
        jokers_used = 0
        for spots in places:
            cards: list[Card] = []
            for how, p, s in spots:
                if how == NAT:
                    cards.append(Card(self.seq[p % self.size], SUITS[s]))
                elif how == OWN:
                    cards.append(self.own_card[p % self.size, s])
                elif how == JOK:
                    cards.append(JOKER_CARD)
                    jokers_used += 1
                else:
                    cards.append(pool.pop(0))
            groups.append(tuple(cards))
        rest = pool + [JOKER_CARD] * (self.jokers - jokers_used)
        if dump and rest:
            groups.append(tuple(rest))
        if self.loose_jokers >= self.min_set:
            groups.append((JOKER_CARD,) * self.loose_jokers)
        return groups

    def value_of(self, value: int, groups: int) -> tuple[int, int, int]:
        return self.scale.unfold(value, groups)


_Fill = tuple[int, int, int]


def _risk(state: _State) -> tuple[int, int]:
    """How far a state is from one that surely finishes: runs waiting on a card further up
    (a gap, a head without its tail), then runs open at all."""
    tracks = [track for suit in state[0] for track in suit]
    return (sum(1 for t in tracks if t[3] or t[0] in (HEAD, WAIT, TAIL)), len(tracks))


def _spots(anchor: str | None, p: int, s: int, wilds: int, jokers: int) -> tuple[_Spot, ...]:
    """Placeholders for the cards a move adds to a group: its anchor at (p, s), then wilds."""
    spots: list[_Spot] = [(anchor, p, s)] if anchor is not None else []
    spots += [(JOK, -1, 0)] * jokers + [(FIX, -1, 0)] * (wilds - jokers)
    return tuple(spots)


def best_new_melds(
    pile: Sequence[Card],
    ctx: Context,
    budget: Budget,
    floor: tuple[int, int, int] | None = None,
) -> tuple[tuple[int, int, int], list[tuple[Card, ...]], bool] | None:
    """The best split of ``pile`` into new melds by the DP: its score, its groups, and whether
    it is exact (False once the budget was spent); None if it found none within the budget
    (or none as good as ``floor``, the score of a split already known)."""
    dp = PileDP(ctx, pile, budget, floor)
    answer = dp.solve()
    if answer is None:
        return None
    groups = dp.build(answer)
    return dp.value_of(answer.value, len(groups)), groups, answer.exact and models(ctx.rules)


def models(rules: Rules) -> bool:
    """Whether the programme's runs are the referee's under these rules: not where aces are low
    only yet runs go round the corner (the referee takes K-A-2 there, and a random sweep of
    option mixes found the programme scoring such piles both above and below it), where its
    answer is a split to start from, not known to be the best.

    >>> from ..presets import rules_for
    >>> models(rules_for("rummy500", {"around_the_corner": True}))
    True
    >>> models(rules_for("rummy500", {"around_the_corner": True, "ace_position": "low_only"}))
    False
    """
    return not (rules.around_the_corner and rules.ace_position == "low_only")
