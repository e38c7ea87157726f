"""A stored round back into the form: empty layouts where the app would group it the same way."""

from __future__ import annotations

from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.scoring import LayoffRecord, PlayerRecord, RoundRecord, meld
from scorekeeper.web.round_form.fields import PlayerFields
from scorekeeper.web.round_form.from_record import fields_for_record
from scorekeeper.web.round_form.reading import FormGame, interpret

from .conftest import API_MD, NAMES, cards, read


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
