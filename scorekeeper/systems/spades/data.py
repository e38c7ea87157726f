"""Spades' own stored data, typed: what a hand's part holds (a bid and the tricks taken) and what
the game holds (the bids of the hand in play). The store keeps each as JSON in a
``system_data`` column; these models are the only way in or out, so a malformed value (a hand
edited by hand, an import) is a :class:`~.rules.SpadesError` naming it, never a wrong score.

>>> part = PartData.from_json({"bid": "nil", "tricks": 1})
>>> part, part.to_json()
(PartData(bid='nil', tricks=1), {'bid': 'nil', 'tricks': 1})
>>> GameData.from_json({"bids_in_play": [4, "nil", 3, "blind_nil"]}).bids_in_play
(4, 'nil', 3, 'blind_nil')
>>> GameData.from_json(None), GameData().to_json() is None
(GameData(bids_in_play=None), True)
>>> PartData.from_json({"bid": "4", "tricks": 14})
Traceback (most recent call last):
  ...
scorekeeper.systems.spades.rules.SpadesError: a player takes 0 to 13 tricks, not 14
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .rules import TRICKS, Bid, SpadesError, parse_bid


def bid_text(bid: Bid) -> str:
    """A bid as stored and as forms send it: ``"4"``, ``"nil"``, ``"blind_nil"``."""
    return str(bid)


def _stored_bid(value: object) -> Bid:
    """A stored bid read back (``"4"`` as stored; 4 as the bids in play keep it)."""
    if isinstance(value, str) and value.isdigit():
        return parse_bid(int(value))
    return parse_bid(value)


def _keys(value: object, wanted: set[str], what: str) -> dict[str, Any]:
    if not isinstance(value, dict) or set(value) != wanted:
        raise SpadesError(f"{what} is {sorted(wanted)}, not {value!r}")
    return value


@dataclass(frozen=True)
class PartData:
    """A player's part of a stored hand."""

    bid: Bid
    tricks: int

    @classmethod
    def from_json(cls, value: object) -> PartData:
        data = _keys(value, {"bid", "tricks"}, "a hand's part")
        tricks = data["tricks"]
        if type(tricks) is not int or not 0 <= tricks <= TRICKS:
            raise SpadesError(f"a player takes 0 to {TRICKS} tricks, not {tricks!r}")
        return cls(_stored_bid(data["bid"]), tricks)

    def to_json(self) -> dict[str, Any]:
        return {"bid": bid_text(self.bid), "tricks": self.tricks}


@dataclass(frozen=True)
class GameData:
    """A Spades game's own data: the bids of the hand in play in seat order, once noted and
    until its tricks are recorded."""

    bids_in_play: tuple[Bid, ...] | None = None

    @classmethod
    def from_json(cls, value: object) -> GameData:
        if value is None:
            return cls()
        bids = _keys(value, {"bids_in_play"}, "a Spades game's data")["bids_in_play"]
        if bids is None:
            return cls()
        if not isinstance(bids, list):
            raise SpadesError(f"the bids in play are a list, not {bids!r}")
        return cls(tuple(_stored_bid(bid) for bid in bids))

    @classmethod
    def of(cls, bids: Sequence[Bid] | None) -> GameData:
        return cls(None if bids is None else tuple(bids))

    def to_json(self) -> dict[str, Any] | None:
        """None without bids in play (the column holds nothing then)."""
        if self.bids_in_play is None:
            return None
        return {"bids_in_play": list(self.bids_in_play)}
