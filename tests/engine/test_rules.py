"""Rules: every option declared once and validated by name, JSON round-trip, presets, summaries."""

import dataclasses
from types import UnionType
from typing import Literal, Union, get_args, get_origin, get_type_hints

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.engine import rules as rules_module
from scorekeeper.engine.cards import RANKS, parse_cards
from scorekeeper.engine.melds import check_meld
from scorekeeper.engine.points import Context
from scorekeeper.engine.presets import PRESETS, get_preset, rules_for
from scorekeeper.engine.rules import (
    GROUPS,
    JOKER_EFFECTS,
    MOST,
    OPTIONS,
    JokerEffect,
    MeldKinds,
    Rules,
    RulesError,
    ScoringRule,
    option,
    option_groups,
)
from scorekeeper.engine.summary import summarize


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"decks": 0}, "decks"),
        ({"decks": "two"}, "decks"),
        ({"jokers": -1}, "jokers"),
        ({"omit_ranks": ["1"]}, "omit_ranks"),
        ({"omit_ranks": "2"}, "omit_ranks"),
        ({"meld_kinds": "runs"}, "meld_kinds"),
        ({"min_set": True}, "min_set"),
        ({"max_set": 2}, "max_set"),
        ({"ace_position": "middle"}, "ace_position"),
        ({"around_the_corner": "yes"}, "around_the_corner"),
        ({"wild_ranks": ["X"]}, "wild_ranks"),
        ({"wild_cards": ["ZZ"]}, "wild_cards"),
        ({"round_wild": "dealer"}, "round_wild"),
        ({"wild_limit": 1}, "wild_limit"),
        ({"card_points": {"A": -5}}, "card_points"),
        ({"card_points": {"Z": 5}}, "card_points"),
        ({"joker_points": "lots"}, "joker_points"),
        ({"card_overrides": {"QX": 45}}, "card_overrides"),
        ({"points_divisor": 0}, "points_divisor"),
        ({"scoring": "plus"}, "scoring"),
        ({"stock_out": None}, "stock_out"),
        ({"target": 0}, "target"),
        ({"hand_size": {"2": 13}}, "hand_size"),
        ({"hand_size": {"9": 5, "other": 7}}, "hand_size"),
        ({"upcard_ace": 12}, "upcard_ace"),
        ({"upcard_min_rank": "1"}, "upcard_min_rank"),
        ({"upcard_wild_cards": 0}, "upcard_wild_cards"),
        ({"upcard_wild_cards": 53}, "upcard_wild_cards"),
        ({"upcard_wild_cards": "15"}, "upcard_wild_cards"),
        ({"upcard_wild_cards": True}, "upcard_wild_cards"),
        ({"dealer_rotation": "up"}, "dealer_rotation"),
        ({"min_set": 4, "max_set": 3}, "max_set"),
        ({"omit_ranks": [*list("A23456789JQK"), "10"]}, "omit_ranks"),
    ],
)
def test_bad_values_name_the_option(options: dict[str, object], named: str) -> None:
    with pytest.raises(RulesError, match=named) as raised:
        Rules().with_options(options)
    assert raised.value.option == named


def test_an_unknown_option_suggests_the_close_one() -> None:
    with pytest.raises(RulesError, match="did you mean 'wild_ranks'"):
        Rules().with_options({"wild_rank": ["2"]})


def test_an_unknown_preset_lists_the_presets() -> None:
    with pytest.raises(RulesError, match="rummy5000, rummy5000-minus"):
        get_preset("canasta")


def test_defaults_are_the_rummy500_preset_of_rules_md() -> None:
    rules = get_preset("rummy500").rules
    assert rules == Rules()
    assert rules.to_dict()["card_points"] == {
        "A": 15,
        "2": 2,
        "3": 3,
        "4": 4,
        "5": 5,
        "6": 6,
        "7": 7,
        "8": 8,
        "9": 9,
        "10": 10,
        "J": 10,
        "Q": 10,
        "K": 10,
    }
    assert (rules.ace_low_points, rules.joker_points, rules.target) == (1, 15, 500)


