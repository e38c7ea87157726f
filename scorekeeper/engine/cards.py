"""Cards: the notation of RULES.md, parsed and formatted.

A card is a small immutable value with a parse/format pair:

>>> Card.from_code("10h")
Card.from_code('10H')
>>> Card.from_code("T♠").code()
'10S'
>>> Card.from_code("jk").is_joker
True
>>> parse_cards(["AS", "QD"])
[Card.from_code('AS'), Card.from_code('QD')]
"""

from __future__ import annotations

from collections.abc import Iterable

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
JOKER = "JK"
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {"A": "ace", "J": "jack", "Q": "queen", "K": "king", JOKER: "joker"}
#: The rank of a card as a number: ace 1 (low), jack 11, queen 12, king 13.
RANK_NUMBER = {rank: number for number, rank in enumerate(RANKS, start=1)}


class CardError(ValueError):
    """A card code that is not a card."""


def parse_rank(text: str) -> str:
    """The canonical rank for ``text`` ("t" and "10" are both ``10``).

    >>> parse_rank("t"), parse_rank("q")
    ('10', 'Q')
    """
    rank = text.strip().upper()
    if rank == "T":
        rank = "10"
    if rank not in RANKS:
        raise CardError(f"{text!r} is not a rank: expected one of {', '.join(RANKS)}")
    return rank


class Card:
    """One playing card: a rank and a suit, or the joker (rank ``JK``, no suit).

    There is one object per card: ``Card("5", "D")`` gives back the five of diamonds made at
    import, so cards compare and hash by identity, in C (the referee and the search look cards
    up in sets and dicts at every turn; a dataclass's ``__eq__`` and ``__hash__`` were Python
    calls each time). Immutable; ordered by rank then suit (as text).

    >>> Card("5", "D") is Card.from_code("5d")
    True
    """

    __slots__ = ("is_joker", "number", "rank", "suit")
    rank: str
    suit: str
    #: Whether it is the joker; and its number, ace 1 ... king 13, the joker 0 (kept on the
    #: card, not worked out at each asking: the search asks them of every card at every turn).
    is_joker: bool
    number: int

    def __new__(cls, rank: str, suit: str = "") -> Card:
        made = _MADE.get((rank, suit))
        if made is not None:
            return made
        if rank == JOKER:
            if suit:
                raise CardError("a joker has no suit")
        elif rank not in RANKS or suit not in SUITS:
            raise CardError(f"no card has rank {rank!r} and suit {suit!r}")
        card = super().__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "is_joker", rank == JOKER)
        object.__setattr__(card, "number", RANK_NUMBER.get(rank, 0))
        _MADE[rank, suit] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a card is immutable: cannot set {name}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a card is immutable: cannot delete {name}")

    def __reduce__(self) -> tuple[type[Card], tuple[str, str]]:
        # Pickled (and copied) as its rank and suit: unpickled, it is the one card again.
        return (Card, (self.rank, self.suit))

    def __lt__(self, other: Card) -> bool:
        return (self.rank, self.suit) < (other.rank, other.suit)

    def __le__(self, other: Card) -> bool:
        return (self.rank, self.suit) <= (other.rank, other.suit)

    def __gt__(self, other: Card) -> bool:
        return (self.rank, self.suit) > (other.rank, other.suit)

    def __ge__(self, other: Card) -> bool:
        return (self.rank, self.suit) >= (other.rank, other.suit)

    @classmethod
    def from_code(cls, code: str) -> Card:
        """Parse a card code: rank then suit, any case, ``T`` for ten, unicode suits accepted.

        >>> Card.from_code("Q♦")
        Card.from_code('QD')
        >>> Card.from_code("1S")
        Traceback (most recent call last):
        ...
        scorekeeper.engine.cards.CardError: '1S' is not a card: expected a rank (A 2 3 4 5 6 7 8 9 10 J Q K) and a suit (S H D C), or JK
        """  # noqa: E501 (a doctest's output line)
        if not isinstance(code, str):
            raise CardError(f"{code!r} is not a card code: expected text such as '10H'")
        text = code.strip().upper()
        if text in (JOKER, "JOKER"):
            return cls(JOKER)
        if len(text) >= 2:
            suit = SUIT_SYMBOLS.get(text[-1], text[-1])
            rank = text[:-1]
            if rank == "T":
                rank = "10"
            if rank in RANKS and suit in SUITS:
                return cls(rank, suit)
        raise CardError(
            f"{code!r} is not a card: expected a rank ({' '.join(RANKS)}) "
            f"and a suit ({' '.join(SUITS)}), or {JOKER}"
        )

    def code(self) -> str:
        """The canonical code: upper case, ``10`` for ten."""
        return self.rank + self.suit

    def __repr__(self) -> str:
        return f"Card.from_code({self.code()!r})"

    def __str__(self) -> str:
        return self.code()


