"""A stored round back into the round form's fields, to correct it.

A player's grouping is left to the app (an empty layout) where the app would group the cards the
same way, so a correction starts from what the scorer would have typed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import replace

from ...engine.cards import Card, format_cards
from ...engine.scoring import PlayerRecord, RoundRecord
from .fields import STOCK, PlayerFields, RoundFields
from .layout import Group, format_layout
from .reading import FormGame, interpret

__all__ = ["fields_for_record"]


def _groups_of(player: PlayerRecord, seat_of: Mapping[str, int]) -> list[Group]:
    calls = Counter(player.called)

    def flags(cards: tuple[Card, ...]) -> tuple[bool, ...]:
        marks = []
        for card in cards:
            marks.append(calls[card] > 0)
            calls[card] -= 1
        return tuple(marks)

    groups = [
        Group(m.cards, flags(m.cards), None, m.laid_at_once, m.doubled, declared=m.declared)
        for m in player.melds
    ]
    groups += [
        Group(
            lo.cards,
            flags(lo.cards),
            (seat_of[lo.player], lo.meld),
            final=lo.final,
            declared=lo.declared,
        )
        for lo in player.layoffs
        if lo.player in seat_of
    ]
    return groups


def _shape(groups: Iterable[Group]) -> list[tuple[object, ...]]:
    """A grouping compared as the engine sees it: melds in order, layoffs in any order."""
    melds: list[tuple[object, ...]] = []
    layoffs: list[tuple[object, ...]] = []
    # cards with their declared readings: a grouping that loses a declaration is not the same
    for group in groups:
        cards = tuple(
            sorted(zip(group.cards, (r.code() if r else "" for r in group.declared), strict=True))
        )
        flags = (
            group.once,
            group.doubled,
            group.final,
            tuple(sorted(card for card, on in zip(group.cards, group.called, strict=True) if on)),
        )
        if group.onto is None:
            melds.append((cards, flags))
        else:
            layoffs.append((group.onto, cards, flags))
    return [*melds, *sorted(layoffs, key=repr)]


def fields_for_record(
    record: RoundRecord,
    game: FormGame,
    *,
    dealer: str | None,
    version: int,
    went_out: str | None = None,
) -> RoundFields:
    """The form filled from a stored round, to correct it. A player's grouping is left to the
    app (an empty layout) where the app would group the cards the same way."""
    seat_of = {name: seat for seat, name in enumerate(game.names)}
    by_name = {player.name: player for player in record.players}
    entries: list[PlayerFields] = []
    for name in game.names:
        player = by_name.get(name)
        if player is None:
            entries.append(PlayerFields())
        elif player.by_totals:
            entries.append(
                PlayerFields(
                    mode="totals",
                    melded=str(player.melded_points or 0),
                    in_hand=str(player.hand_points or 0),
                )
            )
        else:
            groups = _groups_of(player, seat_of)
            entries.append(
                PlayerFields(
                    table=format_cards(card for group in groups for card in group.cards),
                    hand=format_cards(player.hand),
                    layout=format_layout(groups),
                )
            )
    if went_out is None:
        goer = next((p.name for p in record.players if p.went_out), None)
        went_out = (
            STOCK
            if record.ended_by == "stock_out"
            else (str(seat_of[goer]) if goer in seat_of else "")
        )
    fields = RoundFields(
        tuple(entries),
        dealer=dealer or "",
        wild_rank=record.wild_rank or "",
        joker_effect=record.joker_effect or "",
        went_out=went_out,
        version=str(version),
    )
    return _auto_where_same(fields, game)


def _auto_where_same(fields: RoundFields, game: FormGame) -> RoundFields:
    """Empty the layouts that the app's own grouping reproduces."""
    stored = interpret(fields, game)
    if stored.errors:
        return fields
    wanted = {plan.seat: _shape(plan.groups) for plan in stored.players}
    players = list(fields.players)
    for seat, entry in enumerate(fields.players):
        if not entry.layout:
            continue
        trial = replace(
            fields,
            players=tuple(replace(p, layout="") if i == seat else p for i, p in enumerate(players)),
        )
        if _shape(interpret(trial, game).players[seat].groups) == wanted[seat]:
            players[seat] = replace(entry, layout="")
    emptied = replace(fields, players=tuple(players))
    check = interpret(emptied, game)
    if check.errors or any(_shape(plan.groups) != wanted[plan.seat] for plan in check.players):
        return fields
    return emptied
