"""Issue 13: the flow at the table never leads into a refusal. Each "Next:" line, of a
command's output and of ``status --json``, is run as a command (its placeholders filled
with a legal value) on a copy of the campaign file, and must be accepted."""

from __future__ import annotations

import re
import shlex
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from cli.demo import SCRIPT, UNDO
from domain.chapter.commands import MakeSpeech, PlayCard, StartChapter, StartMission, Withdraw
from tests.cli.conftest import SEATS, Grizzled

# What the "..." of a line stands for, when the line cannot know it (a Conclusion's
# printed numbers, the Helping Hands the table chooses).
Fills = dict[str, str]


def _card(legal: dict[str, Any], verb: str) -> str:
    """A card the player may play (or charm) with no more said (no Trap draw, no Merry
    Christmas)."""
    if verb == "charm":
        return str(legal["charm"][0])
    return next(c for c in legal["play"] if "trap" not in c and "christmas" not in c)


def _tile(legal: dict[str, Any]) -> str:
    tile = legal["withdraw"][0]
    return "" if tile == "none" else tile


def commands_of(line: str, doc: dict[str, Any], fills: Fills) -> list[list[str]]:
    """Every command a Next line offers (a turn's alternatives), placeholders filled."""
    text = line.split("grizzled ", 1)[1] if "grizzled " in line else line.split(": ", 1)[1]
    low = re.search(r"\(at least (\d+)\)", text)
    said = re.split(r" \(", text)[0]
    legal = doc.get("legal") or {}
    found = []
    for choice in re.split(r", | or | / ", said):
        words: list[str] = []
        for word in shlex.split(choice):
            if word == "NUMBER:PLAYER":
                continue  # given with the "..."
            if word == "...":
                words += shlex.split(fills[choice.split()[0]])
            elif word == "CARD" and words[0] == "recruit":  # one of its face-up cards
                words.append(doc["recruit"]["hand"][0])
            elif word == "CARD":
                words.append(_card(legal, words[-1]))
            elif word in ("TILE", "RANDOM-TILE"):
                words.append("center" if choice.startswith("solo-support") else _tile(legal))
            elif word == "THREAT":
                words.append("night")
            elif word == "INTENSITY":
                words.append(low.group(1) if low else "1")
            elif word == "N":  # a Briefing's numbers, else what the table drew (fills)
                said = {"--trials": "3", "--morale": "20", "--first": "1"}.get(words[-1])
                words.append(said or fills[words[-1]])
            elif word == "CARD,CARD,...":
                words.append(fills[word])
            elif word == "NAME":
                words.append("ann")
            elif word == "TILE,TILE,...":
                words.append("left,left,right")
            else:
                words.append(word)
        found.append([w for w in words if w])
    return found


def next_lines(out: str) -> list[str]:
    return [line.removeprefix("Next: ") for line in out.splitlines() if line.startswith("Next: ")]


def accepted_on_a_copy(grizzled: Grizzled, tmp_path: Path, args: list[str]) -> None:
    """Run a command on a copy of the campaign file: it must succeed."""
    copy = tmp_path / f"copy-{len(list(tmp_path.glob('copy-*')))}.sqlite"
    with closing(sqlite3.connect(grizzled.db)) as source, closing(sqlite3.connect(copy)) as to:
        source.backup(to)
    result = Grizzled(copy, explicit=True)(*args)
    assert result.exit_code == 0, f"'grizzled {shlex.join(args)}' refused: {result.stderr}"


def step(grizzled: Grizzled, tmp_path: Path, command: str, fills: Fills | None = None) -> str:
    """Run a command, then every Next line it and ``status`` name, each on a copy."""
    out = grizzled.ok(command)
    doc = grizzled.json("status")
    lines = [*next_lines(out), doc["next"]]
    assert lines, f"no Next line after 'grizzled {command}'"
    for line in lines:
        if "campaign is over" in line or "is being resolved" in line:
            continue
        for args in commands_of(line, doc, fills or {}):
            accepted_on_a_copy(grizzled, tmp_path, args)
    return lines[0]


CONCLUSION = "--reward won:0:2 --reward lost:0:0 --offer 1,2"


