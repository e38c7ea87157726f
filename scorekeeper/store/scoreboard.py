"""The scoreboard as the pages show it: standings (with sides), the leader, the distance to the
target, each round's row and breakdown, the round in play (dealer, wild rank), the totals chart.

The standings come from each round's stored totals (:func:`.records.cached_standings`, one
query); the rounds shown, the last :data:`RECENT_ROUNDS` unless all are asked for, are rescored
by the engine for their breakdowns (:func:`.records.recent_scores`). So a game of 2,000 rounds
costs about what one of thirty does. Shared by the scorer's game page and the watchers' board.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select

from ..engine.scoring import RoundRecord, RoundScore
from ..engine.standings import Standings
from ..engine.system import SYSTEMS
from . import records
from .db import db
from .models import Game, Round
from .systems import StoreSystem, game_system

#: The rounds a board shows (newest last) unless all are asked for.
RECENT_ROUNDS = 30


@dataclass(frozen=True)
class Competitor:
    """A player, or a side when the game has sides, in the standings."""

    name: str
    total: int
    members: list[tuple[str, int]]  # a side's players and their totals
    leader: bool
    winner: bool
    to_target: int | None  # points still needed to reach (or pass) the target; None: no target


@dataclass(frozen=True)
class PlayerLines:
    name: str
    total: int
    went_out: bool
    lines: tuple[str, ...]


@dataclass(frozen=True)
class RoundRow:
    number: int
    dealer: str | None
    went_out: str | None
    wild_rank: str | None
    joker_effect: str | None
    cells: list[tuple[int, int]]  # per player in seat order: (the round's points, running total)
    players: list[PlayerLines]
    warnings: list[tuple[str, bool]]  # (warning, accepted when stored)
    after_end: bool  # recorded after the game was already over
    ended_by: str  # going_out or stock_out
    record: RoundRecord  # the round as stored, and its score: what the JSON view serialises
    score: RoundScore


@dataclass(frozen=True)
class Board:
    game: Game
    system: StoreSystem
    standing: Standings
    preset_name: str
    players: list[str]
    competitors: list[Competitor]
    with_sides: bool
    rounds: list[RoundRow]  # the rounds shown: the last RECENT_ROUNDS, or every one
    rounds_played: int  # every round stored
    next_round: int
    next_dealer: str | None
    next_wild: str | None  # the next round's wild rank when the rules fix it (progression)
    finished: bool
    target: int | None
    exceed: bool
    running: dict[str, list[int]]  # each competitor's total after each round, for the chart
    settlement: list[tuple[str, str, int]] = field(default_factory=list)
    #: the family's own part of the board, where its rounds are not the shared rounds table
    #: (:meth:`~.systems.StoreSystem.board_view`; its ``rounds`` are then empty)
    view: Any = None

    @property
    def last_round(self) -> RoundRow | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def version(self) -> int:
        return self.game.version


def _round_row(
    stored: Round,
    record: RoundRecord,
    score: RoundScore,
    running: Mapping[str, int],
    players: list[str],
    after_end: bool,
) -> RoundRow:
    totals = score.totals()
    return RoundRow(
        number=stored.number,
        dealer=stored.dealer.name if stored.dealer else None,
        went_out=stored.went_out.name if stored.went_out else None,
        wild_rank=stored.wild_rank,
        joker_effect=stored.joker_effect,
        cells=[(totals.get(name, 0), running[name]) for name in players],
        players=[PlayerLines(p.name, p.total, p.went_out, p.lines) for p in score.players],
        warnings=[(warning, warning in stored.accepted_warnings) for warning in score.warnings],
        after_end=after_end,
        ended_by=stored.ended_by,
        record=record,
        score=score,
    )


def next_wild_rank(game: Game) -> str | None:
    """The round in play's wild rank: fixed by the rules, else as its deal showed it."""
    return game_system(game).next_wild_rank(
        game.rules, records.round_count(game) + 1, game.next_wild_rank
    )


