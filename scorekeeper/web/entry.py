"""What every family's round form does the same way around its own fields: find the game and
the round from the address, answer so that no cache keeps a form, read the form's version and
key, find a double tap's round, say that a save went through, and take the form back after a
conflict. Each family's ``web.py`` keeps its own views and fields; the words ("hand", "deal")
are the family's (:attr:`..engine.system.Words.round`).

>>> form_version("12"), form_version("twelve"), form_version("1" * 12)
(12, -1, -1)
>>> form_key(""), form_key("k" * 101), form_key("3f2a")
(None, None, '3f2a')
>>> lost_key("deal")
'This form had lost its key (which stops a deal being saved twice): check it and save again.'
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Response, flash, make_response, redirect, request, url_for
from werkzeug.exceptions import NotFound
from werkzeug.wrappers import Response as BaseResponse

from ..store import records
from ..store.models import Game, Round
from . import links
from .games import conflicting_round, game_over_redirect, gone_since_the_form
from .systems import web_system

NOT_SAVED = "Nothing was saved: fix what is marked below."


def family_game(token: str, belongs: Callable[[Game], bool], title: str) -> Game:
    """The game the scorer link names, if it is a game of this family (``title``: "Gin
    Rummy"), else 404."""
    game = links.scorer_game(token)
    if not belongs(game):
        raise NotFound(f"This game is not a game of {title}.")
    return game


def _word(game: Game) -> str:
    return web_system(game).words.round


def round_or_404(game: Game, number: int) -> Round:
    """Round ``number`` of the game, else 404 in the family's words."""
    stored = next((r for r in game.rounds if r.number == number), None)
    if stored is None:
        raise NotFound(f"This game has no {_word(game)} {number}.")
    return stored


def corrected_round(game: Game, number: int) -> Round | Response:
    """The round a correction's address names, or the conflict page when it was deleted from
    another phone since the form was made (a 404 when it never was)."""
    if not any(r.number == number for r in game.rounds) and (
        gone := gone_since_the_form(game, number)
    ):
        return gone
    return round_or_404(game, number)


def new_round_page(
    game: Game,
    save: Callable[[Round | None], BaseResponse],
    show: Callable[[], BaseResponse],
) -> BaseResponse:
    """The next round's form (``show``), or its save (POST: ``save(None)``); a game that is over
    sends the scorer to its page, which says so."""
    if request.method == "POST":
        return save(None)
    links.remember(game, "scorer")
    return game_over_redirect(game) or show()


def correction_page(
    game: Game,
    number: int,
    save: Callable[[Round | None], BaseResponse],
    show: Callable[[Round], BaseResponse],
) -> BaseResponse:
    """Round ``number``'s form filled from it (``show``), or its correction saved (POST:
    ``save``); the conflict page when it was deleted from another phone meanwhile."""
    stored = corrected_round(game, number)
    if isinstance(stored, Response):
        return stored
    if request.method == "POST":
        return save(stored)
    links.remember(game, "scorer")
    return show(stored)


def posted_round(game: Game, field: str) -> Round | None:
    """The stored round a preview's form is for (its number in ``field``), None for a new one."""
    number = request.form.get(field, "")
    if not (number.isascii() and number.isdigit() and len(number) < 7):
        return None
    return next((r for r in game.rounds if r.number == int(number)), None)


def page(html: str, status: int = 200) -> Response:
    """A form page: never kept by a cache (it holds the game's version and a fresh key)."""
    response = make_response(html, status)
    response.headers["Cache-Control"] = "no-store"
    return response


def partial(html: str, status: int = 200) -> Response:
    """A preview partial: htmx's answer, never cached, and never the page in its place."""
    response = page(html, status)
    response.headers["Vary"] = "HX-Request"
    return response


def form_version(text: str) -> int:
    """The game version a form was made at (-1 when it holds none a save could trust)."""
    return int(text) if text.isascii() and text.isdigit() and len(text) < 10 else -1


def form_key(text: str) -> str | None:
    """The form's idempotency key, if it is one."""
    return text if 1 <= len(text) <= 100 else None


def saved(game: Game, message: str) -> BaseResponse:
    """After a save: the game page's standings, with ``message`` flashed."""
    flash(message, "success")
    return redirect(url_for("games.scorer_page", token=game.scorer_token, _anchor="standings"), 303)


def double_tap(game: Game, key: str | None) -> BaseResponse | None:
    """The game page when the round under ``key`` is stored already (a double tap, or the page
    sent again), else None."""
    done = records.round_by_key(game, key) if key else None
    if done is None:
        return None
    return saved(game, f"{_word(game).capitalize()} {done.number} saved")


def lost_key(word: str) -> str:
    """What a form without its key is told (the key stops a round being saved twice)."""
    return (
        f"This form had lost its key (which stops a {word} being saved twice): check it and "
        "save again."
    )


def changed_meanwhile(word: str, also: str = "") -> str:
    """What a form is told when the game changed since it was made (``also``: what else the
    family may have changed, e.g. "or the bids noted")."""
    return (
        f"The game was changed from another phone meanwhile (a {word} saved, corrected or "
        f"undone{', ' + also if also else ''}). Nothing was overwritten: check your entries and "
        "save again."
    )


def after_conflict(
    game: Game, stored: Round | None, again: Callable[[Round | None], Response]
) -> Response:
    """After a :class:`~..store.changes.StaleGame`: ``again`` renders the form anew for the
    round as it is now (None: a new one), reading the game afresh (its version is the one a
    save may now expect); a round deleted meanwhile gets the conflict page."""
    now = conflicting_round(game, stored)
    if isinstance(now, Response):
        return now
    return again(now)
