"""Indian Rummy's cards and melds (RULES.md, "Indian Rummy"). Pure Python.

What is wild in a deal: the printed jokers, and with the cut joker every card of the cut card's
rank (a printed joker cut: the aces). A wild card either stands as itself (the 7♥ when sevens
are wild, in its own place) or stands in for another card.

* A **sequence** is 3 or more cards of a suit in order, each rank once (so 13 at most); the ace
  is low (A-2-3) or high (Q-K-A), never both (K-A-2 is not a sequence). It is **pure** when no
  card in it stands in for another: no wild, or every wild standing as itself. Any number of
  wilds may stand in one sequence (two, at least, RULES.md says).
* A **set** is 3 or 4 cards of one rank in different suits: never the same card twice (a wild
  standing in for another card is not its own card there: 7♥ 7♠ 7♥ is a set when sevens are
  wild, the second 7♥ standing for the 7♦ or the 7♣).
* A meld needs a card standing as itself: wilds alone, all standing in, are not a meld.

Card points: A K Q J 10 count 10, 2–9 their face, wilds (printed or the cut rank) 0.

>>> judge(cards("5H 6H JK"), "7")
MeldVerdict(legal=True, kind='sequence', pure=False, meld=Meld('5H 6H JK=7H'), reasons=())
>>> judge(cards("6H 7H 8H"), "7").pure
True
>>> judge(cards("KS AS 2S"), None).reasons
('K-A-2 is not a sequence: the ace follows the king only as Q-K-A',)
>>> judge(cards("9H 9S 9H"), None).reasons
('9H twice: a set never holds the same card twice',)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from ...engine.cards import RANKS, SUITS, Card, card_of, format_cards, parse_cards, parse_rank

MeldKind = Literal["sequence", "set"]
#: The rank whose every card is wild in a deal (the cut joker's), or None.
WildRank = str | None
#: The longest sequence: each rank once.
LONGEST = 13
#: A sequence's places: 1 is the ace low, 2 … 13 the two to the king, 14 the ace high.
ACE_HIGH = 14


def cards(text: str) -> list[Card]:
    """Cards from codes separated by spaces (``"AS 10H JK"``).

    >>> cards("as 10h jk")
    [Card.from_code('AS'), Card.from_code('10H'), Card.from_code('JK')]
    """
    return parse_cards(text.split())


def wild_rank_of_cut(cut: Card) -> str:
    """The rank the cut card makes wild: its own, or the aces for a printed joker.

    >>> wild_rank_of_cut(Card.from_code("7D")), wild_rank_of_cut(Card.from_code("JK"))
    ('7', 'A')
    """
    return "A" if cut.is_joker else cut.rank


def read_wild_rank(text: str | None) -> WildRank:
    """A wild rank as a scorer gives it (``"7"``, ``"t"``, ``"JK"``: a joker cut, so aces), or
    None; a CardError names a bad one.

    >>> read_wild_rank("t"), read_wild_rank("jk"), read_wild_rank(None)
    ('10', 'A', None)
    """
    if text is None:
        return None
    if text.strip().upper() in ("JK", "JOKER"):
        return "A"
    return parse_rank(text)


def is_wild(card: Card, wild_rank: WildRank) -> bool:
    """Whether a card is wild in the deal: a printed joker, or of the cut joker's rank."""
    return card.is_joker or card.rank == wild_rank


def points(card: Card, wild_rank: WildRank = None) -> int:
    """What a card counts in a loser's hand: A K Q J 10 count 10, 2–9 their face, wilds 0.

    >>> [points(card, "5") for card in cards("AS KD 10H 9C 2S 5H JK")]
    [10, 10, 10, 9, 2, 0, 0]
    """
    if is_wild(card, wild_rank):
        return 0
    return 10 if card.number == 1 or card.number >= 10 else card.number


def hand_points(hand: Iterable[Card], wild_rank: WildRank = None) -> int:
    """The points of every card given."""
    return sum(points(card, wild_rank) for card in hand)


@dataclass(frozen=True)
class Meld:
    """A meld laid out: its cards (a sequence in order, wilds in their places), its kind,
    whether it is pure (a sequence in which no card stands in for another; a set: False), and
    what each card stands as (itself, or the card a wild stands in for)."""

    cards: tuple[Card, ...]
    kind: MeldKind
    pure: bool
    stands_for: tuple[Card, ...]

    def codes(self) -> list[str]:
        """Each card's code, a wild standing in marked with what it stands for (``JK=7H``)."""
        return [
            card.code() if card is stood else f"{card.code()}={stood.code()}"
            for card, stood in zip(self.cards, self.stands_for, strict=True)
        ]

    def __str__(self) -> str:
        return format_cards(self.cards)

    def __repr__(self) -> str:
        return f"Meld({' '.join(self.codes())!r})"


