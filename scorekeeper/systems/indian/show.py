"""The show (declaration) and a loser's count (RULES.md, "Indian Rummy"). Pure Python.

A **show** of 13 cards is valid when all 13 are in melds, with at least two sequences, at least
one of them pure. A **loser** pays the points of the cards in no meld when the hand holds a pure
sequence and a second sequence, else of every card (their sets and impure sequences count for
nothing), at most ``max_points``; wilds count 0. A loser's arrangement is the one that pays
least, so a pure sequence is taken wherever it lowers the count.

>>> check_show(cards("2H 3H 4H 5C 6C JK 9S 9D 9C KD KS KH KC"), "7")
Show(valid=True, melds=(Meld('2H 3H 4H'), Meld('5C 6C JK=7C'), Meld('9S 9D 9C'), Meld('KS KH KD KC')), unmatched=(), reasons=())
>>> check_show(cards("5H 6H JK 8C 9C 7S 9S 9D 9C KD KS KH KC"), "7").reasons
('no pure sequence: 5H 6H JK and 8C 9C 7S are impure',)
>>> count = loser_count(cards("2H 3H 4H 5C 6C JK 9S 9D 2C 7S 8D KH AS"), "7")
>>> count.points, [str(meld) for meld in count.melds], format_cards(count.unmatched)
(30, ['2H 3H 4H', '5C 6C 7S', '9S 9D JK'], '2C 8D KH AS')

How the search works, and why it is exact. The hand's natural cards are told apart by kind
(rank and suit: two packs may hold two of each), counted in three bits a kind (a guard bit
above, so one subtraction takes a meld's cards off and shows whether they were all there). A
wild card standing in for another may be any of them: only how many stand in counts. So a meld
is its cards standing as themselves and how many wilds stand in it, the fewest it needs:

* a wild left over costs a loser nothing, and a show can always take it: an arrangement with a
  pure sequence and a second one holds an impure sequence, or two pure ones, and a sequence
  takes any number of wilds more (13 cards never make one too long), staying one (the pure one
  taken, the other stays pure). So no meld needs more wilds than it must have;
* a card of the wild rank stands as itself only where that matters: in a pure sequence, or
  alone with two wilds as a sequence of its own (wilds alone are not a meld; with it in its
  own place they are, and they may be the second sequence). Anywhere else it may as well stand
  in at the same place: the meld is impure either way, and a set of the wild rank is only wilds.

The candidates are, for each suit, every choice of its cards whose gaps the wilds could fill
(a sequence), and for each rank every choice of its suits (a set). The search takes the lowest
kind still open (the kinds of the wild rank first) and either leaves a copy (a card of the wild
rank: it stands in somewhere, or is left, at no cost) or puts it in each candidate it anchors;
how many wilds are still free is carried as a number. For each set of open cards and number of
free wilds it remembers the least cost for each of five classes of what the sequences laid so
far give (none, one impure, one pure, two without a pure, a pure and a second): a cost is a
card's points (a count) or one a card (a show: a valid show leaves none).
"""  # noqa: E501 (doctest output lines)

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from ...engine.cards import JOKER_CARD, SUITS, Card, format_cards
from .melds import (
    ACE_HIGH,
    LONGEST,
    Meld,
    WildRank,
    cards,
    hand_points,
    judge,
    points,
    sequence_of,
    set_of,
)
from .rules import IndianError

__all__ = ["Count", "Show", "cards", "check_show", "count_as_laid", "loser_count", "show_as_laid"]

INF = 1 << 40
#: What the sequences of an arrangement give: none, one impure, one pure, two or more without a
#: pure one, and a pure one with a second (what a show needs, and what lets a loser count only
#: the cards in no meld).
NONE, ONE, ONE_PURE, TWO, PURE_AND_SECOND = range(5)
#: A meld's effect on the class of what comes after it: a set (or no meld), an impure
#: sequence, a pure one.
_ADD = ((0, 1, 2, 3, 4), (1, 3, 4, 3, 4), (2, 4, 4, 4, 4))
_SET, _IMPURE, _PURE = range(3)

