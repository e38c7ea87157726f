"""Split the cards one player laid on the table into legal melds and layoffs.

The scorer taps a player's table cards in as one pile, in any order; :func:`arrange` finds how they
split into new melds and cards laid off onto melds already on the table. A split scores
``(cards placed, points, -groups)``, compared in that order: the most cards placed, then the most
points, then the fewest groups; ``unplaced`` names the cards the best split leaves out. ``exact``
says that no split places more cards or scores more points (what the round counts); the fewest
groups for that score are looked for with a small budget of their own (``fewest`` says whether
that look finished; if not, melds that join into one are joined).

>>> from ..presets import rules_for
>>> ctx = Context(rules_for("rummy500"))
>>> pile = parse_cards(["3C", "5D", "3D", "6D", "9S", "3S", "7D"])
>>> result = arrange(pile, ctx, table=[parse_cards(["6S", "7S", "8S"])])
>>> [format_cards(group.cards) for group in result.melds], result.points
(['3C 3D 3S', '5D 6D 7D'], 36)
>>> [(layoff.onto, format_cards(layoff.cards)) for layoff in result.layoffs]
[(0, '9S')]
>>> arrange(parse_cards(["3C", "3D", "3S", "KS"]), ctx).unplaced
(Card.from_code('KS'),)

The order of a request (each step a function of this module unless a module is named):

1. :func:`arrange` shares out the work budget (:mod:`.budget`: steps, not seconds, so that
   answers are the same on any machine; :data:`DEFAULT_BUDGET` is about a second here). With
   table melds, the branch and bound alone takes it all. Without, the branch and bound goes
   first with three fifths of it, the dynamic programme over ranks next with a tenth (cutting
   every state short of the best split known), and the programme as a beam (only its best
   states kept at each step) gets the rest, for a good split not known to be the best. Under
   sets only the programme goes first (its states are then one rank's sets: a tenth of the
   search's work).
2. The branch and bound (:func:`_by_search`): :mod:`.model` tallies the pile and its model of
   the referee (the windows a run may fill: :mod:`.windows`), wilds by count where which wild
   goes where changes nothing, else one by one; one by one, the groups where every card scores
   its most are searched first (:func:`_narrowed` on piles of :data:`NARROW_FROM` cards or
   more, then :func:`_at_ceiling`), each split cut as soon as it cannot reach the pile's
   ceiling; then every group. A search (:mod:`.search`) makes the candidate groups
   (:mod:`.candidates`, scored by :mod:`.direct` from the rules or by the referee), packs them
   into its tables (:mod:`.tables`), bounds what the cards left can add (its own share of the
   groups; the groups by ranks and suits, :mod:`.bound`; the points jokers must lose,
   :mod:`.lost`), places the wild cards left at each leaf (:mod:`.wilds`), and checks every
   group of its answer with the referee (:func:`..melds.check_meld`; onto a table meld that
   holds wilds, :func:`..table_melds.laid_onto`: a reading the meld has on its own, kept): by
   count first, and one by one again should the referee disagree with the model.
3. The dynamic programme (:func:`_by_ranks`, :mod:`.dp`): new melds only, the ranks read low
   to high; every group it answers is checked by the referee.
4. An answer is exact if its search finished, or if it places every card at the most each can
   score anywhere (:func:`_proved`: the pile's ceiling, :meth:`.model._PileModel.ceiling`).
   Past the budget the best split found (else the plain runs and sets of the natural cards,
   :func:`_plain_melds`) is taken further: melds that join into one are joined
   (:func:`_merged`) and the cards left placed where the referee allows (:mod:`.greedy`), with
   ``exact`` False.

Which module does what:

* :mod:`.budget`: the work budget, in steps.
* :mod:`.windows`: the windows of ranks a run may fill under the rules.
* :mod:`.model`: the pile tallied, and the model of the referee: each group's points by wild count.
* :mod:`.direct`: what a group scores with its wilds, from the rules, without the referee.
* :mod:`.candidates`: the candidate groups, and those in which every card scores its most.
* :mod:`.tables`: the search's tables: the state packed into integers, the options per card.
* :mod:`.search`: the branch and bound, its two passes, and its answer checked by the referee.
* :mod:`.bound`: the bound on groups by ranks and suits; :mod:`.lost`: the bound on points lost.
* :mod:`.wilds`: where the wild cards left go, at a leaf of the search.
* :mod:`.dp`: the dynamic programme over ranks (its pile, runs, sets, last layer and layers).
* :mod:`.greedy`: an answer past the budget taken further.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from ..cards import JOKER_CARD, RANKS, SUITS, Card, format_cards, parse_cards
from ..melds import Context, Verdict, check_meld
from .budget import Budget, BudgetSpent
from .candidates import _Scored
from .dp import best_new_melds
from .greedy import extend
from .model import _PileModel
from .search import _Solver

__all__ = ["DEFAULT_BUDGET", "Arrangement", "Group", "arrange", "format_cards", "parse_cards"]

#: The work one arrangement may do, in steps (states made, nodes searched, referee calls):
#: about a second on the machine this was measured on (a 2-core server, where a step of the
#: search or of the dynamic programme takes 3.5-5 µs on the piles that reach the budget).
DEFAULT_BUDGET = 200_000

#: Piles of this many cards or more, wilds told apart one by one, try the groups of one wild
#: first (:func:`_narrowed`), with this much of the budget at most: below it the whole search
#: takes less work than that try (and its groups are the fewest, which the try's are not).
NARROW_FROM = 20
NARROW_BUDGET = 40_000
#: The most wilds a group may hold in each narrowed search, in turn, each with up to
#: :data:`NARROW_BUDGET` and only where its groups are far fewer than all
#: (:meth:`.candidates._Candidates.narrows`): where no split of groups of one wild reaches the
#: pile's ceiling, one of groups of two often does (on the corpus's 30-40-card piles of 4 packs
#: or of majority and jokers as represented, in 10,000-36,000 steps, where the search among
#: every group took 65,000-170,000, or did not finish).
NARROW_WILDS = (1, 2)

#: The most work the search among groups whose cards all score their most may do
#: (:func:`_at_ceiling`) before the search among every group.
CEILING_BUDGET = 30_000


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
    #: False when the search stopped at its work budget: the best split it found, not
    #: known to place the most cards and score the most (group the rest by hand).
    exact: bool = True
    #: The work it took, in budget steps (a caller sharing one budget among calls counts it).
    work: int = 0
    #: Whether no split of the same score has fewer groups; False where the look for fewer
    #: groups stopped at its own small budget (the score is still the best: see ``exact``).
    fewest: bool = True

    @property
    def complete(self) -> bool:
        return not self.unplaced

    @property
    def score(self) -> tuple[int, int, int]:
        """(cards placed, points, -groups): what the search maximises."""
        groups = (*self.melds, *self.layoffs)
        return (sum(len(g.cards) for g in groups), self.points, -len(groups))


def arrange(
    pile: Sequence[Card],
    ctx: Context,
    table: Sequence[Sequence[Card]] = (),
    *,
    budget: int | None = None,
    declared: Sequence[Mapping[int, Card]] = (),
) -> Arrangement:
    """The best split of ``pile`` into new melds and layoffs onto the ``table`` melds.

    A table meld's wilds keep a reading it has on its own (``declared``: per table meld, the
    readings declared, by position in it), as the referee holds them
    (:func:`..table_melds.judge`).

    The most cards placed first, then the most points, then the fewest groups; ``unplaced``
    names the cards the best split leaves out. ``budget`` caps the work (steps; default
    :data:`DEFAULT_BUDGET`); past it the answer is the best found, with ``exact`` False.
    """
    steps = DEFAULT_BUDGET if budget is None else budget
    cards = tuple(pile)
    melds = [tuple(meld) for meld in table]
    spent = 0
    # (The cyclic collector stays on: turned off for the search, its first pass after
    # stalled every other thread for up to a third of a second.)
    answers: list[Arrangement] = []
    if melds:
        work = Budget(steps, grace=1.0)
        searched = _by_search(cards, ctx, melds, work, declared)
        spent = work.used
        answers = [_proved(searched, cards, ctx, melds)] if searched is not None else []
    else:
        # The search first, with most of the budget: on the corpus's hardest mixes it
        # answered exactly more often, with less work, than the DP first (63 of 72 piles
        # against 57). The DP then gets its share, cutting every state short of the best
        # split the search found (it answers where the search is lost in candidates). Where
        # neither is exact, the DP once more as a beam (its best states only, layer by layer):
        # not exact either, but it places far more cards than what the others found by then
        # (the pathological piles: 37 of 40 where the search had 22, 28 of 30 where it had 12).
        plan = ((steps * 60 // 100, "search"), (steps // 10, "ranks"), (None, "beam"))
        if ctx.rules.meld_kinds == "sets_only":
            # No runs: the DP's states are only the sets of a rank, and it answers with a
            # tenth of the search's work or less (2500 Rummy's 40-card piles: 2,631 steps
            # where the search took 163,803).
            plan = ((steps * 60 // 100, "ranks"), (steps // 4, "search"), (None, "beam"))
        for share, how in plan:
            left = steps - spent if share is None else share
            if left <= 0:
                break
            if how == "search":
                work = Budget(left, grace=1.0)
                found = _by_search(cards, ctx, [], work)
            else:
                # What the DP must reach: the best split known (the search's, if it found
                # one, and the plain melds'), so that it cuts every state short of it.
                known = max([_plain_melds(cards, ctx), *answers], key=lambda a: a.score)
                answers.append(known)
                work = Budget(left, grace=1.2) if how == "ranks" else Budget.beam(left)
                found = _by_ranks(cards, ctx, work, known.score if how == "ranks" else None)
            spent += work.used
            if found is not None:
                found = _proved(found, cards, ctx, melds)
                answers.append(found)
                if found.exact:
                    return replace(found, work=spent)
    if not answers:  # nothing found within the budget: the plain melds, taken further
        answers = [_plain_melds(cards, ctx)]
    best = max(answers, key=lambda answer: (answer.score, answer.exact))
    if not best.exact:
        best = _proved(_extended(cards, ctx, melds, best, declared), cards, ctx, melds)
    return replace(best, work=spent)


def _proved(
    answer: Arrangement, cards: tuple[Card, ...], ctx: Context, melds: list[tuple[Card, ...]]
) -> Arrangement:
    """``answer``, exact if it places every card and scores all it could (the pile's
    ceiling): then no split is better, though the search that found it stopped at its budget."""
    if answer.exact or answer.score[:2] < _PileModel(ctx, melds, cards, False).ceiling():
        return answer
    return replace(answer, exact=True)


def _extended(
    cards: tuple[Card, ...],
    ctx: Context,
    melds: list[tuple[Card, ...]],
    found: Arrangement,
    declared: Sequence[Mapping[int, Card]] = (),
) -> Arrangement:
    """``found`` with its new melds joined where they make one (:func:`_merged`: the referee
    may read a joker as a richer card in the longer meld) and the cards it leaves out placed
    where the referee allows, if that places more or scores more (:mod:`.greedy`); never
    exact."""
    start = [(g.cards, g.onto, g.verdict) for g in (*found.melds, *found.layoffs)]
    more = _answer(cards, extend(cards, ctx, melds, _merged(start, ctx), declared), False)
    return more if more.score > found.score else replace(found, exact=False)


def _plain_melds(cards: tuple[Card, ...], ctx: Context) -> Arrangement:
    """A quick split of natural cards only, for when both searches ran out of budget: the
    longest runs of each suit, then sets of what is left, each checked by the referee."""
    rules = ctx.rules
    order = [rank for rank in RANKS if rank not in rules.omit_ranks]
    left = Counter(card for card in cards if not card.is_joker and not ctx.is_wild(card))
    checked: list[tuple[tuple[Card, ...], int | None, Verdict]] = []

    def take(group: list[Card]) -> None:
        cards_in_order = tuple(sorted(group))  # the readings follow the cards' order
        verdict = check_meld(cards_in_order, ctx)
        if verdict.legal:
            left.subtract(group)
            checked.append((cards_in_order, None, verdict))

    if rules.meld_kinds != "sets_only":
        for suit in SUITS:
            while True:
                run: list[Card] = []
                best: list[Card] = []
                for rank in order:
                    card = Card(rank, suit)
                    run = [*run, card] if left[card] > 0 else []
                    if len(run) > len(best):
                        best = run
                if len(best) < rules.min_run:
                    break
                before = len(checked)
                take(best)
                if len(checked) == before:
                    break
    if rules.meld_kinds != "runs_only":
        for rank in order:
            group = [c for c in sorted(left.elements()) if c.rank == rank]
            if not rules.set_duplicates_allowed:
                group = [Card(rank, suit) for suit in SUITS if left[Card(rank, suit)] > 0]
            if len(group) >= rules.min_set:
                take(group)
    return _answer(cards, checked, False)


def _answer(
    cards: tuple[Card, ...],
    checked: Sequence[tuple[tuple[Card, ...], int | None, Verdict]],
    exact: bool,
) -> Arrangement:
    groups = [Group(*group) for group in checked]
    left = Counter(cards)
    for group in groups:
        left.subtract(group.cards)
    return Arrangement(
        tuple(sorted((g for g in groups if g.onto is None), key=lambda g: g.cards)),
        tuple(
            sorted((g for g in groups if g.onto is not None), key=lambda g: (g.onto or 0, g.cards))
        ),
        tuple(sorted(left.elements())),
        sum(g.points for g in groups),
        exact,
        fewest=exact,
    )


def _by_ranks(
    cards: tuple[Card, ...],
    ctx: Context,
    work: Budget,
    floor: tuple[int, int, int] | None = None,
) -> Arrangement | None:
    """New melds only, by the dynamic programme over ranks, cutting what cannot reach
    ``floor``; None if the referee disagrees with it about a group (it then falls to the
    search)."""
    try:
        found = best_new_melds(cards, ctx, work, floor)
    except BudgetSpent:
        return None
    if found is None:
        return None
    score, groups, exact = found
    checked = []
    for group in groups:
        cards_in_order = tuple(sorted(group))  # the readings follow the cards' order
        verdict = check_meld(cards_in_order, ctx)
        if not verdict.legal:
            return None
        checked.append((cards_in_order, None, verdict))
    answer = _answer(cards, checked, exact)
    if answer.score < score and exact:
        return None  # the programme counted more than the referee allows: its model is off
    if answer.score > score:  # a reading the programme did not take: not known to be best
        return _answer(cards, checked, False)
    return answer


def _by_search(
    cards: tuple[Card, ...],
    ctx: Context,
    melds: list[tuple[Card, ...]],
    work: Budget,
    declared: Sequence[Mapping[int, Card]] = (),
) -> Arrangement | None:
    """New melds and layoffs, by the branch and bound over candidate groups: one by one, first
    where a split at the pile's ceiling is quickest found (:func:`_narrowed`, :func:`_at_ceiling`),
    then among every group."""
    for by_count in (True, False):
        solver = _Solver(ctx, melds, cards, by_count=by_count, declared=declared)
        if not solver.by_count and len(cards) >= NARROW_FROM and solver.narrows():
            solver.scored = {}  # (what the narrowed searches score, this one need not)
            narrowed = _narrowed(cards, ctx, melds, work, solver.ceiling(), solver.scored, declared)
            if narrowed is not None:
                return narrowed
        solver.budget = work
        try:
            if not solver.by_count:
                at_ceiling = _at_ceiling(solver, cards, ctx, work)
                if at_ceiling is not None:
                    return at_ceiling
            result = solver.solve()
        except BudgetSpent:
            return None
        if result is not None:
            checked, _ = result
            fewest = solver.fewest_proved and not solver.cut
            if not solver.fewest_proved:
                checked = _merged(checked, ctx)
            return replace(_answer(cards, checked, not solver.cut), fewest=fewest)
        if solver.cut or not solver.by_count:
            return None  # (one by one already: searching again would find the same)
    return None  # pragma: no cover (every group of the second search was checked)


def _at_ceiling(
    solver: _Solver, cards: tuple[Card, ...], ctx: Context, work: Budget
) -> Arrangement | None:
    """The best split searched among the groups in which every card scores its most
    (:meth:`.candidates._Candidates.lossless`), each split cut as soon as it cannot reach the pile's
    ceiling: exact if one does (then every split that good is made of such groups, so the
    fewest groups are looked for there too); None where none does within
    :data:`CEILING_BUDGET` steps, or where such groups are not far fewer than all.

    Where two jokers or more are priced as represented, ``solver`` is told to make first only
    the groups whose jokers could each stand for a card they score their most as (a joker in
    most places loses points: of a 30-card pile's 17,284 candidate groups, 3,100 lose none),
    and the rest only if they are needed (:meth:`.candidates._Candidates.completed`).
    """
    jokers = dict(zip(solver.kinds, solver.kind_count, strict=True)).get(JOKER_CARD, 0)
    solver.ceiling_only = ctx.jokers_priced and jokers >= 2  # (with one, few are left out)
    solver.budget = work  # (the groups made here are those the search among all needs)
    lossless = solver.lossless()
    # Searched if a split may reach the ceiling (each card is in a group that loses nothing)
    # and they are far fewer than all (as they are where jokers were left out).
    fewer = solver.ceiling_only or 2 * len(lossless or ()) <= len(solver.candidates())
    result = None
    if lossless is not None and fewer:
        most = solver.ceiling()
        solver.aspire = most
        solver.budget = own = Budget(max(0, min(CEILING_BUDGET, work.left)), grace=1.0)
        try:
            result = solver.solve(None if solver.ceiling_only else lossless)
        except BudgetSpent:
            pass
        finally:
            work.left -= own.used
            solver.aspire = None
            solver.budget = work
    if result is None:
        solver.completed()  # (the search among every group needs them)
        return None
    checked, _ = result
    fewest = solver.fewest_proved and not solver.cut
    if not fewest:
        checked = _merged(checked, ctx)
    answer = _answer(cards, checked, True)
    if answer.score[:2] < most:
        return None  # pragma: no cover (every split the search takes reaches it)
    return replace(answer, fewest=fewest)


def _narrowed(
    cards: tuple[Card, ...],
    ctx: Context,
    melds: list[tuple[Card, ...]],
    work: Budget,
    most: tuple[int, int],
    scored: _Scored,
    declared: Sequence[Mapping[int, Card]] = (),
) -> Arrangement | None:
    """Wilds told apart one by one, the search over the groups of one wild at most first, then
    of two at most: a split there that places every card and scores all it could (``most``:
    then no split is better), or None if neither found one within its share of the budget.

    One by one, making the candidate groups is most of the work (a group for every choice of
    wilds: 150,000 on a 30-card pile with eight wilds of five kinds), and with one wild a group
    there are a tenth as many. On the benchmark's slowest piles such a split reached ``most``
    on three in four. Where none of one wild a group does, one of two often does, still among
    far fewer groups than all (:data:`NARROW_WILDS`). Only groups that lose no points are
    searched (:func:`_at_ceiling`). The groups are the fewest among those searched, then
    joined where they can be. What each group scores is kept in ``scored``, for the searches
    after.
    """
    for most_wilds in NARROW_WILDS:
        narrow = _Solver(ctx, melds, cards, by_count=False, declared=declared)
        if not narrow.narrows(most_wilds):
            continue  # (nearly all the groups: the search among every group follows)
        narrow.most_wilds = most_wilds
        narrow.scored = scored  # (each group scored once, whichever search asks first)
        narrow.budget = own = Budget(max(0, min(NARROW_BUDGET, work.left)), grace=1.0)
        narrow.aspire = most
        try:
            lossless = narrow.lossless()
            result = None if lossless is None else narrow.solve(lossless)
        except BudgetSpent:
            result = None
        finally:
            work.left -= own.used
        if result is None:
            continue
        checked = _merged(result[0], ctx)
        answer = _answer(cards, checked, True)
        if answer.score[:2] < most:
            return None  # pragma: no cover (every split the search takes reaches it)
        return replace(answer, fewest=False)
    return None


def _merged(
    checked: Sequence[tuple[tuple[Card, ...], int | None, Verdict]], ctx: Context
) -> list[tuple[tuple[Card, ...], int | None, Verdict]]:
    """New melds joined two by two where the referee takes them as one meld scoring as much
    (two runs that meet, two sets of one rank): fewer groups for an answer whose look for the
    fewest stopped at its budget. Each pair is asked about once.

    >>> from ..presets import rules_for
    >>> ctx = Context(rules_for("rummy500"))
    >>> two = [tuple(parse_cards(["3S", "4S", "5S"])), tuple(parse_cards(["6S", "7S", "8S"]))]
    >>> [format_cards(c) for c, _, _ in _merged([(g, None, check_meld(g, ctx)) for g in two], ctx)]
    ['3S 4S 5S 6S 7S 8S']
    """
    groups = list(checked)
    apart: set[tuple[tuple[Card, ...], tuple[Card, ...]]] = set()  # pairs the referee refused
    joined = True
    while joined:
        joined = False
        for i, (first, onto_i, verdict_i) in enumerate(groups):
            if onto_i is not None:
                continue
            for j in range(i + 1, len(groups)):
                second, onto_j, verdict_j = groups[j]
                if onto_j is not None or (first, second) in apart:
                    continue
                union = tuple(sorted((*first, *second)))
                verdict = check_meld(union, ctx)
                if verdict.legal and verdict.points >= verdict_i.points + verdict_j.points:
                    groups[i] = (union, None, verdict)
                    del groups[j]
                    joined = True
                    break
                apart.add((first, second))
            if joined:
                break
    return groups
