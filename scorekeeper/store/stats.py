"""Across games: each game's outcome, each person's figures, two people head to head.

Everything here reads the store's caches, never rescoring a round: the standings come from each
round's stored totals (``RoundPart.total``, and ``RoundSide.total`` for a side scored whole, as
:func:`.records.cached_standings` does, but for many games in a query or two), who went out
from ``Round.went_out_id``, and the points left in hand from the stored hand with the engine's
:func:`card_points` under the round's wild rank (or, for a player recorded by totals, the stored
``hand_points``), which is what the engine's scoring counts
as ``hand_points`` (checked against a rescoring in the tests).

Decisions where the issue is silent:

- A game's winners are the standings' when the game is over; a game the scorer marked finished
  before its end (the night ran out) is won by whoever was ahead then (joint leaders share it).
  A game still in play has no winner. ``decided`` counts the games with a winner.
- A game of a family that scores sides by contracts (Spades: bids and tricks; its system says
  ``player_figures`` false) counts toward a player's games and wins (their side's), not toward
  the figures of rounds, points, going out or totals.
- Head to head, "finished ahead" and the ties count finished games only (over by the rules, or
  marked finished: the games with a ``state`` other than "in play", as
  :func:`.records.game_over` would refuse a round for): a game still in play has no final
  totals yet. The rounds each won (scored more in than the other) count every round both played.
- A player's figures count the games where they have played at least one round. The win rate is
  over the decided games they played; the rate of going out and the averages are per round
  played; the average left in hand is per round they did not go out (the rounds they held
  cards at the end); the highest game total is their total at the end of a game (with any final
  bonus). In a game with sides, a player wins when their side does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import null, select

from ..engine.cards import Card
from ..engine.points import Context, card_points
from ..engine.standings import RoundResult, Standings
from ..engine.system import SYSTEMS
from .db import db
from .models import Game, Round, RoundPart
from .people import People
from .records import game_rules, game_seats, side_totals
from .systems import game_system


@dataclass(frozen=True)
class Part:
    """One player's part of a round, as cached."""

    number: int  # the round
    name: str  # the player as seated
    total: int
    went_out: bool
    in_hand: int | None  # the points of the cards left in hand (None: not read)
    #: the family's own counts for the part (Gin: a hand won, a gin, an undercut), where read
    tally: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class GameSummary:
    """A game as the history lists it: its standings from the cache and its outcome."""

    game: Game
    preset_name: str
    rounds: int
    standing: Standings
    state: str  # "in play", "over" or "finished" (marked finished before the end)
    winners: list[str]  # competitors (players, or sides)
    parts: list[Part] = field(repr=False)

    @property
    def finished(self) -> bool:
        """Whether the game is over by its rules or marked finished (no longer in play)."""
        return self.state != "in play"

    @property
    def players(self) -> list[str]:
        return [player.name for player in self.game.players]

    @property
    def date(self) -> datetime:
        return self.game.created_at

    @property
    def player_figures(self) -> bool:
        """Whether the game counts toward its players' figures (rounds, points, going out)."""
        return game_system(self.game).capabilities.player_figures

    def won(self, name: str) -> bool:
        """Whether the player ``name`` (seated in the game) won it, or their side did."""
        return self.standing.side_of.get(name, name) in self.winners

    def total(self, name: str) -> int:
        return self.standing.totals.get(name, 0)


def _outcome(game: Game, standing: Standings) -> tuple[str, list[str]]:
    if standing.over:
        return "over", list(standing.winners)
    if game.finished_at is None:
        return "in play", []
    totals = standing.team_totals or standing.totals
    if standing.deals_played == 0 or not totals:
        return "finished", []
    top = max(totals.values())
    return "finished", [name for name, total in totals.items() if total == top]


def summaries(game_ids: Sequence[int] | None = None, *, hands: bool = False) -> list[GameSummary]:
    """The games (every game when ``game_ids`` is None), newest first, each with its standings
    from the stored totals: two queries however many games. With ``hands``, each part's points
    left in hand too (for the stats)."""
    query = select(Game).order_by(Game.created_at.desc(), Game.id.desc())
    if game_ids is not None:
        if not game_ids:
            return []
        query = query.where(Game.id.in_(game_ids))
    games = list(db.session.scalars(query))
    # a family whose standings read each part's own data needs it for every game's outcome
    with_data = hands or any(game_system(g).capabilities.data_in_standings for g in games)
    parts_query = (
        select(
            Round.game_id,
            Round.number,
            Round.went_out_id,
            Round.wild_rank,
            Round.joker_effect,
            RoundPart.player_id,
            RoundPart.total,
            RoundPart.hand if hands else null(),  # not read (nor decoded) unless asked
            RoundPart.hand_points if hands else null(),
            RoundPart.system_data if with_data else null(),
        )
        .join(RoundPart, RoundPart.round_id == Round.id)
        .order_by(Round.game_id, Round.number, RoundPart.position)
    )
    if game_ids is not None:
        parts_query = parts_query.where(Round.game_id.in_([game.id for game in games]))
    rows_by_game: dict[int, list[_Row]] = {}
    for row in db.session.execute(parts_query):
        rows_by_game.setdefault(row[0], []).append(_Row(*row[1:]))
    sides = side_totals([g.id for g in games if game_system(g).capabilities.side_points])
    return [
        _summary(game, rows_by_game.get(game.id, []), sides.get(game.id, {}), hands)
        for game in games
    ]


