"""GET /api/v1/presets."""

from __future__ import annotations

from flask.testing import FlaskClient

from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.rules import OPTIONS
from scorekeeper.systems.gin.rules import GIN_OPTIONS, GIN_PRESETS
from scorekeeper.systems.indian.rules import INDIAN_OPTIONS, INDIAN_PRESETS
from scorekeeper.systems.spades.presets import SPADES_OPTIONS, SPADES_PRESETS


def test_every_preset_with_every_option(client: FlaskClient) -> None:
    response = client.get("/api/v1/presets")
    assert response.status_code == 200
    presets = response.get_json()
    assert [preset["id"] for preset in presets] == [
        *PRESETS,
        *SPADES_PRESETS,
        *GIN_PRESETS,
        *INDIAN_PRESETS,
    ]
    for preset in presets:
        assert set(preset) >= {"id", "name", "summary", "options", "lines"}
        # Spades and Gin have options of their own
        options = (
            ["game", *SPADES_OPTIONS]
            if preset["id"] in SPADES_PRESETS
            else ["game", *GIN_OPTIONS]
            if preset["id"] in GIN_PRESETS
            else ["game", *INDIAN_OPTIONS]
            if preset["id"] in INDIAN_PRESETS
            else list(OPTIONS)
        )
        assert list(preset["options"]) == options
        assert preset["lines"] and all(isinstance(line, str) for line in preset["lines"])


def test_rummy5000_options(client: FlaskClient) -> None:
    presets = {preset["id"]: preset for preset in client.get("/api/v1/presets").get_json()}
    rummy5000 = presets["rummy5000"]
    assert rummy5000["name"] == "5000 Rummy"
    assert rummy5000["options"]["deal"] == "upcard"
    assert rummy5000["options"]["round_wild"] == "dealer_upcard"
    assert rummy5000["options"]["target"] == 5000
    assert rummy5000["options"]["card_points"]["A"] == 100