@pytest.mark.parametrize(
    ("preset", "option", "value"),
    [
        ("rummy500-fives", "ace_low_points", 5),
        ("rummy500-pips", "rummy_call_points", 15),
        # seed 001 (its pip-count scoring): "A cannot follow a sequence of K."
        ("rummy500-pips", "ace_position", "low_only"),
        ("rummy100", "points_divisor", 5),
        ("rummy100", "target", 100),
        ("rummy5000", "scoring", "melds_plus_hands_to_goer"),
        ("rummy5000", "wild_ace_points", 200),
        ("rummy5000", "round_wild", "dealer_upcard"),
        ("rummy5000", "deal", "upcard"),
        ("rummy5000", "set_duplicates_allowed", True),
        ("rummy5000", "real_card_for_wild", "lay_beside"),
        ("rummy5000-minus", "going_out_bonus", 200),
        ("rummy5000-minus", "scoring", "melds_minus_hand"),
        ("george2500", "meld_kinds", "sets_only"),
        ("george2500", "omit_ranks", ("2",)),
        ("george2500", "upcard_ace", 14),
        ("george2500", "target", 2500),
        ("partnership500", "partnership", True),
        ("persian", "jokers", 4),
        ("persian", "jokers_wild", False),
        ("persian", "max_deals", 2),
        ("persian", "target", None),
        ("persian", "settlement", "difference"),
        ("persian", "final_bonus_best", 50),
        ("dealers-gambit", "dealer_rotation", "right"),
        ("dealers-gambit", "joker_points", 0),
        ("dealers-gambit", "target", 250),
    ],
)
def test_presets_differ_from_the_default_as_rules_md_says(
    preset: str, option: str, value: object
) -> None:
    assert getattr(get_preset(preset).rules, option) == value


def test_spades_is_not_a_preset_yet() -> None:
    assert "spades" not in PRESETS


def test_a_preset_plus_overrides_is_a_new_value_and_the_preset_is_unchanged() -> None:
    changed = rules_for("rummy500-fives", {"target": 300, "card_points": {"8": 10, "9": 10}})
    assert changed.target == 300 and changed.rank_points("8") == 10
    assert changed.rank_points("7") == 5  # the other ranks keep the preset's points
    assert get_preset("rummy500-fives").rules.target == 500


option_values = st.fixed_dictionaries(
    {},
    optional={
        "decks": st.sampled_from(["auto", 1, 2, 3]),
        "jokers": st.integers(0, 8),
        "omit_ranks": st.lists(st.sampled_from(["2", "3", "4"])),
        "wild_ranks": st.lists(st.sampled_from(["2", "10", "A"])),
        "wild_cards": st.lists(st.sampled_from(["JS", "JH"])),
        "wild_limit": st.sampled_from(["none", "naturals_majority", "one", "one_per_three"]),
        "joker_points": st.one_of(st.integers(0, 100), st.just("as_represented")),
        "card_overrides": st.dictionaries(st.sampled_from(["QS", "8H"]), st.integers(0, 50)),
        "target": st.one_of(st.none(), st.integers(1, 10_000)),
        "max_set": st.one_of(st.none(), st.integers(4, 8)),
        "hand_size": st.just({"2": 10, "other": 6}),
        "upcard_min_rank": st.sampled_from([None, "4"]),
        "upcard_wild_cards": st.one_of(st.none(), st.integers(1, 52)),
    },
)


@given(st.sampled_from(sorted(PRESETS)), option_values)
def test_rules_round_trip_through_json(preset: str, options: dict[str, object]) -> None:
    rules = rules_for(preset, options)
    assert Rules.from_dict(rules.to_dict()) == rules
    assert hash(Rules.from_dict(rules.to_dict())) == hash(rules)


