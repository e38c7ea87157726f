"""The new-game form: what a submitted form means, each error, the option inputs (without Flask),
and that the page draws an input for each option as its declaration says."""

from __future__ import annotations

import doctest
import re
from datetime import date
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.engine.cards import RANKS
from scorekeeper.engine.presets import PRESETS, rules_for
from scorekeeper.engine.rules import GROUPS, OPTIONS
from scorekeeper.engine.standings import Seat
from scorekeeper.web import game_form
from scorekeeper.web.game_form import (
    FormInvalid,
    NewGame,
    option_groups,
    options_stale,
    parse_new_game,
)

TODAY = date(2026, 11, 29)


def form(**fields: Any) -> dict[str, list[str]]:
    """A submitted form: ``player_0="Ann"`` is the field ``player-0``; lists are sent as is."""
    sent: dict[str, list[str]] = {"preset": ["rummy500"], "player-0": ["Ann"], "player-1": ["Bob"]}
    for name, value in fields.items():
        key = name.replace("_", "-", 1) if name.startswith(("player_", "side_", "opt_")) else name
        if value is None:
            sent.pop(key, None)
        else:
            sent[key] = value if isinstance(value, list) else [value]
    return sent


def errors_of(sent: dict[str, list[str]]) -> dict[str, str]:
    with pytest.raises(FormInvalid) as caught:
        parse_new_game(sent, TODAY)
    return caught.value.errors


def test_the_doctests() -> None:
    result = doctest.testmod(game_form)
    assert result.attempted > 0 and result.failed == 0


def test_a_plain_game() -> None:
    game = parse_new_game(form(player_2="Cy", player_5="Dee", dealer="5"), TODAY)
    assert game == NewGame(
        "Rummy 500, 29 Nov",
        "rummy500",
        rules_for("rummy500"),
        {},
        [Seat("Ann"), Seat("Bob"), Seat("Cy"), Seat("Dee")],
        "Dee",
    )


def test_names_are_trimmed_and_the_default_name_follows_the_preset() -> None:
    game = parse_new_game(form(preset="rummy5000", player_0="  Ann   Lee ", name="  "), TODAY)
    assert game.name == "5000 Rummy, 29 Nov"
    assert game.seats[0].name == "Ann Lee"
    assert parse_new_game(form(name=" Friday  night "), TODAY).name == "Friday night"


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"preset": "rummy501"}, "preset", "Choose one of the games"),
        ({"preset": None}, "preset", "Choose one of the games"),
        ({"player_1": "  "}, "players", "at least two players"),
        ({"player_0": None, "player_1": None}, "players", "at least two players"),
        ({"player_1": "ann"}, "player-1", "already player 1"),
        ({"player_4": "Bob"}, "player-4", "already player 2"),
        ({"player_1": "B" * 41}, "player-1", "At most 40"),
        ({"player_1": "\u200b"}, "player-1", "This name shows nothing"),
        ({"player_1": "🂡" * 21}, "player-1", "At most 40 characters (an emoji or a wide"),
        ({"name": "N" * 81}, "name", "At most 80"),
        ({"dealer": "3"}, "dealer", "Choose one of the players"),
        ({"dealer": "x"}, "dealer", "Choose one of the players"),
        ({"opt_target": "0"}, "opt-target", "'target' takes a whole number from 1 to 100000"),
        ({"opt_target": "five"}, "opt-target", "'five' is not a whole number"),
        ({"opt_min_run": ""}, "opt-min_run", "Enter a number"),
        ({"opt_meld_kinds": "pairs"}, "opt-meld_kinds", "takes one of sets_and_runs"),
        ({"opt_wild_ranks": "2 Z"}, "opt-wild_ranks", "takes ranks"),
        ({"opt_wild_cards": "JS XX"}, "opt-wild_cards", "'XX'"),
        ({"opt_card_overrides": "QS45"}, "opt-card_overrides", "such as QS:45"),
        ({"opt_hand_size": "2:13"}, "opt-hand_size", '"other"'),
        ({"opt_upcard_wild_cards": "0"}, "opt-upcard_wild_cards", "from 1 to 52, not 0"),
        ({"opt_upcard_wild_cards": "fifteen"}, "opt-upcard_wild_cards", "not a whole number"),
        ({"opt_card_points-K": "-1"}, "opt-card_points", "card_points.K"),
        ({"opt_joker_points": "lots"}, "opt-joker_points", "as_represented"),
        ({"opt_min_set": "4", "opt_max_set": "3"}, "opt-max_set", "below 'min_set'"),
        ({"options_for": "rummy5000"}, "preset", "now Rummy 500's"),
    ],
)
def test_each_error_is_named_by_its_field(fields: dict[str, Any], field: str, message: str) -> None:
    errors = errors_of(form(**fields))
    assert field in errors, errors
    assert message in errors[field]


