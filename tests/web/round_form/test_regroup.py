"""Regrouping on the server: the move sheet's requests, and groupings by hand that follow the
picker (round_form/regroup.py). The phone sends what was tapped; these are the answers."""

from __future__ import annotations

import pytest

from scorekeeper.engine.presets import rules_for
from scorekeeper.web.round_form.fields import RoundFields
from scorekeeper.web.round_form.reading import FormGame
from scorekeeper.web.round_form.regroup import follow_picker, regroup

from .conftest import NAMES, form

GAME = FormGame(rules_for("rummy500"), NAMES)


def fields(**players: str) -> RoundFields:
    """``p0_table="..."``, ``p1_layout="..."``: the players' fields."""
    by_seat: dict[int, dict[str, str]] = {}
    for name, value in players.items():
        seat, key = name[1:].split("_")
        by_seat.setdefault(int(seat), {})[key] = value
    return form(by_seat)


def layouts(regrouped: RoundFields) -> list[str]:
    return [player.layout for player in regrouped.players]


ANN = fields(p0_table="5D 6D 7D 8D 3C 3D 3S")
SHOWN = "5D 6D 7D 8D / 3S 3D 3C"  # the app's grouping, as the preview showed it


def move(
    start: RoundFields, moving: str, to: str, shown: str = SHOWN, game: FormGame = GAME
) -> RoundFields:
    return regroup(start, {"moving": moving, "regroup": to, "shown": shown}, game).fields


def test_a_card_from_one_meld_to_another() -> None:
    result = regroup(ANN, {"moving": "0 0 3 8D", "regroup": "meld:1", "shown": SHOWN}, GAME)
    assert layouts(result.fields) == ["5D 6D 7D / 3S 3D 3C 8D", "", ""]
    assert result.fields.players[0].table == "5D 6D 7D 8D 3C 3D 3S"
    assert result.names == ("p0-layout",)  # the field the answer writes back


def test_a_new_meld_and_a_layoff_by_hand() -> None:
    start = fields(p0_table="5D 6D 7D 8D 3C 3D 3S", p1_table="9D 9S 9H 9C")
    assert layouts(move(start, "0 0 3 8D", "new")) == ["5D 6D 7D / 3S 3D 3C / 8D", "", ""]
    laid = move(start, "1 0 0 9D", "onto:0.0", shown="9D 9S 9H 9C")
    assert layouts(laid) == ["", "9S 9H 9C / @0.0 9D", ""]
    # a second card onto the same meld joins the same layoff
    again = move(laid, "1 0 0 9S", "onto:0.0", shown="9S 9H 9C / @0.0 9D")
    assert layouts(again)[1] == "9H 9C / @0.0 9D 9S"


def test_to_and_from_the_hand() -> None:
    start = fields(p0_table="5D 6D 7D 8D", p0_hand="KC 9D")
    back = move(start, "0 0 3 8D", "hand", shown="5D 6D 7D 8D")
    assert (back.players[0].table, back.players[0].hand) == ("5D 6D 7D", "KC 9D 8D")
    assert back.players[0].layout == "5D 6D 7D"
    out = move(start, "0 hand 1 9D", "meld:0", shown="5D 6D 7D 8D")
    assert (out.players[0].table, out.players[0].hand) == ("5D 6D 7D 8D 9D", "KC")
    assert out.players[0].layout == "5D 6D 7D 8D 9D"


def test_flags() -> None:
    start = fields(p0_table="6S 6H 6D 6C 9D", p1_table="6D")
    shown = "6S 6H 6D 6C / @1.0 9D"
    assert layouts(move(start, "0 0 1 6H", "flag:once", shown))[0] == "once 6S 6H 6D 6C / @1.0 9D"
    assert layouts(move(start, "0 1 0 9D", "flag:final", shown))[0] == "6S 6H 6D 6C / @1.0 final 9D"
    called = move(start, "0 0 2 6D", "flag:called", shown)
    assert layouts(called)[0] == "6S 6H 6D! 6C / @1.0 9D"
    assert layouts(move(called, "0 0 2 6D!", "flag:called", "6S 6H 6D! 6C"))[0] == "6S 6H 6D 6C"
    # a meld's flag on a layoff, a layoff's on a meld: nothing changes
    assert move(start, "0 1 0 9D", "flag:once", shown) == start
    assert move(start, "0 0 0 6S", "flag:final", shown) == start


