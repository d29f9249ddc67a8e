"""The companion's pages for everyone (issue 41): axe-core (vendored from the npm registry,
tests/browser/vendor/VENDORED.json) finds no serious or critical violation on the viewer's,
the keeper's and the statistics page, in light and in dark, mid-Mission and with the
composer's Trap stage open; and each move logged is announced in a live region."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import PHONE, WAIT, tap
from tests.browser.server import Served

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
SERIOUS = ("serious", "critical")
RUN = """async () => {
  const found = await axe.run(document, {resultTypes: ['violations']});
  return found.violations.map(v => ({id: v.id, impact: v.impact,
    nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ': ' + n.failureSummary)}));
}"""


@pytest.fixture(params=["light", "dark"])
def looked(request: Any, browser: Any) -> Iterator[Any]:
    """A phone in ``light`` or ``dark``; axe is added to each page it opens (the CSP
    bypassed for the test's own script only)."""
    context = browser.new_context(
        viewport=PHONE, has_touch=True, color_scheme=request.param, bypass_csp=True
    )
    try:
        yield context.new_page()
    finally:
        context.close()


def _serious(page: Any) -> list[Any]:
    page.add_script_tag(path=str(AXE))
    return [v for v in page.evaluate(RUN) if v["impact"] in SERIOUS]


def test_axe_finds_no_serious_violation_on_any_page_in_either_scheme(
    served: Served, looked: Any
) -> None:
    found = {}
    for name, address in (("viewer", served.viewer), ("keeper", served.keeper)):
        looked.goto(address)
        found[name] = _serious(looked)
    looked.goto(served.keeper)
    tap(looked, "play night+snow")  # a card in No Man's Land, a threat counted
    looked.get_by_test_id("toggle-trap").first.check()  # Ben: the composer open on Traps
    looked.locator("[data-testid=compose] button[data-words='snow+shell+trap']").click()
    found["keeper, a Trap's drawn card"] = _serious(looked)
    looked.goto(served.viewer.rstrip("/") + "/stats")
    found["statistics"] = _serious(looked)
    assert found == {name: [] for name in found}


def test_each_logged_move_is_announced_in_a_live_region(served: Served, phone: Any) -> None:
    phone.goto(served.viewer)
    live = phone.locator("[aria-live=polite]")
    assert live.count() == 1 and live.get_attribute("role") == "status"
    assert live.inner_text() == ""  # nothing said on arrival
    keeper = phone.context.new_page()
    keeper.goto(served.keeper)
    tap(keeper, "play night+snow")
    phone.wait_for_function(
        "() => document.querySelector('[aria-live]').textContent.includes('night+snow')",
        timeout=WAIT,
    )
    assert live.inner_text() == "Ann plays night+snow"
    assert keeper.locator("[aria-live=polite]").inner_text() == "Ann plays night+snow"