def sequence_of(placed: Sequence[tuple[int, Card]], wilds: Sequence[Card]) -> Meld:
    """The sequence of ``placed`` cards standing as themselves (each with its place: 1 … 14,
    the ace 1 or 14) and ``wilds`` standing in: the gaps filled first, then the sequence
    carried up (down, once it reaches the ace high). The cards must make a sequence.

    >>> sequence_of([(5, Card("5", "H")), (7, Card("7", "H"))], cards("JK JK"))
    Meld('5H JK=6H 7H JK=8H')
    >>> sequence_of([(14, Card("A", "S"))], cards("JK JK"))
    Meld('JK=QS JK=KS AS')
    """
    suit = placed[0][1].suit
    length = len(placed) + len(wilds)
    low = min(place for place, _ in placed)
    low = min(low, ACE_HIGH - length + 1)
    at = dict(placed)
    spare = iter(wilds)
    laid: list[Card] = []
    stands: list[Card] = []
    for place in range(low, low + length):
        own = at.get(place)
        card = own if own is not None else next(spare)
        laid.append(card)
        stands.append(own if own is not None else card_of(RANKS[(place - 1) % 13], suit))
    # a wild of the cut rank that lands in its own place stands as itself there
    pure = all(card is stood for card, stood in zip(laid, stands, strict=True))
    return Meld(tuple(laid), "sequence", pure, tuple(stands))


def set_of(placed: Sequence[Card], wilds: Sequence[Card]) -> Meld:
    """The set of ``placed`` cards (one rank, different suits) with ``wilds`` standing for the
    suits missing (in the order S H D C).

    >>> set_of(cards("9H 9C"), cards("JK"))
    Meld('9H 9C JK=9S')
    >>> set_of(cards("9H 9C"), cards("JK 9D"))
    Meld('9H 9C JK=9S 9D')
    """
    rank = placed[0].rank
    placed = sorted(placed, key=lambda card: SUITS.index(card.suit))
    missing = [suit for suit in SUITS if suit not in {card.suit for card in placed}]
    # a wild of the set's own rank takes its own suit where it is missing
    stands: dict[int, Card] = {}
    for i, wild in enumerate(wilds):
        if wild.rank == rank and wild.suit in missing:
            stands[i] = wild
            missing.remove(wild.suit)
    for i in range(len(wilds)):
        if i not in stands:
            stands[i] = card_of(rank, missing.pop(0))
    return Meld((*placed, *wilds), "set", False, (*placed, *(stands[i] for i in range(len(wilds)))))


@dataclass(frozen=True)
class MeldVerdict:
    """The referee's answer on cards laid as one meld: whether they make one, which kind, pure
    or not, the reading (what each wild stands for), and why not, in plain words."""

    legal: bool
    kind: MeldKind | None
    pure: bool
    meld: Meld | None
    reasons: tuple[str, ...]


def reading(laid: Sequence[Card], wild_rank: WildRank) -> Meld | None:
    """The best reading of ``laid`` as one meld (a pure sequence, else a sequence, else a set),
    or None. Every choice of which wild-rank cards stand as themselves is tried."""
    printed = [card for card in laid if card.is_joker]
    cut = [card for card in laid if not card.is_joker and card.rank == wild_rank]
    natural = [card for card in laid if not is_wild(card, wild_rank)]
    found: Meld | None = None
    for choice in range(1 << len(cut)):
        own = natural + [card for bit, card in enumerate(cut) if choice >> bit & 1]
        standing_in = printed + [card for bit, card in enumerate(cut) if not choice >> bit & 1]
        if not own:
            continue  # wilds alone
        meld = _as_sequence(own, standing_in) or _as_set(own, standing_in)
        if meld is None:
            continue
        if meld.pure:
            return meld
        if found is None or (found.kind == "set" and meld.kind == "sequence"):
            found = meld
    return found


