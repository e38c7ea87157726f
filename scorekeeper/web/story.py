"""A game's rules page and its story, from either of its links (read-only).

- ``/s/<token>/rules``, ``/w/<token>/rules``: the game's rules in plain English, then every
  option grouped as on the new-game form, those that differ from the preset marked with the
  preset's value.
- ``/s/<token>/story``, ``/w/<token>/story``: the whole game: the standings (winner,
  settlement), the chart, every round with each player's breakdown, and every change from the
  log (:class:`~scorekeeper.store.models.GameChange`): what it changed and when.

The log does not record which scorer link made a change. A game has one scorer link at a time,
and replacing it is logged (``relinked``), so the story names the link that was in force: the
first, or the one made at a given time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from flask import Blueprint, render_template
from sqlalchemy import select

from ..engine.cards import rank_name
from ..engine.rules import Rules
from ..engine.scoring import RoundScore
from ..store import records
from ..store.db import db
from ..store.history import describe
from ..store.models import Game, GameChange
from ..store.scoreboard import PlayerLines, board
from . import links
from .game_form import OptionGroup, OptionInput, option_groups
from .systems import web_system

bp = Blueprint("story", __name__)

Role = Literal["scorer", "watcher"]


# --- the rules page ------------------------------------------------------------------------


@dataclass(frozen=True)
class RuleLine:
    """One option as the rules page says it."""

    option: str
    label: str
    value: str  # in words
    changed: bool
    preset_value: str  # the preset's, in words


def _in_words(item: OptionInput) -> str:
    if item.kind == "checkbox":
        return "yes" if item.checked else "no"
    if item.kind == "points":
        return ", ".join(f"{rank} {value}" for rank, _, value in item.points)
    if item.kind == "select":
        return dict(item.choices).get(item.value, item.value) or "none"
    return item.value or "none"


def rule_groups(rules: Rules, preset: Rules) -> list[tuple[str, list[RuleLine]]]:
    """Every option of ``rules`` in words, grouped as the new-game form groups them, each
    marked when it differs from ``preset``."""
    return option_lines(option_groups(rules), option_groups(preset))


def option_lines(
    groups: list[OptionGroup], preset: list[OptionGroup]
) -> list[tuple[str, list[RuleLine]]]:
    """Options as the new-game form shows them (``groups``), in words, each marked when it
    differs from the preset's (``preset``, the same options)."""
    out = []
    for group, base in zip(groups, preset, strict=True):
        lines = [
            RuleLine(
                item.option,
                item.label,
                _in_words(item),
                _in_words(item) != _in_words(was),
                _in_words(was),
            )
            for item, was in zip(group.inputs, base.inputs, strict=True)
        ]
        out.append((group.name, lines))
    return out


def _game(role: Role, token: str) -> Game:
    return links.scorer_game(token) if role == "scorer" else links.watcher_game(token)


def _nav(role: Role, token: str) -> dict[str, str]:
    """The game's pages from this link (the scorer's pages from the scorer's link only)."""
    scorer = role == "scorer"
    return {
        "rules_endpoint": "story.scorer_rules" if scorer else "story.watcher_rules",
        "story_endpoint": "story.scorer_story" if scorer else "story.watcher_story",
        "check_endpoint": "check.scorer_check" if scorer else "check.watcher_check",
        "game_endpoint": "games.scorer_page" if scorer else "board.watcher_page",
    }


def _rules_page(role: Role, token: str) -> str:
    game = _game(role, token)
    page = web_system(game).rules_page(game)
    return render_template(
        "story/rules.html",
        game=game,
        token=token,
        preset=page.preset,
        summary=page.summary,
        groups=page.groups,
        changed=sum(line.changed for _, lines in page.groups for line in lines),
        **_nav(role, token),
    )


@bp.get("/s/<token>/rules")
def scorer_rules(token: str) -> str:
    """The game's rules, option by option, from the scorer's link."""
    return _rules_page("scorer", token)


@bp.get("/w/<token>/rules")
def watcher_rules(token: str) -> str:
    """The game's rules, option by option, from the watchers' link."""
    return _rules_page("watcher", token)


# --- the story -----------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundState:
    """A round as it stood at some point: each player's total and breakdown lines."""

    players: list[PlayerLines]

    def totals(self) -> dict[str, int]:
        return {player.name: player.total for player in self.players}


@dataclass(frozen=True)
class Event:
    """One change from the log, told."""

    when: datetime
    what: str
    kind: str
    link: str  # the scorer link in force
    link_made: datetime | None  # when it replaced the one before (None: the first)
    undone: bool
    round_number: int | None = None
    before: RoundState | None = None
    after: RoundState | None = None
    totals: list[tuple[str, int | None, int | None]] = field(default_factory=list)
    gone: list[tuple[str, list[str]]] = field(default_factory=list)  # lines no longer there
    new: list[tuple[str, list[str]]] = field(default_factory=list)  # lines that came


def _state(score: RoundScore) -> RoundState:
    return RoundState([PlayerLines(p.name, p.total, p.went_out, p.lines) for p in score.players])