@given(st.sampled_from(sorted(PRESETS)), option_values, option_values)
def test_rules_equal_exactly_when_their_options_are(
    preset: str, some: dict[str, object], others: dict[str, object]
) -> None:
    # Rules compare by fields kept at construction (__eq__ is written by hand for speed): two
    # rules are equal if and only if every option's JSON is.
    one, two = rules_for(preset, some), rules_for(preset, others)
    assert (one == two) == (one.to_dict() == two.to_dict())
    assert one != preset and one == rules_for(preset, some)


def test_every_option_is_in_a_group_and_in_the_json() -> None:
    grouped = [option.name for options in option_groups().values() for option in options]
    assert sorted(grouped) == sorted(OPTIONS) == sorted(Rules().to_dict())


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_has_a_summary(preset: str) -> None:
    lines = summarize(get_preset(preset).rules)
    assert lines and all(line.endswith(".") for line in lines)


@pytest.mark.parametrize(
    ("options", "phrase"),
    [
        ({"around_the_corner": True}, "around the corner (K-A-2) allowed"),
        ({"wild_ranks": ["2"], "wild_limit": "one"}, "At most one wild in a meld."),
        ({"jokers": 2, "joker_points": "as_represented"}, "jokers as the card they stand for"),
        ({"points_divisor": 5}, "divided by 5"),
        ({"target_rule": "exceed"}, "pass 500"),
        ({"stock_out": "opponent_remainder"}, "each side adds the other's hand"),
        ({"dealer_rotation": "winner"}, "winner deals next"),
        ({"deal": "upcard", "wild_ranks": ["2"]}, "a wild upcard is dealt again"),
        (
            {"deal": "upcard", "wild_ranks": ["2"], "upcard_wild_cards": 15},
            "wild upcard gets 15 more",
        ),
        (
            {"deal": "upcard", "jokers": 2, "upcard_count": "total", "upcard_wild_cards": 20},
            "a wild upcard gets 20 in all",
        ),
        # seed 000: "If Aces are 50 and wildcards are 100, then wild Aces would normally be
        # worth 150": a null wild_ace_points is the ace's own points plus wild_points.
        ({"wild_points": 100, "wild_ranks": ["A"]}, "a wild ace 115 (its own 15 plus 100)"),
        ({"wild_points": 100, "round_wild": "progression"}, "a wild ace 115"),
        ({"wild_points": 100, "wild_ace_points": 200, "wild_cards": ["AS"]}, "a wild ace 200."),
    ],
)
def test_summary_mentions_the_options(options: dict[str, object], phrase: str) -> None:
    assert phrase in " ".join(summarize(Rules().with_options(options)))


def test_summary_leaves_out_a_wild_ace_when_no_ace_can_be_wild() -> None:
    assert "wild ace" not in " ".join(summarize(Rules().with_options({"wild_ranks": ["2"]})))
    assert "wild ace" not in " ".join(
        summarize(Rules().with_options({"wild_points": 50, "wild_ranks": ["2"]}))
    )


def test_the_wild_ace_label_says_what_null_means() -> None:
    """Seed 000: "If Aces are 50 and wildcards are 100, then wild Aces would normally be worth
    150" -- null is not "as other wild cards" but the ace's own points plus wild_points."""
    assert OPTIONS["wild_ace_points"].label == (
        "a wild ace (none: its own points plus wild_points, if any)"
    )


@pytest.mark.parametrize(("codes", "legal"), [("AS 2S 3S", True), ("QS KS AS", False)])
def test_pip_count_aces_are_low_only(codes: str, legal: bool) -> None:
    """Seed 001, in the strategy notes of the pip-count game (Aces 1, J 11, Q 12, K 13):
    "Remember that wraparounds are not allowed for sequences. A cannot follow a sequence of K."
    """
    ctx = Context(get_preset("rummy500-pips").rules)
    verdict = check_meld(parse_cards(codes.split()), ctx)
    assert verdict.legal is legal
    assert "aces low only (A-2-3)" in summarize(get_preset("rummy500-pips").rules)[0]