@dataclass(frozen=True)
class _Row:
    """A part as the query reads it."""

    number: int
    went_out_id: int | None
    wild_rank: str | None
    joker_effect: str | None
    player_id: int
    total: int
    hand: list[str] | None
    hand_points: int | None
    system_data: dict[str, Any] | None


def _summary(
    game: Game, rows: list[_Row], sides: dict[int, dict[str, int]], hands: bool
) -> GameSummary:
    names = {player.id: player.name for player in game.players}
    system = game_system(game)
    by_round: dict[int, list[_Row]] = {}
    for row in rows:
        by_round.setdefault(row.number, []).append(row)
    parts: list[Part] = []
    results: list[RoundResult] = []
    for number in sorted(by_round):
        round_rows = by_round[number]
        first = round_rows[0]
        goer = None if first.went_out_id is None else names.get(first.went_out_id)
        context: Context | None = None  # made where a card in hand is counted (rummy's rules)
        points: dict[str, int] = {}  # a card's points in hand, this round
        totals: dict[str, int] = {}
        for row in round_rows:
            name = names[row.player_id]
            totals[name] = row.total
            in_hand = None
            if hands:
                in_hand = row.hand_points
                if in_hand is None:
                    in_hand = 0
                    for code in row.hand or ():
                        if context is None:
                            rules = game_rules(game)
                            packs = rules.packs(len(round_rows))
                            context = Context(rules, first.wild_rank, first.joker_effect, packs)
                        if code not in points:
                            points[code] = card_points(context, Card.from_code(code))
                        in_hand += points[code]
            tally = system.tally(row.system_data, row.total) if hands else {}
            parts.append(Part(number, name, row.total, name == goer, in_hand, tally))
        data = (
            {names[row.player_id]: row.system_data for row in round_rows}
            if system.capabilities.data_in_standings
            else {}
        )
        results.append(RoundResult(totals, goer, sides.get(number, {}), data))
    standing = game_system(game).standings(game.rules, game_seats(game), results)
    state, winners = _outcome(game, standing)
    return GameSummary(
        game, SYSTEMS.preset_name(game.preset), len(results), standing, state, winners, parts
    )


# --- a person's figures ------------------------------------------------------------------------


@dataclass(frozen=True)
class PersonStats:
    """One person's figures over the games given (see the module notes for what counts)."""

    name: str
    key: str
    games: int
    decided: int
    won: int
    rounds: int
    went_out: int
    points: int  # every round's total added up
    best_round: int | None
    in_hand: int  # points left in hand, over the rounds they did not go out
    held_rounds: int  # the rounds they did not go out
    highest_total: int | None
    totals: list[int]  # their total at the end of each game, oldest first
    #: each family's own counts added up over its games (Gin: hands won, gins, undercuts)
    tallies: dict[str, dict[str, int]] = field(default_factory=dict)

    @property
    def win_rate(self) -> float | None:
        return self.won / self.decided if self.decided else None

    @property
    def out_rate(self) -> float | None:
        return self.went_out / self.rounds if self.rounds else None

    @property
    def average_round(self) -> float | None:
        return self.points / self.rounds if self.rounds else None

    @property
    def average_in_hand(self) -> float | None:
        return self.in_hand / self.held_rounds if self.held_rounds else None


def seat_of(summary: GameSummary, people: People, key: str) -> str | None:
    """The name the person ``key`` sat under in the game, if they played in it."""
    return next((name for name in summary.players if people.key(name) == key), None)


def person_stats(games: Sequence[GameSummary], people: People) -> list[PersonStats]:
    """Every person who played a round in ``games``: most wins first, then the best win rate,
    then the most games, then by name."""
    keys: dict[str, str] = {}
    for summary in games:  # newest first: the newest spelling names the person
        for name in summary.players:
            keys.setdefault(people.key(name), people.person(name))
    found = [_person(key, name, games, people) for key, name in keys.items()]
    played = [stats for stats in found if stats.games]
    return sorted(
        played,
        key=lambda s: (-s.won, -(s.win_rate or 0), -s.games, s.name.casefold()),
    )


