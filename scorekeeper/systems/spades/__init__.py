"""Spades (RULES.md, "Spades"): four players in two sides, partners across; bids, tricks, bags,
nil and blind nil; presets ``spades`` (to 500) and ``spades-300``.

- pure: :mod:`.rules` (a hand scored, the game's standings), :mod:`.presets` (options, presets,
  the stored snapshot ``{"game": "spades", ...}``), :mod:`.data` (its stored data's models);
- the store: :mod:`.store` (hands as rounds, the bids of the hand in play), :mod:`.board` (the
  board's hands, bags and bids), :mod:`.export` (its CSV rows);
- the pages: :mod:`.web` (the hand form, bids before the hand and tricks after it),
  :mod:`.fields`, :mod:`.game_form` (the new-game form's options), ``templates/spades/``,
  ``static/`` (the hand form's stylesheet and script);
- JSON: :mod:`.api`, and its models :mod:`.models`.

A hand's side points are stored on the side (``RoundSide``); the shared standings add them up
as they do a partnership game's (:func:`.presets.side_standings`: two sides, the target, play on
through a tie), checked against :func:`.rules.spades_standings` in the tests.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from datetime import date
from typing import Any

from flask import Blueprint, Response

from ...api.game_models import GameRequest
from ...api.systems import ApiModels, ApiSystem, BoardRounds
from ...engine.deal import next_dealer
from ...engine.standings import RoundResult, Seat, Standings
from ...engine.system import Capabilities, Entry, Seating, SystemPreset, Target, Words
from ...store.models import Game, Round
from ...store.scoreboard import Board
from ...web.story import option_lines
from ...web.systems import Partials, RefereePages, RulesPage, Setup, WebSystem
from . import api, board, export, game_form, models, presets, store, web
from .rules import SpadesRules


class SpadesSystem:
    """Spades behind the one interface (see the module's notes)."""

    id = presets.GAME
    name = "Spades"
    presets: Mapping[str, SystemPreset] = {
        preset.id: SystemPreset(preset.id, preset.name, preset.summary, preset.rules)
        for preset in presets.SPADES_PRESETS.values()
    }
    capabilities = Capabilities(player_figures=False, dealer_in_standings=False, side_points=True)
    words = Words("hand", "hands", "the bids")
    entry = Entry.per_side

    # --- the pure part -----------------------------------------------------------------------

    def owns(self, stored: Mapping[str, Any]) -> bool:
        return presets.is_spades(stored)

    def rules_from_stored(self, stored: Mapping[str, Any], *, strict: bool = False) -> SpadesRules:
        return presets.from_dict(stored)

    def rules_to_stored(self, rules: SpadesRules) -> dict[str, Any]:
        return presets.to_dict(rules)

    def rules_for(self, preset_id: str, options: Mapping[str, Any] | None = None) -> SpadesRules:
        return presets.spades_rules_for(preset_id, options)

    def summary(self, rules: SpadesRules) -> list[str]:
        return presets.summary(rules)

    def standings(
        self, stored: Mapping[str, Any], seats: Sequence[Seat], results: Sequence[RoundResult]
    ) -> Standings:
        return presets.side_standings(presets.from_dict(stored), seats, results)

    def target(self, stored: Mapping[str, Any]) -> Target:
        return Target(presets.from_dict(stored).target)

    def next_dealer(
        self, stored: Mapping[str, Any], players: Sequence[str], dealer: str, went_out: str | None
    ) -> str | None:
        return next_dealer(presets.as_rules(presets.from_dict(stored)), players, dealer, went_out)

    def next_wild_rank(
        self, stored: Mapping[str, Any], round_number: int, noted: str | None
    ) -> str | None:
        return None  # nothing is wild in Spades

    def deal_helper(self, stored: Mapping[str, Any]) -> bool:
        return False

    def seating(self, rules: SpadesRules) -> Seating:
        return Seating((4,), True)  # two sides of two, partners across

    # --- the store ---------------------------------------------------------------------------

    def create_game(
        self,
        name: str,
        rules: SpadesRules,
        seats: Sequence[Seat],
        *,
        preset: str | None = None,
        dealer: str | None = None,
    ) -> Game:
        players = [seat.name for seat in seats]
        teams = [seat.team for seat in seats]
        named = [team for team in teams if team is not None]
        return store.create_spades_game(
            name,
            rules,
            players,
            preset=preset,
            dealer=dealer,
            teams=named if len(named) == len(teams) else None,
        )

    def check_data(self, game: Game) -> None:
        store.check_data(game)

    def cache_totals(self, round: Round) -> None:
        store.recache(round.game)  # a hand's points depend on the bags carried into it

    def rounds_renumbered(self, game: Game) -> None:
        store.recache(game)  # the later hands carry other bags now

    def board_view(self, game: Game) -> board.SpadesView:
        return board.view(game)

    def export_rows(self, game: Game, board: Board, date: str) -> Iterator[list[object]]:
        return export.hand_rows(game, board.view, date)

    def tally(self, data: Mapping[str, Any] | None, total: int) -> Mapping[str, int]:
        return {}  # the shared figures say it all

    # --- the pages ---------------------------------------------------------------------------

    blueprints: Sequence[Blueprint] = (web.bp,)
    stylesheets: Sequence[tuple[str, str]] = (("spades.static", "spades.css"),)
    partials = Partials(
        record="spades/_record.html",
        in_play="spades/_in_play.html",
        summary="spades/_summary.html",
        rounds="spades/_hands.html",
        scorer_rounds="spades/_scorer_hands.html",
        story_rounds="spades/_story_hands.html",
        competitor_note="spades/_bags.html",
    )
    new_round_endpoint = "spades.new_hand"
    edit_round_endpoint = "spades.edit_hand"
    delete_round_endpoint = "spades.delete_hand"
    referee_pages: RefereePages | None = None  # no melds to judge

    def setup(self, preset: SystemPreset, form: Mapping[str, list[str]] | None) -> Setup:
        groups = game_form.spades_option_groups(preset.rules, form)
        return Setup(groups, True, game_form.SPADES_PLAYERS)

    def start_game(self, form: Mapping[str, list[str]], today: date) -> Game:
        wanted = game_form.parse_new_spades_game(form, today)
        return store.create_spades_game(
            wanted.name,
            wanted.rules,
            wanted.players,
            preset=wanted.preset,
            dealer=wanted.dealer,
            teams=wanted.teams,
        )

    def rules_page(self, game: Game) -> RulesPage:
        rules = store.spades_rules(game)
        preset = self.presets.get(game.preset or "")
        base = preset.rules if preset else SpadesRules()
        groups = option_lines(
            game_form.spades_option_groups(rules)[:1], game_form.spades_option_groups(base)[:1]
        )
        return RulesPage(preset, presets.summary(rules), [("Spades", groups[0][1])])

    # --- the JSON API ------------------------------------------------------------------------

    models = ApiModels(
        models.SpadesRoundBody,
        models.SpadesRoundResponse,
        models.SpadesPlayerOut,
        models.SpadesSideOut,
    )

    def start_game_json(self, body: GameRequest, preset: str) -> Game:
        return api.start_game(body, preset)

    def post_round(self, game: Game, key: str, expected: int | None) -> Response:
        return api.post_round(game, key, expected)

    def board_rounds(self, board: Board) -> BoardRounds:
        return api.board_rounds(board)

    def example_round(
        self, rules: Any, players: Sequence[str], *, decisive: bool = False
    ) -> dict[str, Any]:
        # 13 tricks, one nil made (decisive: nils made, +230 and +300 a hand to the sides)
        hand = [(4, 5), (3, 3), ("nil", 0), (5, 5)]
        if decisive:
            hand = [(13, 13), ("blind_nil", 0), ("nil", 0), ("nil", 0)]
        return {
            "players": [
                {"name": name, "bid": bid, "tricks": tricks}
                for name, (bid, tricks) in zip(players, hand, strict=True)
            ]
        }


SPADES = SpadesSystem()
_api: ApiSystem = SPADES  # mypy checks the family against every layer
_web: WebSystem = SPADES