def test_every_error_at_once() -> None:
    errors = errors_of(form(player_1="ann", name="N" * 81, opt_target="0", opt_jokers="x"))
    assert set(errors) == {"player-1", "name", "opt-target", "opt-jokers"}


def test_only_options_that_differ_from_the_preset_are_changes() -> None:
    preset = PRESETS["rummy5000"].rules
    sent = form(
        preset="rummy5000",
        opt_target="5000",
        opt_min_run="4",
        opt_decks="2",
        opt_wild_ranks="2",
        opt_jokers_wild=["0", "1"],
        opt_layoff_requires_own_meld=["0"],
        opt_card_overrides="qs:45 8H=10",
        opt_upcard_min_rank="4",
        opt_max_set="",
    )
    sent["opt-card_points-K"] = ["12"]
    sent["opt-card_points-A"] = ["100"]
    game = parse_new_game(sent, TODAY)
    assert game.options == {
        "decks": 2,
        "min_run": 4,
        "layoff_requires_own_meld": False,
        "wild_ranks": ["2"],
        "card_points": {**dict(zip(RANKS, preset.card_points, strict=True)), "K": 12},
        "card_overrides": {"8H": 10, "QS": 45},
        "upcard_min_rank": "4",
    }
    assert game.rules == preset.with_options(game.options)
    assert game.rules.to_dict()["card_points"]["K"] == 12


@pytest.mark.parametrize(
    ("sent", "expected"),
    [
        (None, True),  # not sent: the preset's value
        (["0"], False),  # the hidden field alone: the box is unticked
        (["0", "1"], True),  # the hidden field and the ticked box
    ],
)
def test_a_checkbox_is_told_from_an_option_not_sent(sent: list[str] | None, expected: bool) -> None:
    game = parse_new_game(form(preset="rummy5000", opt_set_duplicates_allowed=sent), TODAY)
    assert game.rules.set_duplicates_allowed is expected
    assert ("set_duplicates_allowed" in game.options) is (not expected)


def test_optional_numbers_may_be_emptied() -> None:
    game = parse_new_game(form(opt_target="", opt_max_deals="3"), TODAY)
    assert (game.rules.target, game.rules.max_deals) == (None, 3)
    assert game.options == {"target": None, "max_deals": 3}


def test_partnership_sides() -> None:
    sent = form(
        preset="partnership500",
        player_2="Cy",
        player_3="Dee",
        side_0="North",
        side_1="East",
        side_2="north",
        side_3=" East ",
    )
    game = parse_new_game(sent, TODAY)
    assert game.seats == [
        Seat("Ann", "North"),
        Seat("Bob", "East"),
        Seat("Cy", "North"),
        Seat("Dee", "East"),
    ]


@pytest.mark.parametrize(
    ("sides", "field", "message"),
    [
        (["1", "1", "1", "2"], "sides", "Side Ann & Bob & Cy has 3 players"),
        (["North", "north", "North", "NORTH"], "sides", "at least two sides"),
        (["N" * 41, "E", "N", "E"], "side-0", "At most 40"),
        (["\u202e", "E", "N", "E"], "side-0", "This name shows nothing"),
    ],
)
def test_partnership_side_errors(sides: list[str], field: str, message: str) -> None:
    sent = form(
        preset="partnership500",
        player_2="Cy",
        player_3="Dee",
        **{f"side_{row}": side for row, side in enumerate(sides)},
    )
    assert message in errors_of(sent)[field]


