"""The dynamic programme itself: layer by layer over the ranks, low to high, each state's moves
(:mod:`.runs` per suit, :mod:`.set_moves` per rank, :mod:`.ends` at the end), the best way into
each new state kept.

A layer keeps only the states no other beats on everything that decides what is still to come
(:meth:`PileDP._undominated`), and, given the score of a split already known, only those that can
still reach it (:meth:`PileDP._most_to_come`). Past the budget, a layer keeps its best states (a
beam) and the answer is not exact. The best path's moves are replayed into cards at the end
(:meth:`PileDP.build`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from ...cards import JOKER_CARD, SUITS, Card
from ...points import card_points
from .ends import _EndMoves
from .limit import NAT, OWN
from .pile import FIX, HEAD, JOK, TAIL, WAIT, Track, _Spot, _State, _Step
from .runs import _RunMoves
from .set_moves import _SetMoves

#: Beam width once the budget is spent.
BEAM = 48


#: Budget steps a state made is charged (its moves, merging, the bounds; two for each other
#: piece of work counted): so that a step here takes about as long as one of the search's
#: (:mod:`..search`), 3.5-5 µs on the benchmark's piles that reach the budget. Charged half as
#: much, a step here took 10-14 µs, and a request that reached the programme ran past its second.
STEPS_PER_STATE = 4


@dataclass(frozen=True)
class _Answer:
    value: int
    actions: list[object]
    exact: bool


class PileDP(_RunMoves, _SetMoves, _EndMoves):
    """The DP for one pile under one context (new melds only; no table)."""

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


def _risk(state: _State) -> tuple[int, int]:
    """How far a state is from one that surely finishes: runs waiting on a card further up
    (a gap, a head without its tail), then runs open at all."""
    tracks = [track for suit in state[0] for track in suit]
    return (sum(1 for t in tracks if t[3] or t[0] in (HEAD, WAIT, TAIL)), len(tracks))
