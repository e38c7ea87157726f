"""An Indian Rummy game as its boards show it: each deal's players (the show and its melds with
their pure marks, what each loser pays and why), the game's own standing (a pool's scores, who
is out, who may rejoin and at what; the chips), and each player's counts for the stats. Part of
the scoreboard value (:mod:`scorekeeper.store.scoreboard`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...store.models import Game
from . import store as indian
from .data import PartData
from .deal import DealResult, Scored, score_deal
from .game import Board, board, deal_score
from .rules import IndianRules


@dataclass(frozen=True)
class DealRow:
    number: int
    dealer: str | None
    wild_rank: str | None
    headline: str  # "Ann showed; Bob 45, Cy drop 20"
    players: list[Scored]


@dataclass(frozen=True)
class IndianView:
    rules: IndianRules
    deals: list[DealRow]  # every deal, oldest first
    results: list[DealResult]  # each deal scored, oldest first
    game: Board  # the pool's scores and who is out, the chips

    @property
    def last_deal(self) -> DealRow | None:
        return self.deals[-1] if self.deals else None

    def note(self, name: str) -> str:
        """What the board says under a player besides the total: out of the pool (or that
        they may rejoin, and at what), rejoined, or their chips."""
        game = self.game
        if game.variant == "deals":
            return f"{game.chips.get(name, 0)} chips"
        if game.variant != "pool":
            return ""
        if name in game.rejoin_at:
            return f"out: may rejoin at {game.rejoin_at[name]}"
        if game.out.get(name):
            return "out"
        return "rejoined" if game.rejoined.get(name) else "in"


def headline(result: DealResult) -> str:
    """A deal in a few words, as the story tells it.

    >>> from .deal import Deal, Entry
    >>> from .melds import cards
    >>> from .rules import IndianRules
    >>> deal = Deal((Entry("Ann", cards("2H 3H 4H 5C 6C JK 9S 9D 9C KD KS KH KC"),
    ...                    declared=True), Entry("Bob", drop="first")), "7")
    >>> headline(score_deal(IndianRules(decks=2, jokers=2), deal))
    'Ann showed; Bob drop 20'
    """
    said = []
    for player in result.players:
        if player.role == "winner":
            continue
        if player.role == "drop":
            said.append(f"{player.name} drop {player.points}")
        elif player.role == "wrong_show":
            said.append(f"{player.name} wrong show {player.points}")
        else:
            said.append(f"{player.name} {player.points}")
    if result.winner is None:
        return "A wrong show ended the deal: " + ", ".join(said)
    return f"{result.winner} showed" + ("; " + ", ".join(said) if said else "")


def added(rules: IndianRules, result: DealResult) -> dict[str, int]:
    """What a deal adds to each player's standing on the board: a pool's points, the chips won
    or lost, or the net won (winner plus, losers minus, × ``point_value``). What a loser pays
    after a wrong show ended the deal goes to nobody.

    >>> from .deal import Deal, Entry
    >>> from .melds import cards
    >>> deal = Deal((Entry("Ann", cards("2H 3H 4H 5C 6C JK 9S 9D 9C KD KS KH KC"),
    ...                    declared=True), Entry("Bob", counted=30)), "7")
    >>> result = score_deal(IndianRules(), deal)
    >>> added(IndianRules(point_value=2), result), added(IndianRules(indian_variant="pool"), result)
    ({'Ann': 60, 'Bob': -60}, {'Ann': 0, 'Bob': 30})
    """
    if rules.indian_variant == "pool":
        return dict(result.points)
    value = rules.point_value if rules.indian_variant == "points" else 1
    paid = {name: points * value for name, points in result.points.items()}
    won = sum(amount for name, amount in paid.items() if name != result.winner)
    return {name: won if name == result.winner else -amount for name, amount in paid.items()}


def view(game: Game) -> IndianView:
    """The game's deals scored from what the table gave."""
    rules = indian.indian_rules(game)
    rows = []
    results = []
    for round in indian.rounds(game):
        result = score_deal(rules, indian.deal_of(round))
        results.append(result)
        rows.append(
            DealRow(
                round.number,
                round.dealer.name if round.dealer else None,
                round.wild_rank,
                headline(result),
                list(result.players),
            )
        )
    players = [player.name for player in game.players]
    return IndianView(rules, rows, results, board(rules, players, [deal_score(r) for r in results]))


#: What the stats count for an Indian player, in the order they show.
TALLY_LABELS = ("shows", "drops", "wrong shows")


def tally(data: Mapping[str, Any] | None) -> dict[str, int]:
    """A stored part's counts, from what the table recorded.

    >>> tally({"declared": True})
    {'shows': 1, 'drops': 0, 'wrong shows': 0}
    """
    part = PartData.from_json(data) if data is not None else PartData()
    counts = (part.declared, part.drop is not None, part.wrong_show)
    return {label: int(count) for label, count in zip(TALLY_LABELS, counts, strict=True)}
