"""Spades games in the store: their rules, their hands (bids and tricks), the bids of the hand in
play, and the writes, each a change of the game like a rummy round's (:mod:`.changes`).

Decisions where the issue is silent:

- A hand is a round (the same numbers, dealer, idempotency key, log and undo as rummy's) that
  nobody went out of (``ended_by`` ``stock_out``: the table's check allows no other ending
  without a goer), with one part per player holding its bid and tricks (its ``system_data``,
  :class:`~.data.PartData`) and no cards.
- The bids of a hand not yet played are not a round: they are the game's ``bids_in_play`` (its
  ``system_data``, :class:`~.data.GameData`),
  noted like the deal's wild rank (a ``dealt`` change, undone the same way) and cleared when the
  hand is stored. So every round is a whole hand, and the standings, the history, the stats and
  the export never meet a half-played one.
- A side's points for a hand are cached on the side (a ``RoundSide`` per side, in the order of
  their first seats), and every part caches 0: no player scores alone. A hand's points depend
  on the bags carried into it, so every write to a Spades game caches every hand's sides again
  (:func:`recache`; a few dozen hands of arithmetic).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...engine.standings import Seat
from ...store.changes import Logged, commit, reread, snapshot
from ...store.db import db
from ...store.models import Game, Round, RoundPart, RoundSide, utcnow
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
from .data import GameData, PartData
from .presets import from_dict, is_spades, to_dict
from .rules import (
    Bid,
    SideScore,
    SpadesError,
    SpadesHand,
    SpadesPlayer,
    SpadesRules,
    SpadesStandings,
    check_hand,
    score_hand,
    sides_across,
    spades_standings,
)

#: How a Spades hand is stored as a round (see the module's notes).
ENDED_BY = "stock_out"


class HandRefused(ValueError):
    """A hand that cannot be stored as given (the reason names what is wrong)."""


def spades_game(game: Game) -> bool:
    """Whether the game is played under Spades' rules."""
    return is_spades(game.rules)


def spades_rules(game: Game) -> SpadesRules:
    return from_dict(game.rules)


def game_sides(game: Game) -> dict[str, str]:
    """Each player's side, as the game stored it (partners across)."""
    return {player.name: player.team or player.name for player in game.players}


# --- reading --------------------------------------------------------------------------------


def hand_of(round: Round) -> SpadesHand:
    """The engine's hand of a stored round, in seat order."""
    parts = sorted(round.parts, key=lambda part: part.player.seat)
    return SpadesHand(
        tuple(
            SpadesPlayer(part.player.name, data.bid, data.tricks)
            for part in parts
            for data in (PartData.from_json(part.system_data),)
        )
    )


def hands(game: Game) -> list[tuple[Round, SpadesHand]]:
    """Every stored hand, oldest first, with the round it is stored as."""
    return [(round, hand_of(round)) for round in stored_rounds(game)]


def play(game: Game) -> SpadesStandings:
    """The game rescored from every hand's bids and tricks."""
    return spades_standings(spades_rules(game), game_sides(game), [hand for _, hand in hands(game)])


def bids_in_play(game: Game) -> dict[str, Bid] | None:
    """The bids of the hand in play by player, once they are noted."""
    bids = GameData.from_json(game.system_data).bids_in_play
    if bids is None:
        return None
    names = [player.name for player in game.players]
    return dict(zip(names, bids, strict=True))


# --- checking ------------------------------------------------------------------------------


def check_data(game: Game) -> None:
    """The game's own data and every stored part's, read through their models (a SpadesError
    names what does not fit)."""
    bids = GameData.from_json(game.system_data).bids_in_play
    if bids is not None and len(bids) != len(game.players):
        raise SpadesError(f"the bids in play are {len(game.players)}, not {len(bids)}")
    for round in game.rounds:
        for part in round.parts:
            try:
                PartData.from_json(part.system_data)
            except SpadesError as error:
                raise SpadesError(f"hand {round.number}: {error}") from None


@dataclass(frozen=True)
class CheckedHand:
    """A hand checked against its game, and what it does for each side given the bags the
    sides carry into it (after the hands before it)."""

    hand: SpadesHand
    sides: tuple[SideScore, ...]


def bags_before(game: Game, number: int | None) -> dict[str, int]:
    """The bags each side carries into hand ``number`` (the next hand when None)."""
    earlier = [hand for round, hand in hands(game) if number is None or round.number < number]
    return spades_standings(spades_rules(game), game_sides(game), earlier).bags


def in_seat_order(game: Game, players: Sequence[tuple[str, Bid, int]]) -> SpadesHand:
    """A hand from (name, bid, tricks) in any order, in the game's seat order; a HandRefused
    for a player not seated or named twice."""
    names = [name for name, _, _ in players]
    everyone = "a hand needs every player's bid and tricks"
    seated = seat_order(game, names, HandRefused, everyone=everyone)
    by_name = {name: (bid, tricks) for name, bid, tricks in players}
    return SpadesHand(tuple(SpadesPlayer(name, *by_name[name]) for name in seated))


def check(
    game: Game,
    hand: SpadesHand,
    number: int | None = None,
    bags: dict[str, int] | None = None,
) -> CheckedHand:
    """The hand checked under the game's rules and scored after the hands before ``number``
    (the next hand when None), whose bags the caller may already know (``bags``); a
    SpadesError names every problem."""
    rules = spades_rules(game)
    sides = game_sides(game)
    check_hand(rules, hand, sides)
    carried = bags_before(game, number) if bags is None else bags
    return CheckedHand(hand, score_hand(rules, hand, sides, carried))


