"""A whole Armistice campaign logged through the tracker: Boot Camp and chapters 1 to 9.

Every chapter is played at a real table (unseen decks) from a Briefing the group
entered, ends in a win or a loss, and (but Boot Camp, a tutorial: notes, decision 6) is
concluded: Helping Hands earned from the Conclusion's rule and given to players, the rest
left unclaimed, and after two of the lost chapters a card banned. An undo crosses a
chapter boundary to give a Helping Hand to someone else. The final score and its
explanation are asserted.

The Helping Hands are test cards ("Test hand #n"): the real card texts are not public.
Chapters are kept tiny so each story is exact: a Trials deck of 3 cards dealt at
intensity 1 to three Grizzled empties it at once; playing the three cards and
withdrawing wins; withdrawing with them in hand against a Morale Reserve of 1 loses.
"""

from __future__ import annotations

from contextlib import closing
from pathlib import Path

import pytest

from domain.campaign.briefing import (
    Briefing,
    Conclusion,
    EnterBriefing,
    EnterConclusion,
    RewardRule,
)
from domain.campaign.rewards import AwardHelpingHands, BanCard, PlayHelpingHand, score
from domain.cards.box import DescribeHelpingHand
from domain.cards.catalogue import HelpingHandCard
from domain.chapter.commands import PlayCard, Seat, StartChapter, StartMission, Withdraw
from domain.errors import CampaignRuleViolation
from projections import queries
from projections.runner import catch_up
from tracker.app import Tracker, campaign_id

SEATS = (Seat("Ann", "night"), Seat("Ben", "snow"), Seat("Cy", "rain"))
NAME = "Armistice autumn"
WINS = {0, 2, 3, 5, 7, 9}
BANS = {1: ("Ben", "rain+gas"), 6: ("Cy", "rain+gas")}  # after two of the lost chapters
SAFE_PLAYS = (("Ann", "night+snow"), ("Ben", "shell+whistle"), ("Cy", "snow+rain"))
FRIENDSHIP = 106  # the first Helping Hand chapter 2 offers, which Ann takes


VICTORY_BY_CHAPTER = [0, 1, 2, 2, 1, 2, 1, 2, 0, 2]
NEGATIVE_BY_CHAPTER = [0, 3, 1, 1, 2, 1, 3, 1, 3, 1]


def offered(chapter: int) -> tuple[int, int, int]:
    """The three (test) Helping Hands each Conclusion offers."""
    return (100 + 3 * chapter, 101 + 3 * chapter, 102 + 3 * chapter)


def start(tracker: Tracker, chapter: int) -> None:
    morale = 20 if chapter in WINS else 1
    tracker.log_action(
        NAME, EnterBriefing(Briefing(chapter, trials=3, morale=morale, first_intensity=1))
    )
    tracker.log_action(
        NAME, StartChapter("armistice", SEATS, leader="Ann", third_tiles=("left", "left", "right"))
    )
    tracker.log_action(NAME, StartMission(1))


def win(tracker: Tracker, chapter: int) -> None:
    start(tracker, chapter)
    for player, card in SAFE_PLAYS:
        tracker.log_action(NAME, PlayCard(player, card))
    for player, _ in SAFE_PLAYS:
        logged = tracker.log_action(NAME, Withdraw(player, "left"))
    assert logged.state.last_result is not None
    assert logged.state.last_result.outcome == "won"


def lose(tracker: Tracker, chapter: int) -> None:
    start(tracker, chapter)
    for player, _ in SAFE_PLAYS:
        logged = tracker.log_action(NAME, Withdraw(player, "left"))
    assert logged.state.last_result is not None
    assert logged.state.last_result.outcome == "monument"


def conclude(tracker: Tracker, chapter: int, awards: tuple[tuple[int, str], ...]) -> None:
    rules = (RewardRule("won", 0, 2), RewardRule("lost", 0, 1))
    tracker.log_action(NAME, EnterConclusion(Conclusion(chapter, rules, offered(chapter))))
    tracker.log_action(NAME, AwardHelpingHands(awards))


def open_story(path: Path) -> Tracker:
    """A tracker on ``path`` with the campaign created and its Helping Hands described."""
    tracker = Tracker(path, by="ann", session="autumn")
    tracker.create_campaign(NAME, "armistice", SEATS)
    for chapter in range(10):
        for i, number in enumerate(offered(chapter)):
            category = "friendship" if number == FRIENDSHIP else "action"
            card = HelpingHandCard(number, f"Test hand #{number}", category, f"test effect {i}")
            tracker.log_action(NAME, DescribeHelpingHand(card))
    return tracker


