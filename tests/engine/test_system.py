"""The registry of game systems: found by stored rules and by preset, each family and preset
once."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from scorekeeper.engine.rules import RulesError
from scorekeeper.engine.system import GameSystem, Registry, SystemPreset, UnknownSystem


class Family:
    """As much of a system as the registry reads."""

    def __init__(self, id: str, *presets: str) -> None:
        self.id = id
        self.presets = {p: SystemPreset(p, p.title(), "", None) for p in presets}

    def owns(self, stored: Mapping[str, Any]) -> bool:
        return stored.get("game") == self.id


def registry(*families: Family) -> Registry:
    made = Registry()
    for family in families:
        made.add(family)  # type: ignore[arg-type]  # a partial system, as the registry reads it
    return made


def test_a_game_finds_its_family_by_its_stored_rules_and_its_preset() -> None:
    found = registry(Family("toy", "toy", "toy-300"), Family("other", "other"))
    toy: GameSystem = found.of({"game": "toy", "target": 5})
    assert toy.id == "toy" and found.for_preset("toy-300") is toy
    assert [p.id for p in found.presets()] == ["toy", "toy-300", "other"]
    assert found.preset_name("toy-300") == "Toy-300" and found.preset_name(None) == "House rules"
    with pytest.raises(UnknownSystem, match="'chess'"):
        found.of({"game": "chess"})


def test_an_unknown_preset_is_named_with_every_family_s_presets() -> None:
    found = registry(Family("toy", "toy"), Family("other", "other"))
    with pytest.raises(RulesError, match=r"unknown preset 'toi' \(did you mean 'toy'\?\); the "
                       r"presets are toy, other"):  # fmt: skip
        found.for_preset("toi")


def test_a_family_or_preset_registered_twice_is_refused() -> None:
    toy = Family("toy", "toy")
    found = registry(toy)
    found.add(toy)  # the same family again (another app made): nothing changes
    assert list(found) == [toy]
    with pytest.raises(ValueError, match="two game systems"):
        found.add(Family("toy", "other"))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="preset 'toy' is both"):
        found.add(Family("copy", "toy"))  # type: ignore[arg-type]
