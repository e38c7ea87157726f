"""The game's pages: start a game, the scorer's game page (standings, rounds, deal helper, undo,
rename, finish), deleting a round, and the watchers' read-only scoreboard.

The scorer's pages are reached with the scorer's token (``/s/<token>``), the watchers' with
theirs (``/w/<token>``); a wrong token, or the watchers' where the scorer's is needed, is a 404.
Every form posts this browser's CSRF token and, where it changes a game, the version the page
showed: a change made meanwhile is a 409 and nothing is changed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.wrappers import Response as BaseResponse

from ..engine.cards import RANKS, SUITS, Card, rank_name
from ..engine.deal import DealError, DealPlan, plan_deal
from ..engine.rules import Rules
from ..engine.system import SYSTEMS
from ..store import access, changes, history, records
from ..store.db import db
from ..store.models import Game, Round
from ..store.scoreboard import RECENT_ROUNDS, board
from . import links
from .board import share_context
from .game_form import (
    DEFAULT_PRESET,
    MAX_GAME_NAME,
    SIDES,
    Errors,
    FormInvalid,
    default_name,
    default_side,
    options_stale,
    player_field,
    read_name,
    side_field,
    side_name_field,
)
from .qr import qr_svg
from .round_form.names import short_names
from .systems import preset_system, web_system

bp = Blueprint("games", __name__)

STALE = (
    "The game changed since this page was opened (someone recorded, corrected or undid "
    "something meanwhile). Nothing was changed: open the game again and check before "
    "you try once more."
)


def _is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def _vary(response: BaseResponse) -> BaseResponse:
    response.vary.add("HX-Request")
    return response


def _render(template: str, status: int = 200, **context: Any) -> BaseResponse:
    return _vary(make_response(render_template(template, **context), status))


def _form() -> dict[str, list[str]]:
    return request.form.to_dict(flat=False)


def form_version() -> int:
    """The game version the submitted page showed (the form's ``version`` field)."""
    value = request.form.get("version", "")
    if not (value.isascii() and value.isdigit()) or len(value) > 9:
        abort(
            400,
            "The form did not say which version of the game it was made from. Reload "
            "the page and try again.",
        )
    return int(value)


def game_over_redirect(game: Game) -> BaseResponse | None:
    """A new round's form, once the game is over (by its rules, or marked finished): back to
    the game, saying why (a round would be refused). None while the game goes on."""
    over = records.game_over(game)
    if over is None:
        return None
    flash(over.sentence(), "warning")
    return redirect(url_for("games.scorer_page", token=game.scorer_token), 303)


def conflicting_round(game: Game, stored: Round | None) -> Round | Response | None:
    """After a conflict (:class:`~..store.changes.StaleGame`), the round a form was for as it is
    now (None for a new round), or the conflict page if it was deleted meanwhile. The row's id
    comes from the session's own key and the number from the address the form was sent to:
    reading an attribute of a round deleted meanwhile raises."""
    round_id = records.round_id(stored) if stored is not None else None
    number = (request.view_args or {}).get("number")
    db.session.expire_all()  # (the round object may be gone: only its id is read after this)
    if round_id is None:
        return None
    again = records.round_now(round_id)
    return again if again is not None else round_deleted(game, number)


def gone_since_the_form(game: Game, number: int) -> Response | None:
    """For a correction posted to a round the game no longer has: the conflict page if the form
    was made at an older version (the round was there then: deleted from another phone before
    this request read the game), else None (a wrong address: a 404)."""
    sent = request.form.get("version", "") if request.method == "POST" else ""
    if not (sent.isascii() and sent.isdigit() and len(sent) <= 9):
        return None
    # the version as it is now: the deletion may have landed after this request read the game
    db.session.refresh(game, ["version"])
    return round_deleted(game, number) if int(sent) < game.version else None


def round_deleted(game: Game, number: int | None) -> Response:
    """The conflict page for a round deleted from another phone while this one corrected it
    (any family's word for it): nothing was saved."""
    word = web_system(game).words.round
    message = (
        f"{word.capitalize()} {number} was deleted from another phone meanwhile: nothing was "
        f"saved. Open the game to see its {web_system(game).words.rounds} as they are now."
    )
    page = render_template(
        "games/conflict.html",
        message=message,
        token=game.scorer_token,
        heading=f"The {word} was deleted",
    )
    return make_response(page, 409)


def stale_game(game: Game) -> BaseResponse:
    """The conflict page: the game changed since the page was made (nothing was done)."""
    return _render("games/conflict.html", 409, message=STALE, token=game.scorer_token)


# --- start a game ----------------------------------------------------------------------------


def _preset_id(value: str | None) -> str:
    return value if value in SYSTEMS.presets_by_id else DEFAULT_PRESET


def _setup_context(
    preset_id: str,
    form: Mapping[str, list[str]] | None,
    errors: Errors | None = None,
    keep_options: bool = True,
) -> dict[str, Any]:
    """What the new-game page and its setup partial need."""
    system = preset_system(preset_id)
    preset = system.presets[preset_id]
    setup = system.setup(preset, form if keep_options else None)
    entries = form or {}
    return {
        "presets": SYSTEMS.presets(),
        "preset": preset,
        "seating_hint": setup.seating_hint,
        "groups": setup.groups,
        "partnership": setup.partnership,
        "players": [
            (
                row,
                (entries.get(player_field(row)) or [""])[0],
                (entries.get(side_field(row)) or [default_side(row)])[0],
            )
            for row in range(setup.rows)
        ],
        "sides": SIDES,
        "side_names": {side: (entries.get(side_name_field(side)) or [""])[0] for side in SIDES},
        "dealer": (entries.get("dealer") or [""])[0],
        "name": (entries.get("name") or [""])[0],
        "default_name": default_name(preset, date.today()),
        "errors": errors or {},
        "max_game_name": MAX_GAME_NAME,
    }


@bp.route("/games/new", methods=["GET", "POST"])
def new_game() -> BaseResponse:
    """Start a game: a preset, the players (and sides), the name, house rules, the first dealer."""
    if request.method == "GET":
        return _render(
            "games/new.html", **_setup_context(_preset_id(request.args.get("preset")), None)
        )
    form = _form()
    preset_id = _preset_id((form.get("preset") or [""])[0])
    try:
        game = preset_system(preset_id).start_game(form, date.today())
    except FormInvalid as invalid:
        return _render(
            "games/new.html",
            422,
            **_setup_context(preset_id, form, invalid.errors, keep_options=not options_stale(form)),
        )
    links.remember(game, "scorer")
    return redirect(url_for("games.scorer_page", token=game.scorer_token), 303)


@bp.get("/games/new/options")
def new_game_options() -> BaseResponse:
    """The players and house-rule options for a preset (htmx swaps them in when it changes)."""
    preset_id = _preset_id(request.args.get("preset"))
    if not _is_htmx():
        return redirect(url_for("games.new_game", preset=preset_id))
    form = request.args.to_dict(flat=False)
    return _render("games/_setup.html", **_setup_context(preset_id, form, keep_options=False))


@bp.get("/games/new/dealer")
def new_game_dealer() -> BaseResponse:
    """The first-dealer select, named after the players typed so far."""
    form = request.args.to_dict(flat=False)
    return _render(
        "games/_dealer_field.html",
        **_setup_context(_preset_id(request.args.get("preset")), form, keep_options=False),
    )


# --- the deal helper (deal: upcard) ----------------------------------------------------------


@dataclass(frozen=True)
class DealForm:
    """The deal helper's entries and, once planned, its plan (or what is wrong)."""

    dealer: str
    upcards: dict[str, str]  # player -> rank, or "JK"
    choices: list[tuple[str, str]]  # (value, label) for the upcard selects
    plan: DealPlan | None = None
    error: str | None = None
    errors: dict[str, str] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)  # the players in dealing order

    @property
    def shown(self) -> dict[str, str]:
        """The upcards as the form shows them: one that goes back (a redeal) is no longer one."""
        redeal = self.plan.redeal if self.plan else ()
        return {name: "" if name in redeal else self.upcards.get(name, "") for name in self.order}

    @property
    def labels(self) -> dict[str, str]:
        """Each player's name as the picker's narrow boxes show it, never cut into ambiguity."""
        return dict(zip(self.order, short_names(self.order), strict=True))

    @property
    def waiting(self) -> list[str]:
        """The players without an upcard, in dealing order (the picker's next tap: the first)."""
        return [name for name, upcard in self.shown.items() if not upcard]


