"""Every card night remembered: the history of games, the stats across them, and names merged.

- ``/history``: the games this browser knows (every game on a household server, see
  :func:`.home.household`), newest first, with date, players, rules, winner and state; filtered
  by player and by game (the rules it was played under); downloads of them all (JSON, as
  ``scorekeeper export`` writes, and CSV);
- ``/stats``: each person's figures, two charts, and two people head to head;
- ``/players``: the names played under, and merging two names of one person.

Which games: a household server's every game; otherwise the games in this browser's list (its
session, :mod:`.links`), and a game it only watches is downloaded without its scorer link.
Names are merged per household, or per browser (an id of its own kept in its session): see
:mod:`..store.people`. The figures come from the store's caches (:mod:`..store.stats`).

A game in the list opens its scorer's page (or the watchers' board, for a game this browser only
watches); a game that is over, or marked finished, opens its story (:mod:`.story`), by the same
link.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, session
from flask import url_for as flask_url_for
from markupsafe import Markup, escape
from sqlalchemy import or_, select
from werkzeug.wrappers import Response as BaseResponse

from ..store import export, people, stats
from ..store.db import db
from ..store.models import Game
from . import links
from .chart import totals_chart
from .home import household

bp = Blueprint("history", __name__)

#: Games on one page of the history.
PAGE_SIZE = 30
#: This browser's own scope of merged names, in its session.
_SCOPE_KEY = "people"
#: The rules filter's value for games played under house rules (no preset).
HOUSE_RULES = "house"


@dataclass(frozen=True)
class Known:
    """The games this browser knows: ``ids`` (None: every game), the role it has in each (a
    household server: scorer everywhere) and the scope its names are merged in."""

    ids: list[int] | None
    watched: frozenset[int]  # games this browser only watches
    scope: str | None  # None: a browser that has merged nothing yet
    everyone: bool


def known_games() -> Known:
    """The games of this request's history."""
    if household():
        return Known(None, frozenset(), people.HOUSEHOLD, True)
    remembered = links.remembered_tokens()
    scope = session.get(_SCOPE_KEY)
    scope = scope if isinstance(scope, str) and scope.startswith("browser:") else None
    if not remembered:
        return Known([], frozenset(), scope, False)
    tokens = [token for _, token in remembered]
    roles: dict[int, str] = {}
    for game in db.session.scalars(
        select(Game).where(or_(Game.scorer_token.in_(tokens), Game.watcher_token.in_(tokens)))
    ):
        for role, token in remembered:
            if token == game.scorer_token and role == "scorer":
                roles[game.id] = "scorer"
            elif token == game.watcher_token and role == "watcher":
                roles.setdefault(game.id, "watcher")
    watched = frozenset(game_id for game_id, role in roles.items() if role == "watcher")
    return Known(sorted(roles), watched, scope, False)


def game_url(summary: stats.GameSummary, known: Known) -> str:
    """Where a game in the history opens: a finished game its story, one in play the scorer's
    page; by the watchers' link for a game this browser only watches."""
    game = summary.game
    if game.id in known.watched:
        endpoint = "story.watcher_story" if summary.finished else "board.watcher_page"
        return flask_url_for(endpoint, token=game.watcher_token)
    endpoint = "story.scorer_story" if summary.finished else "games.scorer_page"
    return flask_url_for(endpoint, token=game.scorer_token)


def _people(known: Known, games: Sequence[stats.GameSummary]) -> people.People:
    seen = [name for summary in games for name in summary.players]
    return people.people(known.scope or "browser:none", seen)


def _everything(*, hands: bool = False) -> tuple[Known, list[stats.GameSummary], people.People]:
    known = known_games()
    games = stats.summaries(known.ids, hands=hands)
    return known, games, _people(known, games)


def person_choices(games: Sequence[stats.GameSummary], who: people.People) -> list[tuple[str, str]]:
    """(key, name) of everyone who played in ``games``, by name."""
    found: dict[str, str] = {}
    for summary in games:
        for name in summary.players:
            found.setdefault(who.key(name), who.person(name))
    return sorted(found.items(), key=lambda item: item[1].casefold())


def _leaders(figures: Sequence[stats.PersonStats]) -> dict[str, stats.PersonStats | None]:
    """Who wins most and who goes out most (None while nobody has)."""
    winners = [s for s in figures if s.won]
    goers = [s for s in figures if s.out_rate]
    return {
        "wins": winners[0] if winners else None,
        "out": max(goers, key=lambda s: (s.out_rate or 0, s.went_out)) if goers else None,
    }


# --- the history -------------------------------------------------------------------------------


