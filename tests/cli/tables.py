"""Small table moments the CLI tests share (the fixtures are in conftest.py)."""

from __future__ import annotations

from tests.cli.conftest import Grizzled

TINY_WIN = ("night+snow", "shell+whistle", "snow+rain")


def win_the_tiny_mission(table: Grizzled) -> None:
    """Mission 1 of a tiny chapter (Trials 3, intensity 1, three players): each plays one
    of the three cards dealt, then everyone withdraws: the Trials are used up, the chapter
    is won."""
    table.ok("mission start 1")
    for card in TINY_WIN:
        table.ok("play", card)
    for _ in range(3):
        table.ok("withdraw", "left")