# A candidate: the kinds it takes (one bit a kind), the wilds standing in it, its effect, and
# its shape for laying it out: ("sequence", ((place, kind), ...)) or ("set", (kind, ...)).
_Shape = tuple[str, tuple[tuple[int, int], ...]]
_Option = tuple[int, int, int, _Shape]


class _Search:
    """The search over one hand (see the module notes); ``show`` prices a card left out at one,
    else at its points."""

    def __init__(self, hand: Sequence[Card], wild_rank: WildRank, *, show: bool) -> None:
        self.hand = hand
        counts = Counter(card for card in hand if not card.is_joker)
        self.kinds = sorted(
            counts, key=lambda c: (c.rank != wild_rank, SUITS.index(c.suit), c.number)
        )
        self.wild_kinds = sum(1 for card in self.kinds if card.rank == wild_rank)
        self.jokers = len(hand) - sum(counts.values())
        self.start = sum(counts[card] << 3 * i for i, card in enumerate(self.kinds))
        self.guard = sum(4 << 3 * i for i in range(len(self.kinds)))
        self.cost = [1 if show else points(card, wild_rank) for card in self.kinds]
        supply = self.jokers + sum(counts[card] for card in self.kinds[: self.wild_kinds])
        self.options = _candidates(self.kinds, self.wild_kinds, supply)
        self.memo: dict[int, tuple[int, ...]] = {}

    def best(self) -> tuple[int, ...]:
        """The least cost of the whole hand for each class."""
        return self.solve(self.start, self.jokers)

    def solve(self, state: int, free: int) -> tuple[int, ...]:
        if not state:
            return (0, INF, INF, INF, INF) if free >= 0 else (INF,) * 5
        key = state << 6 | (free + 32)
        known = self.memo.get(key)
        if known is not None:
            return known
        kind = ((state & -state).bit_length() - 1) // 3
        unit = 1 << 3 * kind
        natural = kind >= self.wild_kinds
        if natural and free < 0:  # no card of the wild rank is left to stand in
            impossible: tuple[int, ...] = (INF,) * 5
            self.memo[key] = impossible
            return impossible
        if natural:
            cost = self.cost[kind]
            found = [value + cost for value in self.solve(state - unit, free)]
        else:
            found = list(self.solve(state - unit, free + 1))  # it stands in (or is left: 0)
        guard = self.guard
        for taken, wilds, effect, _ in self.options[kind]:
            if ((state | guard) - taken) & guard != guard or (natural and wilds > free):
                continue
            rest = self.solve(state - taken, free - wilds)
            into = _ADD[effect]
            for cls in range(5):
                if rest[cls] < found[into[cls]]:
                    found[into[cls]] = rest[cls]
        best = tuple(found)
        self.memo[key] = best
        return best

    def walk(self, cls: int, target: int) -> tuple[list[Meld], list[Card]]:
        """An arrangement of class ``cls`` at cost ``target``: its melds (pure sequences first,
        then the other sequences, then sets) and the cards in none."""
        state, free = self.start, self.jokers
        laid: list[tuple[int, _Shape]] = []
        left: list[Card] = []
        standing_in = [JOKER_CARD] * self.jokers
        while state:
            kind = ((state & -state).bit_length() - 1) // 3
            natural = kind >= self.wild_kinds
            for taken, wilds, effect, shape in self.options[kind]:
                if ((state | self.guard) - taken) & self.guard != self.guard:
                    continue
                if natural and wilds > free:
                    continue
                rest = self.solve(state - taken, free - wilds)
                after = next(
                    (c for c in range(5) if _ADD[effect][c] == cls and rest[c] == target), None
                )
                if after is not None:
                    state, free, cls = state - taken, free - wilds, after
                    laid.append((wilds, shape))
                    break
            else:
                state -= 1 << 3 * kind
                if natural:
                    left.append(self.kinds[kind])
                    target -= self.cost[kind]
                else:
                    standing_in.append(self.kinds[kind])
                    free += 1
        melds = self._laid_out(laid, standing_in)
        return melds, _in_order(self.hand, left + standing_in)

    def _laid_out(self, laid: list[tuple[int, _Shape]], standing_in: list[Card]) -> list[Meld]:
        """The melds, each given its wilds, and the wilds left over taken where a meld can hold
        them without spoiling the arrangement: into an impure sequence, or the second of two
        pure ones (every wild, see the module notes), else into sets of three, one each. A
        wild that fits nowhere is taken off ``standing_in`` only where placed."""
        wants = [wilds for wilds, _ in laid]
        spare = len(standing_in) - sum(wants)
        sequences = [i for i, (_, (form, _)) in enumerate(laid) if form == "run"]
        impure = [i for i in sequences if wants[i]]
        taker = impure[0] if impure else (sequences[-1] if len(sequences) > 1 else None)
        if taker is not None:
            wants[taker] += spare
        else:
            for i, (wilds, (form, parts)) in enumerate(laid):
                if spare and form == "set" and wilds + len(parts) == 3:
                    wants[i] += 1
                    spare -= 1
        melds = []
        for wilds, (form, parts) in zip(wants, (shape for _, shape in laid), strict=True):
            given, standing_in[:] = standing_in[:wilds], standing_in[wilds:]
            if form == "set":
                melds.append(set_of([self.kinds[kind] for _, kind in parts], given))
            else:
                melds.append(sequence_of([(p, self.kinds[k]) for p, k in parts], given))
        melds.sort(key=lambda meld: (meld.kind != "sequence", not meld.pure))
        return melds


