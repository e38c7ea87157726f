"""What a new meld of natural cards and jokers priced as represented scores, worked out from the
rules without asking the referee: part of :mod:`.arrange`.

The one-by-one search asks about every candidate group that holds jokers, and on piles with
jokers priced ``as_represented`` those calls of :func:`..melds.check_meld` were most of its time
(805 calls, four fifths of the search, on a 40-card Rummikub-like pile). Such a group is simple
enough to score directly: a set of its rank (each joker the rank, in the first suit free), or a
run in one window of ranks (each joker the card of its place), the window that scores most.
:class:`JokerMeld` gives the same points as the referee or says it cannot tell (``None`` from
:meth:`JokerMeld.applies`); the tests hold it to the referee, and the search still checks every
group of its answer with the referee.

>>> from ..presets import rules_for
>>> from ..points import Context
>>> from ..cards import parse_cards
>>> rules = rules_for("rummy500", {"jokers": 2, "joker_points": "as_represented"})
>>> model = JokerMeld(Context(rules))
>>> model.points(parse_cards(["QS", "KS"]), 1)  # Q-K-A: the joker is the ace high (10 + 10 + 15)
35
>>> model.points(parse_cards(["5S", "5H"]), 1), model.points(parse_cards(["5S", "9H"]), 1)
(15, None)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..cards import JOKER_CARD, RANKS, SUITS, Card
from ..melds import window_shape
from ..points import Context, card_points


class JokerMeld:
    """The referee's points for natural cards with ``k`` jokers priced as represented, as one
    new meld, for the rules of one round."""

    def __init__(self, ctx: Context) -> None:
        rules = ctx.rules
        self.ctx = ctx
        # Only where a joker's points follow the card it stands for, whatever its suit.
        self.usable = (
            ctx.jokers_wild
            and rules.joker_points == "as_represented"
            and rules.override_points("JK") is None
            and not rules.card_overrides
        )
        self.seq = tuple(rank for rank in RANKS if rank not in rules.omit_ranks)
        self.at = {rank: i for i, rank in enumerate(self.seq)}
        room = 4 * ctx.packs if rules.set_duplicates_allowed else 4
        self.most_set = min(room, rules.max_set) if rules.max_set is not None else room
        self.fewest = {"sets_only": rules.min_set, "runs_only": rules.min_run}.get(
            rules.meld_kinds, min(rules.min_set, rules.min_run)
        )

    def applies(self, naturals: Sequence[Card], jokers: int) -> bool:
        """Whether :meth:`points` can tell for these cards (else ask the referee): natural cards
        that are not wild, no card more often than the packs hold, no more jokers than in play."""
        ctx = self.ctx
        if not self.usable or not naturals or jokers > ctx.rules.jokers:
            return False
        counts = Counter(naturals)
        return all(
            not card.is_joker and not ctx.is_wild(card) and card.rank in self.at and n <= ctx.packs
            for card, n in counts.items()
        )

    def points(self, naturals: Sequence[Card], jokers: int) -> int | None:
        """The points of the best reading of ``naturals`` and ``jokers`` jokers as one meld, or
        None if no reading is legal. Only where :meth:`applies`."""
        rules = self.ctx.rules
        n = len(naturals) + jokers
        if n < self.fewest or not self._limit_ok(jokers, len(naturals)):
            return None
        best: int | None = None
        ranks = {card.rank for card in naturals}
        suits = {card.suit for card in naturals}
        if len(ranks) == 1 and rules.meld_kinds != "runs_only":
            best = self._set(naturals, jokers)
        if len(suits) == 1 and rules.meld_kinds != "sets_only":
            run = self._run(naturals, jokers)
            if run is not None and (best is None or run > best):
                best = run
        return best

    def _limit_ok(self, wilds: int, naturals: int) -> bool:
        limit = self.ctx.rules.wild_limit
        if limit == "one":
            return wilds <= 1
        if limit == "one_per_three":
            return wilds <= (wilds + naturals) // 3
        if limit == "naturals_majority":
            return wilds < naturals
        return True

    def _set(self, naturals: Sequence[Card], jokers: int) -> int | None:
        rules, ctx = self.ctx.rules, self.ctx
        n = len(naturals) + jokers
        used = Counter(card.suit for card in naturals)
        if not rules.set_duplicates_allowed and any(c > 1 for c in used.values()):
            return None
        if n > self.most_set or n < rules.min_set:
            return None
        rank = naturals[0].rank
        total = sum(card_points(ctx, card, as_card=card) for card in naturals)
        for _ in range(jokers):  # each joker the first suit still free (then any)
            suit = next((s for s in SUITS if not used[s]), SUITS[0])
            used[suit] += 1
            total += card_points(ctx, JOKER_CARD, as_card=Card(rank, suit))
        return total

    def _run(self, naturals: Sequence[Card], jokers: int) -> int | None:
        rules, ctx = self.ctx.rules, self.ctx
        seq, size = self.seq, len(self.seq)
        n = len(naturals) + jokers
        held = [self.at[card.rank] for card in naturals]
        if n < rules.min_run or n > size or len(set(held)) != len(held):
            return None
        suit = naturals[0].suit
        ace_first = seq[0] == "A"
        best: int | None = None
        for start in range(size):
            if not all((p - start) % size < n for p in held):
                continue
            shape = window_shape(start, n, size, ace_first)
            if shape is None:
                continue
            _, ace_low, ace_high, corner = shape
            if corner and not rules.around_the_corner:
                continue
            if ace_low and not corner and rules.ace_high_only:
                continue  # the window holds the ace low (it starts at the ace)
            if ace_high and rules.ace_position == "low_only":
                continue
            low = ace_low and not corner
            taken = {(p - start) % size for p in held}
            total = 0
            for card, p in zip(naturals, held, strict=True):
                first = low and (p - start) % size == 0
                total += card_points(ctx, card, as_card=card, ace_low=first)
            for slot in range(n):
                if slot not in taken:
                    as_card = Card(seq[(start + slot) % size], suit)
                    first = low and slot == 0
                    total += card_points(ctx, JOKER_CARD, as_card=as_card, ace_low=first)
            if best is None or total > best:
                best = total
        return best
