"""The round form's fields as text: what the scorer's phone sends, cut to size, and back.

Per player (seat ``i``, from 0) the form sends ``p{i}-mode`` (``cards`` or ``totals``),
``p{i}-table`` and ``p{i}-hand`` (card codes, space-separated, in tap order), ``p{i}-layout``
(empty: the app groups the table cards; otherwise a grouping by hand, :mod:`.layout`) and
``p{i}-melded`` / ``p{i}-in_hand`` (numbers, in totals mode); then the round's own fields:
``dealer``, ``wild_rank``, ``joker_effect``, ``went_out`` (a seat, or ``stock``), ``version``
and ``key`` (against a stale form and a double save), the accepted warnings and the current tab.
The form also carries requests that are not the round's state, read by :mod:`.regroup`: ``sync``
(what the picker changed), ``moving`` (the chip being moved), and the move sheet's ``regroup``,
``shown`` and ``layout``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

__all__ = [
    "MAX_FIELD",
    "MAX_KEY",
    "STOCK",
    "PlayerFields",
    "RoundFields",
    "blank_fields",
    "valid_key",
    "warnings_digest",
]

#: The longest text field taken (longer is cut): far more than any real round needs.
MAX_FIELD = 2000
#: The longest idempotency key (the column's width).
MAX_KEY = 100
#: ``went_out`` when nobody went out: the stock ran out.
STOCK = "stock"


@dataclass(frozen=True)
class PlayerFields:
    """One player's fields, as text."""

    mode: str = "cards"
    table: str = ""
    hand: str = ""
    layout: str = ""
    melded: str = ""
    in_hand: str = ""

    @property
    def by_totals(self) -> bool:
        return self.mode == "totals"


@dataclass(frozen=True)
class RoundFields:
    """The whole form, as text (nothing checked yet)."""

    players: tuple[PlayerFields, ...]
    dealer: str = ""
    wild_rank: str = ""
    joker_effect: str = ""
    went_out: str = ""
    version: str = ""
    key: str = ""
    accept_warnings: bool = False
    warnings_seen: str = ""
    current: int = 0

    @classmethod
    def from_fields(cls, fields: Mapping[str, str], seats: int) -> RoundFields:
        """The form's fields for ``seats`` players; missing fields are empty.

        >>> form = RoundFields.from_fields({"p1-table": " 8s 9s ", "went_out": "1"}, 2)
        >>> form.players[1].table, form.players[0].mode, form.went_out
        ('8s 9s', 'cards', '1')
        """

        def text(name: str) -> str:
            value = fields.get(name, "")
            return value.strip()[:MAX_FIELD] if isinstance(value, str) else ""

        players = tuple(
            PlayerFields(
                mode="totals" if text(f"p{i}-mode") == "totals" else "cards",
                table=text(f"p{i}-table"),
                hand=text(f"p{i}-hand"),
                layout=text(f"p{i}-layout"),
                melded=text(f"p{i}-melded"),
                in_hand=text(f"p{i}-in_hand"),
            )
            for i in range(seats)
        )
        current = text("current")
        return cls(
            players,
            dealer=text("dealer"),
            wild_rank=text("wild_rank"),
            joker_effect=text("joker_effect"),
            went_out=text("went_out"),
            version=text("version"),
            key=text("key"),
            accept_warnings=text("accept_warnings") in ("1", "on", "yes", "true"),
            warnings_seen=text("warnings_seen"),
            current=int(current) if current.isdigit() and int(current) < seats else 0,
        )

    def to_fields(self) -> dict[str, str]:
        """The fields as the form sends them (for tests and for re-rendering)."""
        fields = {
            "dealer": self.dealer,
            "wild_rank": self.wild_rank,
            "joker_effect": self.joker_effect,
            "went_out": self.went_out,
            "version": self.version,
            "key": self.key,
            "current": str(self.current),
            "warnings_seen": self.warnings_seen,
        }
        if self.accept_warnings:
            fields["accept_warnings"] = "1"
        for i, player in enumerate(self.players):
            fields.update(
                {
                    f"p{i}-mode": player.mode,
                    f"p{i}-table": player.table,
                    f"p{i}-hand": player.hand,
                    f"p{i}-layout": player.layout,
                    f"p{i}-melded": player.melded,
                    f"p{i}-in_hand": player.in_hand,
                }
            )
        return fields


def blank_fields(
    seats: int, *, dealer: str = "", wild_rank: str = "", version: int = 0, key: str = ""
) -> RoundFields:
    """A new round's form: nobody has any cards yet."""
    return RoundFields(
        tuple(PlayerFields() for _ in range(seats)),
        dealer=dealer,
        wild_rank=wild_rank,
        version=str(version),
        key=key,
    )


def valid_key(text: str) -> str | None:
    """An idempotency key as the form sent it: 1 to 100 visible ASCII characters, else None.

    >>> valid_key("3f2a"), valid_key(""), valid_key("a b"), valid_key("\\x00")
    ('3f2a', None, None, None)
    """
    if 1 <= len(text) <= MAX_KEY and all("!" <= char <= "~" for char in text):
        return text
    return None


def warnings_digest(warnings: Iterable[str]) -> str:
    """A short fingerprint of the warnings the scorer was shown (and may accept).

    >>> warnings_digest(["a"]) == warnings_digest(["a"]) != warnings_digest(["b"])
    True
    """
    return hashlib.sha256("\n".join(warnings).encode()).hexdigest()[:16]
