"""A QR code as inline SVG: no Pillow, no image file, sharp at any size.

Black modules on a white square with the standard quiet zone, whatever the page's colour scheme:
a phone's camera reads dark-on-light best, also in a dark room.
"""

from __future__ import annotations

import qrcode  # type: ignore[import-untyped]
from markupsafe import Markup, escape
from qrcode.constants import ERROR_CORRECT_M  # type: ignore[import-untyped]

QUIET_ZONE = 4  # modules of white around the code, as the standard asks


def qr_matrix(text: str) -> list[list[bool]]:
    """The code's modules, quiet zone included: True is a dark module."""
    code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=QUIET_ZONE)
    code.add_data(text)
    code.make(fit=True)
    return [[bool(module) for module in row] for row in code.get_matrix()]


def qr_path(matrix: list[list[bool]]) -> str:
    """An SVG path drawing each row's runs of dark modules as one rectangle.

    >>> qr_path([[False, True, True], [True, False, False]])
    'M1 0h2v1h-2zM0 1h1v1h-1z'
    """
    parts = []
    for y, row in enumerate(matrix):
        x = 0
        while x < len(row):
            if not row[x]:
                x += 1
                continue
            start = x
            while x < len(row) and row[x]:
                x += 1
            parts.append(f"M{start} {y}h{x - start}v1h-{x - start}z")
    return "".join(parts)


def qr_svg(text: str, label: str | None = None) -> Markup:
    """``text`` (a URL) as an inline ``<svg class="qr">``, sized by CSS."""
    matrix = qr_matrix(text)
    size = len(matrix)
    return Markup(
        '<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" '
        'role="img" aria-label="{label}" shape-rendering="crispEdges">'
        '<rect width="{size}" height="{size}" fill="#fff"/>'
        '<path d="{path}" fill="#000"/></svg>'
    ).format(size=size, label=escape(label or f"QR code of {text}"), path=qr_path(matrix))
