"""Regrouping on the server: the move sheet's requests, and groupings by hand kept in step with the
card picker. The phone never reads or writes the grouping grammar (:mod:`.layout`) nor decides
what is wild: it sends what was tapped, and the answer writes the changed fields back.

Besides the form's fields, a request to the preview URL may carry:

- ``regroup`` (the move sheet's buttons, ``hx-vals``): for the card in ``moving``
  (``<seat> <group index, or hand> <position> <code>``, the chip the scorer tapped), one of
  ``meld:<group index>`` (into that meld), ``new`` (a meld of its own), ``onto:<seat>.<meld>``
  (laid off by hand onto that meld), ``hand`` (back to the hand) and ``flag:<flag>`` (``once``,
  ``doubled`` or ``final`` on its group, ``called`` on the card), starting from ``shown``: that
  player's grouping as the preview showed it, the app's or one by hand. Or ``group:<seat>`` with
  ``layout``: that player's grouping as given (a wild card's reading chosen; empty: the app
  groups the cards again). Or ``once:<seat>.<group index>`` with ``shown``: that meld's "laid
  down at once" flag turned over (the one tap a four of a kind asks for where it doubles).
- ``sync`` (a hidden field the picker fills): the seats whose cards the picker changed, whose
  grouping by hand then follows the table cards (:func:`~.layout.fitted`), and ``wild`` when the
  round's wild rank or the dealer's joker changed, after which a card no longer wild keeps no
  declared reading.

When a meld is emptied, the layoffs by hand onto that player's later melds are renumbered, and
those onto the emptied meld become melds of their own (the preview then says why they fail).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from ...engine.cards import Card, CardError
from .fields import RoundFields
from .layout import FormError, Group, fitted, format_layout, parse_codes_leniently, parse_layout
from .reading import FormGame, context_of

__all__ = ["Regrouped", "follow_picker", "regroup"]

#: The typed fields a regrouping may change, per seat.
FIELD_KEYS = ("table", "hand", "layout")


@dataclass(frozen=True)
class Regrouped:
    """The fields after regrouping, and those that changed (to write back): (seat, key), the
    key one of :data:`FIELD_KEYS` (the field ``p{seat}-{key}``)."""

    fields: RoundFields
    written: tuple[tuple[int, str], ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(f"p{seat}-{key}" for seat, key in self.written)


@dataclass
class _Group:
    """A group being edited: its cards as (card, called, declared), None where one was taken."""

    cards: list[tuple[Card, bool, Card | None] | None]
    onto: tuple[int, int] | None = None
    flags: dict[str, bool] = field(default_factory=dict)

    @classmethod
    def of(cls, group: Group) -> _Group:
        cards: list[tuple[Card, bool, Card | None] | None] = list(
            zip(group.cards, group.called, group.declared, strict=True)
        )
        flags = {"once": group.once, "doubled": group.doubled, "final": group.final}
        return cls(cards, group.onto, flags)

    def group(self) -> Group:
        kept = [card for card in self.cards if card is not None]
        return Group(
            tuple(card for card, _, _ in kept),
            tuple(called for _, called, _ in kept),
            self.onto,
            self.flags.get("once", False),
            self.flags.get("doubled", False),
            self.flags.get("final", False),
            tuple(declared for _, _, declared in kept),
        )


def _renumbered(layouts: list[str], seat: int, gone: tuple[int, ...], seats: int) -> list[str]:
    """The groupings by hand once the melds ``gone`` (meld numbers) of ``seat`` are emptied."""
    if not gone:
        return layouts
    out = []
    for text in layouts:
        try:
            groups = parse_layout(text, seats) if text else []
        except FormError:
            out.append(text)
            continue
        moved = []
        for group in groups:
            if group.onto is None or group.onto[0] != seat:
                moved.append(group)
            elif group.onto[1] in gone:
                moved.append(replace(group, onto=None, final=False))
            else:
                meld = group.onto[1]
                moved.append(replace(group, onto=(seat, meld - sum(m < meld for m in gone))))
        out.append(format_layout(moved) if groups else text)
    return out


def _with(fields: RoundFields, seat_values: Mapping[tuple[int, str], str]) -> RoundFields:
    players = list(fields.players)
    for (seat, key), value in seat_values.items():
        players[seat] = replace(players[seat], **{key: value})
    return replace(fields, players=tuple(players))


def _written(before: RoundFields, after: RoundFields) -> Regrouped:
    changed = tuple(
        (seat, key)
        for seat, (old, new) in enumerate(zip(before.players, after.players, strict=True))
        for key in FIELD_KEYS
        if getattr(old, key) != getattr(new, key)
    )
    return Regrouped(after, changed)


def follow_picker(fields: RoundFields, sync: str, game: FormGame) -> Regrouped:
    """The groupings by hand brought in step with the picker (``sync``, the module docstring)."""
    seats = len(game.names)
    words = sync.split()
    layouts = [player.layout for player in fields.players]
    for word in words:
        if not (word.isdigit() and int(word) < seats):
            continue
        seat = int(word)
        entry = fields.players[seat]
        if entry.by_totals or not layouts[seat]:
            continue
        try:
            groups = parse_layout(layouts[seat], seats)
        except FormError:
            continue
        kept, gone = fitted(groups, parse_codes_leniently(entry.table)[0])
        layouts[seat] = format_layout(kept)
        layouts = _renumbered(layouts, seat, gone, seats)
    if "wild" in words:
        ctx = context_of(fields, game)
        for seat, text in enumerate(layouts):
            if "=" not in text:
                continue
            try:
                groups = parse_layout(text, seats)
            except FormError:
                continue
            tame = [
                replace(
                    group,
                    declared=tuple(
                        reading if ctx.is_wild(card) else None
                        for card, reading in zip(group.cards, group.declared, strict=True)
                    ),
                )
                for group in groups
            ]
            layouts[seat] = format_layout(tame)
    changed = {
        (seat, "layout"): text
        for seat, text in enumerate(layouts)
        if text != fields.players[seat].layout
    }
    return _written(fields, _with(fields, changed))


def _codes(text: str) -> list[str]:
    """A card field's words, those that are cards written as their codes."""
    out = []
    for word in text.replace(",", " ").split():
        try:
            out.append(Card.from_code(word).code())
        except CardError:
            out.append(word)
    return out


