"""The browser tests' fixtures: a campaign file made by the real command, ``grizzled serve``
on it as a subprocess, and Debian's Chromium driven by Playwright (never a downloaded
browser). No Chromium (or no Playwright): every test here is skipped with one line, unless
``GRIZZLED_REQUIRE_CHROMIUM=1`` (.ci/run), where that is a failure."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.server import CHROMIUM_ARGS, REQUIRE, Served, chromium, serve
from tests.cli.conftest import campaign, db, grizzled, table  # noqa: F401 (fixtures)

PHONE = {"width": 390, "height": 844}
WAIT = 30_000  # ms: a tap, the command, the watcher and the stream, on a loaded machine
# the log holds n entries or more: its list's first number (a board shows the newest 30)
ENTRIES = "n => Number(document.querySelector('[data-testid=log] ol')?.start || 0) >= n"


def _missing(reason: str) -> None:
    if os.environ.get(REQUIRE) == "1":
        pytest.fail(f"{reason} ({REQUIRE}=1)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, one for each module of browser tests: Playwright's
    synchronous API keeps an event loop running in this thread while it is open, and the
    table session's tests after these run prompt_toolkit's own (``asyncio.run``)."""
    path = chromium()
    if path is None:
        _missing("no Chromium found (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("no Playwright for Python (pip install -e '.[test]')")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def served(table: Any) -> Iterator[Served]:  # noqa: F811 (the fixture imported above)
    """``grizzled serve`` on the table's file (Friday, Mission 1 dealt, Ann's turn)."""
    with serve(Path(table.db)) as running:
        yield running


def watched(page: Any, violations: list[str]) -> Any:
    """``page``, each Content-Security-Policy violation it reports noted in ``violations``
    (the companion's pages must need no inline script or style: issue 42)."""

    def noted(message: Any) -> None:
        if "Content Security Policy" in message.text:
            violations.append(message.text)

    page.on("console", noted)
    return page


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A new page at a phone's size (390 x 844, touch), its own context; a test whose
    pages broke the Content-Security-Policy fails."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    violations: list[str] = []
    try:
        yield watched(context.new_page(), violations)
    finally:
        context.close()
    assert not violations, violations


@pytest.fixture
def viewers(browser: Any) -> Iterator[list[Any]]:
    """Two more phones, each its own context (a CSP violation fails the test)."""
    contexts = [browser.new_context(viewport=PHONE, has_touch=True) for _ in range(2)]
    violations: list[str] = []
    try:
        yield [watched(context.new_page(), violations) for context in contexts]
    finally:
        for context in contexts:
            context.close()
    assert not violations, violations


ACT = "r => r.request().method() === 'POST'"
SETTLED = """old => { const moves = document.querySelector('#moves');
  return (moves && moves.dataset.event !== old) ||
         !!document.querySelector('[data-testid=write-error]'); }"""


def tap(keeper: Any, words: str, **fields: str) -> int:
    """Tap the move whose command is ``words`` on the keeper's page as a thumb would: a card
    through the composer (a symbol, then the card; a Trap's drawn card the same way), any
    other move's form filled first (a picker picked, a box typed in) and its button; wait
    until the page shows the board after it (swapped in place, or a new page without
    script): no refusal on it. The taps it took."""
    old = keeper.locator("#moves").get_attribute("data-event")
    played = words.removeprefix("play ")
    composer = keeper.locator(f"[data-testid=compose] button[data-words='{played}']")
    if words.startswith("play ") and composer.count():
        taps, last = _compose(keeper, "compose", played)
        if fields.get("drawn"):
            more, last = _compose(keeper, "drawn", fields["drawn"])
            taps += more
    else:
        form = keeper.locator("form", has=keeper.locator(f"button[data-words='{words}']"))
        taps = 1
        for name, value in fields.items():
            field = form.locator(f"[name={name}]")
            if field.evaluate("e => e.tagName") == "SELECT":
                field.select_option(value)
            else:
                field.fill(value)
            taps += 1
        last = form.locator(f"button[data-words='{words}']")
    with keeper.expect_response(lambda r: r.request.method == "POST"):
        last.click()
    keeper.wait_for_load_state()
    if keeper.evaluate("() => !!window.htmx"):
        keeper.wait_for_function(SETTLED, arg=old, timeout=WAIT)
    assert keeper.get_by_test_id("write-error").count() == 0, keeper.inner_text("main")
    return taps


def _compose(keeper: Any, stage: str, key: str) -> tuple[int, Any]:
    """Pick ``key`` in the composer's ``stage`` as a thumb would: its first symbol's toggle,
    then the card among those shown (a Hard Knock: the list opened, then the card). The
    taps before the last, and the last button (not yet tapped)."""
    part = keeper.get_by_test_id(stage)
    card = part.locator(f"button[data-words='{key}']")
    symbols = (card.get_attribute("data-symbols") or "").split()
    if symbols:
        part.get_by_test_id(f"toggle-{symbols[0]}").check()
    else:
        part.locator("details.knocks summary").click()
    if stage == "compose" and card.get_attribute("data-drawn") is not None:
        card.click()  # a Trap: the card it drew comes next
        return 2, None
    return 2, card


def unfit(page: Any) -> list[str]:
    """What does not fit a phone on this page: wider than 390 px, tap targets under 44 px."""
    width = int(page.evaluate("document.documentElement.scrollWidth"))
    small = page.evaluate(
        """[...document.querySelectorAll('a, button, input, select, [role=button]')]
        .filter(e => { const r = e.getBoundingClientRect();
                       return r.width > 0 && (r.width < 44 || r.height < 44); })
        .map(e => e.outerHTML.slice(0, 80))"""
    )
    return [*([f"{width} px wide"] if width > PHONE["width"] else []), *small]
