"""Every interactive control on a page has a name of its own (its role and accessible name), hidden
ones included: a screen reader, a voice command or a script tapping "Laid down at once" or "1"
reaches exactly one control. Links that go to the same place may share a name."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import LiveServer

pytest.importorskip("playwright.sync_api")

#: Each control's role and accessible name (aria-label, aria-labelledby, its labels, else its
#: text without aria-hidden parts), the names more than one control has.
SHARED_NAMES = """() => {
  const text = (node) => {
    if (node.nodeType === 3) return node.textContent;
    if (node.nodeType !== 1 || node.getAttribute("aria-hidden") === "true") return "";
    return [...node.childNodes].map(text).join("");
  };
  const name = (el) => {
    if (el.getAttribute("aria-label")) return el.getAttribute("aria-label");
    const by = el.getAttribute("aria-labelledby");
    if (by) return by.split(/\\s+/).map((id) => document.getElementById(id))
      .filter(Boolean).map(text).join(" ");
    if (el.labels && el.labels.length) return [...el.labels].map(text).join(" ");
    return text(el) || el.getAttribute("title") || "";
  };
  const role = (el) => el.getAttribute("role")
    || (el.tagName === "INPUT" ? "input " + el.type : el.tagName.toLowerCase());
  const seen = {};
  const controls = "a[href], button, input:not([type=hidden]), select, textarea, summary";
  for (const el of document.querySelectorAll(controls)) {
    const key = role(el) + ": " + name(el).replace(/\\s+/g, " ").trim();
    (seen[key] = seen[key] || new Set()).add(el.tagName === "A" ? el.getAttribute("href") : el);
  }
  return Object.entries(seen).filter(([, where]) => where.size > 1).map(([key]) => key);
}"""


def pages(live_server: LiveServer) -> dict[str, str]:
    client = live_server.app.test_client()

    def start(rules: str, names: list[str], teams: bool = False) -> dict[str, str]:
        players = [
            {"name": n, "team": ("NS", "EW")[i % 2] if teams else None} for i, n in enumerate(names)
        ]
        made = client.post(
            "/api/v1/games", json={"name": rules, "rules": rules, "players": players}
        )
        assert made.status_code == 201, made.get_json()
        body = made.get_json()
        return {
            "scorer": "/s/" + body["edit_url"].rsplit("/", 1)[1],
            "watcher": "/w/" + body["view_url"].rsplit("/", 1)[1],
        }

    persian = start("persian", ["Ann", "Bob", "Cy", "Dee"], teams=True)
    rummy = start("rummy5000", ["Ann", "Bob", "Cy"])
    spades = start("spades", ["Ann", "Bob", "Cy", "Dee"])
    return {
        "home": "/",
        "new game (Persian)": "/games/new?preset=persian",
        "new game (Spades)": "/games/new?preset=spades",
        "round form (Persian)": persian["scorer"] + "/rounds/new",
        "round form (5000)": rummy["scorer"] + "/rounds/new",
        "scorer page": rummy["scorer"],
        "board": rummy["watcher"],
        "referee": rummy["scorer"] + "/check",
        "hand form (Spades)": spades["scorer"] + "/hands/new",
        "scorer page (Spades)": spades["scorer"],
        "story": rummy["scorer"] + "/story",
        "rules": rummy["scorer"] + "/rules",
        "history": "/history",
    }


def test_no_two_controls_share_a_name(live_server: LiveServer, phone: Any) -> None:
    shared = {}
    for what, path in pages(live_server).items():
        phone.goto(live_server.url + path)
        if what == "round form (Persian)":  # a four of a kind: "Laid down at once?" is asked
            for face in ["K♠", "K♥", "K♦", "K♣"]:
                phone.get_by_role("button", name=face, exact=True).tap()
            phone.locator(".once-toggle").first.wait_for()
        found = phone.evaluate(SHARED_NAMES)
        if found:
            shared[what] = found
    assert shared == {}
