"""Migration 0008 (a family's data in JSON columns, a side's points on the side), on a database
holding a Rummy 500 game, a Persian game and a Spades game written at 0007 as the app then wrote
them: every hand is kept, the app reads each game as before, the log still undoes, and the way
down gives back the same rows."""

from __future__ import annotations

import json
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask_migrate import downgrade, upgrade  # type: ignore[import-untyped]

from scorekeeper.engine.presets import rules_for
from scorekeeper.store import history, records
from scorekeeper.store.db import db
from scorekeeper.store.models import Game
from scorekeeper.systems.spades import store as spades
from scorekeeper.systems.spades.presets import to_dict
from scorekeeper.systems.spades.rules import SpadesHand, SpadesRules, spades_standings

pytestmark = pytest.mark.db

TIME = "2026-11-30 20:00:00"
NAMES = ("Ann", "Bob", "Cy", "Dee")
SIDES = {"Ann": "Ann & Cy", "Bob": "Bob & Dee", "Cy": "Ann & Cy", "Dee": "Bob & Dee"}
HANDS = [  # (name, bid, tricks) in seat order
    SpadesHand.of(("Ann", 4, 5), ("Bob", 0, 0), ("Cy", 3, 3), ("Dee", 5, 5)),
    SpadesHand.of(("Ann", 2, 1), ("Bob", 3, 4), ("Cy", 6, 6), ("Dee", 2, 2)),
]
# hand 2 as it was before the scorer corrected it (the log's saved round)
HAND_2_BEFORE = SpadesHand.of(("Ann", 2, 2), ("Bob", 3, 3), ("Cy", 6, 6), ("Dee", 2, 2))


def insert(connection: sa.Connection, table: str, **values: Any) -> None:
    columns = ", ".join(values)
    marks = ", ".join(f":{name}" for name in values)
    encoded = {
        name: json.dumps(value) if isinstance(value, (dict, list)) else value
        for name, value in values.items()
    }
    connection.execute(sa.text(f"INSERT INTO {table} ({columns}) VALUES ({marks})"), encoded)


def a_game(connection: sa.Connection, game_id: int, rules: dict[str, Any], **more: Any) -> None:
    insert(
        connection,
        "game",
        id=game_id,
        name=f"Game {game_id}",
        rules=rules,
        scorer_token=f"s{game_id}",
        watcher_token=f"w{game_id}",
        created_at=TIME,
        updated_at=TIME,
        **more,
    )


def a_round(connection: sa.Connection, round_id: int, game_id: int, number: int) -> None:
    insert(
        connection,
        "round",
        id=round_id,
        game_id=game_id,
        number=number,
        ended_by="stock_out",
        accepted_warnings=[],
        created_at=TIME,
        updated_at=TIME,
    )


def a_part(
    connection: sa.Connection, part_id: int, round_id: int, player_id: int, **more: Any
) -> None:
    insert(
        connection,
        "round_part",
        id=part_id,
        round_id=round_id,
        player_id=player_id,
        position=(player_id - 1) % 4,
        opening=False,
        melds=[],
        layoffs=[],
        hand=[],
        called=[],
        **more,
    )


def saved_hand(hand: SpadesHand, number: int, totals: list[int]) -> dict[str, Any]:
    """Hand ``number`` as 0007's log saved it (player ids 9-12)."""
    return {
        "number": number,
        "dealer_id": None,
        "wild_rank": None,
        "joker_effect": None,
        "ended_by": "stock_out",
        "went_out_id": None,
        "accepted_warnings": [],
        "idempotency_key": None,
        "created_at": "2026-11-30T20:00:00Z",
        "updated_at": "2026-11-30T20:00:00Z",
        "parts": [
            {
                "player_id": 9 + seat,
                "position": seat,
                "opening": False,
                "melds": [],
                "layoffs": [],
                "hand": [],
                "called": [],
                "melded_points": None,
                "hand_points": None,
                "total": totals[seat],
                "bid": str(player.bid),
                "tricks": player.tricks,
            }
            for seat, player in enumerate(hand.players)
        ],
    }


def first_seat_totals(hands: list[SpadesHand]) -> list[list[int]]:
    """Each hand's totals as 0007 cached them: the side's points on its first seat."""
    played = spades_standings(SpadesRules(), SIDES, hands)
    return [
        [points[SIDES[name]] if name in ("Ann", "Bob") else 0 for name in NAMES]
        for points in ({side.side: side.points for side in hand} for hand in played.hands)
    ]