def _saved_state(game: Game, saved: dict[str, Any] | None) -> RoundState | None:
    if not saved:
        return None
    try:
        return _state(records.score_record(game, records.snapshot_record(game, saved)))
    except (records.RecordError, KeyError, ValueError):
        return None  # a snapshot this game can no longer read: told without its lines


def _after(
    changes: Sequence[GameChange], index: int, now: dict[int, RoundState], game: Game
) -> RoundState | None:
    """The round a correction made, as it stood right after: the next snapshot of that round
    (a later correction or deletion), or the round now; None when rounds moved in between."""
    number = changes[index].round_number
    if number is None:
        return None
    for later in changes[index + 1 :]:
        if later.kind in ("corrected", "deleted") and later.round_number == number:
            return _saved_state(game, later.before)
        if later.kind == "deleted" and (later.round_number or 0) < number:
            return None  # renumbered since
        if later.undone and later.kind in ("added", "deleted"):
            return None
    return now.get(number)


def _difference(
    before: RoundState | None, after: RoundState | None
) -> tuple[
    list[tuple[str, int | None, int | None]],
    list[tuple[str, list[str]]],
    list[tuple[str, list[str]]],
]:
    names: list[str] = []
    for state in (before, after):
        for player in state.players if state else []:
            if player.name not in names:
                names.append(player.name)
    old = {p.name: p for p in before.players} if before else {}
    new = {p.name: p for p in after.players} if after else {}
    totals = [
        (name, old[name].total if name in old else None, new[name].total if name in new else None)
        for name in names
    ]
    gone = []
    came = []
    for name in names:
        was = list(old[name].lines) if name in old else []
        now = list(new[name].lines) if name in new else []
        if lost := [line for line in was if line not in now]:
            gone.append((name, lost))
        if added := [line for line in now if line not in was]:
            came.append((name, added))
    return totals, gone, came


def _link_name(number: int) -> str:
    return "the first scorer link" if number == 1 else f"scorer link {number}"


def _dealt(
    game: Game, changes: Sequence[GameChange], index: int, wilds: dict[int, str | None]
) -> str:
    """A deal noted, with the wild rank it showed: the round then recorded has it, else the
    next deal's log keeps it, else it is the round in play's."""
    rank = game.next_wild_rank
    for later in changes[index + 1 :]:
        if later.kind == "added" and later.round_number in wilds:
            rank = wilds[later.round_number]
            break
        if later.kind == "dealt":
            rank = (later.before or {}).get("next_wild_rank")
            break
    return f"Dealt: {rank_name(rank, plural=True)} wild" if rank else "Dealt"


def story_events(
    game: Game, now: dict[int, RoundState], wilds: dict[int, str | None]
) -> list[Event]:
    """Every logged change of the game, oldest first, told."""
    changes = list(
        db.session.scalars(
            select(GameChange).where(GameChange.game_id == game.id).order_by(GameChange.version)
        )
    )
    events = []
    link, made = 1, None
    for index, change in enumerate(changes):
        what = describe(change)
        what = what[:1].upper() + what[1:]
        if change.kind == "added":  # "Hand 3 recorded": the family's word
            what = f"{what.split(' ')[0]} {change.round_number} recorded"
        elif change.kind == "dealt":
            what = _dealt(game, changes, index, wilds)
        event = Event(
            change.created_at,
            what,
            change.kind,
            _link_name(link),
            made,
            change.undone,
            change.round_number,
        )
        if change.kind == "corrected":
            before = _saved_state(game, change.before)
            after = _after(changes, index, now, game)
            totals, gone, came = _difference(before, after)
            event = Event(
                event.when,
                what,
                change.kind,
                event.link,
                event.link_made,
                change.undone,
                change.round_number,
                before,
                after,
                totals,
                gone,
                came,
            )
        elif change.kind == "deleted":
            before = _saved_state(game, change.before)
            totals, gone, _ = _difference(before, None)
            event = Event(
                event.when,
                what,
                change.kind,
                event.link,
                event.link_made,
                change.undone,
                change.round_number,
                before,
                None,
                totals,
                gone,
                [],
            )
        events.append(event)
        if change.kind == "relinked" and (change.before or {}).get("role", "scorer") == "scorer":
            link, made = link + 1, change.created_at
    return events


def _story_page(role: Role, token: str) -> str:
    game = _game(role, token)
    shown = board(game, recent=None)
    now = {row.number: _state(row.score) for row in shown.rounds}
    return render_template(
        "story/story.html",
        game=game,
        board=shown,
        token=token,
        events=story_events(game, now, {row.number: row.wild_rank for row in shown.rounds}),
        **_nav(role, token),
    )


@bp.get("/s/<token>/story")
def scorer_story(token: str) -> str:
    """The game's story from the scorer's link: every round, every change, the end."""
    return _story_page("scorer", token)


@bp.get("/w/<token>/story")
def watcher_story(token: str) -> str:
    """The game's story from the watchers' link."""
    return _story_page("watcher", token)
