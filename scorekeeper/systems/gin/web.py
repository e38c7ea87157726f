"""Recording a Gin hand: each player's final cards (or the table's counted deadwood), who
knocked, and the upcard under Oklahoma.

- ``GET /s/<token>/gin/hands/new`` (the shared ``/s/<token>/rounds/new`` sends a Gin game here)
  and ``POST``: the next hand's form, and its save; ``GET``/``POST /s/<token>/gin/hands/<n>``
  corrects hand n; ``GET /s/<token>/gin/hands/<n>/delete`` asks before the rounds' delete
  deletes it.
- ``POST /s/<token>/gin/hands/preview``: the form's fields in, the preview partial out (htmx,
  after every tap): each player's melds and deadwood, the defender's layoffs drawn onto the
  knocker's melds, the result in words; what is still missing, or why the rules refuse the
  hand. It never stores anything.

The fields are :mod:`.fields`'. A save answers 303 to the game page, or the form again with
what stops it (422), a game changed meanwhile (409); a double tap finds the hand already stored
under the form's key. A new hand for a game that is over is the shared conflict page (409).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial
from typing import Any
from uuid import uuid4

from flask import Blueprint, Response, make_response, render_template, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from ...engine.cards import RANKS, SUITS, Card, CardError
from ...store import changes, records
from ...store.models import Game, Round
from ...store.scoreboard import board
from ...web import entry
from ...web.filters import SUIT_SYMBOLS
from . import store as gin
from .board import headline
from .fields import MOST_DEADWOOD, HandFields, ReadHand, hand_field, read_hand
from .hand import GinError
from .preview import Preview, build_preview, reason, sentence
from .round import Scored
from .rules import GinRules

bp = Blueprint(
    "gin",
    __name__,
    template_folder="templates",
    static_folder="static",  # under /static/ too: the service worker keeps it like the app's
    static_url_path="/static/systems/gin",
)

#: The card picker: ranks as rows by the four suits, in two halves side by side (a set is a
#: row, a run a column), so that eight columns of thumb-sized buttons fit a phone's width.
GRID = {
    "halves": [RANKS[:7], RANKS[7:]],
    "suits": SUITS,
    "symbols": SUIT_SYMBOLS,
}


@dataclass(frozen=True)
class Table:
    """Who plays this hand: the players in seat order, the hands' pairs (one, or two in
    partnership gin), the sides, and the pairs to give the store (None: the round's default)."""

    rules: GinRules
    names: list[str]
    pairs: list[tuple[str, str]]
    sides: dict[str, str | None]
    number: int
    stored_pairs: list[tuple[str, str]] | None

    @property
    def hands(self) -> int:
        return len(self.pairs)


@dataclass(frozen=True)
class HandGroup:
    """One hand as the form shows it: its two players and its own knock (and big gin)."""

    index: int
    seats: list[int]
    names: list[str]
    knocked_field: str
    big_gin_field: str
    knocked: str
    big_gin: bool


def _gin_or_404(token: str) -> Game:
    return entry.family_game(token, gin.gin_game, "Gin Rummy")


def _table(game: Game, stored: Round | None) -> Table:
    names = [player.name for player in game.players]
    sides = {player.name: player.team for player in game.players}
    if stored is not None:
        # a corrected hand keeps who played whom as stored (a deletion renumbers the rounds
        # after it, never their pairs)
        pairs = gin.hand_of(stored).pairs
        given = pairs if len(names) > 2 else None  # two players: no sides to check them by
        return Table(gin.gin_rules(game), names, pairs, sides, stored.number, given)
    number = records.next_round_number(game)
    return Table(gin.gin_rules(game), names, gin.default_pairs(names, number), sides, number, None)


# --- scoring and the preview ----------------------------------------------------------------


def _hand(game: Game, table: Table, read: ReadHand) -> gin.StoredHand:
    """The hand read, as the store takes it (a HandRefused names what it lacks)."""
    entries = read.entries(table.names)
    return gin.in_seat_order(game, entries, table.stored_pairs, table.number)


def _preview(game: Game, table: Table, read: ReadHand) -> Preview:
    """The form's hand scored once it is all in, or why the rules refuse it."""
    scored: list[Scored] | None = None
    problem = None
    if read.complete:
        try:
            upcard = None if read.upcard is None else Card.from_code(read.upcard)
            scored = gin.check(game, _hand(game, table, read), upcard, read.dead)
        except (GinError, gin.HandRefused, CardError) as error:
            problem = sentence(error)
    headlines = [_result(scored, pair) for pair in table.pairs] if scored else []
    return build_preview(read, table.names, table.pairs, scored, problem, headlines, table.sides)


def _result(scored: list[Scored], pair: tuple[str, str]) -> str:
    """A hand's result in words, as the boards tell it."""
    return headline(scored, [pair])


# --- rendering ------------------------------------------------------------------------------


def _groups(table: Table, fields: HandFields) -> list[HandGroup]:
    seat_of = {name: seat for seat, name in enumerate(table.names)}
    return [
        HandGroup(
            index,
            [seat_of[name] for name in pair],
            list(pair),
            hand_field("knocked", index, table.hands),
            hand_field("big_gin", index, table.hands),
            fields.knocked[index],
            fields.big_gin[index],
        )
        for index, pair in enumerate(table.pairs)
    ]


def _render(
    game: Game,
    fields: HandFields,
    stored: Round | None,
    status: int = 200,
    *,
    message: str | None = None,
    problems: list[str] | None = None,
    show_errors: bool = False,
    table: Table | None = None,
) -> Response:
    table = table or _table(game, stored)
    read = read_hand(fields, table.names, table.pairs, table.rules)
    token = game.scorer_token
    errors = read.errors if show_errors else {}
    html = render_template(
        "gin/form.html",
        game=game,
        token=token,
        rules=table.rules,
        names=table.names,
        groups=_groups(table, fields),
        fields=fields,
        stored=stored,
        number=table.number,
        action=url_for("gin.edit_hand", token=token, number=table.number)
        if stored
        else url_for("gin.new_hand", token=token),
        preview_url=url_for("gin.preview", token=token),
        preview=_preview(game, table, read),
        errors=errors,
        typed_errors=any(name.startswith("cards-") for name in errors),
        message=message,
        problems=problems or [],
        grid=GRID,
        most_deadwood=MOST_DEADWOOD,
    )
    return entry.page(html, status)


def _new_fields(game: Game, table: Table) -> HandFields:
    """A new hand's form: nothing given yet, the next dealer."""
    seats = len(table.names)
    return HandFields(
        ("",) * seats,
        ("",) * seats,
        ("",) * table.hands,
        (False,) * table.hands,
        dealer=records.upcoming_dealer(game) or "",
        version=str(game.version),
        key=uuid4().hex,
    )


def _stored_fields(game: Game, stored: Round, table: Table) -> HandFields:
    """The form filled from a stored hand."""
    hand = gin.hand_of(stored)
    entries = hand.round.players
    seat_of = {name: seat for seat, name in enumerate(table.names)}
    by_name = {entry.name: entry for entry in entries}
    knocked = []
    big_gin = []
    for pair in table.pairs:
        knocker = next((by_name[name] for name in pair if by_name[name].knocked), None)
        knocked.append(
            "dead" if hand.round.dead else "" if knocker is None else str(seat_of[knocker.name])
        )
        big_gin.append(knocker is not None and knocker.big_gin)
    counted = any(entry.counted is not None for entry in entries)
    return HandFields(
        tuple(" ".join(card.code() for card in entry.cards) for entry in entries),
        tuple("" if entry.counted is None else str(entry.counted) for entry in entries),
        tuple(knocked),
        tuple(big_gin),
        upcard="" if hand.round.upcard is None else hand.round.upcard.code(),
        mode="counted" if counted else "cards",
        dealer=stored.dealer.name if stored.dealer else "",
        version=str(game.version),
    )


# --- the views ------------------------------------------------------------------------------


@bp.route("/s/<token>/gin/hands/new", methods=["GET", "POST"])
def new_hand(token: str) -> BaseResponse:
    """The form for the next hand; POST saves it."""
    game = _gin_or_404(token)

    def show() -> Response:
        table = _table(game, None)
        return _render(game, _new_fields(game, table), None, table=table)

    return entry.new_round_page(game, partial(_save, game), show)


@bp.route("/s/<token>/gin/hands/<int:number>", methods=["GET", "POST"])
def edit_hand(token: str, number: int) -> BaseResponse:
    """The form filled from hand ``number``, to correct it; POST saves the correction."""
    game = _gin_or_404(token)

    def show(stored: Round) -> Response:
        table = _table(game, stored)
        return _render(game, _stored_fields(game, stored, table), stored, table=table)

    return entry.correction_page(game, number, partial(_save, game), show)


@bp.get("/s/<token>/gin/hands/<int:number>/delete")
def delete_hand(token: str, number: int) -> BaseResponse:
    """What deleting hand ``number`` takes away; the rounds' delete (POST) deletes it."""
    game = _gin_or_404(token)
    entry.round_or_404(game, number)
    shown = board(game, recent=None)
    assert shown.view is not None
    row = next(row for row in shown.view.hands if row.number == number)
    return make_response(
        render_template(
            "gin/delete.html", board=shown, row=row, token=token, later=len(game.rounds) - number
        )
    )


@bp.post("/s/<token>/gin/hands/preview", endpoint="preview")
def preview_hand(token: str) -> Response:
    """The preview of the form's hand (htmx partial); nothing is stored."""
    game = _gin_or_404(token)
    table = _table(game, entry.posted_round(game, "hand"))
    fields = HandFields.from_form(request.form, len(table.names), table.hands)
    read = read_hand(fields, table.names, table.pairs, table.rules)
    html = render_template(
        "gin/_preview.html", preview=_preview(game, table, read), rules=table.rules, oob=True
    )
    return entry.partial(html)


# --- saving ---------------------------------------------------------------------------------


def _save(game: Game, stored: Round | None) -> BaseResponse:
    """Save the posted hand (new, or a correction of ``stored``)."""
    table = _table(game, stored)
    fields = HandFields.from_form(request.form, len(table.names), table.hands)
    key = entry.form_key(fields.key)
    if stored is None and (done := entry.double_tap(game, key)):
        return done

    def again(status: int, message: str, **kwargs: Any) -> Response:
        return _render(
            game, fields, stored, status, message=message, show_errors=True, table=table, **kwargs
        )

    if stored is None and key is None:
        fields = replace(fields, key=uuid4().hex)
        return again(422, entry.lost_key("hand"))
    read = read_hand(fields, table.names, table.pairs, table.rules)
    if read.errors:
        return again(422, entry.NOT_SAVED, problems=list(read.errors.values()))
    if read.missing:
        return again(422, f"Nothing was saved: the hand is not all in ({'; '.join(read.missing)}).")
    upcard = None if read.upcard is None else Card.from_code(read.upcard)
    dealer = fields.dealer if fields.dealer in table.names else None
    version = entry.form_version(fields.version)
    try:
        hand = _hand(game, table, read)
        if stored is None:
            saved = gin.store_hand(
                game,
                hand,
                upcard=upcard,
                dead=read.dead,
                dealer=dealer,
                idempotency_key=key,
                expected_version=version,
            )
        else:
            saved = gin.replace_hand(
                stored, hand, upcard=upcard, dead=read.dead, dealer=dealer, expected_version=version
            )
    except changes.StaleGame:
        return _stale(game, fields, stored)
    except (GinError, gin.HandRefused, CardError) as error:
        return again(422, f"Nothing was saved: {reason(error)}.")
    return entry.saved(game, f"Hand {saved.number} {'corrected' if stored else 'saved'}")


def _stale(game: Game, fields: HandFields, stored: Round | None) -> Response:
    """The game changed since the form was rendered: the form again, at the version the game
    has now."""

    def again(now: Round | None) -> Response:
        fresh = replace(fields, version=str(game.version))
        message = entry.changed_meanwhile("hand")
        return _render(game, fresh, now, 409, message=message, show_errors=True)

    return entry.after_conflict(game, stored, again)
