"""Stored rounds ↔ engine values: reading and scoring a stored game, and the writes to games and
rounds; the one place that asks the engine to (re)score.

Each write to a game once created is a change (:mod:`.changes`): its own transaction,
which takes the game's next version (a caller passes ``expected_version`` to refuse a stale edit)
and logs the change for undo (:mod:`.history`).

A round with problems is refused (:class:`RoundRefused`); its warnings are stored as the caller
says they were accepted. A player's side in a round is the game's: a stored record carries each
player's side as ``team`` (none when the game has no sides).

A round on its way in is checked once per request: :func:`check_round` gives a
:class:`CheckedRound` (the record as the game stores it, and the engine's score of it), which the
view previews or answers with, and which :func:`store_checked` and :func:`replace_checked` store
without scoring it again (:func:`store_round` and :func:`replace_round` check and store in one go).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any
from weakref import WeakKeyDictionary

from sqlalchemy import Engine, bindparam, func, null, select, update
from sqlalchemy import inspect as sa_inspect
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload
from sqlalchemy.orm.exc import ObjectDeletedError

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
from .changes import Logged, StaleGame, commit, iso_time, reread, snapshot
from .db import db
from .models import Game, Player, Round, RoundPart, RoundSide, utcnow
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


class RoundDeleted(StaleGame):
    """The round was deleted meanwhile (a correction or a deletion that lost the race to a
    deletion): nothing was done. A StaleGame, so every page answers it with its conflict."""


def reread_round(round: Round) -> None:
    """Read the round again inside a change (after the bump), as it is now: a
    :class:`RoundDeleted` if another request deleted it meanwhile."""
    try:
        db.session.refresh(round)
    except ObjectDeletedError:
        raise RoundDeleted("the round was deleted from another phone meanwhile") from None


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


class RoundRefused(RecordError):
    """The engine finds the round impossible as recorded; ``score.problems`` says why."""

    def __init__(self, score: RoundScore) -> None:
        super().__init__(" ".join(score.problems))
        self.score = score


@dataclass(frozen=True)
class CheckedRound:
    """A round checked against a game: ``record`` as the game stores it (each player's side as
    ``team``) and the engine's ``score`` of it under the game's rules. Made only by
    :func:`check_round`, so the two always belong together."""

    record: RoundRecord
    score: RoundScore

    @property
    def ok(self) -> bool:
        """Whether the round can be stored (the engine finds no problem)."""
        return self.score.ok


class _Keep(Enum):
    KEEP = "keep"


KEEP = _Keep.KEEP  # replace_round: leave this field as it is
_SHIFT = 1 << 20  # renumber_rounds moves rounds through numbers above any real one


# --- reading ------------------------------------------------------------------------------


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


def _teams(game: Game, rules: Rules) -> dict[str, str | None]:
    side_of = sides(rules, game_seats(game))
    with_sides = any(side != name for name, side in side_of.items())
    return {name: side if with_sides else None for name, side in side_of.items()}


def _codes(cards: Sequence[Card]) -> list[str]:
    return [card.code() for card in cards]


def _declared(codes: Sequence[str | None] | None) -> tuple[Card | None, ...]:
    """Stored declared readings (``["5C", null, null]``; absent when none) as the engine's."""
    return tuple(None if code is None else Card.from_code(code) for code in codes or ())


def _with_declared(stored: dict[str, Any], declared: Sequence[Card | None]) -> dict[str, Any]:
    """A stored meld or layoff with its declared readings, when it has any."""
    if any(reading is not None for reading in declared):
        stored["declared"] = [None if reading is None else reading.code() for reading in declared]
    return stored


def round_record(round: Round) -> RoundRecord:
    """The engine's record of a stored round."""
    return _record(round, _teams(round.game, game_rules(round.game)))


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
    teams = _teams(game, rules)
    scores = [score_round(rules, _record(round, teams)) for round in game.rounds]
    results = [
        RoundResult(score.totals(), next((p.name for p in score.players if p.went_out), None))
        for score in scores
    ]
    return scores, standings(rules, game_seats(game), results)


def round_count(game: Game) -> int:
    """How many rounds the game has stored (one query; the rounds are not loaded)."""
    return db.session.scalar(select(func.count()).where(Round.game_id == game.id)) or 0


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
    teams = _teams(game, rules)
    scored = []
    for stored in recent:
        record = _record(stored, teams)
        scored.append((stored, record, score_round(rules, record)))
    return scored


