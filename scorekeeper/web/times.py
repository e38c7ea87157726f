"""Times as every page shows them: a ``<time>`` element per moment, in the viewer's own time.

The server does not know the viewer's time zone, so it writes each moment in UTC twice: exactly
in the ``datetime`` attribute (ISO 8601 with ``Z``), and readably as the element's text
(``Sun 1 Mar 2026, 13:28 UTC``: what shows before, or without, the page's script).
``static/js/times.js`` rewrites every such element, on load and after each htmx swap, in the
viewer's zone and locale with ``Intl.DateTimeFormat``: one set of options for a date and time,
its date part alone where only a date is shown (``data-local="date"``), so no page mixes formats,
zones or 12- and 24-hour clocks. (The board's "scores from" note is written by board.js with the
same script's time part.)

Every page writes its times with the ``local_time`` filter (registered in :mod:`.filters`).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Literal

from markupsafe import Markup

#: What a ``<time>`` shows: a date and a time, or a date alone.
Shown = Literal["datetime", "date"]


def in_utc(moment: datetime) -> datetime:
    """The moment in UTC (a naive one is taken as UTC already, as the store keeps them).

    >>> from datetime import timedelta, timezone
    >>> in_utc(datetime(2026, 3, 1, 18, 58, tzinfo=timezone(timedelta(hours=5, minutes=30))))
    datetime.datetime(2026, 3, 1, 13, 28, tzinfo=datetime.timezone.utc)
    """
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def iso_utc(moment: datetime) -> str:
    """The moment as the ``datetime`` attribute says it: ISO 8601 in UTC, to the second.

    >>> iso_utc(datetime(2026, 3, 1, 13, 28, 5, 123456, tzinfo=UTC))
    '2026-03-01T13:28:05Z'
    """
    return in_utc(moment).strftime("%Y-%m-%dT%H:%M:%SZ")


def utc_text(moment: datetime, shown: Shown = "datetime") -> str:
    """The text a page shows until its script writes the viewer's own time: in UTC, and saying
    so when it has a time of day.

    >>> moment = datetime(2026, 3, 1, 13, 28, tzinfo=UTC)
    >>> utc_text(moment), utc_text(moment, "date")
    ('Sun 1 Mar 2026, 13:28 UTC', 'Sun 1 Mar 2026')
    """
    moment = in_utc(moment)
    day = f"{moment:%a} {moment.day} {moment:%b %Y}"
    return day if shown == "date" else f"{day}, {moment:%H:%M} UTC"


def local_time(moment: datetime | None, shown: Shown = "datetime") -> Markup:
    """A moment as every page writes it (nothing for None): ``times.js`` shows it in the
    viewer's time.

    >>> print(local_time(datetime(2026, 3, 1, 13, 28, tzinfo=UTC)))
    <time datetime="2026-03-01T13:28:00Z" data-local="datetime">Sun 1 Mar 2026, 13:28 UTC</time>
    >>> print(local_time(datetime(2026, 3, 1, 23, 59), "date"))
    <time datetime="2026-03-01T23:59:00Z" data-local="date">Sun 1 Mar 2026</time>
    >>> local_time(None)
    Markup('')
    """
    if moment is None:
        return Markup("")
    if shown not in ("datetime", "date"):
        raise ValueError(f"a time is shown as 'datetime' or 'date', not {shown!r}")
    return Markup('<time datetime="{iso}" data-local="{shown}">{text}</time>').format(
        iso=iso_utc(moment), shown=shown, text=utc_text(moment, shown)
    )