def _person(key: str, name: str, games: Sequence[GameSummary], people: People) -> PersonStats:
    counted = decided = won = rounds = went_out = points = in_hand = held = 0
    best: int | None = None
    totals: list[int] = []
    tallies: dict[str, dict[str, int]] = {}
    for summary in reversed(games):  # oldest first
        seat = seat_of(summary, people, key)
        if seat is None:
            continue
        mine = [part for part in summary.parts if part.name == seat]
        if not mine:
            continue
        counted += 1
        if summary.winners:
            decided += 1
            won += summary.won(seat)
        for part in mine:  # the family's own counts, whatever its figures
            if part.tally:
                counts = tallies.setdefault(game_system(summary.game).name, {})
                for label, count in part.tally.items():
                    counts[label] = counts.get(label, 0) + count
        if not summary.player_figures:
            continue  # a side's contracts: its games and wins count, not a player's points
        totals.append(summary.total(seat))
        for part in mine:
            rounds += 1
            points += part.total
            best = part.total if best is None else max(best, part.total)
            if part.went_out:
                went_out += 1
            else:
                held += 1
                in_hand += part.in_hand or 0
    return PersonStats(
        name=name,
        key=key,
        games=counted,
        decided=decided,
        won=won,
        rounds=rounds,
        went_out=went_out,
        points=points,
        best_round=best,
        in_hand=in_hand,
        held_rounds=held,
        highest_total=max(totals) if totals else None,
        totals=totals,
        tallies=tallies,
    )


# --- head to head ------------------------------------------------------------------------------


@dataclass
class Side:
    """One of two people in the games they played together (counted up by :func:`head_to_head`)."""

    name: str
    won: int = 0
    finished_ahead: int = 0  # finished games they ended with the higher total
    rounds_won: int = 0  # rounds they scored more in than the other
    went_out: int = 0
    points: int = 0  # their round totals in those games, added up
    wins_after: list[int] = field(default_factory=list)  # their wins so far, game by game

    def average_round(self, rounds: int) -> float | None:
        return self.points / rounds if rounds else None


@dataclass(frozen=True)
class HeadToHead:
    """Two people over the games both played (at least a round each), oldest first."""

    first: Side
    second: Side
    games: list[GameSummary]
    decided: int  # games with a winner
    finished: int  # games over or marked finished (the ones "finished ahead" counts)
    partners: int  # games they played on the same side
    rounds: int  # rounds both played
    ties: int  # finished games they ended level


def head_to_head(games: Sequence[GameSummary], people: People, a: str, b: str) -> HeadToHead:
    """``a`` against ``b`` (names as played or as merged) in the games both played."""
    key_a, key_b = people.key(a), people.key(b)
    first, second = Side(people.person(a)), Side(people.person(b))
    together: list[GameSummary] = []
    decided = finished = partners = rounds = ties = 0
    for summary in reversed(games):  # oldest first
        seat_a, seat_b = seat_of(summary, people, key_a), seat_of(summary, people, key_b)
        if seat_a is None or seat_b is None or seat_a == seat_b:
            continue
        parts_a = {p.number: p for p in summary.parts if p.name == seat_a}
        parts_b = {p.number: p for p in summary.parts if p.name == seat_b}
        if not parts_a or not parts_b:
            continue
        together.append(summary)
        side_of = summary.standing.side_of
        partners += side_of.get(seat_a) == side_of.get(seat_b)
        if summary.winners:
            decided += 1
        finished += summary.finished
        figures = summary.player_figures
        for side, seat, mine in ((first, seat_a, parts_a), (second, seat_b, parts_b)):
            won = summary.won(seat)
            side.won += won
            side.wins_after.append(side.won)
            if not figures:
                continue  # (as in person_stats) wins only: a side's contracts, not players
            side.went_out += sum(part.went_out for part in mine.values())
            side.points += sum(part.total for part in mine.values())
        if not figures:
            continue
        total_a, total_b = summary.total(seat_a), summary.total(seat_b)
        if summary.finished:  # (who leads a game in play has not finished ahead yet)
            if total_a == total_b:
                ties += 1
            else:
                (first if total_a > total_b else second).finished_ahead += 1
        for number in parts_a.keys() & parts_b.keys():
            rounds += 1
            if parts_a[number].total != parts_b[number].total:
                (first if parts_a[number].total > parts_b[number].total else second).rounds_won += 1
    return HeadToHead(first, second, together, decided, finished, partners, rounds, ties)
