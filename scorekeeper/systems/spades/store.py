"""Spades games in the store: their rules, their hands (bids and tricks), the bids of the hand in
play, and the writes, each a change of the game like a rummy round's (:mod:`.changes`).

Decisions where the issue is silent:

- A hand is a round (the same numbers, dealer, idempotency key, log and undo as rummy's) that
  nobody went out of (``ended_by`` ``stock_out``: the table's check allows no other ending
  without a goer), with one part per player holding its ``bid`` and ``tricks`` and no cards.
- The bids of a hand not yet played are not a round: they are the game's ``bids_in_play``,
  noted like the deal's wild rank (a ``dealt`` change, undone the same way) and cleared when the
  hand is stored. So every round is a whole hand, and the standings, the history, the stats and
  the export never meet a half-played one.
- A part's cached ``total`` holds its side's points for the hand on the side's first seated
  player and 0 on the partner (as the standings give a side's final bonus to its first seat),
  so that the cached standings add up a side as they do a partnership game's. A hand's points
  depend on the bags carried into it, so every write to a Spades game caches every hand's
  totals again (:func:`recache`; a few dozen hands of arithmetic).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import select

from ...store.changes import Logged, commit, reread, snapshot
from ...store.db import db
from ...store.models import Game, Player, Round, RoundPart, utcnow
from ...store.records import add_round, round_by_key
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
    parse_bid,
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


def bid_text(bid: Bid) -> str:
    """A bid as stored and as forms send it: ``"4"``, ``"nil"``, ``"blind_nil"``."""
    return str(bid)


def stored_bid(text: str | None) -> Bid:
    """A stored bid read back."""
    if text is None:
        raise SpadesError("a stored hand has a part without a bid")
    return parse_bid(int(text) if text.isdigit() else text)


# --- reading --------------------------------------------------------------------------------


def hand_of(round: Round) -> SpadesHand:
    """The engine's hand of a stored round, in seat order."""
    parts = sorted(round.parts, key=lambda part: part.player.seat)
    return SpadesHand(
        tuple(
            SpadesPlayer(part.player.name, stored_bid(part.bid), part.tricks or 0) for part in parts
        )
    )


def hands(game: Game) -> list[tuple[Round, SpadesHand]]:
    """Every stored hand, oldest first, with the round it is stored as."""
    rounds = db.session.scalars(
        select(Round)
        .where(Round.game_id == game.id)
        .order_by(Round.number)
        .execution_options(populate_existing=True)
    )
    return [(round, hand_of(round)) for round in rounds]


def play(game: Game) -> SpadesStandings:
    """The game rescored from every hand's bids and tricks."""
    return spades_standings(spades_rules(game), game_sides(game), [hand for _, hand in hands(game)])


def bids_in_play(game: Game) -> dict[str, Bid] | None:
    """The bids of the hand in play by player, once they are noted."""
    if game.bids_in_play is None:
        return None
    names = [player.name for player in game.players]
    return dict(zip(names, (parse_bid(bid) for bid in game.bids_in_play), strict=True))


# --- checking ------------------------------------------------------------------------------


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
    seated = [player.name for player in game.players]
    names = [name for name, _, _ in players]
    strangers = sorted({name for name in names if name not in seated})
    if strangers:
        raise HandRefused(f"{', '.join(strangers)} is not seated in this game")
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise HandRefused(f"{', '.join(twice)} is named more than once")
    missing = [name for name in seated if name not in names]
    if missing:
        raise HandRefused(f"a hand needs every player's bid and tricks: {', '.join(missing)}")
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
) -> Game:
    """A new Spades game: four players in seat order, partners across (seats 1 & 3, 2 & 4)."""
    sides = sides_across(players)  # a SpadesError for other than four
    if len(set(players)) != len(players):
        raise SpadesError("every player needs a name of their own")
    if dealer is not None and dealer not in players:
        raise SpadesError(f"{dealer} is not seated in this game")
    game = Game(
        name=name,
        preset=preset,
        rules=to_dict(rules),
        first_dealer_seat=None if dealer is None else list(players).index(dealer),
        players=[
            Player(seat=seat, name=player, team=sides[player])
            for seat, player in enumerate(players)
        ],
    )
    db.session.add(game)
    try:
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    return game


def recache(game: Game) -> None:
    """Cache every hand's totals again from a rescoring (inside a change; see the notes)."""
    db.session.flush()
    stored = hands(game)
    played = spades_standings(spades_rules(game), game_sides(game), [hand for _, hand in stored])
    first: dict[str, str] = {}
    for player in game.players:
        first.setdefault(player.team or player.name, player.name)
    for (round, _), scored in zip(stored, played.hands, strict=True):
        points = {side.side: side.points for side in scored}
        for part in round.parts:
            side = part.player.team or part.player.name
            part.total = points[side] if first[side] == part.player.name else 0


def _fill(round: Round, game: Game, hand: SpadesHand) -> None:
    players = {player.name: player for player in game.players}
    round.ended_by, round.went_out, round.wild_rank, round.joker_effect = ENDED_BY, None, None, None
    round.parts = [
        RoundPart(
            player=players[player.name],
            position=index,
            bid=bid_text(player.bid),
            tricks=player.tricks,
            total=0,  # cached by recache, once the hand is in place
        )
        for index, player in enumerate(hand.players)
    ]


def _player(game: Game, name: str | None) -> Player | None:
    if name is None:
        return None
    player = next((p for p in game.players if p.name == name), None)
    if player is None:
        raise HandRefused(f"{name} is not seated in this game")
    return player


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
    round = Round(dealer=_player(game, dealer), idempotency_key=idempotency_key)

    def fill() -> None:
        _fill(round, game, hand)
        game.rounds.append(round)
        game.bids_in_play = None  # the hand in play is now recorded
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
    new_dealer = _player(game, dealer)

    def change() -> Logged:
        db.session.refresh(round)  # the round as it is now, for the log
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
    wanted: list[int | str] | None = None if bids is None else list(bids)
    if wanted is not None and len(wanted) != len(game.players):
        raise HandRefused(f"the hand in play needs {len(game.players)} bids")
    if wanted == game.bids_in_play:
        return False

    def change() -> Logged:
        reread(game)
        before = {"next_wild_rank": game.next_wild_rank, "bids_in_play": game.bids_in_play}
        game.bids_in_play = wanted
        return Logged("dealt", before=before)

    commit(game, expected_version, change)
    return True
