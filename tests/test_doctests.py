"""The doctests of the app's modules outside the engine (pytest collects the engine's itself)."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize(
    "name",
    [
        "scorekeeper.network",
        "scorekeeper.qr",
        "scorekeeper.chart",
        "scorekeeper.filters",
        "scorekeeper.round_form.fields",
        "scorekeeper.round_form.layout",
        "scorekeeper.round_form.reading",
        "scorekeeper.round_form.auto_grouping",
        "scorekeeper.round_form.preview",
    ],
)
def test_module_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0
