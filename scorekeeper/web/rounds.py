"""Recording a round from the cards on the table: the round form, its live preview, saving.

- ``GET /s/<token>/rounds/new`` (``?wild=`` and ``?dealer=`` prefill the round's wild rank and
  dealer) and ``POST`` to save it; ``GET /s/<token>/rounds/<n>`` and ``POST`` to correct round n.
- ``POST /s/<token>/rounds/preview``: the whole form's fields in, the preview partial out
  (htmx, after every change); it never stores anything. It also answers the move sheet
  (moving a card, a new meld, a layoff by hand, a wild card's reading): the regrouping is done
  here (:mod:`.round_form.regroup`) and the fields it changed, with the tabs' totals, are
  written back into the form out of band.

The form carries the whole state (:mod:`.round_form` reads it); a save answers 303 to the game
page, or the form again with what stops it: field errors and the round's problems (422), the
house-rule warnings to accept (422), a game changed meanwhile (409), a form that failed its CSRF
check (400). Entries are never lost.

Each request reads the form once (``interpret``) and checks the round once
(:func:`~scorekeeper.store.records.check_round`, the one call that scores it): the same checked
round is previewed, stored (``store_checked``) or shown again with what stops it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any
from uuid import uuid4

from flask import (
    Blueprint,
    Response,
    current_app,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response as BaseResponse

from ..engine.cards import SUITS, Card, CardError, parse_rank
from ..engine.deal import DealError, round_wild_rank
from ..engine.points import Context
from ..store import changes, records
from ..store.models import Game, Round
from ..store.records import CheckedRound
from ..store.scoreboard import board
from . import csrf, links
from .csrf import CsrfFailed
from .errors import html_error
from .filters import SUIT_SYMBOLS
from .games import (
    conflicting_round,
    form_version,
    game_over_redirect,
    gone_since_the_form,
    stale_game,
)
from .round_form.fields import RoundFields, blank_fields, valid_key, warnings_digest
from .round_form.from_record import correction
from .round_form.names import short_names
from .round_form.preview import HAND_HIDDEN, KIND_NAMES, Preview, card_name, preview
from .round_form.reading import FormGame, Interpretation, interpret
from .round_form.regroup import follow_picker, regroup
from .systems import web_system

bp = Blueprint("rounds", __name__)

SAVE_ENDPOINTS = ("rounds.new_round", "rounds.edit_round")
NOT_SAVED = "Nothing was saved: fix what is marked below."


@bp.context_processor
def _template_helpers() -> dict[str, Any]:
    return {
        "card_name": card_name,
        "kind_names": KIND_NAMES,
        "hand_hidden": HAND_HIDDEN,
        "short_names": short_names,
    }


# --- the game as the form needs it ----------------------------------------------------------


def _form_game(game: Game, before: int | None = None) -> FormGame:
    """The game's rules and seats, and who melded in a round before round ``before`` (all
    stored rounds for a new one)."""
    melded: set[str] = set()
    for stored in game.rounds:
        if before is not None and stored.number >= before:
            continue
        for part in stored.parts:
            if part.melds or (part.melded_points or 0) > 0:
                melded.add(part.player.name)
    return FormGame(
        records.game_rules(game), tuple(p.name for p in game.players), frozenset(melded)
    )


def _stored_round(game: Game, number: int) -> Round | None:
    return next((stored for stored in game.rounds if stored.number == number), None)


def _round_or_404(game: Game, number: int) -> Round:
    stored = _stored_round(game, number)
    if stored is None:
        raise _NoRound(number)
    return stored


class _NoRound(HTTPException):
    code = 404

    def __init__(self, number: int) -> None:
        super().__init__(f"This game has no round {number}.")


def _checked(game: Game, interpretation: Interpretation) -> CheckedRound | str:
    """The form's round checked against the game (scored once), or why it cannot be."""
    try:
        return records.check_round(game, interpretation.record)
    except records.RecordError as error:
        return str(error)


def _preview(
    interpretation: Interpretation, checked: CheckedRound | str
) -> tuple[Preview | None, str | None]:
    if isinstance(checked, str):
        return None, checked
    return preview(interpretation, checked.score), None