def for_game(game: Game, record: RoundRecord) -> RoundRecord:
    """The record as the game stores it (each player's side as ``team``), or a RecordError."""
    teams = _teams(game, game_rules(game))
    names = [player.name for player in record.players]
    if not names:
        raise RecordError("a round needs at least one player")
    for problem, who in (
        ("is not seated in this game", {n for n in names if n not in teams}),
        ("is named more than once", {n for n in names if names.count(n) > 1}),
        ("is opening but not in the round", record.opening - set(names)),
    ):
        if who:
            raise RecordError(f"{', '.join(sorted(who))} {problem}")
    for player in record.players:
        if player.team is not None and player.team != teams[player.name]:
            raise RecordError(
                f"{player.name} plays for {teams[player.name] or 'no side'} in "
                f"this game, not {player.team}"
            )
        for layoff in player.layoffs:
            if layoff.player not in names:
                raise RecordError(
                    f"{player.name} laid off onto {layoff.player}, who is not in the round"
                )
    players = tuple(
        PlayerRecord(
            p.name,
            teams[p.name],
            p.went_out,
            p.melds,
            p.layoffs,
            p.hand,
            p.called,
            p.melded_points,
            p.hand_points,
        )
        for p in record.players
    )
    return RoundRecord(
        players, record.ended_by, record.wild_rank, record.joker_effect, record.opening
    )


def check_round(game: Game, record: RoundRecord) -> CheckedRound:
    """The round as the game stores it and its score under the game's rules: the engine scores
    it here, once; a RecordError for a round that does not fit the game (a player not seated)."""
    stored = for_game(game, record)
    return CheckedRound(stored, score_round(game_rules(game), stored))


def score_record(game: Game, record: RoundRecord) -> RoundScore:
    """A round's score under the game's rules and sides, before (or without) storing it."""
    return check_round(game, record).score


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


# --- writing ------------------------------------------------------------------------------


def create_game(
    name: str,
    rules: Rules,
    seats: Sequence[Seat],
    *,
    preset: str | None = None,
    dealer: str | None = None,
) -> Game:
    """A new game with a snapshot of ``rules`` and the players in seat order; ``dealer``, if
    given, deals the first round."""
    sides(rules, seats)  # raises StandingsError (a ValueError) for seats that do not fit
    names = [seat.name for seat in seats]
    if dealer is not None and dealer not in names:
        raise RecordError(f"{dealer} is not seated in this game")
    return new_game(name, preset, rules.to_dict(), seats, dealer)


def new_game(
    name: str,
    preset: str | None,
    rules: dict[str, Any],
    seats: Sequence[Seat],
    dealer: str | None,
    refused: type[Exception] = RecordError,
) -> Game:
    """Store a new game of any family, checked by its family: its rules snapshot, the players
    in seat order with their sides, and who deals first (one of them, or None). A ``refused``
    error for a name given twice or a dealer not seated."""
    names = [seat.name for seat in seats]
    if len(set(names)) != len(names):
        raise refused("every player needs a name of their own")
    if dealer is not None and dealer not in names:
        raise refused(f"{dealer} is not seated in this game")
    game = Game(
        name=name,
        preset=preset,
        rules=rules,
        first_dealer_seat=None if dealer is None else names.index(dealer),
        players=[
            Player(seat=index, name=seat.name, team=seat.team) for index, seat in enumerate(seats)
        ],
    )
    db.session.add(game)
    try:
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    return game


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


def seated_player(game: Game, name: str | None, refused: type[Exception]) -> Player | None:
    """The game's player named ``name`` (None for None); a ``refused`` error for a name not
    seated in the game."""
    if name is None:
        return None
    player = next((p for p in game.players if p.name == name), None)
    if player is None:
        raise refused(f"{name} is not seated in this game")
    return player


def in_seat_order(
    game: Game, names: Sequence[str], refused: type[Exception], *, everyone: str | None = None
) -> list[str]:
    """The names a round's entries give, in the game's seat order; a ``refused`` error for a
    player not seated or named twice, and for a player left out when ``everyone`` says what a
    round needs of each ("a hand needs every player's entry").

    A family whose rounds leave players out (a pool's players out) passes no ``everyone``."""
    seated = [player.name for player in game.players]
    strangers = sorted({name for name in names if name not in seated})
    if strangers:
        raise refused(f"{', '.join(strangers)} is not seated in this game")
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise refused(f"{', '.join(twice)} is named more than once")
    missing = [name for name in seated if name not in names]
    if missing and everyone is not None:
        raise refused(f"{everyone}: {', '.join(missing)}")
    return [name for name in seated if name in names]