#: Every card made so far, by (rank, suit): the one object of each (53 at most).
_MADE: dict[tuple[str, str], Card] = {}
JOKER_CARD = Card(JOKER)
ALL_CARDS: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in RANKS)


def card_of(rank: str, suit: str) -> Card:
    """The card of ``rank`` and ``suit``, made once (the referee names the card of every place
    of every window it tries: a lookup, not a new card each time).

    >>> card_of("10", "H") is Card("10", "H")
    True
    """
    return _MADE[rank, suit]


def parse_cards(codes: Iterable[str]) -> list[Card]:
    """Parse a list of codes; the error names the first bad one."""
    return [Card.from_code(code) for code in codes]


def parse_declared(code: str) -> tuple[Card, Card | None]:
    """A card of a meld with the reading a scorer declared for it (``JK=5C``: the joker stands
    for the five of clubs), or None when none is declared. Whether the card may carry a reading
    (is it wild?) is for the rules to say, not this parser.

    >>> parse_declared("jk=5c")
    (Card.from_code('JK'), Card.from_code('5C'))
    >>> parse_declared("6H")
    (Card.from_code('6H'), None)
    >>> parse_declared("JK=1X")
    Traceback (most recent call last):
    ...
    scorekeeper.engine.cards.CardError: 'JK=1X': the reading '1X' is not a card: expected a rank (A 2 3 4 5 6 7 8 9 10 J Q K) and a suit (S H D C), or JK
    """  # noqa: E501 (a doctest's output line)
    if not isinstance(code, str):
        raise CardError(f"{code!r} is not a card code: expected text such as '10H' or 'JK=5C'")
    card, equals, reading = code.partition("=")
    if not equals:
        return Card.from_code(code), None
    try:
        played = Card.from_code(card)
    except CardError as error:
        raise CardError(f"{code!r}: {error}") from None
    if not reading.strip():
        raise CardError(f"{code!r}: the reading after '=' is missing (write e.g. 'JK=5C')")
    try:
        declared = Card.from_code(reading)
    except CardError as error:
        raise CardError(f"{code!r}: the reading {error}") from None
    return played, declared


def declared_code(card: Card, reading: Card | None) -> str:
    """A card with its declared reading, as :func:`parse_declared` reads it.

    >>> declared_code(Card.from_code("JK"), Card.from_code("5C")), declared_code(JOKER_CARD, None)
    ('JK=5C', 'JK')
    """
    return card.code() if reading is None else f"{card.code()}={reading.code()}"


def format_cards(cards: Iterable[Card]) -> str:
    """Codes joined by spaces, as a player reads them.

    >>> format_cards(parse_cards(["5d", "6d", "7d"]))
    '5D 6D 7D'
    """
    return " ".join(card.code() for card in cards)


def rank_name(rank: str, plural: bool = False) -> str:
    """A rank in words, for sentences about cards.

    >>> rank_name("6", plural=True), rank_name("A")
    ('6s', 'ace')
    """
    name = RANK_NAMES.get(rank, rank)
    return name + "s" if plural else name