def _wild_cards(form_game: FormGame, ctx: Context) -> list[str]:
    """The picker's cards that are wild this round (its rules, wild rank, dealer's joker)."""
    codes = [f"{rank}{suit}" for rank in form_game.ranks() for suit in SUITS]
    if form_game.rules.jokers:
        codes.append("JK")
    return [code for code in codes if ctx.is_wild(Card.from_code(code))]


def _grid(form_game: FormGame) -> dict[str, Any]:
    """The card picker's rows: ranks by the four suits, in two halves side by side."""
    ranks = list(form_game.ranks())
    half = (len(ranks) + 1) // 2
    return {
        "halves": [ranks[:half], ranks[half:]],
        "suits": SUITS,
        "symbols": SUIT_SYMBOLS,
        "jokers": form_game.rules.jokers,
        "ranks": ranks,
    }


# --- rendering ------------------------------------------------------------------------------


def _render(
    game: Game,
    fields: RoundFields,
    stored: Round | None,
    status: int = 200,
    *,
    interpretation: Interpretation | None = None,
    checked: CheckedRound | str | None = None,
    message: str | None = None,
    message_kind: str = "error",
    problems: tuple[str, ...] = (),
    warnings: tuple[str, ...] = (),
    show_accept: bool = False,
    show_errors: bool = False,
) -> Response:
    """The round form (the whole page), with the preview of what it holds (``interpretation``
    and ``checked``, when the caller has them already)."""
    form_game = _form_game(game, stored.number if stored else None)
    if interpretation is None:
        interpretation, checked = interpret(fields, form_game), None
    if checked is None:
        checked = _checked(game, interpretation)
    shown, preview_error = _preview(interpretation, checked)
    rules = form_game.rules
    number = stored.number if stored else len(game.rounds) + 1
    token = game.scorer_token
    action = (
        url_for("rounds.edit_round", token=token, number=number)
        if stored
        else url_for("rounds.new_round", token=token)
    )
    html = render_template(
        "rounds/form.html",
        game=game,
        token=token,
        rules=rules,
        form_game=form_game,
        fields=fields,
        stored=stored,
        number=number,
        action=action,
        grid=_grid(form_game),
        preview_url=url_for("rounds.preview", token=token),
        wild_cards=_wild_cards(form_game, interpretation.context),
        errors=interpretation.all_errors() if show_errors else dict(interpretation.errors),
        preview=shown,
        preview_error=preview_error,
        message=message,
        message_kind=message_kind,
        problems=problems,
        warnings=warnings,
        show_accept=show_accept,
        digest=warnings_digest(warnings),
        current=fields.current,
    )
    response = make_response(html, status)
    response.headers["Cache-Control"] = "no-store"
    return response


def _new_fields(game: Game) -> RoundFields:
    """A new round's form: dealer and wild rank from the deal helper's link, else as the deal
    noted them on the game (or as the rules fix them)."""
    rules = records.game_rules(game)
    names = [player.name for player in game.players]
    dealer = request.args.get("dealer", "")
    if dealer not in names:
        dealer = records.upcoming_dealer(game) or ""
    wild = ""
    if rules.round_wild != "none":
        try:
            wild = parse_rank(request.args.get("wild", ""))
        except CardError:
            try:
                wild = (
                    round_wild_rank(rules, len(game.rounds) + 1, None) or game.next_wild_rank or ""
                )
            except DealError:
                wild = game.next_wild_rank or ""
        if wild in rules.omit_ranks:
            wild = ""
    return blank_fields(
        len(names), dealer=dealer, wild_rank=wild, version=game.version, key=uuid4().hex
    )


# --- the views ------------------------------------------------------------------------------


@bp.route("/s/<token>/rounds/new", methods=["GET", "POST"])
def new_round(token: str) -> BaseResponse:
    """The form for the next round; POST saves it."""
    game = links.scorer_game(token)
    entry = web_system(game)
    if entry.new_round_endpoint != "rounds.new_round":  # a family with a round form of its own
        return redirect(url_for(entry.new_round_endpoint, token=token), 303)
    if request.method == "POST":
        return _save(game, None)
    links.remember(game, "scorer")
    return game_over_redirect(game) or _render(game, _new_fields(game), None)


