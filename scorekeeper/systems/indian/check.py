"""Indian Rummy's referee page ("is this legal?"), where the shared one (the engine's rummy
house rules) is not how Indian Rummy judges: Q-K-A yes, K-A-2 no, a pure sequence, printed
jokers and the cut joker's rank wild.

- ``GET /indian/check`` (the shared ``/check?rules=indian-…`` sends an Indian preset here), and
  under a game's rules ``GET /s/<token>/indian/check``, ``GET /w/<token>/indian/check``.
- Two questions, each answered with its reason: ``cards``: is it a meld, and is it pure? ``hand``
  (13 cards): is it a valid show, and if not, what would it pay? ``wild_rank`` is the rank the
  cut joker made wild (a printed joker cut: A).

A card code that is not one is said above the answers (400).
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import make_response, render_template, request, url_for
from werkzeug.exceptions import NotFound
from werkzeug.wrappers import Response as BaseResponse

from ...engine.cards import RANKS, Card, CardError
from ...store.models import Game
from ...web import links
from ...web.systems import RefereePages
from ...web.typed_cards import card_words
from .fields import read_card
from .melds import MeldVerdict, judge, read_wild_rank
from .rules import HAND_SIZE, INDIAN_PRESETS, IndianRules, from_dict
from .show import Count, Show, check_show, loser_count
from .store import indian_game
from .web import bp

#: The pages, as the shared referee links find them.
PAGES = RefereePages("indian.check_page", "indian.scorer_check", "indian.watcher_check")


class Unreadable(ValueError):
    """A field of the question that is not cards."""


@dataclass(frozen=True)
class Answers:
    verdict: MeldVerdict | None
    show: Show | None
    count: Count | None


def _cards(field: str) -> list[Card]:
    found = []
    for word in card_words(request.args.get(field, "")):
        card = read_card(word)
        if card is None:
            raise Unreadable(f"{field}: {word!r} is not a card (JK for a printed joker)")
        found.append(card)
    return found


def _answers(rules: IndianRules) -> tuple[Answers, str | None]:
    wild = read_wild_rank(request.args.get("wild_rank") or None)
    laid, hand = _cards("cards"), _cards("hand")
    verdict = judge(laid, wild) if laid else None
    if not hand:
        return Answers(verdict, None, None), wild
    if len(hand) != HAND_SIZE:
        raise Unreadable(f"hand: a show is {HAND_SIZE} cards, not {len(hand)}")
    show = check_show(hand, wild)
    return Answers(
        verdict, show, None if show.valid else loser_count(hand, wild, rules.max_points)
    ), wild


def _indian(game: Game) -> Game:
    if not indian_game(game):
        raise NotFound("This game is not a game of Indian Rummy: its referee page is /check.")
    return game


def _page(rules: IndianRules, game: Game | None, token: str | None, endpoint: str) -> BaseResponse:
    problem = None
    wild = None
    try:
        answers, wild = _answers(rules)
    except (Unreadable, CardError) as error:
        problem, answers = str(error), Answers(None, None, None)
    html = render_template(
        "indian/check.html",
        game=game,
        token=token,
        endpoint=endpoint,
        action=url_for(endpoint, token=token) if token else url_for(endpoint),
        presets=INDIAN_PRESETS.values(),
        preset=request.args.get("rules", "indian-points") if game is None else None,
        ranks=RANKS,
        wild=wild,
        args=request.args,
        answers=answers,
        problem=problem,
    )
    return make_response(html, 400 if problem else 200)


@bp.get("/indian/check", endpoint="check_page")
def check_page() -> BaseResponse:
    """Is this legal under Indian Rummy's rules? A meld (pure or not), a show, a hand's count."""
    preset = INDIAN_PRESETS.get(request.args.get("rules", ""), INDIAN_PRESETS["indian-points"])
    return _page(preset.rules, None, None, "indian.check_page")


@bp.get("/s/<token>/indian/check", endpoint="scorer_check")
def scorer_check(token: str) -> BaseResponse:
    """Is this legal? Under this Indian game's rules."""
    game = _indian(links.scorer_game(token))
    return _page(from_dict(game.rules), game, token, "indian.scorer_check")


@bp.get("/w/<token>/indian/check", endpoint="watcher_check")
def watcher_check(token: str) -> BaseResponse:
    """Is this legal? Under this Indian game's rules, from the watchers' link."""
    game = _indian(links.watcher_game(token))
    return _page(from_dict(game.rules), game, token, "indian.watcher_check")
