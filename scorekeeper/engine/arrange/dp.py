"""The exact arrangement of a pile into new melds: dynamic programming over the ranks.

After van Rijn, Takes and Vis (*The Complexity of Rummikub Problems*, 2015): the ranks are read
from low to high, and at each rank every card of that rank is settled at once: it extends a run
of its suit that is still open, starts a new run, joins a set of its rank, or stays out. What the
ranks above need to know is small: per suit, the runs still open, each as a *track* (its length
up to ``min_run``, how far it is from breaking the wild limit, whether a natural card anchors
it), and how many wild cards are spent. States that agree on that are merged, keeping the best.

Our rules go beyond Rummikub's, and each has its place in the state:

* **Wild cards** are of three sorts. Jokers priced ``as_represented`` are counted apart, and
  score the card they stand for where they are placed. Every other wild scores its own fixed
  points wherever it lies, so the DP only counts how many fill places (``plain``), and the
  wilds that fill them are chosen at the end, the highest first, from those not used otherwise.
  A wild rank's own card may also stand *in its own place* (``9H`` for itself when nines are
  wild): that use is decided at its rank, and per points class (``in_place``).
* **Aces** are low at the first position and may be high after the king: the aces a run takes
  at the top are those left over at the bottom (``spare``). Around the corner, a run that
  wraps is read as a *head* (the ace and up) that waits for a *tail* (up to the king), the two
  joined at the end: one group, one length, one wild count.
* **Sets** of a rank are settled once the suits of that rank have fed their runs, by a small
  exact search over how the cards left for sets split into sets (:func:`_fewest_sets`).
* **Wild sets** (``wild_sets``) take every wild left at the end; **joker sets** (jokers that
  are not wild) are one group of their own.

A split scores ``(cards placed, points, -groups)`` compared in that order, folded into one
integer (:class:`_Scale`). The work is counted in states made; past the budget, the layers that
remain keep only their best states (a beam), and the answer says it is not exact.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any
from itertools import product

from ..cards import JOKER_CARD, RANKS, SUITS, Card
from ..points import Context, card_points
from ..rules import Rules
from .budget import Budget

# Track kinds: an open run, one that took the ace low, the head of a run round the corner
# (open), a head that has ended and waits for its tail, a tail joined to its head, and a head
# whose tail is wild cards only (taken when it started: ``extra`` of them below the king).
RUN, LOW, HEAD, WAIT, TAIL, HEAD2 = range(6)

#: A track: (kind, length (capped), limit state, places since its last anchor, extra) where
#: extra is a waiting head's last place, or the wild tail of a HEAD2.
Track = tuple[int, int, int, int, int]

#: How a card fills a place: a natural card, a wild in its own place, a fixed-points wild,
#: a joker priced as represented.
NAT, OWN, FIX, JOK = "N", "O", "F", "J"

DEBUG = False

#: Beam width once the budget is spent.
BEAM = 48


class _Limit:
    """The per-meld wild limit as a running number: can this meld still be legal, and is it?

    ``one``: wilds so far. ``one_per_three``: cards - 3 * wilds. ``naturals_majority``:
    naturals - wilds. A wild in its own place counts as natural unless ``wild_as_itself`` is
    ``wild``.
    """

    def __init__(self, rules: Rules, size: int) -> None:
        self.kind = rules.wild_limit
        self.own_is_wild = rules.wild_as_itself == "wild"
        self.cap = 2 * size + 2

    def add(self, state: int, how: str) -> int | None:
        kind = self.kind
        if kind == "none":
            return 0
        natural = how == NAT or (how == OWN and not self.own_is_wild)
        if kind == "one":
            if natural:
                return state
            return None if state >= 1 else state + 1
        if kind == "one_per_three":
            return min(state + 1, self.cap) if natural else state - 2
        return min(state + 1, self.cap) if natural else state - 1

    def add_wilds(self, state: int, count: int) -> int | None:
        """The state after ``count`` wild cards (None: broken for good)."""
        kind = self.kind
        if kind == "none" or not count:
            return state if kind != "none" else 0
        if kind == "one":
            return None if state + count > 1 else state + count
        return state - (2 if kind == "one_per_three" else 1) * count

    def ok(self, state: int) -> bool:
        if self.kind == "one_per_three":
            return state >= 0
        if self.kind == "naturals_majority":
            return state >= 1
        return True

    def join(self, head: int, tail: int) -> int | None:
        """The state of a head and a tail read as one run (each counted from zero)."""
        if self.kind == "none":
            return 0
        total = head + tail
        if self.kind == "one" and total > 1:
            return None
        return min(total, self.cap)


class _Scale:
    """(cards placed, points, -groups) folded into one integer, compared the same way."""

    def __init__(self, cards: int, most_points: int) -> None:
        self.group = 1
        self.point = cards + 2
        self.card = (most_points + 1) * self.point + cards + 2

    def unfold(self, value: int, groups: int) -> tuple[int, int, int]:
        value += groups
        return value // self.card, value % self.card // self.point, -groups


@dataclass(frozen=True)
class SetPlan:
    """How the cards one rank leaves for sets split into sets: per set, the suits of its
    natural cards, of its wilds in their own place, and its other wilds."""

    sets: tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...]


class PileDP:
    """The DP for one pile under one context (new melds only; no table)."""

    def __init__(self, ctx: Context, pile: Sequence[Card], budget: Budget) -> None:
        rules = ctx.rules
        self.ctx = ctx
        self.rules = rules
        self.budget = budget
        seq = tuple(rank for rank in RANKS if rank not in rules.omit_ranks)
        self.seq = seq
        self.size = size = len(seq)
        ace = seq[0] == "A"
        self.runs_ok = rules.meld_kinds != "sets_only"
        self.sets_ok = rules.meld_kinds != "runs_only"
        self.low_ok = self.runs_ok and ace and not rules.ace_high_only
        self.high_ok = self.runs_ok and ace and rules.ace_position != "low_only"
        self.corner_ok = self.runs_ok and ace and rules.around_the_corner
        self.ace = ace
        self.min_run = rules.min_run
        self.min_set = rules.min_set
        room = 4 * ctx.packs if rules.set_duplicates_allowed else 4
        self.most = min(room, rules.max_set) if rules.max_set is not None else room
        fewest = {"sets_only": rules.min_set, "runs_only": rules.min_run}.get(
            rules.meld_kinds, min(rules.min_set, rules.min_run)
        )
        self.wild_set_min = max(rules.min_set, fewest)
        self.limit = _Limit(rules, size)
        self.dups = rules.set_duplicates_allowed
        self.packs = ctx.packs

        position = {rank: i for i, rank in enumerate(seq)}
        self.as_represented = (
            ctx.jokers_wild
            and rules.joker_points == "as_represented"
            and rules.override_points("JK") is None
        )
        # The pile, sorted out.
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
        # Points classes of the fixed-points wilds, the richest first.
        self.classes = sorted(fixed, reverse=True)
        self.class_total = [fixed[c] for c in self.classes]
        self.fixed_total = sum(self.class_total)
        self.class_of = {
            (p, s): self.classes.index(card_points(ctx, card))
            for (p, s), card in self.own_card.items()
        }

        # Points of each card where it may lie.
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
        # Anchors (natural cards and wilds in their own place) still to come in each suit after
        # each position (the aces again at the top, where they can go high): an open run
        # without an anchor needs one of them.
        top = [self.nat[0][s] + self.own[0][s] if self.high_ok else 0 for s in range(4)]
        ahead = [top[:] for _ in range(size)]
        for p in range(size - 2, -1, -1):
            for s in range(4):
                ahead[p][s] = ahead[p + 1][s] + self.nat[p + 1][s] + self.own[p + 1][s]
        self.ahead = ahead
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
        # Run lengths are needed only up to min_run, except round the corner (a run holds each
        # rank once, so how far it may wrap depends on its length).
        self.n_cap = size if self.corner_ok else self.min_run

        most_points = sum(max(pts(card), max(max(r) for r in self.jok_pts)) for card in pile)
        self.scale = _Scale(len(pile), most_points + self.jok_alone * len(pile))
        self._set_cache: dict[object, list[tuple[tuple[int, ...], int, int, SetPlan]]] = {}

    # --- the state ------------------------------------------------------------------------
    #
    # (tracks: per suit a sorted tuple of tracks; avail: per suit the naturals and own-place
    #  wilds of this rank left for sets, or (); plain: fixed-points wilds used as plain;
    #  jokers: jokers priced as represented used; own: own-place uses per points class;
    #  spare: per suit the aces (natural, own) left at the bottom for the top, or ())

    def solve(self) -> _Answer | None:
        """The best split found: its value and how it was made; None for an empty pile."""
        start: _State = (((),) * 4, (), 0, 0, (0,) * len(self.classes), ())
        layer: dict[_State, tuple[int, _State | None, object]] = {start: (0, None, None)}
        history: list[dict[_State, tuple[int, _State | None, object]]] = [layer]
        for p in range(self.size):
            for s in range(4):
                layer = self._layer(layer, partial(self._suit_moves, p=p, s=s))
                history.append(layer)
            layer = self._layer(layer, partial(self._set_moves, p=p))
            history.append(layer)
        final = self._layer(layer, self._end_moves)
        history.append(final)
        if not final:
            return None
        state, (value, _, _) = max(final.items(), key=lambda item: item[1][0])
        actions: list[object] = []
        for back in reversed(history[1:]):
            _, parent, action = back[state]
            actions.append(action)
            assert parent is not None
            state = parent
        actions.reverse()
        return _Answer(value, actions, not self.budget.spent)

    def _layer(
        self,
        layer: dict[_State, tuple[int, _State | None, object]],
        moves: Callable[[_State], Iterator[tuple[_State, int, object]]],
    ) -> dict[_State, tuple[int, _State | None, object]]:
        """The next layer: every move from every state, the best way into each new state."""
        budget = self.budget
        if budget.spent and len(layer) > BEAM:
            layer = dict(sorted(layer.items(), key=lambda item: -item[1][0])[:BEAM])
        out: dict[_State, tuple[int, _State | None, object]] = {}
        if DEBUG:
            print("layer", len(layer))
        for state, (value, _, _) in layer.items():
            made = 0
            for new, gain, action in moves(state):
                made += 1
                total = value + gain
                old = out.get(new)
                if old is None or total > old[0]:
                    out[new] = (total, state, action)
            budget.spend(made + 1)
        return out

    # --- wild cards filling places -------------------------------------------------------

    def _wild_fills(
        self, values: Sequence[int], fixed_free: int, joker_free: int
    ) -> list[tuple[int, int, int]]:
        """The ways to fill places worth ``values`` (to a joker) with wilds: (fixed wilds,
        jokers, gain); the jokers take the places they are worth most in."""
        m = len(values)
        if not m:
            return [(0, 0, 0)]
        card, point = self.scale.card, self.scale.point
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

    def _trail_room(self, kind: int, last: int, length: int) -> int:
        """How many places a run of ``kind`` whose last card is at ``last`` may still take
        above it (through the ace high, and round the corner where allowed)."""
        room = self.size - 1 - last
        if kind == RUN:
            if self.corner_ok:
                room = self.size - length  # a run holds each rank once
            elif self.high_ok:
                room += 1
        return max(room, 0)

    def _close(
        self,
        track: Track,
        last: int,
        s: int,
        fixed_free: int,
        joker_free: int,
        forced: int | None = None,
    ) -> list[tuple[Track, int, int, int, int]]:
        """A run ending now, with ``T`` wilds above its last card: (the run, T, fixed, jokers,
        gain) for each way that leaves it legal (``forced``: exactly that many)."""
        kind, n, lim, _, extra = track
        out = []
        room = self._trail_room(kind, last, n)
        choices = [forced] if forced is not None else range(0, room + 1)
        limit = self.limit
        for t in choices:
            if t > room:
                continue
            if t and not self.high_ok and not self.corner_ok and last + t >= self.size:
                continue
            end = last + t
            if kind == RUN and end == self.size and not self.high_ok:
                continue
            if kind == RUN and end > self.size and not self.corner_ok:
                continue
            if kind in (HEAD, HEAD2) and end >= self.size - (extra if kind == HEAD2 else 1):
                continue
            new_lim = limit.add_wilds(lim, t)
            if new_lim is None:
                break
            new_n = min(n + t, self.n_cap)
            if kind != HEAD and (new_n < self.min_run or not limit.ok(new_lim)):
                continue
            values = [self._joker_value(s, x) for x in range(last + 1, end + 1)]
            for f, j, gain in self._wild_fills(values, fixed_free, joker_free):
                closed = (
                    (WAIT, new_n, new_lim, 0, end) if kind == HEAD else (kind, new_n, new_lim, 0, 0)
                )
                out.append((closed, t, f, j, gain))
        return out

    # --- one suit at one rank --------------------------------------------------------------

    def _suit_moves(self, state: _State, p: int, s: int) -> Iterator[tuple[_State, int, object]]:
        tracks, avail, plain, jokers, own, spare = state
        mine = tracks[s]
        k0, o0 = self.nat[p][s], self.own[p][s]
        fixed_free0 = self.fixed_total - sum(own) - plain
        joker_free0 = self.jokers - jokers
        scale = self.scale
        limit = self.limit
        last_place = p == self.size - 1
        next_anchor = self.next_anchor[p][s]
        results: list[tuple[list[Track], int, int, int, int, int, list[object]]] = []

        def anchor_gain(how: str, low: bool) -> int:
            if how == NAT:
                return scale.card + scale.point * (self.nat_low[s] if low else self.nat_pts[p][s])
            return scale.card + scale.point * self.own_pts[p][s]

        def anchors(k: int, o: int) -> list[tuple[str, int, int]]:
            return ([(NAT, k - 1, o)] if k else []) + ([(OWN, k, o - 1)] if o else [])

        def walk(
            i: int, k: int, o: int, f: int, jk: int, g: int, out: list[Track], acts: list[object]
        ) -> None:
            fixed_free = fixed_free0 - f - (o0 - o)
            joker_free = joker_free0 - jk
            if i == len(mine):
                self._starts(
                    p,
                    s,
                    k,
                    o,
                    f,
                    jk,
                    g,
                    out,
                    acts,
                    fixed_free0 - (o0 - o),
                    joker_free0,
                    results,
                    anchors,
                    anchor_gain,
                )
                return
            track = mine[i]
            kind, n, lim, gap, extra = track
            if kind == WAIT:
                walk(i + 1, k, o, f, jk, g, [*out, track], [*acts, (track, ())])
                for how, k2, o2 in anchors(k, o):
                    for lead in range(0, p - extra):
                        lim2 = limit.add_wilds(lim, lead)
                        if lim2 is None:
                            break
                        lim3 = limit.add(lim2, how)
                        if lim3 is None:
                            continue
                        values = [self._joker_value(s, x) for x in range(p - lead, p)]
                        for f2, j2, wg in self._wild_fills(
                            values, fixed_free - (how == OWN), joker_free
                        ):
                            tail = (TAIL, min(n + lead + 1, self.n_cap), lim3, 0, 0)
                            walk(
                                i + 1,
                                k2,
                                o2,
                                f + f2,
                                jk + j2,
                                g + wg + anchor_gain(how, False),
                                [*out, tail],
                                [*acts, (tail, _cards(how, p, s, lead, j2))],
                            )
                return
            # an anchor here fills the gap since the last one
            for how, k2, o2 in anchors(k, o):
                lim2 = limit.add_wilds(lim, gap)
                if lim2 is None:
                    break
                lim3 = limit.add(lim2, how)
                if lim3 is None:
                    continue
                values = [self._joker_value(s, x) for x in range(p - gap, p)]
                for f2, j2, wg in self._wild_fills(values, fixed_free - (how == OWN), joker_free):
                    longer = (kind, min(n + gap + 1, self.n_cap), lim3, 0, extra)
                    walk(
                        i + 1,
                        k2,
                        o2,
                        f + f2,
                        jk + j2,
                        g + wg + anchor_gain(how, False),
                        [*out, longer],
                        [*acts, (longer, _cards(how, p, s, gap, j2))],
                    )
            # a gap here, for an anchor further up to close
            if (
                next_anchor is not None
                and gap + (next_anchor - p) <= fixed_free + joker_free
                and limit.add_wilds(lim, gap + (next_anchor - p)) is not None
            ):
                gapped = (kind, n, lim, gap + 1, extra)
                walk(i + 1, k, o, f, jk, g, [*out, gapped], [*acts, (gapped, ())])
            # the run ends below here (a tail runs on to the king)
            if gap == 0 and kind != TAIL:
                for closed, t, f2, j2, wg in self._close(track, p - 1, s, fixed_free, joker_free):
                    kept = closed if closed[0] == WAIT else None
                    walk(
                        i + 1,
                        k,
                        o,
                        f + f2,
                        jk + j2,
                        g + wg,
                        [*out, *([kept] if kept else [])],
                        [*acts, (kept, _cards(None, p, s, t, j2))],
                    )

        walk(0, k0, o0, 0, 0, 0, [], [])
        for out, k2, o2, f, jk, g, acts in results:
            new_own = own
            if o2 != o0:
                counts = list(own)
                counts[self.class_of[p, s]] += o0 - o2
                new_own = tuple(counts)
            new_tracks = (*tracks[:s], tuple(sorted(out)), *tracks[s + 1 :])
            left = list(avail) if avail else [0] * 8
            left[2 * s], left[2 * s + 1] = k2, o2
            yield (
                (new_tracks, tuple(left), plain + f, jokers + jk, new_own, spare),
                g,
                (s, tuple(acts)),
            )
        del last_place

    def _starts(
        self,
        p: int,
        s: int,
        k: int,
        o: int,
        f: int,
        jk: int,
        g: int,
        out: list[Track],
        acts: list[object],
        fixed_free: int,
        joker_free: int,
        results: list[tuple[list[Track], int, int, int, int, int, list[object]]],
        anchors: Callable[[int, int], list[tuple[str, int, int]]],
        anchor_gain: Callable[[str, bool], int],
    ) -> None:
        """Every choice of runs to start at this card: each with an anchor here and the wilds
        below it (``lead``); in a canonical order, so each choice is made once."""
        limit = self.limit
        size = self.size

        def kinds_for(lead: int) -> list[tuple[int, int]]:
            """(kind, top wilds round the corner) of a run whose lowest place is p - lead."""
            low = p - lead
            if low > 0:
                return [(RUN, 0)]
            if low == 0:
                if not self.ace:
                    return [(RUN, 0)]
                return ([(LOW, 0)] if self.low_ok else []) + ([(HEAD, 0)] if self.corner_ok else [])
            return [(HEAD2, -low)] if self.corner_ok and lead < size else []

        own_before = o

        def more(
            k: int,
            o: int,
            f: int,
            jk: int,
            g: int,
            made: list[Track],
            new: list[object],
            floor: tuple[object, ...],
        ) -> None:
            results.append((out + made, k, o, f, jk, g, [*acts, *new]))
            if not self.runs_ok:
                return
            ff = fixed_free - f - (own_before - o)
            jf = joker_free - jk
            for how, k2, o2 in anchors(k, o):
                max_lead = min(ff + jf, size - 1)
                for lead in range(0, max_lead + 1):
                    lim2 = limit.add_wilds(0, lead)
                    if lim2 is None:
                        break
                    lim3 = limit.add(lim2, how)
                    if lim3 is None:
                        continue
                    for kind, top in kinds_for(lead):
                        key = (how, lead, kind)
                        if key < floor:
                            continue
                        low_flag = kind == LOW
                        values = [
                            self._joker_value(s, x % size if x >= 0 else size + x, low=low_flag)
                            for x in range(p - lead, p)
                        ]
                        for f2, j2, wg in self._wild_fills(values, ff - (how == OWN), jf):
                            track = (kind, min(lead + 1, self.n_cap), lim3, 0, top)
                            gain = wg + anchor_gain(how, low_flag and lead == 0) - self.scale.group
                            more(
                                k2,
                                o2,
                                f + f2,
                                jk + j2,
                                g + gain,
                                [*made, track],
                                [*new, (track, _cards(how, p, s, lead, j2))],
                                key,
                            )

        more(k, o, f, jk, g, [], [], ())

    # --- the sets of one rank --------------------------------------------------------------

    def _set_moves(self, state: _State, p: int) -> Iterator[tuple[_State, int, object]]:
        tracks, avail, plain, jokers, own, spare = state
        if not avail:
            avail = (0,) * 8
        naturals = tuple(avail[0::2])
        owns = tuple(avail[1::2])
        top = p == 0 and self.high_ok
        if not self.sets_ok or not (any(naturals) or any(owns)):
            yield (tracks, (), plain, jokers, own, avail if top else spare), 0, None
            return
        scale = self.scale
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
            joker_free = self.jokers - jokers
            anchors = sum(naturals) + sum(own_use)
            most_wilds = min(fixed_free + joker_free, anchors * (self.most - 1))
            for w in range(most_wilds + 1):
                for chosen in self._set_choices(p, naturals, own_use, w, top):
                    nat_used, nat_points, n_sets, plan = chosen
                    placed = sum(nat_used) + sum(own_use) + w
                    for y in range(max(0, w - fixed_free), min(w, joker_free) + 1):
                        x = w - y
                        value = (
                            placed * scale.card
                            + (nat_points + own_points + y * self.jok_set[p]) * scale.point
                            - n_sets * scale.group
                        )
                        new_spare = spare
                        if top:
                            new_spare = tuple(
                                left
                                for s in range(4)
                                for left in (naturals[s] - nat_used[s], owns[s] - own_use[s])
                            )
                        yield (
                            (tracks, (), plain + x, jokers + y, tuple(used_own), new_spare),
                            value,
                            (p, own_use, nat_used, plan, y),
                        )

    def _set_choices(
        self, p: int, naturals: tuple[int, ...], own_use: tuple[int, ...], w: int, top: bool
    ) -> list[tuple[tuple[int, ...], int, int, SetPlan]]:
        """The ways to put natural cards of this rank into sets with these wilds: the best one
        (the naturals left out are lost), or at the ace every one (those left may go high)."""
        key = (p, naturals, own_use, w, top)
        cached = self._set_cache.get(key)
        if cached is not None:
            return cached
        choices: list[tuple[tuple[int, ...], int, int, SetPlan]] = []
        best: tuple[int, int, int] | None = None
        for nat_used in product(*(range(n + 1) for n in naturals)):
            self.budget.spend()
            if not any(nat_used) and not any(own_use):
                if w:
                    continue
                found: _Sets | None = (0, ())
            else:
                found = _fewest_sets(
                    self._anchor_key(nat_used, own_use),
                    w,
                    self.min_set,
                    self.most,
                    self.dups,
                    self.limit.kind,
                    self.limit.own_is_wild,
                )
            if found is None:
                continue
            points = sum(n * self.nat_pts[p][s] for s, n in enumerate(nat_used))
            plan = self._plan(nat_used, own_use, found[1])
            choice = (nat_used, points, found[0], plan)
            if top:
                choices.append(choice)
                continue
            rank = (sum(nat_used), points, -found[0])
            if best is None or rank > best:
                best = rank
                choices = [choice]
        self._set_cache[key] = choices
        return choices

    def _anchor_key(
        self, nat_used: tuple[int, ...], own_use: tuple[int, ...]
    ) -> tuple[tuple[int, int], ...]:
        """The anchors for :func:`_fewest_sets`: per suit, or (identical cards sharing a set)
        all together, since the suits then no longer matter."""
        if self.dups:
            return ((sum(nat_used), sum(own_use)),)
        return tuple(zip(nat_used, own_use, strict=True))

    def _plan(
        self,
        nat_used: tuple[int, ...],
        own_use: tuple[int, ...],
        sets: tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...],
    ) -> SetPlan:
        if not self.dups:
            return SetPlan(sets)
        nat_suits = [s for s in range(4) for _ in range(nat_used[s])]
        own_suits = [s for s in range(4) for _ in range(own_use[s])]
        planned = []
        for naturals, owns, wilds in sets:
            planned.append(
                (tuple(nat_suits[: len(naturals)]), tuple(own_suits[: len(owns)]), wilds)
            )
            del nat_suits[: len(naturals)], own_suits[: len(owns)]
        return SetPlan(tuple(planned))

    # --- the end: runs close (or take the ace high), the wilds left ------------------------

    def _end_moves(self, state: _State) -> Iterator[tuple[_State, int, object]]:
        tracks, _, plain, jokers, own, spare = state
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
            if jokers + jk > self.jokers:
                continue
            used_own = list(own)
            for end in combo:
                for c in end[2]:
                    used_own[c] += 1
            left = [total - used for total, used in zip(self.class_total, used_own, strict=True)]
            free = sum(left)
            taken = plain + f
            if taken > free:
                continue
            self.budget.spend()
            value = sum(end[3] for end in combo)
            # The plain places take the richest wilds left; a wild set takes all the rest.
            points = 0
            need = taken
            for c, n in enumerate(left):
                use = min(n, need)
                points += use * self.classes[c]
                need -= use
            value += points * scale.point
            rest_fixed = free - taken
            rest_jokers = self.jokers - jokers - jk
            dump = self.rules.wild_sets and rest_fixed + rest_jokers >= max(self.wild_set_min, 1)
            if dump:
                rest_points = sum(n * c for n, c in zip(left, self.classes, strict=True)) - points
                value += (rest_fixed + rest_jokers) * scale.card
                value += (rest_points + rest_jokers * self.jok_alone) * scale.point
                value -= scale.group
            if self.loose_jokers >= self.min_set:
                value += self.loose_jokers * (scale.card + self.jok_alone * scale.point)
                value -= scale.group
            end_state: _State = ((), (), 0, 0, (), ())
            yield end_state, value, (tuple(end[4] for end in combo), dump)

    def _suit_end(
        self,
        s: int,
        mine: tuple[Track, ...],
        spare: tuple[int, ...],
        fixed_free: int,
        joker_free: int,
    ) -> list[tuple[int, int, tuple[int, ...], int, tuple[object, ...]]]:
        """The ways the runs of one suit end: (fixed wilds, jokers, own-place classes used,
        gain, actions)."""
        k0 = spare[2 * s] if spare else 0
        o0 = spare[2 * s + 1] if spare else 0
        size = self.size
        limit = self.limit
        scale = self.scale
        results: list[tuple[int, int, tuple[int, ...], int, tuple[object, ...]]] = []

        def walk(i: int, k: int, o: int, f: int, jk: int, g: int, acts: tuple[object, ...]) -> None:
            ff = fixed_free - f - (o0 - o)
            jf = joker_free - jk
            if i == len(mine):
                high_starts(k, o, f, jk, g, acts, ())
                return
            track = mine[i]
            kind, n, lim, gap, extra = track
            if kind in (RUN, LOW, TAIL) and (gap == 0 or kind == TAIL):
                forced = gap if kind == TAIL else None
                for _, t, f2, j2, wg in self._close(track, size - 1 - gap, s, ff, jf, forced):
                    walk(
                        i + 1, k, o, f + f2, jk + j2, g + wg, (*acts, _cards(None, size, s, t, j2))
                    )
            if kind == RUN and self.high_ok:
                # the ace high as its anchor, filling the gap below it
                for how, k2, o2 in ([(NAT, k - 1, o)] if k else []) + (
                    [(OWN, k, o - 1)] if o else []
                ):
                    lim2 = limit.add_wilds(lim, gap)
                    lim3 = None if lim2 is None else limit.add(lim2, how)
                    if lim3 is None:
                        continue
                    values = [self._joker_value(s, x) for x in range(size - gap, size)]
                    anchor = scale.card + scale.point * (
                        self.nat_pts[0][s] if how == NAT else self.own_pts[0][s]
                    )
                    for f2, j2, wg in self._wild_fills(values, ff - (how == OWN), jf):
                        top = (RUN, min(n + gap + 1, self.n_cap), lim3, 0, 0)
                        closes = self._close(top, size, s, ff - (how == OWN) - f2, jf - j2)
                        for _, t, f3, j3, wg3 in closes:
                            walk(
                                i + 1,
                                k2,
                                o2,
                                f + f2 + f3,
                                jk + j2 + j3,
                                g + wg + anchor + wg3,
                                (*acts, _cards(how, size, s, gap + t, j2 + j3)),
                            )
            if kind == HEAD:
                # open at the king: every rank, read round the corner
                lim2 = limit.add_wilds(lim, gap)
                if lim2 is not None and limit.ok(lim2) and min(n + gap, self.n_cap) >= self.min_run:
                    values = [self._joker_value(s, x) for x in range(size - gap, size)]
                    for f2, j2, wg in self._wild_fills(values, ff, jf):
                        walk(
                            i + 1,
                            k,
                            o,
                            f + f2,
                            jk + j2,
                            g + wg,
                            (*acts, _cards(None, size, s, gap, j2)),
                        )
            if kind == WAIT:
                # a tail of wild cards only, below the king
                for t in range(1, size - extra):
                    lim2 = limit.add_wilds(lim, t)
                    if lim2 is None:
                        break
                    if not limit.ok(lim2) or min(n + t, self.n_cap) < self.min_run:
                        continue
                    values = [self._joker_value(s, x) for x in range(size - t, size)]
                    for f2, j2, wg in self._wild_fills(values, ff, jf):
                        walk(
                            i + 1,
                            k,
                            o,
                            f + f2,
                            jk + j2,
                            g + wg,
                            (*acts, _cards(None, size, s, t, j2)),
                        )

        def high_starts(
            k: int,
            o: int,
            f: int,
            jk: int,
            g: int,
            acts: tuple[object, ...],
            floor: tuple[object, ...],
        ) -> None:
            """Runs whose only anchor is the ace high, with wilds below it (and round the
            corner above it, where allowed)."""
            classes = (self.class_of[0, s],) * (o0 - o) if o0 != o else ()
            results.append((f, jk, classes, g, acts))
            if not self.high_ok:
                return
            ff = fixed_free - f - (o0 - o)
            jf = joker_free - jk
            for how, k2, o2 in ([(NAT, k - 1, o)] if k else []) + ([(OWN, k, o - 1)] if o else []):
                for lead in range(1, min(ff + jf, size - 1) + 1):
                    if (how, lead) < floor:
                        continue
                    lim2 = limit.add_wilds(0, lead)
                    lim3 = None if lim2 is None else limit.add(lim2, how)
                    if lim2 is None:
                        break
                    if lim3 is None:
                        continue
                    values = [self._joker_value(s, x) for x in range(size - lead, size)]
                    anchor = scale.card + scale.point * (
                        self.nat_pts[0][s] if how == NAT else self.own_pts[0][s]
                    )
                    for f2, j2, wg in self._wild_fills(values, ff - (how == OWN), jf):
                        top = (RUN, min(lead + 1, self.n_cap), lim3, 0, 0)
                        closes = self._close(top, size, s, ff - (how == OWN) - f2, jf - j2)
                        for _, t, f3, j3, wg3 in closes:
                            high_starts(
                                k2,
                                o2,
                                f + f2 + f3,
                                jk + j2 + j3,
                                g + wg + anchor + wg3 - scale.group,
                                (*acts, _cards(how, size, s, lead + t, j2 + j3)),
                                (how, lead),
                            )

        walk(0, k0, o0, 0, 0, 0, ())
        return results

    # --- the answer as cards ---------------------------------------------------------------

    def build(self, answer: _Answer) -> list[tuple[Card, ...]]:
        """Replay the best path's moves: the groups as cards."""
        places: list[list[tuple[str, int, int]]] = []
        tracks: list[list[tuple[Track, int]]] = [[] for _ in range(4)]
        moves: Iterator[Any] = iter(answer.actions)
        for p in range(self.size):
            for s in range(4):
                _, acts = next(moves)
                mine = sorted(tracks[s], key=lambda entry: entry[0])
                kept: list[tuple[Track, int]] = []
                for i, (after, added) in enumerate(acts):
                    if i < len(mine):
                        group = mine[i][1]
                        places[group].extend(added)
                    else:
                        places.append(list(added))
                        group = len(places) - 1
                    if after is not None:
                        kept.append((after, group))
                tracks[s] = kept
            sets = next(moves)
            if sets is not None:
                _, _, _, plan, jokers = sets
                for naturals, owns, wilds in plan.sets:
                    in_set = [(NAT, p, s) for s in naturals] + [(OWN, p, s) for s in owns]
                    j = min(jokers, wilds)
                    jokers -= j
                    places.append(in_set + [(JOK, p, 0)] * j + [(FIX, p, 0)] * (wilds - j))
        ends, dump = next(moves)
        for s in range(4):
            mine = sorted(tracks[s], key=lambda entry: entry[0])
            for i, added in enumerate(ends[s]):
                if i < len(mine):
                    places[mine[i][1]].extend(added)
                else:  # a run whose only anchor is the ace high
                    places.append(list(added))
        # Wilds in their own place are those cards; the plain places take the richest others.
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