def _upcard_choices(rules: Rules) -> list[tuple[str, str]]:
    ranks = [(rank, rank) for rank in RANKS if rank not in rules.omit_ranks]
    return ranks + ([("JK", "Joker")] if rules.jokers else [])


def _deal_form(
    game: Game, rules: Rules, dealer: str | None = None, upcards: dict[str, str] | None = None
) -> DealForm:
    players = [player.name for player in game.players]
    dealer = dealer or records.upcoming_dealer(game) or players[-1]
    return DealForm(dealer, upcards or {}, _upcard_choices(rules), order=_dealing(players, dealer))


def _dealing(players: list[str], dealer: str) -> list[str]:
    """The players in the order the upcards are dealt: from the dealer's left, the dealer last."""
    seat = players.index(dealer) if dealer in players else len(players) - 1
    return players[seat + 1 :] + players[: seat + 1]


def _tapped(upcards: dict[str, str], order: list[str], tap: str, ranks: set[str]) -> None:
    """The picker's tap into ``upcards``: a rank is the next player's upcard, ``back`` takes the
    last one back, ``clear`` all of them; ``show`` (the script filled the upcard as it was
    tapped) leaves them as posted."""
    given = [name for name in order if upcards.get(name)]
    if tap == "back" and given:
        upcards[given[-1]] = ""
    elif tap == "clear":
        upcards.update(dict.fromkeys(order, ""))
    elif tap in ranks:
        waiting = next((name for name in order if not upcards.get(name)), None)
        if waiting is not None:
            upcards[waiting] = tap


