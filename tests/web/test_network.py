"""The address in QR codes and printed links is one a phone can reach."""

from __future__ import annotations

import pytest

from scorekeeper.web import network


@pytest.fixture
def lan(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(network, "lan_address", lambda: "192.168.1.20")


@pytest.mark.parametrize(
    ("request_url", "expected"),
    [
        ("http://127.0.0.1:8000/s/x", "http://192.168.1.20:8000/"),
        ("http://localhost:5000/", "http://192.168.1.20:5000/"),
        ("http://[::1]:8000/", "http://192.168.1.20:8000/"),
        ("http://192.168.1.7:8000/w/y", "http://192.168.1.7:8000/"),
        ("https://cards.example.org/w/y", "https://cards.example.org/"),
    ],
)
def test_reachable_base_never_loopback(lan: None, request_url: str, expected: str) -> None:
    assert network.reachable_base(None, request_url) == expected


def test_public_base_url_wins(lan: None) -> None:
    assert (
        network.reachable_base("https://cards.example.org/", "http://127.0.0.1:8000/")
        == "https://cards.example.org/"
    )


def test_no_lan_address_falls_back_to_the_request(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(network, "lan_address", lambda: None)
    assert network.reachable_base(None, "http://127.0.0.1:8000/") == "http://127.0.0.1:8000/"
