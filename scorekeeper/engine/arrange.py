"""Split the cards one player laid on the table into legal melds and layoffs.

The scorer taps a player's table cards in as one pile, in any order; :func:`arrange` finds how they
split into new melds and cards laid off onto melds already on the table. A split scores
``(cards placed, points, -groups)``, compared in that order: the most cards placed, then the most
points, then the fewest groups; ``unplaced`` names the cards the best split leaves out.

>>> from .presets import rules_for
>>> ctx = Context(rules_for("rummy500"))
>>> pile = parse_cards(["3C", "5D", "3D", "6D", "9S", "3S", "7D"])
>>> result = arrange(pile, ctx, table=[parse_cards(["6S", "7S", "8S"])])
>>> [format_cards(group.cards) for group in result.melds], result.points
(['3C 3D 3S', '5D 6D 7D'], 36)
>>> [(layoff.onto, format_cards(layoff.cards)) for layoff in result.layoffs]
[(0, '9S')]
>>> arrange(parse_cards(["3C", "3D", "3S", "KS"]), ctx).unplaced
(Card.from_code('KS'),)

How the search works, and why it is exact:

* **Candidate groups.** A group holding a natural card is a set (its naturals share a rank), a
  run (they share a suit, one per rank), a set of non-wild jokers, or a layoff onto one table
  meld, which with the meld is such a set or run (or holds a card laid beside a wild). So the
  candidates come from the pile's structure: for each rank every choice of its cards, for each
  suit every choice of its cards that a window of ranks can hold with the wilds there are, for
  each table meld the cards that can extend it. A card in no candidate is unplaced at once.
* **Wild cards by count.** Under ``wild_limit: none``, with no joker priced ``as_represented``
  and a natural card in every table meld, which wild fills which place of a group holding a
  natural card changes neither its legality nor its points: a wild then scores its own fixed
  points wherever it lies. So the search counts the wilds a group takes (the fewest it needs,
  and how many more it can take without its points changing), and scores a group by its
  natural cards with a *model* of the referee (the windows a run may fill, set sizes, an ace low
  or high); the wilds are placed at the end, those scoring most first, in the groups' room, in
  layoffs of wilds only, or in melds of wilds only (wilds in their own place, ``wild_sets``:
  there which wilds they are matters, and each is settled on its own). Every group of the
  answer is then checked with :func:`.melds.check_meld`; should the referee ever disagree with
  the model, the pile is solved again the way below.
* **Wild cards one by one.** Otherwise (a wild limit, jokers priced as represented, a table meld
  of wild cards only) each wild card is tracked on its own, and the referee is asked about the
  candidates (once for all the choices of wilds that cannot stand in their own place there).
* **Branch and bound.** Depth first, on the first card left in a fixed order (the cards with
  the fewest candidate groups first): each candidate holding it (and no card before it) whose
  cards and wilds are still there, then the card unplaced.
  Cards that no candidate can take any more are unplaced on the spot. The bound on what the
  cards left can add is (their number, their best points, -groups), the groups bounded below
  two ways: each natural card is charged ``(1 + wilds/2) / naturals`` of its thriftiest
  candidate, and ``1/2`` is given back per wild left (a dual solution of the covering
  relaxation); and, where the groups decide, by ranks and suits (``_groups_needed``: how many
  runs in each suit, how many ranks then need a set, whether the runs' windows fit the wilds).
  Candidates are sorted by their charge, so the loop stops at the first that cannot beat the
  best split found; a table of bounds per remaining pile cuts repeated work, and one greedy
  descent (thriftiest candidates first) gives the search a good split to beat from the start.
"""

from __future__ import annotations

import gc
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from math import lcm
from operator import itemgetter

from .cards import ALL_CARDS, RANKS, Card, format_cards, parse_cards
from .melds import Context, Verdict, check_meld, window_shape
from .points import card_points
from .rules import Rules

__all__ = ["Arrangement", "Group", "arrange", "format_cards", "parse_cards"]


@dataclass(frozen=True)
class Group:
    """A new meld (``onto`` None) or cards laid off onto table meld number ``onto``."""

    cards: tuple[Card, ...]
    onto: int | None
    verdict: Verdict

    @property
    def points(self) -> int:
        return self.verdict.points


@dataclass(frozen=True)
class Arrangement:
    melds: tuple[Group, ...]
    layoffs: tuple[Group, ...]
    unplaced: tuple[Card, ...]
    points: int

    @property
    def complete(self) -> bool:
        return not self.unplaced


# (cards placed, points, -groups): a split's score, compared as a tuple; higher is better.
_Score = tuple[int, int, int]


def arrange(pile: Sequence[Card], ctx: Context,
            table: Sequence[Sequence[Card]] = ()) -> Arrangement:
    """The best split of ``pile`` into new melds and layoffs onto the ``table`` melds.

    The most cards placed first, then the most points, then the fewest groups; ``unplaced``
    names the cards the best split leaves out.
    """
    cards = tuple(pile)
    melds = [tuple(meld) for meld in table]
    # The search makes many small short-lived objects and no reference cycles; the cyclic
    # garbage collector would only walk them (a full pass costs tens of milliseconds in a busy
    # process), so it waits until the search is done.
    collecting = gc.isenabled()
    gc.disable()
    try:
        result = _Solver(ctx, melds, cards, by_count=True).solve()
        if result is None:  # the referee disagreed with the model: check every group instead
            result = _Solver(ctx, melds, cards, by_count=False).solve()
    finally:
        if collecting:
            gc.enable()
    if result is None:  # pragma: no cover (every group of that search was checked)
        raise AssertionError("no arrangement")
    groups, unplaced = result
    return Arrangement(tuple(sorted((g for g in groups if g.onto is None),
                                    key=lambda g: g.cards)),
                       tuple(sorted((g for g in groups if g.onto is not None),
                                    key=lambda g: (g.onto or 0, g.cards))),
                       tuple(sorted(unplaced)), sum(g.points for g in groups))


# --- runs: the windows of ranks the referee allows -----------------------------------------

