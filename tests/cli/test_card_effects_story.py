"""Chapters 2 to 4 of an Armistice campaign logged through the CLI with a box the group
described as it would type it, effects included (issue 14, "Done when"): a Speech an
Order forbids refused naming it; Orders stacked; an Order that adds a shell failing a
Mission on two shells played; an Order cancelled by its condition (the cards drawn, the
13-card check looked at); an Event and an Action Helping Hand played; a Friendship that
lasts from chapter to chapter; a new Hard Knock acting as Fearful; a Recruit whose
departure advantage applies; a text-only Order shown at its moment and recorded as a
correction.

Every card is a test card with made-up names and texts: the printed texts are not public."""

from __future__ import annotations

import pytest

from tests.cli.conftest import Grizzled


def flat(text: str) -> str:
    """Output as one line: narration wraps at the terminal's width."""
    return " ".join(text.split())


def helping_hand(g: Grizzled, number: int) -> dict:
    """A Helping Hand held, as ``status --json`` shows it."""
    return next(h for h in g.json("status")["helping_hands"] if h["number"] == number)


def player(g: Grizzled, name: str) -> dict:
    return next(p for p in g.json("status")["players"] if p["name"] == name)


@pytest.fixture
def chapter_two(armistice: Grizzled) -> Grizzled:
    """Chapter 1 played and won; its Conclusion awarded an Event card to Ann, a Friendship
    to Ben and an Action card to Cy; chapter 2's Orders described; Mission 1 started with
    Order #22, which adds a shell until a player who has withdrawn draws 3 cards."""
    g = armistice
    g.chapter_one(won=True)
    g.ok(
        'describe hand 31 "Test letter" event --when withdraw --rule tokens:1 '
        '--effect "Test text: a Speech token when you withdraw"'
    )
    g.ok('describe hand 32 "Test pal" friendship --rule drop-max:3 --effect "Test text: gentler"')
    g.ok('describe hand 33 "Test whistle" action --rule knock-discard --effect "Test text: shake"')
    g.ok("conclusion 1 --reward won:0:3 --offer 31,32,33")
    g.ok("award 31:ann 32:ben 33:cy")
    g.ok('describe order 21 "Test hold" --forbid speech --rule support:none --effect "Test: hold"')
    g.ok(
        'describe order 22 "Test runner" --threat shell --lasting "a withdrawing player draws 3" '
        '--rule cancel:withdraw-draw:3 --effect "Test text: a shell until the runner comes"'
    )
    g.ok('describe order 23 "Test letters" --effect "Test text: pass one card to the left"')
    g.ok("briefing 2 --trials 20 --morale 20 --first 2 --orders 22,21,23")
    g.ok("chapter start --leader ann --tiles left,left,right")
    said = g.ok("mission start 2 --order 22 --back 21")
    assert (
        "The tool applies: adds shell to No Man's Land; a player who has withdrawn may draw 3 "
        "cards to discard it." in flat(said)
    )
    return g


