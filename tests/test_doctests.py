"""The doctests of the app's modules outside the engine (pytest collects the engine's itself)."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize(
    "name",
    [
        "scorekeeper.web.network",
        "scorekeeper.web.links",
        "scorekeeper.web.entry",
        "scorekeeper.web.typed_cards",
        "scorekeeper.api.posting",
        "scorekeeper.web.qr",
        "scorekeeper.web.chart",
        "scorekeeper.web.filters",
        "scorekeeper.web.times",
        "scorekeeper.web.home",
        "scorekeeper.web.round_form.fields",
        "scorekeeper.web.round_form.layout",
        "scorekeeper.web.round_form.reading",
        "scorekeeper.web.round_form.auto_grouping",
        "scorekeeper.web.round_form.preview",
        "scorekeeper.systems.spades.fields",
        "scorekeeper.systems.spades.game_form",
        "scorekeeper.systems.spades.rules",
        "scorekeeper.systems.spades.presets",
        "scorekeeper.systems.spades.data",
        "scorekeeper.systems.gin.melds",
        "scorekeeper.systems.gin.hand",
        "scorekeeper.systems.gin.game",
        "scorekeeper.systems.gin.rules",
        "scorekeeper.systems.gin.round",
        "scorekeeper.systems.gin.standings",
        "scorekeeper.systems.gin.data",
        "scorekeeper.systems.gin.game_form",
        "scorekeeper.systems.gin.board",
        "scorekeeper.systems.gin.fields",
        "scorekeeper.web.family_form",
        "scorekeeper.systems.indian.rules",
        "scorekeeper.systems.indian.melds",
        "scorekeeper.systems.indian.show",
        "scorekeeper.systems.indian.deal",
        "scorekeeper.systems.indian.game",
        "scorekeeper.systems.indian.standings",
        "scorekeeper.systems.indian.data",
        "scorekeeper.systems.indian.board",
        "scorekeeper.systems.indian.game_form",
        "scorekeeper.systems.indian.fields",
        "scorekeeper.systems.indian.preview",
        "scorekeeper.systems.canasta.rules",
        "scorekeeper.systems.canasta.melds",
        "scorekeeper.systems.canasta.hand",
        "scorekeeper.systems.canasta.game",
        "scorekeeper.store.db",
        "scorekeeper.store.export",
        "scorekeeper.store.csv_export",
        "scorekeeper.cli",
    ],
)
def test_module_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0
