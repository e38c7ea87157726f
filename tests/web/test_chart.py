"""The totals chart: one line per competitor through its running totals, names escaped."""

from __future__ import annotations

import re

from scorekeeper.web.chart import HEIGHT, totals_chart


def polylines(svg: str) -> list[list[tuple[float, float]]]:
    return [
        [tuple(map(float, point.split(","))) for point in points.split()]  # type: ignore[misc]
        for points in re.findall(r'<polyline[^>]* points="([^"]+)"', svg)
    ]


def test_each_line_starts_at_zero_and_follows_the_totals() -> None:
    svg = str(totals_chart({"Ann": [30, 80], "Bob": [-10, 40]}, target=100))
    ann, bob = polylines(svg)
    assert len(ann) == len(bob) == 3  # before the first round, then after each
    assert ann[0] == bob[0]  # both start at 0
    assert ann[1][1] < bob[1][1]  # Ann's 30 is drawn higher than Bob's -10 (y grows down)
    assert ann[2][1] < ann[1][1]  # Ann went up
    assert bob[1][1] > ann[0][1]  # Bob's -10 is below the zero line
    assert all(0 <= y <= HEIGHT for line in (ann, bob) for _, y in line)
    assert svg.count('class="target"') == 1


def test_names_are_escaped_and_totals_labelled() -> None:
    svg = str(totals_chart({"<b>Ann</b>": [30], "Bob": [5]}))
    assert "<b>" not in svg
    assert "&lt;b&gt;Ann" in svg
    assert re.search(r">Bob 5</text>", svg)
    assert 'class="target"' not in svg


def test_a_game_without_rounds_draws_nothing_wrong() -> None:
    svg = str(totals_chart({"Ann": [], "Bob": []}, target=500))
    assert svg.startswith('<svg class="chart"') and svg.endswith("</svg>")
    assert "nan" not in svg.lower()


def test_the_target_shows_once_someone_has_half_of_it() -> None:
    assert 'class="target"' not in str(totals_chart({"Ann": [300], "Bob": [90]}, target=5000))
    assert 'class="target"' in str(totals_chart({"Ann": [2500], "Bob": [90]}, target=5000))


def test_long_end_labels_get_room_on_the_right() -> None:
    """Sides' names with their totals ("Grandma Jo 282", cut to ten characters and the total)
    end inside the chart, where the fixed 64 units cut them at the edge."""
    svg = str(totals_chart({"Grandma Jo & Sue": [61, 282], "Uncle Bob & Ben": [-70, 51]}))
    for x, label in re.findall(r'class="label[^"]*" x="([\d.]+)"[^>]*>([^<]+)</text>', svg):
        assert float(x) + 7 * len(label) <= 360, label
    short = str(totals_chart({"Ann": [30], "Bob": [20]}))
    assert 'x2="296"' in short  # short labels keep the old room (64)


def test_names_with_a_common_start_stay_told_apart_at_the_lines_ends() -> None:
    """Cut to ten characters, "Grandma Sue" read "Grandma Su" and "Grandma Jo" beside it looked
    like one family; the ends carry the distinct part, as the round form's tabs do."""
    svg = str(
        totals_chart({"Grandma Jo": [25], "Grandma Sue": [40], "Uncle Bob": [10], "Uncle Ben": [5]})
    )
    ends = re.findall(r'class="label[^"]*"[^>]*>([^<]+)</text>', svg)
    assert sorted(ends) == ["Ben 5", "Bob 10", "Jo 25", "Sue 40"]
    assert "Grandma Su" not in svg


def test_the_axes_say_what_they_count() -> None:
    """Each axis is named in the picture, and the title and the axes are said to a screen reader
    (an image's own text is not read out)."""
    svg = str(totals_chart({"Ann": [30, 80], "Bob": [-10, 40]}))
    names = re.findall(r'<text class="axis-name"([^>]*)>([^<]+)</text>', svg)
    assert [name for _, name in names] == ["Round", "Total points"]
    assert 'transform="rotate(-90)"' in names[1][0]  # up the left side
    assert re.search(r'role="img" aria-label="Totals after each round"><title>Totals after', svg)
    assert "<desc>Across: Round. Up: Total points.</desc>" in svg
    wins = str(totals_chart({"Ann": [1, 1]}, title="Wins", across="Game", up="Games won"))
    assert ">Game</text>" in wins and ">Games won</text>" in wins
    assert 'aria-label="Wins"' in wins and "<desc>Across: Game. Up: Games won.</desc>" in wins


def test_the_axis_names_clear_the_numbers_and_stay_inside() -> None:
    svg = str(totals_chart({"Ann": [-2500, 3000], "Bob": [40, 1200]}, target=5000))
    across_y = float(re.findall(r'class="axis-name" x="[\d.]+" y="([\d.]+)"', svg)[0])
    round_numbers = re.findall(r'class="axis" x="[\d.]+" y="([\d.]+)" text-anchor="middle"', svg)
    assert round_numbers and all(float(y) + 11 <= across_y <= HEIGHT for y in round_numbers)
    gridline_numbers = re.findall(r'class="axis" x="([\d.]+)"[^>]*"end"[^>]*>(-?\d+)<', svg)
    assert "-2000" in [number for _, number in gridline_numbers]
    # a number (about 6.1 units a digit at size 11) starts right of the name up the left
    # side, which takes about the first 16 units
    assert all(float(x) - 6.1 * len(number) >= 16 for x, number in gridline_numbers)
