"""Template filters shared by every page: cards as faces with suit symbols, times as
``<time>`` elements in the viewer's own time (:mod:`.times`)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from flask import Flask
from markupsafe import Markup, escape

from ..engine.cards import Card
from ..engine.rules import JOKER_EFFECTS
from .chart import totals_chart
from .round_form.names import short_names
from .times import local_time

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


#: A card code as the engine's lines write it, with what a wild stands for: ``6C(8S)``, and
#: the punctuation around it.
_CARD_WORD = re.compile(
    r"^(\(?)((?:10|[2-9AJQK])[SHDC]|JK)(?:\(((?:10|[2-9AJQK])[SHDC]|JK)\))?([.,:;)]*)$"
)
#: The kinds of meld the engine names by their codes, in words.
_KIND_WORDS = {"joker_set": "set of jokers", "wild_set": "set of wild cards"}


def card_text(line: str) -> Markup:
    """A line of text from the engine (``"3C 3D 3S set 9"``) with its card codes as faces, a
    wild's reading as ``6♣ as 8♠`` (the engine writes ``6C(8S)``) and meld kinds in words.

    >>> print(card_text("8D 6C(8S) joker_set 16."))  # doctest: +NORMALIZE_WHITESPACE
    <span class="card-code suit-D" title="8D">8♦</span> <span class="card-code suit-C"
    title="6C">6♣</span> as <span class="card-code suit-S" title="8S">8♠</span> set of jokers 16.
    """
    words = []
    for word in line.split(" "):
        match = _CARD_WORD.match(word)
        if word in _KIND_WORDS:
            words.append(escape(_KIND_WORDS[word]))
        elif match is None:
            words.append(escape(word))
        else:
            before, code, reading, after = match.groups()
            face = card_face(code)
            if reading:
                face = Markup("{} as {}").format(face, card_face(reading))
            words.append(Markup("{}{}{}").format(before, face, after))
    return Markup(" ").join(words)


def init_app(app: Flask) -> None:
    app.add_template_filter(card_face, "card")
    app.add_template_filter(card_faces, "cards")
    app.add_template_filter(card_text, "card_text")
    app.add_template_filter(local_time, "local_time")  # every time a page shows
    app.add_template_global(totals_chart, "totals_chart")
    app.jinja_env.globals["joker_effects"] = JOKER_EFFECTS  # the dealer's joker's choices
    app.jinja_env.globals["short_names"] = short_names  # names told apart in narrow columns
