"""The demo chapter (``cli.demo.SCRIPT``, the one ``cli.table_demo`` types) tapped on the
keeper's phone through the card composer, from its first Mission on (the chapter's set-up is
not a move of the keeper's page): the taps each action took and how long the keeper's own
page took to show the board after it. The browser test asserts the taps; ``make bench``
reports them beside the command line's keystrokes (``bench.web``)."""

from __future__ import annotations

import shlex
import time
from typing import Any

from cli.table_demo import CLI_LINES
from tests.browser.conftest import SETTLED, WAIT, tap

# The one-shot CLI's lines of the demo after its chapter start, as the keeper's moves:
# the command's words (a Speech's discards are the players' own: the page does not ask).
ACTIONS = tuple(shlex.split(line)[1:] for line in CLI_LINES[1:])


VISIBLE = (
    "() => [...document.querySelectorAll('#moves button')].filter(b => b.checkVisibility()).length"
)


def tapped(keeper: Any) -> tuple[list[int], list[float], list[int]]:
    """Tap the demo chapter's actions on ``keeper`` (its page open on the chapter just
    started): the taps of each, the seconds from its first tap to the board shown after
    it, and the buttons in view on the moves before it (the composer's cards still hidden)."""
    taps, seconds, buttons = [], [], []
    for words in ACTIONS:
        buttons.append(int(keeper.evaluate(VISIBLE)))
        start = time.perf_counter()
        if words == ["undo"]:
            taps.append(_undo(keeper))
        elif words[0] == "play" and "--drawn" in words:
            taps.append(tap(keeper, f"play {words[1]}", drawn=words[3]))
        elif words[0] == "speech":
            taps.append(tap(keeper, f"speech {words[1]}"))
        else:
            taps.append(tap(keeper, " ".join(words)))
        seconds.append(time.perf_counter() - start)
    return taps, seconds, buttons


def _undo(keeper: Any) -> int:
    old = keeper.locator("#moves").get_attribute("data-event")
    with keeper.expect_response(lambda r: r.request.method == "POST"):
        keeper.get_by_test_id("undo").click()
    keeper.wait_for_function(SETTLED, arg=old, timeout=WAIT)
    return 1
