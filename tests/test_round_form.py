"""The round form's fields ↔ engine values: card codes, the grouping grammar, the app's own
grouping (two passes), the record built for the engine, and a stored round back into fields.

Points are worked out by hand from RULES.md's tables: Rummy 500 counts 2-10 at face value, J Q K
10, an ace 15 (1 at the low end of a run); 5000 Rummy counts 2-9 5, 10-K 10, an ace 100, a wild
100 (a wild ace 200); Persian counts a four laid down at once double.
"""

from __future__ import annotations

import pytest

from scorekeeper.engine.cards import Card, format_cards, parse_cards
from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.rules import Rules
from scorekeeper.engine.scoring import LayoffRecord, MeldRecord, PlayerRecord, RoundRecord, meld
from scorekeeper.engine.scoring import score_round as engine_score
from scorekeeper.round_form import (
    MAX_AUTO,
    FormError,
    FormGame,
    Group,
    Interpretation,
    PlayerFields,
    RoundFields,
    fields_for_record,
    format_layout,
    interpret,
    parse_codes,
    parse_layout,
    preview,
    warnings_digest,
)

NAMES = ("Ann", "Bob", "Cy")


def cards(codes: str) -> tuple[Card, ...]:
    return tuple(parse_cards(codes.split()))


def form(players: dict[int, dict[str, str]], seats: int = 3, **top: str) -> RoundFields:
    """Fields as the phone sends them: ``{seat: {"table": ..., "hand": ...}}`` and top fields."""
    fields = dict(top)
    for seat, entry in players.items():
        fields.update({f"p{seat}-{key}": value for key, value in entry.items()})
    return RoundFields.from_fields(fields, seats)


def read(
    players: dict[int, dict[str, str]],
    rules: Rules | None = None,
    names: tuple[str, ...] = NAMES,
    melded_before: frozenset[str] = frozenset(),
    **top: str,
) -> Interpretation:
    game = FormGame(rules or rules_for("rummy500"), names, melded_before)
    return interpret(form(players, len(names), **top), game)


def layouts(result: Interpretation) -> list[str]:
    return [plan.layout for plan in result.players]


def totals(result: Interpretation, rules: Rules | None = None) -> dict[str, int]:
    return engine_score(rules or rules_for("rummy500"), result.record).totals()


#: API.md's round: Ann goes out with 3C 3D 3S, 5D 6D 7D and 9S laid off on Bob's 6S 7S 8S; Bob
#: holds KH 2C; Cy counted 40 down and 25 in hand.
API_MD = {
    0: {"table": "9S 3C 5D 3D 6D 3S 7D"},
    1: {"table": "8S 6S 7S", "hand": "KH 2C"},
    2: {"mode": "totals", "melded": "40", "in_hand": "25"},
}


# --- card codes -----------------------------------------------------------------------------


