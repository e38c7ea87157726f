"""The Rummy 500 family: Rummy 500, 5000 Rummy, 2500/George, Partnership 500, Persian Rummy and
Dealer's Gambit (RULES.md), one game system with the house rules of
:mod:`scorekeeper.engine.rules`.

Its pure part is the engine itself (cards, rules, presets, melds, the arrangement search, scoring,
standings, the deal helper), which the referee and the next families share; its round entry is
the round form (:mod:`scorekeeper.web.rounds`, ``templates/rounds/``), its JSON :mod:`.api`. The
family stores its rules as the plain snapshot :meth:`~scorekeeper.engine.rules.Rules.to_dict`
gives, with no ``"game"`` marker (it was the only family when games began to be stored).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from datetime import date
from typing import Any

from flask import Blueprint, Response

from ...api.game_models import GameRequest, GameRoundBody, GameRoundResponse
from ...api.models import (
    MeldArrangeRequest,
    MeldArrangeResponse,
    MeldCheckRequest,
    MeldCheckResponse,
)
from ...api.round_models import PlayerScore, RoundScoreRequest, RoundScoreResponse, TeamScore
from ...api.systems import ApiModels, ApiReferee, ApiSystem, BoardRounds, RefereeModels
from ...engine.deal import next_dealer, round_wild_rank
from ...engine.presets import PRESETS, rules_for
from ...engine.rules import Rules
from ...engine.standings import RoundResult, Seat, Standings, standings
from ...engine.summary import summarize
from ...engine.system import Capabilities, Entry, Seating, SystemPreset, Target, Words
from ...store import export, records
from ...store.models import Game, Round
from ...store.scoreboard import Board
from ...web import rounds
from ...web.game_form import MAX_PLAYERS, option_groups, parse_new_game
from ...web.story import rule_groups
from ...web.systems import Partials, RefereePages, RulesPage, Setup, WebSystem
from . import api, referee


class Rummy500System:
    """The Rummy 500 family behind the one interface (see the module's notes)."""

    id = "rummy500"
    name = "Rummy 500"
    presets: Mapping[str, SystemPreset] = {
        preset.id: SystemPreset(preset.id, preset.name, preset.summary, preset.rules)
        for preset in PRESETS.values()
    }
    capabilities = Capabilities(deal_helper=True, referee=True)
    words = Words()
    entry = Entry.per_player

    # --- the pure part -----------------------------------------------------------------------

    def owns(self, stored: Mapping[str, Any]) -> bool:
        return "game" not in stored

    def rules_from_stored(self, stored: Mapping[str, Any], *, strict: bool = False) -> Rules:
        return Rules.from_dict(stored) if strict else Rules.from_stored(stored)

    def rules_to_stored(self, rules: Rules) -> dict[str, Any]:
        return rules.to_dict()

    def rules_for(self, preset_id: str, options: Mapping[str, Any] | None = None) -> Rules:
        return rules_for(preset_id, options)

    def summary(self, rules: Rules) -> list[str]:
        return summarize(rules)

    def standings(
        self, stored: Mapping[str, Any], seats: Sequence[Seat], results: Sequence[RoundResult]
    ) -> Standings:
        return standings(Rules.from_stored(stored), seats, results)

    def target(self, stored: Mapping[str, Any]) -> Target:
        rules = Rules.from_stored(stored)
        return Target(rules.target, rules.target_rule == "exceed")

    def next_dealer(
        self, stored: Mapping[str, Any], players: Sequence[str], dealer: str, went_out: str | None
    ) -> str | None:
        return next_dealer(Rules.from_stored(stored), players, dealer, went_out)

    def next_wild_rank(
        self, stored: Mapping[str, Any], round_number: int, noted: str | None
    ) -> str | None:
        rules = Rules.from_stored(stored)
        if rules.round_wild == "progression":
            return round_wild_rank(rules, round_number, None)
        return noted if rules.round_wild != "none" else None

    def deal_helper(self, stored: Mapping[str, Any]) -> bool:
        return Rules.from_stored(stored).deal == "upcard"

    def seating(self, rules: Rules) -> Seating:
        # partnership: two sides of two (RULES.md); else any seats may name a side
        return Seating((4,) if rules.partnership else tuple(range(2, MAX_PLAYERS + 1)), True)

    # --- the store ---------------------------------------------------------------------------

    def create_game(
        self,
        name: str,
        rules: Rules,
        seats: Sequence[Seat],
        *,
        preset: str | None = None,
        dealer: str | None = None,
    ) -> Game:
        return records.create_game(name, rules, seats, preset=preset, dealer=dealer)

    def check_data(self, game: Game) -> None:
        # the family keeps everything in the shared columns
        stray = game.system_data is not None or any(
            part.system_data is not None for round in game.rounds for part in round.parts
        )
        if stray:
            raise ValueError("a Rummy 500 game has no data of its own (system_data)")

    def cache_totals(self, round: Round) -> None:
        records.rescore_totals(round)  # a round's points are its own

    def rounds_renumbered(self, game: Game) -> None:
        pass  # no round carries anything of another

    def board_view(self, game: Game) -> None:
        return None  # the shared rounds table

    def export_rows(self, game: Game, board: Board, date: str) -> Iterator[list[object]]:
        return export.round_rows(game, board, date)

    def tally(self, data: Mapping[str, Any] | None, total: int) -> Mapping[str, int]:
        return {}  # the shared figures say it all

    # --- the pages ---------------------------------------------------------------------------

    blueprints: Sequence[Blueprint] = (rounds.bp,)
    stylesheets: Sequence[tuple[str, str]] = ()
    partials = Partials(
        record="rounds/_record.html",
        in_play="board/_in_play.html",
        summary="board/_last_round.html",
        rounds="games/_rounds.html",
        scorer_rounds="games/_rounds.html",
        story_rounds="story/_rounds.html",
    )
    new_round_endpoint = "rounds.new_round"
    edit_round_endpoint = "rounds.edit_round"
    delete_round_endpoint = "rounds.delete_round"
    #: the shared referee page is the engine's, and so this family's
    referee_pages: RefereePages | None = None

    def setup(self, preset: SystemPreset, form: Mapping[str, list[str]] | None) -> Setup:
        rules: Rules = preset.rules
        partnership = rules.partnership
        if form is not None and form.get("opt-partnership"):
            partnership = "1" in form["opt-partnership"]
        # partnership: two sides of two (RULES.md), so four rows, not eight
        return Setup(option_groups(rules, form), partnership, 4 if partnership else MAX_PLAYERS)

    def start_game(self, form: Mapping[str, list[str]], today: date) -> Game:
        wanted = parse_new_game(form, today)
        return records.create_game(
            wanted.name, wanted.rules, wanted.seats, preset=wanted.preset, dealer=wanted.dealer
        )

    def rules_page(self, game: Game) -> RulesPage:
        rules = records.game_rules(game)
        preset = self.presets.get(game.preset or "")
        base = preset.rules if preset else Rules()
        return RulesPage(preset, summarize(rules), rule_groups(rules, base))

    # --- the JSON API ------------------------------------------------------------------------

    models = ApiModels(GameRoundBody, GameRoundResponse, PlayerScore, TeamScore)

    def start_game_json(self, body: GameRequest, preset: str) -> Game:
        return api.start_game(body, preset)

    def post_round(self, game: Game, key: str, expected: int | None) -> Response:
        return api.post_round(game, key, expected)

    def board_rounds(self, board: Board) -> BoardRounds:
        return api.board_rounds(board)

    def example_round(
        self, rules: Any, players: Sequence[str], *, decisive: bool = False
    ) -> dict[str, Any]:
        melded = [10 * seat for seat in range(len(players))]
        if decisive:
            melded[0] = 10_000  # past any target (5000's too) in one round
        return {
            "ended_by": "stock_out",
            "players": [
                {"name": name, "melded_points": points, "hand_points": 5}
                for name, points in zip(players, melded, strict=True)
            ],
        }

    # --- the stateless endpoints (the referee's own family) --------------------------------------

    referee_models = RefereeModels(MeldArrangeResponse, RoundScoreRequest, RoundScoreResponse)

    def check_meld(self, rules: Rules, body: MeldCheckRequest) -> MeldCheckResponse:
        return referee.check(rules, body)

    def arrange_melds(self, rules: Rules, body: MeldArrangeRequest) -> MeldArrangeResponse:
        return referee.arrange_cards(rules, body)

    def score_round(self, rules: Rules, body: RoundScoreRequest) -> tuple[RoundScoreResponse, int]:
        return referee.score(rules, body)


RUMMY500 = Rummy500System()
_api: ApiSystem = RUMMY500  # mypy checks the family against every layer
_web: WebSystem = RUMMY500
_referee: ApiReferee = RUMMY500
