"""A stored round back into the round form's fields, to correct it.

A player's grouping is left to the app (an empty layout) where the app would group the cards the
same way, so a correction starts from what the scorer would have typed. Each player's grouping is
tried with the app's own (the engine's ``arrange``, its searches kept for the request), and the
form is read once at the end (:func:`correction`): that reading is what the page shows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import replace

from ...engine.cards import Card, format_cards
from ...engine.scoring import PlayerRecord, RoundRecord
from ...engine.workload import arranging
from .auto_grouping import Arranged, group_automatically
from .fields import STOCK, PlayerFields, RoundFields
from .layout import FormError, Group, fitted, format_layout, parse_codes_leniently, parse_layout
from .reading import FormGame, Interpretation, context_of, interpret

__all__ = ["correction", "fields_for_record"]


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
    return correction(record, game, dealer=dealer, version=version, went_out=went_out)[0]


def correction(
    record: RoundRecord,
    game: FormGame,
    *,
    dealer: str | None,
    version: int,
    went_out: str | None = None,
) -> tuple[RoundFields, Interpretation]:
    """The form filled from a stored round (as :func:`fields_for_record`), and the form read:
    the reading the correction page shows, made once."""
    fields = _filled(record, game, dealer=dealer, version=version, went_out=went_out)
    memo = Arranged()
    emptied = _auto_where_same(fields, game, memo)
    reading = interpret(emptied, game, memo=memo)
    if emptied is fields:
        return fields, reading
    wanted = _by_hand(fields, game)
    assert wanted is not None  # else nothing was emptied
    if reading.errors or any(
        _shape(plan.groups) != _shape(wanted.get(plan.seat, ())) for plan in reading.players
    ):  # the app's groupings together differ from each tried alone: keep every grouping
        return fields, interpret(fields, game, memo=memo)
    return emptied, reading


def _filled(
    record: RoundRecord,
    game: FormGame,
    *,
    dealer: str | None,
    version: int,
    went_out: str | None,
) -> RoundFields:
    """The form holding the stored round, every player's grouping written out."""
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
    return fields


def _by_hand(fields: RoundFields, game: FormGame) -> dict[int, list[Group]] | None:
    """Seat → the grouping by hand, as :func:`.reading.interpret` reads it, of every player
    with one; None when one cannot be read."""
    groups = {}
    for seat, entry in enumerate(fields.players):
        if entry.by_totals or not entry.layout:
            continue
        table, _ = parse_codes_leniently(entry.table)
        try:
            groups[seat], _ = fitted(parse_layout(entry.layout, len(game.names)), table)
        except FormError:
            return None
    return groups


def _auto_where_same(fields: RoundFields, game: FormGame, memo: Arranged) -> RoundFields:
    """Empty the layouts that the app's own grouping reproduces, tried one player after the
    other (with the players before left to the app where it reproduced theirs)."""
    wanted = _by_hand(fields, game)
    if wanted is None:
        return fields
    ctx = context_of(fields, game)
    by_hand = dict(wanted)
    piles = {
        seat: parse_codes_leniently(entry.table)[0]
        for seat, entry in enumerate(fields.players)
        if not entry.by_totals and seat not in by_hand
    }
    players = list(fields.players)
    for seat in sorted(wanted):
        trial_piles = {**piles, seat: parse_codes_leniently(players[seat].table)[0]}
        trial_hand = {other: groups for other, groups in by_hand.items() if other != seat}
        with arranging() as budget:
            grouped = group_automatically(trial_piles, trial_hand, ctx, budget, memo)
        if _shape(grouped.groups[seat]) == _shape(wanted[seat]):
            players[seat] = replace(players[seat], layout="")
            piles, by_hand = trial_piles, trial_hand
    if players == list(fields.players):
        return fields
    return replace(fields, players=tuple(players))
