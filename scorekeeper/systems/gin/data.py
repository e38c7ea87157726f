"""Gin's own stored data, typed: what a player's part of a stored round holds. The store keeps
it as JSON in the part's ``system_data`` column; this model is the only way in or out, so a
malformed value (a round edited by hand, an import) is a :class:`~.hand.GinError` naming it,
never a wrong score.

A part holds the player's final cards as the table gave them (``cards``), or the figure it
counted (``counted``: the knocker's deadwood, the defender's after laying off), whether they
knocked (and with big gin), the hand's upcard under Oklahoma and whether it was dead (the same
on both parts of a hand), in partnership gin the opponent's seat (``against``), and the hand's
result as scored (``result``, cached beside the part's ``total`` for the stats); and the melds as
laid, where the scorer gave them (``melds``: taken as they are, never arranged again).

>>> part = PartData.from_json({"cards": ["AS", "2S", "3S"], "knocked": True})
>>> part.cards, part.knocked, part.to_json()
(('AS', '2S', '3S'), True, {'cards': ['AS', '2S', '3S'], 'knocked': True})
>>> PartData.from_json({"counted": 14}).to_json()
{'counted': 14}
>>> PartData.from_json({"cards": ["1S"]})
Traceback (most recent call last):
  ...
scorekeeper.systems.gin.hand.GinError: a stored card is a card code, not '1S'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine.cards import Card, CardError
from .hand import GinError

_KEYS = {"cards", "melds", "counted", "knocked", "big_gin", "upcard", "dead", "against", "result"}
#: A hand's results, as a part caches them.
RESULTS = ("knock", "undercut", "gin", "big_gin", "dead")


def _card(code: object) -> str:
    try:
        if not isinstance(code, str):
            raise CardError(repr(code))
        Card.from_code(code)
    except CardError:
        raise GinError(f"a stored card is a card code, not {code!r}") from None
    return code


@dataclass(frozen=True)
class PartData:
    """A player's part of a stored Gin round (see the module's notes)."""

    cards: tuple[str, ...] = ()
    counted: int | None = None
    knocked: bool = False
    big_gin: bool = False
    upcard: str | None = None
    dead: bool = False
    against: int | None = None  # partnership gin: the opponent's seat
    result: str | None = None  # cached: the hand's result as scored (the stats read it)
    melds: tuple[tuple[str, ...], ...] | None = None  # as laid, where the scorer gave them

    @classmethod
    def from_json(cls, value: object) -> PartData:
        if not isinstance(value, dict) or not set(value) <= _KEYS:
            raise GinError(f"a Gin round's part holds {sorted(_KEYS)}, not {value!r}")
        cards = value.get("cards", [])
        if not isinstance(cards, list) or len(cards) > 11:
            raise GinError(f"a part's cards are a list of up to eleven, not {cards!r}")
        counted = value.get("counted")
        if counted is not None and (type(counted) is not int or not 0 <= counted <= 98):
            raise GinError(f"a counted deadwood is 0 to 98, not {counted!r}")
        if counted is not None and cards:
            raise GinError("a part holds the cards or the count, not both")
        flags = {name: value.get(name, False) for name in ("knocked", "big_gin", "dead")}
        for name, flag in flags.items():
            if type(flag) is not bool:
                raise GinError(f"{name} is true or false, not {flag!r}")
        upcard = value.get("upcard")
        against = value.get("against")
        if against is not None and (type(against) is not int or not 0 <= against <= 3):
            raise GinError(f"an opponent is a seat from 0 to 3, not {against!r}")
        melds = value.get("melds")
        if melds is not None and (
            not isinstance(melds, list) or not all(isinstance(meld, list) for meld in melds)
        ):
            raise GinError(f"a part's melds are lists of cards, not {melds!r}")
        result = value.get("result")
        if result is not None and result not in RESULTS:
            raise GinError(f"a hand's result is one of {', '.join(RESULTS)}, not {result!r}")
        return cls(
            tuple(_card(code) for code in cards),
            counted,
            flags["knocked"],
            flags["big_gin"],
            None if upcard is None else _card(upcard),
            flags["dead"],
            against,
            result,
            None if melds is None else tuple(tuple(_card(c) for c in meld) for meld in melds),
        )

    def to_json(self) -> dict[str, Any]:
        """Only what the part has: no empty cards, no false flags."""
        out: dict[str, Any] = {}
        if self.cards:
            out["cards"] = list(self.cards)
        if self.counted is not None:
            out["counted"] = self.counted
        for name in ("knocked", "big_gin", "dead"):
            if getattr(self, name):
                out[name] = True
        if self.upcard is not None:
            out["upcard"] = self.upcard
        if self.against is not None:
            out["against"] = self.against
        if self.result is not None:
            out["result"] = self.result
        if self.melds is not None:
            out["melds"] = [list(meld) for meld in self.melds]
        return out
