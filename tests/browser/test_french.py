"""The companion in French (issue 45): a phone whose browser prefers French reads the
board, the Next line and the keeper's moves in French at 390 px, nothing cut off or too
small to tap; the page's switch turns it to English and the phone keeps its choice."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import PHONE, unfit
from tests.browser.server import Served


@pytest.fixture
def french_phone(browser: Any) -> Iterator[Any]:
    """A phone whose browser asks for French first (``Accept-Language: fr-FR``)."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="fr-FR")
    try:
        yield context.new_page()
    finally:
        context.close()


def test_a_french_phone_reads_the_board_and_the_moves_in_french_at_a_phones_size(
    served: Served, french_phone: Any
) -> None:
    for address in (served.viewer, served.keeper):
        french_phone.goto(address)
        board = french_phone.get_by_test_id("board").inner_text()
        assert "Épreuves" in board and "Trials deck" not in board
        said = french_phone.get_by_test_id("next").inner_text()  # the table's words
        assert "Ann\u00a0: jouer une carte ou se replier" in said
        assert french_phone.evaluate("document.documentElement.lang") == "fr"
        assert unfit(french_phone) == [], address
    assert "Reprendre" in french_phone.get_by_test_id("moves").inner_text()  # the page's own


def test_the_switch_turns_a_phone_to_english_and_it_stays(
    served: Served, french_phone: Any
) -> None:
    french_phone.goto(served.viewer)
    french_phone.get_by_test_id("lang-en").click()
    french_phone.wait_for_load_state()
    assert "Trials deck" in french_phone.get_by_test_id("board").inner_text()

    french_phone.goto(served.viewer)

    assert "Trials deck" in french_phone.get_by_test_id("board").inner_text()
    assert french_phone.evaluate("document.documentElement.lang") == "en"