def _as_sequence(own: Sequence[Card], wilds: Sequence[Card]) -> Meld | None:
    length = len(own) + len(wilds)
    if not 3 <= length <= LONGEST or len({card.suit for card in own}) != 1:
        return None
    numbers = [card.number for card in own]
    if len(set(numbers)) != len(numbers):
        return None
    for ace in (1, ACE_HIGH):
        places = [ace if number == 1 else number for number in numbers]
        if max(places) - min(places) + 1 <= length:
            return sequence_of(list(zip(places, own, strict=True)), wilds)
    return None


def _as_set(own: Sequence[Card], wilds: Sequence[Card]) -> Meld | None:
    if not 3 <= len(own) + len(wilds) <= 4 or len({card.rank for card in own}) != 1:
        return None
    if len({card.suit for card in own}) != len(own):
        return None
    return set_of(own, wilds)


def judge(laid: Sequence[Card], wild_rank: WildRank = None) -> MeldVerdict:
    """Whether ``laid`` makes one meld in a deal where ``wild_rank`` is wild, and why not.

    >>> judge(cards("QH KH AH"), None).kind
    'sequence'
    >>> judge(cards("9H 9S JK JK"), None).meld
    Meld('9S 9H JK=9D JK=9C')
    >>> judge(cards("JK JK"), None).reasons
    ('a meld has at least 3 cards, not 2',)
    """
    meld = reading(laid, wild_rank)
    if meld is not None:
        return MeldVerdict(True, meld.kind, meld.pure, meld, ())
    return MeldVerdict(False, None, False, None, tuple(meld_problems(laid, wild_rank)))


def meld_problems(laid: Sequence[Card], wild_rank: WildRank = None) -> list[str]:
    """Why ``laid`` is not a meld, in plain words (empty: it is one). Each wild is taken as
    standing in, the reading that can fill the most.

    >>> meld_problems(cards("5S 7S 9S"), None)
    ['5S 7S 9S is not a sequence: it misses 6S 8S, and has no wild to stand in']
    >>> meld_problems(cards("5S 6H 7S"), None)
    ['5S 6H 7S mixes suits and ranks: a set is one rank in different suits, a sequence one suit in order']
    >>> meld_problems(cards("JK JK JK"), None)
    ['wilds alone are not a meld: it needs a card standing as itself']
    >>> meld_problems(cards("8H 8S 8D 8C JK"), None)
    ['a set has 3 or 4 cards, not 5']
    """  # noqa: E501 (a doctest's output line)
    if reading(laid, wild_rank) is not None:
        return []
    if len(laid) < 3:
        return [f"a meld has at least 3 cards, not {len(laid)}"]
    own = [card for card in laid if not is_wild(card, wild_rank)]
    wilds = len(laid) - len(own)
    if not own:
        return ["wilds alone are not a meld: it needs a card standing as itself"]
    twice = sorted({card for card in own if own.count(card) > 1}, key=_by_place)
    if len({card.rank for card in own}) == 1:
        if twice:
            return [f"{format_cards(twice)} twice: a set never holds the same card twice"]
        return [f"a set has 3 or 4 cards, not {len(laid)}"]
    if len({card.suit for card in own}) != 1:
        return [
            f"{format_cards(laid)} mixes suits and ranks: a set is one rank in different suits, "
            "a sequence one suit in order"
        ]
    if twice:  # one suit: a rank twice is a card twice
        return [f"{format_cards(twice)} twice: a sequence holds each rank once"]
    if len(laid) > LONGEST:
        return [f"a sequence has at most {LONGEST} cards, not {len(laid)}"]
    numbers = sorted(card.number for card in own)
    if numbers[0] == 1 and numbers[-1] == 13:
        # round the corner: the low cards read after the king
        turned = sorted(number + 13 if number < 7 else number for number in numbers)
        if turned[-1] - turned[0] + 1 <= len(laid):
            return ["K-A-2 is not a sequence: the ace follows the king only as Q-K-A"]
    suit = own[0].suit
    best: list[int] | None = None
    for ace in (1, ACE_HIGH):
        places = sorted(ace if number == 1 else number for number in numbers)
        missing = [p for p in range(places[0], places[-1] + 1) if p not in places]
        if best is None or len(missing) < len(best):
            best = missing
    assert best is not None
    gone = " ".join(card_of(RANKS[(place - 1) % 13], suit).code() for place in best)
    shown = format_cards(sorted(own, key=_by_place))
    stand = "no wild" if not wilds else f"only {wilds} wild" + ("s" if wilds > 1 else "")
    return [f"{shown} is not a sequence: it misses {gone}, and has {stand} to stand in"]


def _by_place(card: Card) -> tuple[int, int]:
    return SUITS.index(card.suit), card.number
