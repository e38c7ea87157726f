"""The round form's fields as text: cut to size, sent and read back, the warnings' fingerprint."""

from __future__ import annotations

from scorekeeper.engine.presets import rules_for
from scorekeeper.web.round_form.fields import (
    PlayerFields,
    RoundFields,
    blank_fields,
    warnings_digest,
)
from scorekeeper.web.round_form.reading import FormGame, interpret


def test_the_form_is_cut_to_size() -> None:
    fields = RoundFields.from_fields(
        {"p0-table": "AS " * 5000, "current": "99", "key": "k" * 500}, 2
    )
    assert len(fields.players[0].table) == 2000
    assert fields.current == 0
    result = interpret(fields, FormGame(rules_for("rummy500"), ("Ann", "Bob")))
    assert result.key is None  # longer than the column
    assert "more than any round holds" in result.errors["p0-table"]


def test_the_fields_as_sent_read_back_the_same() -> None:
    fields = RoundFields(
        (PlayerFields(table="8S 9S", layout="@1.0 8S 9S!"), PlayerFields("totals", melded="20")),
        dealer="Bob",
        went_out="stock",
        version="3",
        key="abc",
        accept_warnings=True,
        warnings_seen="0123",
        current=1,
    )
    assert RoundFields.from_fields(fields.to_fields(), 2) == fields
    blank = blank_fields(3, dealer="Cy", version=2, key="k")
    assert RoundFields.from_fields(blank.to_fields(), 3) == blank


def test_warnings_digest_changes_with_the_warnings() -> None:
    assert warnings_digest(()) != warnings_digest(["x"])
    assert len(warnings_digest(["x"])) == 16
