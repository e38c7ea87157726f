"""What a new meld of natural cards and wild cards scores, worked out from the rules without
asking the referee: part of :mod:`.arrange`.

The one-by-one search (a wild limit, jokers priced as represented) asks about every candidate
group with each choice of wild cards, and those calls of :func:`..melds.check_meld` were most of
its time (805 calls, four fifths of the search, on a 40-card Rummikub-like pile). Two kinds of
group are simple enough to score directly:

* **Jokers priced as represented, and no other wild.** A set of the rank (each joker the rank,
  in the first suit free) or a run in one window of ranks (each joker the card of its place):
  the reading worth most.
* **Wilds whose points do not depend on where they lie** (every wild but a joker priced as
  represented). A set or a run in one window; a wild of the meld's rank (a set) or suit and a
  free place of the window (a run) stands in its own place, which counts as natural for the
  wild limit unless ``wild_as_itself`` is ``wild``. Legal if some reading keeps to the limit;
  its points are the natural cards' (an ace low or high by the window) plus the wilds' own.

:class:`DirectScore` gives the same points as the referee or says it cannot tell (``applies``
False); the tests hold it to the referee, and the search still checks every group of its
answer with the referee.

>>> from ..presets import rules_for
>>> from ..cards import parse_cards
>>> rules = rules_for("rummy500", {"jokers": 2, "joker_points": "as_represented"})
>>> score = DirectScore(Context(rules))
>>> score.points(parse_cards(["QS", "KS"]), parse_cards(["JK"]))  # Q-K-A (10 + 10 + 15)
35
>>> limit_one = DirectScore(Context(rules_for("rummy5000", {"wild_limit": "one"}), "9"))
>>> limit_one.points(parse_cards(["7S", "8S"]), parse_cards(["9S", "9H"]))  # 9S in its place
210
>>> limit_one.points(parse_cards(["7S", "8S"]), parse_cards(["9D", "9H"])) is None
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from ..cards import JOKER_CARD, RANKS, SUITS, Card, card_of
from ..melds import wild_limit_allows, window_shape, window_starts
from ..points import Context, card_points


class DirectScore:
    """The referee's points for natural cards with wild cards as one new meld, for the rules of
    one round, where :meth:`applies`."""

    def __init__(self, ctx: Context) -> None:
        rules = ctx.rules
        self.ctx = ctx
        self.priced = ctx.jokers_priced
        self.seq = tuple(rank for rank in RANKS if rank not in rules.omit_ranks)
        self.at = {rank: i for i, rank in enumerate(self.seq)}
        room = 4 * ctx.packs if rules.set_duplicates_allowed else 4
        self.most_set = min(room, rules.max_set) if rules.max_set is not None else room
        self.fewest = {"sets_only": rules.min_set, "runs_only": rules.min_run}.get(
            rules.meld_kinds, min(rules.min_set, rules.min_run)
        )
        self._jokers: dict[tuple[int, str, bool], int] = {}  # see ``_joker_at``
        # A card's points where it lies as itself, and each window's shape as the rules take
        # it: asked of every candidate group, so kept.
        self._own: dict[Card, int] = {}
        # Per run length, the starts of the windows the rules allow, each with whether its
        # ace is low (see ``_windows_of``); and which counts of the wilds of a run's suit may
        # stand in their own place under the wild limit, per (wilds, naturals, wilds of the
        # suit).
        self._windows: dict[int, dict[int, bool]] = {}
        self._limits: dict[tuple[int, int, int], list[bool]] = {}

    def applies(self, naturals: Sequence[Card], wilds: Sequence[Card]) -> bool:
        """Whether :meth:`points` can tell for these cards (else ask the referee): natural cards
        that are not wild, wild cards that are, no card more often than the packs hold, and no
        joker priced as represented where cards are priced on their own."""
        ctx = self.ctx
        rules = ctx.rules
        if not naturals:
            return False
        if self.priced and rules.card_overrides and any(card.is_joker for card in wilds):
            return False  # a joker's points would hang on the suit it stands for
        for card, n in Counter([*naturals, *wilds]).items():
            if n > (rules.jokers if card.is_joker else ctx.packs):
                return False
        return all(
            not card.is_joker and not ctx.is_wild(card) and card.rank in self.at
            for card in naturals
        ) and all(ctx.is_wild(card) and (card.is_joker or card.rank in self.at) for card in wilds)

    def points(self, naturals: Sequence[Card], wilds: Sequence[Card]) -> int | None:
        """The points of the best reading of ``naturals`` and ``wilds`` as one meld, or None if
        no reading is legal. Only where :meth:`applies`."""
        rules = self.ctx.rules
        if len(naturals) + len(wilds) < self.fewest:
            return None
        best: int | None = None
        if len({card.rank for card in naturals}) == 1 and rules.meld_kinds != "runs_only":
            best = self._set(naturals, wilds)
        if len({card.suit for card in naturals}) == 1 and rules.meld_kinds != "sets_only":
            run = self._run(naturals, wilds)
            if run is not None and (best is None or run > best):
                best = run
        return best

    def layoff(
        self, meld: Sequence[Card], naturals: Sequence[Card], wilds: Sequence[Card]
    ) -> tuple[bool, int | None]:
        """Whether it can tell, and the points of ``naturals`` and ``wilds`` laid off onto the
        table meld ``meld`` (None if they cannot be laid off there).

        The meld and the cards are read as one meld, as the referee reads them: where the meld
        holds neither a wild card nor an ace, its own cards score the same in every reading,
        so the best reading of the whole is the one whose laid-off cards score most.
        """
        ctx = self.ctx
        if any(c.is_joker or c.rank == "A" or ctx.is_wild(c) for c in meld):
            return False, None
        whole = [*meld, *naturals]
        if not self.applies(whole, wilds):
            return False, None
        total = self.points(whole, wilds)
        if total is None:
            return True, None
        return True, total - sum(card_points(ctx, card) for card in meld)

    def _joker_at(self, place: int, suit: str, low: bool) -> int:
        """A joker priced as represented at ``place`` of the run order in ``suit``."""
        key = (place, suit, low)
        points = self._jokers.get(key)
        if points is None:
            as_card = card_of(self.seq[place], suit)
            points = self._jokers[key] = card_points(
                self.ctx, JOKER_CARD, as_card=as_card, ace_low=low
            )
        return points

    def _limit_ok(self, plain: int, in_place: int, naturals: int) -> bool:
        """The wild limit, with ``plain`` wilds standing for other cards and ``in_place`` in
        their own place (as the referee counts them)."""
        rules = self.ctx.rules
        if rules.wild_as_itself == "wild":
            wilds, naturals = plain + in_place, naturals
        else:
            wilds, naturals = plain, naturals + in_place
        return wild_limit_allows(rules.wild_limit, wilds, naturals)

    def _set(self, naturals: Sequence[Card], wilds: Sequence[Card]) -> int | None:
        rules, ctx = self.ctx.rules, self.ctx
        n = len(naturals) + len(wilds)
        used = Counter(card.suit for card in naturals)
        if not rules.set_duplicates_allowed and any(c > 1 for c in used.values()):
            return None
        if n > self.most_set or n < rules.min_set:
            return None
        rank = naturals[0].rank
        total = sum(card_points(ctx, card) for card in naturals)
        # As the referee reads a set: a wild of the set's rank in its own place (one of each
        # suit unless duplicates are allowed), the others in the first suits still free.
        others = []
        for card in sorted(wilds):
            if card.rank == rank and (rules.set_duplicates_allowed or not used[card.suit]):
                used[card.suit] += 1
                total += card_points(ctx, card)
            else:
                others.append(card)
        for card in others:
            suit = next((s for s in SUITS if not used[s]), SUITS[0])
            used[suit] += 1
            total += card_points(ctx, card, as_card=Card(rank, suit))
        if not self._limit_ok(len(others), len(wilds) - len(others), len(naturals)):
            return None
        return total

    def _points_of(self, card: Card) -> int:
        """What ``card`` scores as itself (an ace high), kept for each card."""
        points = self._own.get(card)
        if points is None:
            points = self._own[card] = card_points(self.ctx, card)
        return points

    def _windows_of(self, n: int) -> dict[int, bool]:
        """The starts of the windows of ``n`` ranks the rules allow, each with whether it reads
        its ace low (kept per length)."""
        windows = self._windows.get(n)
        if windows is not None:
            return windows
        rules = self.ctx.rules
        windows = self._windows[n] = {}
        for start in range(len(self.seq)):
            shape = window_shape(start, n, len(self.seq), self.seq[0] == "A")
            if shape is None:
                continue
            _, ace_low, ace_high, corner = shape
            if not (
                (corner and not rules.around_the_corner)
                # the window holds the ace low (it starts at the ace)
                or (ace_low and not corner and rules.ace_high_only)
                or (ace_high and rules.ace_position == "low_only")
            ):
                windows[start] = ace_low and not corner
        return windows

    def _run(self, naturals: Sequence[Card], wilds: Sequence[Card]) -> int | None:
        rules, ctx = self.ctx.rules, self.ctx
        size = len(self.seq)
        n = len(naturals) + len(wilds)
        at = self.at
        held = [at[card.rank] for card in naturals]
        if n < rules.min_run or n > size or len(set(held)) != len(held):
            return None
        suit = naturals[0].suit
        jokers = wilds.count(JOKER_CARD) if self.priced else 0
        # The other wilds score the same wherever they lie; those of the run's suit may stand
        # in their own place (one of each card).
        points_of = self._points_of
        fixed_points = sum(points_of(card) for card in wilds) - jokers * points_of(JOKER_CARD)
        own = sorted({at[c.rank] for c in wilds if c.suit == suit}) if jokers < len(wilds) else []
        plain = [points_of(card) for card in naturals]  # an ace low aside
        natural_points = fixed_points + sum(plain)
        # Whether the limit allows ``k`` wilds in their own place, the others standing for
        # other cards: it hangs on nothing else.
        limit_key = (len(wilds), len(naturals), len(own))
        allowed = self._limits.get(limit_key)
        if allowed is None:
            allowed = self._limits[limit_key] = [
                self._limit_ok(len(wilds) - k, k, len(naturals)) for k in range(len(own) + 1)
            ]
        if not own and not jokers and not allowed[0]:
            return None
        windows = self._windows_of(n)
        best: int | None = None
        for start in window_starts(held, n, size):
            low = windows.get(start)
            if low is None:
                continue
            total = natural_points
            if low and start in held:  # the natural ace at the bottom of the window
                ace = naturals[held.index(start)]
                total += card_points(ctx, ace, as_card=ace, ace_low=True) - plain[held.index(start)]
            if not own and not jokers:
                # Every wild plain: the same points in any window (the limit allowed them).
                if best is None or total > best:
                    best = total
                continue
            taken = {(p - start) % size for p in held}
            places = [(p - start) % size for p in own]
            here = [slot for slot in places if slot < n and slot not in taken]
            # As the referee: the wilds of their own place there keep it, unless a joker
            # priced as represented is worth more there (then each choice is tried); the
            # jokers take the places left they score most in.
            keeps: list[Sequence[int]] = [here]
            if here and len(here) <= 4 and jokers:
                keeps = [c for k in range(len(here), -1, -1) for c in combinations(here, k)]
            for keep in keeps:
                if not allowed[len(keep)]:
                    continue
                reading = total
                if jokers:
                    worth = sorted(
                        (
                            self._joker_at((start + slot) % size, suit, low and slot == 0)
                            for slot in range(n)
                            if slot not in taken and slot not in keep
                        ),
                        reverse=True,
                    )
                    reading += sum(worth[:jokers])
                if best is None or reading > best:
                    best = reading
        return best