def _in_order(hand: Sequence[Card], some: Sequence[Card]) -> list[Card]:
    """``some`` of the hand's cards in the hand's order."""
    wanted = Counter(some)
    ordered = []
    for card in hand:
        if wanted[card]:
            wanted[card] -= 1
            ordered.append(card)
    return ordered


def _candidates(kinds: Sequence[Card], wild_kinds: int, supply: int) -> list[list[_Option]]:
    """Each kind's candidate melds (see the module notes), by the lowest kind they take; the
    first ``wild_kinds`` kinds are of the wild rank, ``supply`` is every wild in the hand."""
    anchored: list[list[_Option]] = [[] for _ in kinds]
    seen: set[tuple[int, int, int]] = set()  # an ace alone reads A-2-3 or Q-K-A: one is enough

    def add(parts: tuple[tuple[int, int], ...], wilds: int, effect: int) -> None:
        taken = sum(1 << 3 * kind for _, kind in parts)
        if (taken, wilds, effect) in seen:
            return
        seen.add((taken, wilds, effect))
        anchor = min(kind for _, kind in parts)
        anchored[anchor].append((taken, wilds, effect, ("set" if effect == _SET else "run", parts)))

    def extend(places: list[tuple[int, int]], chosen: list[tuple[int, int]], gaps: int) -> None:
        count = len(chosen)
        wilds = max(gaps, 3 - count)
        with_wild_rank = any(kind < wild_kinds for _, kind in chosen)
        if wilds == 0 or (wilds <= supply and (not with_wild_rank or count == 1)):
            add(tuple(chosen), wilds, _IMPURE if wilds else _PURE)
        last = chosen[-1][0]
        for place, kind in places:
            if place <= last or any(kind == k for _, k in chosen):
                continue
            more = gaps + place - last - 1
            if more > supply or count + 1 + more > LONGEST:
                break
            extend(places, [*chosen, (place, kind)], more)

    for suit in SUITS:
        places = sorted(
            (place, i)
            for i, card in enumerate(kinds)
            if card.suit == suit
            for place in ((card.number, ACE_HIGH) if card.number == 1 else (card.number,))
        )
        for first in places:
            extend(places, [first], 0)
    for number in range(1, 14):
        same = [
            (0, i) for i, card in enumerate(kinds[wild_kinds:], wild_kinds) if card.number == number
        ]
        for size in range(1, min(4, len(same)) + 1):
            if 3 - size <= supply:
                for chosen in combinations(same, size):
                    add(chosen, max(0, 3 - size), _SET)
    return anchored


