"""A whole Armistice campaign through the CLI, Boot Camp then chapters 1 to 9, as a group
would log it: a 68-card Briefing lost on Hard Knocks, a ban after it and fewer Helping
Hands than earned (``--yes``), another Grizzled for a chapter, Traps from Chapter 4 by the
campaign's standing rule, a Recruit whose Morale tokens build up, wins and losses. The
final score is computed from what the story did; then every "Next:" line the story (and
docs/walkthrough.md) printed is run on a copy of the campaign file at that moment and must
be accepted (issue 13).

Chapters are tiny unless the story needs more (see ``Grizzled.chapter``); the Helping
Hands are test cards ("Test hand N"): the printed texts are not public."""

from __future__ import annotations

import re
import shlex
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

from tests.cli.conftest import SEATS, Grizzled, words
from tests.cli.test_cli_next import accepted_on_a_copy, commands_of, next_lines
from tests.cli.walkthrough import CHAPTER, TABLE_EVENING, commands

REWARDS = "--reward won:0:2 --reward lost:0:1"  # what Grizzled.conclude enters
EARNED = {"won": 2, "lost": 1}
TILES = "left,left,right"
RECRUIT_HAND = "night+rain,shell+gas"


def offered(chapter: int) -> tuple[int, int, int]:
    """The three (test) Helping Hands chapter N's Conclusion offers."""
    return (100 + 3 * chapter, 101 + 3 * chapter, 102 + 3 * chapter)


class Recording(Grizzled):
    """``grizzled`` that keeps, for every "Next:" line a command prints, a copy of the
    campaign file as it was right then (``replay --at`` shows the Next line of a past
    board: kept apart, it was accepted when it was the present one)."""

    def __init__(self, db: Path, folder: Path) -> None:
        super().__init__(db)
        self.folder = folder
        self.seen: list[tuple[str, Path]] = []
        self.past: list[str] = []

    def __call__(self, *args: str) -> Result:
        result = super().__call__(*args)
        if words(args)[0] == "replay":  # the board of a past log entry and its Next line
            self.past += next_lines(result.stdout)
            return result
        for line in next_lines(result.stdout):
            copy = self.folder / f"at-{len(self.seen)}.sqlite"
            with closing(sqlite3.connect(self.db)) as source, closing(sqlite3.connect(copy)) as to:
                source.backup(to)
            self.seen.append((line, copy))
        return result


class Story:
    """The campaign so far, as the story logged it: what each chapter's Conclusion earned,
    what was taken, and the bans."""

    def __init__(self, grizzled: Recording) -> None:
        self.g = grizzled
        self.taken: dict[int, int] = {}
        self.bans: list[int] = []

    def settle(
        self, chapter: int, result: str, players: tuple[str, ...], *, yes: bool = False
    ) -> None:
        """Chapter N's Conclusion entered and its first Helping Hands awarded to
        ``players``, one each."""
        awards = " ".join(f"{n}:{p}" for n, p in zip(offered(chapter), players, strict=False))
        self.g.conclude(chapter, offered(chapter))
        if yes:  # fewer than earned: refused without --yes (notes, decision 9)
            assert "add --yes to confirm" in self.g.refused(f"award {awards}")
        self.g.ok(f"award {awards}{' --yes' if yes else ''}")
        self.taken[chapter] = len(players)
        assert self.taken[chapter] <= EARNED[result]

    def tiny(self, chapter: int, result: str, *players: str) -> None:
        """A tiny chapter won or lost, then settled."""
        self.g.chapter(chapter, won=result == "won")
        assert self.g.json("status")["result"] == ("won" if result == "won" else "lost")
        self.settle(chapter, result, players)


def boot_camp(story: Story) -> None:
    """Boot Camp won: a tutorial, it earns nothing and chapter 1's Briefing comes next."""
    g = story.g
    g.boot_camp(won=True)
    assert "Boot Camp is a tutorial" in g.refused("award")
    assert g.json("status")["next"].startswith("enter the Briefing of chapter 1")