def test_codes_in_any_notation() -> None:
    assert format_cards(parse_codes("as 10h Th q♦ jk, Joker 2♣")) == "AS 10H 10H QD JK JK 2C"
    assert parse_codes("  ") == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("8S XX", "'XX' is not a card"),
        ("1S", "'1S' is not a card"),
        ("8H!", "'8H!': a Rummy call (!) is marked in the grouping"),
        ("AS " * 121, "121 cards is more than any round holds"),
    ],
)
def test_bad_codes_are_named(text: str, message: str) -> None:
    with pytest.raises(FormError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_codes(text)


# --- the grouping grammar -------------------------------------------------------------------


def test_the_grammar_of_the_brief() -> None:
    groups = parse_layout("3C 3D 3S / once 4C 4D 4H 4S / @1.0 9S / @2.1 final JK 8H!", seats=3)
    assert groups == [
        Group(cards("3C 3D 3S")),
        Group(cards("4C 4D 4H 4S"), once=True),
        Group(cards("9S"), onto=(1, 0)),
        Group(cards("JK 8H"), (False, True), onto=(2, 1), final=True),
    ]
    assert format_layout(groups) == "3C 3D 3S / once 4C 4D 4H 4S / @1.0 9S / @2.1 final JK 8H!"


def test_the_grammar_is_forgiving_about_case_order_and_empty_groups() -> None:
    groups = parse_layout(" / 3c 3d doubled jk 3s // @1.0 FINAL 9s / ", seats=2)
    assert format_layout(groups) == "doubled 3C 3D JK 3S / @1.0 final 9S"


@pytest.mark.parametrize(
    ("layout", "message"),
    [
        ("3C XX 3S", "'XX' is not a card"),
        ("@x 9S", "'@x' is not a layoff target: write @<seat>.<meld>"),
        ("@1 9S", "'@1' is not a layoff target"),
        ("@1.-1 9S", "'@1.-1' is not a layoff target"),
        ("@5.0 9S", "'@5.0': there is no seat 5 (the seats are 0 to 2)"),
        ("@1.0 @2.0 9S", "'@2.0': a group lays off onto one meld only"),
        ("@1.0 once 9S", "'once' marks a meld, not a layoff (@1.0)"),
        ("@1.0 doubled 9S", "'doubled' marks a meld, not a layoff (@1.0)"),
        ("final 9S 10S JS", "'final' marks a layoff"),
        ("3C 3D 3S / once", "the group 'once' has no cards"),
    ],
)
def test_bad_groupings_name_the_token(layout: str, message: str) -> None:
    with pytest.raises(FormError) as caught:
        parse_layout(layout, seats=3)
    assert message in str(caught.value)


def test_a_bad_grouping_is_an_error_on_its_field_naming_the_player() -> None:
    result = read({0: {"table": "3C 3D 3S", "layout": "3C 3D ZZ"}})
    assert result.errors == {
        "p0-layout": "Ann's grouping: 'ZZ' is not a card: expected a rank "
        "(A 2 3 4 5 6 7 8 9 10 J Q K) and a suit (S H D C), "
        "or JK"
    }


def test_a_layoff_onto_a_meld_that_is_not_there() -> None:
    result = read({0: {"table": "9S", "layout": "@1.3 9S"}, 1: {"table": "6S 7S 8S"}}, went_out="1")
    assert result.errors == {
        "p0-layout": "Ann's grouping: '@1.3': Bob has no meld 3 (Bob's melds are 0 to 0)"
    }
    result = read({0: {"table": "9S", "layout": "@2.0 9S"}, 2: {"mode": "totals"}})
    assert "Cy is recorded by totals, with no melds to lay off onto" in result.errors["p0-layout"]
    result = read({0: {"table": "9S", "layout": "@1.0 9S"}})
    assert "Bob has no meld 0 (Bob has no melds)" in result.errors["p0-layout"]


# --- the other fields -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "key", "message"),
    [
        (
            {"p2-melded": "abc"},
            "p2-melded",
            "Cy: melded points must be a whole number from 0 to 100000, not 'abc'",
        ),
        ({"p2-melded": "100001"}, "p2-melded", "must be a whole number from 0 to 100000"),
        ({"p2-melded": "9" * 40}, "p2-melded", "must be a whole number from 0 to 100000"),
        ({"p2-in_hand": "-5"}, "p2-in_hand", "Cy: points in hand cannot be negative ('-5')"),
        ({"p2-in_hand": "2.5"}, "p2-in_hand", "must be a whole number"),
        ({"went_out": "7"}, "went_out", "'7' is not a seat in this game"),
        ({"went_out": "Ann"}, "went_out", "'Ann' is not a seat in this game"),
        ({"dealer": "Zed"}, "dealer", "'Zed' is not a player in this game"),
        ({"p0-table": "3C 3D 3Z"}, "p0-table", "Ann, on the table: '3Z' is not a card"),
        ({"p1-hand": "KH Q"}, "p1-hand", "Bob, in hand: 'Q' is not a card"),
    ],
)
def test_bad_fields(fields: dict[str, str], key: str, message: str) -> None:
    raw = {"p2-mode": "totals", "went_out": "0", **fields}
    result = interpret(RoundFields.from_fields(raw, 3), FormGame(rules_for("rummy500"), NAMES))
    assert key in result.errors
    assert message in result.errors[key]


