"""A Spades game as its boards show it: each hand's bids, tricks and side lines, the bags each
side carries, and the hand in play's bids and contracts. Part of the scoreboard value
(:mod:`.scoreboard`), whose standings, chart and winner are shared with rummy's.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...store.models import Game
from . import store as spades
from .rules import Bid, SideScore, SpadesRules


def bid_label(bid: Bid) -> str:
    """A bid as a board shows it: ``4``, ``nil``, ``blind nil``."""
    return str(bid).replace("_", " ")


@dataclass(frozen=True)
class SidePlay:
    """One side in a hand: its players' bids and tricks, and what the hand did for it."""

    side: str
    players: list[tuple[str, str, int]]  # (name, bid as shown, tricks)
    score: SideScore
    total: int  # the side's total after the hand


@dataclass(frozen=True)
class HandRow:
    number: int
    dealer: str | None
    sides: list[SidePlay]
    after_end: bool  # played after the game was already over


@dataclass(frozen=True)
class InPlay:
    """The hand in play, once its bids are noted: each side's contract and nil bids."""

    bids: dict[str, str]  # player -> bid as shown
    contracts: list[tuple[str, int, list[str]]]  # (side, tricks bid, its nil bidders as shown)


@dataclass(frozen=True)
class SpadesView:
    rules: SpadesRules
    sides: dict[str, list[str]]  # side -> its players in seat order
    hands: list[HandRow]  # every hand, oldest first
    bags: dict[str, int]  # carried now, per side
    in_play: InPlay | None

    @property
    def last_hand(self) -> HandRow | None:
        return self.hands[-1] if self.hands else None


def in_play(game: Game) -> InPlay | None:
    bids = spades.bids_in_play(game)
    if bids is None:
        return None
    sides = spades.game_sides(game)
    contracts = []
    for side in dict.fromkeys(sides.values()):
        members = [name for name in bids if sides[name] == side]
        contract = sum(bid for name in members if isinstance(bid := bids[name], int))
        nils = [
            f"{name} {bid_label(bid)}" for name in members if isinstance(bid := bids[name], str)
        ]
        contracts.append((side, contract, nils))
    return InPlay({name: bid_label(bid) for name, bid in bids.items()}, contracts)


def view(game: Game) -> SpadesView:
    """The game's hands rescored from their bids and tricks."""
    rules = spades.spades_rules(game)
    sides = spades.game_sides(game)
    stored = spades.hands(game)
    played = spades.play(game)
    members: dict[str, list[str]] = {}
    for player in game.players:
        members.setdefault(sides[player.name], []).append(player.name)
    rows = []
    for index, ((round, hand), scored) in enumerate(zip(stored, played.hands, strict=True)):
        by_name = {player.name: player for player in hand.players}
        rows.append(
            HandRow(
                number=round.number,
                dealer=round.dealer.name if round.dealer else None,
                sides=[
                    SidePlay(
                        side.side,
                        [
                            (name, bid_label(by_name[name].bid), by_name[name].tricks)
                            for name in members[side.side]
                        ],
                        side,
                        played.running[index][side.side],
                    )
                    for side in scored
                ],
                after_end=played.ended_after is not None and index + 1 > played.ended_after,
            )
        )
    return SpadesView(rules, members, rows, dict(played.bags), in_play(game))
