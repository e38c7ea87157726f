"""Gin's referee page ("is this legal?"), where the shared one (wild ranks, jokers, the engine's
house rules) is not how Gin judges: aces low, no wilds, one pack.

- ``GET /gin/check`` (the shared ``/check?rules=gin…`` sends a Gin preset here), and under a
  game's rules ``GET /s/<token>/gin/check``, ``GET /w/<token>/gin/check`` (the shared game
  links send a Gin game here).
- Two questions, each answered with its reason: ``cards`` (and ``onto``, a meld on the table
  they are laid off onto): is it a meld? ``hand`` (ten or eleven cards): what is the least
  deadwood, and how is it melded? With ``onto`` too, the hand is the defender's: what it lays
  off onto that meld.

A card code that is not one, a joker, or a card twice is said above the answers (400), as the
shared page says a question it cannot read.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import make_response, render_template, request, url_for
from werkzeug.exceptions import NotFound
from werkzeug.wrappers import Response as BaseResponse

from ...engine.cards import Card
from ...store.models import Game
from ...web import links
from ...web.systems import RefereePages
from ...web.typed_cards import card_words
from .fields import read_card
from .hand import defend
from .melds import Arrangement, MeldVerdict, judge, least_deadwood
from .rules import GIN_PRESETS, GinRules, from_dict
from .store import gin_game
from .web import bp

#: The pages, as the shared referee links find them (:class:`RefereePages`).
PAGES = RefereePages("gin.check_page", "gin.scorer_check", "gin.watcher_check")
#: The most cards the arrangement question takes: a hand of ten, eleven for big gin.
MOST_IN_HAND = 11


class Unreadable(ValueError):
    """A field of the question that is not cards of one pack."""


@dataclass(frozen=True)
class Answers:
    verdict: MeldVerdict | None  # cards (onto a meld): legal or not, and why
    arranged: Arrangement | None  # the hand's least deadwood
    laid_off: tuple[Card, ...] = ()  # with ``onto``: what the hand lays off onto it


def _cards(field: str, limit: int = 52) -> list[Card]:
    words = card_words(request.args.get(field, ""))
    cards = []
    for word in words:
        card = read_card(word)
        if card is None:
            raise Unreadable(
                f"{field}: {word!r} is not a card of the pack (Gin plays without jokers)"
            )
        if card in cards:
            raise Unreadable(f"{field}: {card.code()} is there twice: Gin plays with one pack")
        cards.append(card)
    if len(cards) > limit:
        raise Unreadable(
            f"{field}: a Gin hand holds ten cards (eleven for big gin), not {len(cards)}"
        )
    return cards


def _answers() -> Answers:
    laid, onto, hand = _cards("cards"), _cards("onto"), _cards("hand", MOST_IN_HAND)
    verdict = judge(laid, onto) if laid else None
    if not hand:
        return Answers(verdict, None)
    if len(onto) >= 3 and judge([], onto).legal:  # the hand is the defender's
        defence = defend([tuple(onto)], hand)
        return Answers(
            verdict,
            Arrangement(defence.melds, defence.deadwood),
            tuple(card for card, _ in defence.layoffs),
        )
    return Answers(verdict, least_deadwood(hand).arrangements[0])


def _gin(game: Game) -> Game:
    if not gin_game(game):
        raise NotFound("This game is not a game of Gin: its referee page is /check.")
    return game


def _page(rules: GinRules, game: Game | None, token: str | None, endpoint: str) -> BaseResponse:
    problem = None
    try:
        answers = _answers()
    except Unreadable as error:
        problem, answers = str(error), Answers(None, None)
    preset = request.args.get("rules", "gin") if game is None else None
    action = url_for(endpoint, token=token) if token else url_for(endpoint)
    html = render_template(
        "gin/check.html",
        game=game,
        token=token,
        endpoint=endpoint,
        action=action,
        presets=GIN_PRESETS.values(),
        preset=preset,
        rules=rules,
        args=request.args,
        answers=answers,
        problem=problem,
    )
    response = make_response(html, 400 if problem else 200)
    response.vary.add("HX-Request")
    return response


@bp.get("/gin/check", endpoint="check_page")
def check_page() -> BaseResponse:
    """Is this legal under Gin's rules? A meld, a layoff, the least deadwood of a hand."""
    preset = GIN_PRESETS.get(request.args.get("rules", "gin"), GIN_PRESETS["gin"])
    return _page(preset.rules, None, None, "gin.check_page")


@bp.get("/s/<token>/gin/check", endpoint="scorer_check")
def scorer_check(token: str) -> BaseResponse:
    """Is this legal? Under this Gin game's rules."""
    game = _gin(links.scorer_game(token))
    return _page(from_dict(game.rules), game, token, "gin.scorer_check")


@bp.get("/w/<token>/gin/check", endpoint="watcher_check")
def watcher_check(token: str) -> BaseResponse:
    """Is this legal? Under this Gin game's rules, from the watchers' link."""
    game = _gin(links.watcher_game(token))
    return _page(from_dict(game.rules), game, token, "gin.watcher_check")