def test_wild_rank_and_joker_effect_are_read_where_the_rules_use_them() -> None:
    rummy5000 = rules_for("rummy5000")
    assert read({}, rummy5000, wild_rank="q").record.wild_rank == "Q"
    assert read({}, rummy5000, wild_rank="11").errors["wild_rank"].startswith("'11' is not a rank")
    assert read({}, rules_for("george2500"), wild_rank="2").errors["wild_rank"] == (
        "2 is not in the pack under these rules (omit_ranks)"
    )
    assert read({}, rules_for("rummy500"), wild_rank="Q").record.wild_rank is None  # unused
    gambit = rules_for("dealers-gambit")
    assert read({}, gambit, joker_effect="double").record.joker_effect == "double"
    assert "wild, double or split" in read({}, gambit, joker_effect="triple").errors["joker_effect"]


def test_who_went_out_is_pending_until_chosen() -> None:
    result = read(API_MD)
    assert result.pending == {"went_out": "Choose who went out, or that the stock ran out."}
    assert result.errors == {}
    assert "went_out" in result.all_errors()


def test_the_form_is_cut_to_size() -> None:
    fields = RoundFields.from_fields(
        {"p0-table": "AS " * 5000, "current": "99", "key": "k" * 500}, 2
    )
    assert len(fields.players[0].table) == 2000
    assert fields.current == 0
    result = interpret(fields, FormGame(rules_for("rummy500"), ("Ann", "Bob")))
    assert result.key is None  # longer than the column
    assert "more than any round holds" in result.errors["p0-table"]


def test_version_and_key() -> None:
    result = read({}, version="12", key="abc123")
    assert (result.version, result.key) == (12, "abc123")
    result = read({}, version="twelve", key="has space")
    assert (result.version, result.key) == (None, None)


# --- the app's grouping ---------------------------------------------------------------------


def test_the_api_md_round_grouped_by_the_app() -> None:
    result = read(API_MD, went_out="0")
    assert result.errors == {}
    assert layouts(result) == ["3S 3D 3C / 5D 6D 7D / @1.0 9S", "6S 7S 8S", ""]
    ann, bob, cy = result.record.players
    assert ann.went_out and ann.melds == (meld("3S 3D 3C"), meld("5D 6D 7D"))
    assert ann.layoffs == (LayoffRecord("Bob", 0, cards("9S")),)
    assert bob.hand == cards("KH 2C")
    assert (cy.melded_points, cy.hand_points) == (40, 25)
    # 3+3+3 and 5+6+7 and the 9 laid off; Bob 6+7+8 less K 10 and 2; Cy 40 less 25
    assert totals(result) == {"Ann": 9 + 18 + 9, "Bob": 21 - 12, "Cy": 15}


def test_a_layoff_onto_a_later_meld_of_another_player_names_the_right_meld() -> None:
    result = read(
        {
            0: {"table": "QH QD QC 5D 6D 7D"},
            1: {"table": "2S 3S 4S 8D"},  # 8D extends Ann's second meld, the run
            2: {"table": "QS 5S"},  # QS onto Ann's queens, 5S onto Bob's run
        },
        went_out="1",
    )
    ann, bob, cy = result.record.players
    assert [format_cards(m.cards) for m in ann.melds] == ["5D 6D 7D", "QH QD QC"]
    assert bob.layoffs == (LayoffRecord("Ann", 0, cards("8D")),)
    assert set(cy.layoffs) == {
        LayoffRecord("Ann", 1, cards("QS")),
        LayoffRecord("Bob", 0, cards("5S")),
    }
    assert totals(result) == {"Ann": 18 + 30, "Bob": 9 + 8, "Cy": 10 + 5}


def test_a_layoff_extends_the_meld_as_already_extended() -> None:
    # Bob's 9S goes onto Ann's 6S 7S 8S; Cy's 10S then goes onto it after the 9S
    result = read({0: {"table": "6S 7S 8S"}, 1: {"table": "9S"}, 2: {"table": "10S"}}, went_out="0")
    assert [p.layoffs for p in result.record.players[1:]] == [
        (LayoffRecord("Ann", 0, cards("9S")),),
        (LayoffRecord("Ann", 0, cards("10S")),),
    ]
    assert totals(result) == {"Ann": 21, "Bob": 9, "Cy": 10}


