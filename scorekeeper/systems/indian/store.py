"""Indian Rummy games in the store: their rules, their deals, and the writes, each a change of
the game like a rummy round's (:mod:`scorekeeper.store.changes`).

Decisions where the issue is silent:

- A deal is a round (the same numbers, dealer, idempotency key, log and undo as rummy's) with
  a part per player dealt in (in a pool game, not those out), holding what the table gave
  (:class:`~.data.PartData`) and caching what the player pays in the deal (``total``: the
  winner 0). The winner is who went out; a deal a wrong show ended has no winner (a
  stock-out). The deal's wild rank is the round's ``wild_rank``.
- The game's own standing (a pool's totals, rejoins and who is out, the chips) is worked out
  from every deal by the pure part (:mod:`.game`), reading each part's data
  (``Capabilities.data_in_standings``): a rejoin is a mark on the part, not a number.
- A deal is checked against the deals before it (a rejoin the pool allows, a player still in),
  and a correction against the deals after it too: a change that would make a later deal
  impossible is refused, naming it.
"""

from __future__ import annotations

from collections.abc import Sequence

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
from .deal import Deal, DealResult, Entry, score_deal
from .game import Board, DealScore, board, deal_score
from .rules import GAME, IndianError, IndianRules, from_dict, packs_for, to_dict


class DealRefused(ValueError):
    """A deal that cannot be stored as given (the reason names what is wrong)."""


def indian_game(game: Game) -> bool:
    return game.rules.get("game") == GAME


def indian_rules(game: Game) -> IndianRules:
    return from_dict(game.rules)


# --- reading --------------------------------------------------------------------------------


def entry_of(name: str, data: PartData) -> Entry:
    """A stored part as the pure part scores it."""
    return Entry(
        name,
        [Card.from_code(code) for code in data.cards],
        declared=data.declared,
        drop=data.drop,
        wrong_show=data.wrong_show,
        counted=data.counted,
        melds=None
        if data.melds is None
        else [[Card.from_code(code) for code in meld] for meld in data.melds],
        rejoin=data.rejoin,
    )


def deal_of(round: Round) -> Deal:
    """The entries of a stored deal, in seat order, with its wild rank."""
    parts = sorted(round.parts, key=lambda part: part.player.seat)
    entries = tuple(
        entry_of(part.player.name, PartData.from_json(part.system_data)) for part in parts
    )
    return Deal(entries, round.wild_rank)


def rounds(game: Game) -> list[Round]:
    """Every stored deal, oldest first, read as it is now."""
    return stored_rounds(game)


def check_data(game: Game) -> None:
    """Every stored part read through its model, every deal scored again and its cache
    compared, and the deals followed as a game (an IndianError names the deal)."""
    if game.system_data is not None:
        raise IndianError("an Indian game keeps no data of its own (system_data)")
    rules = indian_rules(game)
    for round in game.rounds:
        try:
            result = score_deal(rules, deal_of(round))
        except (IndianError, ValueError) as error:
            raise IndianError(f"deal {round.number}: {error}") from None
        cached = {part.player.name: part.total for part in round.parts}
        if cached != result.points:
            raise IndianError(f"deal {round.number}: the cached points {cached} are not the deal's")
    board(
        rules,
        [p.name for p in game.players],
        [deal_score(score_deal(rules, deal_of(r))) for r in game.rounds],
    )


def game_board(game: Game) -> Board:
    """The game as its deals stand now: a pool's totals, who is out and may rejoin at what
    score, the chips, the winners."""
    rules = indian_rules(game)
    return board(rules, [p.name for p in game.players], [s for _, s in _scores(game, rules)])


# --- checking -------------------------------------------------------------------------------


def in_seat_order(game: Game, entries: Sequence[Entry], wild_rank: str | None) -> Deal:
    """A deal's entries in the game's seat order; a DealRefused for a player not seated or
    named twice (players out of a pool have no entry)."""
    seated = seat_order(game, [entry.name for entry in entries], DealRefused)
    by_name = {entry.name: entry for entry in entries}
    return Deal(tuple(by_name[name] for name in seated), wild_rank)


