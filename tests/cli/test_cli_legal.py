"""Issue 13: every entry of ``status --json``'s ``legal`` is accepted when run as its
command. Random legal games are played through the CLI at a real table (the deck unknown
to the tracker); at each turn every ``withdraw``, ``charm`` and ``speech`` entry, and some
``play`` entries (a hidden hand lists every card still unseen), run as commands on a copy
of the campaign file, with what chance decided told the way the table tells it (a Trap's
or Clumsy's draw, a Merry Christmas target, a Panicked player's tile: the entry itself).
The completion of ``withdraw TILE``, ``play CARD`` and ``charm CARD`` offers exactly
those entries, and the Next line offers what they hold."""

from __future__ import annotations

import random
import re
import shlex
import shutil
from pathlib import Path
from typing import Any

import pytest

from domain.cards.catalogue import THREATS
from domain.chapter.state import ChapterState
from domain.legal import support_choices
from domain.modules.solo.state import SOLO_TILES, solo_table
from tests.cli.conftest import Grizzled
from tests.cli.test_cli_complete import complete
from tracker.app import Tracker

PLAYS_TRIED = 3  # play entries run per turn at random, besides the Hard Knocks below
# The Hard Knocks that change what a withdrawal takes: played whenever a hand may hold one,
# so that the games reach them.
WITHDRAWAL_KNOCKS = ("panicked", "absent-minded", "clumsy", "fearful", "fragile", "selfish")


def chapter_of(grizzled: Grizzled) -> ChapterState:
    """The chapter as the rules engine holds it (to tell what chance decided)."""
    tracker = Tracker(str(grizzled.db))
    try:
        chapter = tracker.campaign("Friday").state.chapter
    finally:
        tracker.close()
    assert chapter is not None
    return chapter


def a_drawn_card(chapter: ChapterState, played: str = "") -> str:
    """A card the table may say was drawn from the unknown Trials deck: a plain threat
    card still unseen (not the one being played, when it is the last copy)."""
    cards = chapter.catalogue.cards
    unseen = [
        key
        for key in sorted(chapter.catalogue.cards)
        if chapter.unseen(key) > (key == played)
        and cards[key].threats
        and "trap" not in key
        and cards[key].hard_knock is None
    ]
    return unseen[0]


def a_target(board: dict[str, Any]) -> str | None:
    """A Hard Knock in front of someone, for a Merry Christmas (None if there is none)."""
    found = [(p["name"], k) for p in board["players"] for k in p["hard_knocks"]]
    return f"{found[0][0]}:{found[0][1]}" if found else None


def play_command(card: str, board: dict[str, Any], chapter: ChapterState) -> str:
    """``play CARD`` with what the table tells of chance."""
    line = f"play {card}"
    if chapter.catalogue.cards[card].trap and chapter.trials:
        line += f" --drawn {a_drawn_card(chapter, card)}"
    target = a_target(board)
    if card == "merry-christmas" and target:
        line += f" --target {target}"
    return line


def withdraw_command(tile: str, legal: dict[str, Any], chapter: ChapterState) -> str:
    """``withdraw TILE`` with the removal an Absent-minded player chooses (not the tile
    itself when another exists) and the card a Clumsy one draws."""
    line = "withdraw" + ("" if tile == "none" else f" {tile}")
    if legal["remove"]:
        others = [r for r in legal["remove"] if r != tile]
        line += f" --remove {(others or legal['remove'])[0]}"
    if legal["draws"]:
        line += f" --drawn {a_drawn_card(chapter)}"
    return line


def legal_commands(board: dict[str, Any], chapter: ChapterState, rng: random.Random) -> list[str]:
    """Every ``legal`` entry as a command (a few of the plays)."""
    legal = board["legal"]
    plays = sorted(legal["play"])
    knocks = [card for card in plays if card in WITHDRAWAL_KNOCKS]
    tried = knocks + rng.sample(plays, min(PLAYS_TRIED, len(plays)))
    commands = [play_command(card, board, chapter) for card in tried]
    commands += [f"charm {card}" for card in legal["charm"]]
    commands += [f"speech {threat}" for threat in THREATS] if legal["speech"] else []
    commands += [withdraw_command(tile, legal, chapter) for tile in legal["withdraw"]]
    return commands + (["refill"] if legal["refill"] else [])


def next_line_agrees(board: dict[str, Any]) -> None:
    """The Next line offers what ``legal`` holds, no more, no less: each action, and the
    words the withdrawal takes (a tile, ``--remove``, ``--drawn``)."""
    legal, said = board["legal"], board["next"].split(": ", 1)[-1]
    assert ("play CARD" in said) == bool(legal["play"] or legal["play_any_hidden"]), said
    assert ("charm CARD" in said) == bool(legal["charm"]), said
    assert ("speech THREAT" in said) == legal["speech"], said
    assert ("withdraw" in said) == bool(legal["withdraw"]), said
    assert ("refill" in said) == legal["refill"], said
    out = said.partition("withdraw")[2]
    assert ("--remove TILE" in out) == bool(legal["remove"]), said
    assert ("--drawn CARD" in out) == legal["draws"], said
    tiles = any(tile != "none" for tile in legal["withdraw"])
    assert ("TILE" in out.replace("--remove TILE", "")) == tiles, said


def accepted(grizzled: Grizzled, tmp_path: Path, line: str) -> None:
    copy = tmp_path / "copy.sqlite"
    shutil.copy(grizzled.db, copy)
    result = Grizzled(copy, explicit=True)(*shlex.split(line))
    assert result.exit_code == 0, f"legal {line!r} refused: {result.stderr}"


