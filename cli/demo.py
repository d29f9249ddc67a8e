"""The demo: a scripted, realistic chapter of the base game, logged as a table would.

Three friends at a real table (the engine never sees a hidden card): a Trap, a failed
Mission, a Speech, a Hard Knock, a mistake taken back with undo, Support and a Morale
Drop. Each entry is (command, what the person logging would type it as).
"""

from __future__ import annotations

from domain.campaign.flow import CampaignCommand
from domain.chapter.commands import (
    MakeSpeech,
    PlayCard,
    Seat,
    StartChapter,
    StartMission,
    Withdraw,
)

CAMPAIGN = "Demo evening"
SEATS = (Seat("Ann", "night"), Seat("Ben", "snow"), Seat("Cy", "rain"))

UNDO = "undo"

SCRIPT: tuple[tuple[CampaignCommand | str, str], ...] = (
    (
        StartChapter("classic", SEATS, leader="Ann", third_tiles=("left", "right", "left")),
        "Chapter for Ann, Ben and Cy; Ann leads",
    ),
    (StartMission(3), "Ann sets intensity 3"),
    (PlayCard("Ann", "night+shell+trap", drawn="rain+whistle"), "Ann plays night+shell+trap"),
    (PlayCard("Ben", "snow+gas"), "Ben plays snow+gas"),
    (PlayCard("Cy", "shell+gas"), "Cy plays shell+gas"),
    (PlayCard("Ann", "rain+shell"), "Ann plays rain+shell"),
    (StartMission(1), "Ben sets intensity 1"),
    (PlayCard("Ben", "night+gas"), "Ben plays night+gas"),
    (PlayCard("Cy", "mute"), "Cy plays Mute"),
    (MakeSpeech("Ann", "gas", (("Ben", "snow+gas"), ("Cy", "rain+gas"))), "Ann's Speech on gas"),
    (PlayCard("Ben", "snow+rain"), "Ben plays snow+rain (a slip: it was snow+whistle)"),
    (UNDO, "Ben played snow+whistle, not snow+rain"),
    (PlayCard("Ben", "snow+whistle"), "Ben plays snow+whistle"),
    (PlayCard("Cy", "night+whistle"), "Cy plays night+whistle"),
    (Withdraw("Ann", "right"), "Ann withdraws"),
    (Withdraw("Ben", "left"), "Ben withdraws"),
    (Withdraw("Cy", "left"), "Cy withdraws"),
)