# --- writing -------------------------------------------------------------------------------


def create_spades_game(
    name: str,
    rules: SpadesRules,
    players: Sequence[str],
    *,
    preset: str | None = None,
    dealer: str | None = None,
    teams: Sequence[str] | None = None,
) -> Game:
    """A new Spades game: four players in seat order, partners across (seats 1 & 3, 2 & 4),
    their sides named ``teams`` (in seat order; by default "Ann & Cy")."""
    sides = sides_across(players)  # a SpadesError for other than four
    if teams is not None:
        if len(teams) != len(players) or teams[0] != teams[2] or teams[1] != teams[3]:
            raise SpadesError("partners sit across: seats 1 and 3 are one side, 2 and 4 the other")
        if teams[0] == teams[1]:
            raise SpadesError(f"side {teams[0]} has 4 players: Spades is two sides of two")
        sides = dict(zip(players, teams, strict=True))
    seats = [Seat(player, sides[player]) for player in players]
    return new_game(name, preset, to_dict(rules), seats, dealer, SpadesError)


def recache(game: Game) -> None:
    """Cache every hand's sides again from a rescoring (inside a change; see the notes)."""
    db.session.flush()
    stored = hands(game)
    sides = game_sides(game)
    played = spades_standings(spades_rules(game), sides, [hand for _, hand in stored])
    seats: dict[str, list[int]] = {}
    for player in game.players:
        seats.setdefault(sides[player.name], []).append(player.seat)
    for (round, _), scored in zip(stored, played.hands, strict=True):
        for part in round.parts:
            part.total = 0
        wanted = [(side.side, side.points) for side in scored]
        if [(side.name, side.total) for side in round.sides] == wanted:
            continue
        if len(round.sides) == len(wanted):  # in place: the same rows, new points
            for side, (name, points) in zip(round.sides, wanted, strict=True):
                side.name, side.seats, side.total = name, seats[name], points
            continue
        round.sides.clear()
        db.session.flush()  # the old rows go before the new take their places
        round.sides = [
            RoundSide(position=index, name=name, seats=seats[name], total=points)
            for index, (name, points) in enumerate(wanted)
        ]


def _fill(round: Round, game: Game, hand: SpadesHand) -> None:
    players = {player.name: player for player in game.players}
    round.ended_by, round.went_out, round.wild_rank, round.joker_effect = ENDED_BY, None, None, None
    round.parts = [
        RoundPart(
            player=players[player.name],
            position=index,
            system_data=PartData(player.bid, player.tricks).to_json(),
            total=0,  # no player scores alone: the side's points are on the side
        )
        for index, player in enumerate(hand.players)
    ]


def store_hand(
    game: Game,
    hand: SpadesHand,
    *,
    dealer: str | None = None,
    idempotency_key: str | None = None,
    expected_version: int | None = None,
) -> Round:
    """Store a played hand after the others and clear the bids in play. With a key already used
    in this game, the hand stored with it is returned and nothing changes (also when two
    requests race). A SpadesError for a hand the rules refuse."""
    if idempotency_key is not None and (done := round_by_key(game, idempotency_key)):
        return done
    check_hand(spades_rules(game), hand, game_sides(game))
    round = Round(dealer=seated_player(game, dealer, HandRefused), idempotency_key=idempotency_key)

    def fill() -> None:
        _fill(round, game, hand)
        attach_round(game, round)
        game.system_data = GameData().to_json()  # the hand in play is now recorded
        recache(game)

    return add_round(game, round, fill, expected_version, idempotency_key)


def replace_hand(
    round: Round,
    hand: SpadesHand,
    *,
    dealer: str | None,
    expected_version: int | None = None,
) -> Round:
    """Correct a stored hand: the same number, the new bids and tricks."""
    game = round.game
    check_hand(spades_rules(game), hand, game_sides(game))
    new_dealer = seated_player(game, dealer, HandRefused)

    def change() -> Logged:
        reread_round(round)  # the round as it is now, for the log
        before = snapshot(round)
        round.parts.clear()
        db.session.flush()  # the old parts go before the new take their places
        _fill(round, game, hand)
        round.dealer, round.updated_at = new_dealer, utcnow()
        recache(game)
        return Logged("corrected", round.number, before)

    commit(game, expected_version, change)
    return round


def note_bids(
    game: Game, bids: Sequence[Bid] | None, *, expected_version: int | None = None
) -> bool:
    """Note the bids of the hand in play (in seat order; None clears them), so every board
    shows them. The same bids again change nothing (a double tap): False then."""
    wanted = GameData.of(bids)
    if wanted.bids_in_play is not None and len(wanted.bids_in_play) != len(game.players):
        raise HandRefused(f"the hand in play needs {len(game.players)} bids")
    if wanted == GameData.from_json(game.system_data):
        return False

    def change() -> Logged:
        reread(game)
        before = {"next_wild_rank": game.next_wild_rank, "system_data": game.system_data}
        game.system_data = wanted.to_json()
        return Logged("dealt", before=before)

    commit(game, expected_version, change)
    return True