@bp.route("/s/<token>/rounds/<int:number>", methods=["GET", "POST"])
def edit_round(token: str, number: int) -> BaseResponse:
    """The form filled from round ``number``, to correct it; POST saves the correction."""
    game = links.scorer_game(token)
    gone = _stored_round(game, number) is None and gone_since_the_form(game, number)
    if gone:
        return gone
    stored = _round_or_404(game, number)
    entry = web_system(game)
    if entry.edit_round_endpoint != "rounds.edit_round":  # a family with a form of its own
        return redirect(url_for(entry.edit_round_endpoint, token=token, number=number), 303)
    if request.method == "POST":
        return _save(game, stored)
    links.remember(game, "scorer")
    fields, interpretation = correction(
        records.round_record(stored),
        _form_game(game, number),
        dealer=stored.dealer.name if stored.dealer else None,
        version=game.version,
    )
    return _render(game, fields, stored, interpretation=interpretation)


@bp.post("/s/<token>/rounds/preview", endpoint="preview")
def preview_round(token: str) -> Response:
    """The preview of the form's round (htmx partial); nothing is stored."""
    game = links.scorer_game(token)
    number = request.form.get("round", "")
    stored = _stored_round(game, int(number)) if number.isdigit() and len(number) < 7 else None
    return _preview_response(game, stored)


def _preview_response(
    game: Game, stored: Round | None, status: int = 200, message: str | None = None
) -> Response:
    fields = RoundFields.from_fields(request.form, len(game.players))
    form_game = _form_game(game, stored.number if stored else None)
    regrouped = regroup(fields, request.form, form_game)
    fields = regrouped.fields
    interpretation = interpret(fields, form_game)
    shown, preview_error = _preview(interpretation, _checked(game, interpretation))
    html = render_template(
        "rounds/_preview.html",
        preview=shown,
        preview_error=preview_error,
        rules=form_game.rules,
        current=fields.current,
        preview_message=message,
        fresh_token=csrf.csrf_token() if message else None,
        preview_url=url_for("rounds.preview", token=game.scorer_token),
        wild_cards=_wild_cards(form_game, interpretation.context),
        oob=True,
        written=[
            (seat, key, getattr(fields.players[seat], key)) for seat, key in regrouped.written
        ],
        field_errors=dict(interpretation.errors),
    )
    response = make_response(html, status)
    response.headers["Vary"] = "HX-Request"
    response.headers["Cache-Control"] = "no-store"
    return response


def _done(game: Game, number: int, verb: str) -> BaseResponse:
    flash(f"Round {number} {verb}", "success")
    return redirect(url_for("games.scorer_page", token=game.scorer_token, _anchor="standings"), 303)


def _save(game: Game, stored: Round | None) -> BaseResponse:
    """Save the posted round (new, or a correction of ``stored``), or show what stops it."""
    fields = RoundFields.from_fields(request.form, len(game.players))
    key = valid_key(fields.key)
    if stored is None and key and (done := records.round_by_key(game, key)):
        return _done(game, done.number, "saved")  # a double tap, or the page sent again
    form_game = _form_game(game, stored.number if stored else None)
    # a grouping by hand follows the picker's last taps (when the preview has not yet answered)
    fields = follow_picker(fields, request.form.get("sync", ""), form_game).fields
    interpretation = interpret(fields, form_game)
    checked: CheckedRound | str | None = None

    def again(status: int, message: str, **kwargs: Any) -> Response:
        return _render(
            game,
            fields,
            stored,
            status,
            interpretation=interpretation,
            checked=checked,
            message=message,
            show_errors=True,
            **kwargs,
        )

    if stored is None and interpretation.key is None:
        fields = replace(fields, key=uuid4().hex)
        return _render(
            game,
            fields,
            None,
            422,
            interpretation=interpretation,
            message="This form had lost its key (which "
            "stops a round being saved twice): check it and save again.",
            show_errors=True,
        )
    checked = _checked(game, interpretation)
    if interpretation.all_errors():
        return again(422, NOT_SAVED)
    if isinstance(checked, str):
        return again(422, f"Nothing was saved: {checked}")
    score = checked.score
    if score.problems:
        return again(
            422, "Nothing was saved: the round is impossible as recorded.", problems=score.problems
        )
    if score.warnings and not (
        fields.accept_warnings and fields.warnings_seen == warnings_digest(score.warnings)
    ):
        return again(
            422,
            "Nothing was saved yet: the round breaks a house rule. Save it "
            "anyway if the table accepts it.",
            message_kind="warning",
            warnings=score.warnings,
            show_accept=True,
        )
    version = interpretation.version if interpretation.version is not None else -1
    try:
        if stored is None:
            saved = records.store_checked(
                game,
                checked,
                dealer=interpretation.dealer,
                idempotency_key=interpretation.key,
                accepted_warnings=score.warnings,
                expected_version=version,
            )
        else:
            saved = records.replace_checked(
                stored,
                checked,
                dealer=interpretation.dealer,
                accepted_warnings=score.warnings,
                expected_version=version,
            )
    except changes.StaleGame:
        return _stale(game, fields, stored)
    except records.RoundRefused as refused:
        return again(
            422,
            "Nothing was saved: the round is impossible as recorded.",
            problems=refused.score.problems,
        )
    except records.RecordError as error:
        return again(422, f"Nothing was saved: {error}")
    return _done(game, saved.number, "corrected" if stored else "saved")