def test_hand_made_melds_take_layoffs_from_the_app() -> None:
    result = read(
        {0: {"table": "KH QH JH", "layout": "JH QH KH"}, 1: {"table": "10H"}}, went_out="0"
    )
    assert result.players[0].hand_made and not result.players[1].hand_made
    assert result.record.players[1].layoffs == (LayoffRecord("Ann", 0, cards("10H")),)


def test_cards_the_app_cannot_place_make_one_meld_that_the_engine_explains() -> None:
    result = read({0: {"table": "3C 3D 3S 9H KC"}}, went_out="0")
    assert layouts(result)[0] == "3S 3D 3C / 9H KC"
    score = engine_score(rules_for("rummy500"), result.record)
    assert any("Ann's 9H KC is not a legal meld" in problem for problem in score.problems)


def test_a_wild_under_5000_rummy() -> None:
    rules = rules_for("rummy5000")
    result = read(
        {
            0: {"table": "AH 10S 8S AD 6H AC"},  # sixes wild: 8S 6H(9S) 10S and three aces
            1: {"table": "7D 7H 7S", "hand": "6C KD"},
            2: {"table": "", "hand": "2S"},
        },
        rules,
        went_out="0",
        wild_rank="6",
    )
    assert result.record.wild_rank == "6"
    assert layouts(result)[:2] == ["8S 6H 10S / AH AD AC", "7S 7H 7D"]
    # Ann: 8S 5 + 6H wild 100 + 10S 10 = 115, aces 3 x 100; she collects Bob's 6C (a wild,
    # 100) and KD 10, and Cy's 2S 5. Bob: three 7s at 5 each.
    assert totals(result, rules) == {"Ann": 115 + 300 + 110 + 5, "Bob": 15, "Cy": 0}
    shown = preview(result, engine_score(rules, result.record))
    run = shown.players[0].melds[0]
    assert (run.kind, run.points) == ("run", 115)
    assert [c.code() if c else None for c in run.stands_for] == [None, "9S", None]


def test_the_wild_rank_changes_the_grouping() -> None:
    rules = rules_for("rummy5000")
    plain = read({0: {"table": "8S 9H 10S"}}, rules, wild_rank="")
    nines = read({0: {"table": "8S 9H 10S"}}, rules, wild_rank="9")
    assert totals(plain, rules)["Ann"] == 0  # not a meld: nothing counts
    assert totals(nines, rules)["Ann"] == 5 + 100 + 10


def test_too_many_table_cards_to_group_automatically() -> None:
    pile = " ".join(
        [
            "AS",
            "2S",
            "3S",
            "4S",
            "5S",
            "6S",
            "7S",
            "8S",
            "9S",
            "10S",
            "JS",
            "QS",
            "KS",
            "AH",
            "2H",
            "3H",
            "4H",
            "5H",
            "6H",
            "7H",
            "8H",
            "9H",
            "10H",
            "JH",
            "QH",
            "KH",
            "AD",
            "2D",
            "3D",
            "4D",
            "5D",
            "6D",
            "7D",
            "8D",
            "9D",
            "10D",
            "JD",
            "QD",
            "KD",
            "AC",
            "2C",
        ]
    )
    assert len(pile.split()) == MAX_AUTO + 1
    result = read({0: {"table": pile}})
    assert (
        "too many to group automatically (at most 40): group them by hand"
        in (result.errors["p0-layout"])
    )


# --- the grouping by hand and the record ----------------------------------------------------


