"""The pages' layer of a game system (:mod:`scorekeeper.engine.system`): a family's blueprints,
the partials the shared pages include for it, its new-game form and its rules page. The shared
pages and templates ask a game's system through this layer (templates: ``game_system(game)``)
and never name a family.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Protocol, cast, runtime_checkable

from flask import Blueprint, Flask

from ..engine.system import SYSTEMS, SystemPreset
from ..store.models import Game
from ..store.systems import StoreSystem, store_system

if TYPE_CHECKING:
    from .game_form import OptionGroup
    from .story import RuleLine


@dataclass(frozen=True)
class Partials:
    """The templates the shared pages include for a family's games (each given ``board``,
    ``token`` and, on the scorer's pages, ``controls``)."""

    #: the scorer's "record the next round" block, the record button in it
    record: str
    #: the round in play (who deals, what is wild, the bids): the board's, while not finished
    in_play: str
    #: the live board's summary of the game so far (the chart, the last round)
    summary: str
    #: every round, as the scorer's and the watchers' pages list them
    rounds: str
    #: the scorer's page below the controls: the rounds (and the chart, where the board shows it
    #: there)
    scorer_rounds: str
    #: the story's rounds
    story_rounds: str
    #: a note under each competitor in the standings, instead of a side's members (or None)
    competitor_note: str | None = None


@dataclass(frozen=True)
class Setup:
    """The new-game form's part that follows a family's preset."""

    groups: list[OptionGroup]
    partnership: bool  # the player rows take sides
    rows: int  # how many player rows the form shows
    seating_hint: str | None = None  # said above the rows instead of the rummy seating hint


@dataclass(frozen=True)
class RulesPage:
    """A game's rules page: the preset it started from, its summary, every option in words."""

    preset: SystemPreset | None
    summary: list[str]
    groups: list[tuple[str, list[RuleLine]]]


@dataclass(frozen=True)
class RefereePages:
    """A family's own referee pages ("is this legal?"), where the shared one (the engine's
    melds, wild ranks and jokers) is not how the family judges: on their own (taking
    ``rules``, a preset of the family), and under a game's rules (taking ``token``)."""

    alone: str
    scorer: str
    watcher: str


@runtime_checkable
class WebSystem(StoreSystem, Protocol):
    """A game system as the pages ask it."""

    #: the family's own pages (its round entry), registered by create_app
    blueprints: Sequence[Blueprint]
    #: its stylesheets, added to its game's pages: (static endpoint, filename), as its
    #: blueprint serves them from its folder (``spades.static``, ``spades.css``)
    stylesheets: Sequence[tuple[str, str]]
    partials: Partials
    #: the endpoints of its round entry: a new round, a round corrected, a round deleted (each
    #: takes ``token``; the last two ``number``)
    new_round_endpoint: str
    edit_round_endpoint: str
    delete_round_endpoint: str
    #: its own referee pages (None: the shared one judges its melds, where it has any)
    referee_pages: RefereePages | None

    def setup(self, preset: SystemPreset, form: Mapping[str, list[str]] | None) -> Setup:
        """The new-game form's options and player rows for ``preset`` (the entries posted in
        ``form``, when they are kept)."""

    def start_game(self, form: Mapping[str, list[str]], today: date) -> Game:
        """The game the new-game form asks for, stored; a FormInvalid with what is wrong."""

    def rules_page(self, game: Game) -> RulesPage:
        """The game's rules page, against its preset's."""


def web_system(game: Game) -> WebSystem:
    """The pages' layer of a game's system."""
    return cast(WebSystem, store_system(game.rules))


def preset_system(preset_id: str) -> WebSystem:
    """The pages' layer of the system a preset belongs to."""
    return cast(WebSystem, SYSTEMS.for_preset(preset_id))


def init_app(app: Flask) -> None:
    """Register every family's blueprints, and ``game_system(game)`` for the templates."""
    for system in SYSTEMS:
        for blueprint in cast(WebSystem, system).blueprints:
            app.register_blueprint(blueprint)
    app.add_template_global(web_system, "game_system")
