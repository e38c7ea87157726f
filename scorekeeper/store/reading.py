"""Stored rounds read back as engine values: a game's rules and seats, each round's record and
its score, the standings, who deals next; what the boards and the writes ask of a stored game.

Scores are derived from the stored cards and the game's rules snapshot (:func:`score_game`,
:func:`recent_scores`); the standings of a long game's board come from each round's cached totals
instead (:func:`cached_standings`, checked against a rescoring in the tests), remembered per
version of the game, since a version names one state of its rounds.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any
from weakref import WeakKeyDictionary

from sqlalchemy import Engine, bindparam, func, null, select
from sqlalchemy import inspect as sa_inspect
from sqlalchemy.orm import selectinload

from ..engine.cards import Card, parse_cards
from ..engine.rules import Rules
from ..engine.scoring import (
    LayoffRecord,
    MeldRecord,
    PlayerRecord,
    RoundRecord,
    RoundScore,
    score_round,
)
from ..engine.standings import RoundResult, Seat, Standings, sides, standings
from .db import db
from .models import Game, Round, RoundPart, RoundSide
from .systems import game_system


class RecordError(ValueError):
    """A round or game that cannot be stored as given (a player not seated, say)."""


class GameOver(Exception):
    """A new round for a game that is over: ended by its rules (:meth:`by_rules`, naming the
    winner) or marked finished by the scorer (:meth:`marked`). Nothing is stored. Not a
    RecordError (a family's round handlers refuse those themselves): the shared error handlers
    answer it, a 409. Corrections and deletions of its rounds stay possible, and move the end
    with them; a game marked finished takes rounds again once reopened."""

    @classmethod
    def by_rules(cls, standing: Standings) -> GameOver:
        winners = " and ".join(standing.winners) or "nobody"
        return cls(
            f"the game is over: {winners} won ({standing.reason}). Nothing was stored; "
            "correct or delete an earlier round to change the result"
        )

    @classmethod
    def marked(cls) -> GameOver:
        return cls(
            "the game is over: it is marked finished. Nothing was stored; reopen it to record "
            "more rounds"
        )

    def sentence(self) -> str:
        """The reason as a page says it: capitalised, with a full stop."""
        text = str(self)
        return text[:1].upper() + text[1:] + "."


def game_over(game: Game, *, rounds_at: int | None = None) -> GameOver | None:
    """Why the game takes no new round (marked finished, or ended by its rules), or None while
    it goes on: what a save refuses and what the pages say instead of offering a round.
    ``rounds_at``: the version whose rounds the game holds, if known (a change that has bumped
    the version but not touched a round yet holds the previous version's)."""
    if game.finished_at is not None:
        return GameOver.marked()
    standing = cached_standings(game, rounds_at=rounds_at)
    return GameOver.by_rules(standing) if standing.over else None


def round_id(round: Round) -> int:
    """A stored round's row id, read from the session's identity key: no query, also for a
    round deleted meanwhile (whose attributes can no longer be loaded)."""
    identity = sa_inspect(round).identity
    assert identity is not None, "a round not stored yet"
    return int(identity[0])


def round_now(round_id: int) -> Round | None:
    """The round with this row id as stored now (None once deleted): for a page answering a
    conflict, which must not touch a round object that may be gone."""
    return db.session.scalar(
        select(Round).where(Round.id == round_id).execution_options(populate_existing=True)
    )


def game_rules(game: Game) -> Rules:
    """The rules of a game of the Rummy 500 family, from the snapshot taken when it started
    (another family reads its own snapshot: :meth:`~scorekeeper.engine.system.GameSystem.
    rules_from_stored`); a RecordError for a game of another family, rather than the rummy
    defaults read from a snapshot that is not rummy's."""
    rules = game_system(game).rules_from_stored(game.rules)
    if not isinstance(rules, Rules):
        raise RecordError(f"{game.name}'s rules are not the Rummy 500 family's")
    return rules


def game_seats(game: Game) -> list[Seat]:
    return [Seat(player.name, player.team) for player in game.players]


def game_teams(game: Game, rules: Rules) -> dict[str, str | None]:
    """Each player's side as the game stores it in a round's record (None for all where the game
    has no sides)."""
    side_of = sides(rules, game_seats(game))
    with_sides = any(side != name for name, side in side_of.items())
    return {name: side if with_sides else None for name, side in side_of.items()}


def _declared(codes: Sequence[str | None] | None) -> tuple[Card | None, ...]:
    """Stored declared readings (``["5C", null, null]``; absent when none) as the engine's."""
    return tuple(None if code is None else Card.from_code(code) for code in codes or ())


def round_record(round: Round) -> RoundRecord:
    """The engine's record of a stored round."""
    return _record(round, game_teams(round.game, game_rules(round.game)))


def _record(round: Round, teams: dict[str, str | None]) -> RoundRecord:
    names = {player.id: player.name for player in round.game.players}
    players = [
        _player_record(
            names,
            part.player.name,
            teams[part.player.name],
            part.player_id == round.went_out_id,
            part.melds,
            part.layoffs,
            part.hand,
            part.called,
            part.melded_points,
            part.hand_points,
        )
        for part in round.parts
    ]
    opening = frozenset(part.player.name for part in round.parts if part.opening)
    return RoundRecord(tuple(players), round.ended_by, round.wild_rank, round.joker_effect, opening)


def snapshot_record(game: Game, saved: dict[str, Any]) -> RoundRecord:
    """The engine's record of a round as the game's log saved it (``GameChange.before``)."""
    names = {player.id: player.name for player in game.players}
    players = [
        _player_record(
            names,
            names[part["player_id"]],
            None,
            part["player_id"] == saved["went_out_id"],
            part["melds"],
            part["layoffs"],
            part["hand"],
            part["called"],
            part["melded_points"],
            part["hand_points"],
        )
        for part in saved["parts"]
    ]
    opening = frozenset(names[part["player_id"]] for part in saved["parts"] if part.get("opening"))
    return RoundRecord(
        tuple(players), saved["ended_by"], saved["wild_rank"], saved["joker_effect"], opening
    )


def _player_record(
    names: dict[int, str],
    name: str,
    team: str | None,
    went_out: bool,
    melds: list[dict[str, Any]],
    layoffs: list[dict[str, Any]],
    hand: list[str],
    called: list[str],
    melded_points: int | None,
    hand_points: int | None,
) -> PlayerRecord:
    """One player's part of a round, from its stored melds, layoffs and cards."""
    return PlayerRecord(
        name,
        team,
        went_out,
        tuple(
            MeldRecord(
                tuple(parse_cards(m["cards"])),
                m["laid_at_once"],
                m["doubled"],
                _declared(m.get("declared")),
            )
            for m in melds
        ),
        tuple(
            LayoffRecord(
                names[lo["player_id"]],
                lo["meld"],
                tuple(parse_cards(lo["cards"])),
                lo["final"],
                _declared(lo.get("declared")),
            )
            for lo in layoffs
        ),
        tuple(parse_cards(hand)),
        tuple(parse_cards(called)),
        melded_points,
        hand_points,
    )


def score_game(game: Game) -> tuple[list[RoundScore], Standings]:
    """Every round rescored from its stored cards, and the standings they make."""
    rules = game_rules(game)
    teams = game_teams(game, rules)
    scores = [score_round(rules, _record(round, teams)) for round in game.rounds]
    results = [
        RoundResult(score.totals(), next((p.name for p in score.players if p.went_out), None))
        for score in scores
    ]
    return scores, standings(rules, game_seats(game), results)


def round_count(game: Game) -> int:
    """How many rounds the game has stored (one query; the rounds are not loaded)."""
    return db.session.scalar(select(func.count()).where(Round.game_id == game.id)) or 0


def stored_rounds(game: Game) -> list[Round]:
    """Every stored round of the game, oldest first, read as it is now (not as the session
    last saw it)."""
    return list(
        db.session.scalars(
            select(Round)
            .where(Round.game_id == game.id)
            .order_by(Round.number)
            .execution_options(populate_existing=True)
        )
    )


def next_round_number(game: Game) -> int:
    """The number the next stored round will have."""
    last = db.session.scalar(select(func.max(Round.number)).where(Round.game_id == game.id))
    return (last or 0) + 1


#: Standings read at a version, per database: a version names one state of a game's rounds
#: (every change bumps it, and it never goes back), so a board read at a version serves every
#: board and the next save at it without reading the rounds again. Only reads checked to be of
#: one version go in (:func:`remember_standings`); a few games' latest versions are kept.
_Remembered = OrderedDict[tuple[int, str, int], Standings]  # (game id, watcher token, version)


_STANDINGS: WeakKeyDictionary[Engine, _Remembered] = WeakKeyDictionary()


_STANDINGS_KEPT = 256


_STANDINGS_GUARD = threading.Lock()


def _remembered(engine: Engine) -> _Remembered:
    with _STANDINGS_GUARD:
        return _STANDINGS.setdefault(engine, OrderedDict())


def remember_standings(game: Game, version: int, standing: Standings) -> None:
    """Keep the standings of the game's rounds as they are at ``version``: only for a read
    known to be of that version (read between two reads of the same version, or inside the
    change that holds the game's lock)."""
    kept = _remembered(db.engine)
    key = (game.id, game.watcher_token, version)  # the token: an id a deleted game freed
    with _STANDINGS_GUARD:
        kept[key] = standing
        kept.move_to_end(key)
        while len(kept) > _STANDINGS_KEPT:
            kept.popitem(last=False)


def cached_standings(game: Game, *, rounds_at: int | None = None) -> Standings:
    """The standings from each round's stored totals (the cache written with the round, which
    the tests check against a rescoring): one query, no round rescored or loaded. For a long
    game's board, where only the rounds on screen are rescored (:func:`recent_scores`).
    Remembered standings of ``rounds_at`` (the game's version if None) are used as they are."""
    kept = _remembered(db.engine)
    with _STANDINGS_GUARD:
        known = kept.get(
            (game.id, game.watcher_token, game.version if rounds_at is None else rounds_at)
        )
    if known is not None:
        return known
    names = {player.id: player.name for player in game.players}
    capabilities = game_system(game).capabilities
    rows = db.session.execute(
        select(
            Round.number,
            Round.went_out_id,
            RoundPart.player_id,
            RoundPart.total,
            # read (and decoded) only for a family whose standings need it
            RoundPart.system_data if capabilities.data_in_standings else null(),
        )
        .join(RoundPart, RoundPart.round_id == Round.id)
        .where(Round.game_id == game.id)
        .order_by(Round.number, RoundPart.position)
    )
    totals: dict[int, dict[str, int]] = {}
    data: dict[int, dict[str, dict[str, Any] | None]] = {}
    went_out: dict[int, str | None] = {}
    for number, went_out_id, player_id, total, part_data in rows:
        totals.setdefault(number, {})[names[player_id]] = total
        data.setdefault(number, {})[names[player_id]] = part_data
        went_out[number] = names.get(went_out_id) if went_out_id is not None else None
    sides = side_totals([game.id]).get(game.id, {}) if capabilities.side_points else {}
    results = [
        RoundResult(
            totals[number],
            went_out[number],
            sides.get(number, {}),
            data[number] if capabilities.data_in_standings else {},
        )
        for number in sorted(totals)
    ]
    return game_system(game).standings(game.rules, game_seats(game), results)


def side_totals(game_ids: Sequence[int]) -> dict[int, dict[int, dict[str, int]]]:
    """What each round added to each side scored as a whole (:class:`RoundSide`), by game and
    round number: one query (no row for a family that scores its players)."""
    found: dict[int, dict[int, dict[str, int]]] = {}
    if not game_ids:
        return found
    rows = db.session.execute(
        select(Round.game_id, Round.number, RoundSide.name, RoundSide.total)
        .join(RoundSide, RoundSide.round_id == Round.id)
        .where(Round.game_id.in_(list(game_ids)))
        .order_by(Round.game_id, Round.number, RoundSide.position)
    )
    for game_id, number, name, total in rows:
        found.setdefault(game_id, {}).setdefault(number, {})[name] = total
    return found


def recent_scores(
    game: Game, count: int | None, *, upto: int | None = None, first: int = 1
) -> list[tuple[Round, RoundRecord, RoundScore]]:
    """The last ``count`` rounds (every round if None) from round ``first`` up to round ``upto``
    (the last stored if None), oldest first, each with its record and that record rescored from
    its stored cards."""
    query = select(Round).where(Round.game_id == game.id).order_by(Round.number.desc())
    if upto is not None:  # the rounds the standings already read, not one saved since
        query = query.where(Round.number <= upto)
    if first > 1:
        query = query.where(Round.number >= first)
    if count is not None:
        query = query.limit(count)
    query = query.options(
        selectinload(Round.parts), selectinload(Round.dealer), selectinload(Round.went_out)
    )
    recent = list(db.session.scalars(query))[::-1]
    rules = game_rules(game)
    teams = game_teams(game, rules)
    scored = []
    for stored in recent:
        record = _record(stored, teams)
        scored.append((stored, record, score_round(rules, record)))
    return scored


def upcoming_dealer(game: Game) -> str | None:
    """Who deals the next round: the first dealer before any round is stored, then the last
    round's dealer moved on by ``dealer_rotation`` (under ``winner``, to whoever went out).
    None when that is not known (no first dealer given, a round without a dealer, a stock-out
    under ``winner``)."""
    last = db.session.scalar(
        select(Round).where(Round.game_id == game.id).order_by(Round.number.desc()).limit(1)
    )
    if last is None:
        return next(
            (player.name for player in game.players if player.seat == game.first_dealer_seat), None
        )
    if last.dealer is None:
        return None
    system = game_system(game)
    players = [player.name for player in game.players]
    went_out = last.went_out.name if last.went_out else None
    dealer = system.next_dealer(game.rules, players, last.dealer.name, went_out)
    if system.capabilities.reached_sit_out and dealer is not None:
        out = set(cached_standings(game).reached)
        for _ in players:  # the deal passes those out of play by
            if dealer not in out:
                break
            dealer = system.next_dealer(game.rules, players, dealer, went_out)
    return dealer


def round_by_key(game: Game, idempotency_key: str) -> Round | None:
    return db.session.scalar(
        select(Round).where(Round.game_id == game.id, Round.idempotency_key == idempotency_key)
    )


#: The live board's question, built once: every open board asks it every few seconds.
_WATCHED_VERSION = select(Game.__table__.c.version).where(
    Game.__table__.c.watcher_token == bindparam("token")
)


def watched_version(watcher_token: str) -> int | None:
    """The version of the game watched with this token (one indexed read), None if none.

    Asked on a connection of its own rather than through the ORM session: this is the one query
    an unchanged board costs, and the session's bookkeeping would cost more than the read.
    """
    with db.engine.connect() as connection:
        version = connection.execute(_WATCHED_VERSION, {"token": watcher_token}).scalar()
    return None if version is None else int(version)
