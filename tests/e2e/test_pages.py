"""Every page opens on a phone without errors and without sideways scrolling."""

from __future__ import annotations

import pytest

from .conftest import LiveServer, scrolls_sideways


@pytest.mark.parametrize("width", [360, 390, 430])
def test_home_page_fits_a_phone(live_server: LiveServer, new_phone, width: int) -> None:
    page = new_phone(width=width)
    response = page.goto(live_server.url + "/")
    assert response.status == 200
    assert page.get_by_role("link", name="Scorekeeper").is_visible()
    assert not scrolls_sideways(page)
