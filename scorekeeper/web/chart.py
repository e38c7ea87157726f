"""The totals over the rounds as an inline SVG line chart, drawn on the server (no chart script).

Each competitor (a player, or a side) is a line from 0 before the first round through their
running total after each round, labelled with their name at its end; the target is a dashed
line. Series are told apart by colour *and* by dash pattern, for colour-blind eyes; colours come
from the stylesheet (``.series-0`` … ``.series-7``), so the chart follows the page's scheme.

Each axis says what it counts ("Round" across, "Total points" up) in the picture, and the SVG's
title and description say the same to a screen reader (an image's own text is not read out).
The page around it shows the title (a heading or a figure's caption).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

from .round_form.names import short_names

WIDTH, HEIGHT = 360, 216
#: room for the numbers and the names of the axes (left and bottom) and the end labels (right)
LEFT, RIGHT, TOP, BOTTOM = 52, 64, 10, 38
LABEL_GAP = 12  # least vertical room between two end labels
#: An end label's name is cut to this many characters; its room on the right is worked out from
#: the longest label at about this many units a character (font size 12), up to RIGHT_MOST, so
#: that "Ann & Cy 161" is not cut at the edge as it was in the fixed 64
LABEL_CHARS, LABEL_CHAR_WIDTH, RIGHT_MOST = 10, 7, 110
DASHES = ("", "6 3", "2 3", "8 3 2 3", "4 4", "1 2", "10 4", "3 2 1 2")


@dataclass(frozen=True)
class Scale:
    """Maps rounds and points to the chart's coordinates."""

    rounds: int
    low: int
    high: int
    right: float = RIGHT  # room on the right for the end labels

    def x(self, round_number: int) -> float:
        return LEFT + (WIDTH - LEFT - self.right) * round_number / max(self.rounds, 1)

    def y(self, points: int) -> float:
        span = max(self.high - self.low, 1)
        return TOP + (HEIGHT - TOP - BOTTOM) * (self.high - points) / span


def nice_step(span: int) -> int:
    """A round step for about four gridlines over ``span`` points.

    >>> nice_step(500), nice_step(5000), nice_step(37), nice_step(0)
    (200, 2000, 10, 1)
    """
    raw = max(span, 1) / 4
    step = 1
    while True:
        for multiple in (1, 2, 5):
            if step * multiple >= raw:
                return step * multiple
        step *= 10


def spread(positions: list[float], gap: float, low: float, high: float) -> list[float]:
    """Move label positions apart (keeping their order) so that no two are closer than ``gap``.

    >>> spread([50.0, 52.0, 100.0], 12, 0, 200)
    [50.0, 62.0, 100.0]
    """
    order = sorted(range(len(positions)), key=lambda index: positions[index])
    placed = [positions[index] for index in order]
    for index in range(1, len(placed)):
        placed[index] = max(placed[index], placed[index - 1] + gap)
    overflow = placed[-1] - high if placed else 0
    if overflow > 0:
        placed = [max(low, position - overflow) for position in placed]
    result = [0.0] * len(positions)
    for rank, index in enumerate(order):
        result[index] = round(placed[rank], 1)
    return result


#: The most points a line is drawn through: more than the plot's width in pixels is wasted bytes
#: (a game of 2,000 rounds would otherwise send 70 KB of chart).
MOST_POINTS = 240


