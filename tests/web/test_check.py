"""The referee's page: ``/check`` alone and from a game's links; verdicts on the disputes tables
have, each reason with the option that decides it and what its other setting would say; the
verdict's link asks it again; bad questions are 400 pages naming what is wrong."""

from __future__ import annotations

import html
import re
from typing import Any
from urllib.parse import urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.rules import OPTIONS
from scorekeeper.engine.ruling import options_named
from scorekeeper.engine.standings import Seat
from scorekeeper.store import records

HX = {"HX-Request": "true"}


def verdict_text(page: str) -> str:
    """The verdict as words: tags dropped, card faces as written (``K♠``), spaces collapsed."""
    found = re.search(r'<section id="verdict".*?</section>', page, re.S)
    assert found, "no verdict on the page"
    blocks = r"</?(?:li|p|h2|h3|ul|ol|div|section|a|label|input)\b[^>]*>|<span class=\"flip[^>]*>"
    text = re.sub(r"<[^>]+>", "", re.sub(blocks, " ", found.group(0)))
    return " ".join(html.unescape(text).split())


def ask(client: FlaskClient, url: str, status: int = 200) -> str:
    response = client.get(url)
    assert response.status_code == status, response.get_data(as_text=True)[:2000]
    return verdict_text(response.get_data(as_text=True))


#: Disputes the rule texts say tables have: the question, and what the verdict must say.
DISPUTES: list[tuple[str, str, list[str]]] = [
    (
        "around the corner",
        "/check?rules=rummy500&cards=KS+AS+2S",
        [
            "Not legal",
            "K-A-2 goes around the corner, which these rules do not allow (around_the_corner).",
            "With it on, this is a run worth 27.",
        ],
    ),
    (
        "ace high only (Persian)",
        "/check?rules=persian&cards=AS+2S+3S",
        ["Not legal", "(ace_position)", "With ace_position low or high, this is a run worth"],
    ),
    (
        "ace low: legal, and what high-only would say",
        "/check?rules=rummy500&cards=AS+2S+3S",
        ["Legal", "A run, worth 6.", "With ace_position high only, it is not a meld"],
    ),
    (
        "a wild standing for a natural card",
        "/check?rules=rummy5000&cards=8S+6H+10S&wild_rank=6",
        ["Legal", "A run, worth 115.", "6♥ stands for 9♠; no other reading fits."],
    ),
    (
        "a joker with another reading",
        "/check?rules=rummy500&cards=5S+6S+JK&opt-jokers=2",
        ["Legal", "Jkr stands for 7♠; it could also stand for 4♠."],
    ),
    (
        "a declared reading is binding",
        "/check?rules=rummy500&cards=5S+6S+JK%3D4S&opt-jokers=2",
        ["Legal", "A run, worth 26.", "Jkr stands for 4♠ (as declared)."],
    ),
    (
        "naturals versus wilds (George: one wild a set)",
        "/check?rules=george2500&cards=5S+5H+6D+6C&wild_rank=6",
        [
            "Not legal",
            "This meld holds 2 wild cards; these rules allow one (wild_limit).",
            "With wild_limit none, this is a set worth",
        ],
    ),
    (
        "a wild standing for itself counts as natural",
        "/check?rules=george2500&cards=6S+6H+6D&wild_rank=6",
        ["Legal", "A set", "With wild_as_itself wild, it is not a meld"],
    ),
    (
        "duplicate cards in a set with one pack",
        "/check?rules=rummy5000&cards=5S+5S+5H",
        ["Not legal", "5♠ twice, but one pack holds it once.", "With decks 2, this is a set"],
    ),
    (
        "duplicate cards in a set with two packs",
        "/check?rules=rummy5000&cards=5S+5S+5H&opt-decks=2",
        ["Legal", "A set, worth 15.", "With set_duplicates_allowed off, it is not a meld"],
    ),
    (
        "a run that would need the same card twice",
        "/check?rules=rummy500&cards=7S+7S+8S+9S&opt-decks=2",
        ["Not legal", "A run cannot hold two 7s."],
    ),
    (
        "a layoff onto someone else's meld",
        "/check?rules=rummy500&cards=10S&onto=7S+8S+9S",
        ["Legal", "10♠ laid off onto 7♠ 8♠ 9♠: it is still a run.", "worth 10"],
    ),
    (
        "a layoff that would repeat a card",
        "/check?rules=rummy500&cards=9S&onto=6S+7S+8S+9S",
        ["Not legal", "9♠ cannot be laid off onto 6♠ 7♠ 8♠ 9♠."],
    ),
    (
        "the real card of a melded wild: kept reading",
        "/check?rules=rummy500&cards=6S&onto=5S+JK+7S&opt-jokers=2",
        [
            "Not legal",
            "Jkr stands for 6♠: a wild keeps the reading it was melded or declared with.",
            "With real_card_for_wild lay beside, the layoff stands, worth 6.",
        ],
    ),
    (
        "the real card of a melded wild: laid beside (5000)",
        "/check?rules=rummy5000&cards=6S&onto=5S+JK+7S&opt-jokers=2",
        ["Legal", "laid beside the wild card that stands for it", "(real_card_for_wild"],
    ),
    (
        "Persian jokers are no wilds",
        "/check?rules=persian&cards=JK+5S+5H",
        [
            "Not legal",
            "Jokers are not wild here: they meld only in a set of jokers.",
            "With it on, this is a set worth 30.",
        ],
    ),
    (
        "Persian four jokers",
        "/check?rules=persian&cards=JK+JK+JK+JK",
        ["Legal", "A set of jokers, worth 80."],
    ),
    (
        "the dealer's joker doubling: not wild this round",
        "/check?rules=dealers-gambit&cards=JK+5S+5H&joker_effect=double",
        ["Not legal", "If the dealer names wild for the jokers, this is a set worth 10."],
    ),
    (
        "Persian: a four of a kind laid at once",
        "/check?rules=persian&cards=6S+6H+6D+6C",
        ["Legal", "A set, worth 24.", "counts double: 48 (double_four_laid_at_once)"],
    ),
    (
        "the dealer's joker doubling a set",
        "/check?rules=dealers-gambit&cards=9S+9H+9D&joker_effect=double",
        ["Legal", "A set, worth 27.", "this set counts 54 and is sealed"],
    ),
    (
        "sets only",
        "/check?rules=george2500&cards=5S+6S+7S",
        ["Not legal", "(meld_kinds)", "With meld_kinds sets and runs, this is a run"],
    ),
]


