"""The candidate groups of a pile, which the search chooses among: part of :mod:`.arrange`.

Each row of the model (:mod:`.model`) becomes candidate groups (:data:`_Pattern`). By
count, one group per stretch of wild counts that score the same: the fewest wilds it needs, and
how many more it can take (``cap``) without its points changing. One by one, one group per choice
of wild kinds, each checked by the referee (once for all the choices of wilds that cannot stand in
their own place there).

These are all the groups a split may hold: a group holding a natural card is a set (its naturals
share a rank), a run (they share a suit, one per rank), a set of non-wild jokers, or a layoff onto
one table meld, which with the meld is such a set or run (or holds a card laid beside a wild). So
the candidates come from the pile's structure: for each rank every choice of its cards, for each
suit every choice of its cards that a window of ranks can hold with the wilds there are, for each
table meld the cards that can extend it. A card in no candidate is unplaced at once.
"""

from __future__ import annotations

from ..cards import JOKER_CARD, SUITS, Card, card_of
from ..points import card_points
from .direct import DirectScore
from .model import _EXACT, _Fast, _PileModel

#: A candidate group: its natural cards (type, copies), the table meld it extends, its wilds (a
#: count, or a count of each wild kind), how many more wilds it can take as it is (``cap``), the
#: cards it places and its points (by count: without its wilds' own points).
_Pattern = tuple[tuple[tuple[int, int], ...], int | None, "int | tuple[int, ...]", int, int, int]

#: What a group of naturals (laid off onto a table meld, or not) scores with a choice of wilds,
#: by its signature (see :meth:`_Candidates._choices`): None where it is not legal.
_Scored = dict[
    tuple[tuple[tuple[int, int], ...], int | None, tuple[int, tuple[int, ...]]], int | None
]


