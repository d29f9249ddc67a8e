"""The keeper's phone in a real browser (issue 30): a Mission logged by tapping while two
viewers' pages follow it live, a stale page refused, a viewer unable to write. Debian's
Chromium at a phone's size on ``grizzled serve`` run as a subprocess."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import ENTRIES, PHONE, WAIT, tap, unfit
from tests.browser.server import Served
from tests.cli.conftest import stored_events


def _entries(page: Any) -> int:
    return int(page.get_by_test_id("log-entry").count())


def test_a_whole_mission_logged_by_tapping_reaches_two_viewers_live(
    served: Served, phone: Any, viewers: list[Any], table: Any
) -> None:
    for viewer in viewers:
        viewer.goto(served.viewer)
    phone.goto(served.keeper)
    logged = _entries(viewers[0])
    taps = [
        ("play night+snow", None),  # Ann
        ("play snow+shell+trap", "rain+gas"),  # Ben: the Trap draws rain+gas
        ("withdraw left", None),  # Cy
        ("withdraw right", None),  # Ann
        ("withdraw left", None),  # Ben: everyone out, the Mission succeeds
    ]
    for words, drawn in taps:
        tap(phone, words, **({"drawn": drawn} if drawn else {}))
        logged += 1
        for viewer in viewers:  # no reload: the stream brings it
            viewer.wait_for_function(ENTRIES, arg=logged, timeout=WAIT)
    said = viewers[1].get_by_test_id("log").inner_text()
    assert "Ben plays snow+shell+trap" in said
    assert "keeper 1" in said
    start = phone.locator("button[data-words^='mission start']").first
    assert start.is_visible()  # Mission 2: the leader's intensities, nothing else
    assert phone.get_by_test_id("composer").count() == 0  # no card to play before it
    start.click()
    phone.wait_for_load_state()
    for viewer in viewers:
        viewer.wait_for_function(ENTRIES, arg=logged + 1, timeout=WAIT)
    assert table.json("status")["mission"] == 2
    assert table.json("log", "--all")[-1]["logged_by"] == "keeper 1"


def test_a_keeper_page_left_behind_is_refused_and_shows_the_new_board(
    served: Served, browser: Any, table: Any
) -> None:
    # A phone whose stream is gone (no script: nothing updates it) taps after the laptop
    # logged: the write is refused, nothing is logged twice, and the page is the new board.
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    try:
        keeper = context.new_page()
        keeper.goto(served.keeper)
        table.ok("play night+snow")
        before = stored_events(table.db)
        form = keeper.locator("form", has=keeper.locator("button[data-words='withdraw left']"))
        with keeper.expect_response(lambda r: r.request.method == "POST") as answer:
            form.locator("button").click()
        assert answer.value.status == 409
        assert "Someone logged meanwhile" in keeper.get_by_test_id("write-error").inner_text()
        assert "Ann plays night+snow" in keeper.get_by_test_id("log").inner_text()
        assert stored_events(table.db) == before
        tap(keeper, "withdraw left")  # the new page's moves are Ben's, and log
        assert stored_events(table.db) == before + 1
    finally:
        context.close()


def test_a_viewer_cannot_write(served: Served, phone: Any, table: Any) -> None:
    phone.goto(served.viewer)
    before = stored_events(table.db)
    statuses = phone.evaluate(
        """async () => {
          const body = new URLSearchParams({csrf: 'x', event: '0', move: '0'});
          const tries = ['/', '/k/guessed/act', '/k//act', '/events'];
          const answers = await Promise.all(tries.map(
            path => fetch(path, {method: 'POST', body})));
          return answers.map(a => a.status);
        }"""
    )
    assert all(400 <= status < 500 for status in statuses), statuses
    assert stored_events(table.db) == before


def test_the_composer_shows_only_the_cards_with_the_symbols_ticked_and_the_symbols_left(
    served: Served, phone: Any
) -> None:
    phone.goto(served.keeper)
    stage = phone.get_by_test_id("compose")
    cards = stage.locator(".candidates button")
    assert [c for c in cards.all() if c.is_visible()] == []  # nothing ticked: no card yet
    stage.get_by_test_id("toggle-night").check()
    stage.get_by_test_id("toggle-snow").check()
    shown = sorted(c.get_attribute("value") for c in cards.all() if c.is_visible())
    assert shown == ["night+snow", "night+snow+rain", "night+snow+rain+shell+gas+whistle"]
    assert stage.get_by_test_id("toggle-trap").is_disabled()  # no night+snow Trap unseen
    assert not stage.get_by_test_id("toggle-rain").is_disabled()
    assert phone.get_by_test_id("drawn").is_hidden()  # until a Trap is tapped
    assert unfit(phone) == []


def test_a_tap_refused_before_it_is_read_says_so_on_the_page(
    served: Served, phone: Any, table: Any
) -> None:
    phone.goto(served.keeper)
    before = stored_events(table.db)
    phone.evaluate("document.querySelectorAll('input[name=csrf]').forEach(i => i.value = 'old')")
    phone.locator("button[data-words='withdraw left']").click()
    error = phone.get_by_test_id("write-error")
    error.wait_for(timeout=WAIT)
    # a page token this serve never gave (another serve's page, or one from before a
    # restart): the tap is not tried, and the page says it did not count
    assert error.inner_text() == (
        "Your tap did not count: nothing was logged. Tap again if it should be."
    )
    assert stored_events(table.db) == before
