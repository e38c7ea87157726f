"""Gin games in the store: their rules, their hands, and the writes, each a change of the game
like a rummy round's (:mod:`scorekeeper.store.changes`).

Decisions where the issue is silent:

- A hand is a round (the same numbers, dealer, idempotency key, log and undo as rummy's), with
  a part per player holding what the table gave (:class:`~.data.PartData`: the cards or the
  counted deadwood, the knock, the upcard, a dead hand) and caching what the player scored
  (``total``: the winner's points, 0 for the rest). The knocker is who went out (the first
  knocker by seat in partnership gin); a dead hand is a stock-out.
- A hand's points are its own (no hand carries anything into the next), so a write caches only
  the round it writes.
- Partnership gin: partners sit across (seats 1 and 3, 2 and 4); each round holds two hands,
  and partners change opponents each round (round 1: seat 1 against 2 and 3 against 4; round 2:
  seat 1 against 4 and 3 against 2), the table's usual turn about. Who played whom is stored
  with each part (``against``), so a round deleted or corrected never changes another's pairs.
- The deal passes to the left each hand (the other player, with two).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ...engine.cards import Card
from ...engine.standings import Seat
from ...store.changes import Logged, commit, snapshot
from ...store.db import db
from ...store.models import Game, Round, RoundPart, utcnow
from ...store.records import (
    add_round,
    attach_round,
    new_game,
    reread_round,
    round_by_key,
    seated_player,
    stored_rounds,
)
from ...store.records import (
    in_seat_order as seat_order,
)
from .data import PartData
from .hand import GinError
from .round import Entry, GinRound, Scored, score_round
from .rules import GAME, GinRules, from_dict, to_dict


class HandRefused(ValueError):
    """A hand that cannot be stored as given (the reason names what is wrong)."""


def gin_game(game: Game) -> bool:
    return game.rules.get("game") == GAME


def gin_rules(game: Game) -> GinRules:
    return from_dict(game.rules)


def sides_across(players: Sequence[str]) -> dict[str, str]:
    """Partnership gin's default sides: partners across, named "Ann & Cy"."""
    first, second = f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}"
    return dict(zip(players, (first, second, first, second), strict=True))


def default_pairs(players: Sequence[str], number: int) -> list[tuple[str, str]]:
    """Who plays whom in round ``number`` (see the module's notes): two players, one hand."""
    if len(players) == 2:
        return [(players[0], players[1])]
    if number % 2:
        return [(players[0], players[1]), (players[2], players[3])]
    return [(players[0], players[3]), (players[2], players[1])]


# --- reading --------------------------------------------------------------------------------


@dataclass(frozen=True)
class StoredHand:
    """A stored round as Gin scores it: the table's entries and who played whom."""

    round: GinRound
    pairs: list[tuple[str, str]]


def hand_of(round: Round) -> StoredHand:
    """The entries of a stored round, in seat order."""
    parts = sorted(round.parts, key=lambda part: part.player.seat)
    seated = {part.player.seat: part.player.name for part in parts}
    entries = []
    upcard: str | None = None
    dead = False
    pairs: list[tuple[str, str]] = []
    for part in parts:
        data = PartData.from_json(part.system_data)
        entries.append(
            Entry(
                part.player.name,
                [Card.from_code(code) for code in data.cards],
                data.knocked,
                counted=data.counted,
                big_gin=data.big_gin,
                melds=None
                if data.melds is None
                else [[Card.from_code(code) for code in meld] for meld in data.melds],
            )
        )
        upcard = upcard or data.upcard
        dead = dead or data.dead
        against = seated.get(data.against) if data.against is not None else None
        if against is not None and part.player.seat < (data.against or 0):
            pairs.append((part.player.name, against))
    if not pairs:
        pairs = default_pairs([entry.name for entry in entries], round.number)
    return StoredHand(
        GinRound(tuple(entries), None if upcard is None else Card.from_code(upcard), dead), pairs
    )


def scored(game: Game, round: Round) -> list[Scored]:
    """A stored round's entries scored (in seat order)."""
    stored = hand_of(round)
    return score_round(gin_rules(game), stored.round, stored.pairs)


def rounds(game: Game) -> list[Round]:
    """Every stored round, oldest first, read as it is now."""
    return stored_rounds(game)


def check_data(game: Game) -> None:
    """Every stored part read through its model and every round scored again (a GinError
    names the round and what does not fit)."""
    if game.system_data is not None:
        raise GinError("a Gin game keeps no data of its own (system_data)")
    for round in game.rounds:
        try:
            entries = {entry.name: entry for entry in scored(game, round)}
        except (GinError, ValueError) as error:
            raise GinError(f"hand {round.number}: {error}") from None
        for part in round.parts:
            entry = entries[part.player.name]
            cached = (part.total, PartData.from_json(part.system_data).result)
            if cached != (entry.points, entry.result):
                raise GinError(
                    f"hand {round.number}: {entry.name}'s cached {cached[1]} {cached[0]} is not "
                    f"the hand's {entry.result} {entry.points}"
                )


# --- checking -------------------------------------------------------------------------------