def chapter_1_of_68_cards_lost_on_hard_knocks(story: Story) -> None:
    """The whole box in play (Trials 30 + Morale 38, undescribed cards unseen slots); Ann
    takes Wounded, Mute and Demoralized (4 Hard Knocks) and the chapter is lost. The group
    takes none of the Helping Hand it earned and bans Wounded."""
    g = story.g
    g.ok("briefing 1 --trials 30 --morale 38 --first 3")
    g.ok(f"chapter start --leader ann --tiles {TILES}")
    g.ok("mission start 3")
    board = g.json("status")
    assert (board["trials"], board["morale"], board["traps"]) == (30 - 9, 38, False)
    for card in ("wounded", "night+shell", "snow+gas", "mute", "rain+whistle", "night+gas"):
        g.ok("play", card)
    g.ok("play demoralized")
    for _ in range(3):
        g.ok("withdraw left")
    board = g.json("status")
    assert board["result"] == "lost" and board["players"][0]["hard_knock_weight"] == 4
    story.settle(1, "lost", (), yes=True)
    g.ok("ban ann wounded --from knock")
    story.bans.append(1)


def chapter_2_with_another_grizzled(story: Story) -> None:
    """Cy plays the gas Grizzled from chapter 2 on; won."""
    g = story.g
    g.ok("briefing 2 --trials 3 --morale 20 --first 1")
    out = g.ok(f"chapter start --leader ann --tiles {TILES} --grizzled cy:gas")
    assert "Cy gas" in out and "\\n" not in out
    g.ok("mission start 1")
    for card in ("night+snow", "shell+whistle", "snow+rain"):
        g.ok("play", card)
    for _ in range(3):
        g.ok("withdraw left")
    assert g.json("campaign show")["results"][-1]["outcome"] == "won"
    story.settle(2, "won", ("ann", "ben"))


def chapter_4_with_a_recruit_and_traps(story: Story) -> None:
    """Traps on by the standing rule (the Briefing says nothing of them); Recruit #5 stays
    in play for two Missions, withdrawing each time, so its Morale tokens build up to 2
    (notes, decision 8). No chapter is won while a Recruit is in play: the two Morale
    Drops empty a Reserve of 6 and the chapter is lost."""
    g = story.g
    g.ok('describe recruit 5 "Test recruit" --hand 2 --tokens 1')
    briefed = g.ok("briefing 4 --trials 5 --morale 6 --first 1 --recruits 5")
    assert "Traps on (the campaign's rule from Chapter 4)" in " ".join(briefed.split())
    assert "Traps on" in g.ok(f"chapter start --leader ann --tiles {TILES}")
    assert g.json("status")["traps"] is True
    g.ok(f"mission start 1 --recruit 5 --recruit-hand {RECRUIT_HAND}")
    at_the_table(g, ("night+snow", "shell+whistle", "snow+rain"), ("recruit withdraw",))
    assert g.json("status")["recruit"]["morale_tokens"] == 1
    g.ok("mission start 1")
    at_the_table(g, ("night+shell", "snow+gas", "rain+whistle"), ("recruit withdraw",))
    board = g.json("status")
    assert board["recruit"]["morale_tokens"] == 2  # they built up
    assert (board["result"], board["morale"]) == ("lost", 0)
    story.settle(4, "lost", ("cy",))


def at_the_table(g: Grizzled, cards: tuple[str, ...], recruit: tuple[str, ...]) -> None:
    """A Mission played in turn order: a Grizzled with a card plays the next of ``cards``,
    one without withdraws, and on the Recruit's turn the leader does the next of
    ``recruit``."""
    cards_left, moves = list(cards), list(recruit)
    while (doc := g.json("status"))["phase"] == "mission":
        if doc["turn"] is None:
            g.ok(moves.pop(0))
            continue
        player = next(p for p in doc["players"] if p["name"] == doc["turn"])
        g.ok("play", cards_left.pop(0)) if player["hand"] else g.ok("withdraw left")
    assert not cards_left and not moves


def play_the_campaign(story: Story) -> None:
    """Boot Camp, then chapters 1 to 9."""
    story.g.ok(shlex.join(["campaign", "new", "Autumn", "--rules", "armistice", *SEATS]))
    boot_camp(story)
    chapter_1_of_68_cards_lost_on_hard_knocks(story)
    chapter_2_with_another_grizzled(story)
    story.tiny(3, "won", "ben", "cy")
    chapter_4_with_a_recruit_and_traps(story)
    story.tiny(5, "won", "ann", "cy")
    story.tiny(6, "lost", "ann")
    story.tiny(7, "won", "ben", "cy")
    story.tiny(8, "lost", "cy")
    story.tiny(9, "won", "ann", "ben")