def test_the_sides_picked_are_seated_across_under_the_names_given() -> None:
    picks = {"side-0": "1", "side-1": "1", "side-2": "2", "side-3": "2", "side-name-2": "Them"}
    sent = form(preset="partnership500", player_2="Cy", player_3="Dee", **picks)
    game = parse_new_game(sent, TODAY)
    assert [(seat.name, seat.team) for seat in game.seats] == [
        ("Ann", "Ann & Bob"), ("Cy", "Them"), ("Bob", "Ann & Bob"), ("Dee", "Them")
    ]  # fmt: skip
    named = {"side-name-1": "Us", "side-name-2": "us"}
    same = form(preset="persian", player_2="Cy", player_3="Dee", **named)
    assert "different names" in errors_of(same)["sides"]


def test_sides_of_two_are_needed_when_partnership_is_switched_on() -> None:
    errors = errors_of(form(opt_partnership=["0", "1"]))  # Ann and Bob: a side each
    assert set(errors) == {"sides"} and "two players or more" in errors["sides"]


def test_sides_are_not_read_without_partnership() -> None:
    game = parse_new_game(form(side_0="A", side_1="B"), TODAY)
    assert [seat.team for seat in game.seats] == [None, None]


def test_options_stale() -> None:
    assert not options_stale(form())
    assert not options_stale(form(options_for="rummy500"))
    assert options_stale(form(options_for="persian"))


def test_option_groups_hold_every_option_once_in_order() -> None:
    groups = option_groups(PRESETS["rummy5000"].rules)
    assert [group.name for group in groups] == list(GROUPS)
    names = [item.option for group in groups for item in group.inputs]
    assert names == list(OPTIONS)
    inputs = {item.option: item for group in groups for item in group.inputs}
    assert (inputs["target"].kind, inputs["target"].value) == ("number", "5000")
    assert inputs["set_duplicates_allowed"].kind == "checkbox"
    assert inputs["set_duplicates_allowed"].checked
    assert inputs["deal"].kind == "select" and ("upcard", "upcard") in inputs["deal"].choices
    assert (inputs["wild_ranks"].kind, inputs["wild_ranks"].value) == ("text", "")
    assert inputs["hand_size"].value == "2:13, other:7"
    assert inputs["upcard_min_rank"].value == ""
    assert dict((rank, value) for rank, _, value in inputs["card_points"].points)["A"] == "100"
    assert not any(item.changed for item in inputs.values())


def test_option_groups_keep_what_was_sent() -> None:
    sent = form(opt_target="abc", opt_partnership=["0", "1"])
    sent["opt-card_points-K"] = ["13"]
    groups = option_groups(PRESETS["rummy500"].rules, sent)
    inputs = {item.option: item for group in groups for item in group.inputs}
    assert (inputs["target"].value, inputs["target"].changed) == ("abc", True)
    assert inputs["partnership"].checked and inputs["partnership"].changed
    assert inputs["card_points"].changed
    assert not inputs["min_run"].changed
    by_name = {group.name: group for group in groups}
    assert by_name["ending"].changed == 1
    assert by_name["ending"].has_error({"opt-target": "bad"})
    assert not by_name["melds"].has_error({"opt-target": "bad"})


@pytest.mark.parametrize("dealer", ["²", "٣", "-1", "1.0", " "])
def test_odd_dealer_values(dealer: str) -> None:
    sent = form(dealer=dealer)
    if dealer.strip():
        assert "dealer" in errors_of(sent)
    else:
        assert parse_new_game(sent, TODAY).dealer is None


