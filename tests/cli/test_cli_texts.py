"""Issue 14, texts where they apply: what the group typed with ``describe``, ``briefing`` and
``conclusion`` is shown back on the board (Orders in play, the Recruit, each player's
Helping Hands, the Briefing), in ``status --json`` (the same from the read models as from
the events), on the "Next:" line of a player's turn, and in the narration (an Order kept, a
Recruit's departure, a chapter's end).

Every text here is made up: the Armistice card texts are not public."""

from __future__ import annotations

import pytest

from tests.cli.conftest import Grizzled
from tests.cli.test_cli_narrow import at, whole
from tests.cli.test_cli_status_json import the_events_board

ORDER_TEXT = "Test text: no Speech this Mission."
CANCEL = "Test condition: a withdrawing player draws 3 cards."
RECRUIT_TEXT = "Test text: the Recruit never speaks."
ADVANTAGE = "Test text: each Grizzled draws one card."
HAND_TEXTS = {41: "Test text: one more Speech token.", 42: "Test text: discard one card."}


def describe_hands(grizzled: Grizzled) -> None:
    """Two made-up Helping Hands: #41 a Friendship, #42 an Action."""
    grizzled.ok(f'describe hand 41 "Test hand A" friendship --effect "{HAND_TEXTS[41]}"')
    grizzled.ok(f'describe hand 42 "Test hand B" action --effect "{HAND_TEXTS[42]}"')


@pytest.fixture
def chapter_two(armistice: Grizzled) -> Grizzled:
    """Chapter 1 won, its Conclusion earns 2 Helping Hands (Ann keeps the Friendship #41,
    Ben the Action #42); chapter 2 from its Briefing, Mission 1 dealt with Order #21 kept
    (adds a shell, lasts until its condition) and Recruit #5 in: it is Ann's turn."""
    armistice.chapter_one(won=True)
    describe_hands(armistice)
    armistice.ok("conclusion 1 --reward won:0:2 --reward lost:0:1 --offer 41,42")
    armistice.ok("award 41:ann 42:ben")
    armistice.ok(
        f'describe order 21 "Test order" --threat shell --lasting "{CANCEL}" '
        f'--effect "{ORDER_TEXT}"'
    )
    armistice.ok('describe order 22 "Test order two" --effect "Test text: no charm."')
    armistice.ok(
        f'describe recruit 5 "Test recruit" --hand 2 --tokens 1 --effect "{RECRUIT_TEXT}" '
        f'--advantage "{ADVANTAGE}"'
    )
    armistice.ok(
        "briefing 2 --trials 12 --morale 20 --first 2 --orders 21,22 --recruits 5 "
        '--title "Test briefing" --notes "Test notes: rain all week."'
    )
    armistice.ok("chapter start --leader ann --tiles left,left,right")
    return armistice


def deal(chapter_two: Grizzled) -> str:
    """Mission 1: Order #21 kept, #22 back on top; the Recruit arrives with two cards."""
    return chapter_two.ok(
        "mission start 2 --order 21 --back 22 --recruit 5 --recruit-hand night+snow,shell+whistle"
    )


def test_the_order_kept_is_told_with_its_text_and_its_condition(chapter_two):
    out = " ".join(deal(chapter_two).split())

    assert (
        f"Ann keeps Order of the Day #21 (Test order), #22 goes back on top. Order #21 says: "
        f"{ORDER_TEXT.removesuffix('.')}; it lasts until: {CANCEL}"  # one full stop each
    ) in out


def test_the_board_shows_the_texts_of_the_orders_the_recruit_the_hands_and_the_briefing(
    chapter_two,
):
    deal(chapter_two)

    said = " ".join(chapter_two.ok("status").split())

    for piece in (
        "Briefing: Test briefing Test notes: rain all week.",
        f"Order of the Day #21 Test order: {ORDER_TEXT} adds shell to No Man's Land "
        f"lasts until: {CANCEL}",
        "Recruit #5 Test recruit (acts after Cy): night+snow, shell+whistle; Morale tokens 0 "
        f"text: {RECRUIT_TEXT} on departure: {ADVANTAGE}",
        f"Helping Hands: Ann: #41 Test hand A (friendship, lasting): {HAND_TEXTS[41]} "
        f"Ben: #42 Test hand B (action): {HAND_TEXTS[42]}",
    ):
        assert piece in said, piece
    assert "Test order two" not in said  # back on top of the deck, not in play


