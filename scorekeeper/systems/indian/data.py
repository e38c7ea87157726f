"""Indian Rummy's own stored data, typed: what a player's part of a stored deal holds. The store
keeps it as JSON in the part's ``system_data`` column; this model is the only way in or out, so
a malformed value (a deal edited by hand, an import) is an :class:`~.rules.IndianError` naming
it, never a wrong score.

A part holds the player's final cards as the table gave them (``cards``), or the points it
counted (``counted``), the melds as laid where the scorer gave them (``melds``), and what the
player did: ``declared``, ``drop`` (``first`` or ``middle``), ``wrong_show``, and ``rejoin`` (a
pool player coming back in with this deal). The deal's wild rank is the round's own column.

>>> part = PartData.from_json({"cards": ["AS", "JK"], "declared": True})
>>> part.cards, part.declared, part.to_json()
(('AS', 'JK'), True, {'cards': ['AS', 'JK'], 'declared': True})
>>> PartData.from_json({"drop": "first"}).to_json()
{'drop': 'first'}
>>> PartData.from_json({"drop": "late"})
Traceback (most recent call last):
  ...
scorekeeper.systems.indian.rules.IndianError: a drop is first or middle, not 'late'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine.cards import Card, CardError
from .deal import Drop
from .rules import IndianError

_KEYS = {"cards", "counted", "melds", "declared", "drop", "wrong_show", "rejoin"}
_FLAGS = ("declared", "wrong_show", "rejoin")


def _card(code: object) -> str:
    try:
        if not isinstance(code, str):
            raise CardError(repr(code))
        Card.from_code(code)
    except CardError:
        raise IndianError(f"a stored card is a card code, not {code!r}") from None
    return code


@dataclass(frozen=True)
class PartData:
    """A player's part of a stored deal (see the module's notes)."""

    cards: tuple[str, ...] = ()
    counted: int | None = None
    melds: tuple[tuple[str, ...], ...] | None = None
    declared: bool = False
    drop: Drop | None = None
    wrong_show: bool = False
    rejoin: bool = False

    @classmethod
    def from_json(cls, value: object) -> PartData:
        if not isinstance(value, dict) or not set(value) <= _KEYS:
            raise IndianError(f"an Indian deal's part holds {sorted(_KEYS)}, not {value!r}")
        cards = value.get("cards", [])
        if not isinstance(cards, list) or len(cards) > 14:
            raise IndianError(f"a part's cards are a list of up to 14, not {cards!r}")
        counted = value.get("counted")
        if counted is not None and (type(counted) is not int or not 0 <= counted <= 1000):
            raise IndianError(f"a counted score is 0 to 1000, not {counted!r}")
        melds = value.get("melds")
        if melds is not None and (
            not isinstance(melds, list) or not all(isinstance(meld, list) for meld in melds)
        ):
            raise IndianError(f"a part's melds are lists of cards, not {melds!r}")
        drop = value.get("drop")
        if drop not in (None, "first", "middle"):
            raise IndianError(f"a drop is first or middle, not {drop!r}")
        flags = {name: value.get(name, False) for name in _FLAGS}
        for name, flag in flags.items():
            if type(flag) is not bool:
                raise IndianError(f"{name} is true or false, not {flag!r}")
        return cls(
            tuple(_card(code) for code in cards),
            counted,
            None if melds is None else tuple(tuple(_card(c) for c in meld) for meld in melds),
            flags["declared"],
            drop,
            flags["wrong_show"],
            flags["rejoin"],
        )

    def to_json(self) -> dict[str, Any]:
        """Only what the part has: no empty cards, no false flags."""
        out: dict[str, Any] = {}
        if self.cards:
            out["cards"] = list(self.cards)
        if self.counted is not None:
            out["counted"] = self.counted
        if self.melds is not None:
            out["melds"] = [list(meld) for meld in self.melds]
        for name in _FLAGS:
            if getattr(self, name):
                out[name] = True
        if self.drop is not None:
            out["drop"] = self.drop
        return out