def _cards(
    anchor: str | None, p: int, s: int, wilds: int, jokers: int
) -> tuple[tuple[str, int, int], ...]:
    """Placeholders for the cards a move adds to a group: its anchor at (p, s), then wilds."""
    cards = [(anchor, p, s)] if anchor is not None else []
    cards += [(JOK, -1, 0)] * jokers + [(FIX, -1, 0)] * (wilds - jokers)
    return tuple(cards)


_State = tuple[
    tuple[tuple[Track, ...], ...], tuple[int, ...], int, int, tuple[int, ...], tuple[int, ...]
]


@dataclass(frozen=True)
class _Answer:
    value: int
    actions: list[object]
    exact: bool


_Sets = tuple[int, tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...]]


@lru_cache(maxsize=4096)
def _fewest_sets(
    anchors: tuple[tuple[int, int], ...],
    wilds: int,
    min_set: int,
    most: int,
    dups: bool,
    limit: str,
    own_is_wild: bool,
) -> tuple[int, tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...]] | None:
    """The fewest sets that hold exactly these cards of one rank: ``anchors`` per suit
    (natural cards, wilds in their own place) and ``wilds`` other wild cards; None if none.

    Each set: at least one anchor, ``min_set``..``most`` cards, one card a suit unless ``dups``,
    the wild limit. Returns the count and the sets (per set: natural suits, own suits, wilds).

    >>> _fewest_sets(((1, 0), (1, 0), (1, 0), (0, 0)), 1, 3, 4, False, "none", False)[0]
    1
    >>> _fewest_sets(((2, 0), (1, 0), (1, 0), (1, 0)), 0, 3, 4, False, "none", False) is None
    True
    """
    if not any(n or o for n, o in anchors):
        return (0, ()) if not wilds else None
    first = next(s for s, (n, o) in enumerate(anchors) if n or o)
    best: tuple[int, tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...]] | None = None
    per_suit = []
    for s, (n, o) in enumerate(anchors):
        if dups:
            choices = [(a, b) for a in range(n + 1) for b in range(o + 1)]
        else:
            choices = [(0, 0)] + ([(1, 0)] if n else []) + ([(0, 1)] if o else [])
        if s == first:
            choices = [c for c in choices if c != (0, 0)]
        per_suit.append(choices)
    for pick in product(*per_suit):
        naturals = sum(a for a, _ in pick)
        own = sum(b for _, b in pick)
        anchored = naturals + own
        for w in range(0, min(wilds, most - anchored) + 1):
            size = anchored + w
            if size < min_set or size > most:
                continue
            counted_wild = w + (own if own_is_wild else 0)
            counted_natural = naturals + (0 if own_is_wild else own)
            if limit == "one" and counted_wild > 1:
                continue
            if limit == "one_per_three" and counted_wild > size // 3:
                continue
            if limit == "naturals_majority" and counted_wild >= counted_natural:
                continue
            rest = tuple((n - a, o - b) for (n, o), (a, b) in zip(anchors, pick, strict=True))
            found = _fewest_sets(rest, wilds - w, min_set, most, dups, limit, own_is_wild)
            if found is None:
                continue
            this = (
                tuple(s for s, (a, _) in enumerate(pick) for _ in range(a)),
                tuple(s for s, (_, b) in enumerate(pick) for _ in range(b)),
                w,
            )
            if best is None or found[0] + 1 < best[0]:
                best = (found[0] + 1, (this, *found[1]))
    return best


def best_new_melds(
    pile: Sequence[Card], ctx: Context, budget: Budget
) -> tuple[tuple[int, int, int], list[tuple[Card, ...]], bool]:
    """The best split of ``pile`` into new melds by the DP: its score, its groups, and whether
    it is exact (False once the budget was spent)."""
    dp = PileDP(ctx, pile, budget)
    answer = dp.solve()
    if answer is None:  # pragma: no cover (the empty split is always there)
        return (0, 0, 0), [], False
    groups = dp.build(answer)
    return dp.value_of(answer.value, len(groups)), groups, answer.exact
