"""QR codes decode, with a real decoder, to the text they were made from."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from scorekeeper.web.qr import QUIET_ZONE, qr_matrix, qr_svg

URL = "http://192.168.1.20:8000/w/Xq3v9KpL0aZ-7bYtR2mWcN5sHdJ8fGe1"


def write_pgm(matrix: list[list[bool]], path: Path, scale: int = 4) -> None:
    """The modules as a greyscale image (netpbm), black on white."""
    size = len(matrix) * scale
    rows = (
        bytes(0 if matrix[y // scale][x // scale] else 255 for x in range(size))
        for y in range(size)
    )
    path.write_bytes(b"P5 %d %d 255\n" % (size, size) + b"".join(rows))


@pytest.mark.skipif(shutil.which("zbarimg") is None, reason="zbarimg (zbar-tools) not installed")
def test_the_code_decodes_to_the_url(tmp_path: Path) -> None:
    image = tmp_path / "code.pgm"
    write_pgm(qr_matrix(URL), image)
    decoded = subprocess.run(
        ["zbarimg", "--quiet", "--raw", str(image)], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert decoded == URL


def test_the_matrix_has_its_quiet_zone() -> None:
    matrix = qr_matrix(URL)
    assert len(matrix) == len(matrix[0])
    for edge in (
        matrix[:QUIET_ZONE],
        matrix[-QUIET_ZONE:],
        [row[:QUIET_ZONE] for row in matrix],
        [row[-QUIET_ZONE:] for row in matrix],
    ):
        assert not any(any(row) for row in edge)
    # the finder pattern's corner sits just inside the quiet zone
    assert matrix[QUIET_ZONE][QUIET_ZONE]


def test_the_svg_is_inline_and_escaped() -> None:
    svg = str(qr_svg(URL, label='watch "Friday" <game>'))
    assert svg.startswith('<svg class="qr"')
    assert 'aria-label="watch &#34;Friday&#34; &lt;game&gt;"' in svg
    assert "style=" not in svg  # the CSP allows no inline styles
    size = len(qr_matrix(URL))
    assert f'viewBox="0 0 {size} {size}"' in svg
