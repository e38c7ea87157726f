"""The pile as the search of :mod:`.arrange` sees it, and its model of the referee.

Asking :func:`.melds.check_meld` about every group a pile could form, with every choice of wild
cards, would be far too slow. Instead :class:`_PileModel` tallies the pile (natural cards by
type, wild cards by kind) and works out from the rules alone, for each choice of natural cards
that a set, a run or a layoff could hold, its points with ``k`` wild cards for every ``k`` (a
*row*: None where ``k`` wilds do not fit). Where the rules are too subtle for that (cards laid
beside a table meld's wilds, a table meld of wild cards only) the row says :data:`_EXACT` and
the referee is asked. :mod:`.candidates` turns the rows into candidate groups.

How the search counts the wild cards, and why that is exact:

* **Wild cards by count.** Under ``wild_limit: none`` (or a limit where every wild counts as
  wild, in its own place too: ``wild_as_itself: wild``, no wild sets), with no joker priced
  ``as_represented`` and a natural card in every table meld, which wild fills which place of a
  group holding a natural card changes neither its legality nor its points: a wild then scores
  its own fixed points wherever it lies, and a limit is a most number of wilds per group. So the
  search counts the wilds a group takes (the fewest it needs, and how many more it can take
  without its points changing), and scores a group by its natural cards with a *model* of the
  referee (the windows a run may fill, set sizes, an ace low or high); the wilds are placed at
  the end, those scoring most first, in the groups' room, in layoffs of wilds only, or in melds
  of wilds only (wilds in their own place, ``wild_sets``: there which wilds they are matters,
  and each is settled on its own). Every group of the answer is then checked with
  :func:`.melds.check_meld`; should the referee ever disagree with the model, the pile is solved
  again the way below.
* **Wild cards one by one.** Otherwise (a wild limit where a wild in its own place counts as
  natural, jokers priced as represented, a table meld of wild cards only) each wild card is
  tracked on its own, and each candidate is scored with each choice of wilds (once for all the
  choices of wilds that cannot stand in their own place there): from the rules where they are
  simple enough (:mod:`.direct`: new melds, layoffs onto table melds of natural cards without an
  ace), else by the referee.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from itertools import product

from ..cards import ALL_CARDS, Card
from ..melds import (
    Context,
    StandingMeld,
    Verdict,
    check_meld,
    meld_readings,
    wild_limit_allows,
)
from ..points import card_points
from ..table_melds import laid_onto
from .budget import Budget
from .windows import _windows

# (cards placed, points, -groups): a split's score, compared as a tuple; higher is better.
_Score = tuple[int, int, int]

_EXACT = -1  # in a model row: the model cannot tell, ask the referee


#: Runs of two naturals or more without an ace: (naturals, wild counts that fit as bits, points).
_Fast = tuple[tuple[tuple[int, int], ...], int, int]


class _PileModel:
    """A pile's cards tallied for the search, the referee (cached), and the model of it."""

    #: The work budget of this search (None: unbounded, as in tests of the search alone).
    budget: Budget | None = None

    def _spend(self, steps: int) -> None:
        if self.budget is not None:
            self.budget.spend(steps)

    def __init__(
        self,
        ctx: Context,
        table: list[tuple[Card, ...]],
        pile: tuple[Card, ...],
        by_count: bool,
        declared: Sequence[Mapping[int, Card]] = (),
    ) -> None:
        rules = ctx.rules
        self.ctx = ctx
        self.rules = rules
        self.table = table
        self.win = _windows(rules)
        self.sets_ok = rules.meld_kinds != "runs_only"
        self.runs_ok = rules.meld_kinds != "sets_only"
        self.fewest = {"sets_only": rules.min_set, "runs_only": rules.min_run}.get(
            rules.meld_kinds, min(rules.min_set, rules.min_run)
        )
        room = 4 * ctx.packs if rules.set_duplicates_allowed else 4
        self.most = min(room, rules.max_set) if rules.max_set is not None else room
        omitted = set(rules.omit_ranks)
        self.never: list[Card] = []
        naturals: Counter[Card] = Counter()
        wilds: Counter[Card] = Counter()
        for card in pile:
            if not card.is_joker and card.rank in omitted:
                self.never.append(card)  # not in the pack: no meld may hold it
            elif ctx.is_wild(card):
                wilds[card] += 1
            else:
                naturals[card] += 1
        as_represented = ctx.jokers_priced and any(
            card.is_joker for card in (*pile, *(c for meld in table for c in meld))
        )
        anchored = all(any(not ctx.is_wild(c) for c in meld) for meld in table)
        # Under a wild limit a wild counts as wild even in its own place where wild_as_itself
        # says so: then which wilds a group holds still changes neither its legality nor its
        # points, and the limit is a most number of wilds (never a meld of wilds alone).
        counted = rules.wild_limit == "none" or (
            rules.wild_as_itself == "wild" and not rules.wild_sets
        )
        self.by_count = by_count and counted and not as_represented and anchored
        self._allowed_memo: dict[tuple[int, int], int] = {}
        self.exact_cache: dict[tuple[tuple[Card, ...], int | None], Verdict] = {}
        self.table_readings: dict[int, tuple[tuple[Verdict, StandingMeld], ...]] = {}
        self.declared = declared  # per table meld: the readings declared, by position
        # Per table meld: its row for a layoff of wilds only (filled in by ``_rows``).
        self.wild_layoffs: dict[int, list[int | None]] = {}

        # Wild kinds, the best first; a wild's fixed points (what it scores in a meld by count).
        self.kinds = sorted(wilds, key=lambda c: (-card_points(ctx, c), c))
        self.kind_count = [wilds[c] for c in self.kinds]
        self.fixed = [card_points(ctx, c) for c in self.kinds]
        self.W = sum(self.kind_count)
        self.pool = [
            kind for kind, n in zip(self.kinds, self.kind_count, strict=True) for _ in range(n)
        ]  # by fixed points, best first
        self.pool_points = [card_points(ctx, c) for c in self.pool]

        # Natural types rank by rank (aces first), suit by suit, jokers last: within a suit,
        # types in rank order (runs' keys rely on it).
        self.types = sorted(naturals, key=lambda c: (c.is_joker, c.number, c.suit))
        self.count = [naturals[c] for c in self.types]
        self.pts = [card_points(ctx, c) for c in self.types]
        self.low = [card_points(ctx, c, ace_low=True) for c in self.types]
        self.best_pts = [max(a, b) for a, b in zip(self.pts, self.low, strict=True)]
        self.field = max([*self.count, 1]).bit_length() + 1
        self.by_rank: dict[str, list[int]] = {}
        self.by_suit: dict[str, dict[int, int]] = {}
        self.joker: int | None = None
        for t, card in enumerate(self.types):
            if card.is_joker:
                self.joker = t
            else:
                self.by_rank.setdefault(card.rank, []).append(t)
                self.by_suit.setdefault(card.suit, {})[self.win.index[card.rank]] = t

    # --- the referee ---------------------------------------------------------------------

    def _exact(self, cards: tuple[Card, ...], onto: int | None) -> Verdict:
        """The referee's verdict on ``cards`` as a new meld (``onto`` None) or laid off onto
        table meld ``onto``: asked once for each group, whatever order its cards come in."""
        key = (tuple(sorted(cards)), onto)
        verdict = self.exact_cache.get(key)
        if verdict is None:
            # A referee's call costs about four search steps a card (it tries every window
            # of a run), ten more a wild (every place for it), and fifty more a card where all
            # are wild (every rank and suit the meld could be of: a millisecond for six).
            wilds = sum(1 for c in cards if self.ctx.is_wild(c))
            alone = 50 * len(cards) if wilds == len(cards) else 0
            table = len(self.table[onto]) if onto is not None else 0
            self._spend(4 * (len(cards) + table) + 10 * wilds + alone)
            if onto is not None and (readings := self._table_readings(onto)):
                # a wild on the table keeps the reading it was melded with (one the meld has
                # on its own), as the round's scoring reads it
                verdict = laid_onto(key[0], self.ctx, readings)
            elif onto is not None:
                # no meld alone (cards laid beside their wilds before): read together, the
                # readings declared held
                fixed = self.declared[onto] if onto < len(self.declared) else None
                verdict = check_meld(key[0], self.ctx, self.table[onto], fixed, reasons=False)
            else:
                verdict = check_meld(key[0], self.ctx, reasons=False)
            self.exact_cache[key] = verdict
        return verdict

    def _table_readings(self, onto: int) -> tuple[tuple[Verdict, StandingMeld], ...]:
        """The readings table meld ``onto`` has on its own (those declared held), where it holds
        a wild (empty where it holds none, or is no meld alone: the cards are then read
        together)."""
        if onto not in self.table_readings:
            meld = self.table[onto]
            fixed = self.declared[onto] if onto < len(self.declared) else {}
            wild = any(self.ctx.is_wild(card) for card in meld)
            found = meld_readings(meld, self.ctx, fixed or None) if wild else ()
            self.table_readings[onto] = found
        return self.table_readings[onto]

    def ceiling(self) -> tuple[int, int]:
        """(cards, points) that no split of the pile can pass: every card a meld may hold, each
        scoring the most it can anywhere. A split that reaches both is the best there is,
        whatever search found it."""
        naturals = sum(n * best for n, best in zip(self.count, self.best_pts, strict=True))
        kinds = zip(self.kinds, self.kind_count, strict=True)
        wilds = sum(n * self._wild_most(kind) for kind, n in kinds)
        return sum(self.count) + self.W, naturals + wilds

    def _wild_most(self, kind: Card) -> int:
        """The most a wild card can score anywhere (a joker priced as represented varies: it
        scores its own points only in a set of wild cards, ``wild_sets``)."""
        ctx = self.ctx
        own = card_points(ctx, kind)
        if kind.is_joker and ctx.jokers_priced and not ctx.rules.wild_sets:
            own = 0
        return max(
            [own]
            + [
                card_points(ctx, kind, as_card=c, ace_low=low)
                for c in ALL_CARDS
                for low in (False, True)
            ]
        )

    def _cards(self, naturals: tuple[tuple[int, int], ...]) -> list[Card]:
        """The cards of a group's naturals, given as (type, copies)."""
        return [self.types[t] for t, c in naturals for _ in range(c)]

    # --- the model of the referee: points by wild count ----------------------------------

    def _allowed(self, naturals: int, base_wilds: int) -> int:
        """By count: the wild counts k (as bits) the wild limit lets a meld of ``naturals``
        natural cards and ``base_wilds`` wilds already on the table take from the pile (every
        wild counted as wild); every k in one by one, where the limit is told group by group."""
        every = (1 << (self.W + 1)) - 1
        limit = self.rules.wild_limit
        if not self.by_count or limit == "none":
            return every
        key = (naturals, base_wilds)
        found = self._allowed_memo.get(key)
        if found is None:
            found = 0
            for k in range(self.W + 1):
                if wild_limit_allows(limit, base_wilds + k, naturals):
                    found |= 1 << k
            self._allowed_memo[key] = found
        return found

    @staticmethod
    def _within(row: list[int | None], allowed: int) -> list[int | None]:
        """The row with None wherever the wild limit allows not that many wilds."""
        return [points if allowed >> k & 1 else None for k, points in enumerate(row)]

    def _set_row(self, base_len: int, n_nat: int, points: int) -> list[int | None]:
        """Points of a set with ``n_nat`` naturals (``points``) and k wilds, for each k."""
        rules = self.rules
        row: list[int | None] = []
        for k in range(self.W + 1):
            n = base_len + n_nat + k
            row.append(
                points
                if self.sets_ok and rules.min_set <= n <= self.most and n >= self.fewest
                else None
            )
        return row

    def _run_row(
        self, base_len: int, ranks: int, n_nat: int, ace: int | None, points: int
    ) -> list[int | None]:
        """Points of a run holding the rank positions ``ranks`` (``n_nat`` of them from the
        pile, scoring ``points`` without the pile's ace ``ace``) and k wilds, for each k."""
        low, other = self.win.lengths(ranks)
        least = max(self.rules.min_run, self.fewest)
        row: list[int | None] = []
        for k in range(self.W + 1):
            n = base_len + n_nat + k
            if n < least or not (low | other) >> n & 1:
                row.append(None)
            elif ace is None:
                row.append(points)
            else:
                row.append(
                    points
                    + max(
                        self.low[ace] if low >> n & 1 else -1,
                        self.pts[ace] if other >> n & 1 else -1,
                    )
                )
        return row

    @staticmethod
    def _merge(
        rows: dict[tuple[tuple[int, int], ...], list[int | None]],
        key: tuple[tuple[int, int], ...],
        row: list[int | None],
    ) -> None:
        old = rows.get(key)
        if old is None:
            rows[key] = row
            return
        for k, (a, b) in enumerate(zip(old, row, strict=True)):
            if a is None or a == _EXACT:
                old[k] = b if b is not None else a
            elif b is not None and b != _EXACT:
                old[k] = max(a, b)

    def _set_rows(
        self,
        rank: str,
        base: Counter[str],
        base_len: int,
        rows: dict[tuple[tuple[int, int], ...], list[int | None]],
        fast: list[_Fast] | None = None,
    ) -> None:
        """Every choice of the pile's cards of ``rank`` (with a table meld's natural suits
        ``base``), as a set. Choices of two cards or more (no run has them) go to ``fast`` as
        the wild counts that fit, when given."""
        dups = self.rules.set_duplicates_allowed
        if not self.sets_ok or (not dups and any(n > 1 for n in base.values())):
            return
        kinds = [t for t in self.by_rank.get(rank, ()) if dups or not base[self.types[t].suit]]
        base_naturals = sum(base.values())
        ranges = [range((self.count[t] if dups else 1) + 1) for t in kinds]
        least = max(self.rules.min_set, self.fewest)
        for pick in product(*ranges):
            n_nat = sum(pick)
            size = n_nat + base_len
            if size > self.most or not size:
                continue
            key = tuple((t, c) for t, c in zip(kinds, pick, strict=True) if c)
            points = sum(self.pts[t] * c for t, c in key)
            allowed = self._allowed(base_naturals + n_nat, base_len - base_naturals)
            if fast is not None and n_nat > 1:
                low, high = max(0, least - size), min(self.W, self.most - size)
                if low <= high:
                    fits = ((1 << (high - low + 1)) - 1) << low & allowed
                    if fits:
                        fast.append((key, fits, points))
                continue
            self._merge(rows, key, self._within(self._set_row(base_len, n_nat, points), allowed))

    def _run_rows(
        self,
        suit: str,
        forced: int,
        base_len: int,
        base_wilds: int,
        rows: dict[tuple[tuple[int, int], ...], list[int | None]],
        fast: list[_Fast] | None = None,
    ) -> None:
        """Every choice of the pile's cards of ``suit`` that a run could hold together (with a
        table meld's natural rank positions ``forced``). Choices of two cards or more without an
        ace (no set or other run has the same cards, and their points do not depend on the
        window) go to ``fast`` as the wild counts that fit, when given."""
        if not self.runs_ok:
            return
        cards = self.by_suit.get(suit, {})
        singles = {p: (t, 1) for p, t in cards.items()}
        present = [p for p in cards if not forced >> p & 1]
        ace_at = 0 if self.win.index.get("A") == 0 else -1
        least = max(self.rules.min_run, self.fewest)
        every = (1 << (self.W + 1)) - 1
        pts = self.pts
        for mask in self.win.subsets(present, forced, self.W + base_wilds):
            chosen = mask & ~forced
            # Positions in rank order are types in order: the key comes out sorted.
            key = tuple(singles[p] for p in range(chosen.bit_length()) if chosen >> p & 1)
            if not key and not base_len:
                continue
            ace = cards.get(0) if chosen & 1 and ace_at == 0 else None
            points = sum(pts[t] for t, _ in key if t != ace)
            allowed = self._allowed(base_len - base_wilds + len(key), base_wilds)
            if fast is not None and ace is None and len(key) > 1:
                low, other = self.win.lengths(mask)
                size = base_len + len(key)
                fits = (low | other) >> size & every & ~((1 << max(0, least - size)) - 1)
                fits &= allowed
                if fits:
                    fast.append((key, fits, points))
                continue
            row = self._run_row(base_len, mask, len(key), ace, points)
            self._merge(rows, key, self._within(row, allowed))

    def _rows(
        self, fast: list[tuple[int | None, list[_Fast]]]
    ) -> Iterator[tuple[tuple[tuple[int, int], ...], int | None, list[int | None]]]:
        """(naturals, table meld, row of points by wild count) for every candidate group;
        runs go to ``fast`` (table meld, runs) where they can."""
        rows: dict[tuple[tuple[int, int], ...], list[int | None]] = {}
        new_melds: list[_Fast] = []
        fast.append((None, new_melds))
        for rank in self.by_rank:
            self._set_rows(rank, Counter(), 0, rows, new_melds)
        for suit in self.by_suit:
            self._run_rows(suit, 0, 0, 0, rows, new_melds)
        if self.joker is not None:
            for c in range(1, self.count[self.joker] + 1):
                rows[((self.joker, c),)] = [
                    self.pts[self.joker] * c if c >= self.rules.min_set else None
                ] + [None] * self.W
        for key, row in rows.items():
            yield key, None, row
        for onto, meld in enumerate(self.table):
            runs: list[_Fast] = []
            fast.append((onto, runs))
            for key, row in self._layoff_rows(meld, runs).items():
                if key:
                    yield key, onto, row
                else:
                    self.wild_layoffs[onto] = row

    def _layoff_rows(
        self, meld: tuple[Card, ...], fast: list[_Fast]
    ) -> dict[tuple[tuple[int, int], ...], list[int | None]]:
        ctx = self.ctx
        rows: dict[tuple[tuple[int, int], ...], list[int | None]] = {}
        omitted = set(self.rules.omit_ranks)
        if any(not c.is_joker and c.rank in omitted for c in meld):
            return rows
        base = [c for c in meld if not ctx.is_wild(c)]
        base_wilds = len(meld) - len(base)
        if not base:  # a meld of wild cards only: ask the referee about every candidate
            for rank in self.by_rank:
                self._set_rows(rank, Counter(), len(meld), rows)
            for suit in self.by_suit:
                self._run_rows(suit, 0, len(meld), len(meld), rows)
            rows[()] = []
            for key in rows:
                rows[key] = [_EXACT] * (self.W + 1)
            if self.rules.real_card_for_wild != "none":
                self._beside_rows(meld, None, rows)
            return rows
        if any(c.is_joker for c in base):
            if self.joker is not None and len(base) == len(meld) == sum(c.is_joker for c in meld):
                for c in range(1, self.count[self.joker] + 1):
                    rows[((self.joker, c),)] = [
                        self.pts[self.joker] * c if len(meld) + c >= self.rules.min_set else None
                    ] + [None] * self.W
            return rows
        ranks = {c.rank for c in base}
        suits = {c.suit for c in base}
        beside = self.rules.real_card_for_wild != "none" and base_wilds > 0
        if len(ranks) == 1:
            self._set_rows(
                base[0].rank,
                Counter(c.suit for c in base),
                len(meld),
                rows,
                None if beside else fast,
            )
        if len(suits) == 1 and len({c.rank for c in base}) == len(base):
            forced = sum(1 << self.win.index[c.rank] for c in base)
            self._run_rows(
                base[0].suit, forced, len(meld), base_wilds, rows, None if beside else fast
            )
        if beside:
            self._beside_rows(meld, base, rows)
        return rows

    def _beside_rows(
        self,
        meld: tuple[Card, ...],
        base: list[Card] | None,
        rows: dict[tuple[tuple[int, int], ...], list[int | None]],
    ) -> None:
        """Cards the referee may lay beside a wild of ``meld`` (``real_card_for_wild``): such a
        card fits the meld's natural cards (``base``), and any group holding one is asked of the
        referee."""
        verdict = check_meld(meld, self.ctx)
        if not verdict.legal:
            return
        wild_at = [i for i, reading in enumerate(verdict.readings) if reading.wild]
        ranks = {c.rank for c in base or ()}
        suits = {c.suit for c in base or ()}
        beside = [
            t
            for t, card in enumerate(self.types)
            if (base is None or card.rank in ranks or card.suit in suits)
            and not card.is_joker
            and any(check_meld((*meld[:i], card, *meld[i + 1 :]), self.ctx).legal for i in wild_at)
        ]
        if not beside:
            return
        rests = [(), *(key for key in rows if key and not any(t in beside for t, _ in key))]
        for pick in product(*(range(self.count[t] + 1) for t in beside)):
            if not any(pick):
                continue
            part = [(t, c) for t, c in zip(beside, pick, strict=True) if c]
            for rest in rests:
                key = tuple(sorted(part + list(rest)))
                self._merge(rows, key, [_EXACT] * (self.W + 1))
