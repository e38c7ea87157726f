"""A Gin game as its boards show it: each hand's result in words and each player's melds,
deadwood and layoffs, the hands won (the boxes) and, for Hollywood, the three games. Part of
the scoreboard value (:mod:`scorekeeper.store.scoreboard`), whose standings, chart and winner
are shared with every family's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...engine.standings import RoundResult
from ...store.models import Game
from . import store as gin
from .data import PartData
from .game import HOLLYWOOD_GAMES
from .round import Scored, score_round
from .rules import GinRules
from .standings import hands_won


@dataclass(frozen=True)
class PlayerHand:
    """One player's entry in a hand, as the board shows it."""

    name: str
    scored: Scored
    melds: list[list[str]]  # each meld's card codes
    deadwood: list[str]  # the deadwood's codes (none for counted figures)
    layoffs: list[str]  # the codes laid off


@dataclass(frozen=True)
class HandRow:
    number: int
    dealer: str | None
    headline: str  # "Ann gin +25 + 14"
    players: list[PlayerHand]
    winner: str | None  # the competitor who won it (a side in partnership gin)


@dataclass(frozen=True)
class PlayerRecord:
    """A player's hands in this game: won, gins (big gin included), undercuts given (as the
    defender) and taken (as the knocker)."""

    won: int = 0
    gins: int = 0
    undercuts_given: int = 0
    undercuts_taken: int = 0


@dataclass(frozen=True)
class GinView:
    rules: GinRules
    hands: list[HandRow]  # every hand, oldest first
    boxes: dict[str, list[int]]  # per competitor: hands won in each game (one, or three)
    members: dict[str, list[str]]  # per competitor in seat order: its players
    records: dict[str, PlayerRecord] = field(default_factory=dict)

    @property
    def last_hand(self) -> HandRow | None:
        return self.hands[-1] if self.hands else None


def headline(entries: Sequence[Scored], pairs: Sequence[tuple[str, str]] | None = None) -> str:
    """A hand in a few words, as the story tells it.

    >>> from .round import Scored, score_round
    >>> ann = Scored("Ann", (), (), 0, 0, (), "gin", 39, ("gin +25", "Bob's deadwood 14"))
    >>> bob = Scored("Bob", (), (), 14, 14, (), "gin", 0, ())
    >>> headline([ann, bob])
    'Ann gin +25 + 14'
    """
    if not entries or entries[0].result == "dead":
        return "Dead hand"
    said = []
    by_name = {entry.name: entry for entry in entries}
    for a, b in pairs or [(entries[0].name, entries[1].name)]:
        first, second = by_name[a], by_name[b]
        winner = first if first.points else second
        loser = second if winner is first else first
        kind = winner.result
        doubled = "spade upcard: doubled" in winner.lines
        if kind in ("gin", "big_gin"):
            word = "big gin" if kind == "big_gin" else "gin"
            bonus = winner.points - loser.deadwood_points
            if doubled:
                bonus = winner.points // 2 - loser.deadwood_points
                said.append(f"{winner.name} {word} (+{bonus} + {loser.deadwood_points}) × 2")
            else:
                said.append(f"{winner.name} {word} +{bonus} + {loser.deadwood_points}")
        elif kind == "knock":
            said.append(
                f"{winner.name} knocked with {winner.deadwood_points}: {loser.name} "
                f"{loser.deadwood_points}: {winner.name} +{winner.points}{_twice(doubled)}"
            )
        else:
            said.append(
                f"Undercut: {winner.name} {winner.deadwood_points} against {loser.name}'s "
                f"{loser.deadwood_points}: {winner.name} +{winner.points}{_twice(doubled)}"
            )
    return "; ".join(said)


def _twice(doubled: bool) -> str:
    return " (spade upcard: doubled)" if doubled else ""


def view(game: Game) -> GinView:
    """The game's hands scored from what the table gave."""
    rules = gin.gin_rules(game)
    sides = {player.name: player.team or player.name for player in game.players}
    competitors = list(dict.fromkeys(sides.values()))
    count = HOLLYWOOD_GAMES if rules.hollywood else 1
    boxes = {name: [0] * count for name in competitors}
    wins = dict.fromkeys(competitors, 0)
    records = {player.name: PlayerRecord() for player in game.players}
    rows: list[HandRow] = []
    for round in gin.rounds(game):
        stored = gin.hand_of(round)
        entries = score_round(rules, stored.round, stored.pairs)
        won = hands_won(RoundResult({e.name: e.points for e in entries}), sides)
        for hand in won:
            if hand.winner is not None:
                wins[hand.winner] += 1
                reach = min(wins[hand.winner], count) if rules.hollywood else 1
                for column in range(reach):
                    boxes[hand.winner][column] += 1
        for entry in entries:
            records[entry.name] = _counted(records[entry.name], entry)
        rows.append(
            HandRow(
                number=round.number,
                dealer=round.dealer.name if round.dealer else None,
                headline=headline(entries, stored.pairs),
                players=[_shown(entry) for entry in entries],
                winner=next((hand.winner for hand in won if hand.winner), None),
            )
        )
    members: dict[str, list[str]] = {}
    for player in game.players:
        members.setdefault(sides[player.name], []).append(player.name)
    return GinView(rules, rows, boxes, members, records)


def _counted(record: PlayerRecord, entry: Scored) -> PlayerRecord:
    won = entry.points > 0
    return PlayerRecord(
        record.won + won,
        record.gins + (won and entry.result in ("gin", "big_gin")),
        record.undercuts_given + (won and entry.result == "undercut"),
        record.undercuts_taken + (not won and entry.result == "undercut"),
    )


def _shown(entry: Scored) -> PlayerHand:
    return PlayerHand(
        entry.name,
        entry,
        [[card.code() for card in meld] for meld in entry.melds],
        [card.code() for card in entry.deadwood],
        [card.code() for card, _ in entry.layoffs],
    )


#: What the stats count for a Gin player, in the order they show.
TALLY_LABELS = ("hands won", "gins", "undercuts given", "undercuts taken")


def tally(data: Mapping[str, Any] | None, total: int) -> dict[str, int]:
    """A stored part's counts, from its cached result and points (as :func:`_counted`).

    >>> tally({"cards": [], "knocked": True, "result": "undercut"}, 0)
    {'hands won': 0, 'gins': 0, 'undercuts given': 0, 'undercuts taken': 1}
    """
    result = PartData.from_json(data).result if data is not None else None
    won = total > 0
    counts = (
        won,
        won and result in ("gin", "big_gin"),
        won and result == "undercut",
        not won and result == "undercut",
    )
    return {label: int(count) for label, count in zip(TALLY_LABELS, counts, strict=True)}
