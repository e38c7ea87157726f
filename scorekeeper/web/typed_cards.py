"""Cards typed into a field of a family's round form or referee page (no Flask in here): the
words (spaces, commas or semicolons between them), each read as a card, and those that are none.

>>> card_words("5S, 6s;  JK")
['5S', '6s', 'JK']
>>> read_card("t♥", jokers=False), read_card("JK", jokers=False), read_card("jk", jokers=True)
(Card.from_code('10H'), None, Card.from_code('JK'))
>>> typed_cards("qs 10h 1S jk", jokers=False)
(['QS', '10H'], ['1S', 'jk'])
"""

from __future__ import annotations

import re

from ..engine.cards import Card, CardError

_SEPARATORS = re.compile(r"[\s,;]+")


def card_words(text: str) -> list[str]:
    """The words of a cards field."""
    return [word for word in _SEPARATORS.split(text) if word]


def read_card(token: str, *, jokers: bool) -> Card | None:
    """A card from what the scorer typed (a printed joker only where the family has them),
    None for anything else."""
    try:
        card = Card.from_code(token)
    except CardError:
        return None
    return None if card.is_joker and not jokers else card


def typed_cards(text: str, *, jokers: bool) -> tuple[list[str], list[str]]:
    """The cards of a field as codes (as the engine writes them), and the words that are none."""
    codes: list[str] = []
    bad: list[str] = []
    for word in card_words(text):
        card = read_card(word, jokers=jokers)
        if card is None:
            bad.append(word)
        else:
            codes.append(card.code())
    return codes, bad