def fill_at_0007(connection: sa.Connection) -> None:
    # Game 1, Rummy 500: two players, two rounds by totals
    a_game(connection, 1, rules_for("rummy500").to_dict(), version=3)
    for player_id, name in ((1, "Ann"), (2, "Bob")):
        insert(connection, "player", id=player_id, game_id=1, seat=player_id - 1, name=name)
    for round_id, totals in ((1, (65, -20)), (2, (-5, 90))):
        a_round(connection, round_id, 1, round_id)
        for player_id, total in ((1, totals[0]), (2, totals[1])):
            a_part(connection, round_id * 10 + player_id, round_id, player_id, total=total)
    # Game 2, Persian: four players in two named sides, one deal
    a_game(connection, 2, rules_for("persian").to_dict(), version=2)
    for seat, name in enumerate(NAMES):
        team = "North–South" if seat % 2 == 0 else "East–West"
        insert(connection, "player", id=5 + seat, game_id=2, seat=seat, name=name, team=team)
    a_round(connection, 3, 2, 1)
    for seat, total in enumerate((60, 40, 30, 20)):
        a_part(connection, 30 + seat, 3, 5 + seat, total=total)
    # Game 3, Spades: two hands, the second corrected, then the next hand's bids noted
    a_game(connection, 3, to_dict(SpadesRules()), version=5, bids_in_play=[3, "nil", 4, 2])
    for seat, name in enumerate(NAMES):
        insert(connection, "player", id=9 + seat, game_id=3, seat=seat, name=name, team=SIDES[name])
    for index, (hand, totals) in enumerate(zip(HANDS, first_seat_totals(HANDS), strict=True)):
        a_round(connection, 4 + index, 3, index + 1)
        for seat, player in enumerate(hand.players):
            a_part(
                connection,
                40 + index * 10 + seat,
                4 + index,
                9 + seat,
                total=totals[seat],
                bid=str(player.bid),
                tricks=player.tricks,
            )
    before = saved_hand(HAND_2_BEFORE, 2, first_seat_totals([HANDS[0], HAND_2_BEFORE])[1])
    for version, kind, number, saved in (
        (2, "added", 1, None),
        (3, "added", 2, None),
        (4, "corrected", 2, before),
        (5, "dealt", None, {"next_wild_rank": None, "bids_in_play": None}),
    ):
        insert(
            connection,
            "game_change",
            game_id=3,
            version=version,
            kind=kind,
            round_number=number,
            before=saved,
            created_at=TIME,
            undone=False,
        )


def dump(connection: sa.Connection) -> dict[str, list[tuple[Any, ...]]]:
    """Every row the migration may touch, as 0007 has them (JSON decoded on either database)."""
    game = sa.table(
        "game", sa.column("id"), sa.column("version"), sa.column("bids_in_play", sa.JSON)
    )
    part = sa.table(
        "round_part", sa.column("id"), sa.column("total"), sa.column("bid"), sa.column("tricks")
    )
    change = sa.table(
        "game_change", sa.column("id"), sa.column("kind"), sa.column("before", sa.JSON)
    )
    return {
        table.name: [
            tuple(row) for row in connection.execute(sa.select(table).order_by(table.c.id))
        ]
        for table in (game, part, change)
    }


def test_every_hand_and_round_is_kept_up_and_down(empty_app: Flask) -> None:
    with empty_app.app_context():
        upgrade(revision="0007")
        with db.engine.begin() as connection:
            fill_at_0007(connection)
            at_0007 = dump(connection)
        upgrade()
        downgrade(revision="0007")
        with db.engine.begin() as connection:
            assert dump(connection) == at_0007  # the way down gives back the same rows
        upgrade()
        rummy, persian, spades_game = (db.session.get(Game, n) for n in (1, 2, 3))
        assert rummy is not None and persian is not None and spades_game is not None
        # the rummy games: untouched, no data of their own
        assert records.cached_standings(rummy).totals == {"Ann": 60, "Bob": 70}
        persian_board = records.cached_standings(persian)
        assert persian_board.team_totals == {"North–South": 90, "East–West": 60}
        for stored in [*rummy.rounds, *persian.rounds]:
            assert not stored.sides and all(p.system_data is None for p in stored.parts)
        assert [p.total for p in persian.rounds[0].parts] == [60, 40, 30, 20]
        # Spades: each hand's bids and tricks, and its side points on the side
        assert [spades.hand_of(r) for r in spades_game.rounds] == HANDS
        played = spades.play(spades_game)
        for stored, scored in zip(spades_game.rounds, played.hands, strict=True):
            assert [(s.name, s.seats, s.total) for s in stored.sides] == [
                (side.side, [0, 2] if side.side == "Ann & Cy" else [1, 3], side.points)
                for side in scored
            ]
            assert [p.total for p in stored.parts] == [0, 0, 0, 0]
        assert records.cached_standings(spades_game).team_totals == played.totals
        assert spades.bids_in_play(spades_game) == {"Ann": 3, "Bob": "nil", "Cy": 4, "Dee": 2}
        spades.check_data(spades_game)
        # the log, rewritten, still undoes: the noted bids, then the correction
        history.undo_last(spades_game)
        assert spades.bids_in_play(spades_game) is None
        history.undo_last(spades_game)
        db.session.refresh(spades_game)
        assert spades.hand_of(spades_game.rounds[1]) == HAND_2_BEFORE
        assert records.cached_standings(spades_game).team_totals == (
            spades_standings(SpadesRules(), SIDES, [HANDS[0], HAND_2_BEFORE]).totals
        )