def rename_game(game: Game, name: str, *, expected_version: int | None = None) -> None:
    def change() -> Logged:
        reread(game)
        before = {"name": game.name}
        game.name = name
        return Logged("renamed", before=before)

    commit(game, expected_version, change)


def finish_game(game: Game, *, finished: bool = True, expected_version: int | None = None) -> None:
    """Mark the game finished now (or not finished again)."""

    def change() -> Logged:
        reread(game)
        before = {"finished_at": iso_time(game.finished_at)}
        game.finished_at = utcnow() if finished else None
        return Logged("finished" if finished else "reopened", before=before)

    commit(game, expected_version, change)


def _player(game: Game, name: str | None) -> Player | None:
    return seated_player(game, name, RecordError)


def _refuse_problems(checked: CheckedRound) -> None:
    if not checked.ok:
        raise RoundRefused(checked.score)


def _fill(round: Round, game: Game, record: RoundRecord, score: RoundScore) -> None:
    """Write the record's fields and parts into ``round`` (whose old parts are gone)."""
    ids = {player.name: player.id for player in game.players}
    goer = next((player.name for player in record.players if player.went_out), None)
    round.ended_by, round.wild_rank = record.ended_by, record.wild_rank
    round.joker_effect, round.went_out = record.joker_effect, _player(game, goer)
    round.parts = [
        RoundPart(
            player=_player(game, p.name),
            position=index,
            opening=p.name in record.opening,
            melds=[
                _with_declared(
                    {
                        "cards": _codes(m.cards),
                        "laid_at_once": m.laid_at_once,
                        "doubled": m.doubled,
                    },
                    m.declared,
                )
                for m in p.melds
            ],
            layoffs=[
                _with_declared(
                    {
                        "player_id": ids[lo.player],
                        "meld": lo.meld,
                        "cards": _codes(lo.cards),
                        "final": lo.final,
                    },
                    lo.declared,
                )
                for lo in p.layoffs
            ],
            hand=_codes(p.hand),
            called=_codes(p.called),
            melded_points=p.melded_points,
            hand_points=p.hand_points,
            total=total.total,
        )
        for index, (p, total) in enumerate(zip(record.players, score.players, strict=True))
    ]


def cache_totals(round: Round) -> None:
    """Cache the totals of a round whose parts were put back from the log (undo), as the game's
    system does it (:meth:`~.systems.StoreSystem.cache_totals`)."""
    game_system(round.game).cache_totals(round)


def rescore_totals(round: Round) -> None:
    """Cache each part's total from a rescoring of the round as it stands (the Rummy 500
    family's :meth:`~.systems.StoreSystem.cache_totals`: a round's points are its own)."""
    score = score_round(game_rules(round.game), round_record(round))
    for part, scored in zip(round.parts, score.players, strict=True):
        part.total = scored.total


def deal_next(game: Game, wild_rank: str | None, *, expected_version: int | None = None) -> None:
    """Note the round in play's wild rank (the deal showed it), so every board shows it."""

    def change() -> Logged:
        reread(game)
        before = {"next_wild_rank": game.next_wild_rank}
        game.next_wild_rank = wild_rank
        return Logged("dealt", before=before)

    commit(game, expected_version, change)


def store_round(
    game: Game,
    record: RoundRecord,
    *,
    dealer: str | None = None,
    idempotency_key: str | None = None,
    accepted_warnings: Sequence[str] = (),
    expected_version: int | None = None,
) -> Round:
    """Store a new round after the others. With a key already used in this game, the round
    stored with it is returned and nothing changes (also when two requests race)."""
    if idempotency_key is not None and (stored := round_by_key(game, idempotency_key)):
        return stored
    return store_checked(
        game,
        check_round(game, record),
        dealer=dealer,
        idempotency_key=idempotency_key,
        accepted_warnings=accepted_warnings,
        expected_version=expected_version,
    )


def store_checked(
    game: Game,
    checked: CheckedRound,
    *,
    dealer: str | None = None,
    idempotency_key: str | None = None,
    accepted_warnings: Sequence[str] = (),
    expected_version: int | None = None,
) -> Round:
    """:func:`store_round` for a round already checked against this game (:func:`check_round`):
    stored as checked, without scoring it again; a RoundRefused if it has problems."""
    if idempotency_key is not None and (stored := round_by_key(game, idempotency_key)):
        return stored
    _refuse_problems(checked)
    record, score = checked.record, checked.score
    round = Round(
        dealer=_player(game, dealer),
        idempotency_key=idempotency_key,
        accepted_warnings=list(accepted_warnings),
    )

    def fill() -> None:
        _fill(round, game, record, score)
        attach_round(game, round)
        game.next_wild_rank = None  # the round in play is now recorded

    return add_round(game, round, fill, expected_version, idempotency_key)


