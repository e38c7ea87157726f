"""Recording a Spades hand: its bids before it is played, its tricks after.

- ``GET /s/<token>/hands/new`` (the rummy round form's address sends a Spades game here) and
  ``POST``: ``save=bids`` notes the hand in play's bids (every board shows them), ``save=hand``
  stores the hand once every bid and all 13 tricks are in; ``GET``/``POST
  /s/<token>/hands/<n>`` corrects hand n; ``GET /s/<token>/hands/<n>/delete`` asks before the
  rounds' delete deletes it.
- ``POST /s/<token>/hands/preview``: the form's fields in, the preview partial out (htmx, after
  every tap): each side's contract, tricks, the hand's lines and points, its total and bags, and
  how many tricks are missing. It never stores anything.

A save answers 303 to the game page, or the form again with what stops it (422), a game changed
meanwhile (409); a double tap finds the hand already stored under the form's key.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial
from typing import Any
from uuid import uuid4

from flask import Blueprint, Response, make_response, render_template, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from ...store import changes, records
from ...store.db import db
from ...store.models import Game, Round
from ...store.scoreboard import board
from ...web import entry
from . import store as spades
from .board import bid_label
from .fields import BID_CHOICES, HandFields, ReadHand, bid_field, read_hand
from .rules import (
    TRICKS,
    SideScore,
    SpadesError,
    spades_standings,
)

bp = Blueprint(
    "spades",
    __name__,
    template_folder="templates",
    static_folder="static",  # under /static/ too: the service worker keeps it like the app's
    static_url_path="/static/systems/spades",
)

TRICK_CHOICES = [(str(n), str(n)) for n in range(TRICKS + 1)]


def _spades_or_404(token: str) -> Game:
    return entry.family_game(token, spades.spades_game, "Spades")


# --- the preview ----------------------------------------------------------------------------


@dataclass(frozen=True)
class SidePreview:
    side: str
    contract: int
    nils: list[str]
    taken: int | None  # the side's tricks, once both players' are in
    score: SideScore | None  # once the whole hand is in and adds up
    total: int  # the side's total before the hand, and after it once scored
    bags: int  # carried before the hand, and after it once scored


@dataclass(frozen=True)
class HandPreview:
    sides: list[SidePreview]
    taken: int
    missing: int  # tricks still to give out (negative: too many)
    problem: str | None  # what the rules refuse, once everything is in


def _preview(game: Game, read: ReadHand, number: int | None) -> HandPreview:
    names = [player.name for player in game.players]
    sides = spades.game_sides(game)
    earlier = [hand for r, hand in spades.hands(game) if number is None or r.number < number]
    before = spades_standings(spades.spades_rules(game), sides, earlier)
    scored: dict[str, SideScore] = {}
    problem = None
    if read.all_bid and read.all_played and not read.errors and read.missing == 0:
        hand = read.hand(names)
        try:
            checked = spades.check(game, hand, number, bags=before.bags)  # the hands read once
            scored = {s.side: s for s in checked.sides}
        except SpadesError as error:
            problem = f"{str(error)[:1].upper()}{str(error)[1:]}."
    out = []
    for side in dict.fromkeys(sides.values()):
        seats = [seat for seat, name in enumerate(names) if sides[name] == side]
        bids = [read.bids[seat] for seat in seats]
        tricks = [read.tricks[seat] for seat in seats]
        score = scored.get(side)
        out.append(
            SidePreview(
                side,
                sum(bid for bid in bids if isinstance(bid, int)),
                [
                    f"{names[seat]} {bid_label(bid)}"
                    for seat, bid in zip(seats, bids, strict=True)
                    if isinstance(bid, str)
                ],
                None if None in tricks else sum(t or 0 for t in tricks),
                score,
                before.totals[side] + (score.points if score else 0),
                score.bags_after if score else before.bags[side],
            )
        )
    return HandPreview(out, read.taken, read.missing, problem)


# --- rendering ------------------------------------------------------------------------------


def _number(game: Game, stored: Round | None) -> int:
    return stored.number if stored else len(game.rounds) + 1


def _render(
    game: Game,
    fields: HandFields,
    stored: Round | None,
    status: int = 200,
    *,
    message: str | None = None,
    message_kind: str = "error",
    show_errors: bool = False,
) -> Response:
    rules = spades.spades_rules(game)
    names = [player.name for player in game.players]
    read = read_hand(fields, names, blind_nil=rules.blind_nil_allowed)
    number = _number(game, stored)
    token = game.scorer_token
    shown_errors = read.errors if show_errors else {}
    bid_choices = [(value, value) for value in BID_CHOICES]
    if rules.blind_nil_allowed:
        bid_choices.append(("blind_nil", "blind nil"))
    html = render_template(
        "spades/form.html",
        game=game,
        token=token,
        rules=rules,
        names=names,
        sides=spades.game_sides(game),
        fields=fields,
        stored=stored,
        number=number,
        action=url_for("spades.edit_hand", token=token, number=number)
        if stored
        else url_for("spades.new_hand", token=token),
        preview_url=url_for("spades.preview", token=token),
        preview=_preview(game, read, stored.number if stored else None),
        bid_choices=bid_choices,
        trick_choices=TRICK_CHOICES,
        errors=shown_errors,
        bid_errors=any(key.startswith("bid-") for key in shown_errors),
        message=message,
        message_kind=message_kind,
        bids_noted=spades.bids_in_play(game) is not None and stored is None,
    )
    return entry.page(html, status)


def _new_fields(game: Game) -> HandFields:
    """A new hand's form: the bids in play, if noted, and the next dealer."""
    noted = spades.bids_in_play(game)
    return HandFields(
        tuple(str(bid) for bid in noted.values()) if noted else ("",) * len(game.players),
        ("",) * len(game.players),
        dealer=records.upcoming_dealer(game) or "",
        version=str(game.version),
        key=uuid4().hex,
    )


