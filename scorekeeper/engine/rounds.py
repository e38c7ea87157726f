"""A round as the scorer records it, and as the scoring gives it back: the values the store, the
API and the round form pass to :func:`~.scoring.score_round` and read from it.

A :class:`RoundRecord` holds each player by cards (melds, layoffs, hand, the cards called) or by
totals, and how the round ended; a :class:`RoundScore` holds each player's breakdown (lines a
player can check against the cards), side totals, ``problems`` (the round is impossible as
recorded, each with its code: :data:`PROBLEM_CODES`) and ``warnings`` (house-rule matters the
table may overrule).

>>> m = meld("5S JK=6S 7S")
>>> m.cards, m.fixed()
((Card.from_code('5S'), Card.from_code('JK'), Card.from_code('7S')), {1: Card.from_code('6S')})
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .cards import Card, parse_cards
from .melds import Verdict

#: What a player's hand did (``PlayerScore.hand_counts``): counted against them, went to the
#: player who went out, or counted for nobody.
HandCounts = Literal["against", "to_goer", "not_counted"]


HAND_COUNTS: tuple[HandCounts, ...] = ("against", "to_goer", "not_counted")


#: The code of each kind of problem (``RoundScore.problem_codes``, one per problem, in order).
PROBLEM_CODES = (
    "named_twice",  # a player named more than once
    "nobody_out",  # ended by going out, nobody marked out
    "several_out",  # more than one player marked out
    "out_at_stock_out",  # the stock ran out, yet someone is marked out
    "bad_ending",  # neither going_out nor stock_out
    "out_with_cards",  # went out but still holds cards
    "negative_totals",  # totals below zero
    "overused",  # more copies of a card than the packs hold
    "no_such_meld",  # a layoff onto a meld (or a player) that is not there
    "late_layoff",  # a final layoff under rules without final_layoffs
    "illegal_meld",  # a meld that is not legal
    "not_doubled",  # marked doubled, but the dealer did not nominate double
    "doubled_not_set",  # only a set can be doubled
    "sealed",  # a layoff onto a set sealed by the dealer's joker
    "layoff_refused",  # a layoff that does not fit its meld
)


@dataclass(frozen=True)
class MeldRecord:
    cards: tuple[Card, ...]
    laid_at_once: bool = False  # Persian: a four of a kind laid down in one go counts double
    doubled: bool = False  # Dealer's Gambit: the dealer's joker doubled and sealed this set
    #: Per card, the card a wild was declared as (``JK=5C``), or None: undeclared.
    declared: tuple[Card | None, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(self.cards))
        object.__setattr__(self, "declared", tuple(self.declared))

    def fixed(self) -> dict[int, Card]:
        """The declared readings by position, as :func:`.melds.check_meld` takes them."""
        return {i: card for i, card in enumerate(self.declared) if card is not None}


def meld(codes: str, *, laid_at_once: bool = False, doubled: bool = False) -> MeldRecord:
    """A meld from codes separated by spaces: ``meld("3C 3D 3S")``; ``JK=5C`` declares what a
    wild stands for."""
    pairs = [code.partition("=") for code in codes.split()]
    cards = tuple(parse_cards(card for card, _, _ in pairs))
    declared = tuple(Card.from_code(reading) if reading else None for _, _, reading in pairs)
    if not any(declared):
        declared = ()
    return MeldRecord(cards, laid_at_once, doubled, declared)


@dataclass(frozen=True)
class LayoffRecord:
    """Cards laid off onto meld number ``meld`` of player ``player``."""

    player: str
    meld: int
    cards: tuple[Card, ...]
    final: bool = False  # laid off after someone went out (final_layoffs): worth nothing
    #: Per card, the card a wild was declared as (``JK=5C``), or None: undeclared.
    declared: tuple[Card | None, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(self.cards))
        object.__setattr__(self, "declared", tuple(self.declared))

    def fixed(self) -> dict[int, Card]:
        """The declared readings by position, as :func:`.melds.check_meld` takes them."""
        return {i: card for i, card in enumerate(self.declared) if card is not None}


@dataclass(frozen=True)
class PlayerRecord:
    """One player's part of a round: by cards, or by totals when ``melded_points`` is set."""

    name: str
    team: str | None = None
    went_out: bool = False
    melds: tuple[MeldRecord, ...] = ()
    layoffs: tuple[LayoffRecord, ...] = ()
    hand: tuple[Card, ...] = ()
    called: tuple[Card, ...] = ()  # cards taken by calling "Rummy!" (marked "9S!")
    melded_points: int | None = None
    hand_points: int | None = None

    def __post_init__(self) -> None:
        for name in ("melds", "layoffs", "hand", "called"):
            object.__setattr__(self, name, tuple(getattr(self, name)))

    @property
    def by_totals(self) -> bool:
        return self.melded_points is not None or self.hand_points is not None

    def table_cards(self) -> list[Card]:
        cards = [card for m in self.melds for card in m.cards]
        return cards + [card for layoff in self.layoffs for card in layoff.cards]


@dataclass(frozen=True)
class RoundRecord:
    players: tuple[PlayerRecord, ...]
    ended_by: str = "going_out"  # or "stock_out"
    wild_rank: str | None = None
    joker_effect: str | None = None  # Dealer's Gambit: wild, double or split
    opening: frozenset[str] = frozenset()  # players melding for the first time in the game


@dataclass(frozen=True)
class PlayerScore:
    name: str
    team: str | None
    melded: int
    in_hand: int  # the points that count against the player (0 when hands do not count)
    bonus: int
    total: int  # melded - in_hand + bonus: what the round adds to the player's score
    lines: tuple[str, ...]
    hand_points: int = 0  # what the cards left in hand are worth, whoever they count for
    went_out: bool = False
    verdicts: tuple[Verdict, ...] = ()  # one per meld, with its layoffs
    meld_points: tuple[int, ...] = ()  # one per meld, as counted (doubled, four aces, at once)
    #: One per layoff: its cards checked onto the meld as the layoffs before them left it (the
    #: points those of the laid-off cards); None where there is no such meld.
    layoff_verdicts: tuple[Verdict | None, ...] = ()
    #: Where ``hand_points`` went (:data:`HAND_COUNTS`); None when the hand is worth nothing.
    hand_counts: HandCounts | None = None


@dataclass(frozen=True)
class TeamScore:
    team: str
    melded: int
    in_hand: int
    bonus: int
    total: int


@dataclass(frozen=True)
class RoundScore:
    players: tuple[PlayerScore, ...]
    teams: tuple[TeamScore, ...]
    problems: tuple[str, ...]
    warnings: tuple[str, ...]
    #: One code per problem, in order (:data:`PROBLEM_CODES`).
    problem_codes: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems

    def totals(self) -> dict[str, int]:
        return {player.name: player.total for player in self.players}