def test_upcard_wild_cards_is_declared_after_upcard_min_rank_and_defaults_to_null() -> None:
    """Seed 000: "When permanent wild cards are used, they usually correspond to a larger number
    of cards, such as 15, 20 or even 25. Alternatively, some play that a wild card dealt as an
    upcard is buried in the pack and replaced by another card." Null is that alternative."""
    names = list(OPTIONS)
    assert names[names.index("upcard_min_rank") + 1] == "upcard_wild_cards"
    assert OPTIONS["upcard_wild_cards"].group == "dealing"
    assert all(preset.rules.upcard_wild_cards is None for preset in PRESETS.values())
    assert Rules().with_options({"upcard_wild_cards": 25}).to_dict()["upcard_wild_cards"] == 25
    assert Rules().with_options({"upcard_wild_cards": None}) == Rules()


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_snapshot_stored_before_upcard_wild_cards_still_loads(preset: str) -> None:
    """Old games' rules snapshots have no upcard_wild_cards: it takes its default, null."""
    snapshot = get_preset(preset).rules.to_dict()
    del snapshot["upcard_wild_cards"]
    loaded = Rules.from_dict(snapshot)
    assert loaded == get_preset(preset).rules
    assert loaded.upcard_wild_cards is None


def test_summary_says_nothing_of_wild_upcards_without_permanent_wilds() -> None:
    rules = rules_for("rummy5000", {"upcard_wild_cards": 15})
    assert "wild upcard" not in " ".join(summarize(rules))


def test_summary_and_label_say_a_rummy_call_counts_instead_of_the_card() -> None:
    """Seed 001, "Calling Rummy": "That card isalways awarded 15 points." (sic): RULES.md reads it
    as counting rummy_call_points instead of the card's own points, not as a bonus on top."""
    lines = summarize(get_preset("rummy500-pips").rules)
    assert "A card taken by a Rummy call counts 15 instead of its own points." in lines
    assert not any(line.startswith("Bonus:") for line in lines)
    assert "instead of its own points" in OPTIONS["rummy_call_points"].label


# --- each option declared once: the field of Rules is the declaration -----------------------

HINTS = get_type_hints(Rules)


def _literal_values(name: str) -> tuple[object, ...]:
    """The values the Literal members of a field's annotation spell."""
    annotation = HINTS[name]
    members = get_args(annotation) if get_origin(annotation) in (Union, UnionType) else ()
    return tuple(
        value
        for member in (members or (annotation,))
        if get_origin(member) is Literal
        for value in get_args(member)
    )


LITERAL_OPTIONS = [name for name in OPTIONS if _literal_values(name)]


def test_every_field_of_rules_is_a_declared_option_in_order() -> None:
    public = [each.name for each in dataclasses.fields(Rules) if not each.name.startswith("_")]
    assert public == list(OPTIONS)
    for each in dataclasses.fields(Rules):
        if each.name in OPTIONS:
            option = OPTIONS[each.name]
            assert option.group in GROUPS and option.label and option.entry
            assert option.default == each.default == getattr(Rules(), each.name)


@pytest.mark.parametrize("name", list(OPTIONS))
def test_every_default_round_trips_through_its_own_parser(name: str) -> None:
    option = OPTIONS[name]
    assert option.parse(name, option.dump(option.default)) == option.default
    assert Rules().to_dict()[name] == option.dump(option.default)


def test_the_choice_options_are_typed_as_literals() -> None:
    assert len(LITERAL_OPTIONS) >= 18
    assert _literal_values("meld_kinds") == ("sets_and_runs", "sets_only", "runs_only")
    assert _literal_values("upcard_ace") == (11, 14, 15)
    assert _literal_values("decks") == ("auto",)
    assert _literal_values("joker_points") == ("as_represented",)
    # every select names its values: a Literal's, or (ranks, scoring) listed in the declaration
    selects = [name for name, option in OPTIONS.items() if option.entry == "select"]
    assert all(OPTIONS[name].choices for name in selects)
    assert set(LITERAL_OPTIONS) - {"decks", "joker_points"} <= set(selects)