def test_flags_and_rummy_calls_reach_the_record() -> None:
    rules = rules_for("rummy500-pips", {"final_layoffs": True})
    result = read(
        {
            0: {"table": "6S 7S 8S 9S", "layout": "6S 7S 8S! / @1.0 final 9S"},
            1: {"table": "10S JS QS", "hand": ""},
        },
        rules,
        went_out="1",
    )
    assert result.errors == {}
    ann = result.record.players[0]
    assert ann.melds == (MeldRecord(cards("6S 7S 8S")),)
    assert ann.layoffs == (LayoffRecord("Bob", 0, cards("9S"), final=True),)
    assert ann.called == cards("8S")
    # pips: 6+7+8 = 21 and 15 for the Rummy call; the final layoff counts nothing
    assert totals(result, rules)["Ann"] == 21 + 15


def test_laid_at_once_and_doubled() -> None:
    persian = rules_for("persian")
    once = read(
        {0: {"table": "6S 6H 6D 6C", "layout": "once 6S 6H 6D 6C"}},
        persian,
        names=("Ann", "Bob", "Cy", "Dee"),
        went_out="0",
    )
    assert once.record.players[0].melds == (MeldRecord(cards("6S 6H 6D 6C"), laid_at_once=True),)
    score = engine_score(persian, once.record)
    assert score.players[0].melded == 48  # four 6s laid down at once count double
    assert preview(once, score).players[0].melds[0].points == 48
    without = read({0: {"table": "6S 6H 6D 6C"}}, persian, names=("Ann", "Bob", "Cy", "Dee"))
    assert engine_score(persian, without.record).players[0].melded == 24
    gambit = rules_for("dealers-gambit")
    doubled = read(
        {0: {"table": "QS QH QD JK", "layout": "doubled QS QH QD JK"}},
        gambit,
        names=("Ann", "Bob"),
        went_out="0",
        joker_effect="double",
    )
    score = engine_score(gambit, doubled.record)
    assert doubled.record.players[0].melds[0].doubled
    assert score.players[0].melded == 60  # three queens 30, doubled by the dealer's joker
    assert preview(doubled, score).players[0].melds[0].points == 60


def test_totals_players_and_the_stock_running_out() -> None:
    result = read(
        {
            0: {"table": "3C 3D 3S", "hand": "KH"},
            1: {"mode": "totals", "melded": "20", "in_hand": "7"},
        },
        names=("Ann", "Bob"),
        went_out="stock",
    )
    assert result.record.ended_by == "stock_out"
    assert not any(p.went_out for p in result.record.players)
    assert result.record.players[1] == PlayerRecord("Bob", melded_points=20, hand_points=7)
    assert totals(result) == {"Ann": 9 - 10, "Bob": 20 - 7}


def test_a_totals_player_keeps_no_cards_and_empty_totals_are_zero() -> None:
    result = read(
        {0: {"mode": "totals", "table": "3C 3D 3S", "melded": "", "in_hand": " "}},
        names=("Ann", "Bob"),
        went_out="0",
    )
    assert result.record.players[0] == PlayerRecord(
        "Ann", went_out=True, melded_points=0, hand_points=0
    )


def test_the_grouping_follows_the_table_field() -> None:
    # 9S is in the grouping but no longer on the table; 4S is on the table but not grouped yet
    result = read({0: {"table": "3C 3D 3S 4S", "layout": "3C 3D 3S / 9S"}})
    assert layouts(result)[0] == "3C 3D 3S 4S"


def test_opening_is_the_first_melding_in_the_game() -> None:
    result = read(
        {0: {"table": "3C 3D 3S"}, 1: {"hand": "9S"}, 2: {"mode": "totals", "melded": "30"}},
        melded_before=frozenset({"Cy"}),
        went_out="0",
    )
    assert result.record.opening == frozenset({"Ann"})
    rules = rules_for("rummy500", {"first_meld_minimum": 30})
    score = engine_score(rules, result.record)
    assert score.warnings == (
        "Ann's first melding totals 9, under the 30 these rules ask for (first_meld_minimum).",
    )


# --- the preview ----------------------------------------------------------------------------