def _stale(game: Game, fields: RoundFields, stored: Round | None) -> Response:
    """The game changed since the form was rendered: the form again, at the new version (a
    round deleted meanwhile: the conflict page, which says so)."""
    now = conflicting_round(game, stored)
    if isinstance(now, Response):
        return now
    stored = now
    if stored is not None:
        message = (
            "This round was changed from another phone meanwhile (or another round "
            "was). Nothing was overwritten: check your entries against the cards and "
            "save again."
        )
    elif game.rounds:
        message = (
            f"Round {game.rounds[-1].number} was saved from another phone while you "
            "were entering this one. If it was this round, cancel; otherwise check and "
            "save again."
        )
    else:
        message = (
            "The game was changed from another phone meanwhile. Nothing was saved: "
            "check your entries and save again."
        )
    fields = replace(fields, version=str(game.version))
    return _render(game, fields, stored, 409, message=message, show_errors=True)


@bp.route("/s/<token>/rounds/<int:number>/delete", methods=["GET", "POST"])
def delete_round(token: str, number: int) -> BaseResponse:
    """Delete a round, after showing what will go (the later rounds move up one)."""
    game = links.scorer_game(token)
    gone = _stored_round(game, number) is None and gone_since_the_form(game, number)
    if gone:
        return gone
    stored = _round_or_404(game, number)
    entry = web_system(game)
    if request.method == "GET" and entry.delete_round_endpoint != "rounds.delete_round":
        return redirect(url_for(entry.delete_round_endpoint, token=token, number=number), 303)
    if request.method == "GET":
        rows = board(game, recent=None)
        return make_response(
            render_template(
                "games/delete_round.html",
                board=rows,
                row=rows.rounds[number - 1],
                token=token,
                later=len(game.rounds) - number,
            )
        )
    version = form_version()
    try:
        records.delete_round(stored, expected_version=version)
    except changes.StaleGame:
        return stale_game(game)
    later = " The rounds after it moved up one." if number <= len(game.rounds) else ""
    flash(f"Round {number} deleted.{later} Undo brings it back.")
    return redirect(url_for("games.scorer_page", token=token), 303)


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker (static/js/sw.js) served from the top of the site: its scope is every
    page, so that the scorer's page and the round form open without the network."""
    response = current_app.send_static_file("js/sw.js")
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.errorhandler(CsrfFailed)
def csrf_failed(error: CsrfFailed) -> Response | tuple[str, int]:
    """A form without this browser's token: the form again with a fresh one, nothing lost."""
    args = request.view_args or {}
    token = args.get("token")
    if request.endpoint not in (*SAVE_ENDPOINTS, "rounds.preview") or not isinstance(token, str):
        return html_error(error)
    try:
        game = links.scorer_game(token)
        stored = None
        if request.endpoint == "rounds.edit_round":
            stored = _round_or_404(game, int(args.get("number", 0)))
    except HTTPException as missing:
        return html_error(missing)
    message = error.description or "This form could not be checked."
    if request.endpoint == "rounds.preview":
        return _preview_response(game, stored, 400, message)
    fields = RoundFields.from_fields(request.form, len(game.players))
    if stored is None and not valid_key(fields.key):
        fields = replace(fields, key=uuid4().hex)
    return _render(
        game,
        fields,
        stored,
        400,
        message=message + " Your entries are kept: save again.",
        show_errors=True,
    )
