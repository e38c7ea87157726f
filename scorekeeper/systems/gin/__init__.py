"""Gin Rummy (RULES.md, "Gin Rummy (family `gin`)"): two players (or two sides of two), ten
cards, knock, undercut, gin and big gin, scored from the cards or from the table's counts;
Oklahoma, Hollywood's three games, the game, line and shutout bonuses. Presets ``gin``,
``gin-oklahoma``, ``gin-hollywood`` and ``gin-partnership``.

- pure: :mod:`.melds` (the least deadwood), :mod:`.hand` (a hand scored: layoffs, knock,
  undercut, gin), :mod:`.round` (a round as the table records it), :mod:`.game` (the race to
  the target, the end's bonuses, Hollywood), :mod:`.standings` (the shared standings value),
  :mod:`.rules` (options, presets, the stored snapshot ``{"game": "gin", ...}``), :mod:`.data`
  (its stored data's model), :mod:`.game_form` (the new-game form's options);
- the store: :mod:`.store` (hands as rounds), :mod:`.board` (the board's hands and boxes),
  :mod:`.export` (its CSV rows);
- the pages: :mod:`.web` (the hand form: each player's cards, the knock, the upcard; or the
  counted deadwood), ``templates/gin/``, ``static/``;
- JSON: :mod:`.api`, and its models :mod:`.models`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from datetime import date
from typing import Any

from flask import Blueprint, Response

from ...api.game_models import GameRequest
from ...api.models import MeldArrangeRequest, MeldCheckRequest, MeldCheckResponse
from ...api.systems import ApiModels, ApiReferee, ApiSystem, BoardRounds, RefereeModels
from ...engine.standings import RoundResult, Seat, Standings
from ...engine.system import Capabilities, Entry, Seating, SystemPreset, Target, Words
from ...store.models import Game, Round
from ...store.scoreboard import Board
from ...web.story import option_lines
from ...web.systems import Partials, RefereePages, RulesPage, Setup, WebSystem
from . import api, board, check, export, game_form, models, referee, store, web
from .models import GinArrangeResponse, GinScoreRequest, GinScoreResponse
from .rules import GAME, GIN_PRESETS, GinRules, from_dict, gin_rules_for, summary, to_dict
from .standings import gin_standings


class GinSystem:
    """Gin Rummy behind the one interface (see the module's notes)."""

    id = GAME
    name = "Gin Rummy"
    presets: Mapping[str, SystemPreset] = {
        preset.id: SystemPreset(preset.id, preset.name, preset.summary, preset.rules)
        for preset in GIN_PRESETS.values()
    }
    capabilities = Capabilities(referee=True)
    words = Words("hand", "hands", "the deal")
    entry = Entry.per_player

    # --- the pure part -----------------------------------------------------------------------

    def owns(self, stored: Mapping[str, Any]) -> bool:
        return stored.get("game") == GAME

    def rules_from_stored(self, stored: Mapping[str, Any], *, strict: bool = False) -> GinRules:
        return from_dict(stored)

    def rules_to_stored(self, rules: GinRules) -> dict[str, Any]:
        return to_dict(rules)

    def rules_for(self, preset_id: str, options: Mapping[str, Any] | None = None) -> GinRules:
        return gin_rules_for(preset_id, options)

    def summary(self, rules: GinRules) -> list[str]:
        return summary(rules)

    def standings(
        self, stored: Mapping[str, Any], seats: Sequence[Seat], results: Sequence[RoundResult]
    ) -> Standings:
        return gin_standings(from_dict(stored), seats, results)

    def target(self, stored: Mapping[str, Any]) -> Target:
        rules = from_dict(stored)
        # Hollywood: each of the three games has the target, not the sum the board shows
        return Target(None if rules.hollywood else rules.target)

    def next_dealer(
        self, stored: Mapping[str, Any], players: Sequence[str], dealer: str, went_out: str | None
    ) -> str | None:
        # the deal passes to the left: with two, the other player deals
        return players[(list(players).index(dealer) + 1) % len(players)]

    def next_wild_rank(
        self, stored: Mapping[str, Any], round_number: int, noted: str | None
    ) -> str | None:
        return None  # Gin plays without wild cards

    def deal_helper(self, stored: Mapping[str, Any]) -> bool:
        return False

    def seating(self, rules: GinRules) -> Seating:
        return Seating((4,), True) if rules.partnership else Seating((2,))

    # --- the store ---------------------------------------------------------------------------

    def create_game(
        self,
        name: str,
        rules: GinRules,
        seats: Sequence[Seat],
        *,
        preset: str | None = None,
        dealer: str | None = None,
    ) -> Game:
        teams = [seat.team for seat in seats]
        named = [team for team in teams if team is not None]
        return store.create_gin_game(
            name,
            rules,
            [seat.name for seat in seats],
            preset=preset,
            dealer=dealer,
            teams=named if named and len(named) == len(teams) else None,
        )

    def check_data(self, game: Game) -> None:
        store.check_data(game)

    def cache_totals(self, round: Round) -> None:
        store.cache_totals(round.game, round)  # a hand's points are its own

    def rounds_renumbered(self, game: Game) -> None:
        pass  # no hand carries anything into another; the pairs are stored with each

    def board_view(self, game: Game) -> board.GinView:
        return board.view(game)

    def export_rows(self, game: Game, board: Board, date: str) -> Iterator[list[object]]:
        return export.hand_rows(game, board.view, board.standing.running, date)

    def tally(self, data: Mapping[str, Any] | None, total: int) -> Mapping[str, int]:
        return board.tally(data, total)

    # --- the pages ---------------------------------------------------------------------------

    blueprints: Sequence[Blueprint] = (web.bp,)
    stylesheets: Sequence[tuple[str, str]] = (("gin.static", "gin.css"),)
    partials = Partials(
        record="gin/_record.html",
        in_play="gin/_in_play.html",
        summary="gin/_summary.html",
        rounds="gin/_hands.html",
        scorer_rounds="gin/_scorer_hands.html",
        story_rounds="gin/_story_hands.html",
        competitor_note="gin/_boxes.html",
    )
    new_round_endpoint = "gin.new_hand"
    edit_round_endpoint = "gin.edit_hand"
    delete_round_endpoint = "gin.delete_hand"
    referee_pages: RefereePages | None = check.PAGES

    def setup(self, preset: SystemPreset, form: Mapping[str, list[str]] | None) -> Setup:
        rules: GinRules = preset.rules
        partnership = rules.partnership
        if form is not None and form.get("opt-partnership"):
            partnership = "1" in form["opt-partnership"]
        groups = game_form.gin_option_groups(rules, form)
        hint = None if partnership else "Two players: Gin is a game for two."
        return Setup(groups, partnership, 4 if partnership else 2, hint)

    def start_game(self, form: Mapping[str, list[str]], today: date) -> Game:
        wanted = game_form.parse_new_gin_game(form, today)
        return store.create_gin_game(
            wanted.name,
            wanted.rules,
            wanted.players,
            preset=wanted.preset,
            dealer=wanted.dealer,
            teams=wanted.teams,
        )

    def rules_page(self, game: Game) -> RulesPage:
        rules = store.gin_rules(game)
        preset = self.presets.get(game.preset or "")
        base = preset.rules if preset else GinRules()
        groups = option_lines(
            game_form.gin_option_groups(rules)[:1], game_form.gin_option_groups(base)[:1]
        )
        return RulesPage(preset, summary(rules), [("Gin Rummy", groups[0][1])])

    # --- the JSON API ------------------------------------------------------------------------

    models = ApiModels(
        models.GinRoundBody,
        models.GinRoundResponse,
        models.GinPlayerOut,
        models.GinSideOut,
    )

    def start_game_json(self, body: GameRequest, preset: str) -> Game:
        return api.start_game(body, preset)

    def post_round(self, game: Game, key: str, expected: int | None) -> Response:
        return api.post_round(game, key, expected)

    def board_rounds(self, board: Board) -> BoardRounds:
        return api.board_rounds(board)

    def example_round(
        self, rules: GinRules, players: Sequence[str], *, decisive: bool = False
    ) -> dict[str, Any]:
        # a knock with 1 against 24 after layoffs (decisive: gin against 79, +104)
        knocker = ["5S", "6S", "7S", "9H", "9D", "9C", "2C", "3C", "4C", "AD"]
        defender = ["8S", "9S", "KH", "KD", "KC", "2H", "3H", "4D", "5D", "QC"]
        if decisive:
            knocker = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S"]
            defender = ["KH", "QD", "JC", "10H", "9D", "8C", "7H", "6D", "5C", "4H"]
        upcard = {"upcard": "KH"} if rules.oklahoma else {}  # a king: knock with 10 or less
        if len(players) == 2:
            hands = [knocker, defender]
            return {
                "players": [
                    {"name": name, "cards": hands[seat], "knocked": seat == 0}
                    for seat, name in enumerate(players)
                ]
            } | upcard
        # partnership gin: two hands, counted (gin against 79 a hand when decisive)
        counted = (0, 79) if decisive else (1, 24)
        return {
            "players": [
                {"name": name, "counted": counted[seat % 2], "knocked": seat % 2 == 0}
                for seat, name in enumerate(players)
            ]
        }

    # --- the stateless endpoints: melds judged, hands arranged and scored by Gin's rules ------

    referee_models = RefereeModels(GinArrangeResponse, GinScoreRequest, GinScoreResponse)

    def check_meld(self, rules: GinRules, body: MeldCheckRequest) -> MeldCheckResponse:
        return referee.check(rules, body)

    def arrange_melds(self, rules: GinRules, body: MeldArrangeRequest) -> GinArrangeResponse:
        return referee.arrange(rules, body)

    def score_round(self, rules: GinRules, body: GinScoreRequest) -> tuple[GinScoreResponse, int]:
        return referee.score(rules, body)


GIN = GinSystem()
_api: ApiSystem = GIN  # mypy checks the family against every layer
_web: WebSystem = GIN
_referee: ApiReferee = GIN