def play_whole_campaign(tracker: Tracker) -> None:
    """Boot Camp and chapters 1 to 9, concluded (but Boot Camp, a tutorial that earns
    nothing), with two bans and an undo across a chapter boundary (reused by the
    projection tests)."""
    win(tracker, 0)
    for chapter in range(1, 10):
        first, second, _third = offered(chapter)
        if chapter in WINS:
            if chapter == 9:
                # Ann plays the Action Helping Hand she earned in chapter 7 instead of a card.
                start(tracker, 9)
                played = tracker.log_action(NAME, PlayHelpingHand("Ann", offered(7)[0], "test"))
                assert played.state.chapter is not None
                assert played.state.chapter.active_player.name == "Ben"  # type: ignore[union-attr]
                for player, card in (SAFE_PLAYS[1], SAFE_PLAYS[2], SAFE_PLAYS[0]):
                    tracker.log_action(NAME, PlayCard(player, card))
                for player in ("Ben", "Cy", "Ann"):
                    tracker.log_action(NAME, Withdraw(player, "left"))
            else:
                win(tracker, chapter)
            conclude(tracker, chapter, ((first, "Ann"), (second, "Ben")))
        else:
            lose(tracker, chapter)
            awards = () if chapter == 8 else ((first, "Cy"),)
            conclude(tracker, chapter, awards)
            if chapter in BANS:
                player, card = BANS[chapter]
                tracker.log_action(NAME, BanCard(player, card, "hand"))
        if chapter == 4:
            # The table gave chapter 4's Helping Hand to Cy, started chapter 5, then
            # remembered Ben was meant to have it: undo back across the chapter boundary.
            start(tracker, 5)
            undone = tracker.undo(NAME, 4, reason="chapter 4's Helping Hand was Ben's")
            assert len(undone.actions) == 4  # Mission, chapter 5, its Briefing, the award
            assert tracker.state(NAME).chapter_number == 4
            tracker.log_action(NAME, AwardHelpingHands(((first, "Ben"),)))


@pytest.fixture
def tracker(tmp_path: Path) -> Tracker:
    return open_story(tmp_path / "campaign.sqlite")


def test_a_whole_armistice_campaign_is_logged_and_scored(tracker: Tracker) -> None:
    play_whole_campaign(tracker)
    state = tracker.state(NAME)
    assert [r.number for r in state.results] == list(range(10))
    assert [r.outcome == "won" for r in state.results] == [c in WINS for c in range(10)]

    final = score(state)
    # Boot Camp scores nothing; wins earn 2 of 3 offered (chapters 2, 3, 5, 7, 9), losses
    # 1 of 3 (chapters 1, 4, 6), chapter 8 took none of its 3: Victory 5*2 + 3*1 = 13;
    # Negative 5*1 + 3*2 + 3 unclaimed + 2 bans = 16.
    assert final.victory_points == 13
    assert final.negative_points == 16
    assert final.difference == -3
    assert [line.victory_points for line in final.lines] == VICTORY_BY_CHAPTER
    assert [line.negative_points for line in final.lines] == NEGATIVE_BY_CHAPTER
    chapter_4 = final.lines[4]
    assert [(h.number, h.player) for h in chapter_4.awarded] == [(offered(4)[0], "Ben")]
    assert [b.card for b in state.bans] == ["rain+gas", "rain+gas"]
    assert state.catalogue["rain+gas"].copies == 1  # two of its three copies left the box

    catch_up(tracker.db_path)  # the explanation is read from the read models
    with closing(queries.connect(tracker.db_path)) as conn:
        facts = queries.score_facts(conn, campaign_id(NAME).hex)
    assert sum(f["kind"] == "victory" for f in facts) == 13
    assert sum(f["kind"] == "negative" for f in facts) == 16
    assert "Helping Hand #112 to Ben" in {f["what"] for f in facts}
    assert "Helping Hand #112 to Cy" not in {f["what"] for f in facts}  # the undone award
    assert {f["what"] for f in facts if "banned" in f["what"]} == {
        "rain+gas banned from Ben's hand",
        "rain+gas banned from Cy's hand",
    }
    standing = set(tracker.line_of_play(NAME))
    assert all(f["event"] in standing for f in facts)

    ann = state.held("Ann")
    assert offered(7)[0] not in {h.number for h in ann}  # played in chapter 9
    friendship = next(h for h in state.holdings if h.number == FRIENDSHIP)
    assert (friendship.player, friendship.category, friendship.used_in) == (
        "Ann",
        "friendship",
        None,
    )


def test_boot_camp_needs_no_conclusion_and_chapter_2_waits_for_chapter_1s(
    tracker: Tracker,
) -> None:
    """arm: "The Rewards: Read only at the end of Chapter 1." (notes, decision 6)"""
    rules = (RewardRule("won", 0, 2), RewardRule("lost", 0, 1))
    win(tracker, 0)
    with pytest.raises(CampaignRuleViolation, match="Boot Camp is a tutorial"):
        tracker.log_action(NAME, EnterConclusion(Conclusion(0, rules, offered(0))))
    with pytest.raises(CampaignRuleViolation, match="it earns no Helping Hand"):
        tracker.log_action(NAME, AwardHelpingHands(((100, "Ann"),)))
    lose(tracker, 1)  # chapter 1 starts with no Conclusion of Boot Camp
    tracker.log_action(NAME, EnterBriefing(Briefing(2, trials=3, morale=20, first_intensity=1)))
    begin = StartChapter("armistice", SEATS, leader="Ann", third_tiles=("left", "left", "right"))
    with pytest.raises(CampaignRuleViolation, match="enter the Conclusion of chapter 1 first"):
        tracker.log_action(NAME, begin)
    tracker.log_action(NAME, EnterConclusion(Conclusion(1, rules, offered(1))))
    with pytest.raises(CampaignRuleViolation, match="award the Helping Hands of chapter 1"):
        tracker.log_action(NAME, begin)
    with pytest.raises(CampaignRuleViolation, match="chapter 1 earns 1 Helping Hand "):
        tracker.log_action(NAME, AwardHelpingHands(((103, "Ann"), (104, "Ben"))))
    tracker.log_action(NAME, AwardHelpingHands(((104, "Ben"),)))
    assert tracker.log_action(NAME, begin).state.chapter_number == 2