@bp.get("/history")
def index() -> str:
    """The games this browser knows, newest first, filtered by player and by game."""
    known, games, who = _everything(hands=False)
    choices = person_choices(games, who)
    kinds = sorted(
        {(s.game.preset or HOUSE_RULES, s.preset_name) for s in games}, key=lambda k: k[1]
    )
    player = request.args.get("player", "").strip()
    kind = request.args.get("game", "").strip()
    shown = [
        summary
        for summary in games
        if (not player or any(who.key(name) == who.key(player) for name in summary.players))
        and (not kind or (summary.game.preset or HOUSE_RULES) == kind)
    ]
    page = request.args.get("page", "1")
    number = int(page) if page.isdigit() and 0 < int(page) < 10_000 else 1
    pages = max(1, -(-len(shown) // PAGE_SIZE))
    number = min(number, pages)
    on_page = shown[(number - 1) * PAGE_SIZE : number * PAGE_SIZE]
    figures = stats.person_stats(games, who)
    return render_template(
        "history/index.html",
        known=known,
        games=on_page,
        count=len(shown),
        total=len(games),
        page=number,
        pages=pages,
        choices=choices,
        kinds=kinds,
        player=who.key(player) if player else "",
        kind=kind,
        who=who,
        urls={s.game.id: game_url(s, known) for s in on_page},
        leaders=_leaders(figures),
    )


def _attachment(body: str, mimetype: str, suffix: str) -> Response:
    response = Response(body, mimetype=mimetype)
    name = f"scorekeeper-history-{date.today().isoformat()}.{suffix}"
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    response.headers["Cache-Control"] = "private, no-store"  # it may hold scorer links
    return response


@bp.get("/history/games.json")
def download_json() -> Response:
    """Every game of the history as one export document (``scorekeeper import`` loads it)."""
    known = known_games()
    doc = export.document(
        known.ids,
        without_scorer_link=known.watched,
        alias_scopes=[known.scope] if known.scope else [],
    )
    return _attachment(json.dumps(doc, ensure_ascii=False, indent=1), "application/json", "json")


@bp.get("/history/games.csv")
def download_csv() -> Response:
    """Every game of the history as CSV: one row per player per round, oldest game first."""
    known = known_games()
    query = select(Game).order_by(Game.created_at, Game.id)
    if known.ids is not None:
        query = query.where(Game.id.in_(known.ids))
    rows = (row for game in db.session.scalars(query) for row in export.csv_rows(game))
    return _attachment(export.csv_text(rows), "text/csv", "csv")


# --- the stats ---------------------------------------------------------------------------------


#: The head-to-head chart's title: its caption on the page and its name for a screen reader.
VERSUS_CHART_TITLE = "Games won, one game together after another"
#: A bar chart's size: a row per person.
BAR_WIDTH, BAR_ROW, BAR_LABEL, BAR_VALUE = 360, 30, 96, 70


def bar_chart(rows: Sequence[tuple[str, float, str]], title: str) -> Markup:
    """A horizontal bar per row (label, value, the value as shown), longest bar the largest
    value; drawn on the server as inline SVG (colours from the stylesheet).

    >>> svg = str(bar_chart([("Ann", 3, "3"), ("Bob", 1, "1")], "Games won"))
    >>> svg.count("<rect"), 'width="194.0"' in svg, ">Ann</text>" in svg
    (2, True, True)
    """
    top = max((value for _, value, _ in rows), default=0) or 1
    span = BAR_WIDTH - BAR_LABEL - BAR_VALUE
    height = BAR_ROW * max(len(rows), 1)
    parts = [
        Markup(
            '<svg class="chart bars" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" '
            'role="img" aria-label="{t}"><title>{t}</title>'
        ).format(w=BAR_WIDTH, h=height, t=title)
    ]
    for index, (label, value, shown) in enumerate(rows):
        y = index * BAR_ROW
        width = round(span * max(value, 0) / top, 1)
        parts.append(
            Markup(
                '<text x="{lx}" y="{ty}" text-anchor="end" font-size="13" fill="currentColor">'
                "{label}</text>"
                '<rect class="bar" x="{x}" y="{y}" width="{wd}" height="{bh}" rx="3" '
                'fill="currentColor"/>'
                '<text class="bar-value" x="{vx}" y="{ty}" font-size="13" fill="currentColor">'
                "{shown}</text>"
            ).format(
                lx=BAR_LABEL - 6,
                ty=y + 19,
                label=escape(label[:12]),
                x=BAR_LABEL,
                y=y + 5,
                wd=width,
                bh=BAR_ROW - 10,
                vx=round(BAR_LABEL + width + 5, 1),
                shown=shown,
            )
        )
    parts.append(Markup("</svg>"))
    return Markup("").join(parts)


def percent(rate: float | None) -> str:
    """A rate as a whole percentage.

    >>> percent(0.3125), percent(None)
    ('31%', '–')
    """
    return "–" if rate is None else f"{round(rate * 100)}%"


def one_decimal(value: float | None) -> str:
    """>>> one_decimal(45.25), one_decimal(None)
    ('45.2', '–')
    """
    return "–" if value is None else f"{value:.1f}"


@bp.get("/stats")
def stats_page() -> str:
    """Each person's figures, two charts, and two people head to head (``?a=…&b=…``)."""
    known, games, who = _everything(hands=True)
    figures = stats.person_stats(games, who)
    choices = person_choices(games, who)
    a, b = request.args.get("a", "").strip(), request.args.get("b", "").strip()
    versus = None
    problem = None
    if a and b:
        if who.same(a, b):
            problem = "Choose two different people."
        else:
            versus = stats.head_to_head(games, who, a, b)
    charts: list[tuple[str, Markup]] = []
    if figures:
        charts.append(
            (
                "Games won",
                bar_chart([(s.name, s.won, str(s.won)) for s in figures], "Games won, per person"),
            )
        )
        by_out = sorted(figures, key=lambda s: -(s.out_rate or 0))
        charts.append(
            (
                "Went out, of the rounds each played",
                bar_chart(
                    [(s.name, s.out_rate or 0, percent(s.out_rate)) for s in by_out],
                    "Went out, share of the rounds each played",
                ),
            )
        )
    versus_chart = None
    if versus and versus.games:
        versus_chart = totals_chart(
            {
                versus.first.name: versus.first.wins_after,
                versus.second.name: versus.second.wins_after,
            },
            title=VERSUS_CHART_TITLE,
            across="Games played together",
            up="Games won",
        )
    return render_template(
        "history/stats.html",
        known=known,
        figures=figures,
        charts=charts,
        choices=choices,
        a=who.key(a) if a else "",
        b=who.key(b) if b else "",
        versus=versus,
        versus_chart=versus_chart,
        versus_chart_title=VERSUS_CHART_TITLE,
        problem=problem,
        leaders=_leaders(figures),
        percent=percent,
        one_decimal=one_decimal,
        decided=sum(1 for s in games if s.winners),
        played=sum(1 for s in games if s.rounds),
    )


# --- names -------------------------------------------------------------------------------------


def _names(games: Sequence[stats.GameSummary], who: people.People) -> list[tuple[str, str, int]]:
    """(name as played, the person, games) for every name played under, by person then name."""
    count: dict[str, int] = {}
    shown: dict[str, str] = {}
    for summary in games:
        for name in summary.players:
            key = people.name_key(name)
            count[key] = count.get(key, 0) + 1
            shown.setdefault(key, " ".join(name.split()))
    rows = [(shown[key], who.person(shown[key]), count[key]) for key in count]
    return sorted(rows, key=lambda row: (row[1].casefold(), row[0].casefold()))


@bp.get("/players")
def players_page() -> str:
    """The names played under, and which are merged into one person."""
    known, games, who = _everything()
    return render_template(
        "history/players.html",
        known=known,
        names=_names(games, who),
        aliases=who.aliases(),
    )


def _scope_for_writing(known: Known) -> str:
    if known.scope is not None:
        return known.scope
    scope = people.browser_scope()
    session[_SCOPE_KEY] = scope
    session.permanent = True
    return scope


@bp.post("/players/merge")
def merge() -> BaseResponse:
    """Merge one name into another: the same person from now on, in the history and the stats."""
    known, games, who = _everything()
    name = request.form.get("name", "").strip()
    into = request.form.get("into", "").strip()
    played = {people.name_key(n) for summary in games for n in summary.players}
    if people.name_key(name) not in played or people.name_key(into) not in played:
        abort(400, "Choose two names from the list: both must have played in these games.")
    if who.same(name, into):
        flash(f"{name} and {into} are already one person.", "error")
        return redirect(flask_url_for("history.players_page"), 303)
    together = [
        summary.game.name
        for summary in games
        if any(people.name_key(n) == people.name_key(name) for n in summary.players)
        and any(who.same(n, into) for n in summary.players)
    ]
    if together:
        flash(
            f"{name} and {into} played in the same game ({together[0]}): they are two people.",
            "error",
        )
        return redirect(flask_url_for("history.players_page"), 303)
    try:
        people.merge(_scope_for_writing(known), name, into)
    except people.PeopleError as error:
        flash(str(error), "error")
    else:
        flash(f"{name} is now counted as {who.person(into)}.")
    return redirect(flask_url_for("history.players_page"), 303)


@bp.post("/players/separate")
def separate() -> BaseResponse:
    """Take back a merge: the name is its own person again."""
    known = known_games()
    name = request.form.get("name", "").strip()
    if known.scope is None or not people.separate(known.scope, name):
        abort(400, "That name is not merged into anyone.")
    flash(f"{name} counts as a person of their own again.")
    return redirect(flask_url_for("history.players_page"), 303)
