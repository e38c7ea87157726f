"""Recording an Indian Rummy deal: who showed and their 13 cards (the show judged as they are
tapped), each loser's cards or the points the table counted, the drops and wrong shows, the cut
joker, and in a pool who rejoins.

- ``GET /s/<token>/indian/deals/new`` (the shared ``/s/<token>/rounds/new`` sends an Indian
  game here) and ``POST``: the next deal's form, and its save; ``GET``/``POST
  /s/<token>/indian/deals/<n>`` corrects deal n; ``GET /s/<token>/indian/deals/<n>/delete``
  asks before the rounds' delete deletes it.
- ``POST /s/<token>/indian/deals/preview``: the form's fields in, the preview partial out
  (htmx, after every tap): each player's melds with their "pure" marks, the declarer's verdict
  and its reason, what each loser pays, the result in words and the game after it; what is
  still missing, or why the rules refuse the deal. It never stores anything.

Who is dealt in: every player, but in a pool those out before this deal (the board of the deals
before it), unless they rejoin with it (``rejoin-{i}``, offered while the pool allows it). The
fields are :mod:`.fields`'. A save answers 303 to the game page, or the form again with what
stops it (422), a game changed meanwhile (409); a double tap finds the deal already stored under
the form's key. A deal for a game that is over is the shared conflict page (409).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial
from typing import Any
from uuid import uuid4

from flask import Blueprint, Response, make_response, render_template, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from ...engine.cards import RANKS, SUITS, CardError
from ...store import changes, records
from ...store.models import Game, Round
from ...web import entry
from ...web.filters import SUIT_SYMBOLS
from . import store
from .deal import DealResult, score_deal
from .fields import (
    MOST_COUNTED,
    ROLE_WORDS,
    DealFields,
    ReadDeal,
    Seating,
    fields_of,
    packs_by_players,
    read_deal,
)
from .game import DealScore, GameOverError, board, deal_score
from .preview import (
    Preview,
    after_words,
    build_preview,
    invalid_show,
    reason,
    result_words,
    sentence,
)
from .rules import HAND_SIZE, IndianError, IndianRules

bp = Blueprint(
    "indian",
    __name__,
    template_folder="templates",
    static_folder="static",  # under /static/ too: the service worker keeps it like the app's
    static_url_path="/static/systems/indian",
)

#: The card picker: ranks as rows by the four suits, in two halves side by side (a set is a
#: row, a run a column); the jokers take the row the second half has spare.
GRID = {"halves": [RANKS[:7], RANKS[7:]], "suits": SUITS, "symbols": SUIT_SYMBOLS}


@dataclass(frozen=True)
class Table:
    """Who may be dealt in this deal, under which rules: the seating (who is out of a pool and
    who may rejoin), the deal's number, the deals before it (for the game after it), and the
    packs by how many are dealt in (for the picker's copies)."""

    rules: IndianRules
    seating: Seating
    number: int
    correcting: bool
    earlier: list[DealScore]
    packs: dict[str, list[int]]

    @property
    def names(self) -> list[str]:
        return list(self.seating.names)


def _indian_or_404(token: str) -> Game:
    return entry.family_game(token, store.indian_game, "Indian Rummy")


def _table(game: Game, stored: Round | None) -> Table:
    rules = store.indian_rules(game)
    names = [player.name for player in game.players]
    number = stored.number if stored is not None else records.next_round_number(game)
    earlier = [
        deal_score(score_deal(rules, store.deal_of(r)))
        for r in store.rounds(game)
        if r.number < number
    ]
    before = board(rules, names, earlier)
    seating = Seating(
        names,
        {seat: before.totals[name] for seat, name in enumerate(names) if before.out.get(name)},
        {seat: before.rejoin_at[n] for seat, n in enumerate(names) if n in before.rejoin_at},
    )
    return Table(rules, seating, number, stored is not None, earlier, packs_by_players(rules))


# --- scoring and the preview ----------------------------------------------------------------


def _check(game: Game, table: Table, read: ReadDeal) -> DealResult:
    """The deal read, scored and followed as the game's (an IndianError or a DealRefused names
    what stops it)."""
    problem = None if table.rules.wrong_show_ends else invalid_show(read, table.seating)
    if problem is not None:
        raise IndianError(problem)
    deal = store.in_seat_order(game, read.entries(table.names), read.wild_rank)
    return store.check(game, deal, table.number if table.correcting else None)


def _preview(game: Game, table: Table, read: ReadDeal) -> Preview:
    """The form's deal scored once it is all in, or why the rules refuse it."""
    scored: DealResult | None = None
    problem = None
    after = None
    if read.complete:
        try:
            scored = _check(game, table, read)
            shown = board(table.rules, table.names, [*table.earlier, deal_score(scored)])
            after = after_words(table.rules, table.names, shown.totals, shown.out)
        except (IndianError, store.DealRefused, CardError) as error:
            problem = sentence(error)
    return build_preview(read, table.seating, table.rules, scored, problem, after)


# --- rendering ------------------------------------------------------------------------------


def _render(
    game: Game,
    fields: DealFields,
    stored: Round | None,
    status: int = 200,
    *,
    message: str | None = None,
    problems: list[str] | None = None,
    show_errors: bool = False,
    table: Table | None = None,
) -> Response:
    table = table or _table(game, stored)
    read = read_deal(fields, table.seating, table.rules)
    token = game.scorer_token
    html = render_template(
        "indian/form.html",
        game=game,
        token=token,
        rules=table.rules,
        names=table.names,
        seating=table.seating,
        fields=fields,
        stored=stored,
        number=table.number,
        action=url_for("indian.edit_deal", token=token, number=table.number)
        if stored
        else url_for("indian.new_deal", token=token),
        preview_url=url_for("indian.preview", token=token),
        preview=_preview(game, table, read),
        errors=read.errors if show_errors else {},
        message=message,
        problems=problems or [],
        grid=GRID,
        packs=table.packs,
        roles=ROLE_WORDS,
        hand_size=HAND_SIZE,
        most_counted=MOST_COUNTED,
    )
    return entry.page(html, status)


def _new_fields(game: Game, table: Table) -> DealFields:
    """A new deal's form: nothing given yet, the next dealer."""
    seats = len(table.names)
    return DealFields(
        ("",) * seats,
        ("",) * seats,
        ("",) * seats,
        (False,) * seats,
        dealer=records.upcoming_dealer(game) or "",
        version=str(game.version),
        key=uuid4().hex,
    )


def _stored_fields(game: Game, stored: Round, table: Table) -> DealFields:
    """The form filled from a stored deal."""
    dealer = stored.dealer.name if stored.dealer else ""
    return fields_of(store.deal_of(stored), table.names, dealer, str(game.version))


# --- the views ------------------------------------------------------------------------------


@bp.route("/s/<token>/indian/deals/new", methods=["GET", "POST"])
def new_deal(token: str) -> BaseResponse:
    """The form for the next deal; POST saves it."""
    game = _indian_or_404(token)

    def show() -> Response:
        table = _table(game, None)
        return _render(game, _new_fields(game, table), None, table=table)

    return entry.new_round_page(game, partial(_save, game), show)


@bp.route("/s/<token>/indian/deals/<int:number>", methods=["GET", "POST"])
def edit_deal(token: str, number: int) -> BaseResponse:
    """The form filled from deal ``number``, to correct it; POST saves the correction."""
    game = _indian_or_404(token)

    def show(stored: Round) -> Response:
        table = _table(game, stored)
        return _render(game, _stored_fields(game, stored, table), stored, table=table)

    return entry.correction_page(game, number, partial(_save, game), show)


@bp.get("/s/<token>/indian/deals/<int:number>/delete")
def delete_deal(token: str, number: int) -> BaseResponse:
    """What deleting deal ``number`` takes away; the rounds' delete (POST) deletes it."""
    game = _indian_or_404(token)
    stored = entry.round_or_404(game, number)
    result = score_deal(store.indian_rules(game), store.deal_of(stored))
    return make_response(
        render_template(
            "indian/delete.html",
            game=game,
            number=number,
            dealer=stored.dealer.name if stored.dealer else None,
            headline=result_words(result),
            rows=result.players,
            words={"winner": "won", "loser": "lost", "drop": "dropped", "wrong_show": "wrong show"},
            token=token,
            later=len(game.rounds) - number,
        )
    )


@bp.post("/s/<token>/indian/deals/preview", endpoint="preview")
def preview_deal(token: str) -> Response:
    """The preview of the form's deal (htmx partial); nothing is stored."""
    game = _indian_or_404(token)
    table = _table(game, entry.posted_round(game, "deal"))
    fields = DealFields.from_form(request.form, len(table.names))
    read = read_deal(fields, table.seating, table.rules)
    html = render_template(
        "indian/_preview.html", preview=_preview(game, table, read), rules=table.rules, oob=True
    )
    return entry.partial(html)


# --- saving ---------------------------------------------------------------------------------


def _over(game: Game, error: Exception) -> Response:
    """The shared conflict page for a deal after the game is over (409)."""
    page = render_template(
        "games/conflict.html",
        heading="The game is over",
        message=sentence(error),
        token=game.scorer_token,
    )
    return make_response(page, 409)


def _save(game: Game, stored: Round | None) -> BaseResponse:
    """Save the posted deal (new, or a correction of ``stored``)."""
    table = _table(game, stored)
    fields = DealFields.from_form(request.form, len(table.names))
    key = entry.form_key(fields.key)
    if stored is None and (done := entry.double_tap(game, key)):
        return done

    def again(status: int, message: str, **kwargs: Any) -> Response:
        return _render(
            game, fields, stored, status, message=message, show_errors=True, table=table, **kwargs
        )

    if stored is None and (over := records.game_over(game)) is not None:
        raise over  # the shared conflict page (409)
    if stored is None and key is None:
        fields = replace(fields, key=uuid4().hex)
        return again(422, entry.lost_key("deal"))
    read = read_deal(fields, table.seating, table.rules)
    if read.errors:
        return again(422, entry.NOT_SAVED, problems=list(read.errors.values()))
    if read.missing:
        return again(422, f"Nothing was saved: the deal is not all in ({'; '.join(read.missing)}).")
    if not table.rules.wrong_show_ends and (problem := invalid_show(read, table.seating)):
        return again(422, f"Nothing was saved: {problem}.")
    dealer = fields.dealer if fields.dealer in table.names else None
    version = entry.form_version(fields.version)
    try:
        deal = store.in_seat_order(game, read.entries(table.names), read.wild_rank)
        if stored is None:
            saved = store.store_deal(
                game, deal, dealer=dealer, idempotency_key=key, expected_version=version
            )
        else:
            saved = store.replace_deal(stored, deal, dealer=dealer, expected_version=version)
    except changes.StaleGame:
        return _stale(game, fields, stored)
    except GameOverError as error:
        return _over(game, error)
    except (IndianError, store.DealRefused, CardError) as error:
        return again(422, f"Nothing was saved: {reason(error)}.")
    return entry.saved(game, f"Deal {saved.number} {'corrected' if stored else 'saved'}")


def _stale(game: Game, fields: DealFields, stored: Round | None) -> Response:
    """The game changed since the form was rendered: the form again, at the version the game
    has now."""

    def again(now: Round | None) -> Response:
        fresh = replace(fields, version=str(game.version))
        message = entry.changed_meanwhile("deal")
        return _render(game, fresh, now, 409, message=message, show_errors=True)

    return entry.after_conflict(game, stored, again)
