"""Card points and one same-rank meld judged under Canasta's or Hand and Foot's rules (RULES.md:
"Melds"). Pure Python.

A meld is three or more cards of one rank with wilds (jokers and twos) standing in: a **meld**,
or, at seven cards or more, a Canasta **canasta** (natural, or mixed with 1–3 wilds) or a Hand
and Foot **book** (clean or dirty; a book of sevens or of wilds is special when its bonus is
on). A refusal gives its reasons, each a :class:`Problem` with a stable snake_case code.

>>> from .rules import CanastaRules
>>> judged = judge_meld(CanastaRules(), cards("2C 2D JK KS KH KD KC"))
>>> judged.kind, judged.natural, judged.points, judged.ok
('canasta', False, 130, True)
>>> [problem.code for problem in judge_meld(CanastaRules(), cards("2C 2D JK KS KH")).problems]
['wild_limit']
>>> card_points(Card.from_code("JK")), card_points(Card.from_code("9H"))
(50, 10)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from ...engine.cards import Card, parse_cards
from .rules import CanastaRules, CardPoints

Kind = Literal["meld", "canasta", "book"]
Special = Literal["sevens", "wild"]
#: Cards a canasta or a book takes.
CANASTA_SIZE = 7


@dataclass(frozen=True)
class Problem:
    """A refusal or a warning: a stable snake_case ``code`` (what issue 33 translates), the
    English ``text``, and where known the side and the field it concerns."""

    code: str
    text: str
    side: str | None = None
    field: str | None = None


@dataclass(frozen=True)
class JudgedMeld:
    """One meld judged: its kind, whether it is natural (Canasta) or clean (Hand and Foot),
    a special book's kind, its card points, and the problems (none: a legal meld)."""

    cards: tuple[Card, ...]
    kind: Kind
    natural: bool
    points: int
    naturals: int
    wilds: int
    rank: str | None
    special: Special | None = None
    problems: tuple[Problem, ...] = field(default=())

    @property
    def ok(self) -> bool:
        return not self.problems


def cards(text: str) -> list[Card]:
    """Cards from codes separated by spaces (for doctests and tests)."""
    return parse_cards(text.split())


def is_wild(card: Card) -> bool:
    """Jokers and twos."""
    return card.is_joker or card.rank == "2"


def is_red_three(card: Card) -> bool:
    return card.rank == "3" and card.suit in ("H", "D")


def card_points(card: Card, scale: CardPoints = "standard") -> int:
    """A card's points: joker 50, two and ace 20, K–8 10 and 7–4 5 (``ten_high``: K–10 10 and
    9–4 5), black three 5. A red three is never counted as a card (0): it is a bonus laid out
    or, held, what the rules make it (:mod:`.hand`).

    >>> [card_points(c, "ten_high") for c in cards("KD 10S 9C 4H 3S 3H 2C AD")]
    [10, 10, 5, 5, 5, 0, 20, 20]
    """
    if card.is_joker:
        return 50
    if card.rank in ("2", "A"):
        return 20
    if card.rank == "3":
        return 0 if is_red_three(card) else 5
    low = 9 if scale == "ten_high" else 7
    return 5 if card.number <= low else 10


def points_of(held: Iterable[Card], scale: CardPoints = "standard") -> int:
    """The points of some cards."""
    return sum(card_points(card, scale) for card in held)