def test_an_emptied_meld_renumbers_the_layoffs_onto_that_players_melds() -> None:
    start = fields(
        p0_table="3C 3D 3S 5D 6D 7D 9C 9D 9H",
        p1_table="8D 4C",
        p1_layout="@0.1 8D / @0.0 final 4C",
        p2_table="9S",
        p2_layout="@0.2 9S",
    )
    shown = "3C / 5D 6D 7D / 9C 9D 9H / 3D 3S"
    result = move(start, "0 0 0 3C", "meld:3", shown)
    assert layouts(result) == [
        "5D 6D 7D / 9C 9D 9H / 3D 3S 3C",
        "@0.0 8D / 4C",  # onto the meld that went: a meld of its own (no longer final)
        "@0.1 9S",
    ]


@pytest.mark.parametrize(
    "moving",
    [
        "0 0 3 9D",  # not the card the preview showed there: it changed meanwhile
        "0 5 0 8D",  # no such group
        "0 hand 0 8D",  # not in the hand
        "7 0 0 8D",  # no such seat
        "0 0 3",
        "",
    ],
)
def test_a_move_that_names_no_card_there_changes_nothing(moving: str) -> None:
    assert move(ANN, moving, "new") == ANN


def test_a_grouping_as_given() -> None:
    start = fields(p0_table="5S 6S JK", p0_layout="5S 6S JK=4S")
    chosen = regroup(start, {"regroup": "group:0", "layout": "5S 6S JK=7S"}, GAME)
    assert (layouts(chosen.fields)[0], chosen.names) == ("5S 6S JK=7S", ("p0-layout",))
    again = regroup(start, {"regroup": "group:0", "layout": ""}, GAME)  # the app groups again
    assert layouts(again.fields)[0] == ""


def test_a_grouping_by_hand_follows_the_picker() -> None:
    start = fields(
        p0_table="3C 3D 3S 5D 6D 7D 8D",
        p0_layout="3C 3D 3S / 9S / 5D 6D 7D",
        p1_table="4C 10S",
        p1_layout="@0.2 4C / @0.1 10S",
    )
    # the picker took the 9S out and put the 8D in: the 9S's meld is gone, the 8D joins the last
    result = follow_picker(start, "0", GAME)
    assert layouts(result.fields) == ["3C 3D 3S / 5D 6D 7D 8D", "@0.1 4C / 10S", ""]
    assert result.names == ("p0-layout", "p1-layout")
    assert follow_picker(start, "", GAME).fields == start  # typed: left as typed
    assert follow_picker(start, "1 2 9 x", GAME).fields.players[0] == start.players[0]


def test_a_card_no_longer_wild_loses_its_declared_reading() -> None:
    game = FormGame(rules_for("rummy5000"), NAMES)
    start = form({0: {"table": "5S 6S 4H 9C", "layout": "5S 6S 4H=7S / 9C=9D"}}, wild_rank="9")
    assert layouts(follow_picker(start, "wild", game).fields)[0] == "5S 6S 4H / 9C=9D"
    assert follow_picker(start, "", game).fields == start


def test_a_four_laid_down_at_once_in_one_tap() -> None:
    """``once:<seat>.<group>`` turns the flag over on that meld of the grouping shown."""
    persian = FormGame(rules_for("persian"), NAMES)
    start = fields(p1_table="KS KH KD KC 5D 6D 7D")
    shown = "KS KH KD KC / 5D 6D 7D"
    once = regroup(start, {"regroup": "once:1.0", "shown": shown}, persian)
    assert layouts(once.fields) == ["", "once KS KH KD KC / 5D 6D 7D", ""]
    assert once.names == ("p1-layout",)
    back = regroup(once.fields, {"regroup": "once:1.0", "shown": layouts(once.fields)[1]}, persian)
    assert layouts(back.fields)[1] == "KS KH KD KC / 5D 6D 7D"


@pytest.mark.parametrize(
    "to, shown",
    [
        ("once:1.5", "KS KH KD KC"),  # no such meld
        ("once:7.0", "KS KH KD KC"),  # no such seat
        ("once:1.0", "KS KH KD ( KC"),  # not a grouping
        ("once:1.1", "KS KH KD KC / @0.0 5D"),  # a layoff is never laid down at once
    ],
)
def test_laid_at_once_names_a_meld_or_changes_nothing(to: str, shown: str) -> None:
    start = fields(p1_table="KS KH KD KC 5D")
    assert regroup(start, {"regroup": to, "shown": shown}, GAME).written == ()
