"""The command's fixtures (a real campaign file, the ``grizzled`` command on it) for the
companion's tests, and the companion on that file."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.cli.conftest import SEATS, Grizzled, campaign, db, grizzled, table  # noqa: F401 (fixtures)
from web.app import create_app

TOKEN = "keeper-token-for-tests"


@pytest.fixture
def client(db: Path) -> TestClient:  # noqa: F811 (the fixture imported above)
    """The companion on this test's file, one keeper holding ``TOKEN``."""
    return TestClient(create_app(db, [TOKEN]), raise_server_exceptions=False)


RECRUIT_HAND = "night+snow,shell+gas"  # Recruit #5's starting hand, dealt face up


def armistice_chapter_two(g: Grizzled) -> None:
    """Autumn (Armistice) for Ann, Ben and Cy through the command: a tiny chapter 1 won,
    its Conclusion's Helping Hands #32 to Ann and #33 to Ben (test Action cards), then
    chapter 2 briefed with Orders #12 (adds gas) and #13 (lasting until "test condition")
    and Recruit #5 (two cards, one token): Ann leads Mission 1 at intensity 3. Every card
    is a test card: the printed texts are not public."""
    g.ok("campaign", "new", "Autumn", "--rules", "armistice", *SEATS)
    g.chapter_one(won=True)
    g.conclude(1, (32, 33))
    g.ok("award 32:ann 33:ben")
    g.ok('describe order 12 "Test order A" --threat gas')
    g.ok('describe order 13 "Test order B" --lasting "test condition"')
    g.ok('describe recruit 5 "Test recruit" --hand 2 --tokens 1')
    g.ok("briefing 2 --trials 20 --morale 20 --first 3 --orders 12,13 --recruits 5")
    g.ok("chapter start --leader ann --tiles left,left,right")