class _Windows:
    """The windows of ranks a run may fill under some rules, exactly as ``check_meld`` allows
    them: no ace low where aces are high only (or high where low only), no corner unless allowed.
    """

    def __init__(self, rules: Rules) -> None:
        seq = tuple(rank for rank in RANKS if rank not in rules.omit_ranks)
        size = len(seq)
        ace = seq[0] == "A"
        self.size = size
        self.index = {rank: i for i, rank in enumerate(seq)}
        self.ace_high = ace and rules.ace_position != "low_only"
        self.corner = ace and rules.around_the_corner
        self.ace_first = ace
        self.low_blocked = ace and rules.ace_high_only
        self.wrapping: list[tuple[int, int]] = []  # the windows that go past the king
        for n in range(1, size + 1):
            for start in range(size):
                shape = window_shape(start, n, size, ace)
                if shape is None:
                    continue
                wraps, ace_low, ace_high, corner = shape
                if (corner and not rules.around_the_corner) or (ace_low and rules.ace_high_only) \
                        or (ace_high and rules.ace_position == "low_only"):
                    continue
                if wraps:
                    mask = 0
                    for i in range(n):
                        mask |= 1 << ((start + i) % size)
                    self.wrapping.append((mask, n))
        self._fits: dict[int, tuple[int, int]] = {}

    def lengths(self, ranks: int) -> tuple[int, int]:
        """For a mask of rank positions: bit ``n`` set when a window of ``n`` ranks holds them
        all, first with the ace low (the window starts at the ace), then otherwise."""
        fits = self._fits.get(ranks)
        if fits is None:
            low = other = 0
            size = self.size
            lo = (ranks & -ranks).bit_length() - 1
            hi = ranks.bit_length() - 1
            for n in range(hi - lo + 1, size + 1):  # windows that do not wrap
                first, last = max(0, hi - n + 1), min(lo, size - n)
                if first > last:
                    continue
                if first == 0 and self.ace_first:
                    if not self.low_blocked:
                        low |= 1 << n
                    if last >= 1:
                        other |= 1 << n
                else:
                    other |= 1 << n
            for mask, n in self.wrapping:
                if not ranks & ~mask:
                    other |= 1 << n
            fits = self._fits[ranks] = (low, other)
        return fits

    def subsets(self, present: list[int], forced: int, slack: int) -> set[int]:
        """Masks of the ``present`` rank positions that, with every position in ``forced``, leave
        at most ``slack`` holes in some window: a superset of those a run can hold."""
        size = self.size
        orders = [list(range(size))]
        if self.ace_high and (forced & 1 or 0 in present):
            orders.append([size, *range(1, size)])  # the ace after the king
        if self.corner:
            orders += [[(p - turn) % size for p in range(size)] for turn in range(1, size)]
        found: set[int] = set()
        for place in orders:
            items = sorted((place[p], p, bool(forced >> p & 1))
                           for p in {*present, *(p for p in range(size) if forced >> p & 1)})
            last_forced = max((i for i, item in enumerate(items) if item[2]), default=-1)
            for first in range(len(items)):
                self._walk(items, first + 1, items[first][0], 1, 1 << items[first][1], slack,
                           last_forced, found)
                if items[first][2]:
                    break  # a forced position cannot be left before the run starts
        return found

    @staticmethod
    def _walk(items: list[tuple[int, int, bool]], i: int, start: int, count: int, mask: int,
              slack: int, last_forced: int, found: set[int]) -> None:
        """Extend the choice ``mask`` (``count`` positions from ``start``) with items ``i`` on:
        each optional item taken or not, every forced one taken, while the holes fit."""
        while True:
            if i >= len(items) or items[i][0] - start - count > slack:
                if i > last_forced:
                    found.add(mask)
                return
            _, position, forced = items[i]
            if not forced:
                _Windows._walk(items, i + 1, start, count, mask, slack, last_forced, found)
            i, count, mask = i + 1, count + 1, mask | 1 << position


@lru_cache(maxsize=64)
def _windows(rules: Rules) -> _Windows:
    return _Windows(rules)


# --- the search ----------------------------------------------------------------------------

_EXACT = -1  # in a model row: the model cannot tell, ask the referee


#: A candidate group: its natural cards (type, copies), the table meld it extends, its wilds (a
#: count, or a count of each wild kind), how many more wilds it can take as it is (``cap``), the
#: cards it places and its points (by count: without its wilds' own points).
_Pattern = tuple[tuple[tuple[int, int], ...], int | None, "int | tuple[int, ...]", int, int, int]
#: Runs of two naturals or more without an ace: (naturals, wild counts that fit as bits, points).
_Fast = tuple[tuple[tuple[int, int], ...], int, int]
#: A candidate group as the search reads it: (points short of the bound, its charge for the
#: groups bound, natural fields taken, wilds taken, table meld bit, cap, cards placed, points,
#: cards placed and points the bound counted for them, the pattern).
_Option = tuple[int, int, int, int, int, int, int, int, int, int, _Pattern]


#: The groups bound charges a group (1 + wilds * this) and gives back this much per wild left.
_WILD_CHARGE = (1, 2)