@pytest.mark.parametrize(("dispute", "url", "said"), DISPUTES, ids=[d[0] for d in DISPUTES])
def test_disputed_melds_through_the_page(
    client: FlaskClient, dispute: str, url: str, said: list[str]
) -> None:
    text = ask(client, url)
    for words in said:
        assert words in text, f"{dispute}: {words!r} not in {text!r}"


def test_the_verdict_link_asks_it_again(client: FlaskClient) -> None:
    page = client.get("/check?rules=rummy500&cards=KS+AS+2S&opt-jokers=0").get_data(as_text=True)
    link = html.unescape(re.search(r'id="verdict-link"[^>]*value="([^"]+)"', page).group(1))
    assert link.startswith("http://scores.test/check?")
    parts = urlsplit(link)
    again = client.get(f"{parts.path}?{parts.query}").get_data(as_text=True)
    assert verdict_text(again) == verdict_text(page)
    assert "With it on, this is a run worth 27." in verdict_text(again)


def test_changed_options_travel_in_the_link_and_only_those(client: FlaskClient) -> None:
    page = client.get("/check?rules=rummy500&cards=KS+AS+2S&opt-around_the_corner=1")
    text = page.get_data(as_text=True)
    assert "Legal" in verdict_text(text) and "run, worth 27" in verdict_text(text)
    link = html.unescape(re.search(r'id="verdict-link"[^>]*value="([^"]+)"', text).group(1))
    assert "opt-around_the_corner=1" in link
    assert link.count("opt-") == 1
    assert "With around_the_corner off, it is not a meld" in verdict_text(text)


def test_a_whole_option_form_reads_like_its_changes(client: FlaskClient) -> None:
    """The page's form sends every option (a checkbox as 0 then 1): only changes count."""
    form = client.get("/check?rules=rummy500").get_data(as_text=True)
    fields = [
        re.search(r'name="([^"]+)"[^>]*value="([^"]*)"', tag).groups()
        for tag in re.findall(r'<input type="(?:hidden|checkbox|text|number)"[^>]*>', form)
        if 'name="opt-' in tag and ('type="checkbox"' not in tag or " checked" in tag)
    ]
    query = "&".join(f"{name}={value}" for name, value in fields)
    page = client.get(f"/check?rules=rummy500&options_for=rummy500&cards=KS+AS+2S&{query}")
    text = page.get_data(as_text=True)
    assert "Not legal" in verdict_text(text)
    link = re.search(r'id="verdict-link"[^>]*value="([^"]+)"', text).group(1)
    assert "opt-" not in link


def test_a_preset_picked_without_javascript_drops_the_old_options(client: FlaskClient) -> None:
    page = client.get(
        "/check?rules=persian&options_for=rummy500&opt-ace_position=low_or_high&cards=AS+2S+3S"
    )
    assert "Not legal" in verdict_text(page.get_data(as_text=True))


def test_htmx_gets_the_verdict_and_the_address_to_show(client: FlaskClient) -> None:
    response = client.get("/check?rules=rummy500&cards=KS+AS+2S", headers=HX)
    body = response.get_data(as_text=True)
    assert response.status_code == 200
    assert body.lstrip().startswith("{#") is False and body.lstrip().startswith("<section")
    assert response.headers["HX-Replace-Url"] == "/check?rules=rummy500&cards=KS+AS+2S"
    assert "HX-Request" in response.headers["Vary"]


def test_no_cards_yet(client: FlaskClient) -> None:
    page = client.get("/check").get_data(as_text=True)
    assert "Tap the cards played" in verdict_text(page)
    assert 'data-card="KS"' in page and 'name="cards"' in page  # picker, and typing without JS