@pytest.fixture
def played(db: Path, tmp_path: Path) -> Story:
    story = Story(Recording(db, tmp_path))
    play_the_campaign(story)
    return story


@pytest.mark.backends
def test_a_whole_armistice_campaign_through_the_cli_scores_what_it_did(played: Story) -> None:
    g = played.g
    assert g.json("status")["next"] == "the campaign is over: grizzled score --explain"
    shown = g.json("campaign show")
    assert [r["chapter"] for r in shown["results"]] == list(range(10))
    assert [h["chapter"] for h in shown["helping_hands"]] == [
        chapter for chapter, taken in played.taken.items() for _ in range(taken)
    ]

    score = g.json("score --explain")

    victory = sum(played.taken.values())
    not_taken = sum(len(offered(c)) - taken for c, taken in played.taken.items())
    negative = not_taken + len(played.bans)
    assert (score["victory_points"], score["negative_points"], score["difference"]) == (
        victory,
        negative,
        victory - negative,
    )
    assert [c["chapter"] for c in score["chapters"]] == list(range(10))
    assert score["chapters"][0]["victory_points"] == score["chapters"][0]["negative_points"] == 0
    banned = [c["chapter"] for c in score["chapters"] if c["banned"]]
    assert banned == played.bans
    explained = {e["chapter"] for e in score["explanation"]}
    assert explained == set(range(1, 10))  # Boot Camp scores nothing
    text = g.ok("score --explain")
    for chapter in range(1, 10):
        assert re.search(rf"^\s*{chapter}\s", text, flags=re.M), f"chapter {chapter} not named"


def fills_for(line: str) -> dict[str, str]:
    """What a line's "..." stands for: the Conclusion of the chapter it names, or as many
    of its Helping Hands as it earns."""
    named = re.search(r"chapter (\d+)", line)
    chapter = int(named.group(1)) if named else 0
    earned = re.search(r"earns (\d+) Helping", line)
    count = int(earned.group(1)) if earned else 0
    takers = ("ann", "ben")[:count]
    award = " ".join(f"{n}:{p}" for n, p in zip(offered(chapter), takers, strict=False))
    offer = ",".join(map(str, offered(chapter)))
    recruit = {"--recruit": "5", "CARD,CARD,...": RECRUIT_HAND}  # Recruit #5 drew these
    return {"conclusion": f"{REWARDS} --offer {offer}", "award": award, **recruit}


def support_fill(doc: dict[str, Any]) -> str:
    """What the Support beneficiary may take: a Hard Knock of theirs, else the charm."""
    who = doc.get("support_pending")
    knocks = next((p["hard_knocks"] for p in doc.get("players", []) if p["name"] == who), [])
    return f"--discard {knocks[0]}" if knocks else "--charm"


def replay_next_lines(seen: list[tuple[str, Path]], tmp_path: Path) -> int:
    """Run every Next line on a copy of the file it was printed for; how many ran."""
    ran = 0
    for line, copy in seen:
        if "campaign is over" in line or "is being resolved" in line:
            continue
        at = Grizzled(copy, explicit=True)
        doc = at.json("status")
        fills = {**fills_for(line), "support": support_fill(doc)}
        for args in commands_of(line, doc, fills):
            accepted_on_a_copy(at, tmp_path, args)
            ran += 1
    return ran


def test_every_next_line_of_the_whole_campaign_is_accepted(played: Story, tmp_path) -> None:
    lines = [line for line, _ in played.g.seen]
    assert any("grizzled award" in line for line in lines)
    assert any("recruit play CARD" in line for line in lines)

    ran = replay_next_lines(played.g.seen, tmp_path)

    assert ran >= len(lines) - 1  # every line but the campaign's end ran at least once


def test_every_next_line_of_the_walkthrough_is_accepted(
    db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GRIZZLED_USER", "ann")  # as the page's session logs it
    page = (Path(__file__).resolve().parents[2] / "docs" / "walkthrough.md").read_text()
    page = page.partition(TABLE_EVENING[0])[0]  # the chapter's commands, not the session's
    g = Recording(db, tmp_path)
    for args, must_succeed in commands(CHAPTER):
        result = g(*args)
        assert (result.exit_code == 0) == must_succeed, shlex.join(args)

    assert [line for line, _ in g.seen] + g.past == next_lines(page)  # the page's own lines
    assert replay_next_lines(g.seen, tmp_path) >= len(g.seen) - 1
