"""The Spades hand form's fields: what the scorer's phone sends, and what it means (no Flask).

Per player (seat ``i``, from 0) the form sends ``bid-{i}`` (``nil``, ``blind_nil`` or ``1`` to
``13``; empty: not bid yet) and ``tricks-{i}`` (``0`` to ``13``; empty: not played yet); then
``dealer``, ``version`` and ``key`` (against a stale form and a double save) and the button
pressed, ``save``: ``bids`` (the hand in play's bids, before it is played) or ``hand``.

>>> fields = HandFields.from_form({"bid-0": "4", "bid-1": "nil", "tricks-0": "5"}, 4)
>>> read = read_hand(fields, ["Ann", "Bob", "Cy", "Dee"], blind_nil=True)
>>> read.bids, read.tricks[:2], read.taken, read.missing
([4, 'nil', None, None], [5, None], 5, 8)
>>> read.errors["bid-2"]
'What did Cy bid?'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .rules import TRICKS, Bid, SpadesHand, SpadesPlayer

#: The longest idempotency key (the column's width).
MAX_KEY = 100
BID_CHOICES = ("nil", *(str(n) for n in range(1, TRICKS + 1)))


@dataclass(frozen=True)
class HandFields:
    """The whole form, as text (nothing checked yet)."""

    bids: tuple[str, ...]
    tricks: tuple[str, ...]
    dealer: str = ""
    version: str = ""
    key: str = ""
    save: str = ""

    @classmethod
    def from_form(cls, form: Mapping[str, str], seats: int) -> HandFields:
        def text(name: str) -> str:
            return (form.get(name) or "").strip()[:MAX_KEY]

        return cls(
            tuple(text(f"bid-{seat}") for seat in range(seats)),
            tuple(text(f"tricks-{seat}") for seat in range(seats)),
            text("dealer"),
            text("version"),
            text("key"),
            text("save"),
        )


@dataclass(frozen=True)
class ReadHand:
    """The form read: each bid and each player's tricks (None where not given), and what is
    wrong with a field (shown once the scorer tries to save)."""

    bids: list[Bid | None]
    tricks: list[int | None]
    errors: dict[str, str] = field(default_factory=dict)

    @property
    def taken(self) -> int:
        return sum(tricks or 0 for tricks in self.tricks)

    @property
    def missing(self) -> int:
        """Tricks still to give out (negative: too many)."""
        return TRICKS - self.taken

    @property
    def all_bid(self) -> bool:
        return all(bid is not None for bid in self.bids)

    @property
    def all_played(self) -> bool:
        return all(tricks is not None for tricks in self.tricks)

    @property
    def any_played(self) -> bool:
        return any(tricks is not None for tricks in self.tricks)

    def bid_errors(self) -> dict[str, str]:
        return {key: error for key, error in self.errors.items() if key.startswith("bid-")}

    def hand(self, names: Sequence[str]) -> SpadesHand:
        """The hand as read, the players in seat order (those who bid)."""
        return SpadesHand(
            tuple(
                SpadesPlayer(name, bid, tricks or 0)
                for name, bid, tricks in zip(names, self.bids, self.tricks, strict=True)
                if bid is not None
            )
        )


def read_hand(fields: HandFields, names: Sequence[str], *, blind_nil: bool) -> ReadHand:
    """Each field read, and an error for each one missing or wrong."""
    bids: list[Bid | None] = []
    tricks: list[int | None] = []
    errors: dict[str, str] = {}
    for seat, name in enumerate(names):
        bid_text = fields.bids[seat]
        bid: Bid | None = None
        if bid_text == "nil" or bid_text == "0":
            bid = "nil"
        elif bid_text == "blind_nil":
            bid = "blind_nil"
            if not blind_nil:
                errors[f"bid-{seat}"] = "These rules do not allow blind nil."
        elif bid_text.isascii() and bid_text.isdigit() and 1 <= int(bid_text) <= TRICKS:
            bid = int(bid_text)
        elif bid_text:
            errors[f"bid-{seat}"] = "A bid is nil, blind nil or 1 to 13."
        else:
            errors[f"bid-{seat}"] = f"What did {name} bid?"
        bids.append(bid)
        text = fields.tricks[seat]
        taken: int | None = None
        if text.isascii() and text.isdigit() and int(text) <= TRICKS:
            taken = int(text)
        elif text:
            errors[f"tricks-{seat}"] = "Tricks are 0 to 13."
        else:
            errors[f"tricks-{seat}"] = f"How many tricks did {name} take?"
        tricks.append(taken)
    return ReadHand(bids, tricks, errors)


def bid_field(bid: Bid | None) -> str:
    """A bid as the form holds it."""
    return "" if bid is None else str(bid)
