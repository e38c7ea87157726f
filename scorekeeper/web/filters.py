"""Template filters shared by every page: cards as faces with suit symbols."""

from __future__ import annotations

from collections.abc import Iterable

from flask import Flask
from markupsafe import Markup, escape

from ..engine.cards import Card
from ..engine.rules import JOKER_EFFECTS
from .chart import totals_chart

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def card_face(card: Card | str) -> Markup:
    """One card as ``<span class="card-code suit-S">8♠</span>`` (a joker as ``🃏``).

    >>> str(card_face("10H"))
    '<span class="card-code suit-H" title="10H">10♥</span>'
    >>> str(card_face("JK"))
    '<span class="card-code joker" title="JK">Jkr</span>'
    """
    code = card if isinstance(card, str) else card.code()
    code = Card.from_code(code).code()
    if code == "JK":
        return Markup('<span class="card-code joker" title="JK">Jkr</span>')
    rank, suit = code[:-1], code[-1]
    face = Markup('<span class="card-code suit-{suit}" title="{code}">{rank}{symbol}</span>')
    return face.format(suit=suit, code=code, rank=rank, symbol=SUIT_SYMBOLS[suit])


def card_faces(cards: Iterable[Card | str]) -> Markup:
    """Several cards, separated by spaces."""
    return Markup(" ").join(card_face(card) for card in cards)


def card_text(line: str) -> Markup:
    """A line of text from the engine (``"3C 3D 3S set 9"``) with its card codes as faces."""
    words = []
    for word in line.split(" "):
        try:
            words.append(
                card_face(word) if word[:1].isalnum() and word[-1:] in "SHDCK" else escape(word)
            )
        except ValueError:
            words.append(escape(word))
    return Markup(" ").join(words)


def init_app(app: Flask) -> None:
    app.add_template_filter(card_face, "card")
    app.add_template_filter(card_faces, "cards")
    app.add_template_filter(card_text, "card_text")
    app.add_template_global(totals_chart, "totals_chart")
    app.jinja_env.globals["joker_effects"] = JOKER_EFFECTS  # the dealer's joker's choices
