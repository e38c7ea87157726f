"""The pile as the dynamic programme reads it: each card by place (its rank's place in the run
order) and suit, what it scores there, and what the cards still to come could add at most.

:class:`_PileByRanks` tallies the pile once (natural cards, wilds in their own place, the
fixed-points wilds by points class, jokers priced as represented, cards no meld may hold), works
out the points tables the moves read, and the bounds :mod:`.layers` cuts states with. Its own
methods place wild cards: in places worth something to a joker (:meth:`~_PileByRanks._fills`),
and where a run closing needs them (:meth:`~_PileByRanks._close`). The moves of each layer are
mixins of it (:mod:`.runs`, :mod:`.set_moves`, :mod:`.ends`), and so are the types of a state
and of a track (an open run as the ranks above need to know it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ...cards import JOKER_CARD, RANKS, SUITS, Card
from ...points import Context, card_points
from ..budget import Budget
from .limit import WildLimit
from .sets import SetChoice

# Track kinds: an open run, one that took the ace low, the head of a run round the corner
# (open), a head that has ended and waits for its tail, a tail joined to its head.
RUN, LOW, HEAD, WAIT, TAIL = range(5)


#: A track: (kind, length, limit state, places since its last anchor, a waiting head's last
#: place).
Track = tuple[int, int, int, int, int]


#: How a card fills a place besides a natural card (NAT) or a wild in its own place (OWN): a
#: fixed-points wild, a joker priced as represented.
FIX, JOK = "F", "J"


#: A placeholder for a card of a group: how it fills its place, and that place.
_Spot = tuple[str, int, int]


#: What one move does to one group: the track after it (None: closed), its new cards, and the
#: wilds it can still take (its share of the capacity).
_Step = tuple["Track | None", tuple[_Spot, ...], int]


_Fill = tuple[int, int, int]


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


def _spots(anchor: str | None, p: int, s: int, wilds: int, jokers: int) -> tuple[_Spot, ...]:
    """Placeholders for the cards a move adds to a group: its anchor at (p, s), then wilds."""
    spots: list[_Spot] = [(anchor, p, s)] if anchor is not None else []
    spots += [(JOK, -1, 0)] * jokers + [(FIX, -1, 0)] * (wilds - jokers)
    return tuple(spots)


class _PileByRanks:
    """A pile tallied by place and suit under one context, with its points tables and bounds."""

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
