"""What is wild in a round, and what each card is worth where it lies.

>>> from .presets import rules_for
>>> ctx = Context(rules_for("rummy5000"), wild_rank="6")
>>> ctx.is_wild(Card.from_code("6H")), card_points(ctx, Card.from_code("6H"))
(True, 100)
>>> aces_wild = Context(ctx.rules, "A")
>>> card_points(ctx, Card.from_code("AS")), card_points(aces_wild, Card.from_code("AS"))
(100, 200)
>>> fives = Context(rules_for("rummy500-fives"))
>>> card_points(fives, Card.from_code("AS"), ace_low=True)
5
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import ALL_CARDS, JOKER, JOKER_CARD, Card
from .rules import RANK_INDEX, Rules

#: A joker priced "as represented" is worth this in hand (RULES.md).
JOKER_IN_HAND = 15


@dataclass(frozen=True)
class Context:
    """The rules as they stand in one round: its wild rank, the dealer's joker effect, the packs."""

    rules: Rules
    wild_rank: str | None = None
    joker_effect: str | None = None
    packs: int = 1
    #: Every card that is wild in this round (worked out once: asked of every card).
    wild_cards: frozenset[Card] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # What is wild, worked out once: the referee and the arrangement ask of every card.
        rules = self.rules
        ranks = {*rules.wild_ranks, *([self.wild_rank] if self.wild_rank else [])}
        wild = frozenset(card for card in ALL_CARDS if card.rank in ranks)
        wild |= {card for card in ALL_CARDS if card.code() in rules.wild_cards}
        if self.jokers_wild:
            wild |= {JOKER_CARD}
        object.__setattr__(self, "wild_cards", wild)

    def __hash__(self) -> int:
        # A round's context keys the referee's caches (the rules' own hash is kept).
        return hash((self.rules, self.wild_rank, self.joker_effect, self.packs))

    @property
    def jokers_wild(self) -> bool:
        if self.rules.dealer_joker and self.joker_effect is not None:
            return self.joker_effect == "wild"
        return self.rules.jokers_wild

    @property
    def jokers_priced(self) -> bool:
        """Whether the jokers are wild and score as the card they stand for (no override)."""
        rules = self.rules
        return (
            self.jokers_wild
            and rules.joker_points == "as_represented"
            and rules.override_points("JK") is None
        )

    def is_wild(self, card: Card) -> bool:
        return card in self.wild_cards


def divide(points: int, divisor: int) -> int:
    """Points divided by ``points_divisor``, rounded half up.

    >>> divide(15, 5), divide(12, 5), divide(13, 5), divide(-7, 5)
    (3, 2, 3, -1)
    """
    if divisor == 1:
        return points
    return (2 * points + divisor) // (2 * divisor)


def natural_points(rules: Rules, card: Card, *, ace_low: bool = False) -> int:
    """A natural card's points before the divisor (an ace at the low end of a run may differ)."""
    if rules.card_overrides:
        override = rules.override_points(card.code())
        if override is not None:
            return override
    rank = card.rank
    if rank == JOKER:
        return JOKER_IN_HAND if rules.joker_points == "as_represented" else int(rules.joker_points)
    if ace_low and rank == "A" and rules.ace_low_points is not None:
        return rules.ace_low_points
    return rules.rank_points(rank)


def wild_card_points(rules: Rules, card: Card) -> int:
    """A wild card's points (not a joker's) before the divisor, wherever it lies.

    ``wild_points`` (null: the card's own points); a wild ace takes ``wild_ace_points`` or, when
    that is null, its own points plus ``wild_points`` (seed 000: "If Aces are 50 and wildcards
    are 100, then wild Aces would normally be worth 150"), so with both null it is just an ace.

    >>> from .presets import rules_for
    >>> ace, six = Card.from_code("AS"), Card.from_code("6S")
    >>> aces_50 = rules_for("rummy5000", {"card_points": {"A": 50}, "wild_ace_points": None})
    >>> wild_card_points(aces_50, ace), wild_card_points(aces_50, six)
    (150, 100)
    >>> wild_card_points(rules_for("rummy5000"), ace)
    200
    >>> wild_card_points(rules_for("rummy500"), ace), wild_card_points(rules_for("rummy500"), six)
    (15, 6)
    """
    if card.rank == "A":
        if rules.wild_ace_points is not None:
            return rules.wild_ace_points
        return natural_points(rules, card) + (rules.wild_points or 0)
    if rules.wild_points is not None:
        return rules.wild_points
    return natural_points(rules, card)


def card_points(
    ctx: Context, card: Card, *, as_card: Card | None = None, ace_low: bool = False
) -> int:
    """What ``card`` scores, in a meld standing for ``as_card`` or (without it) in hand."""
    rules = ctx.rules
    rank = card.rank
    if (
        rank != JOKER
        and not rules.card_overrides
        and rules.points_divisor == 1
        and not (ace_low and rank == "A")
        and card not in ctx.wild_cards
    ):
        # A natural card at its rank's points: the referee asks this of nearly every card.
        return rules.card_points[RANK_INDEX[rank]]
    if card.is_joker:
        if rules.override_points(card.code()) is not None or rules.joker_points != "as_represented":
            points = natural_points(rules, card)
        elif as_card is not None and not as_card.is_joker:
            points = natural_points(rules, as_card, ace_low=ace_low)
        else:
            points = JOKER_IN_HAND
    elif ctx.is_wild(card):
        points = wild_card_points(rules, card)
    else:
        points = natural_points(rules, card, ace_low=ace_low)
    return divide(points, rules.points_divisor)