class _Solver:
    """One search: the candidate groups of a pile, the search over them, and its answer."""

    def __init__(self, ctx: Context, table: list[tuple[Card, ...]], pile: tuple[Card, ...],
                 by_count: bool) -> None:
        rules = ctx.rules
        self.ctx = ctx
        self.rules = rules
        self.table = table
        self.win = _windows(rules)
        self.sets_ok = rules.meld_kinds != "runs_only"
        self.runs_ok = rules.meld_kinds != "sets_only"
        self.fewest = {"sets_only": rules.min_set, "runs_only": rules.min_run}.get(
            rules.meld_kinds, min(rules.min_set, rules.min_run))
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
        as_represented = ctx.jokers_wild and rules.joker_points == "as_represented" and \
            rules.override_points("JK") is None and \
            any(card.is_joker for card in (*pile, *(c for meld in table for c in meld)))
        anchored = all(any(not ctx.is_wild(c) for c in meld) for meld in table)
        self.by_count = by_count and rules.wild_limit == "none" and not as_represented \
            and anchored
        self.exact_cache: dict[tuple[tuple[Card, ...], int | None], Verdict] = {}
        self.wild_layoffs: dict[int, list[int | None]] = {}
        self.wild_meld_memo: dict[tuple[int, ...],
                                  tuple[_Score, tuple[tuple[Card, ...], ...]] | None] = {}
        self.kind_memo: dict[tuple[tuple[int, ...], int], tuple[_Score, object]] = {}

        # Wild kinds, the best first; a wild's fixed points (what it scores in a meld by count).
        self.kinds = sorted(wilds, key=lambda c: (-card_points(ctx, c), c))
        self.kind_count = [wilds[c] for c in self.kinds]
        self.fixed = [card_points(ctx, c) for c in self.kinds]
        self.W = sum(self.kind_count)
        self.pool = [kind for kind, n in zip(self.kinds, self.kind_count, strict=True)
                     for _ in range(n)]  # by fixed points, best first
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

    # --- the referee, and the model of it ------------------------------------------------

    def _exact(self, cards: tuple[Card, ...], onto: int | None) -> Verdict:
        key = (tuple(sorted(cards)), onto)
        verdict = self.exact_cache.get(key)
        if verdict is None:
            base = self.table[onto] if onto is not None else ()
            verdict = self.exact_cache[key] = check_meld(key[0], self.ctx, base)
        return verdict

    def _set_row(self, base_len: int, n_nat: int, points: int) -> list[int | None]:
        """Points of a set with ``n_nat`` naturals (``points``) and k wilds, for each k."""
        rules = self.rules
        row: list[int | None] = []
        for k in range(self.W + 1):
            n = base_len + n_nat + k
            row.append(points if self.sets_ok and rules.min_set <= n <= self.most
                       and n >= self.fewest else None)
        return row

    def _run_row(self, base_len: int, ranks: int, n_nat: int, ace: int | None,
                 points: int) -> list[int | None]:
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
                row.append(points + max(self.low[ace] if low >> n & 1 else -1,
                                        self.pts[ace] if other >> n & 1 else -1))
        return row

    @staticmethod
    def _merge(rows: dict[tuple[tuple[int, int], ...], list[int | None]],
               key: tuple[tuple[int, int], ...], row: list[int | None]) -> None:
        old = rows.get(key)
        if old is None:
            rows[key] = row
            return
        for k, (a, b) in enumerate(zip(old, row, strict=True)):
            if a is None or a == _EXACT:
                old[k] = b if b is not None else a
            elif b is not None and b != _EXACT:
                old[k] = max(a, b)

    def _set_rows(self, rank: str, base: Counter[str], base_len: int,
                  rows: dict[tuple[tuple[int, int], ...], list[int | None]],
                  fast: list[_Fast] | None = None) -> None:
        """Every choice of the pile's cards of ``rank`` (with a table meld's natural suits
        ``base``), as a set. Choices of two cards or more (no run has them) go to ``fast`` as
        the wild counts that fit, when given."""
        dups = self.rules.set_duplicates_allowed
        if not self.sets_ok or (not dups and any(n > 1 for n in base.values())):
            return
        kinds = [t for t in self.by_rank.get(rank, ())
                 if dups or not base[self.types[t].suit]]
        ranges = [range((self.count[t] if dups else 1) + 1) for t in kinds]
        least = max(self.rules.min_set, self.fewest)
        for pick in product(*ranges):
            n_nat = sum(pick)
            size = n_nat + base_len
            if size > self.most or not size:
                continue
            key = tuple((t, c) for t, c in zip(kinds, pick, strict=True) if c)
            points = sum(self.pts[t] * c for t, c in key)
            if fast is not None and n_nat > 1:
                low, high = max(0, least - size), min(self.W, self.most - size)
                if low <= high:
                    fast.append((key, ((1 << (high - low + 1)) - 1) << low, points))
                continue
            self._merge(rows, key, self._set_row(base_len, n_nat, points))

    def _run_rows(self, suit: str, forced: int, base_len: int, base_wilds: int,
                  rows: dict[tuple[tuple[int, int], ...], list[int | None]],
                  fast: list[_Fast] | None = None) -> None:
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
            if fast is not None and ace is None and len(key) > 1:
                low, other = self.win.lengths(mask)
                size = base_len + len(key)
                fits = (low | other) >> size & every & ~((1 << max(0, least - size)) - 1)
                if fits:
                    fast.append((key, fits, points))
                continue
            self._merge(rows, key, self._run_row(base_len, mask, len(key), ace, points))

    def _rows(self, fast: list[tuple[int | None, list[_Fast]]]
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
                rows[((self.joker, c),)] = [self.pts[self.joker] * c if c >= self.rules.min_set
                                            else None] + [None] * self.W
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

    def _layoff_rows(self, meld: tuple[Card, ...], fast: list[_Fast]
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
            if self.joker is not None and len(base) == len(meld) == \
                    sum(c.is_joker for c in meld):
                for c in range(1, self.count[self.joker] + 1):
                    rows[((self.joker, c),)] = [
                        self.pts[self.joker] * c if len(meld) + c >= self.rules.min_set
                        else None] + [None] * self.W
            return rows
        ranks = {c.rank for c in base}
        suits = {c.suit for c in base}
        beside = self.rules.real_card_for_wild != "none" and base_wilds > 0
        if len(ranks) == 1:
            self._set_rows(base[0].rank, Counter(c.suit for c in base), len(meld), rows,
                           None if beside else fast)
        if len(suits) == 1 and len({c.rank for c in base}) == len(base):
            forced = sum(1 << self.win.index[c.rank] for c in base)
            self._run_rows(base[0].suit, forced, len(meld), base_wilds, rows,
                           None if beside else fast)
        if beside:
            self._beside_rows(meld, base, rows)
        return rows

    def _beside_rows(self, meld: tuple[Card, ...], base: list[Card] | None,
                     rows: dict[tuple[tuple[int, int], ...], list[int | None]]) -> None:
        """Cards the referee may lay beside a wild of ``meld`` (``real_card_for_wild``): such a
        card fits the meld's natural cards (``base``), and any group holding one is asked of the
        referee."""
        verdict = check_meld(meld, self.ctx)
        if not verdict.legal:
            return
        wild_at = [i for i, reading in enumerate(verdict.readings) if reading.wild]
        ranks = {c.rank for c in base or ()}
        suits = {c.suit for c in base or ()}
        beside = [t for t, card in enumerate(self.types)
                  if (base is None or card.rank in ranks or card.suit in suits)
                  and not card.is_joker and any(
                      check_meld((*meld[:i], card, *meld[i + 1:]), self.ctx).legal
                      for i in wild_at)]
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

    # --- candidates ------------------------------------------------------------------------

    def _cards(self, naturals: tuple[tuple[int, int], ...]) -> list[Card]:
        return [self.types[t] for t, c in naturals for _ in range(c)]

    def _limit_ok(self, naturals: tuple[tuple[int, int], ...], onto: int | None,
                  vector: tuple[int, ...]) -> bool:
        """Could these wilds satisfy ``wild_limit``, with every wild that could stand in its own
        place counted as natural? (A quick filter before asking the referee.)"""
        rules = self.rules
        if rules.wild_limit == "none":
            return True
        cards = self._cards(naturals)
        base = list(self.table[onto]) if onto is not None else []
        nat = [c for c in (*cards, *base) if not self.ctx.is_wild(c)]
        wilds = [kind for kind, n in zip(self.kinds, vector, strict=True) for _ in range(n)]
        wilds += [c for c in base if self.ctx.is_wild(c)]
        ranks = {c.rank for c in nat}
        suits = {c.suit for c in nat}
        own = sum(1 for w in wilds if not w.is_joker and (w.rank in ranks or w.suit in suits
                                                          or not nat))
        n = len(nat) + len(wilds)
        counted = len(wilds) - own if rules.wild_as_itself == "natural" else len(wilds)
        naturals_n = n - counted
        if rules.wild_limit == "one":
            return counted <= 1
        if rules.wild_limit == "one_per_three":
            return counted <= n // 3
        return counted < naturals_n

    def _vectors(self, size: int) -> list[tuple[int, ...]]:
        return [v for v in product(*(range(n + 1) for n in self.kind_count)) if sum(v) == size]

    def _patterns(self) -> list[_Pattern]:
        patterns: list[_Pattern] = []
        by_count = self.by_count
        W = self.W
        vectors = [] if by_count else [self._vectors(k) for k in range(W + 1)]
        fast: list[tuple[int | None, list[_Fast]]] = []
        for naturals, onto, row in self._rows(fast):
            cards = self._cards(naturals)
            n_nat = len(cards)
            if by_count:
                resolved: list[int | None] = []
                for k, points in enumerate(row):
                    if points == _EXACT:
                        verdict = self._exact((*cards, *self.pool[W - k:]), onto)
                        points = verdict.points - sum(self.pool_points[W - k:]) \
                            if verdict.legal else None
                    resolved.append(points)
                k = 0
                while k <= W:
                    points = resolved[k]
                    if points is None:
                        k += 1
                        continue
                    cap = 0
                    while k + cap + 1 <= W and resolved[k + cap + 1] == points:
                        cap += 1
                    patterns.append((naturals, onto, k, cap, n_nat, points))
                    k += cap + 1
            else:
                for k, points in enumerate(row):
                    if points is not None:
                        self._by_kind(naturals, cards, onto, k, vectors, patterns)
        for onto, runs in fast:
            for naturals, fits, points in runs:
                n_nat = sum(c for _, c in naturals)
                if by_count:
                    while fits:  # each stretch of wild counts that fit: a group and its room
                        k = (fits & -fits).bit_length() - 1
                        stretch = fits >> k
                        length = ((stretch + 1) & ~stretch).bit_length() - 1
                        patterns.append((naturals, onto, k, length - 1, n_nat, points))
                        fits &= ~(((1 << length) - 1) << k)
                else:
                    cards = self._cards(naturals)
                    for k in range(W + 1):
                        if fits >> k & 1:
                            self._by_kind(naturals, cards, onto, k, vectors, patterns)
        return patterns

    def _by_kind(self, naturals: tuple[tuple[int, int], ...], cards: list[Card],
                 onto: int | None, k: int, vectors: list[list[tuple[int, ...]]],
                 patterns: list[_Pattern]) -> None:
        """The groups of these naturals with ``k`` wilds, each choice of wild kinds checked.

        A wild that can never stand in its own place in this group (neither of its rank nor of
        its suit) is *plain*: which plain wilds a group holds changes neither its legality nor
        the other cards' points, only the plain wilds' own fixed points. So the referee is
        asked once for each count of plain wilds with each choice of the other wilds.
        """
        plain = self._plain(cards, onto)
        seen: dict[tuple[int, tuple[int, ...]], int | None] = {}
        for vector in vectors[k]:
            if not self._limit_ok(naturals, onto, vector):
                continue
            plain_points = sum(self.fixed[i] * n for i, n in enumerate(vector) if plain[i])
            signature = (sum(n for i, n in enumerate(vector) if plain[i]),
                         tuple(0 if plain[i] else n for i, n in enumerate(vector)))
            if signature not in seen:
                wild_cards = [kind for kind, n in zip(self.kinds, vector, strict=True)
                              for _ in range(n)]
                verdict = self._exact((*cards, *wild_cards), onto)
                seen[signature] = verdict.points - plain_points if verdict.legal else None
            points = seen[signature]
            if points is not None:
                patterns.append((naturals, onto, vector, 0, len(cards) + k,
                                 points + plain_points))

    def _plain(self, cards: list[Card], onto: int | None) -> list[bool]:
        """Per wild kind: can it never stand in its own place in a group of these naturals (a
        joker priced as represented never counts as plain)."""
        base = self.table[onto] if onto is not None else ()
        natural = [c for c in (*cards, *base) if not self.ctx.is_wild(c) and not c.is_joker]
        ranks = {c.rank for c in natural}
        suits = {c.suit for c in natural}
        rules = self.rules
        priced = self.ctx.jokers_wild and rules.joker_points == "as_represented" and \
            rules.override_points("JK") is None
        if not natural or (priced and rules.card_overrides):
            return [False] * len(self.kinds)
        # In its own place: in a set of its rank, or a run of its suit.
        set_rank = next(iter(ranks)) if len(ranks) == 1 else None
        run_suit = next(iter(suits)) if len(suits) == 1 else None
        return [(not priced) if kind.is_joker else
                (kind.rank != set_rank and kind.suit != run_suit) for kind in self.kinds]

    # --- solving -----------------------------------------------------------------------------

    def solve(self) -> tuple[list[Group], list[Card]] | None:
        patterns = self._patterns()
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
            wild_ub = (self.W, sum(u * n for u, n in zip(self.kind_ub, self.kind_count,
                                                         strict=True)))
        self.wild_field = wb

        best_pts = self.best_pts
        # By count, a new meld of more naturals than a meld needs holds a smaller one holding any
        # of its cards (in a run, the cards next to it; no more wilds): for telling whether a
        # card can still be placed, the smaller ones suffice.
        by_count = self.by_count
        small = max(self.rules.min_set, self.rules.min_run)
        options: list[list[tuple[tuple[int, int, int, int], _Option]]] = \
            [[] for _ in range(n_types)]
        live: list[list[tuple[int, int, int, int]]] = [[] for _ in range(n_types)]
        for pattern, n_wild in zip(patterns, n_wilds, strict=True):
            naturals, onto, wilds, cap, placed, points = pattern
            d_s = ub_points = shares = 0
            first = -1
            for t, c in naturals:
                d_s += c << shift[t]
                ub_points += c * best_pts[t]
                shares += c * share[t]
                if first < 0 or pos[t] < pos[first]:
                    first = t
            if isinstance(wilds, int):
                d_w = wilds
            else:
                d_w = sum(n << (i * wb) for i, n in enumerate(wilds))
                ub_points += sum(u * n for u, n in zip(self.kind_ub, wilds, strict=True))
            shares -= charge * n_wild
            excess = points - ub_points
            onto_bit = 1 << onto if onto is not None else 0
            options[first].append(((-excess, -shares, n_wild, -placed),
                                   (excess, shares, d_s, d_w, onto_bit, cap, placed, points,
                                    placed, points - excess, pattern)))
            if onto is None and by_count and placed > small:
                continue  # a smaller group of some of its cards is possible if this one is
            thrift = placed + (n_wild if isinstance(wilds, int) else 0)
            for t, _ in naturals:
                live[pos[t]].append((thrift, d_s, d_w, onto_bit))
        first_item = itemgetter(0)
        self.options = [[option for _, option in sorted(entries, key=first_item)]
                        for entries in options]
        # For each field, the groups that could take its card that use no more than another
        # does (if that other group is possible, so is this one): the card is dead when none
        # of these is possible.
        guard_s, guard_w = self.guard_s, self.guard_w
        self.live = []
        for entries in live:
            entries.sort()
            kept: list[tuple[int, int, int]] = []
            for _, d_s, d_w, onto_bit in entries:
                for k_s, k_w, k_onto in kept:
                    if ((d_s | guard_s) - k_s) & guard_s == guard_s and \
                            (not k_onto or k_onto == onto_bit) and (
                                k_w <= d_w if self.by_count else
                                ((d_w | guard_w) - k_w) & guard_w == guard_w):
                        break
                else:
                    kept.append((d_s, d_w, onto_bit))
            self.live.append(kept)

        start = sum(self.count[t] << (pos[t] * fb) for t in range(n_types) if holding[t])
        placed = sum(self.count[t] for t in range(n_types) if holding[t]) + wild_ub[0]
        points = sum(self.count[t] * self.best_pts[t] for t in range(n_types) if holding[t]) + \
            wild_ub[1]
        shares = sum(self.count[t] * share[t] for t in range(n_types) if holding[t]) - \
            self.wild_charge * self.W
        self.best: _Score = (-1, 0, 0)
        self.best_path: list[_Pattern | int] = []
        self.best_leaf: object = None
        self.path: list[_Pattern | int] = []
        self.tt: dict[tuple[int, int, int, int], _Score] = {}
        # The groups bound by ranks and suits holds unless a table meld may take cards laid
        # beside its wilds (such a layoff may hold cards of several ranks and suits).
        self.levels = not (self.rules.real_card_for_wild != "none" and any(
            self.ctx.is_wild(c) for meld in self.table for c in meld))
        self.suit_rank = [(-1, 0) if c.is_joker else
                          ("SHDC".index(c.suit), 1 << self.win.index[c.rank])
                          for c in self.types]
        self.group_memo: dict[tuple[int, int], int] = {}
        self.fix_memo: dict[tuple[int, int, int, int], int] = {}
        self.fits_memo: dict[tuple[tuple[tuple[int, int, int, int, int], ...], int], bool] = {}
        # What table melds lend a run in the pile: their natural ranks, their wild cards.
        self.table_ranks = [0, 0, 0, 0]
        self.table_set_ranks = 0
        self.table_wilds = 0
        for meld in self.table:
            base = [card for card in meld if not self.ctx.is_wild(card) and not card.is_joker]
            self.table_wilds += sum(1 for card in meld if self.ctx.is_wild(card))
            for card in base:
                if card.rank in self.win.index:
                    self.table_set_ranks |= 1 << self.win.index[card.rank]
            if base and len({card.suit for card in base}) == 1 and all(
                    card.rank in self.win.index for card in base):
                for card in base:
                    self.table_ranks["SHDC".index(card.suit)] |= 1 << self.win.index[card.rank]
        self.leaf_memo: dict[tuple[int, int, int], tuple[_Score, object]] = {}
        # A greedy descent first, taking for each card the thriftiest group still possible (the
        # search below takes the richest first): a good split found early cuts far more.
        self._dive(start, wv0)
        self._search(start, wv0, 0, 0, 0, 0, 0, placed, points, shares)
        return self._build(never)

    def _groups_needed(self, s: int, wilds: int) -> int:
        """At least how many groups hold the natural cards ``s`` (all of them placed), with
        ``wilds`` wild cards to spare: a relaxation of the problem by ranks and suits.

        A run holds at most one card of each rank of its suit; a set holds cards of its rank.
        Choose ``L[suit]`` runs in each suit: a rank with more cards of some suit than that
        needs a set (identical cards in separate sets where sets may not hold them), which
        takes wilds up to ``min_set``. The cards of the other ranks are in runs: with one run
        in a suit its window holds all of them, with two both windows hold the doubled ranks
        and one of them each other rank; the holes they span and their length up to
        ``min_run`` take wilds (or cards of the suit whose rank has a set to spare them, or the
        ranks of a table meld). If the wilds do not suffice, one more rank at least needs a
        set. The fewest groups is the least of all that over the choices of ``L``.
        """
        memo_key = (s, wilds)
        got = self.group_memo.get(memo_key)
        if got is not None:
            return got
        wilds += self.table_wilds
        fb = self.field
        mask = (1 << (fb - 1)) - 1
        need: list[list[int]] = [[0] * (2 * mask + 2) for _ in range(4)]
        top = [0, 0, 0, 0]
        in_rank: dict[int, int] = {}
        jokers = 0
        for t, (suit, rank_bit) in enumerate(self.suit_rank):
            c = s >> (self.pos[t] * fb) & mask
            if not c:
                continue
            if suit < 0:
                jokers = 1
                continue
            row = need[suit]
            for level in range(c):
                row[level] |= rank_bit
            if c > top[suit]:
                top[suit] = c
            in_rank[rank_bit] = in_rank.get(rank_bit, 0) + c
        suits = [i for i in range(4) if top[i]]
        sets_ok, dups = self.sets_ok, self.rules.set_duplicates_allowed
        min_set = self.rules.min_set
        short = {bit: min_set - n for bit, n in in_rank.items()
                 if n < min_set and not bit & self.table_set_ranks}
        spare = self.table_set_ranks
        for bit, n in in_rank.items():
            if n > min_set:
                spare |= bit
        rows = [need[i] for i in suits]
        table = [self.table_ranks[i] for i in suits]
        never = 1 << 20
        best = never
        choices = [range(top[i], -1, -1) if self.runs_ok else (0,) for i in suits]
        for levels in product(*choices):
            cost = sum(levels)
            if cost >= best:
                continue
            open_ranks = 0
            for row, level in zip(rows, levels, strict=True):
                open_ranks |= row[level]
            if open_ranks and not sets_ok:
                continue
            cost += open_ranks.bit_count()
            deeper = 1
            while not dups and cost < best:  # identical cards need separate sets
                more = 0
                for row, level in zip(rows, levels, strict=True):
                    more |= row[level + deeper]
                if not more:
                    break
                cost += more.bit_count()
                deeper += 1
            if cost >= best:
                continue
            # The sets short of cards take wilds first; the runs' windows take the rest.
            budget = wilds - sum(n for bit, n in short.items() if bit & open_ranks)
            if budget < 0:
                continue
            closed = ~open_ranks
            lend = closed | spare  # cards of a rank with a set fill holes if the set spares them
            runs: list[tuple[int, int, int, int, int]] = []
            for row, level, lent in zip(rows, levels, table, strict=True):
                must = row[0] & closed
                if must and level in (1, 2):
                    runs.append((level, must, row[1] & closed if level == 2 else 0,
                                 row[0] & lend | lent, row[1] & lend | (row[0] & lent)))
            if runs:
                key = (tuple(runs), budget)
                fits = self.fits_memo.get(key)
                if fits is None:
                    fits = self.fits_memo[key] = self._runs_fit(runs, budget)
                if not fits:
                    cost += 1
            best = min(best, cost)
        best = min(best, never) + jokers
        self.group_memo[memo_key] = best
        return best

    def _runs_fit(self, runs: list[tuple[int, int, int, int, int]], budget: int) -> bool:
        """Can the runs (level, rank positions they must hold, positions both of two runs must
        hold, positions with a card, with two) hold their cards with at most ``budget`` wilds?"""
        total = 0
        for level, must, doubled, have, have_two in runs:
            if level == 1:
                total += self._one_run(must, have)
            else:
                total += self._two_runs(must, doubled, have, have_two)
            if total > budget:
                return False
        return True

    def _orders(self, *masks: int) -> list[tuple[int, ...]]:
        """The rank-position masks as the windows read them: as they are, and with the ace
        after the king where runs may end at the ace."""
        win = self.win
        orders = [masks]
        if win.ace_first and win.ace_high and any(m & 1 for m in masks):
            top = win.size - 1
            orders.append(tuple(m >> 1 | (m & 1) << top for m in masks))
        return orders

    def _one_run(self, must: int, have: int) -> int:
        """Wilds one run needs to hold every rank position in ``must``: the holes of its window
        (positions not in ``have``), the window at least ``min_run`` long."""
        if not must:
            return 0
        key = (must, have, 0, 1)
        got = self.fix_memo.get(key)
        if got is not None:
            return got
        least, size = self.rules.min_run, self.win.size
        best = 0 if self.win.corner else 1 << 20  # round the corner: holes are not counted
        for ranks, free in self._orders(must, have):
            a, b = (ranks & -ranks).bit_length() - 1, ranks.bit_length() - 1
            if b - a + 1 > size:
                continue
            length = max(b - a + 1, least)
            for start in range(max(0, b - length + 1), min(a, size - length) + 1):
                window = ((1 << length) - 1) << start
                best = min(best, length - (free & window).bit_count())
        self.fix_memo[key] = best
        return best

    def _two_runs(self, must: int, doubled: int, have: int, have_two: int) -> int:
        """Wilds two runs of one suit need to hold every rank position in ``must`` between them
        and those in ``doubled`` in both (positions in ``have`` have a card, in ``have_two``
        two): the holes of their windows, counted twice where they overlap."""
        if not must:
            return 0
        key = (must, doubled, have, have_two)
        got = self.fix_memo.get(key)
        if got is not None:
            return got
        size = self.win.size
        best = 0 if self.win.corner else 1 << 20
        if not doubled:
            best = min(best, self._one_run(must, have))
        for ranks, twos, one, two in self._orders(must, doubled, have, have_two):
            lo, hi = (ranks & -ranks).bit_length() - 1, ranks.bit_length() - 1
            if twos:
                a, b = (twos & -twos).bit_length() - 1, twos.bit_length() - 1
            else:
                a, b = hi + 1, lo - 1  # no position both must hold
            for turn in (False, True):
                # The first window reaches the lowest (turn: the highest) position; the
                # second holds the doubled positions and whatever the first leaves out.
                ends = range(max(b, lo), hi + 1) if not turn else range(min(a, hi), lo - 1, -1)
                for end in ends:
                    if not turn:
                        first = ((1 << (end - lo + 1)) - 1) << lo
                        left = ranks & ~((1 << (end + 1)) - 1)
                    else:
                        first = ((1 << (hi - end + 1)) - 1) << end
                        left = ranks & ((1 << end) - 1)
                    span = left | twos
                    if span:
                        p, q = (span & -span).bit_length() - 1, span.bit_length() - 1
                        second = ((1 << (q - p + 1)) - 1) << p
                    else:
                        second = 0
                    if first.bit_length() - (first & -first).bit_length() + 1 > size or (
                            second and second.bit_length() - (second & -second).bit_length()
                            + 1 > size):
                        continue
                    wanted = first.bit_count() + second.bit_count() - \
                        (one & (first | second)).bit_count() - (two & first & second).bit_count()
                    best = min(best, wanted)
        self.fix_memo[key] = best
        return best

    def _wild_most(self, kind: Card) -> int:
        """The most a wild card can score anywhere (a joker priced as represented varies)."""
        ctx = self.ctx
        return max([card_points(ctx, kind)] + [card_points(ctx, kind, as_card=c, ace_low=low)
                                               for c in ALL_CARDS for low in (False, True)])

    def _search(self, s: int, wv: int, used: int, cap: int, g0: int, g1: int, g2: int,
                placed: int, points: int, shares: int) -> None:
        unit = self.unit
        if (g0 + placed, g1 + points, g2 + (-shares) // unit) <= self.best:
            return
        if s:
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
                del path[len(path) - sum(c for _, c in dead):]
                return
        self._expand(s, wv, used, cap, g0, g1, g2, placed, points, shares)

    def _dive(self, s: int, wv: int) -> None:
        """One greedy descent: for each card in turn the thriftiest group still possible
        (fewest cards and wilds), no going back."""
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
                if chosen is None or self._thrift(option, s) < self._thrift(chosen, s):
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
        by_count = self.by_count
        dead = []
        rest = s
        while rest:
            f = ((rest & -rest).bit_length() - 1) // fb
            rest &= ~(mask << (f * fb))
            for d_s, d_w, onto_bit in self.live[f]:
                if ((s | guard_s) - d_s) & guard_s == guard_s and not used & onto_bit and (
                        d_w <= wv if by_count else
                        not d_w or ((wv | guard_w) - d_w) & guard_w == guard_w):
                    break
            else:
                dead.append((f, s >> (f * fb) & mask))
        return dead

    def _expand(self, s: int, wv: int, used: int, cap: int, g0: int, g1: int, g2: int,
                placed: int, points: int, shares: int) -> None:
        unit = self.unit
        if (g0 + placed, g1 + points, g2 + (-shares) // unit) <= self.best:
            return
        key = (s, wv, used, cap)
        bound = self.tt.get(key)
        if bound is not None and (g0 + bound[0], g1 + bound[1], g2 + bound[2]) <= self.best:
            return
        if not s:
            self._leaf(wv, used, cap, g0, g1, g2)
            return
        by_count = self.by_count
        ceiling: _Score = (g0 + placed, g1 + points, g2 + (-shares) // unit)
        tight = not self.levels
        if not tight and ceiling[:2] == self.best[:2]:
            # The groups decide: the bound by ranks and suits is worth its cost.
            tight = True
            ceiling = (ceiling[0], ceiling[1],
                       min(ceiling[2], g2 - self._groups_needed(s, wv if by_count else self.W)))
            if ceiling <= self.best:
                return
        fb = self.field
        x = self.order[((s & -s).bit_length() - 1) // fb]
        guard_s, guard_w = self.guard_s, self.guard_w
        top0, top1 = g0 + placed, g1 + points
        path = self.path
        for (excess, share, d_s, d_w, onto_bit, p_cap, p_placed, p_points, u_placed, u_points,
             pattern) in self.options[x]:
            best = self.best
            if not tight and ceiling[:2] == best[:2]:
                tight = True
                ceiling = (ceiling[0], ceiling[1], min(ceiling[2], g2 - self._groups_needed(
                    s, wv if by_count else self.W)))
            if (top0, top1 + excess, g2 - 1 + (share - shares) // unit) <= best or \
                    ceiling <= best:
                break
            if ((s | guard_s) - d_s) & guard_s != guard_s or used & onto_bit:
                continue
            if by_count:
                if d_w > wv:
                    continue
                rest = wv - d_w
                new_cap = min(cap + p_cap, rest)
            else:
                if d_w and ((wv | guard_w) - d_w) & guard_w != guard_w:
                    continue
                rest = wv - d_w
                new_cap = 0
            path.append(pattern)
            self._search(s - d_s, rest, used | onto_bit, new_cap, g0 + p_placed, g1 + p_points,
                         g2 - 1, placed - u_placed, points - u_points, shares - share)
            path.pop()
        if (top0 - 1, top1 - self.best_pts[x], g2 + (self.share[x] - shares) // unit) > \
                self.best < ceiling:
            path.append(x)
            self._search(s - self.unit_s[x], wv, used, cap, g0, g1, g2, placed - 1,
                         points - self.best_pts[x], shares - self.share[x])
            path.pop()
        best = self.best
        self.tt[key] = (best[0] - g0, best[1] - g1, best[2] - g2)

    # --- the wild cards left when every natural card is settled ---------------------------

    def _leaf(self, wv: int, used: int, cap: int, g0: int, g1: int, g2: int) -> None:
        memo_key = (wv, used, cap)
        got = self.leaf_memo.get(memo_key)
        if got is None:
            got = self.leaf_memo[memo_key] = (self._leaf_by_count(wv, used, cap) if self.by_count
                                              else self._leaf_by_kind(self._unpack(wv), used))
        value, detail = got
        total = (g0 + value[0], g1 + value[1], g2 + value[2])
        if total > self.best:
            self.best = total
            self.best_path = list(self.path)
            self.best_leaf = detail

    def _unpack(self, wv: int) -> tuple[int, ...]:
        wb = self.wild_field
        return tuple(wv >> (i * wb) & ((1 << (wb - 1)) - 1) for i in range(len(self.kinds)))

    def _leaf_by_count(self, left: int, used: int, cap: int) -> tuple[_Score, object]:
        """``left`` wilds not yet in a group, ``cap`` of which the groups can take as they are:
        place them best, in those groups, in layoffs of wilds only, or in melds of wilds only."""
        total = self.W
        if cap >= left:
            return (total, sum(self.pool_points), 0), ((0,) * len(self.kinds), (), left, ())
        in_groups = total - left
        best: tuple[_Score, object] | None = None
        # Melds of wilds only add a group each: worth trying only while the best falls short.
        enough = (total, sum(self.pool_points), -1)
        for vector in product(*(range(n + 1) for n in self.kind_count)):
            size = sum(vector)
            if size > left or (size and best is not None and best[0] >= enough):
                continue
            melds = self._wild_melds(vector)
            if melds is None:
                continue
            (m_placed, m_points, m_groups), meld_list = melds
            room = left - size
            # Fewest layoffs of wilds only reaching each total (each table meld takes one).
            reach: dict[int, tuple[int, tuple[tuple[int, int], ...]]] = {0: (0, ())}
            for onto, row in self.wild_layoffs.items():
                if used >> onto & 1:
                    continue
                step = dict(reach)
                for got, (n_lay, lays) in reach.items():
                    for c in range(1, room - got + 1):
                        if row[c] is not None:
                            old = step.get(got + c)
                            if old is None or old[0] > n_lay + 1:
                                step[got + c] = (n_lay + 1, (*lays, (onto, c)))
                reach = step
            # The most wilds placed (absorbed by the groups up to their room, the rest laid off),
            # with the fewest layoffs.
            extra, got, (n_lay, lays) = max(
                ((extra, got, lay) for extra in range(room + 1)
                 for got, lay in reach.items() if extra - cap <= got <= extra),
                key=lambda o: (o[0], -o[2][0]))
            rest = Counter(self.pool)
            rest.subtract({kind: n for kind, n in zip(self.kinds, vector, strict=True)})
            rest_points = sorted((card_points(self.ctx, kind) for kind in rest.elements()),
                                 reverse=True)
            value = (in_groups + extra + m_placed,
                     sum(rest_points[:in_groups + extra]) + m_points, m_groups - n_lay)
            if best is None or value > best[0]:
                best = (value, (vector, meld_list, extra - got, lays))
        assert best is not None
        return best

    def _wild_melds(self, vector: tuple[int, ...]
                    ) -> tuple[_Score, tuple[tuple[Card, ...], ...]] | None:
        """The best way to meld exactly these wilds in melds of wilds only, or None."""
        memo = self.wild_meld_memo
        if vector in memo:
            return memo[vector]
        if not any(vector):
            memo[vector] = ((0, 0, 0), ())
            return memo[vector]
        first = next(i for i, n in enumerate(vector) if n)
        best: tuple[_Score, tuple[tuple[Card, ...], ...]] | None = None
        for part in product(*(range(n + 1) for n in vector)):
            if not part[first] or sum(part) < self.fewest:
                continue
            cards = tuple(kind for kind, n in zip(self.kinds, part, strict=True)
                          for _ in range(n))
            points = self._wild_meld_points(cards)
            if points is None:
                continue
            rest = self._wild_melds(tuple(a - b for a, b in zip(vector, part, strict=True)))
            if rest is None:
                continue
            (r0, r1, r2), melds = rest
            value = (r0 + len(cards), r1 + points, r2 - 1)
            if best is None or value > best[0]:
                best = (value, (cards, *melds))
        memo[vector] = best
        return best

    def _fits(self, ranks: int) -> int:
        low, other = self.win.lengths(ranks)
        return low | other

    def _wild_meld_points(self, cards: tuple[Card, ...]) -> int | None:
        """The points of a meld of wild cards only, counted as the referee counts them (a set
        or run anchored by a wild in its own place, or a ``wild_sets`` meld), or None."""
        rules = self.rules
        n = len(cards)
        own = [c for c in cards if not c.is_joker]
        legal = n >= self.fewest and (
            (rules.wild_sets and n >= rules.min_set)
            or (bool(own) and self.sets_ok and rules.min_set <= n <= self.most)
            or (bool(own) and self.runs_ok and n >= rules.min_run and any(
                self._fits(1 << self.win.index[c.rank]) >> n & 1 for c in own)))
        return sum(card_points(self.ctx, c) for c in cards) if legal else None

    def _leaf_by_kind(self, vector: tuple[int, ...], used: int) -> tuple[_Score, object]:
        """The best use of these wild cards (each kind on its own) in groups of wilds only."""
        memo = self.kind_memo
        key = (vector, used)
        if key in memo:
            return memo[key]
        if not any(vector):
            memo[key] = ((0, 0, 0), ())
            return memo[key]
        first = next(i for i, n in enumerate(vector) if n)
        less = tuple(n - (i == first) for i, n in enumerate(vector))
        best: tuple[_Score, object] = self._leaf_by_kind(less, used)
        targets: list[int | None] = [None, *(j for j in range(len(self.table))
                                             if not used >> j & 1)]
        for part in product(*(range(n + 1) for n in vector)):
            if not part[first]:
                continue
            cards = tuple(kind for kind, n in zip(self.kinds, part, strict=True)
                          for _ in range(n))
            rest_vector = tuple(a - b for a, b in zip(vector, part, strict=True))
            for onto in targets:
                if onto is None and len(cards) < self.fewest:
                    continue
                verdict = self._exact(cards, onto)
                if not verdict.legal:
                    continue
                now = used | (1 << onto if onto is not None else 0)
                (r0, r1, r2), groups = self._leaf_by_kind(rest_vector, now)
                assert isinstance(groups, tuple)
                value = (r0 + len(cards), r1 + verdict.points, r2 - 1)
                if value > best[0]:
                    best = (value, ((cards, onto), *groups))
        memo[key] = best
        return best

    # --- the answer ----------------------------------------------------------------------

    def _build(self, never: list[Card]) -> tuple[list[Group], list[Card]] | None:
        """The best split as groups, each checked by the referee; None if one disagrees."""
        groups: list[Group] = []
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
                plan.append(((*self._cards(held), *wild_cards), onto,
                             points + sum(card_points(self.ctx, c) for c in wild_cards)))
            for onto, c in lays:
                wild_cards, free = free[:c], free[c:]
                plan.append((tuple(wild_cards), onto,
                             sum(card_points(self.ctx, w) for w in wild_cards)))
            for cards in wild_melds:
                plan.append((cards, None, self._exact(cards, None).points))
            unplaced += free
        else:
            left = Counter(self.pool)
            for held, onto, wilds, _, _, points in naturals:
                assert isinstance(wilds, tuple)
                wild_cards = [kind for kind, n in zip(self.kinds, wilds, strict=True)
                              for _ in range(n)]
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
            groups.append(Group(tuple(sorted(cards)), onto, verdict))
        score = (sum(len(g.cards) for g in groups), sum(g.points for g in groups), -len(groups))
        if score != self.best:
            return None
        return groups, unplaced