@pytest.mark.parametrize("name", LITERAL_OPTIONS)
def test_a_literal_options_values_are_what_validation_takes(name: str) -> None:
    option = OPTIONS[name]
    for value in _literal_values(name):
        assert value in option.choices
        assert getattr(Rules().with_options({name: value}), name) == value
    with pytest.raises(RulesError, match=name) as raised:
        Rules().with_options({name: "not_a_value"})
    assert raised.value.option == name
    words = [value for value in option.choices if isinstance(value, str)]
    assert all(word in str(raised.value) for word in words if option.entry == "select")


def test_scoring_names_its_values_until_it_is_typed_as_its_literal() -> None:
    assert OPTIONS["scoring"].choices == get_args(ScoringRule)


@pytest.mark.parametrize(
    ("name", "entry"),
    [
        ("decks", "select"),
        ("upcard_min_rank", "select"),
        ("partnership", "checkbox"),
        ("max_set", "number"),
        ("card_points", "points"),
        ("wild_cards", "list"),
        ("hand_size", "pairs"),
        ("joker_points", "number_or_choice"),
    ],
)
def test_each_option_says_how_the_form_takes_it(name: str, entry: str) -> None:
    assert OPTIONS[name].entry == entry


def test_a_select_of_numbers_lists_the_range_and_an_optional_select_may_be_null() -> None:
    assert OPTIONS["decks"].choices == ("auto", 1, 2, 3, 4)
    assert OPTIONS["upcard_min_rank"].choices == RANKS and OPTIONS["upcard_min_rank"].optional
    assert Rules().with_options({"upcard_min_rank": None}).upcard_min_rank is None


def test_the_joker_effects_are_listed_once() -> None:
    assert JOKER_EFFECTS == ("wild", "double", "split") == get_args(JokerEffect)
    assert "(wild, double, split)" in OPTIONS["dealer_joker"].label


def test_a_declaration_that_does_not_fit_its_type_is_refused() -> None:
    @dataclasses.dataclass(frozen=True)
    class Odd:
        ticked: int = option(0, "deck", "checkbox", "a box that holds a number")
        kinds: MeldKinds = option("sets_and_runs", "melds", "select", "kinds")  # noqa: RUF009
        picked: str = option("x", "deck", "select", "no values")

    fields = {each.name: each for each in dataclasses.fields(Odd)}
    hints = get_type_hints(Odd, globalns=vars(rules_module))
    with pytest.raises(TypeError, match="checkbox input cannot take"):
        rules_module._declared_option(fields["ticked"], hints["ticked"])
    assert rules_module._declared_option(fields["kinds"], hints["kinds"]).choices == get_args(
        MeldKinds
    )
    with pytest.raises(TypeError, match="nothing says how to read"):
        rules_module._declared_option(fields["picked"], hints["picked"])


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"going_out_bonus": 2147483648}, "going_out_bonus"),  # was a 500 on PostgreSQL
        ({"going_out_bonus": 2**63}, "going_out_bonus"),  # and on SQLite
        ({"target": 10**9}, "target"),
        ({"card_points": {"A": 10**6}}, "card_points.A"),
        ({"card_overrides": {"QS": 10**7}}, "card_overrides.QS"),
        ({"joker_points": 10**8}, "joker_points"),
        ({"four_aces_points": 10**6}, "four_aces_points"),
    ],
)
def test_every_number_has_a_highest_that_fits_the_database(
    options: dict[str, object], named: str
) -> None:
    with pytest.raises(RulesError) as refused:
        rules_for("rummy500", options)
    assert named in str(refused.value)
    assert all(
        option.high is not None and option.high <= MOST
        for option in OPTIONS.values()
        if option.entry in ("number", "number_or_choice")
    )
