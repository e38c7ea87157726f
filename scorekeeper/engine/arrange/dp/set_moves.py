"""The programme's moves for the sets of one rank, once its suits have fed their runs: the
natural cards and wilds in their own place left for sets, split into sets by :mod:`.sets`, with
the fewest wilds that make them sets (or more, where that lets more wilds in, or as jokers where
jokers are worth placing). At the ace, the cards left may still go high at the end.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from .pile import _PileByRanks, _State
from .sets import SetChoice, SetPlan, best_by_placement, fewest_sets


class _SetMoves(_PileByRanks):
    """The moves of one rank's sets (a mixin of the pile)."""

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