def kept(count: int, most: int = MOST_POINTS) -> list[int]:
    """The indexes of a line's points that are drawn: all of them, or evenly spaced ones with
    the first and the last.

    >>> kept(5), kept(10, most=4)
    ([0, 1, 2, 3, 4], [0, 3, 6, 9])
    """
    if count <= most:
        return list(range(count))
    step = -(-(count - 1) // (most - 1))
    return sorted({*range(0, count - 1, step), count - 1})


def end_names(names: Sequence[str]) -> list[str]:
    """The names at the lines' ends: whole where every name fits, else each told apart by its
    distinct part or initials as on the round form (not cut into "Grandma Su"), then cut.

    >>> end_names(["Grandma Jo", "Grandma Sue", "Uncle Bob"])
    ['Jo', 'Sue', 'Uncle Bob']
    >>> end_names(["Ann", "Bob"])
    ['Ann', 'Bob']
    """
    if all(len(name) <= LABEL_CHARS for name in names):
        return list(names)
    return [name[:LABEL_CHARS] for name in short_names(names, LABEL_CHARS)]


def totals_chart(
    running: Mapping[str, Sequence[int]],
    target: int | None = None,
    title: str = "Totals after each round",
    across: str = "Round",
    up: str = "Total points",
) -> Markup:
    """The chart of ``running`` (competitor → their total after each round, in round order),
    its axes named ``across`` and ``up``.

    The target is drawn once someone has half of it.

    >>> svg = str(totals_chart({"Ann": [30, 80], "Bob": [-10, 40]}, target=100))
    >>> svg.count("<polyline"), "Ann" in svg, 'stroke-dasharray="6 3"' in svg
    (2, True, True)
    >>> ">Round</text>" in svg, "<desc>Across: Round. Up: Total points.</desc>" in svg
    (True, True)
    """
    names = list(running)
    rounds = max((len(series) for series in running.values()), default=0)
    values = [0, *(value for series in running.values() for value in series)]
    if target is not None and max(values) < target / 2:
        target = None  # early in a long game the target would flatten every line to nothing
    if target is not None:
        values.append(target)
    low, high = min(values), max(values)
    step = nice_step(high - low)
    high = -((-high) // step) * step  # the top gridline; the bottom is the lowest total
    shown = dict(zip(names, end_names(names), strict=True))
    labels = [f"{shown[name]} {series[-1] if series else 0}" for name, series in running.items()]
    right = min(max(RIGHT, 8 + LABEL_CHAR_WIDTH * max(map(len, labels), default=0)), RIGHT_MOST)
    scale = Scale(rounds, low, max(high, low + step), right)
    plot_middle = TOP + (HEIGHT - TOP - BOTTOM) / 2
    parts = [
        Markup(
            '<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" '
            'role="img" aria-label="{title}"><title>{title}</title>'
            "<desc>Across: {across}. Up: {up}.</desc>"
            '<text class="axis-name" x="{ax}" y="{ay}" text-anchor="middle" font-size="12" '
            'font-weight="600" fill="currentColor">{across}</text>'
            '<text class="axis-name" transform="rotate(-90)" x="{ux}" y="12" '
            'text-anchor="middle" font-size="12" font-weight="600" fill="currentColor">{up}'
            "</text>"
        ).format(
            w=WIDTH,
            h=HEIGHT,
            title=title,
            across=across,
            up=up,
            ax=round((LEFT + WIDTH - right) / 2, 1),
            ay=HEIGHT - 3,
            ux=-round(plot_middle, 1),
        )
    ]
    for points in range(-((-scale.low) // step) * step, scale.high + 1, step):
        y = scale.y(points)
        parts.append(
            Markup(
                '<line class="grid" x1="{x1}" x2="{x2}" y1="{y}" y2="{y}" stroke="currentColor" '
                'stroke-opacity="0.2"/>'
                '<text class="axis" x="{tx}" y="{ty}" text-anchor="end" font-size="11" '
                'fill="currentColor">{label}</text>'
            ).format(
                x1=LEFT,
                x2=round(WIDTH - scale.right, 1),
                y=round(y, 1),
                tx=LEFT - 4,
                ty=round(y + 4, 1),
                label=points,
            )
        )
    for number in range(1, rounds + 1):
        if rounds <= 12 or number % ((rounds + 11) // 12) == 0:
            parts.append(
                Markup(
                    '<text class="axis" x="{x}" y="{y}" text-anchor="middle" '
                    'font-size="11" fill="currentColor">{n}'
                    "</text>"
                ).format(x=round(scale.x(number), 1), y=HEIGHT - BOTTOM + 15, n=number)
            )
    if target is not None:
        parts.append(
            Markup(
                '<line class="target" x1="{x1}" x2="{x2}" y1="{y}" y2="{y}" '
                'stroke="currentColor" stroke-dasharray="4 4"/>'
            ).format(x1=LEFT, x2=round(WIDTH - scale.right, 1), y=round(scale.y(target), 1))
        )
    ends = []
    for index, name in enumerate(names):
        series = [0, *running[name]]
        points_text = " ".join(
            f"{round(scale.x(n), 1)},{round(scale.y(series[n]), 1)}" for n in kept(len(series))
        )
        dash = DASHES[index % len(DASHES)]
        parts.append(
            Markup(
                '<polyline class="series series-{i}" points="{p}" fill="none" '
                'stroke="currentColor" stroke-width="2.5"{dash}/>'
            ).format(
                i=index % len(DASHES),
                p=points_text,
                dash=Markup(' stroke-dasharray="{d}"').format(d=dash) if dash else "",
            )
        )
        ends.append(scale.y(series[-1]))
    for index, (name, y) in enumerate(
        zip(names, spread(ends, LABEL_GAP, TOP, HEIGHT - BOTTOM), strict=True)
    ):
        last = running[name][-1] if running[name] else 0
        parts.append(
            Markup(
                '<text class="label series-{i}" x="{x}" y="{y}" font-size="12" '
                'fill="currentColor">{name} {total}'
                "</text>"
            ).format(
                i=index % len(DASHES),
                x=round(scale.x(rounds) + 4, 1),
                y=y + 4,
                name=escape(shown[name]),
                total=last,
            )
        )
    parts.append(Markup("</svg>"))
    return Markup("").join(parts)
