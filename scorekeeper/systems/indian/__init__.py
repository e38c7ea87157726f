"""Indian Rummy (RULES.md, "Indian Rummy (family `indian`)"): 13 cards, a valid show with a pure
sequence, the 80 cap, drops and wrong shows, and the points, pool and deals variants.

The pure part, no Flask and no database, each module doctested:

* :mod:`.rules`: the options, the presets (``indian-points``, ``indian-pool-101``,
  ``indian-pool-201``, ``indian-deals``) and the packs for a number of players;
* :mod:`.melds`: card points, what is wild in a deal, one meld judged (``pure`` or not);
* :mod:`.show`: the show check of 13 cards and a loser's count (the exact search);
* :mod:`.deal`: one deal scored from the players' entries;
* :mod:`.game`: the three variants over deals (pool's out and rejoin, deals' chips);
* :mod:`.standings`: the game in the shared standings value.

Behind the interface (:class:`IndianSystem`):

* the store: :mod:`.store` (deals as rounds), :mod:`.data` (a part's stored data),
  :mod:`.board` (the board's deals, the pool's out and rejoin offers, the chips),
  :mod:`.export` (its CSV rows);
* the pages: :mod:`.web` (the deal form), :mod:`.game_form`, ``templates/indian/``,
  ``static/``;
* JSON: :mod:`.api`, :mod:`.referee` (the stateless endpoints), and their :mod:`.models`.

A deal's parts cache what each player pays; the pool's rejoins are marks on the parts, which
the standings read (``Capabilities.data_in_standings``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from datetime import date
from typing import Any

from flask import Blueprint, Response

from ...api.game_models import GameRequest
from ...api.models import MeldArrangeRequest, MeldCheckRequest
from ...api.systems import ApiModels, ApiReferee, ApiSystem, BoardRounds, RefereeModels
from ...engine.standings import RoundResult, Seat, Standings
from ...engine.system import Capabilities, Entry, Seating, SystemPreset, Target, Words
from ...store.models import Game, Round
from ...store.scoreboard import Board
from ...web.story import option_lines
from ...web.systems import Partials, RefereePages, RulesPage, Setup, WebSystem
from . import api, board, check, export, game_form, models, referee, store, web
from .game import DealScore
from .models import (
    IndianArrangeResponse,
    IndianCheckResponse,
    IndianScoreRequest,
    IndianScoreResponse,
    IndianTotalOut,
)
from .rules import (
    GAME,
    INDIAN_PRESETS,
    IndianRules,
    from_dict,
    indian_rules_for,
    summary,
    to_dict,
)
from .standings import indian_standings


def deal_scores(results: Sequence[RoundResult]) -> list[DealScore]:
    """The stored deals as the game counts them: what each paid, the winner (who went out),
    and who rejoined (a mark on their part's data)."""
    return [
        DealScore(
            dict(result.totals),
            result.went_out,
            tuple(name for name, data in result.data.items() if data and data.get("rejoin")),
        )
        for result in results
    ]


class IndianSystem:
    """Indian Rummy behind the one interface (see the module's notes)."""

    id = GAME
    name = "Indian Rummy"
    presets: Mapping[str, SystemPreset] = {
        preset.id: SystemPreset(preset.id, preset.name, preset.summary, preset.rules)
        for preset in INDIAN_PRESETS.values()
    }
    # a player's figures across games would add up what they paid: the games and wins count
    capabilities = Capabilities(
        referee=True, player_figures=False, data_in_standings=True, reached_sit_out=True
    )
    words = Words("deal", "deals", "the deal")
    entry = Entry.per_player

    # --- the pure part -----------------------------------------------------------------------

    def owns(self, stored: Mapping[str, Any]) -> bool:
        return stored.get("game") == GAME

    def rules_from_stored(self, stored: Mapping[str, Any], *, strict: bool = False) -> IndianRules:
        return from_dict(stored)

    def rules_to_stored(self, rules: IndianRules) -> dict[str, Any]:
        return to_dict(rules)

    def rules_for(self, preset_id: str, options: Mapping[str, Any] | None = None) -> IndianRules:
        return indian_rules_for(preset_id, options)

    def summary(self, rules: IndianRules) -> list[str]:
        return summary(rules)

    def standings(
        self, stored: Mapping[str, Any], seats: Sequence[Seat], results: Sequence[RoundResult]
    ) -> Standings:
        return indian_standings(from_dict(stored), seats, deal_scores(results))

    def target(self, stored: Mapping[str, Any]) -> Target:
        # a pool's limit puts a player out, a points game has no end, deals count deals: no
        # score to reach; in a pool the fewest points lead
        variant = from_dict(stored).indian_variant
        return Target(None, low_wins=variant == "pool", open_ended=variant == "points")

    def next_dealer(
        self, stored: Mapping[str, Any], players: Sequence[str], dealer: str, went_out: str | None
    ) -> str | None:
        # the deal passes to the left
        return players[(list(players).index(dealer) + 1) % len(players)]

    def next_wild_rank(
        self, stored: Mapping[str, Any], round_number: int, noted: str | None
    ) -> str | None:
        return None  # each deal's cut joker is recorded with the deal

    def deal_helper(self, stored: Mapping[str, Any]) -> bool:
        return False

    def seating(self, rules: IndianRules) -> Seating:
        return Seating((2, 3, 4, 5, 6))

    # --- the store ---------------------------------------------------------------------------

    def create_game(
        self,
        name: str,
        rules: IndianRules,
        seats: Sequence[Seat],
        *,
        preset: str | None = None,
        dealer: str | None = None,
    ) -> Game:
        return store.create_indian_game(
            name, rules, [seat.name for seat in seats], preset=preset, dealer=dealer
        )

    def check_data(self, game: Game) -> None:
        store.check_data(game)

    def cache_totals(self, round: Round) -> None:
        store.cache_totals(round.game, round)  # a deal's points are its own

    def rounds_renumbered(self, game: Game) -> None:
        pass  # what a deal pays is its own; the pool is worked out from every deal

    def board_view(self, game: Game) -> board.IndianView:
        return board.view(game)

    def export_rows(self, game: Game, board: Board, date: str) -> Iterator[list[object]]:
        return export.deal_rows(game, board.view, date)

    def tally(self, data: Mapping[str, Any] | None, total: int) -> Mapping[str, int]:
        return board.tally(data)

    # --- the pages ---------------------------------------------------------------------------

    blueprints: Sequence[Blueprint] = (web.bp,)
    stylesheets: Sequence[tuple[str, str]] = (("indian.static", "indian.css"),)
    partials = Partials(
        record="indian/_record.html",
        in_play="indian/_in_play.html",
        summary="indian/_summary.html",
        rounds="indian/_deals.html",
        scorer_rounds="indian/_scorer_deals.html",
        story_rounds="indian/_story_deals.html",
        competitor_note="indian/_note.html",
    )
    new_round_endpoint = "indian.new_deal"
    edit_round_endpoint = "indian.edit_deal"
    delete_round_endpoint = "indian.delete_deal"
    referee_pages: RefereePages | None = check.PAGES

    def setup(self, preset: SystemPreset, form: Mapping[str, list[str]] | None) -> Setup:
        groups = game_form.indian_option_groups(preset.rules, form)
        return Setup(groups, False, game_form.MOST_PLAYERS, "In seat order, 2 to 6.")

    def start_game(self, form: Mapping[str, list[str]], today: date) -> Game:
        wanted = game_form.parse_new_indian_game(form, today)
        return store.create_indian_game(
            wanted.name, wanted.rules, wanted.players, preset=wanted.preset, dealer=wanted.dealer
        )

    def rules_page(self, game: Game) -> RulesPage:
        rules = store.indian_rules(game)
        preset = self.presets.get(game.preset or "")
        base = preset.rules if preset else IndianRules()
        groups = option_lines(
            game_form.indian_option_groups(rules)[:1], game_form.indian_option_groups(base)[:1]
        )
        return RulesPage(preset, summary(rules), [("Indian Rummy", groups[0][1])])

    # --- the JSON API ------------------------------------------------------------------------

    models = ApiModels(
        models.IndianRoundBody,
        models.IndianRoundResponse,
        models.IndianPlayerOut,
        models.IndianSideOut,
        IndianTotalOut,
    )

    def start_game_json(self, body: GameRequest, preset: str) -> Game:
        return api.start_game(body, preset)

    def post_round(self, game: Game, key: str, expected: int | None) -> Response:
        return api.post_round(game, key, expected)

    def board_rounds(self, board: Board) -> BoardRounds:
        return api.board_rounds(board)

    def example_round(
        self, rules: IndianRules, players: Sequence[str], *, decisive: bool = False
    ) -> dict[str, Any]:
        # the first shows (a pure sequence, a sequence with the joker, two sets); the others
        # drop first (decisive: they fold by a middle drop, or pay the cap)
        show = ["2H", "3H", "4H", "5C", "6C", "JK", "9S", "9D", "9C", "KD", "KS", "KH", "KC"]
        played = []
        for seat, name in enumerate(players):
            if seat == 0:
                played.append({"name": name, "cards": show, "declared": True})
            elif decisive:
                played.append({"name": name, "counted": rules.max_points})
            else:
                played.append({"name": name, "drop": "first"})
        return {"players": played, "wild_rank": "7"}

    # --- the stateless endpoints: melds judged, hands arranged and deals scored ---------------

    referee_models = RefereeModels(
        IndianArrangeResponse, IndianScoreRequest, IndianScoreResponse, IndianCheckResponse
    )

    def check_meld(self, rules: IndianRules, body: MeldCheckRequest) -> IndianCheckResponse:
        return referee.check(rules, body)

    def arrange_melds(self, rules: IndianRules, body: MeldArrangeRequest) -> IndianArrangeResponse:
        return referee.arrange(rules, body)

    def score_round(
        self, rules: IndianRules, body: IndianScoreRequest
    ) -> tuple[IndianScoreResponse, int]:
        return referee.score(rules, body)


INDIAN = IndianSystem()
_api: ApiSystem = INDIAN  # mypy checks the family against every layer
_web: WebSystem = INDIAN
_referee: ApiReferee = INDIAN