@pytest.mark.parametrize(
    ("url", "named"),
    [
        ("/check?rules=rummy6000&cards=5S", "there is no preset 'rummy6000'"),
        ("/check?cards=5S+1X+7S", "'1X' is not a card"),
        ("/check?cards=JK%3D1X", "the reading '1X' is not a card"),
        ("/check?cards=5S&onto=ZZ", "onto: 'ZZ' is not a card"),
        ("/check?cards=5S&wild_rank=11", "wild_rank: '11' is not a rank"),
        ("/check?cards=5S+6S+7S%3D8S", "7S=8S declares a reading, but 7S is not wild"),
        ("/check?cards=5S&opt-min_run=99", "min_run"),
        ("/check?rules=dealers-gambit&cards=5S&joker_effect=triple", "'triple' is not an effect"),
    ],
)
def test_bad_questions_are_400_pages_naming_them(client: FlaskClient, url: str, named: str) -> None:
    response = client.get(url)
    assert response.status_code == 400
    assert named in html.unescape(response.get_data(as_text=True))
    assert 'name="cards"' in response.get_data(as_text=True)  # the page, to ask again


def test_every_reason_naming_an_option_names_a_real_one() -> None:
    assert options_named("(around_the_corner) and wild_limit: one") == (
        "around_the_corner",
        "wild_limit",
    )
    assert all(name in OPTIONS for name in options_named("set_duplicates_allowed"))


# --- from a game --------------------------------------------------------------------------


@pytest.fixture
def game(app: Flask) -> dict[str, Any]:
    """A 5000 game of five (two packs) whose round in play has sixes wild."""
    with app.app_context():
        stored = records.create_game(
            "Friday",
            rules_for("rummy5000", {"jokers": 2}),
            [Seat(name) for name in ("Ann", "Bob", "Cy", "Dee", "Eve")],
            preset="rummy5000",
            dealer="Eve",
        )
        records.deal_next(stored, "6")
        return {"scorer": stored.scorer_token, "watcher": stored.watcher_token}


pytestmark = pytest.mark.db


def test_from_a_game_its_rules_and_the_rounds_wild_rank(
    client: FlaskClient, game: dict[str, Any]
) -> None:
    for base in (f"/s/{game['scorer']}/check", f"/w/{game['watcher']}/check"):
        page = client.get(base + "?cards=8S+6H+10S").get_data(as_text=True)
        assert "Under the rules of <strong>Friday</strong>" in page
        assert '<option value="6" selected>' in page
        text = verdict_text(page)
        assert "A run, worth 115." in text and "6♥ stands for 9♠" in text
        # five players: two packs, so identical cards may share a set
        assert "A set" in ask(client, base + "?cards=5S+5S+5H")
        # the wild rank can be set otherwise (none)
        assert "Not legal" in ask(client, base + "?cards=8S+6H+10S&wild_rank=")


def test_a_verdict_shared_from_the_scorers_page_opens_the_watchers_link(
    client: FlaskClient, game: dict[str, Any]
) -> None:
    page = client.get(f"/s/{game['scorer']}/check?cards=8S+6H+10S").get_data(as_text=True)
    link = html.unescape(re.search(r'id="verdict-link"[^>]*value="([^"]+)"', page).group(1))
    assert game["scorer"] not in link
    assert link.startswith(f"http://scores.test/w/{game['watcher']}/check?cards=8S+6H+10S")
    parts = urlsplit(link)
    again = client.get(f"{parts.path}?{parts.query}").get_data(as_text=True)
    assert verdict_text(again) == verdict_text(page)


def test_a_game_check_with_a_wrong_token_is_404(client: FlaskClient, game: dict[str, Any]) -> None:
    assert client.get("/s/nope/check?cards=5S").status_code == 404
    assert client.get(f"/s/{game['watcher']}/check").status_code == 404  # not the scorer's


def test_the_game_pages_link_to_the_referee(client: FlaskClient, game: dict[str, Any]) -> None:
    scorer = client.get(f"/s/{game['scorer']}").get_data(as_text=True)
    assert f'href="/s/{game["scorer"]}/check"' in scorer
    board = client.get(f"/w/{game['watcher']}").get_data(as_text=True)
    assert f'href="/w/{game["watcher"]}/check"' in board
    assert game["scorer"] not in board


def test_from_a_game_the_same_question_under_other_house_rules(
    client: FlaskClient, game: dict[str, Any]
) -> None:
    page = client.get(f"/w/{game['watcher']}/check?cards=5S+5S+5H").get_data(as_text=True)
    elsewhere = html.unescape(re.search(r'href="([^"]+)">Other house rules', page).group(1))
    assert elsewhere.startswith("/check?rules=rummy5000&")
    assert "opt-jokers=2" in elsewhere and "opt-decks=2" in elsewhere  # five players: two packs
    assert "wild_rank=6" in elsewhere
    again = client.get(elsewhere).get_data(as_text=True)
    assert verdict_text(again).split(" Share")[0] == verdict_text(page).split(" Share")[0]