def judge_meld(rules: CanastaRules, meld: Sequence[Card], going_out: bool = False) -> JudgedMeld:
    """One same-rank meld judged under ``rules``; ``going_out``: the side melding it went out
    (black threes meld only then, three or four and no wild; Hand and Foot melds no threes).

    >>> from .rules import HANDFOOT_DEFAULTS
    >>> [p.code for p in judge_meld(HANDFOOT_DEFAULTS, cards("3S 3C 3S"), True).problems]
    ['threes_in_meld']
    >>> [p.code for p in judge_meld(CanastaRules(), cards("3S 3C 3S"), False).problems]
    ['black_threes_not_going_out']
    >>> judge_meld(CanastaRules(), cards("3S 3C 3S 3C"), True).points
    20
    >>> for p in judge_meld(CanastaRules(), cards("JK 5D 5H 3H 6C")).problems: print(p.text)
    a red three is never melded
    a meld is cards of one rank: 5, 6
    """
    held = tuple(meld)
    wilds = [card for card in held if is_wild(card)]
    naturals = [card for card in held if not is_wild(card) and not is_red_three(card)]
    ranks = list(dict.fromkeys(card.rank for card in naturals))
    rank = ranks[0] if len(ranks) == 1 else None
    book = rules.handfoot
    size = len(held)
    natural = not wilds
    special: Special | None = None
    if book and size >= CANASTA_SIZE:
        if rank == "7" and natural and rules.sevens_book_bonus is not None:
            special = "sevens"
        elif not naturals and rules.wild_book_bonus is not None:
            special = "wild"
    wild_only_allowed = size >= CANASTA_SIZE and (
        rules.wild_book_bonus is not None if book else rules.wild_canasta_bonus is not None
    )
    problems = [
        Problem(code, text, field="melds")
        for code, text in _refusals(rules, held, naturals, wilds, ranks, going_out)
        if not (wild_only_allowed and not naturals and code in _WILD_ONLY_EXEMPT)
    ]
    kind: Kind = "meld" if size < CANASTA_SIZE else "book" if book else "canasta"
    return JudgedMeld(
        held,
        kind,
        natural,
        points_of(held, rules.card_points),
        len(naturals),
        len(wilds),
        rank,
        special,
        tuple(problems),
    )


#: Refusals a canasta or book of wilds only escapes, where its bonus is on.
_WILD_ONLY_EXEMPT = frozenset({"wilds_only", "too_few_naturals", "too_many_wilds", "wild_limit"})


def _refusals(
    rules: CanastaRules,
    held: tuple[Card, ...],
    naturals: list[Card],
    wilds: list[Card],
    ranks: list[str],
    going_out: bool,
) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    if len(held) < 3:
        found.append(("too_few_cards", f"a meld is three cards or more, not {len(held)}"))
    if any(is_red_three(card) for card in held):
        found.append(("red_three_in_meld", "a red three is never melded"))
    if len(ranks) > 1:
        found.append(("mixed_ranks", f"a meld is cards of one rank: {', '.join(ranks)}"))
    if not naturals:
        found.append(("wilds_only", "wilds alone are not a meld"))
    black_threes = [card for card in naturals if card.rank == "3" and not is_red_three(card)]
    if black_threes:
        if rules.handfoot:
            found.append(("threes_in_meld", "Hand and Foot melds no threes"))
        elif not going_out:
            found.append(
                ("black_threes_not_going_out", "black threes meld only for the side going out")
            )
        elif wilds:
            found.append(("black_threes_with_wilds", "black threes meld without wilds"))
        elif len(held) > 4:
            found.append(("too_many_black_threes", "black threes meld three or four"))
    count = len(naturals)
    if naturals and count < rules.min_naturals:
        found.append(
            ("too_few_naturals", f"a meld needs {rules.min_naturals} naturals, not {count}")
        )
    if len(wilds) > rules.max_wilds:
        found.append(
            ("too_many_wilds", f"a meld holds at most {rules.max_wilds} wilds, not {len(wilds)}")
        )
    if naturals and rules.wild_limit == "naturals_at_least_wilds" and len(wilds) > count:
        found.append(("wild_limit", f"{len(wilds)} wilds to {count} naturals: too many wilds"))
    if naturals and rules.wild_limit == "naturals_majority" and len(wilds) >= count:
        found.append(
            ("wild_limit", f"{len(wilds)} wilds to {count} naturals: naturals must outnumber")
        )
    return found