def _plan(game: Game, rules: Rules, form: Mapping[str, str]) -> DealForm:
    """The deal helper's plan for the posted upcards (``upcard-<seat>``) and ``dealer``; with
    ``tap`` (the card picker: a rank, ``back`` or ``clear``) the upcards changed first, and a plan
    once every player has one (until then, no complaint)."""
    players = [player.name for player in game.players]
    dealer = form.get("dealer", "")
    upcards = {name: form.get(f"upcard-{seat}", "") for seat, name in enumerate(players)}
    blank = _deal_form(game, rules, dealer if dealer in players else None, upcards)
    tap = form.get("tap", "")
    if tap:
        _tapped(upcards, blank.order, tap, {value for value, _ in blank.choices})
        if not all(upcards.values()):
            return replace(blank, upcards=upcards)
    errors = {
        f"upcard-{seat}": f"What is {name}'s face-up card?"
        for seat, name in enumerate(players)
        if not upcards[name]
    }
    errors |= {
        f"upcard-{seat}": "Choose a rank from the list."
        for seat, name in enumerate(players)
        if upcards[name] and upcards[name] not in dict(blank.choices)
    }
    if dealer not in players:
        errors["dealer"] = "Who deals this round?"
    if errors:
        return replace(blank, errors=errors)
    # The table sees ranks; the engine wants cards: give each copy of a rank its own suit.
    packs = rules.packs(len(players))
    counts = Counter(rank for rank in upcards.values() if rank != "JK")
    for rank, count in counts.items():
        if count > len(SUITS) * packs:
            return replace(
                blank,
                error=f"{count} {rank_name(rank, plural=True)} cannot be face up: "
                f"the {packs} pack{'s' if packs > 1 else ''} hold "
                f"{len(SUITS) * packs}.",
            )
    seen: Counter[str] = Counter()
    cards: dict[str, Card] = {}
    for name, rank in upcards.items():
        if rank == "JK":
            cards[name] = Card.from_code("JK")
            continue
        cards[name] = Card(rank, SUITS[seen[rank] % len(SUITS)])
        seen[rank] += 1
    try:
        plan = plan_deal(rules, players, dealer, cards, round_number=len(game.rounds) + 1)
    except DealError as error:
        return replace(blank, error=f"{error}.")
    return replace(blank, plan=plan)


# --- the scorer's page -------------------------------------------------------------------------


def _scorer_context(game: Game, **extra: Any) -> dict[str, Any]:
    deal_helper = web_system(game).deal_helper(game.rules)
    last = history.last_change(game)
    edit_url, view_url = links.game_links(game)
    everything = request.args.get("rounds") == "all"
    context: dict[str, Any] = {
        "board": board(game, recent=None if everything else RECENT_ROUNDS),
        "token": game.scorer_token,
        "controls": True,
        "deal": _deal_form(game, records.game_rules(game)) if deal_helper else None,
        "undo": history.describe(last) if last else None,
        "edit_url": edit_url,
        "view_url": view_url,
        "edit_qr": qr_svg(edit_url, label=f"QR code of the scorer's link of {game.name}"),
        **share_context(game),
        "errors": {},
        "max_game_name": MAX_GAME_NAME,
    }
    return context | extra


