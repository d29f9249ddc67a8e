"""An Armistice chapter tapped in a real browser (issue 30): the keeper's phone logs a Mission
with an Order of the Day kept and cancelled, a Recruit entering and taking its turns, a
Helping Hand and Support's choice, while two viewers' pages follow every change live and
never show a Support tile before its reveal. Debian's Chromium at a phone's size on
``grizzled serve`` run as a subprocess, on a campaign made by the command.

Every card is a test card ("Test order B", "Test recruit", "Test hand 32"): the printed
texts are not public."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import ENTRIES, WAIT, tap, unfit
from tests.browser.server import Served, serve
from tests.cli.conftest import Grizzled
from tests.web.conftest import RECRUIT_HAND, armistice_chapter_two

TILE = re.compile(r"\b(left|right)\b", re.IGNORECASE)  # a Support tile's words
# The Support reveals of Missions already over (public since): said in their log entries.
REVEALED = re.compile(r'<ul class="revealed".*?</ul>', re.DOTALL)


@pytest.fixture
def autumn(grizzled: Grizzled) -> Iterator[Served]:
    """``grizzled serve`` on Autumn, chapter 2 briefed: Ann leads Mission 1 at intensity 3
    with Orders #12 and #13 drawn and Recruit #5 on top of its deck."""
    armistice_chapter_two(grizzled)
    with serve(Path(grizzled.db)) as running:
        yield running


def board(page: Any) -> str:
    return str(page.get_by_test_id("board").inner_text())


def _log(page: Any) -> list[str]:
    # each entry's own line (a Support reveal's lines follow it)
    return [str(e).split("\n")[0] for e in page.get_by_test_id("log-entry").all_inner_texts()]


def test_an_armistice_chapter_tapped_on_the_keepers_phone_reaches_two_viewers_live(
    autumn: Served, phone: Any, viewers: list[Any], grizzled: Grizzled
) -> None:
    for viewer in viewers:
        viewer.goto(autumn.viewer)
    phone.goto(autumn.keeper)
    logged = len(_log(viewers[0]))

    def step(words: str, **fields: str) -> list[str]:
        """One tap on the keeper's phone; both viewers' logs once it reached them."""
        nonlocal logged
        tap(phone, words, **fields)
        logged += 1
        for viewer in viewers:  # no reload: the stream brings it
            viewer.wait_for_function(ENTRIES, arg=logged, timeout=WAIT)
        return _log(viewers[1])

    said = step("mission start 3 --order 13 --back 12", recruit="5", hand=RECRUIT_HAND)
    assert said[0] == "mission start 3, Order #13 keeper 1"
    for viewer in viewers:
        assert "Order of the Day #13 Test order B" in board(viewer)
        assert "Recruit #5 Test recruit (acts after Cy): night+snow, shell+gas" in board(viewer)
    assert "Ann: #32 Test hand 32" in board(viewers[0])
    assert phone.get_by_test_id("keeper-turn").inner_text() == "Ann's turn"
    assert unfit(phone) == []  # the Order's and the Helping Hand's fields on a phone

    assert step("helping play 32 --player Ann", reason="test note")[0].startswith(
        "Ann plays Helping Hand #32"
    )
    assert "Ann: #32" not in board(viewers[0])  # played: no longer held
    step("play mute")  # Ben: a Hard Knock in front of him
    step("play rain+gas")  # Cy
    assert phone.get_by_test_id("keeper-turn").inner_text() == "The Recruit's turn, Ann chooses"
    assert step("recruit play shell+gas")[0] == "the Recruit plays shell+gas keeper 1"
    nml = viewers[1].get_by_test_id("nml").locator("li").all_inner_texts()
    assert [card.strip() for card in nml] == ["rain+gas", "shell+gas"]  # as cards
    said = step("order cancel 13", reason="test condition met")
    assert said[0] == "Order #13 cancelled (test condition met) keeper 1"
    assert "Order of the Day #13" not in board(viewers[0])

    earlier = [len(REVEALED.findall(viewer.content())) for viewer in viewers]
    for words in ("withdraw left", "play demoralized", "withdraw right", "recruit withdraw"):
        step(words)  # Ann, Ben, Cy, the Recruit: two tiles face down
        for viewer, shown in zip(viewers, earlier, strict=True):  # every byte, pushed too
            content = viewer.content()
            assert len(REVEALED.findall(content)) == shown, words  # no new reveal
            assert not TILE.search(REVEALED.sub("", content)), words
    assert step("play snow+gas")[0] == "Ben plays snow+gas: Mission failed, 3 gas keeper 1"
    next_line = viewers[0].get_by_test_id("next").inner_text()
    assert next_line == "Ben chooses the Support benefit"  # the table's words, no command

    assert phone.get_by_test_id("keeper-turn").inner_text() == "Ben chooses the Support benefit"
    assert unfit(phone) == []
    choices = phone.locator("button[data-words^='support']").all_inner_texts()
    assert sorted(choices) == [
        "Support: discard demoralized",
        "Support: discard mute",
        "Support: discard nothing",
    ]
    assert step("support --discard mute")[0] == "Ben takes the Support keeper 1"
    for viewer, shown in zip(viewers, earlier, strict=True):
        assert "Hard Knocks: Demoralized" in board(viewer)
        assert len(REVEALED.findall(viewer.content())) == shown + 2  # the tiles, the benefit
        assert "Ben discards" in viewer.get_by_test_id("log").inner_text()
        assert viewer.get_by_test_id("next").inner_text().startswith("Ben: choose the Mission's")
    tapped = grizzled.json("log", "--all")[-12:]
    assert {entry["logged_by"] for entry in tapped} == {"keeper 1"}
