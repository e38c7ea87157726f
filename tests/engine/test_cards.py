"""Card notation: parsing, formatting, errors that name the bad code; the deck and its limits."""

import copy
import os
import pickle
import re
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.engine.cards import (
    ALL_CARDS,
    JOKER_CARD,
    Card,
    CardError,
    declared_code,
    parse_cards,
    parse_declared,
)
from scorekeeper.engine.deck import deck_counts, overused
from scorekeeper.engine.rules import Rules


@pytest.mark.parametrize(
    ("code", "canonical"),
    [
        ("10H", "10H"),
        ("th", "10H"),
        ("T♥", "10H"),
        ("q♦", "QD"),
        ("A♠", "AS"),
        ("jk", "JK"),
        ("Joker", "JK"),
        (" 7c ", "7C"),
        ("K♣", "KC"),
    ],
)
def test_codes_parse_to_canonical_form(code: str, canonical: str) -> None:
    assert Card.from_code(code).code() == canonical


@pytest.mark.parametrize("code", ["", "1S", "11H", "AX", "S", "10", "JKS", "♠A", "AS!"])
def test_bad_codes_are_named_in_the_error(code: str) -> None:
    with pytest.raises(CardError, match=repr(code).replace("\\", "\\\\")):
        Card.from_code(code)


def test_a_non_string_is_a_card_error() -> None:
    with pytest.raises(CardError):
        Card.from_code(10)  # type: ignore[arg-type]


@given(st.lists(st.sampled_from([*ALL_CARDS, JOKER_CARD])))
def test_parse_and_format_round_trip(cards: list[Card]) -> None:
    codes = [card.code() for card in cards]
    assert parse_cards(codes) == cards
    assert [eval(repr(card)) for card in cards] == cards  # the repr round-trips too


@given(st.sampled_from(ALL_CARDS), st.booleans())
def test_lower_case_and_symbols_parse_the_same(card: Card, lower: bool) -> None:
    symbol = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card.suit]
    text = card.rank + symbol
    assert Card.from_code(text.lower() if lower else text) == card


def test_deck_composition_follows_packs_jokers_and_omitted_ranks() -> None:
    rules = Rules().with_options({"jokers": 4, "omit_ranks": ["2", "3"]})
    deck = deck_counts(rules, packs=2)
    assert sum(deck.values()) == 2 * 44 + 4
    assert deck[Card.from_code("2H")] == 0
    assert deck[JOKER_CARD] == 4


@pytest.mark.parametrize(
    ("codes", "options", "packs", "problem"),
    [
        (["5S", "5S"], {}, 1, "5S twice, but one pack holds it once."),
        (["5S", "5S", "5S"], {}, 2, "5S 3 times, but 2 packs hold it twice."),
        (["JK"], {}, 1, "JK, but these rules play without jokers (jokers)."),
        (["JK", "JK", "JK"], {"jokers": 2}, 1, "JK 3 times, but these rules play with 2 (jokers)."),
        (["2C"], {"omit_ranks": ["2"]}, 2, "2C, but these rules take the 2s out of the pack"),
    ],
)
def test_physical_limits_name_the_card(
    codes: list[str], options: dict[str, object], packs: int, problem: str
) -> None:
    problems = overused(parse_cards(codes), Rules().with_options(options), packs)
    assert len(problems) == 1 and problems[0].startswith(problem)


def test_cards_within_the_packs_are_fine() -> None:
    assert overused(parse_cards(["5S", "5S", "JK"]), Rules().with_options({"jokers": 1}), 2) == []


@pytest.mark.parametrize(
    ("code", "card", "reading"),
    [("JK=5C", "JK", "5C"), ("6h=9s", "6H", "9S"), (" jk = t♠ ", "JK", "10S"), ("9S", "9S", None)],
)
def test_parse_declared(code: str, card: str, reading: str | None) -> None:
    parsed = parse_declared(code)
    assert parsed == (Card.from_code(card), None if reading is None else Card.from_code(reading))
    assert parse_declared(declared_code(*parsed)) == parsed


@pytest.mark.parametrize("code", ["JK=1X", "JK=", "=5C", "XX=5C", "JK=5C=6C"])
def test_parse_declared_refuses_what_is_not_a_card(code: str) -> None:
    with pytest.raises(CardError, match=re.escape(repr(code))):
        parse_declared(code)


def test_a_card_pickled_in_one_process_is_found_in_another() -> None:
    # Cards compare and hash by identity: unpickled as anything but the one card of its rank
    # and suit (or with a hash of another process's), it would miss every set and dict.
    def python(code: str, seed: str, stdin: bytes = b"") -> bytes:
        env = {**os.environ, "PYTHONHASHSEED": seed}
        command = [sys.executable, "-c", code]
        return subprocess.run(command, input=stdin, env=env, capture_output=True, check=True).stdout

    pickled = python(
        "import pickle, sys; from scorekeeper.engine.cards import parse_cards;"
        "sys.stdout.buffer.write(pickle.dumps(parse_cards(['5D', 'JK'])))",
        "1",
    )
    found = python(
        "import pickle, sys; from scorekeeper.engine.cards import parse_cards;"
        "cards = pickle.loads(sys.stdin.buffer.read());"
        "print(all(card in set(parse_cards(['5D', 'JK'])) for card in cards))",
        "2",
        pickled,
    )
    assert found.strip() == b"True"


def test_each_card_is_one_object_however_it_is_made() -> None:
    # Cards compare by identity (the referee's sets and dicts then never call back into Python),
    # which holds only if every way of making a card gives back the same object.
    five = Card.from_code("5d")
    assert Card("5", "D") is five
    assert pickle.loads(pickle.dumps(five)) is five
    assert copy.deepcopy([five])[0] is five
    assert Card("JK") is Card.from_code("joker")
    assert Card("5", "D") != Card("5", "H") and sorted([Card("K", "S"), five]) == [
        five,
        Card("K", "S"),
    ]
    with pytest.raises(AttributeError):
        five.rank = "6"  # type: ignore[misc]
    with pytest.raises(CardError):
        Card("1", "X")
