"""Players' names on the round form's narrow places (round_form/names.py)."""

from __future__ import annotations

import doctest

import pytest

from scorekeeper.web.round_form import names
from scorekeeper.web.round_form.names import short_names


def test_the_doctests() -> None:
    result = doctest.testmod(names)
    assert result.attempted > 0
    assert result.failed == 0


@pytest.mark.parametrize(
    "given, shown",
    [
        (["Grandma Jo", "Grandma Sue", "Uncle Bob", "Uncle Ben"], ("Jo", "Sue", "Bob", "Ben")),
        (["Ann", "Bob"], ("Ann", "Bob")),
        (["Jo Smith", "Jo Smythe", "Al", "Bo"], ("Smith", "Smythe", "Al", "Bo")),
        # too long whole, and the first word too: the last word, or the initials
        (["Annabelle Lee", "Bartholomew K", "Cy", "Dee"], ("Lee", "BK", "Cy", "Dee")),
        # the same name twice is shown whole: nothing shorter tells them apart
        (["Sam", "Sam", "Cy", "Dee"], ("Sam", "Sam", "Cy", "Dee")),
        (["", "Bob", "Cy", "Dee"], ("", "Bob", "Cy", "Dee")),
    ],
)
def test_short_names(given: list[str], shown: tuple[str, ...]) -> None:
    assert short_names(given) == shown


def test_labels_never_clash_when_they_can_differ() -> None:
    given = ["Mary Ann", "Mary Anne", "Mary Lou", "Mary Lu", "Maryanne", "M A", "Ma", "Mar"]
    shown = short_names(given)
    assert len({label.casefold() for label in shown}) == len(given)
    assert all(len(label) <= 8 for label in shown)
