"""Stored rounds ↔ engine values, under one name: the store's floor that the views, the API and
the families ask. The one place that asks the engine to (re)score a round.

It only gathers three modules, each of one idea:

- :mod:`.reading`: stored rounds read back as engine values (a round's record and score, the
  standings, who deals next, the version a board watches);
- :mod:`.checking`: a round checked against its game before anything is stored
  (:func:`check_round` gives the :class:`CheckedRound` a view previews and a write stores);
- :mod:`.writing`: the writes to games and rounds, each a change of its own (:mod:`.changes`).

A test that replaces a function for the store's own calls replaces it in the module that calls
it (``writing.round_by_key``, say), not here.
"""

from __future__ import annotations

from .checking import (
    CheckedRound,
    RoundRefused,
    check_round,
    for_game,
    in_seat_order,
    score_record,
    seated_player,
)
from .reading import (
    GameOver,
    RecordError,
    cached_standings,
    game_over,
    game_rules,
    game_seats,
    game_teams,
    next_round_number,
    recent_scores,
    remember_standings,
    round_by_key,
    round_count,
    round_id,
    round_now,
    round_record,
    score_game,
    side_totals,
    snapshot_record,
    stored_rounds,
    upcoming_dealer,
    watched_version,
)
from .systems import game_system
from .writing import (
    KEEP,
    RoundDeleted,
    add_round,
    attach_round,
    cache_totals,
    create_game,
    deal_next,
    delete_round,
    finish_game,
    new_game,
    remove_round,
    rename_game,
    renumber_rounds,
    replace_checked,
    replace_round,
    reread_round,
    rescore_totals,
    store_checked,
    store_round,
)

__all__ = [
    "KEEP",
    "CheckedRound",
    "GameOver",
    "RecordError",
    "RoundDeleted",
    "RoundRefused",
    "add_round",
    "attach_round",
    "cache_totals",
    "cached_standings",
    "check_round",
    "create_game",
    "deal_next",
    "delete_round",
    "finish_game",
    "for_game",
    "game_over",
    "game_rules",
    "game_seats",
    "game_system",
    "game_teams",
    "in_seat_order",
    "new_game",
    "next_round_number",
    "recent_scores",
    "remember_standings",
    "remove_round",
    "rename_game",
    "renumber_rounds",
    "replace_checked",
    "replace_round",
    "reread_round",
    "rescore_totals",
    "round_by_key",
    "round_count",
    "round_id",
    "round_now",
    "round_record",
    "score_game",
    "score_record",
    "seated_player",
    "side_totals",
    "snapshot_record",
    "store_checked",
    "store_round",
    "stored_rounds",
    "upcoming_dealer",
    "watched_version",
]