def test_the_json_gives_the_texts_the_same_from_the_read_models_as_from_the_events(chapter_two):
    deal(chapter_two)

    board = chapter_two.json("status")

    assert board["orders"] == [21]  # unchanged: the numbers
    assert board["orders_in_play"] == [
        {
            "number": 21,
            "name": "Test order",
            "effect": ORDER_TEXT,
            "threats": ["shell"],
            "lasting": True,
            "cancellation": CANCEL,
            "forbids": [],  # described with no --forbid or --rule: its text alone
            "rules": [],
            "cancel_by": [],
        }
    ]
    recruit = board["recruit"]
    assert (recruit["name"], recruit["effect"], recruit["advantage"]) == (
        "Test recruit",
        RECRUIT_TEXT,
        ADVANTAGE,
    )
    assert board["helping_hands"] == [
        {
            "player": "Ann",
            "number": 41,
            "name": "Test hand A",
            "category": "friendship",
            "text": HAND_TEXTS[41],
            "rules": "",  # described with no --rule: its text alone
            "lasting": True,
        },
        {
            "player": "Ben",
            "number": 42,
            "name": "Test hand B",
            "category": "action",
            "text": HAND_TEXTS[42],
            "rules": "",
            "lasting": False,
        },
    ]
    assert board["briefing"] == {"title": "Test briefing", "notes": "Test notes: rain all week."}
    assert board == the_events_board(chapter_two)


def test_a_helping_hand_played_leaves_the_board(chapter_two):
    deal(chapter_two)
    chapter_two.ok("withdraw left")
    chapter_two.ok('helping play 42 -p ben --note "Test note"')  # Ben's action

    board = chapter_two.json("status")

    assert [h["number"] for h in board["helping_hands"]] == [41]
    assert "Test hand B" not in chapter_two.ok("status")
    assert board == the_events_board(chapter_two)


def test_next_names_the_order_in_play_after_a_command_that_is_accepted(chapter_two):
    deal(chapter_two)

    line = chapter_two.json("status")["next"]

    assert line == "Ann's turn: play CARD or withdraw TILE (Order #21 Test order: adds shell)"
    chapter_two.ok("withdraw left")  # the command part, as the line says it
    assert "(Order #21 Test order: adds shell" in chapter_two.json("status")["next"]


def test_a_recruits_departure_tells_its_advantage(chapter_two):
    deal(chapter_two)
    for card in ("fragile", "mute", "hardheaded"):  # no threat: the Mission goes on
        chapter_two.ok("play", card)
    chapter_two.ok("recruit play shell+whistle")
    for card in ("absent-minded", "clumsy", "demoralized"):
        chapter_two.ok("play", card)

    out = " ".join(chapter_two.ok("recruit play night+snow").split())

    assert (
        "Recruit #5 (Test recruit) played its last card and departs: gain its advantage "
        f"({ADVANTAGE})."
    ) in out


def win_to_the_last_withdrawal(armistice: Grizzled, number: int) -> str:
    """A tiny chapter ``number`` (``Grizzled.chapter``), won: what its last withdrawal says."""
    armistice.ok(f"briefing {number} --trials 3 --morale 20 --first 1")
    armistice.ok("chapter start --leader ann --tiles left,left,right")
    armistice.ok("mission start 1")
    for card in ("night+snow", "shell+whistle", "snow+rain"):
        armistice.ok("play", card)
    armistice.ok("withdraw left")
    armistice.ok("withdraw left")
    return armistice.ok("withdraw left")


def test_a_chapters_end_tells_its_conclusions_reward_rule(armistice):
    armistice.chapter_one(won=True)
    armistice.conclude(1, (41, 42))
    armistice.ok("award 41:ann 42:ben")
    armistice.ok('describe hand 43 "Test hand C" action')
    armistice.ok('describe hand 44 "Test hand D" action')
    armistice.ok("conclusion 2 --reward won:10:2 --reward won:0:1 --reward lost:0:1 --offer 43,44")
    out = " ".join(win_to_the_last_withdrawal(armistice, 2).split())

    assert (
        "Conclusion of chapter 2: won with at least 10 Morale left: 2 Helping Hands; won: 1 "
        "Helping Hand; lost: 1 Helping Hand. This result (won, 20 Morale left) earns 2 "
        "Helping Hands."
    ) in out