# the partials (standings, rounds) may be rendered by other pages too (a live board)
bp.add_app_template_global(rank_name, "rank_name")


@bp.get("/s/<token>")
def scorer_page(token: str) -> BaseResponse:
    """The scorer's page of a game: standings, rounds, the deal helper and every control."""
    game = links.scorer_game(token)
    links.remember(game, "scorer")
    return _render("games/scorer.html", **_scorer_context(game))


@bp.post("/s/<token>/deal")
def deal(token: str) -> BaseResponse:
    """The deal helper: each player's hand from the upcards, redeals, the round's wild rank."""
    game = links.scorer_game(token)
    if not web_system(game).deal_helper(game.rules):
        abort(404, "This game's rules deal a fixed number of cards: there is no upcard deal.")
    rules = records.game_rules(game)
    planned = _plan(game, rules, request.form)
    status = 422 if planned.errors or planned.error else 200
    plan = planned.plan
    if plan is not None and not plan.redeal and plan.wild_rank != game.next_wild_rank:
        records.deal_next(game, plan.wild_rank)  # every board now shows the round's wild rank
    if _is_htmx():
        return _render("games/_deal.html", status, board=board(game), token=token, deal=planned)
    return _render("games/scorer.html", status, **_scorer_context(game, deal=planned))


@bp.post("/s/<token>/rename")
def rename(token: str) -> BaseResponse:
    """Rename the game."""
    game = links.scorer_game(token)
    version = form_version()
    errors: dict[str, str] = {}
    name = read_name({"name": request.form.getlist("name")}, "name", MAX_GAME_NAME, errors)
    if not name and not errors:
        errors["name"] = "Give the game a name."
    if errors:
        return _render(
            "games/scorer.html", 422, **_scorer_context(game, errors=errors, new_name=name)
        )
    if name == game.name:
        flash("The name is unchanged.")
        return redirect(url_for("games.scorer_page", token=token), 303)
    try:
        records.rename_game(game, name, expected_version=version)
    except changes.StaleGame:
        return stale_game(game)
    flash(f"Renamed to “{name}”.")
    return redirect(url_for("games.scorer_page", token=token), 303)


_LINK_ROLES: dict[str, access.Role] = {"scorer": "scorer", "watcher": "watcher"}


@bp.post("/s/<token>/links")
def replace_link(token: str) -> BaseResponse:
    """Make a new scorer link (``role=scorer``) or watchers' link (``role=watcher``); the old
    one no longer opens the game."""
    game = links.scorer_game(token)
    version = form_version()
    role = _LINK_ROLES.get(request.form.get("role", ""))
    if role is None:
        abort(400, "The form named no link to replace (the scorer's or the watchers').")
    old = game.scorer_token if role == "scorer" else game.watcher_token
    try:
        access.replace_link(game, role, expected_version=version)
    except changes.StaleGame:
        return stale_game(game)
    links.retire(old, game, role)
    if role == "scorer":
        flash(
            "This game has a new scorer link: this page's address. The old link no longer "
            "opens the game."
        )
    else:
        flash(
            "The scoreboard has a new link (the code below). Boards opened with the old one "
            "stop updating: share the new one."
        )
    return redirect(url_for("games.scorer_page", token=game.scorer_token), 303)


@bp.post("/s/<token>/finish")
def finish(token: str) -> BaseResponse:
    """Mark the game finished, or (``finished=0``) reopen it."""
    game = links.scorer_game(token)
    version = form_version()
    finished = request.form.get("finished", "1")
    if finished not in ("0", "1"):
        abort(400, "The form asked neither to finish the game nor to reopen it.")
    try:
        records.finish_game(game, finished=finished == "1", expected_version=version)
    except changes.StaleGame:
        return stale_game(game)
    flash("The game is marked finished." if finished == "1" else "The game is open again.")
    return redirect(url_for("games.scorer_page", token=token), 303)


@bp.post("/s/<token>/undo")
def undo(token: str) -> BaseResponse:
    """Undo the game's last change (a round added, corrected or deleted; a rename; finishing)."""
    game = links.scorer_game(token)
    version = form_version()
    try:
        change = history.undo_last(game, expected_version=version)
    except changes.StaleGame:
        return stale_game(game)
    except history.NothingToUndo:
        flash("There is nothing to undo.", "warning")
    except records.RecordError as error:
        flash(f"That cannot be undone: {error}.", "error")
    else:
        flash(f"Undid: {history.describe(change)}.")
    return redirect(url_for("games.scorer_page", token=token), 303)
