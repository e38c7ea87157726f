"""Declared wild readings in requests (API.md, "Declared wild readings"): ``"JK=5C"``.

The request models make such codes canonical (:data:`.types.MeldCardCode`); here they become
the engine's cards and declared readings, and a declaration on a card that is not wild under the
round's rules is refused with a 400 naming its field. Whether a declared reading makes the meld
illegal is the referee's to say (a verdict, or a round's problem), not an error of the request.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.cards import Card, declared_code, parse_declared
from ..engine.melds import CardReading
from ..engine.points import Context
from .errors import ApiError

#: Per card, its declared reading or None; ``()`` when nothing is declared (as the engine's
#: records hold it).
Declared = tuple[Card | None, ...]


def split_declared(codes: Sequence[str]) -> tuple[tuple[Card, ...], Declared]:
    """Cards and their declared readings from canonical codes (``"JK=5C"``, ``"9S"``)."""
    pairs = [parse_declared(code) for code in codes]
    cards = tuple(card for card, _ in pairs)
    declared = tuple(reading for _, reading in pairs)
    return cards, declared if any(reading is not None for reading in declared) else ()


def fixed_at(declared: Declared, offset: int = 0) -> dict[int, Card]:
    """The declared readings by position (from ``offset``), as ``check_meld``'s ``fixed``."""
    return {offset + i: reading for i, reading in enumerate(declared) if reading is not None}


def refuse_tame_declarations(ctx: Context, where: str, codes: Sequence[str]) -> None:
    """A 400 naming the first card of ``codes`` (the field ``where``) that carries a reading
    although it is not wild under these rules (a natural card always stands for itself)."""
    for index, code in enumerate(codes):
        card, reading = parse_declared(code.removesuffix("!"))
        if reading is not None and not ctx.is_wild(card):
            raise ApiError(
                f"{where}[{index}]: {code} declares a reading, but {card} is not wild under "
                "these rules (only a wild card may be declared as another card)"
            )


def reading_code(reading: CardReading, declared: Card | None = None) -> str:
    """A card as it reads in its meld, the way a request declares it: ``JK=5C`` for a card
    that stands for another, the plain code otherwise; a reading ``declared`` for it is shown
    as declared (also where the meld is illegal and the verdict reads the card as itself)."""
    if declared is not None:
        return declared_code(reading.card, declared)
    return declared_code(reading.card, None if reading.as_card == reading.card else reading.as_card)