#: How often a board is read again when a save lands between its reads.
READ_ATTEMPTS = 5
#: The game's own fields a board shows (its players and rounds are read apart).
GAME_FIELDS = ["version", "name", "finished_at", "next_wild_rank", "system_data", "updated_at"]


def board(game: Game, recent: int | None = RECENT_ROUNDS, *, first: int = 1) -> Board:
    """Everything the standings and the rounds table show; the last ``recent`` rounds (every
    round if None) from round ``first`` on rescored for their rows.

    One consistent read of several queries: every change to a game bumps its version in the
    change's own transaction, so when the version is the same before and after the reads, no
    change landed between them and they agree. Otherwise (a round saved meanwhile) the board is
    read again; and its rounds are always read up to the standings' last round, never past it."""
    for _ in range(READ_ATTEMPTS):
        db.session.refresh(game, GAME_FIELDS)  # the game's row as it is now: its version first
        before = game.version  # (kept: a read below may load the game's row again)
        read = _board(game, recent, first)
        if _version(game) == before:
            records.remember_standings(game, before, read.standing)  # a read of one version
            return read
    # A game saved to faster than it is read: the last read, whose rounds are the standings'
    # (read up to the standings' last round), a correction landing between them at worst.
    return read


def _version(game: Game) -> int | None:
    return db.session.scalar(select(Game.version).where(Game.id == game.id))


def _board(game: Game, recent: int | None, first: int) -> Board:
    standing = records.cached_standings(game)
    system = game_system(game)
    players = [player.name for player in game.players]
    with_sides = bool(standing.team_totals)
    totals = standing.team_totals if with_sides else standing.totals
    goal = system.target(game.rules)
    target, exceed = goal.points, goal.exceed
    best = min if goal.low_wins else max
    top = best(totals.values()) if totals else 0
    competitors = [
        Competitor(
            name=name,
            total=total,
            members=[(p, standing.totals[p]) for p in players if standing.side_of[p] == name]
            if with_sides
            else [],
            leader=standing.deals_played > 0 and total == top,
            winner=standing.over and name in standing.winners,
            to_target=None if target is None else target - total + (1 if exceed else 0),
        )
        for name, total in totals.items()
    ]
    # the leader first (stable: seat order on ties)
    competitors.sort(key=lambda c: c.total if goal.low_wins else -c.total)
    ended = standing.ended_after
    played = len(standing.running)
    view = system.board_view(game)
    rows = (
        []
        if view is not None
        else [
            _round_row(
                stored,
                record,
                score,
                standing.running[stored.number - 1],
                players,
                ended is not None and stored.number > ended,
            )
            for stored, record, score in records.recent_scores(
                game, recent, upto=played, first=first
            )
        ]
    )
    next_round = played + 1
    next_wild = next_wild_rank(game)
    return Board(
        game=game,
        system=system,
        standing=standing,
        preset_name=SYSTEMS.preset_name(game.preset),
        players=players,
        competitors=competitors,
        with_sides=with_sides,
        rounds=rows,
        rounds_played=played,
        next_round=next_round,
        next_dealer=records.upcoming_dealer(game),
        next_wild=next_wild,
        finished=standing.over or game.finished_at is not None,
        target=target,
        exceed=exceed,
        running=_running(standing, players, with_sides),
        settlement=[(s.payer, s.payee, s.amount) for s in standing.settlement],
        view=view,
    )


def _running(standing: Standings, players: list[str], with_sides: bool) -> dict[str, list[int]]:
    """Each competitor's total after each round (a side's is its players' sum)."""

    def competitor(name: str) -> str:
        return standing.side_of[name] if with_sides else name

    series: dict[str, list[int]] = {competitor(name): [] for name in players}
    for after in standing.running:
        sums = dict.fromkeys(series, 0)
        for name in players:
            sums[competitor(name)] += after[name]
        for name, total in sums.items():
            series[name].append(total)
    return series
