"""The grouping grammar: card codes, and groups written by hand, read and written."""

from __future__ import annotations

import pytest

from scorekeeper.engine.cards import format_cards
from scorekeeper.web.round_form.layout import (
    FormError,
    Group,
    format_layout,
    parse_codes,
    parse_layout,
)

from .conftest import cards

# --- card codes -----------------------------------------------------------------------------


def test_codes_in_any_notation() -> None:
    assert format_cards(parse_codes("as 10h Th q♦ jk, Joker 2♣")) == "AS 10H 10H QD JK JK 2C"
    assert parse_codes("  ") == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("8S XX", "'XX' is not a card"),
        ("1S", "'1S' is not a card"),
        ("8H!", "'8H!': a Rummy call (!) is marked in the grouping"),
        ("AS " * 121, "121 cards is more than any round holds"),
    ],
)
def test_bad_codes_are_named(text: str, message: str) -> None:
    with pytest.raises(FormError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_codes(text)


# --- the grouping grammar -------------------------------------------------------------------


def test_the_grammar_of_the_brief() -> None:
    groups = parse_layout("3C 3D 3S / once 4C 4D 4H 4S / @1.0 9S / @2.1 final JK 8H!", seats=3)
    assert groups == [
        Group(cards("3C 3D 3S")),
        Group(cards("4C 4D 4H 4S"), once=True),
        Group(cards("9S"), onto=(1, 0)),
        Group(cards("JK 8H"), (False, True), onto=(2, 1), final=True),
    ]
    assert format_layout(groups) == "3C 3D 3S / once 4C 4D 4H 4S / @1.0 9S / @2.1 final JK 8H!"


def test_the_grammar_is_forgiving_about_case_order_and_empty_groups() -> None:
    groups = parse_layout(" / 3c 3d doubled jk 3s // @1.0 FINAL 9s / ", seats=2)
    assert format_layout(groups) == "doubled 3C 3D JK 3S / @1.0 final 9S"


@pytest.mark.parametrize(
    ("layout", "message"),
    [
        ("3C XX 3S", "'XX' is not a card"),
        ("@x 9S", "'@x' is not a layoff target: write @<seat>.<meld>"),
        ("@1 9S", "'@1' is not a layoff target"),
        ("@1.-1 9S", "'@1.-1' is not a layoff target"),
        ("@5.0 9S", "'@5.0': there is no seat 5 (the seats are 0 to 2)"),
        ("@1.0 @2.0 9S", "'@2.0': a group lays off onto one meld only"),
        ("@1.0 once 9S", "'once' marks a meld, not a layoff (@1.0)"),
        ("@1.0 doubled 9S", "'doubled' marks a meld, not a layoff (@1.0)"),
        ("final 9S 10S JS", "'final' marks a layoff"),
        ("3C 3D 3S / once", "the group 'once' has no cards"),
    ],
)
def test_bad_groupings_name_the_token(layout: str, message: str) -> None:
    with pytest.raises(FormError) as caught:
        parse_layout(layout, seats=3)
    assert message in str(caught.value)


# --- declared readings of wild cards (JK=5C) -------------------------------------------------


def test_declared_readings_round_trip() -> None:
    text = "5S 6S JK=4S / @1.0 final JK=9H! 10H / 7C 7D JK"
    groups = parse_layout(text, seats=2)
    assert groups[0] == Group(cards("5S 6S JK"), declared=(None, None, cards("4S")[0]))
    assert groups[1].declared == (cards("9H")[0], None) and groups[1].called == (True, False)
    assert groups[2].declared == (None, None, None) and groups[2].fixed() == {}
    assert groups[0].fixed() == {2: cards("4S")[0]}
    assert format_layout(groups) == text
    assert parse_layout(format_layout(groups), seats=2) == groups


def test_declared_readings_are_forgiving_about_case_and_notation() -> None:
    groups = parse_layout("5s 6s jk=t♠ / 8c JK!=9c", seats=1)
    assert format_layout(groups) == "5S 6S JK=10S / 8C JK=9C!"


def test_declaring_and_taking_back_a_reading() -> None:
    group = parse_layout("5S 6S JK", seats=1)[0]
    declared = group.declaring(2, cards("7S")[0])
    assert declared.text() == "5S 6S JK=7S"
    assert declared.declaring(2, None) == group


@pytest.mark.parametrize(
    ("layout", "message"),
    [
        ("5S 6S JK=", "'JK=': write what the wild stands for after '=', e.g. JK=5C"),
        ("5S 6S JK=4X", "'JK=4X': the reading '4X' is not a card"),
        ("5S 6S JK=JK", "'JK=JK': a wild stands for a card of the pack, not a joker"),
        ("5S 6S XX=4S", "'XX' is not a card"),
    ],
)
def test_bad_declarations_name_the_token(layout: str, message: str) -> None:
    with pytest.raises(FormError) as caught:
        parse_layout(layout, seats=1)
    assert message in str(caught.value)


def test_a_declaration_belongs_in_the_grouping_not_the_card_list() -> None:
    with pytest.raises(FormError, match="is declared in the grouping"):
        parse_codes("5S 6S JK=4S")