def support_command(chapter: ChapterState, rng: random.Random) -> str:
    """The Support beneficiary's benefit, one of those the rules allow."""
    choice = rng.choice(support_choices(chapter))
    said = "".join(f" --discard {card}" for card in choice.discard)
    return f"support{said}" + (" --charm" if choice.recover_charm else "")


def between_missions(grizzled: Grizzled, board: dict[str, Any], rng: random.Random) -> str:
    """The Mission Leader's start as the Next line says it: at the least intensity or one
    more, or the exact one; the Chaplain's tile, one he holds."""
    chapter = chapter_of(grizzled)
    said = re.search(r"mission start (?:INTENSITY \(at least (\d+)\)|(\d+))", board["next"])
    assert said, board["next"]
    low, exact = said.groups()
    line = f"mission start {int(low) + rng.choice((0, 0, 1))}" if low else f"mission start {exact}"
    chaplain = [p for p in chapter.players if p.chaplain and p.tiles]
    return line + (f" --chaplain-tile {chaplain[0].tiles[0]}" if chaplain else "")


def next_move(commands: list[str], rng: random.Random) -> str:
    """What the table does: a Hard Knock that changes withdrawals if one may be played,
    else a withdrawal now and then, else anything legal."""
    knocks = [c for c in commands if c.split()[0] == "play" and c.split()[1] in WITHDRAWAL_KNOCKS]
    withdrawals = [c for c in commands if c.startswith("withdraw")]
    if knocks:
        return knocks[0]
    if withdrawals and rng.random() < 0.3:
        return rng.choice(withdrawals)
    return rng.choice(commands)


def play_a_random_chapter(grizzled: Grizzled, tmp_path: Path, seed: int) -> tuple[int, str]:
    """Play the chapter to its end, trying every legal entry at each turn (and the tiles
    completion offers for a withdrawal): how many entries were run, and how the chapter
    ended."""
    rng = random.Random(seed)
    tried = 0
    for _ in range(400):
        board = grizzled.json("status")
        if board["phase"] == "over":
            return tried, board["outcome"]
        chapter = chapter_of(grizzled)
        if board["phase"] == "preparation":
            line = between_missions(grizzled, board, rng)
        elif board["phase"] == "support":
            line = support_command(chapter, rng)
        elif board["phase"] == "solo-support" and solo_table(chapter) is not None:
            line = f"solo-support {rng.choice(solo_table(chapter).tiles or SOLO_TILES)}"
        else:
            next_line_agrees(board)
            commands = legal_commands(board, chapter, rng)
            assert commands, f"no legal command on {board['legal']}"
            for command in commands:
                accepted(grizzled, tmp_path, command)
            tried += len(commands)
            tiles = [t for t in board["legal"]["withdraw"] if t != "none"]
            assert complete("grizzled withdraw ") == tiles  # each run above
            assert complete("grizzled charm ") == board["legal"]["charm"]
            assert complete("grizzled play ") == board["legal"]["play"]
            assert complete("grizzled play -p ") == [board["legal"]["player"]]
            line = next_move(commands, rng)
        grizzled.ok(line)
    raise AssertionError("the chapter did not end")


CLASSIC = "campaign new Friday --rules classic -p ann:night -p ben:snow"
SOLO = "campaign new Friday --rules armistice -p ann:night@me -p ben:snow@me -p cy:rain@me"


ARMISTICE = "campaign new Friday --rules armistice -p ann:night -p ben:snow -p cy:rain"


@pytest.mark.parametrize(
    ("setup", "seed"),
    [
        ((CLASSIC, "chapter start --leader ann --tiles left,right,left"), 1),  # the Chaplain
        ((f"{CLASSIC} -p cy:rain", "chapter start --leader ann --tiles left,right,left"), 2),
        (
            (f"{CLASSIC} -p cy:rain -p di:gas", "chapter start --leader ann --tiles ll,rr,l,r"),
            3,
        ),
        ((SOLO, "chapter start --leader ann --variant solo --trials 30 --morale 20 --first 3"), 4),
        (
            (
                ARMISTICE,
                "briefing 0 --trials 24 --morale 20 --first 2 --traps",
                "chapter start --leader ann --tiles left,left,right",
            ),
            5,
        ),
    ],
)
def test_every_legal_entry_of_a_random_game_is_accepted_as_a_command(
    grizzled, tmp_path, setup, seed
):
    for command in setup:
        grizzled.ok(command)

    tried, outcome = play_a_random_chapter(grizzled, tmp_path, seed)

    assert tried > 20
    assert outcome in {"won", "hard-knocks", "monument", "hands"}


def test_a_solo_turn_offers_the_single_hand_the_refill_and_the_exact_intensity(grizzled):
    grizzled.ok(SOLO)
    grizzled.ok("chapter start --leader ann --variant solo --trials 30 --morale 20 --first 3")
    grizzled.ok("mission start 3")
    board = grizzled.json("status")
    assert (board["legal"]["play_any_hidden"], board["legal"]["withdraw"]) == (True, ["none"])
    assert "night+snow" in board["legal"]["play"]  # the single hand is unseen
    grizzled.ok("play night+snow")

    board = grizzled.json("status")

    assert board["next"] == "Ben's turn: play CARD, charm CARD, withdraw or refill"
    assert board["legal"]["refill"]
    assert "; refill the hand." in " ".join(grizzled.ok("status").split())
    grizzled.ok("refill")
    for _ in range(3):
        grizzled.ok("withdraw")
    grizzled.ok("solo-support center")
    assert grizzled.json("status")["next"].endswith("grizzled mission start 3")
    grizzled.ok("mission start 3")
