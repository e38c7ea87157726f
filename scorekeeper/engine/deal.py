"""The deal helper: how many cards each player gets, the round's wild rank, who deals next.

Under ``deal: upcard`` (5000 Rummy and its kin) each player's first card is dealt face up and its
number sets how many more they get:

>>> from .presets import rules_for
>>> rules = rules_for("rummy5000")
>>> plan = plan_deal(rules, ["Ann", "Bob", "Cy", "Dee"], "Dee",
...                  {"Ann": Card.from_code("7H"), "Bob": Card.from_code("KS"),
...                   "Cy": Card.from_code("AD"), "Dee": Card.from_code("4C")}, round_number=1)
>>> plan.cards, plan.wild_rank, plan.next_dealer, plan.redeal
({'Ann': 8, 'Bob': 11, 'Cy': 12, 'Dee': 5}, '4', 'Ann', [])

Under ``deal: fixed`` everyone gets ``hand_size`` cards:

>>> plan_deal(rules_for("rummy500"), ["Ann", "Bob"], "Ann").cards
{'Ann': 13, 'Bob': 13}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .cards import RANKS, Card
from .rules import Rules

#: Ranks in the order used to compare an upcard with ``upcard_min_rank``: the ace counts high.
_ACE_HIGH_ORDER = {rank: number for number, rank in enumerate((*RANKS[1:], "A"), start=2)}
_FACE_RANK_NUMBERS = {"J": 11, "Q": 12, "K": 13}


class DealError(ValueError):
    """A deal that cannot happen: an unknown player, a missing or impossible upcard."""


def upcard_value(rules: Rules, upcard: Card) -> int:
    """The number an upcard counts for the deal (``upcard_face_cards``, ``upcard_ace``).

    >>> from .presets import rules_for
    >>> rummy5000, george = rules_for("rummy5000"), rules_for("george2500")
    >>> [upcard_value(rummy5000, Card.from_code(c)) for c in ("7H", "QS", "AD")]
    [7, 10, 11]
    >>> [upcard_value(george, Card.from_code(c)) for c in ("7H", "QS", "AD")]
    [7, 12, 14]

    A permanent wild (see :func:`is_permanent_wild`) counts ``upcard_wild_cards`` when that is
    set, whatever its rank (seed 000: "When permanent wild cards are used, they usually
    correspond to a larger number of cards, such as 15, 20 or even 25"):

    >>> twos = rules_for("rummy5000", {"wild_ranks": ["2"], "jokers": 2, "upcard_wild_cards": 15})
    >>> [upcard_value(twos, Card.from_code(c)) for c in ("2H", "JK", "3H")]
    [15, 15, 3]
    """
    if rules.upcard_wild_cards is not None and is_permanent_wild(rules, upcard):
        return rules.upcard_wild_cards
    if upcard.is_joker:
        raise DealError("a joker upcard has no number: it goes back and another card is dealt")
    if upcard.rank == "A":
        return rules.upcard_ace
    if upcard.rank in _FACE_RANK_NUMBERS:
        return 10 if rules.upcard_face_cards == "ten" else _FACE_RANK_NUMBERS[upcard.rank]
    return int(upcard.rank)


def upcard_hand_size(rules: Rules, upcard: Card) -> int:
    """The player's whole hand, the upcard included, under ``upcard_count``.

    ``additional``: a 7 gets 7 more, 8 in all; ``total``: a 7 is 7 in all.

    >>> from .presets import rules_for
    >>> upcard_hand_size(rules_for("rummy5000"), Card.from_code("7H"))
    8
    >>> upcard_hand_size(rules_for("george2500"), Card.from_code("7H"))
    7

    A permanent wild upcard's ``upcard_wild_cards`` is its number, read like any upcard's
    number. RULES.md does not say whether it is the whole hand or cards on top of the upcard;
    the decision: it follows ``upcard_count`` like every other upcard. Under ``additional`` (the
    seed's own deal, "The rank of this card determines the number of additional cards") 15
    means 15 more, 16 in all, which is seed 000's wording: "a player who receives a two as an
    upcard will be dealt another 15 or 20 cards, according to what dealing variant is used";
    under ``total`` (a 7 is 7 in all) it is 15 in all.

    >>> twos = {"wild_ranks": ["2"], "upcard_wild_cards": 15}
    >>> upcard_hand_size(rules_for("rummy5000", twos), Card.from_code("2H"))
    16
    >>> upcard_hand_size(rules_for("george2500", {**twos, "omit_ranks": []}), Card.from_code("2H"))
    15
    """
    value = upcard_value(rules, upcard)
    return value + 1 if rules.upcard_count == "additional" else value


def is_permanent_wild(rules: Rules, card: Card) -> bool:
    """Whether ``card`` is wild in every round (jokers when wild, ``wild_ranks``, ``wild_cards``).

    The round's own wild rank (``round_wild``) is not permanent and does not count here.
    """
    if card.is_joker:
        return rules.jokers_wild
    return card.rank in rules.wild_ranks or card.code() in rules.wild_cards


def needs_redeal(rules: Rules, upcard: Card) -> bool:
    """Whether this upcard goes back into the pack and the player is dealt another.

    The decision, for the table to check:

    - a card below ``upcard_min_rank`` goes back; for this comparison an ace counts high (above
      the king), so with ``upcard_min_rank: "4"`` a 2 and a 3 go back but an ace stays;
    - a permanent wild card goes back while ``upcard_wild_cards`` is null (the default): a joker
      when jokers are wild, a rank in ``wild_ranks``, a card in ``wild_cards``. A wild has no
      number of its own, and dealing one face up would show everyone a wild card (seed 000:
      "some play that a wild card dealt as an upcard is buried in the pack and replaced by
      another card");
    - with ``upcard_wild_cards`` a number, a permanent wild stays and deals that number (see
      :func:`upcard_hand_size`), even when its rank is below ``upcard_min_rank``: seed 000 gives
      wild twos as a way to avoid the smallest hands ("Another way to avoid the smallest hands is
      to make all the twos permanent wild cards");
    - a joker that is not wild goes back too, since it has no number to count;
    - the round's changing wild rank (``round_wild``) does not send a card back: under
      ``dealer_upcard`` it is chosen by the very upcards being dealt.

    >>> from .presets import rules_for
    >>> rules = rules_for("rummy5000", {"upcard_min_rank": "4", "wild_ranks": ["2"]})
    >>> [needs_redeal(rules, Card.from_code(c)) for c in ("2S", "3S", "4S", "AS", "JK")]
    [True, True, False, False, True]
    >>> counted = rules.with_options({"upcard_wild_cards": 20})
    >>> [needs_redeal(counted, Card.from_code(c)) for c in ("2S", "3S", "4S", "AS", "JK")]
    [False, True, False, False, False]
    """
    if is_permanent_wild(rules, upcard):
        return rules.upcard_wild_cards is None
    if upcard.is_joker:
        return True
    minimum = rules.upcard_min_rank
    return minimum is not None and _ACE_HIGH_ORDER[upcard.rank] < _ACE_HIGH_ORDER[minimum]


def round_wild_rank(rules: Rules, round_number: int, dealer_upcard: Card | None) -> str | None:
    """The round's wild rank under ``round_wild``, or None when the round has none.

    ``dealer_upcard``: the rank of the dealer's upcard (None while it is unknown; a joker names
    no rank); ``progression``: round 1 aces, 2 twos … 13 kings, none after. A dealer's upcard that
    is a permanent wild kept under ``upcard_wild_cards`` names its own rank like any other upcard
    (seed 000: "The dealer's first card (the one dealt face up) is wild for the current deal").

    >>> from .presets import rules_for
    >>> round_wild_rank(rules_for("rummy5000"), 3, Card.from_code("4C"))
    '4'
    >>> progression = rules_for("rummy500", {"round_wild": "progression"})
    >>> [round_wild_rank(progression, n, None) for n in (1, 2, 13, 14)]
    ['A', '2', 'K', None]
    """
    if round_number < 1:
        raise DealError(f"round {round_number} is not a round: rounds count from 1")
    if rules.round_wild == "dealer_upcard":
        if dealer_upcard is None or dealer_upcard.is_joker:
            return None
        return dealer_upcard.rank
    if rules.round_wild == "progression":
        return RANKS[round_number - 1] if round_number <= len(RANKS) else None
    return None


def next_dealer(
    rules: Rules, players: Sequence[str], dealer: str, winner: str | None = None
) -> str | None:
    """Who deals the next round under ``dealer_rotation``; None when that is not known yet.

    ``left``: the next player in seat order; ``right``: the previous one; ``winner``: the winner
    of this round (None until it is known).

    >>> from .presets import rules_for
    >>> seats = ["Ann", "Bob", "Cy"]
    >>> next_dealer(rules_for("rummy500"), seats, "Cy")
    'Ann'
    >>> next_dealer(rules_for("dealers-gambit"), seats, "Ann")
    'Cy'
    >>> print(next_dealer(rules_for("rummy500", {"dealer_rotation": "winner"}), seats, "Ann"))
    None
    """
    if dealer not in players:
        raise DealError(f"dealer {dealer!r} is not one of the players")
    if winner is not None and winner not in players:
        raise DealError(f"winner {winner!r} is not one of the players")
    if rules.dealer_rotation == "winner":
        return winner
    seat = list(players).index(dealer)
    step = 1 if rules.dealer_rotation == "left" else -1
    return players[(seat + step) % len(players)]


@dataclass(frozen=True)
class DealPlan:
    """What the deal helper tells the table.

    ``cards``: each player's whole hand, the upcard included (a player whose upcard goes back is
    left out until their new upcard is known); ``redeal``: players whose upcard goes back, in seat
    order; ``wild_rank``: None when the round has none, while the dealer's upcard goes back, or when
    the dealer's upcard is a joker kept under ``upcard_wild_cards`` (a joker names no rank).
    """

    cards: dict[str, int]
    wild_rank: str | None
    next_dealer: str | None
    redeal: list[str] = field(default_factory=list)


def _check_upcards(rules: Rules, players: Sequence[str], upcards: Mapping[str, Card]) -> None:
    """Upcards must belong to players and be cards the pack can hold, no more often than it can."""
    for name, card in upcards.items():
        if name not in players:
            raise DealError(f"upcard {card.code()} belongs to {name!r}, who is not a player")
        if card.rank in rules.omit_ranks:
            raise DealError(
                f"{name}'s upcard {card.code()} is not in the pack "
                f"(omit_ranks leaves out {', '.join(rules.omit_ranks)})"
            )
    packs = rules.packs(len(players))
    for card, count in Counter(upcards.values()).items():
        allowed = rules.jokers if card.is_joker else packs
        if count <= allowed:
            continue
        names = [name for name, upcard in upcards.items() if upcard == card]
        holders = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
        if card.is_joker:
            supply = (
                f"only {allowed} joker{'s are' if allowed > 1 else ' is'} in play"
                if allowed
                else "no jokers are in play"
            )
            raise DealError(f"JK is the upcard of {holders}, but {supply} (option jokers)")
        plural = packs > 1
        raise DealError(
            f"{card.code()} is the upcard of {holders}, but the {packs} "
            f"pack{'s' if plural else ''} in play hold{'' if plural else 's'} "
            f"only {packs} of it"
        )


def plan_deal(
    rules: Rules,
    players: Sequence[str],
    dealer: str,
    upcards: Mapping[str, Card] | None = None,
    round_number: int = 1,
    winner: str | None = None,
) -> DealPlan:
    """Plan one deal: hand sizes, redeals, the round's wild rank and the next dealer.

    ``players`` are in seat order; ``upcards`` (needed for every player under ``deal: upcard``)
    maps a player to their face-up card; ``winner`` is this round's winner when known.
    """
    if len(players) < 2:
        raise DealError("a deal needs at least 2 players")
    repeated = sorted({name for name in players if list(players).count(name) > 1})
    if repeated:
        raise DealError(f"players must have different names: {', '.join(repeated)} appears twice")
    upcards = dict(upcards or {})
    following = next_dealer(rules, players, dealer, winner)
    _check_upcards(rules, players, upcards)

    cards: dict[str, int] = {}
    redeal: list[str] = []
    if rules.deal == "upcard":
        missing = [name for name in players if name not in upcards]
        if missing:
            raise DealError(
                f"the upcard deal needs every player's upcard; missing: {', '.join(missing)}"
            )
        for name in players:
            if needs_redeal(rules, upcards[name]):
                redeal.append(name)
            else:
                cards[name] = upcard_hand_size(rules, upcards[name])
    else:
        cards = {name: rules.fixed_hand_size(len(players)) for name in players}

    dealer_upcard = None if dealer in redeal else upcards.get(dealer)
    wild_rank = round_wild_rank(rules, round_number, dealer_upcard)
    return DealPlan(cards=cards, wild_rank=wild_rank, next_dealer=following, redeal=redeal)