def test_a_chapters_end_with_no_conclusion_says_it_comes_next_once(armistice):
    armistice.ok("skip-boot-camp")

    out = " ".join(win_to_the_last_withdrawal(armistice, 1).split())

    assert "Next: enter the Conclusion of chapter 1: grizzled conclusion 1" in out
    assert out.count("Conclusion of chapter 1") == 1


@pytest.mark.parametrize("columns", [60, 100])
def test_the_board_with_texts_reads_whole(chapter_two, columns):
    deal(chapter_two)

    lines = at(chapter_two, columns, "status")
    said = whole(lines, columns)

    for text in (ORDER_TEXT, CANCEL, RECRUIT_TEXT, ADVANTAGE, *HAND_TEXTS.values()):
        assert text in said, text
    legal = next(i for i, line in enumerate(lines) if line.startswith("Ann may:"))
    held = lines[lines.index("Helping Hands:") + 1 : legal]
    assert held and all(line.startswith("   ") for line in held), held  # a hanging indent


# --- texts from a file handed over ----------------------------------------------------------
EVIL = "\x1b]0;pwned\x07[bold]Evil[/bold]\x9b31m"
SHOWN_EVIL = "\\x1b]0;pwned\\x07[bold]Evil[/bold]\\x9b31m"


def rewrite_texts(db: str) -> None:
    """Each description corrected, through the tracker (the command line refuses control
    characters), to a text holding control sequences and rich markup."""
    from domain.campaign.briefing import Briefing, EnterBriefing
    from domain.cards.box import DescribeHelpingHand, DescribeOrder, DescribeRecruit
    from domain.cards.catalogue import HelpingHandCard, OrderCard, RecruitCard
    from tracker.app import Tracker

    tracker = Tracker(db, by="test", session="test")
    order = OrderCard(21, EVIL, threats=("shell",), lasting=True, cancellation=EVIL, effect=EVIL)
    briefing = Briefing(2, 12, 20, 2, orders=(21, 22), recruits=(5,), title=EVIL, notes=EVIL)
    for command in (
        DescribeOrder(order, reason="test"),
        DescribeRecruit(RecruitCard(5, EVIL, 2, 1, effect=EVIL, advantage=EVIL), reason="test"),
        DescribeHelpingHand(HelpingHandCard(41, EVIL, "friendship", EVIL), reason="test"),
        EnterBriefing(briefing, reason="test"),
    ):
        tracker.log_action("Autumn", command)


def test_texts_from_a_file_handed_over_are_shown_escaped_never_as_markup(db, chapter_two):
    rewrite_texts(str(db))

    outputs = [deal(chapter_two), chapter_two.ok("status")]

    for out in outputs:
        assert not [c for c in ("\x1b", "\x07", "\x9b") if c in out], out
    dealt, board = (" ".join(out.split()) for out in outputs)
    assert f"Order #21 says: {SHOWN_EVIL}; it lasts until: {SHOWN_EVIL}" in dealt
    assert f"Next: Ann's turn: play CARD or withdraw TILE (Order #21 {SHOWN_EVIL}: adds" in dealt
    for piece in (
        f"Briefing: {SHOWN_EVIL} {SHOWN_EVIL}",
        f"Order of the Day #21 {SHOWN_EVIL}: {SHOWN_EVIL}",
        f"lasts until: {SHOWN_EVIL}",
        f"Recruit #5 {SHOWN_EVIL} (acts after Cy)",
        f"text: {SHOWN_EVIL} on departure: {SHOWN_EVIL}",
        f"Ann: #41 {SHOWN_EVIL} (friendship, lasting): {SHOWN_EVIL}",
    ):
        assert piece in board, piece
    doc = chapter_two.json("status")
    assert doc["orders_in_play"][0]["effect"] == EVIL  # JSON: the text whole
    assert doc["briefing"] == {"title": EVIL, "notes": EVIL}
    assert doc == the_events_board(chapter_two)