def test_every_next_line_of_an_armistice_campaign_is_accepted(grizzled, tmp_path):
    fills = {"conclusion": CONCLUSION, "award": "1:ann 2:ben"}
    new = shlex.join(["campaign", "new", "Autumn", "--rules", "armistice", *SEATS])
    first = step(grizzled, tmp_path, new)
    assert first.startswith("enter the Briefing of Boot Camp: grizzled briefing 0")
    for number in (1, 2, 3, 4):
        grizzled.ok("describe", "hand", str(number), f"Test hand {number}", "friendship")
    step(grizzled, tmp_path, "briefing 0 --trials 3 --morale 20 --first 1")
    lead = step(grizzled, tmp_path, "chapter start --leader ann --tiles left,left,right")
    assert lead == "Ann leads Mission 1: grizzled mission start 1"
    step(grizzled, tmp_path, "mission start 1")
    for card in ("night+snow", "shell+whistle", "snow+rain"):
        step(grizzled, tmp_path, f"play {card}")
    for _ in range(2):
        step(grizzled, tmp_path, "withdraw left", fills)
    # Boot Camp is a tutorial (notes, decision 6): straight on to chapter 1's Briefing
    assert "grizzled briefing 1" in step(grizzled, tmp_path, "withdraw left", fills)
    step(grizzled, tmp_path, "briefing 1 --trials 3 --morale 20 --first 1")
    step(grizzled, tmp_path, "chapter start --leader ann --tiles left,left,right")
    step(grizzled, tmp_path, "mission start 1")
    for card in ("night+snow", "shell+whistle", "snow+rain"):
        step(grizzled, tmp_path, f"play {card}")
    for _ in range(3):
        step(grizzled, tmp_path, "withdraw left", fills)
    step(grizzled, tmp_path, f"conclusion 1 {CONCLUSION}", fills)
    assert "grizzled briefing 2" in step(grizzled, tmp_path, "award 1:ann 2:ben")
    step(grizzled, tmp_path, "briefing 2 --trials 3 --morale 1 --first 1")
    step(grizzled, tmp_path, "chapter start --leader ben --tiles left,left,right")
    step(grizzled, tmp_path, "mission start 1")
    # a Conclusion offers only cards still in the box: chapter 2's are new ones
    fills = {**fills, "conclusion": CONCLUSION.replace("1,2", "3,4")}
    for _ in range(3):
        step(grizzled, tmp_path, "withdraw left", fills)
    settle = step(grizzled, tmp_path, f"conclusion 2 {fills['conclusion']}", fills)
    assert settle == "chapter 2 earns no Helping Hand: settle its offer with grizzled award"
    assert "grizzled briefing 3" in step(grizzled, tmp_path, "award")


def _typed(command: Any) -> str:
    """How the person logging types a command of the demo script."""
    match command:
        case StartChapter():
            return "chapter start --leader Ann --tiles " + ",".join(command.third_tiles or ())
        case StartMission():
            return f"mission start {command.intensity}"
        case PlayCard():
            drawn = f" --drawn {command.drawn}" if command.drawn else ""
            return f"play {command.card} -p {command.player}{drawn}"
        case MakeSpeech():
            said = "".join(f" -d {who}:{card}" for who, card in command.discards)
            return f"speech {command.threat} -p {command.player}{said}"
        case Withdraw():
            return f"withdraw {command.tile} -p {command.player}"
    assert command == UNDO
    return "undo"


def test_every_next_line_of_the_classic_demo_is_accepted(campaign, tmp_path):
    for command, _ in SCRIPT:
        step(campaign, tmp_path, _typed(command))


def test_the_first_armistice_mission_names_its_exact_intensity(armistice):
    armistice.ok("briefing 0 --trials 10 --morale 20 --first 3")
    out = armistice.ok("chapter start --leader ann --tiles left,left,right")
    assert next_lines(out) == ["Ann leads Mission 1: grizzled mission start 3"]
    assert "(at least" not in armistice.json("status")["next"]


def test_after_the_solo_withdrawals_the_next_line_draws_the_solo_support_tile(grizzled):
    seats = ("-p", "ann:night@me", "-p", "ben:snow@me", "-p", "cy:rain@me")
    grizzled.ok("campaign", "new", "Alone", "--rules", "armistice", *seats)
    grizzled.ok("chapter start --variant solo --leader ann --trials 30 --morale 20 --first 3")
    grizzled.ok("mission start 3")
    for _ in range(3):
        out = grizzled.ok("withdraw")
    assert next_lines(out) == ["draw the solo Support tile: grizzled solo-support TILE"]
    grizzled.ok("solo-support center")


@pytest.mark.parametrize(
    ("knock", "added"),
    [("absent-minded", "--remove TILE"), ("clumsy", "--drawn CARD")],
)
def test_a_hard_knock_that_changes_the_withdrawal_is_named_in_the_next_line(table, knock, added):
    table.ok("play", knock)  # Ann takes the Hard Knock; Ben and Cy pass, and it is her turn
    table.ok("withdraw left -p ben")
    table.ok("withdraw left -p cy")
    line = table.json("status")["next"]
    assert line.startswith("Ann's turn") and f"withdraw TILE {added}" in line