def _take_last(codes: list[str], card: Card) -> bool:
    code = card.code()
    for index in range(len(codes) - 1, -1, -1):
        if codes[index] == code:
            del codes[index]
            return True
    return False


def _target(text: str, seats: int) -> tuple[int, int] | None:
    seat, dot, meld = text.partition(".")
    if dot and seat.isdigit() and meld.isdigit() and len(meld) < 4 and int(seat) < seats:
        return int(seat), int(meld)
    return None


def _moved(fields: RoundFields, form: Mapping[str, str], game: FormGame) -> RoundFields | None:
    """The fields with the move sheet's request done (the module docstring); None when it
    names no card there (the preview has changed since, say)."""
    seats = len(game.names)
    moving = form.get("moving", "").split()
    to = form.get("regroup", "")
    if len(moving) != 4 or not moving[0].isdigit() or int(moving[0]) >= seats:
        return None
    seat, source, position_text, code = moving
    seat_number = int(seat)
    entry = fields.players[seat_number]
    if entry.by_totals or not position_text.isdigit():
        return None
    position = int(position_text)
    try:
        card = Card.from_code(code.removesuffix("!"))
        groups = [_Group.of(group) for group in parse_layout(form.get("shown", ""), seats)]
    except (CardError, FormError):
        return None
    table, hand = _codes(entry.table), _codes(entry.hand)
    if source == "hand":
        if to == "hand" or to.startswith("flag:") or not _take_last(hand, card):
            return None
        table.append(card.code())
        moving_card: tuple[Card, bool, Card | None] = (card, False, None)
    else:
        if not source.isdigit() or int(source) >= len(groups):
            return None
        group = groups[int(source)]
        taken = group.cards[position] if position < len(group.cards) else None
        if taken is None or taken[0] != card:
            return None
        if to.startswith("flag:"):
            flag = to.removeprefix("flag:")
            if flag == "called":
                group.cards[position] = (card, not taken[1], taken[2])
            elif (flag in ("once", "doubled") and group.onto is None) or (
                flag == "final" and group.onto is not None
            ):
                group.flags[flag] = not group.flags.get(flag, False)
            else:
                return None
            return _with(
                fields, {(seat_number, "layout"): format_layout(g.group() for g in groups)}
            )
        group.cards[position] = None
        moving_card = (card, taken[1], None)  # a declared reading stays with its meld
    if to == "hand":
        _take_last(table, card)
        hand.append(card.code())
    elif to == "new":
        groups.append(_Group([moving_card]))
    elif to.startswith("meld:") and to[5:].isdigit():
        index = int(to[5:])
        if index < len(groups):
            groups[index].cards.append(moving_card)
        else:
            groups.append(_Group([moving_card]))
    elif to.startswith("onto:") and (onto := _target(to[5:], seats)) is not None:
        layoff = next(
            (g for g in groups if g.onto == onto and not g.flags.get("final", False)), None
        )
        if layoff is not None:
            layoff.cards.append(moving_card)
        else:
            groups.append(_Group([moving_card], onto))
    else:
        return None
    gone = []
    melds = 0
    for group in groups:
        if group.onto is None:
            if all(card is None for card in group.cards):
                gone.append(melds)
            melds += 1
    layouts = [player.layout for player in fields.players]
    layouts[seat_number] = format_layout(g.group() for g in groups if any(g.cards))
    layouts = _renumbered(layouts, seat_number, tuple(gone), seats)
    changed = {(s, "layout"): text for s, text in enumerate(layouts)}
    changed[(seat_number, "table")] = " ".join(table)
    changed[(seat_number, "hand")] = " ".join(hand)
    return _with(fields, changed)


def regroup(fields: RoundFields, form: Mapping[str, str], game: FormGame) -> Regrouped:
    """The fields after the request's regrouping (``sync``, then ``regroup``: the module
    docstring), and those that changed."""
    followed = follow_picker(fields, form.get("sync", ""), game).fields
    to = form.get("regroup", "")
    if to.startswith("group:") and to[6:].isdigit() and int(to[6:]) < len(game.names):
        seat = int(to[6:])
        if not followed.players[seat].by_totals:
            followed = _with(followed, {(seat, "layout"): form.get("layout", "").strip()})
    elif to.startswith("once:") and (where := _target(to[5:], len(game.names))) is not None:
        followed = _laid_at_once(followed, where, form.get("shown", ""), len(game.names))
    elif to:
        followed = _moved(followed, form, game) or followed
    return _written(fields, followed)


def _laid_at_once(
    fields: RoundFields, where: tuple[int, int], shown: str, seats: int
) -> RoundFields:
    """The fields with meld ``where`` (seat, group index) of the grouping ``shown`` marked laid
    down at once, or no longer; unchanged when there is no such meld."""
    seat, index = where
    if fields.players[seat].by_totals:
        return fields
    try:
        groups = parse_layout(shown, seats)
    except FormError:
        return fields
    if index >= len(groups) or groups[index].onto is not None:
        return fields
    groups[index] = replace(groups[index], once=not groups[index].once)
    return _with(fields, {(seat, "layout"): format_layout(groups)})