def test_chapter_two_orders_stack_forbid_fail_and_cancel_and_helping_hands_apply(chapter_two):
    g = chapter_two
    # The Order's shell and two shells played: three shells fail the Mission.
    assert g.json("status")["threats"]["shell"] == 1
    g.ok("play night+shell")
    out = g.ok("play snow+shell")
    assert "Mission failed: 3 shell." in flat(out)
    # Ben's Friendship, won in chapter 1, caps the Morale Drop: 4 cards left in hands.
    assert "Morale drops: 3 cards move to the Trials deck." in flat(out)
    assert "Ann takes a Speech token." in flat(out)

    # Mission 2: Order #21 joins the lasting #22 (stacked); a Speech is refused naming it.
    g.ok("mission start 2 --order 21 --back 23")
    assert [o["number"] for o in g.json("status")["orders_in_play"]] == [22, 21]
    g.ok("play rain+gas")
    g.ok("play mute")
    assert g.refused("speech gas") == (
        "Error: Refused (orders of the day): Order #21 Test hold: no Speech this Mission"
    )
    # The Event card waits for its moment: its player has withdrawn.
    assert g.refused("helping play 31 -p ann") == (
        "Error: Refused (campaign): Helping Hand #31 Test letter is played once its player "
        "has withdrawn this Mission"
    )
    out = g.ok("withdraw left")
    assert (
        "Ann may cancel Order #22 Test runner: grizzled order cancel 22 -p Ann --draws 3"
        in flat(out)
    )
    out = g.ok("helping play 31 -p ann")
    assert "Helping Hand #31 Test letter: Ann takes 1 Speech token." in flat(out)
    assert player(g, "Ann")["speech_tokens"] == 2

    # Order #22's condition, checked by the tool: who draws, how many; 13 cards looked at.
    assert "has not withdrawn" in g.refused("order cancel 22 -p ben --draws 3")
    assert "--draws 3" in g.refused("order cancel 22 -p ann --draws 2")
    out = g.ok("order cancel 22 -p ann --draws 3")
    assert "is cancelled (Ann withdrew and drew 3). Ann draws 3 cards." in flat(out)
    board = g.json("status")
    assert sum(p["hand"] for p in board["players"]) == 11 and board["result"] is None
    assert "shell" not in board["threats"]

    # Cy's Action card replaces his action and discards the Mute he played.
    g.ok("play night+whistle")
    assert g.refused("helping play 33 --discard rain+gas").endswith(
        "Helping Hand #33 Test whistle discards no card from hand: name none"
    )
    out = flat(g.ok("helping play 33 --knock mute"))
    assert "It was their action." in out
    assert "Helping Hand #33 Test whistle: Cy discards Mute." in out
    assert player(g, "Cy")["hard_knocks"] == [] and g.json("status")["turn"] == "Ben"

    # Support: Ann gets two tiles, but Order #21 says nobody benefits.
    g.ok("withdraw right")
    g.ok("play snow+gas")
    out = g.ok("withdraw left")
    assert "nobody benefits (a card in force says so)" in flat(out)
    assert "Morale drops: 3 cards move" in flat(out)  # 9 cards in hands, the Friendship's cap

    # Mission 3: the text-only Order is shown, and the table records what it did.
    out = g.ok("mission start 1 --order 23")
    assert "Order #23 says: Test text: pass one card to the left." in flat(out)
    assert "The tool does not apply this text" in flat(out)
    assert 'grizzled correct FACT VALUE -r "Order #23"' in flat(out)
    g.ok('correct hand 6 -p ann -r "Order #23 Test letters: Ann passed a card to Ben"')
    g.ok('correct hand 3 -p ben -r "Order #23 Test letters: Ben got it"')
    log = g.json("log")
    assert [e["reason"] for e in log[-2:]] == [
        "Order #23 Test letters: Ann passed a card to Ben",
        "Order #23 Test letters: Ben got it",
    ]