def _scores(game: Game, rules: IndianRules, skip: int | None = None) -> list[tuple[int, DealScore]]:
    return [
        (round.number, deal_score(score_deal(rules, deal_of(round))))
        for round in rounds(game)
        if round.number != skip
    ]


def check(game: Game, deal: Deal, number: int | None = None) -> DealResult:
    """The deal scored under the game's rules and followed as the game's deal ``number`` (the
    next when None): an IndianError names what the rules refuse (a hand, a rejoin the pool
    does not allow, a player out of the pool dealt in, a deal after the pool is won)."""
    rules = indian_rules(game)
    result = score_deal(rules, deal)
    others = _scores(game, rules, number)
    at = len(others) if number is None else sum(1 for n, _ in others if n < number)
    scores = [score for _, score in others]
    scores.insert(at, deal_score(result))
    board(rules, [player.name for player in game.players], scores)
    return result


# --- writing --------------------------------------------------------------------------------


def create_indian_game(
    name: str,
    rules: IndianRules,
    players: Sequence[str],
    *,
    preset: str | None = None,
    dealer: str | None = None,
) -> Game:
    """A new Indian game: two to six players in seat order."""
    packs_for(rules, len(players))  # an IndianError for fewer than two or more than six
    seats = [Seat(player) for player in players]
    return new_game(name, preset, to_dict(rules), seats, dealer, IndianError)


def cache_totals(game: Game, round: Round) -> None:
    """Cache each part's points from a scoring of the deal as stored."""
    result = score_deal(indian_rules(game), deal_of(round))
    for part in round.parts:
        part.total = result.points[part.player.name]


def _fill(round: Round, game: Game, deal: Deal, result: DealResult) -> None:
    players = {player.name: player for player in game.players}
    round.ended_by = "going_out" if result.winner else "stock_out"
    round.went_out = players[result.winner] if result.winner else None
    round.wild_rank, round.joker_effect = deal.wild_rank, None
    round.parts = [
        RoundPart(
            player=players[entry.name],
            position=index,
            system_data=PartData(
                tuple(card.code() for card in entry.cards),
                entry.counted,
                None
                if entry.melds is None
                else tuple(tuple(card.code() for card in meld) for meld in entry.melds),
                entry.declared,
                entry.drop,
                entry.wrong_show,
                entry.rejoin,
            ).to_json(),
            total=result.points[entry.name],
        )
        for index, entry in enumerate(deal.players)
    ]


def store_deal(
    game: Game,
    deal: Deal,
    *,
    dealer: str | None = None,
    idempotency_key: str | None = None,
    expected_version: int | None = None,
) -> Round:
    """Store a played deal after the others. With a key already used in this game, the deal
    stored with it is returned and nothing changes (also when two requests race). An
    IndianError for a deal the rules refuse (nothing is stored)."""
    if idempotency_key is not None and (done := round_by_key(game, idempotency_key)):
        return done
    round = Round(dealer=seated_player(game, dealer, DealRefused), idempotency_key=idempotency_key)

    def fill() -> None:
        result = check(game, deal)  # inside the change: against the deals as they are now
        _fill(round, game, deal, result)
        attach_round(game, round)

    return add_round(game, round, fill, expected_version, idempotency_key)


def replace_deal(
    round: Round, deal: Deal, *, dealer: str | None, expected_version: int | None = None
) -> Round:
    """Correct a stored deal: the same number, the new entries (checked against the deals
    before and after it)."""
    game = round.game
    new_dealer = seated_player(game, dealer, DealRefused)

    def change() -> Logged:
        reread_round(round)  # the round as it is now, for the log
        before = snapshot(round)
        result = check(game, deal, round.number)
        round.parts.clear()
        db.session.flush()  # the old parts go before the new take their places
        _fill(round, game, deal, result)
        round.dealer, round.updated_at = new_dealer, utcnow()
        return Logged("corrected", round.number, before)

    commit(game, expected_version, change)
    return round