@pytest.mark.parametrize("decks", ["²", "٣", "9"])
def test_odd_option_values_are_errors_not_crashes(decks: str) -> None:
    assert "opt-decks" in errors_of(form(opt_decks=decks))


def test_upcard_wild_cards_is_an_optional_number_like_max_deals() -> None:
    """Seed 000: a wild upcard may "correspond to a larger number of cards, such as 15, 20 or
    even 25"; left empty it is null (the wild upcard goes back and another is dealt)."""
    groups = option_groups(PRESETS["rummy5000"].rules)
    dealing = next(group for group in groups if group.name == "dealing")
    names = [item.option for item in dealing.inputs]
    assert names[names.index("upcard_min_rank") + 1] == "upcard_wild_cards"
    item = dealing.inputs[names.index("upcard_wild_cards")]
    assert (item.kind, item.value, item.hint) == ("number", "", "empty: none")
    assert item.label.startswith("A permanent wild upcard counts as this number")
    game = parse_new_game(
        form(preset="rummy5000", opt_wild_ranks="2", opt_upcard_wild_cards="20"), TODAY
    )
    assert game.options == {"wild_ranks": ["2"], "upcard_wild_cards": 20}
    assert game.rules.upcard_wild_cards == 20
    assert parse_new_game(form(preset="rummy5000", opt_upcard_wild_cards=""), TODAY).options == {}


# --- the inputs follow the options' declarations -------------------------------------------

#: The input drawn for each way an option's declaration says the form takes it.
DRAWN_AS = {
    "select": "select",
    "checkbox": "checkbox",
    "number": "number",
    "points": "points",
    "list": "text",
    "pairs": "text",
    "number_or_choice": "text",
}


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_option_has_an_input_of_its_declared_kind(preset: str) -> None:
    rules = PRESETS[preset].rules
    groups = option_groups(rules)
    for group in groups:
        for item in group.inputs:
            option = OPTIONS[item.option]
            assert group.name == option.group
            assert item.kind == DRAWN_AS[option.entry]
            assert item.label == option.label[:1].upper() + option.label[1:]
            assert not item.changed
            if item.kind == "select":
                values = [value for value, _ in item.choices]
                assert values == [*([""] if option.optional else []), *map(str, option.choices)]
                shown = getattr(rules, item.option)
                assert item.value == ("" if shown is None else str(shown)) and item.value in values


@pytest.mark.parametrize("name", [name for name, o in OPTIONS.items() if o.entry == "select"])
def test_each_value_a_select_offers_is_one_the_rules_take(name: str) -> None:
    """A select lists exactly the values of the option's Literal (or declared values): each one
    sent back starts a game with that value, and anything else is refused by the rules."""
    item = next(
        item
        for group in option_groups(PRESETS["rummy5000"].rules)
        for item in group.inputs
        if item.option == name
    )
    for value, _ in item.choices:
        game = parse_new_game(form(preset="rummy5000", **{f"opt_{name}": value}), TODAY)
        got = getattr(game.rules, name)
        assert ("" if got is None else str(got)) == value
    assert f"opt-{name}" in errors_of(form(**{f"opt_{name}": "not_a_value"}))


def test_the_page_draws_one_input_per_option_as_declared(client: FlaskClient) -> None:
    html = client.get("/games/new?preset=rummy5000").get_data(as_text=True)
    drawn = {
        "select": r'<select id="opt-{}" name="opt-{}"',
        "checkbox": r'<input type="checkbox" id="opt-{}" name="opt-{}" value="1"',
        "number": r'<input type="number" id="opt-{}" name="opt-{}"',
        "text": r'<input type="text" id="opt-{}" name="opt-{}"',
    }
    for name, option in OPTIONS.items():
        kind = DRAWN_AS[option.entry]
        if kind == "points":
            for rank in RANKS:
                assert html.count(f'name="opt-{name}-{rank}"') == 1
        else:
            assert len(re.findall(drawn[kind].format(name, name), html)) == 1, name
        assert f"<code>{name}</code>" in html
    assert html.count('class="field option option-') == len(OPTIONS)