def test_chapter_three_a_new_hard_knock_acts_as_fearful_and_a_recruit_leaves_its_advantage(
    chapter_two,
):
    g = chapter_two
    g.ok('correct chapter-end won -r "Test: the rest of chapter 2 on paper"')
    g.ok("conclusion 2 --reward won:0:0")
    said = g.ok(
        'describe card 147 none --knock "shell shock" --acts-as fearful --value 2 '
        '--effect "Test text: runs when the guns repeat"'
    )
    assert "acting as Fearful (the tool applies its rules)" in flat(said)
    g.ok(
        'describe recruit 41 "Test rookie" --hand 2 --tokens 1 --advantage-rule tokens:1 '
        '--advantage "Test text: the leader takes a Speech token"'
    )
    g.ok('describe order 24 "Test quiet" --forbid play:whistle --effect "Test text: hush"')
    g.ok("briefing 3 --trials 20 --morale 20 --first 2 --orders 24 --recruits 41")
    g.ok("chapter start --leader ben --tiles left,left,right")
    g.ok("mission start 2 --order 24 --recruit 41 --recruit-hand night+rain,shell+gas")
    assert g.json("status")["recruit"]["advantage_rules"] == ["take 1 Speech token"]
    assert "on departure the tool applies: take 1 Speech token" in g.ok("status")

    g.ok("play shell-shock")  # Ben's new Hard Knock
    g.ok("play rain+gas")
    g.ok("play snow+gas")
    g.ok("recruit play night+rain")
    assert g.json("status")["legal"]["must_withdraw"] is True
    assert g.refused("play night+shell") == (
        "Error: Refused (forced withdrawal): Ben is Fearful (Shell-Shock acts as one) and 2 "
        "rain threats are active: they must withdraw and cannot play a card"
    )
    g.ok("withdraw left")
    assert "no card showing whistle played" in g.refused("play shell+whistle")
    g.ok("play night+snow")
    out = g.ok("play snow+rain")
    assert "Mission failed: 3 snow." in flat(out)

    # Mission 2: the Recruit plays its last card; its advantage goes to the Mission Leader.
    g.ok("mission start 1")
    g.ok("play night+gas")
    g.ok("play rain+shell")
    tokens = player(g, "Cy")["speech_tokens"]
    out = g.ok("recruit play shell+gas")
    assert "The tool applies it for the Mission Leader." in flat(out)
    assert "Recruit #41 Test rookie: Cy takes 1 Speech token." in flat(out)
    assert player(g, "Cy")["speech_tokens"] == tokens + 1
    assert g.json("status")["recruit"] is None


def test_chapter_four_the_friendship_still_caps_the_morale_drop(chapter_two):
    """Two chapters after it was won, Ben's Friendship still applies: Traps are on from
    Chapter 4, and the Morale Drop takes at most 3 cards though 6 are left in hands."""
    g = chapter_two
    for chapter in (2, 3):
        g.ok(f'correct chapter-end won -r "Test: chapter {chapter} on paper"')
        g.ok(f"conclusion {chapter} --reward won:0:0")
        if chapter == 2:
            g.ok("briefing 3 --trials 10 --morale 20 --first 1")
            g.ok("chapter start --leader ann --tiles left,left,right")
    g.ok("briefing 4 --trials 20 --morale 20 --first 3")
    g.ok("chapter start --leader cy --tiles left,left,right")
    assert g.json("status")["traps"] is True
    g.ok("mission start 3")
    for card in ("night+shell", "night+gas", "night+rain"):
        g.ok("play", card)
    board = g.json("status")
    assert board["phase"] == "preparation" and sum(p["hand"] for p in board["players"]) == 6
    assert board["morale"] == 17  # 6 cards left in hands, 3 taken: the Friendship's cap
    assert helping_hand(g, 32)["rules"] == "the Morale Drop takes at most 3 cards"


def test_a_recruit_whose_rule_forbids_a_speech_is_named_in_the_next_line_and_the_refusal(
    armistice,
):
    g = armistice
    g.ok("skip-boot-camp")
    g.ok('describe recruit 41 "Test rookie" --hand 2 --forbid speech --effect "Test: hush"')
    g.ok("briefing 1 --trials 20 --morale 20 --first 2 --recruits 41")
    g.ok("chapter start --leader ann --tiles left,left,right")
    out = flat(g.ok("mission start 2 --recruit 41 --recruit-hand night+rain,shell+gas"))
    assert out.endswith(
        "Next: Ann's turn: play CARD or withdraw TILE (Recruit #41 Test rookie in play: no Speech)"
    )
    assert g.json("status")["next"] == out.partition("Next: ")[2]  # the read models agree
    g.ok('correct tokens 1 -p ann -r "Test: Ann kept a token"')
    assert g.refused("speech gas") == (
        "Error: Refused (recruits): Recruit #41 Test rookie: no Speech while it is in play"
    )