def test_the_preview_of_the_api_md_round() -> None:
    result = read(API_MD, went_out="0")
    shown = preview(result, engine_score(rules_for("rummy500"), result.record))
    ann, bob, cy = shown.players
    assert [(g.legal, g.kind, g.points) for g in ann.groups] == [
        (True, "set", 9),
        (True, "run", 18),
        (True, "run", 9),
    ]
    layoff = ann.layoffs[0]
    assert (layoff.target_name, format_cards(layoff.target_cards)) == ("Bob", "6S 7S 8S")
    assert (ann.total, bob.total, cy.total) == (36, 9, 15)
    assert bob.hand_points == (10, 2) and bob.hand_note == "-12"
    assert shown.targets() == [
        (0, 0, 0, "Ann", cards("3S 3D 3C")),
        (0, 1, 1, "Ann", cards("5D 6D 7D")),
        (1, 0, 0, "Bob", cards("6S 7S 8S")),
    ]
    assert shown.problems == () and shown.warnings == ()


def test_the_preview_says_why_a_meld_or_a_layoff_fails() -> None:
    result = read(
        {
            0: {"table": "3C 3D 5S 9S", "layout": "3C 3D 5S / @1.0 9S"},
            1: {"table": "6S 7S 8S 9H", "layout": "6S 7S 8S / @1.0 9H"},
        },
        went_out="0",
    )
    shown = preview(result, engine_score(rules_for("rummy500"), result.record))
    bad_meld = shown.players[0].groups[0]
    assert not bad_meld.legal and bad_meld.points == 0
    assert "Not a set: the cards are of different ranks (3 5)." in bad_meld.reasons
    assert shown.players[0].groups[1].legal  # 9S extends 6S 7S 8S
    assert not shown.players[1].groups[1].legal  # 9H does not, after it
    assert shown.problems  # the engine agrees: the round is impossible as recorded


def test_the_preview_leaves_out_nobody_out_while_it_is_pending() -> None:
    result = read(API_MD)
    shown = preview(result, engine_score(rules_for("rummy500"), result.record))
    assert not any("nobody is marked as out" in p for p in shown.problems)


# --- a stored round back into the form ------------------------------------------------------


def game() -> FormGame:
    return FormGame(rules_for("rummy500"), NAMES)


def test_a_round_the_app_would_group_the_same_way_gets_empty_layouts() -> None:
    result = read(API_MD, went_out="0")
    fields = fields_for_record(result.record, game(), dealer="Cy", version=4)
    assert [p.layout for p in fields.players] == ["", "", ""]
    assert fields.players[0].table == "3S 3D 3C 5D 6D 7D 9S"
    assert fields.players[2] == PlayerFields(mode="totals", melded="40", in_hand="25")
    assert (fields.dealer, fields.version, fields.went_out) == ("Cy", "4", "0")
    again = interpret(fields, game())
    assert again.record == result.record


def test_a_round_grouped_otherwise_keeps_its_layout() -> None:
    record = RoundRecord(
        (
            PlayerRecord(
                "Ann",
                went_out=True,
                melds=(meld("6S 7S 8S"),),
                layoffs=(LayoffRecord("Ann", 0, cards("9S")),),
                called=cards("7S"),
            ),
            PlayerRecord("Bob", melds=(meld("5D 6D 7D"),), hand=cards("2C")),
            PlayerRecord("Cy", hand=cards("KD")),
        ),
        "going_out",
    )
    fields = fields_for_record(record, game(), dealer=None, version=2)
    assert [p.layout for p in fields.players] == ["6S 7S! 8S / @0.0 9S", "", ""]
    assert interpret(fields, game()).record.players == record.players


def test_a_stock_out_round_back_into_the_form() -> None:
    record = RoundRecord(
        (PlayerRecord("Ann", hand=cards("KD")), PlayerRecord("Cy", melded_points=5)), "stock_out"
    )
    fields = fields_for_record(record, game(), dealer="Bob", version=9)
    assert fields.went_out == "stock"
    assert fields.players[1] == PlayerFields()  # Bob was not in the stored round


def test_warnings_digest_changes_with_the_warnings() -> None:
    assert warnings_digest(()) != warnings_digest(["x"])
    assert len(warnings_digest(["x"])) == 16


def test_the_doctests() -> None:
    import doctest

    from scorekeeper import round_form

    assert doctest.testmod(round_form).failed == 0