class _Candidates(_PileModel):
    """A pile's model of the referee, and the candidate groups it gives."""

    #: One by one, the most wilds a candidate group may hold (None: as many as fit).
    most_wilds: int | None = None
    #: One by one, only the choices of wilds in which every joker priced as represented could
    #: stand for a card it scores its most as (:meth:`_joker_room`): the groups of a split at
    #: the pile's ceiling, and some more (whether a group loses points is told once scored).
    ceiling_only: bool = False
    #: One by one, what each group of naturals scores with each choice of wilds (by its
    #: signature, see :meth:`_choices`): scored once, though :meth:`completed` comes back to a
    #: group of naturals for the choices ``ceiling_only`` left out, nor by the searches of one
    #: pile that share it (see :func:`.arrange._narrowed`).
    scored: _Scored

    def narrows(self, most_wilds: int = 1) -> bool:
        """Whether groups of ``most_wilds`` wilds at most are far fewer than all: their choices
        of wilds are half of all the choices of wilds, or less (so for one wild with three wilds
        of three kinds; not with two jokers alone, nor a joker and one other wild; for two,
        not with three wilds of three kinds, seven choices of eight). Groups of more wilds are
        fewer than their choices tell (a meld needs more natural cards to hold them, and a
        limit refuses some): on the benchmark's one-eyed jacks piles with one joker, which a
        third left out, the search among groups of one wild took a fifth to a half of the work
        of the search among all.

        >>> from ..presets import rules_for
        >>> from ..cards import parse_cards
        >>> from ..points import Context
        >>> ctx = Context(rules_for("rummy500", {"jokers": 2, "wild_cards": ["JS", "JH"]}))
        >>> model = _Candidates(ctx, [], tuple(parse_cards(["JS", "JH", "JK"])), False)
        >>> model.narrows(1), model.narrows(2)
        (True, False)
        """
        # How many choices of wilds hold each number of wilds (a product of polynomials).
        sized = [1]
        for n in self.kind_count:
            grown = [0] * (len(sized) + n)
            for size, ways in enumerate(sized):
                for more in range(n + 1):
                    grown[size + more] += ways
            sized = grown
        return 2 * sum(sized[: most_wilds + 1]) <= sum(sized)

    def _patterns(self) -> list[_Pattern]:
        """Every candidate group of the pile. By count, a row's stretches of wild counts that
        score the same are one group each; one by one, each choice of wild kinds is a group."""
        patterns: list[_Pattern] = []
        by_count = self.by_count
        W = self.W
        top = W if by_count or self.most_wilds is None else min(W, self.most_wilds)
        # One by one: the choices of k wilds, made as a group first asks for them.
        vectors: dict[int, list[tuple[int, ...]]] = {}
        self._sized = vectors
        #: What ``ceiling_only`` left out: (naturals, cards, table meld, k, the jokers above
        #: which a choice of k wilds was left out); see :meth:`completed`.
        self.deferred: list[
            tuple[tuple[tuple[int, int], ...], list[Card], int | None, int, int]
        ] = []
        self._choice_memo: dict[
            tuple[int, tuple[bool, ...], tuple[bool, ...] | None, int],
            list[tuple[tuple[int, ...], tuple[int, tuple[int, ...]], int]],
        ] = {}
        self._roles_last: (
            tuple[
                list[Card], int | None, tuple[tuple[bool, ...], tuple[bool, ...] | None, int, int]
            ]
            | None
        ) = None
        self.priced = self.ctx.jokers_priced
        self.direct = DirectScore(self.ctx)
        # Given before (shared by the narrowed searches and the search among every group of one
        # pile: the same groups score the same), or new.
        self.scored = getattr(self, "scored", {})
        #: The kind of the jokers priced as represented whose choices ``ceiling_only`` limits.
        self._joker_kind = (
            self.kinds.index(JOKER_CARD)
            if self.ceiling_only and self.priced and JOKER_CARD in self.kinds
            else None
        )
        # Where the whole pile may be scored from the rules, so may each of its new melds.
        pile = [card for t, card in enumerate(self.types) for _ in range(self.count[t])]
        self.direct_pile = self.joker is None and self.direct.applies(pile, self.pool)
        fast: list[tuple[int | None, list[_Fast]]] = []
        for naturals, onto, row in self._rows(fast):
            self._spend(1)
            if by_count:
                # (The cards themselves only for the referee: most rows never ask it.)
                n_nat = sum(c for _, c in naturals)
                resolved: list[int | None] = []
                for k, points in enumerate(row):
                    if points == _EXACT:
                        cards = self._cards(naturals)
                        verdict = self._exact((*cards, *self.pool[W - k :]), onto)
                        points = (
                            verdict.points - sum(self.pool_points[W - k :])
                            if verdict.legal
                            else None
                        )
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
                cards = self._cards(naturals)
                for k, points in enumerate(row[: top + 1]):
                    if points is not None:
                        self._by_kind(naturals, cards, onto, k, vectors, patterns)
        for onto, runs in fast:
            for naturals, fits, points in runs:
                self._spend(1)
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
                    for k in range(top + 1):
                        if fits >> k & 1:
                            self._by_kind(naturals, cards, onto, k, vectors, patterns)
        return patterns

    def _by_kind(
        self,
        naturals: tuple[tuple[int, int], ...],
        cards: list[Card],
        onto: int | None,
        k: int,
        vectors: dict[int, list[tuple[int, ...]]],
        patterns: list[_Pattern],
        over: int | None = None,
    ) -> None:
        """The groups of these naturals with ``k`` wilds, each choice of wild kinds checked
        (``over``: only those holding more jokers than that, left out before).

        A wild that can never stand in its own place in this group (neither of its rank nor of
        its suit) is *plain*: which plain wilds a group holds changes neither its legality nor
        the other cards' points, only the plain wilds' own fixed points. So the referee is
        asked once for each count of plain wilds with each choice of the other wilds.
        """
        seen = self.scored
        joker = self._joker_kind
        room = self.W
        if joker is not None and over is not None:
            room = over
        elif joker is not None:
            room = self._joker_room(cards, onto)
            if room < min(k, self.kind_count[joker]):
                self.deferred.append((naturals, cards, onto, k, room))
            if k - (self.W - self.kind_count[joker]) > room:
                return  # every choice of k wilds holds more jokers than that
        for vector, signature, plain_points in self._choices(cards, onto, k, vectors):
            if joker is not None and (vector[joker] > room) != (over is not None):
                continue  # a joker here would score less than its most (or, ``over``: kept)
            self._spend(1)  # each choice of wild kinds costs about a search step
            key = (naturals, onto, signature)
            if key not in seen:
                wild_cards = [
                    kind for kind, n in zip(self.kinds, vector, strict=True) for _ in range(n)
                ]
                direct = self.direct
                # Scored from the rules where they are simple enough, without the referee
                # (:mod:`.direct`; the answer's groups are still checked by it).
                told, points = False, None
                if onto is None and (self.direct_pile or direct.applies(cards, wild_cards)):
                    told, points = True, direct.points(cards, wild_cards)
                elif onto is not None:
                    told, points = direct.layoff(self.table[onto], cards, wild_cards)
                if told:
                    self._spend((len(cards) + k + 1) // 2)
                    seen[key] = None if points is None else points - plain_points
                else:
                    verdict = self._exact((*cards, *wild_cards), onto)
                    seen[key] = verdict.points - plain_points if verdict.legal else None
            points = seen[key]
            if points is not None:
                patterns.append((naturals, onto, vector, 0, len(cards) + k, points + plain_points))

    def completed(self) -> list[_Pattern]:
        """Every candidate group, where ``ceiling_only`` made some: those it made, then those
        it left out (each group of naturals is not made again, nor scored twice)."""
        patterns = self.candidates()
        if self._joker_kind is not None:
            patterns = list(patterns)
            for naturals, cards, onto, k, room in self.deferred:
                self._by_kind(naturals, cards, onto, k, self._sized, patterns, over=room)
        self.deferred = []
        self.ceiling_only = False
        self._joker_kind = None
        self._made = patterns
        return patterns

    def candidates(self) -> list[_Pattern]:
        """The candidate groups, made once (the budget is charged for them then)."""
        made: list[_Pattern] | None = getattr(self, "_made", None)
        if made is None:
            made = self._made = self._patterns()
        return made

    def _joker_room(self, cards: list[Card], onto: int | None) -> int:
        """The most jokers priced as represented that a group of these naturals could hold,
        each standing for a card it scores its most as: in a set, as many as fit if its rank
        is one; in a run, one for each such place of its suit the naturals leave free (the
        ace low and the ace high counting once, unless runs go round the corner). A layoff:
        not bounded here.

        >>> from ..presets import rules_for
        >>> from ..cards import parse_cards
        >>> from ..points import Context
        >>> rules = rules_for("rummy500", {"jokers": 2, "joker_points": "as_represented"})
        >>> model = _Candidates(Context(rules), [], tuple(parse_cards(["QS", "JK"])), False)
        >>> model.ceiling_only = True; _ = model._patterns()
        >>> model._joker_room(parse_cards(["QS", "KS"]), None)  # Q-K-A: the ace
        1
        >>> model._joker_room(parse_cards(["QS", "QH"]), None)  # a queen scores less
        0
        """
        if onto is not None:
            return self.W
        rich = self._rich_places()
        ranks = {card.rank for card in cards}
        suits = {card.suit for card in cards}
        if len(ranks) == 1 and self.sets_ok and next(iter(ranks)) in rich[0]:
            return self.W
        room = 0
        if len(suits) == 1 and self.runs_ok:
            places, ends = rich[1][next(iter(suits))]
            room = len(places - ranks)
            if self.win.corner:
                room += ends  # round the corner a run may hold the ace at both ends
            elif "A" not in ranks:
                room += min(1, ends)  # otherwise at one end, where no natural ace is
        return room

    def _rich_places(self) -> tuple[set[str], dict[str, tuple[set[str], int]]]:
        """Where a joker priced as represented scores its most: the ranks of sets (of some
        suit, the ace either way), and per suit the ranks of runs but the ace, and how many
        ends of a run (the ace high, low) it does at. Worked out once."""
        found: tuple[set[str], dict[str, tuple[set[str], int]]] | None = getattr(
            self, "_rich", None
        )
        if found is not None:
            return found
        ctx, win = self.ctx, self.win
        top = self._wild_most(JOKER_CARD)

        def richest(rank: str, suit: str, low: bool = False) -> bool:
            as_card = card_of(rank, suit)
            return card_points(ctx, JOKER_CARD, as_card=as_card, ace_low=low) == top

        sets = {
            rank
            for rank in win.index
            if any(richest(rank, suit, low) for suit in SUITS for low in (False, True))
        }
        runs: dict[str, tuple[set[str], int]] = {}
        for suit in SUITS:
            places = {rank for rank in win.index if rank != "A" and richest(rank, suit)}
            ends = 0
            if win.ace_first:
                ends = (win.ace_high and richest("A", suit)) + (
                    not win.low_blocked and richest("A", suit, True)
                )
            runs[suit] = (places, ends)
        found = self._rich = (sets, runs)
        return found

    def _roles(
        self, cards: list[Card], onto: int | None
    ) -> tuple[tuple[bool, ...], tuple[bool, ...] | None, int, int]:
        """What each wild kind is in a group of these naturals: plain (never in its own place
        there; a joker priced as represented never is), and counted as wild for the limit
        (None: no limit); the meld's cards but the wilds to come, and the table meld's wilds
        counted. The same for every count of wilds: kept for the last naturals asked about."""
        last = self._roles_last
        if last is not None and last[0] is cards and last[1] == onto:
            return last[2]
        rules = self.rules
        is_wild = self.ctx.is_wild
        base = self.table[onto] if onto is not None else ()
        # The pile's naturals are never wild; a table meld may hold wilds.
        nat = [*cards, *(c for c in base if not is_wild(c))] if base else cards
        base_wilds = [c for c in base if is_wild(c)]
        # Jokers that are not wild (a set of jokers) stand in no rank or suit.
        natural = [c for c in nat if not c.is_joker]
        ranks = {c.rank for c in natural}
        suits = {c.suit for c in natural}
        if not natural or (self.priced and rules.card_overrides):
            plain = (False,) * len(self.kinds)
        else:
            set_rank = next(iter(ranks)) if len(ranks) == 1 else None
            run_suit = next(iter(suits)) if len(suits) == 1 else None
            plain = tuple(
                (not self.priced)
                if kind.is_joker
                else (kind.rank != set_rank and kind.suit != run_suit)
                for kind in self.kinds
            )
        counted: tuple[bool, ...] | None = None
        base_counted = 0
        if rules.wild_limit != "none":
            as_natural = rules.wild_as_itself == "natural"

            def counts_as_wild(w: Card) -> bool:
                own_place = not w.is_joker and (w.rank in ranks or w.suit in suits or not nat)
                return not (own_place and as_natural)

            counted = tuple(counts_as_wild(kind) for kind in self.kinds)
            base_counted = sum(counts_as_wild(w) for w in base_wilds)
        roles = (plain, counted, len(nat) + len(base_wilds), base_counted)
        self._roles_last = (cards, onto, roles)
        return roles

    def _choices(
        self,
        cards: list[Card],
        onto: int | None,
        k: int,
        vectors: dict[int, list[tuple[int, ...]]],
    ) -> list[tuple[tuple[int, ...], tuple[int, tuple[int, ...]], int]]:
        """The choices of ``k`` wilds (a count of each kind) for a group of these naturals
        that could keep to ``wild_limit``, each with its signature (the count of plain wilds,
        and the other wilds by kind) and its plain wilds' points.

        The limit is a quick filter before asking the referee, made without looking at the
        choices that break it (under ``one``, most of them): every wild that could stand in
        its own place counted as natural. Kept for each shape of group, as only which kinds
        are plain or count as wild there tells them apart.
        """
        plain, counted, fixed_cards, base_counted = self._roles(cards, onto)
        most = 0
        if counted is not None:
            n = fixed_cards + k  # the meld's cards
            most = {"one": 1, "one_per_three": n // 3}.get(self.rules.wild_limit, (n - 1) // 2)
            most -= base_counted
        key = (k, plain, counted, most)
        memo = self._choice_memo
        found = memo.get(key)
        if found is None:
            fixed = self.fixed
            found = memo[key] = []
            sized = vectors.get(k)
            if sized is None:
                sized = vectors[k] = self._vectors(k)
            # Telling them apart costs about a search step a choice (with many kinds of wild
            # there are hundreds of thousands, which the budget must bound).
            self._spend(len(sized))
            for vector in sized:
                if counted is not None and (
                    sum(c for c, wild in zip(vector, counted, strict=True) if wild) > most
                ):
                    continue
                plain_n = plain_points = 0
                others = []
                for i, n_kind in enumerate(vector):
                    if plain[i]:
                        plain_n += n_kind
                        plain_points += fixed[i] * n_kind
                        others.append(0)
                    else:
                        others.append(n_kind)
                found.append((vector, (plain_n, tuple(others)), plain_points))
        return found

    def _vectors(self, size: int) -> list[tuple[int, ...]]:
        """Every choice of ``size`` of the pile's wild cards, as a count of each kind (in the
        order of ``itertools.product``), made without the choices of other sizes: a step of
        the budget for every two made, so that a pile of many kinds of wild stops at it.

        >>> from ..presets import rules_for
        >>> from ..cards import parse_cards
        >>> from ..melds import Context
        >>> ctx = Context(rules_for("rummy500", {"jokers": 2}), "2")
        >>> model = _Candidates(ctx, [], tuple(parse_cards(["2S", "2H", "JK", "JK"])), False)
        >>> [(kind.code(), n) for kind, n in zip(model.kinds, model.kind_count)]
        [('JK', 2), ('2H', 1), ('2S', 1)]
        >>> model._vectors(2)
        [(0, 1, 1), (1, 0, 1), (1, 1, 0), (2, 0, 0)]
        """
        counts = self.kind_count
        room = [0] * (len(counts) + 1)  # how many wilds the kinds from i on hold
        for i in range(len(counts) - 1, -1, -1):
            room[i] = room[i + 1] + counts[i]
        made: list[tuple[int, ...]] = []

        def fill(i: int, left: int, chosen: tuple[int, ...]) -> None:
            if i == len(counts):
                made.append(chosen)
                if len(made) % 64 == 0:
                    self._spend(32)
                return
            for n in range(max(0, left - room[i + 1]), min(counts[i], left) + 1):
                fill(i + 1, left - n, (*chosen, n))

        if size <= room[0]:
            fill(0, size, ())
        return made

    def lossless(self) -> list[_Pattern] | None:
        """The candidate groups in which every card scores the most it can anywhere; None where
        a card is in none of them (then no split reaches the ceiling).

        A split at the pile's ceiling (:meth:`ceiling`: every card placed, each at its most)
        is made of such groups only, whatever its groups count: so a search over them that
        reaches the ceiling is exact, fewest groups and all. Where jokers are priced as what
        they stand for, most groups lose points (a joker anywhere but its richest places).
        """
        patterns = self.candidates()
        most = [self._wild_most(kind) for kind in self.kinds]
        best_pts = self.best_pts
        kept: list[_Pattern] = []
        covered = [False] * len(self.types)
        # Jokers the only wilds, no table melds, no sets of wilds: a joker is placed only in a
        # group with natural cards (wild cards of a rank may meld alone, in their own place).
        wilds_need_groups = (
            not self.table
            and not self.rules.wild_sets
            and all(kind.is_joker for kind in self.kinds)
        )
        kinds_covered = [False] * len(self.kinds)
        for pattern in patterns:
            naturals, _, wilds, _, _, points = pattern
            top = sum(best_pts[t] * c for t, c in naturals)
            if isinstance(wilds, int):  # by count: the points of the naturals only
                wilds = ()
            top += sum(m * n for m, n in zip(most, wilds, strict=False))
            if points == top:
                kept.append(pattern)
                for t, _ in naturals:
                    covered[t] = True
                if wilds_need_groups:
                    for i, n in enumerate(wilds):
                        kinds_covered[i] = kinds_covered[i] or n > 0
        if not all(covered) or (wilds_need_groups and not all(kinds_covered)):
            return None
        return kept
