"""The companion in a real browser (issue 30): Debian's Chromium at a phone's size on
``grizzled serve`` run as the group runs it, on a campaign made by the real command."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.browser.conftest import unfit
from tests.browser.server import Served, serve
from tests.cli.conftest import SEATS

WRITES = "form, button, input, select, textarea, [data-testid^='action-']"


def test_a_viewer_sees_the_board_the_next_line_and_the_log(served: Served, phone: Any) -> None:
    phone.goto(served.viewer)
    assert phone.get_by_test_id("board").is_visible()
    assert "Friday" in phone.get_by_test_id("board").inner_text()
    assert phone.get_by_test_id("next").inner_text().strip()
    assert phone.get_by_test_id("log-entry").count() > 0


def test_a_viewers_page_never_shows_a_control_that_writes(served: Served, phone: Any) -> None:
    phone.goto(served.viewer)
    assert phone.locator(WRITES).count() == 0
    assert phone.get_by_test_id("board").is_visible()


def test_a_viewer_reloading_mid_chapter_catches_up(served: Served, phone: Any, table: Any) -> None:
    phone.goto(served.viewer)
    before = phone.get_by_test_id("log-entry").count()
    table.ok("play", "night+snow")
    phone.reload()
    assert phone.get_by_test_id("log-entry").count() == before + 1


def test_at_a_phones_size_nothing_scrolls_sideways_and_every_tap_target_is_44_px(
    served: Served, phone: Any
) -> None:
    for address in (served.viewer, served.keeper):
        phone.goto(address)
        assert phone.get_by_test_id("board").is_visible()
        assert unfit(phone) == [], address


def test_the_statistics_fit_a_phone_and_lead_back_to_the_board(served: Served, phone: Any) -> None:
    phone.goto(served.viewer)
    phone.get_by_test_id("stats-link").click()
    phone.wait_for_url("**/stats")
    assert phone.get_by_test_id("lines").is_visible()  # a Morale line per chapter
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"/stats: {width} px wide"
    phone.get_by_role("link", name="Board").click()
    assert phone.get_by_test_id("board").is_visible()


def test_the_whole_log_fits_a_phone_and_leads_back_to_the_board(
    served: Served, phone: Any, table: Any
) -> None:
    phone.goto(served.viewer)
    newest = phone.get_by_test_id("log-entry").first.inner_text()
    phone.get_by_test_id("log-link").click()
    phone.wait_for_url("**/log")
    assert phone.get_by_test_id("log-entry").first.inner_text() == newest
    assert phone.get_by_test_id("log-entry").count() == len(table.json("log", "--all"))
    assert unfit(phone) == []
    phone.get_by_test_id("back").click()
    assert phone.get_by_test_id("board").is_visible()


CUT = """() => [...document.querySelectorAll('.stats td, .stats .label')].flatMap(cell => {
  const text = cell.firstChild;
  if (!text || text.nodeType !== 3) return [];
  const found = [];
  for (const word of text.data.matchAll(/\\S+/g)) {
    const range = document.createRange();
    range.setStart(text, word.index);
    range.setEnd(text, word.index + word[0].length);
    const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
    if (tops.size > 1) found.push(word[0]);
  }
  return found;
})"""


def test_no_word_of_the_statistics_is_cut_across_two_lines_at_390_px(
    grizzled: Any, phone: Any
) -> None:
    # "lost: the Monumen / t" (issue 41): a chapter lost when the Morale Reserve ran out
    grizzled.ok("campaign", "new", "Saturday night", *SEATS)
    grizzled.ok(
        "chapter", "start", "--leader", "ann", "--tiles", "left,right,left", "--morale", "2"
    )
    for words in ("mission start 3", "play night+shell+trap --drawn rain+whistle"):
        grizzled.ok(*words.split())
    for card in ("snow+gas", "shell+gas", "rain+shell"):
        grizzled.ok("play", card)
    with serve(Path(grizzled.db)) as served:
        phone.goto(served.viewer.rstrip("/") + "/stats")
        assert "lost: the Monument" in phone.inner_text("main")
        assert phone.evaluate(CUT) == []
        assert unfit(phone) == []
