"""Every game as one JSON document, and such a document loaded into an instance.

Over 500 lines and one idea, the document's format: its writer and its loader (and the upgrade
of the older format) are kept side by side so that each change to one is seen beside the other.
A game as CSV is :mod:`.csv_export`, a copy of the database :mod:`.backup`; both are still
reached here, where the views and the CLI have always found them.

The document (``scorekeeper export``, and the history page's download) holds each game whole:
its rules snapshot, players, rounds as recorded (cards, totals modes, declared readings), its
change log (what undo needs) and its two tokens, so that the same links open it wherever it is
imported. Row ids are never written: a player is named by their seat, everywhere (a round's
dealer and goer, a part's player, a layoff's owner, and the same inside the log's saved rounds).

``{"scorekeeper_export": 2, "exported_at": "...", "games": [...], "aliases": [...]}``

Format 2 keeps a game family's own data as the store does, in ``system_data`` (the game's, and
each part's, in saved rounds too); format 1 (before game systems were one seam) had Spades'
``bids_in_play`` on the game and ``bid``/``tricks`` on a part, and still imports
(:func:`upgraded`). A side's points (``RoundSide``) are a cache, worked out again on import.

:func:`load` refuses a game whose tokens an existing game already has (nothing is ever
overwritten): the whole document is refused, or with ``skip_existing`` those games are left out.
Each part's cached total is worked out again from its cards (:func:`.records.cache_totals`), as
undo does, so the cache always matches the engine that reads it.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.exc import IntegrityError

from .backup import Backup as Backup
from .backup import BackupError as BackupError
from .backup import backup as backup
from .changes import iso_time, parse_iso_time, snapshot
from .csv_export import CSV_COLUMNS as CSV_COLUMNS
from .csv_export import cell as cell
from .csv_export import csv_rows as csv_rows
from .csv_export import csv_text as csv_text
from .csv_export import round_rows as round_rows
from .db import db
from .models import Game, GameChange, Player, PlayerAlias, Round, RoundPart, new_token, utcnow
from .people import name_key
from .records import cache_totals
from .systems import store_system

#: The document's format number (``scorekeeper_export``), and the older ones still imported.
FORMAT = 2
READABLE = (1, 2)
#: Format 1's part keys that held a family's own data (Spades', before its own ``system_data``).
FORMAT_1_PART_KEYS = ("bid", "tricks")
#: Changes whose ``before`` holds a saved round (with player ids, written as seats).
ROUND_CHANGES = ("corrected", "deleted")


class ImportRefused(ValueError):
    """A document that cannot be loaded (nothing of it was stored)."""


# --- writing -----------------------------------------------------------------------------------


def document(
    game_ids: Iterable[int] | None = None,
    *,
    without_scorer_link: Collection[int] = (),
    alias_scopes: Collection[str] | None = None,
) -> dict[str, Any]:
    """The export document of the games (every game when ``game_ids`` is None), oldest first.
    Games in ``without_scorer_link`` are written without their scorer token (a browser that only
    watches them); aliases of ``alias_scopes`` (every scope when None)."""
    query = select(Game).order_by(Game.created_at, Game.id)
    if game_ids is not None:
        query = query.where(Game.id.in_(list(game_ids)))
    aliases = select(PlayerAlias).order_by(PlayerAlias.scope, PlayerAlias.id)
    if alias_scopes is not None:
        aliases = aliases.where(PlayerAlias.scope.in_(list(alias_scopes)))
    return {
        "scorekeeper_export": FORMAT,
        "exported_at": iso_time(utcnow()),
        "games": [
            game_document(game, scorer_link=game.id not in without_scorer_link)
            for game in db.session.scalars(query)
        ],
        "aliases": [
            {
                "scope": alias.scope,
                "name": alias.name,
                "person": alias.person,
                "created_at": iso_time(alias.created_at),
            }
            for alias in db.session.scalars(aliases)
        ],
    }


def game_document(game: Game, *, scorer_link: bool = True) -> dict[str, Any]:
    """One game as the document holds it."""
    seat_of = {player.id: player.seat for player in game.players}
    return {
        "name": game.name,
        "preset": game.preset,
        "rules": game.rules,
        "scorer_token": game.scorer_token if scorer_link else None,
        "watcher_token": game.watcher_token,
        "created_at": iso_time(game.created_at),
        "updated_at": iso_time(game.updated_at),
        "finished_at": iso_time(game.finished_at),
        "first_dealer_seat": game.first_dealer_seat,
        "next_wild_rank": game.next_wild_rank,
        "system_data": game.system_data,
        "version": game.version,
        "players": [
            {"seat": player.seat, "name": player.name, "team": player.team}
            for player in game.players
        ],
        "rounds": [
            {
                **_seated(snapshot(stored), seat_of),
                # a side's points where the family scores sides whole: checked on import
                "sides": [{"name": side.name, "total": side.total} for side in stored.sides],
            }
            for stored in game.rounds
        ],
        "changes": [
            {
                "version": change.version,
                "kind": change.kind,
                "round_number": change.round_number,
                "before": _seated(change.before, seat_of)
                if change.kind in ROUND_CHANGES and change.before is not None
                else change.before,
                "created_at": iso_time(change.created_at),
                "undone": change.undone,
                "undone_version": change.undone_version,
            }
            for change in game.changes
        ],
    }


def _renamed(
    saved: Mapping[str, Any], convert: Callable[[Any], Any], names: tuple[str, str, str]
) -> dict[str, Any]:
    """A saved round with its player references converted and renamed: ``names`` are the
    round's dealer and goer keys and a part's (or layoff's) player key, in the new form."""
    dealer, goer, player = names
    old_dealer, old_goer, old_player = (
        ("dealer_id", "went_out_id", "player_id")
        if dealer == "dealer"
        else ("dealer", "went_out", "player")
    )
    out = {key: copy.deepcopy(value) for key, value in saved.items() if key != "parts"}
    out.pop(old_dealer, None)
    out.pop(old_goer, None)
    out[dealer] = convert(saved[old_dealer])
    out[goer] = convert(saved[old_goer])
    parts = []
    for part in saved["parts"]:
        new = {key: copy.deepcopy(value) for key, value in part.items() if key != old_player}
        new[player] = convert(part[old_player])
        new["layoffs"] = [
            {
                **{key: value for key, value in layoff.items() if key != old_player},
                player: convert(layoff[old_player]),
            }
            for layoff in part["layoffs"]
        ]
        parts.append(new)
    out["parts"] = parts
    return out


def _seated(saved: Mapping[str, Any], seat_of: Mapping[int, int]) -> dict[str, Any]:
    """A saved round (:func:`.changes.snapshot`) with seats for player ids."""

    def seat(player_id: Any) -> int | None:
        return None if player_id is None else seat_of[player_id]

    return _renamed(saved, seat, ("dealer", "went_out", "player"))


def _with_ids(saved: Mapping[str, Any], id_of: Mapping[int, int]) -> dict[str, Any]:
    """A round as the document holds it, with player ids for seats (a snapshot again)."""

    def player_id(seat: Any) -> int | None:
        if seat is None:
            return None
        if not isinstance(seat, int) or seat not in id_of:
            raise ImportRefused(f"seat {seat!r} has no player")
        return id_of[seat]

    return _renamed(saved, player_id, ("dealer_id", "went_out_id", "player_id"))


# --- reading -----------------------------------------------------------------------------------


@dataclass
class Loaded:
    """What :func:`load` did: the games stored, and those left out (already here)."""

    imported: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    rounds: int = 0
    aliases: int = 0
    #: games whose file had no scorer link (a watcher's download): each got a new one
    new_scorer_links: list[str] = field(default_factory=list)


def load(doc: Any, *, skip_existing: bool = False) -> Loaded:
    """Store the document's games (and merged names) in one transaction; an ImportRefused (and
    nothing stored) for a document that is not an export, a game that does not hold together,
    or a game already here (same tokens) unless ``skip_existing``."""
    if not isinstance(doc, dict) or doc.get("scorekeeper_export") not in READABLE:
        raise ImportRefused(
            f"not a scorekeeper export (format {FORMAT}): expected an object with "
            f'"scorekeeper_export": {FORMAT}, as `scorekeeper export` writes'
        )
    doc = upgraded(doc)
    games, aliases = doc.get("games"), doc.get("aliases", [])
    if not isinstance(games, list) or not isinstance(aliases, list):
        raise ImportRefused('"games" and "aliases" must be lists')
    result = Loaded()
    try:
        existing = _existing_tokens(games)
        for index, data in enumerate(games, 1):
            label = _label(index, data)
            if not isinstance(data, dict):
                raise ImportRefused(f"{label} is not an object")
            tokens = {
                token
                for token in (data.get("scorer_token"), data.get("watcher_token"))
                if isinstance(token, str)
            }
            if tokens & existing:
                if not skip_existing:
                    raise ImportRefused(
                        f"{label} is already here (a game has its link); "
                        "--skip-existing imports the others"
                    )
                result.skipped.append(label)
                continue
            try:
                result.rounds += _load_game(data)
                if not data.get("scorer_token"):
                    result.new_scorer_links.append(label)
            except ImportRefused as refused:
                raise ImportRefused(f"{label}: {refused}") from None
            except (KeyError, TypeError, ValueError, AttributeError) as error:
                raise ImportRefused(f"{label}: {type(error).__name__}: {error}") from None
            existing |= tokens
            result.imported.append(label)
        try:
            result.aliases = _load_aliases(aliases)
        except (KeyError, TypeError, AttributeError) as error:
            raise ImportRefused(f"aliases: {type(error).__name__}: {error}") from None
        db.session.commit()
    except IntegrityError as error:
        db.session.rollback()
        raise ImportRefused(f"the database refused it: {error.orig}") from None
    except BaseException:
        db.session.rollback()
        raise
    return result


def upgraded(doc: dict[str, Any]) -> dict[str, Any]:
    """A document in the current format (one of an older format, converted; the same
    otherwise): format 1's family columns become ``system_data``, on the game, its rounds' parts
    and the parts its log saved, and in the bids its log noted.

    >>> old = {"scorekeeper_export": 1, "games": [{"bids_in_play": [4, 4, 4, 4], "rounds": [
    ...     {"parts": [{"total": 0, "bid": "nil", "tricks": 1}]}], "changes": [
    ...     {"kind": "dealt", "before": {"next_wild_rank": None, "bids_in_play": None}}]}]}
    >>> game = upgraded(old)["games"][0]
    >>> game["system_data"], game["rounds"][0]["parts"], game["changes"][0]["before"]
    ({'bids_in_play': [4, 4, 4, 4]}, [{'total': 0, 'system_data': {'bid': 'nil', 'tricks': 1}}], \
{'next_wild_rank': None, 'system_data': None})
    """
    if doc.get("scorekeeper_export") != 1:
        return doc
    games = doc.get("games")
    if not isinstance(games, list):
        return doc  # refused as it is, below
    return {**doc, "scorekeeper_export": FORMAT, "games": [_game_from_1(g) for g in games]}


def _game_from_1(data: Any) -> Any:
    if not isinstance(data, dict):
        return data
    out = {key: value for key, value in data.items() if key != "bids_in_play"}
    bids = data.get("bids_in_play")
    out["system_data"] = None if bids is None else {"bids_in_play": bids}
    if isinstance(data.get("rounds"), list):
        out["rounds"] = [_saved_from_1(saved) for saved in data["rounds"]]
    if isinstance(data.get("changes"), list):
        out["changes"] = [_change_from_1(change) for change in data["changes"]]
    return out


def _saved_from_1(saved: Any) -> Any:
    if not isinstance(saved, dict) or not isinstance(saved.get("parts"), list):
        return saved
    parts = []
    for part in saved["parts"]:
        if isinstance(part, dict):
            kept = {key: value for key, value in part.items() if key not in FORMAT_1_PART_KEYS}
            own = {key: part[key] for key in FORMAT_1_PART_KEYS if part.get(key) is not None}
            part = {**kept, "system_data": own or None}
        parts.append(part)
    return {**saved, "parts": parts}


def _change_from_1(change: Any) -> Any:
    if not isinstance(change, dict) or not isinstance(change.get("before"), dict):
        return change
    before = change["before"]
    if change.get("kind") in ROUND_CHANGES:
        return {**change, "before": _saved_from_1(before)}
    if change.get("kind") == "dealt" and "bids_in_play" in before:
        bids = before["bids_in_play"]
        kept = {key: value for key, value in before.items() if key != "bids_in_play"}
        data = None if bids is None else {"bids_in_play": bids}
        return {**change, "before": {**kept, "system_data": data}}
    return change


def _label(index: int, data: Any) -> str:
    name = data.get("name") if isinstance(data, dict) else None
    return f"game {index} ({name!r})" if isinstance(name, str) else f"game {index}"


def _existing_tokens(games: list[Any]) -> set[str]:
    tokens = [
        token
        for data in games
        if isinstance(data, dict)
        for token in (data.get("scorer_token"), data.get("watcher_token"))
        if isinstance(token, str)
    ]
    found: set[str] = set()
    for start in range(0, len(tokens), 500):
        chunk = tokens[start : start + 500]
        for scorer, watcher in db.session.execute(
            select(Game.scorer_token, Game.watcher_token).where(
                or_(Game.scorer_token.in_(chunk), Game.watcher_token.in_(chunk))
            )
        ):
            found |= {scorer, watcher}
    return found


def _time(value: Any) -> datetime:
    parsed = parse_iso_time(value)
    if parsed is None:
        raise ImportRefused("a time is missing")
    return parsed


def _load_game(data: dict[str, Any]) -> int:
    """Store one game of the document (flushed, not committed); how many rounds it has."""
    # a RulesError (ValueError) names what does not fit
    store_system(data["rules"]).rules_from_stored(data["rules"], strict=True)
    game = Game(
        name=str(data["name"]),
        preset=data["preset"],
        rules=data["rules"],
        scorer_token=data.get("scorer_token") or new_token(),
        watcher_token=data["watcher_token"],
        created_at=_time(data["created_at"]),
        updated_at=_time(data["updated_at"]),
        finished_at=parse_iso_time(data["finished_at"]),
        first_dealer_seat=data["first_dealer_seat"],
        next_wild_rank=data["next_wild_rank"],
        system_data=data.get("system_data"),
        version=int(data["version"]),
        players=[
            Player(seat=int(p["seat"]), name=str(p["name"]), team=p["team"])
            for p in data["players"]
        ],
    )
    db.session.add(game)
    db.session.flush()
    id_of = {player.seat: player.id for player in game.players}
    rounds = []
    for saved in data["rounds"]:
        stored = _with_ids(saved, id_of)
        round = Round(
            game=game,
            number=int(stored["number"]),
            dealer_id=stored["dealer_id"],
            wild_rank=stored["wild_rank"],
            joker_effect=stored["joker_effect"],
            ended_by=stored["ended_by"],
            went_out_id=stored["went_out_id"],
            accepted_warnings=list(stored["accepted_warnings"]),
            idempotency_key=stored["idempotency_key"],
            created_at=_time(stored["created_at"]),
            updated_at=_time(stored["updated_at"]),
            parts=[
                RoundPart(
                    player_id=part["player_id"],
                    position=int(part["position"]),
                    opening=bool(part["opening"]),
                    melds=part["melds"],
                    layoffs=part["layoffs"],
                    hand=part["hand"],
                    called=part["called"],
                    melded_points=part["melded_points"],
                    hand_points=part["hand_points"],
                    total=int(part["total"]),
                    system_data=part.get("system_data"),
                )
                for part in stored["parts"]
            ],
        )
        db.session.add(round)
        rounds.append(round)
    db.session.flush()
    for round in rounds:
        db.session.refresh(round, ["parts", "dealer", "went_out"])
    db.session.refresh(game, ["rounds"])
    store_system(game.rules).check_data(game)  # a ValueError names what does not fit
    said = _said_totals(game, rounds, data["rounds"])
    for round in rounds:
        cache_totals(round)  # the cache from the cards, as this instance's engine scores them
    db.session.flush()
    _check_rescored(game, rounds, said)
    for change in data["changes"]:
        before = change["before"]
        if change["kind"] in ROUND_CHANGES and before is not None:
            before = _with_ids(before, id_of)
        db.session.add(
            GameChange(
                game=game,
                version=int(change["version"]),
                kind=change["kind"],
                round_number=change["round_number"],
                before=before,
                created_at=_time(change["created_at"]),
                undone=bool(change["undone"]),
                undone_version=change["undone_version"],
            )
        )
    db.session.flush()
    return len(rounds)


def _said_totals(
    game: Game, rounds: list[Round], saved: list[dict[str, Any]]
) -> dict[int, dict[str, int]]:
    """What the file says each round added, by round number: to each player, or to each side
    where the family scores sides whole (its ``sides``; in format 1, its parts added up by side,
    the side's points having been on its first seat)."""
    by_side = store_system(game.rules).capabilities.side_points
    team = {player.id: player.team or player.name for player in game.players}
    name = {player.id: player.name for player in game.players}
    said: dict[int, dict[str, int]] = {}
    for round, data in zip(rounds, saved, strict=True):
        totals: dict[str, int] = {}
        if by_side and isinstance(data.get("sides"), list):
            totals = {str(side["name"]): int(side["total"]) for side in data["sides"]}
        else:
            for part in round.parts:
                key = team[part.player_id] if by_side else name[part.player_id]
                totals[key] = totals.get(key, 0) + part.total
        said[round.number] = totals
    return said


def _check_rescored(game: Game, rounds: list[Round], said: dict[int, dict[str, int]]) -> None:
    """Every round rescored scores what the file says it did: else the file was changed (a meld
    edited by hand) and is refused, naming the round and the player or side."""
    by_side = store_system(game.rules).capabilities.side_points
    for round in sorted(rounds, key=lambda stored: stored.number):
        if by_side:
            now = {side.name: side.total for side in round.sides}
        else:
            now = {part.player.name: part.total for part in round.parts}
        for who in sorted(set(now) | set(said[round.number])):
            was, scored = said[round.number].get(who), now.get(who)
            if was != scored:
                raise ImportRefused(
                    f"round {round.number}, {who}: the file says {was}, its cards score "
                    f"{scored} (the file was changed after it was exported)"
                )


def _load_aliases(aliases: list[Any]) -> int:
    """Merged names: each one not already merged in its scope is added."""
    added = 0
    for alias in aliases:
        scope, name, person = str(alias["scope"]), str(alias["name"]), str(alias["person"])
        key = name_key(name)
        taken = db.session.scalar(
            select(PlayerAlias.id).where(PlayerAlias.scope == scope, PlayerAlias.key == key)
        )
        if taken is None:
            db.session.add(
                PlayerAlias(
                    scope=scope,
                    key=key,
                    name=name,
                    person=person,
                    created_at=parse_iso_time(alias.get("created_at")) or utcnow(),
                )
            )
            db.session.flush()
            added += 1
    return added