def _stored_fields(game: Game, stored: Round) -> HandFields:
    hand = spades.hand_of(stored)
    return HandFields(
        tuple(bid_field(player.bid) for player in hand.players),
        tuple(str(player.tricks) for player in hand.players),
        dealer=stored.dealer.name if stored.dealer else "",
        version=str(game.version),
    )


# --- the views ------------------------------------------------------------------------------


@bp.route("/s/<token>/hands/new", methods=["GET", "POST"])
def new_hand(token: str) -> BaseResponse:
    """The form for the next hand: its bids, then its tricks; POST notes the bids or saves."""
    game = _spades_or_404(token)
    return entry.new_round_page(
        game, partial(_save, game), lambda: _render(game, _new_fields(game), None)
    )


@bp.route("/s/<token>/hands/<int:number>", methods=["GET", "POST"])
def edit_hand(token: str, number: int) -> BaseResponse:
    """The form filled from hand ``number``, to correct it; POST saves the correction."""
    game = _spades_or_404(token)

    def show(stored: Round) -> Response:
        return _render(game, _stored_fields(game, stored), stored)

    return entry.correction_page(game, number, partial(_save, game), show)


@bp.get("/s/<token>/hands/<int:number>/delete")
def delete_hand(token: str, number: int) -> BaseResponse:
    """What deleting hand ``number`` takes away; the rounds' delete (POST) deletes it."""
    game = _spades_or_404(token)
    entry.round_or_404(game, number)
    shown = board(game, recent=None)
    assert shown.view is not None
    return make_response(
        render_template(
            "spades/delete.html",
            board=shown,
            row=shown.view.hands[number - 1],
            token=token,
            later=len(game.rounds) - number,
        )
    )


@bp.post("/s/<token>/hands/preview", endpoint="preview")
def preview_hand(token: str) -> Response:
    """The preview of the form's hand (htmx partial); nothing is stored."""
    game = _spades_or_404(token)
    stored = entry.posted_round(game, "hand")
    fields = HandFields.from_form(request.form, len(game.players))
    rules = spades.spades_rules(game)
    names = [player.name for player in game.players]
    read = read_hand(fields, names, blind_nil=rules.blind_nil_allowed)
    filled = _the_rest(read, names)
    if filled is not None:  # the last player's tricks follow from the others'
        tricks = list(read.tricks)
        tricks[filled.seat] = int(filled.value)
        errors = {
            key: error for key, error in read.errors.items() if key != f"tricks-{filled.seat}"
        }
        read = replace(read, tricks=tricks, errors=errors)
    html = render_template(
        "spades/_preview.html",
        preview=_preview(game, read, stored.number if stored else None),
        rules=rules,
        oob=True,
        filled=filled,
        trick_choices=TRICK_CHOICES,
        errors={},
    )
    return entry.partial(html)