@dataclass(frozen=True)
class Show:
    """A declaration judged: valid or not, the arrangement found (the valid one, or the one the
    reasons speak of), the cards it leaves in no meld, and why it is not valid."""

    valid: bool
    melds: tuple[Meld, ...]
    unmatched: tuple[Card, ...]
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class Count:
    """What a loser pays: ``points`` (at most the cap) and before the cap; whether every card
    counts (no pure sequence and second sequence; then ``reason`` says which is missing and
    ``melds`` is empty); the melds that keep cards from counting and the cards that count."""

    points: int
    uncapped: int
    counted_all: bool
    melds: tuple[Meld, ...]
    unmatched: tuple[Card, ...]
    reason: str | None = None


def check_show(hand: Sequence[Card], wild_rank: WildRank) -> Show:
    """Whether ``hand`` (13 cards) is a valid show when ``wild_rank`` is wild, with the reason
    when it is not: what the sequences lack where every card can be melded, else the cards
    that cannot be.

    >>> check_show(cards("2H 3H 4H 5C 6C 7C 9S 10S JS QS KD 3S 5D"), None).reasons
    ('not every card is in a meld: KD 3S 5D are left',)
    >>> check_show(cards("2H 3H 4H 5C 5S 5D 9S 9H 9C QD QS QH QC"), None).reasons
    ('only one sequence (2H 3H 4H): a show needs a second',)
    """
    search = _Search(hand, wild_rank, show=True)
    least = search.best()
    if least[PURE_AND_SECOND] == 0:
        melds, _ = search.walk(PURE_AND_SECOND, 0)
        return Show(True, tuple(melds), (), ())
    complete = next((c for c in (TWO, ONE_PURE, ONE, NONE) if least[c] == 0), None)
    if complete is not None:
        melds, left = search.walk(complete, 0)  # wilds may be left where no meld takes them
        return Show(False, tuple(melds), tuple(left), (_lacking(complete, melds),))
    reasons = []
    if least[PURE_AND_SECOND] < INF:
        cls = PURE_AND_SECOND
    else:
        cls = min(range(5), key=lambda c: (least[c], -c))
        if least[ONE_PURE] < INF:
            pure = search.walk(ONE_PURE, least[ONE_PURE])[0][0]
            reasons.append(f"no second sequence beside the pure {pure}")
        else:
            reasons.append("no pure sequence")
    melds, left = search.walk(cls, least[cls])
    are = "is" if len(left) == 1 else "are"
    reasons.append(f"not every card is in a meld: {format_cards(left)} {are} left")
    return Show(False, tuple(melds), tuple(left), tuple(reasons))


def _lacking(cls: int, melds: Sequence[Meld]) -> str:
    """What a complete arrangement's sequences lack for a show."""
    impure = [str(meld) for meld in melds if meld.kind == "sequence" and not meld.pure]
    named = " and ".join([", ".join(impure[:-1]), *impure[-1:]] if len(impure) > 1 else impure)
    named += " is" if len(impure) == 1 else " are"
    if cls == TWO:
        return f"no pure sequence: {named} impure"
    if cls == ONE:
        return f"no pure sequence, and only one sequence: {named} impure"
    if cls == ONE_PURE:
        pure = next(meld for meld in melds if meld.kind == "sequence")
        return f"only one sequence ({pure}): a show needs a second"
    return "no sequence: a show needs two, one of them pure"


