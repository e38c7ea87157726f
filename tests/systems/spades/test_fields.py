"""The Spades hand form's fields read: bids, tricks, and the error of each field."""

from __future__ import annotations

import pytest

from scorekeeper.systems.spades.fields import HandFields, ReadHand, read_hand

NAMES = ["Ann", "Bob", "Cy", "Dee"]


def read(bids: list[str], tricks: list[str], blind_nil: bool = True) -> ReadHand:
    form = {f"bid-{i}": b for i, b in enumerate(bids)} | {
        f"tricks-{i}": t for i, t in enumerate(tricks)
    }
    return read_hand(HandFields.from_form(form, 4), NAMES, blind_nil=blind_nil)


@pytest.mark.parametrize(
    ("bid", "read_as", "error"),
    [
        ("4", 4, None),
        ("13", 13, None),
        ("nil", "nil", None),
        ("0", "nil", None),
        ("blind_nil", "blind_nil", None),
        ("", None, "What did Ann bid?"),
        ("14", None, "A bid is nil, blind nil or 1 to 13."),
        ("²", None, "A bid is nil, blind nil or 1 to 13."),
        ("-1", None, "A bid is nil, blind nil or 1 to 13."),
        (" 5 ", 5, None),
    ],
)
def test_a_bid(bid: str, read_as: object, error: str | None) -> None:
    got = read([bid, "1", "1", "1"], ["3", "3", "3", "4"])
    assert got.bids[0] == read_as
    assert got.errors.get("bid-0") == error


def test_blind_nil_when_the_rules_do_not_allow_it() -> None:
    got = read(["blind_nil", "1", "1", "1"], ["3", "3", "3", "4"], blind_nil=False)
    assert got.errors == {"bid-0": "These rules do not allow blind nil."}


@pytest.mark.parametrize(
    ("tricks", "taken", "missing", "errors"),
    [
        (["3", "3", "3", "4"], 13, 0, {}),
        (["3", "3", "3", ""], 9, 4, {"tricks-3": "How many tricks did Dee take?"}),
        (["13", "1", "0", "0"], 14, -1, {}),
        (["14", "0", "0", "0"], 0, 13, {"tricks-0": "Tricks are 0 to 13."}),
        (["x", "3", "3", "3"], 9, 4, {"tricks-0": "Tricks are 0 to 13."}),
    ],
)
def test_tricks_and_what_is_missing(
    tricks: list[str], taken: int, missing: int, errors: dict[str, str]
) -> None:
    got = read(["1", "1", "1", "1"], tricks)
    assert (got.taken, got.missing, got.errors) == (taken, missing, errors)
