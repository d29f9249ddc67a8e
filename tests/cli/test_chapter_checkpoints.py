"""The checkpoint closes the chapter: printed once the chapter's ending is entered whole
(an Armistice chapter's Conclusion, its Helping Hands awarded, a ban after a lost one;
Boot Camp and a classic chapter with their last action; the campaign's last chapter too),
so a forger who removes the ending no longer extends it, and ``campaign show`` lists each
chapter's checkpoint."""

from __future__ import annotations

import json
import re
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from tests.cli.conftest import Grizzled

CHECKPOINT = re.compile(r"[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7] @ (\d+)")


def printed(said: str, chapter: str) -> str | None:
    """The checkpoint an output gives for the chapter sheet of ``chapter``, if any."""
    found = re.search(
        f"Checkpoint for the chapter sheet of {chapter}: ({CHECKPOINT.pattern})", said
    )
    return found.group(1) if found else None


def next_line(said: str) -> str:
    return next(line for line in said.splitlines() if line.startswith("Next: "))


def test_an_armistice_chapters_checkpoint_comes_after_its_conclusion_award_and_ban(
    armistice: Grizzled,
) -> None:
    armistice.ok("skip-boot-camp")
    armistice.chapter(1, won=False)
    ended = armistice.ok("undo")  # the last withdrawal again, to read what it says
    ended = armistice.ok("withdraw", "left")
    assert printed(ended, "chapter 1") is None
    assert "The checkpoint for the chapter sheet of chapter 1 comes once its ending is" in ended
    assert next_line(ended) == "Next: enter the Conclusion of chapter 1: grizzled conclusion 1 ..."
    armistice.ok("describe", "hand", "4", "Test hand 4", "friendship")
    armistice.ok("describe", "hand", "5", "Test hand 5", "action")
    concluded = armistice.ok("conclusion", "1", "--reward", "lost:0:1", "--offer", "4,5")
    assert "Checkpoint" not in concluded
    assert next_line(concluded).endswith("grizzled award NUMBER:PLAYER ...")
    awarded = armistice.ok("award", "4:ann")
    first = printed(awarded, "chapter 1")
    assert first is not None and first.endswith(f" @ {armistice.events()}")
    assert "A card banned after it gives the checkpoint to write instead." in awarded
    banned = armistice.ok("ban", "ben", "night+snow", "--reason", "too cruel")
    second = printed(banned, "chapter 1")
    assert second is not None and second.endswith(f" @ {armistice.events()}")
    assert second != first
    assert "Next: enter the Briefing of chapter 2: grizzled briefing 2" in next_line(banned)
    assert "  Chapter 1: " + second in armistice.ok("campaign", "show")
    shown = armistice.json("campaign", "show")["checkpoints"]
    assert shown == [
        {
            "chapter": 1,
            "chapter_name": "chapter 1",
            "event": armistice.events(),
            "checkpoint": second,
        }
    ]
    assert "The record extends the checkpoint given." in armistice.ok(
        "verify", "--checkpoint", second
    )


def test_a_forged_ending_no_longer_extends_the_chapters_checkpoint(
    armistice: Grizzled, db: Path
) -> None:
    armistice.ok("skip-boot-camp")
    armistice.chapter(1, won=False)
    ended = armistice.events()
    at_the_end = CHECKPOINT.search(armistice.ok("checkpoint"))  # where it was printed before
    armistice.conclude(1, (4, 5))
    written = printed(armistice.ok("award", "4:cy"), "chapter 1")
    assert written is not None and at_the_end is not None
    with closing(sqlite3.connect(db)) as conn:  # the Conclusion and the award, links too
        conn.execute("DELETE FROM stored_events WHERE originator_version > ?", (ended,))
        conn.execute("DELETE FROM grizzled_chain WHERE originator_version > ?", (ended,))
        conn.commit()
    armistice.ok("projections", "rebuild")
    armistice.ok("verify")  # the file alone looks whole
    armistice.ok("verify", "--checkpoint", at_the_end.group(0))  # what the forger relied on
    said = armistice.refused("verify", "--checkpoint", written)
    assert f"it holds events #1 to #{ended} of the" in said


def test_boot_camp_closes_with_its_last_action_and_is_listed(armistice: Grizzled) -> None:
    armistice.boot_camp(won=True)
    said = armistice.ok("undo")
    said = armistice.ok("withdraw", "left")
    written = printed(said, "Boot Camp")
    assert written is not None and written.endswith(f" @ {armistice.events()}")
    assert next_line(said).startswith("Next: enter the Briefing of chapter 1: grizzled briefing 1")
    assert f"  Boot Camp: {written}" in armistice.ok("campaign", "show")


def test_a_classic_chapter_closes_with_its_last_action(campaign: Grizzled) -> None:
    campaign.ok(
        "chapter", "start", "--leader", "ann", "--tiles", "left,left,right", "--trials", "3"
    )
    campaign.ok("mission", "start", "3")
    for card in ("night+snow", "shell+whistle", "snow+rain"):
        campaign.ok("play", card)
    campaign.ok("withdraw", "left")
    campaign.ok("withdraw", "left")
    said = campaign.ok("withdraw", "left")
    written = printed(said, "chapter 1")
    assert written is not None and written.endswith(f" @ {campaign.events()}")
    assert next_line(said) == (
        "Next: start the next chapter: grizzled chapter start --leader NAME --tiles TILE,TILE,..."
    )
    assert campaign.json("campaign", "show")["checkpoints"][0]["checkpoint"] == written


def test_the_campaigns_last_chapter_is_closed_by_its_award(armistice: Grizzled) -> None:
    armistice.ok("skip-boot-camp")
    for number in range(1, 10):
        armistice.chapter(number, won=True)
        armistice.conclude(number, (2 * number, 2 * number + 1))
        said = armistice.ok("award", f"{2 * number}:ann", f"{2 * number + 1}:ben")
        assert printed(said, f"chapter {number}") is not None
    written = printed(said, "chapter 9")
    assert written is not None and written.endswith(f" @ {armistice.events()}")
    assert next_line(said) == "Next: the campaign is over: grizzled score --explain"
    armistice.ok("score", "--explain")
    listed = armistice.json("campaign", "show")["checkpoints"]
    assert [c["chapter"] for c in listed] == list(range(1, 10))
    assert listed[-1]["checkpoint"] == written


def test_campaign_show_lists_the_newest_chapters_checkpoints_and_json_lists_them_all(
    grizzled: Grizzled, db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long campaign's text lists the newest chapters' checkpoints (found by the index,
    not by reading the whole log) and says where the earlier ones are."""
    import cli.cmd_campaign
    from tests.cli.test_cli_integrity import ten_chapters

    ten_chapters(db)
    every = json.loads(grizzled.ok("campaign show --json"))["checkpoints"]
    assert [c["chapter"] for c in every] == list(range(1, 11))
    monkeypatch.setattr(cli.cmd_campaign, "RECENT", 3)
    said = grizzled.ok("campaign show")
    listed = [line.strip() for line in said.splitlines() if line.startswith("  Chapter ")]
    assert listed == [f"Chapter {c['chapter']}: {c['checkpoint']}" for c in every[-3:]]
    assert "(earlier chapters' checkpoints: grizzled campaign show --json)" in said
    monkeypatch.setattr(cli.cmd_campaign, "RECENT", 10)
    said = grizzled.ok("campaign show")
    assert "earlier chapters" not in said and said.count("  Chapter ") == 10