def loser_count(hand: Sequence[Card], wild_rank: WildRank, max_points: int = 80) -> Count:
    """What a loser holding ``hand`` pays: the arrangement that pays least, capped.

    >>> count = loser_count(cards("5H 6H JK 8C 9C 7S 9S 9D 2C KD KS KH AC"), "7")
    >>> count.points, count.uncapped, count.counted_all, count.reason
    (80, 88, True, 'no pure sequence')
    """
    search = _Search(hand, wild_rank, show=False)
    least = search.best()
    if least[PURE_AND_SECOND] < INF:
        melds, left = search.walk(PURE_AND_SECOND, least[PURE_AND_SECOND])
        paid = least[PURE_AND_SECOND]
        return Count(min(paid, max_points), paid, False, tuple(melds), tuple(left))
    total = hand_points(hand, wild_rank)
    reason = "no second sequence" if least[ONE_PURE] < INF else "no pure sequence"
    return Count(min(total, max_points), total, True, (), tuple(hand), reason)


def arrangement_as_laid(
    hand: Sequence[Card], laid: Sequence[Sequence[Card]], wild_rank: WildRank
) -> tuple[tuple[Meld, ...], tuple[Card, ...]]:
    """The melds a scorer sent, read, and the cards of ``hand`` in none; an IndianError names
    a meld that is not one, or a card laid that the hand does not hold.

    >>> arrangement_as_laid(cards("5H 6H 7H 9C"), [cards("5H 6H 7H")], None)
    ((Meld('5H 6H 7H'),), (Card.from_code('9C'),))
    >>> arrangement_as_laid(cards("5H 6H 7H 9C"), [cards("5H 6H 8H")], None)
    Traceback (most recent call last):
    ...
    scorekeeper.systems.indian.rules.IndianError: the meld 5H 6H 8H: 5H 6H 8H is not a sequence: it misses 7H, and has no wild to stand in
    """  # noqa: E501 (a doctest's output line)
    melds = []
    for group in laid:
        verdict = judge(group, wild_rank)
        if verdict.meld is None:
            raise IndianError(f"the meld {format_cards(group)}: {verdict.reasons[0]}")
        melds.append(verdict.meld)
    held = Counter(hand)
    for card, times in Counter(card for group in laid for card in group).items():
        if times > held[card]:
            holds = f"holds it {_times(held[card])}" if held[card] else "does not hold it"
            laid_words = "is laid" if times == 1 else f"is laid {_times(times)}"
            raise IndianError(f"{card.code()} {laid_words}, but the hand {holds}")
    used = Counter(card for group in laid for card in group)
    left = []
    for card in hand:
        if used[card]:
            used[card] -= 1
        else:
            left.append(card)
    return tuple(melds), tuple(left)


def show_as_laid(hand: Sequence[Card], laid: Sequence[Sequence[Card]], wild_rank: WildRank) -> Show:
    """A declaration judged on the melds as the scorer sent them (never arranged again)."""
    melds, left = arrangement_as_laid(hand, laid, wild_rank)
    cls = _class_of(melds)
    reasons = []
    if cls != PURE_AND_SECOND:
        reasons.append(_lacking(cls, melds))
    if left:
        are = "is" if len(left) == 1 else "are"
        reasons.append(f"not every card is in a meld: {format_cards(left)} {are} left")
    return Show(not reasons, melds, left, tuple(reasons))


def count_as_laid(
    hand: Sequence[Card], laid: Sequence[Sequence[Card]], wild_rank: WildRank, max_points: int = 80
) -> Count:
    """What a loser pays on the melds as the scorer sent them."""
    melds, left = arrangement_as_laid(hand, laid, wild_rank)
    cls = _class_of(melds)
    if cls == PURE_AND_SECOND:
        paid = hand_points(left, wild_rank)
        return Count(min(paid, max_points), paid, False, melds, left)
    total = hand_points(hand, wild_rank)
    reason = "no second sequence" if cls == ONE_PURE else "no pure sequence"
    return Count(min(total, max_points), total, True, (), tuple(hand), reason)


def _times(count: int) -> str:
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def _class_of(melds: Sequence[Meld]) -> int:
    cls = NONE
    for meld in melds:
        if meld.kind == "sequence":
            cls = _ADD[_PURE if meld.pure else _IMPURE][cls]
    return cls