@dataclass(frozen=True)
class Filled:
    """The tricks the preview fills in for the one player without any: the rest of the 13."""

    seat: int
    name: str
    value: str


def _the_rest(read: ReadHand, names: list[str]) -> Filled | None:
    """When every player but one has tricks and those leave 0 to 13, the last one's."""
    empty = [seat for seat, tricks in enumerate(read.tricks) if tricks is None]
    if len(empty) != 1 or not 0 <= read.missing <= TRICKS:
        return None
    seat = empty[0]
    if f"tricks-{seat}" in read.errors and read.errors[f"tricks-{seat}"] != (
        f"How many tricks did {names[seat]} take?"
    ):
        return None  # something typed there that is not a number: leave it to the scorer
    return Filled(seat, names[seat], str(read.missing))


def _save(game: Game, stored: Round | None) -> BaseResponse:
    """Note the posted bids, or save the posted hand (new, or a correction of ``stored``)."""
    fields = HandFields.from_form(request.form, len(game.players))
    key = entry.form_key(fields.key)
    number = _number(game, stored)
    if stored is None and (done := entry.double_tap(game, key)):
        return done
    rules = spades.spades_rules(game)
    names = [player.name for player in game.players]
    read = read_hand(fields, names, blind_nil=rules.blind_nil_allowed)
    dealer = fields.dealer if fields.dealer in names else None
    version = entry.form_version(fields.version)

    def again(status: int, message: str, **kwargs: Any) -> Response:
        return _render(game, fields, stored, status, message=message, show_errors=True, **kwargs)

    if fields.save == "bids" and stored is None:
        if read.bid_errors():
            return again(422, "Nothing was saved: every player needs a bid.")
        bids = [bid for bid in read.bids if bid is not None]
        try:
            spades.note_bids(game, bids, expected_version=version)
        except changes.StaleGame:
            db.session.expire_all()
            noted = spades.bids_in_play(game)
            if noted is None or list(noted.values()) != bids:  # a double tap finds them noted
                return _stale(game, fields, stored)
        return entry.saved(game, f"Bids of hand {number} noted: the boards show them")
    if stored is None and key is None:
        return _render(
            game,
            replace(fields, key=uuid4().hex),
            None,
            422,
            message=entry.lost_key("hand"),
            show_errors=True,
        )
    if read.errors:
        if read.all_bid and not read.bid_errors() and not read.any_played and stored is None:
            message = "Nothing was saved: enter each player's tricks (or save the bids alone)."
        elif read.missing and not read.bid_errors() and read.all_played:
            message = _missing_message(read.missing)
        else:
            message = entry.NOT_SAVED
        return again(422, message)
    if read.missing:
        return again(422, _missing_message(read.missing))
    hand = read.hand(names)
    try:
        if stored is None:
            saved = spades.store_hand(
                game, hand, dealer=dealer, idempotency_key=key, expected_version=version
            )
        else:
            saved = spades.replace_hand(stored, hand, dealer=dealer, expected_version=version)
    except changes.StaleGame:
        return _stale(game, fields, stored)
    except (SpadesError, spades.HandRefused) as error:
        return again(422, f"Nothing was saved: {error}.")
    return entry.saved(game, f"Hand {saved.number} {'corrected' if stored else 'saved'}")


def _missing_message(missing: int) -> str:
    if missing > 0:
        return (
            f"Nothing was saved: the tricks add up to {TRICKS - missing}, not 13 "
            f"({missing} missing)."
        )
    return (
        f"Nothing was saved: the tricks add up to {TRICKS - missing}, not 13 ({-missing} too many)."
    )


def _stale(game: Game, fields: HandFields, stored: Round | None) -> Response:
    """The game changed since the form was rendered: the form again, at the version the game
    has now."""

    def again(now: Round | None) -> Response:
        fresh = replace(fields, version=str(game.version))
        message = entry.changed_meanwhile("hand", "or the bids noted")
        return _render(game, fresh, now, 409, message=message, show_errors=True)

    return entry.after_conflict(game, stored, again)