def attach_round(game: Game, round: Round) -> None:
    """Make ``round`` one of the game's without reading the game's rounds: set from the round's
    side, the game's unloaded list only queues it (``game.rounds.append`` would load every round
    of a long game, with their parts, on each save)."""
    round.game = game
    db.session.add(round)  # a backref does not cascade into the session (SQLAlchemy 2)


def add_round(
    game: Game,
    round: Round,
    fill: Callable[[], None],
    expected_version: int | None,
    idempotency_key: str | None,
) -> Round:
    """Store ``round`` as the game's next (``fill`` gives it its parts and adds it to the game),
    logged as added; a :class:`GameOver` if the rules ended the game. If the game changed
    meanwhile or the key was taken by a request racing
    this one, the round stored with the key is returned; else the error goes on."""

    def add() -> Logged:
        reread(game)  # after the bump: a round or a finish racing this one is in
        # the rounds are still those of the version before the bump (this change holds the lock)
        over = game_over(game, rounds_at=game.version - 1)
        if over is not None:
            raise over
        round.number = next_round_number(game)
        fill()
        return Logged("added", round.number)

    try:
        commit(game, expected_version, add)
    except (StaleGame, IntegrityError):
        if idempotency_key is not None and (stored := round_by_key(game, idempotency_key)):
            return stored
        raise
    return round


def replace_round(
    round: Round,
    record: RoundRecord,
    *,
    dealer: str | _Keep | None = KEEP,
    accepted_warnings: Sequence[str] | _Keep = KEEP,
    expected_version: int | None = None,
) -> Round:
    """Correct a stored round: the same number, the new record (a RoundRefused if impossible)."""
    return replace_checked(
        round,
        check_round(round.game, record),
        dealer=dealer,
        accepted_warnings=accepted_warnings,
        expected_version=expected_version,
    )


def replace_checked(
    round: Round,
    checked: CheckedRound,
    *,
    dealer: str | _Keep | None = KEEP,
    accepted_warnings: Sequence[str] | _Keep = KEEP,
    expected_version: int | None = None,
) -> Round:
    """:func:`replace_round` for a round already checked against its game (:func:`check_round`):
    stored as checked, without scoring it again; a RoundRefused if it has problems."""
    game = round.game
    _refuse_problems(checked)
    record, score = checked.record, checked.score
    new_dealer = round.dealer if isinstance(dealer, _Keep) else _player(game, dealer)

    def change() -> Logged:
        reread_round(round)  # the round as it is now, for the log
        before = snapshot(round)
        round.parts.clear()
        db.session.flush()  # the old parts go before the new take their places
        _fill(round, game, record, score)
        round.dealer, round.updated_at = new_dealer, utcnow()
        if not isinstance(accepted_warnings, _Keep):
            round.accepted_warnings = list(accepted_warnings)
        return Logged("corrected", round.number, before)

    commit(game, expected_version, change)
    return round


def delete_round(round: Round, *, expected_version: int | None = None) -> None:
    """Delete a round; the rounds after it move up one number."""
    game = round.game

    def change() -> Logged:
        reread_round(round)  # the round as it is now, for the log
        before = snapshot(round)
        remove_round(game, round)
        return Logged("deleted", before["number"], before)

    commit(game, expected_version, change)


def renumber_rounds(game: Game, after: int, step: int) -> None:
    """Move the game's rounds numbered above ``after`` by ``step`` (+1 or -1), in two steps so
    that no row ever takes a number that another row still has (the unique (game, number))."""
    db.session.execute(
        update(Round)
        .where(Round.game_id == game.id, Round.number > after)
        .values(number=Round.number + _SHIFT)
    )
    db.session.execute(
        update(Round)
        .where(Round.game_id == game.id, Round.number > _SHIFT)
        .values(number=Round.number - _SHIFT + step)
    )


def remove_round(game: Game, round: Round) -> None:
    """Delete the round's row and move the rounds after it up one number, within a change (as
    :func:`delete_round` and undo do)."""
    number = round.number
    if "rounds" in sa_inspect(game).dict:  # loaded: keep the list true for what reads it next
        game.rounds.remove(round)
    else:  # not loaded: no need to read a long game's every round to delete one
        db.session.delete(round)
    db.session.flush()
    renumber_rounds(game, number, -1)
    game_system(game).rounds_renumbered(game)  # the later rounds may carry something of it
