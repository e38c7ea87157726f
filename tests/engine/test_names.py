"""Names made readable (engine/names.py): what is kept, what is removed, how wide a name is."""

from __future__ import annotations

import pytest

from scorekeeper.engine.names import clean_name, name_problem, name_width


@pytest.mark.parametrize(
    ("typed", "clean"),
    [
        ("  Ann   Lee ", "Ann Lee"),
        ("A\x00nn", "Ann"),
        ("Ann\tLee\n", "Ann Lee"),
        ("\x1b[1mBob", "[1mBob"),
        ("\x07", ""),
        ("\u202eevil\u202c", "evil"),  # bidi override and pop
        ("\u2066Ann\u2069", "Ann"),  # bidi isolates
        ("\u200e\u200fCy", "Cy"),  # direction marks
        ("\ufeff", ""),
        ("\u200b\u200b\u2060", ""),
        ("\ue000Ann", "Ann"),  # private use
        ("Zoë 👩‍👩‍👧", "Zoë 👩‍👩‍👧"),
        ("\u200d👩\u200d\u200d👧\u200d", "👩👧"),  # joiners that join nothing
        ("क्\u200dष", "क्\u200dष"),  # a joiner inside a Devanagari word stays
        ("Jose\u0301", "José"),
        ("Ann\u2029Lee", "Ann Lee"),
    ],
)
def test_clean_name(typed: str, clean: str) -> None:
    assert clean_name(typed) == clean
    assert clean_name(clean) == clean  # cleaning twice changes nothing


@pytest.mark.parametrize(
    ("name", "width"),
    [("Ann", 3), ("José", 4), ("李娜", 4), ("Zoë 👩‍👩‍👧", 6), ("🂡" * 20, 40), ("e\u0301", 1)],
)
def test_name_width(name: str, width: int) -> None:
    assert name_width(name) == width


def test_name_problems() -> None:
    assert name_problem("Ann", 40) is None
    assert name_problem("", 40) == "has no visible character"
    assert name_problem("\u0301", 40) == "has no visible character"  # a mark alone
    assert name_problem("A" * 40, 40) is None
    assert name_problem("A" * 41, 40) is not None
    assert name_problem("🂡" * 20, 40) is None
    assert name_problem("🂡" * 21, 40) is not None