def in_seat_order(
    game: Game, entries: Sequence[Entry], pairs: Sequence[tuple[str, str]] | None, number: int
) -> StoredHand:
    """A round's entries in the game's seat order, with its pairs (by default those of round
    ``number``); a HandRefused for a player not seated, named twice or missing."""
    names = [entry.name for entry in entries]
    seated = seat_order(game, names, HandRefused, everyone="a hand needs every player's entry")
    by_name = {entry.name: entry for entry in entries}
    ordered = tuple(by_name[name] for name in seated)
    if pairs is None:
        pairs = default_pairs(seated, number)
    else:
        sides = {player.name: player.team for player in game.players}
        for first, second in pairs:
            if sides.get(first) == sides.get(second):
                raise HandRefused(f"{first} and {second} are partners: a hand is between sides")
    return StoredHand(GinRound(ordered), list(pairs))


def check(game: Game, hand: StoredHand, upcard: Card | None, dead: bool) -> list[Scored]:
    """The round scored under the game's rules; a GinError says why it cannot stand."""
    round = GinRound(hand.round.players, upcard, dead)
    return score_round(gin_rules(game), round, hand.pairs)


# --- writing --------------------------------------------------------------------------------


def create_gin_game(
    name: str,
    rules: GinRules,
    players: Sequence[str],
    *,
    preset: str | None = None,
    dealer: str | None = None,
    teams: Sequence[str] | None = None,
) -> Game:
    """A new Gin game: two players, or four in two sides of two for partnership gin (partners
    across, their sides named ``teams`` in seat order, by default "Ann & Cy")."""
    wanted = 4 if rules.partnership else 2
    if len(players) != wanted:
        raise GinError(
            "partnership gin is four players in two sides of two"
            if rules.partnership
            else f"Gin is for two players, not {len(players)}"
        )
    sides: dict[str, str | None] = dict.fromkeys(players)
    if rules.partnership:
        sides = dict(sides_across(players))
        if teams is not None:
            if len(teams) != 4 or teams[0] != teams[2] or teams[1] != teams[3]:
                raise GinError("partners sit across: seats 1 and 3 are one side, 2 and 4 the other")
            if teams[0] == teams[1]:
                raise GinError(
                    f"side {teams[0]} has 4 players: partnership gin is two sides of two"
                )
            sides = dict(zip(players, teams, strict=True))
    seats = [Seat(player, sides[player]) for player in players]
    return new_game(name, preset, to_dict(rules), seats, dealer, GinError)


def cache_totals(game: Game, round: Round) -> None:
    """Cache each part's total, deadwood and result from a scoring of the round as stored."""
    for entry in scored(game, round):
        part = next(p for p in round.parts if p.player.name == entry.name)
        data = PartData.from_json(part.system_data)
        part.total, part.hand_points = entry.points, entry.deadwood_points
        part.system_data = replace(data, result=entry.result).to_json()


def _fill(
    round: Round, game: Game, hand: StoredHand, upcard: Card | None, dead: bool
) -> list[Scored]:
    checked = check(game, hand, upcard, dead)
    players = {player.name: player for player in game.players}
    seat_of = {player.name: player.seat for player in game.players}
    against = {a: seat_of[b] for a, b in hand.pairs} | {b: seat_of[a] for a, b in hand.pairs}
    knockers = [entry.name for entry in hand.round.players if entry.knocked]
    round.ended_by = "stock_out" if dead or not knockers else "going_out"
    round.went_out = None if round.ended_by == "stock_out" else players[knockers[0]]
    round.wild_rank, round.joker_effect = None, None
    scored = {entry.name: entry for entry in checked}
    round.parts = [
        RoundPart(
            player=players[entry.name],
            position=index,
            system_data=PartData(
                tuple(card.code() for card in entry.cards),
                entry.counted,
                entry.knocked,
                entry.big_gin,
                None if upcard is None else upcard.code(),
                dead,
                against[entry.name] if len(game.players) > 2 else None,
                scored[entry.name].result,
                None
                if entry.melds is None
                else tuple(tuple(card.code() for card in meld) for meld in entry.melds),
            ).to_json(),
            total=scored[entry.name].points,
            hand_points=scored[entry.name].deadwood_points,  # what the stats call left in hand
        )
        for index, entry in enumerate(hand.round.players)
    ]
    return checked


def store_hand(
    game: Game,
    hand: StoredHand,
    *,
    upcard: Card | None = None,
    dead: bool = False,
    dealer: str | None = None,
    idempotency_key: str | None = None,
    expected_version: int | None = None,
) -> Round:
    """Store a played hand after the others. With a key already used in this game, the hand
    stored with it is returned and nothing changes (also when two requests race). A GinError
    for a hand the rules refuse (nothing is stored)."""
    if idempotency_key is not None and (done := round_by_key(game, idempotency_key)):
        return done
    round = Round(dealer=seated_player(game, dealer, HandRefused), idempotency_key=idempotency_key)

    def fill() -> None:
        _fill(round, game, hand, upcard, dead)
        attach_round(game, round)

    return add_round(game, round, fill, expected_version, idempotency_key)


def replace_hand(
    round: Round,
    hand: StoredHand,
    *,
    upcard: Card | None = None,
    dead: bool = False,
    dealer: str | None,
    expected_version: int | None = None,
) -> Round:
    """Correct a stored hand: the same number, the new entries."""
    game = round.game
    new_dealer = seated_player(game, dealer, HandRefused)

    def change() -> Logged:
        reread_round(round)  # the round as it is now, for the log
        before = snapshot(round)
        round.parts.clear()
        db.session.flush()  # the old parts go before the new take their places
        _fill(round, game, hand, upcard, dead)
        round.dealer, round.updated_at = new_dealer, utcnow()
        return Logged("corrected", round.number, before)

    commit(game, expected_version, change)
    return round
