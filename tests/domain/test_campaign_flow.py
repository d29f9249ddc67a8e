"""The Armistice campaign's flow, chapter to chapter, as the rulebook plays it and as
shared/reference/rules-notes.md settles what it leaves open ("Decisions on points the
books leave open"). Chapters are tiny, played at a real table (unseen decks): a Trials
deck of 3 dealt at intensity 1 to three Grizzled; playing the three cards and
withdrawing wins, withdrawing with them in hand against a Morale Reserve of 1 loses."""

from __future__ import annotations

import pytest

from domain.campaign.briefing import (
    Briefing,
    Conclusion,
    ConclusionEntered,
    EnterBriefing,
    EnterConclusion,
    RewardRule,
)
from domain.campaign.flow import (
    CampaignCommand,
    CampaignState,
    decide_campaign,
    decide_create_campaign,
    evolve_campaign,
    helping_hands_due,
    start_campaign,
)
from domain.campaign.rewards import (
    AwardHelpingHands,
    BanCard,
    CardBanned,
    HelpingHandAwarded,
    HelpingHandsUnclaimed,
    SkipBootCamp,
    score,
)
from domain.cards.box import DescribeHelpingHand
from domain.cards.catalogue import HelpingHandCard
from domain.chapter.commands import PlayCard, Seat, StartChapter, StartMission, Withdraw
from domain.errors import CampaignRuleViolation, InvalidSetup

SEATS = (Seat("Ann", "night"), Seat("Ben", "snow"), Seat("Cy", "rain"))
PLAYS = (("Ann", "night+snow"), ("Ben", "shell+whistle"), ("Cy", "snow+rain"))
TILES = ("left", "left", "right")


def act(state: CampaignState, command: CampaignCommand) -> CampaignState:
    """The campaign after a command the rules accept."""
    for event in decide_campaign(state, command):
        state = evolve_campaign(state, event)
    return state


def new_campaign() -> CampaignState:
    """A new Armistice campaign whose group skipped Boot Camp: chapter 1 comes next."""
    state = start_campaign(decide_create_campaign("Autumn", "armistice", SEATS))
    return act(state, SkipBootCamp())


def concluded(state: CampaignState, chapter: int, won: bool = True) -> CampaignState:
    """A chapter played and concluded (its Conclusion offers no Helping Hand)."""
    state = play_chapter(state, chapter, won)
    return act(state, EnterConclusion(Conclusion(chapter, ())))


def brief(state: CampaignState, chapter: int, morale: int = 20, **more: object) -> CampaignState:
    briefing = Briefing(chapter, trials=3, morale=morale, first_intensity=1, **more)  # type: ignore[arg-type]
    return act(state, EnterBriefing(briefing))


def start(state: CampaignState, **more: object) -> CampaignState:
    return act(state, StartChapter("armistice", SEATS, leader="Ann", third_tiles=TILES, **more))  # type: ignore[arg-type]


def play_chapter(state: CampaignState, chapter: int, won: bool) -> CampaignState:
    state = start(brief(state, chapter, 20 if won else 1))
    state = act(state, StartMission(1))
    if won:
        for player, card in PLAYS:
            state = act(state, PlayCard(player, card))
    for player, _ in PLAYS:
        state = act(state, Withdraw(player, "left"))
    assert state.last_result is not None and state.last_result.number == chapter
    return state


# --- Decision 7: deck sizes -----------------------------------------------------------------
def test_a_briefing_of_30_trials_and_38_morale_plays_at_a_real_table() -> None:
    """arm: "68 Trial Cards" in the box (notes, decision 7: deck sizes come from the
    Briefing alone; cards not yet described are unseen slots like any other)"""
    state = act(new_campaign(), EnterBriefing(Briefing(1, trials=30, morale=38, first_intensity=3)))

    state = start(state)

    assert state.chapter is not None
    assert (len(state.chapter.trials), len(state.chapter.morale)) == (30, 38)
    assert set(state.chapter.trials) == {None}


def test_the_box_less_the_banned_cards_bounds_a_briefing() -> None:
    """arm: "68 Trial Cards"; a banned card leaves the campaign's decks (notes, decision 7:
    "up to the box's 68 Trial cards less the banned ones")"""
    state = new_campaign()
    for chapter, player in ((1, "Ben"), (2, "Cy")):
        state = concluded(state, chapter, won=False)
        state = act(state, BanCard(player, "rain+gas", "hand"))
    full = Briefing(3, trials=30, morale=38, first_intensity=3)

    with pytest.raises(InvalidSetup, match="fit in the 66 Trial cards in the box, less the ban"):
        start(act(state, EnterBriefing(full)))
    state = start(act(state, EnterBriefing(Briefing(3, 30, 36, 3))))

    assert state.chapter is not None and len(state.chapter.morale) == 36


# --- Decision 5: Traps from Chapter 4 on -----------------------------------------------------
def through(last: int) -> CampaignState:
    """Chapters 1 to ``last`` won and concluded (no Helping Hand offered)."""
    state = new_campaign()
    for chapter in range(1, last + 1):
        state = concluded(state, chapter)
    return state


def test_chapters_1_to_3_play_without_traps_and_4_to_9_with_them() -> None:
    """arm: "The Traps ... Read only before playing Chapter 4." (notes, decision 5: "a
    standing rule of the campaign from Chapter 4 to the end, not a Briefing option")"""
    state = new_campaign()
    traps = {}
    for chapter in range(1, 10):
        state = start(brief(state, chapter))
        assert state.chapter is not None
        traps[chapter] = state.chapter.rules.traps
        state = act(state, StartMission(1))
        for player, card in PLAYS:
            state = act(state, PlayCard(player, card))
        for player, _ in PLAYS:
            state = act(state, Withdraw(player, "left"))
        state = act(state, EnterConclusion(Conclusion(chapter, ())))

    assert traps == {n: n >= 4 for n in range(1, 10)}


def test_a_briefing_that_says_no_traps_is_followed_and_says_so() -> None:
    """arm: "The Traps ... Read only before playing Chapter 4." (notes, decision 5:
    "Chapters 4-9 play with Traps and Luck unless the Briefing entered says otherwise, and
    the tool says so")"""
    silent = Briefing(5, trials=3, morale=20, first_intensity=1)
    off = Briefing(5, trials=3, morale=20, first_intensity=1, traps_off=True)
    state = through(4)

    state = start(act(state, EnterBriefing(off)))

    assert state.chapter is not None and not state.chapter.rules.traps
    assert state.briefings[5] == off  # the explicit "off" is recorded
    assert not off.traps_in_play and silent.traps_in_play
    assert not Briefing(2, 3, 20, 1).traps_in_play


def test_a_chapter_started_from_its_numbers_alone_follows_the_standing_rule() -> None:
    """arm: "The Traps ... Read only before playing Chapter 4." (notes, decision 5)"""
    state = through(4)

    state = act(
        state,
        StartChapter(
            "armistice",
            SEATS,
            leader="Ann",
            third_tiles=TILES,
            trials=3,
            morale=20,
            first_intensity=1,
        ),
    )

    assert state.chapter is not None and state.chapter.rules.traps


# --- Decision 4: a Grizzled per chapter -------------------------------------------------------
def test_each_chapter_may_give_a_player_another_grizzled_and_the_seats_keep_the_players() -> None:
    """arm: "At the beginning of each Chapter, each player chooses a Grizzled card" (notes,
    decision 4: "the campaign's seats keep the players, not the Grizzled")"""
    state = concluded(new_campaign(), 1)
    assert state.grizzled == (("Ann", "night"), ("Ben", "snow"), ("Cy", "rain"))

    state = start(brief(state, 2), grizzled=(("cy", "gas"),))  # Cy plays another Grizzled

    assert state.grizzled == (("Ann", "night"), ("Ben", "snow"), ("Cy", "gas"))
    assert state.chapter is not None and state.chapter.player("Cy").charm == "gas"
    assert [(s.name, s.charm) for s in state.seats] == [(s.name, s.charm) for s in SEATS]
    state = act(state, StartMission(1))
    for player, card in PLAYS:
        state = act(state, PlayCard(player, card))
    for player, _ in PLAYS:
        state = act(state, Withdraw(player, "left"))
    state = act(state, EnterConclusion(Conclusion(2, ())))

    state = start(brief(state, 3), grizzled=(("Ann", "shell"),))  # Cy keeps her new one

    assert state.grizzled == (("Ann", "shell"), ("Ben", "snow"), ("Cy", "gas"))


def test_a_grizzled_for_someone_not_in_the_campaign_is_refused() -> None:
    """arm: "At the beginning of each Chapter, each player chooses a Grizzled card" (notes,
    decision 4: the seats keep the players)"""
    state = brief(new_campaign(), 1)

    with pytest.raises(CampaignRuleViolation, match="there is no player 'Dee'"):
        start(state, grizzled=(("Dee", "gas"),))


# --- Decision 6: Boot Camp is a tutorial ------------------------------------------------------
def boot_camp_lost() -> CampaignState:
    """A new campaign whose Boot Camp was played and lost."""
    state = start_campaign(decide_create_campaign("Autumn", "armistice", SEATS))
    return play_chapter(state, 0, won=False)


def test_boot_camp_earns_no_helping_hand_allows_no_ban_and_has_no_conclusion() -> None:
    """arm: "The Rewards: Read only at the end of Chapter 1." (notes, decision 6: "Boot Camp
    earns no Helping Hand and allows no ban, and needs no Conclusion before Chapter 1")"""
    state = boot_camp_lost()
    refused = {
        "it has no Conclusion to enter": EnterConclusion(Conclusion(0, (), (100,))),
        "it earns no Helping Hand": AwardHelpingHands(()),
        "no card is banned after it": BanCard("Ben", "rain+gas", "hand"),
    }

    for why, command in refused.items():
        with pytest.raises(CampaignRuleViolation, match=f"Boot Camp is a tutorial.*{why}"):
            decide_campaign(state, command)
    state = start(brief(state, 1))

    assert state.chapter_number == 1 and state.chapter_running


def test_a_conclusion_of_boot_camp_is_refused_even_before_it_is_played() -> None:
    """arm: "The Rewards: Read only at the end of Chapter 1." (notes, decision 6)"""
    state = start_campaign(decide_create_campaign("Autumn", "armistice", SEATS))

    with pytest.raises(CampaignRuleViolation, match="it has no Conclusion to enter"):
        decide_campaign(state, EnterConclusion(Conclusion(0, ())))


def test_a_campaign_that_recorded_boot_camp_rewards_still_replays_and_scores_them() -> None:
    """Old files (before decision 6) recorded a Boot Camp Conclusion, award and ban: only
    deciding changed, so they replay as they were and the next chapter starts."""
    state = boot_camp_lost()
    old = (
        ConclusionEntered(0, (("lost", 0, 1),), (100, 101), "", ""),
        HelpingHandAwarded(100, "Ann", 0, "action"),
        HelpingHandsUnclaimed((101,), 0),
        CardBanned("rain+gas", "Ben", "hand", 0),
    )
    for event in old:
        state = evolve_campaign(state, event)

    final = score(state)
    assert (final.victory_points, final.negative_points) == (1, 2)
    assert [b.chapter for b in state.bans] == [0]
    state = start(brief(state, 1))
    assert state.chapter_number == 1


# --- Decision 9: fewer Helping Hands than earned -------------------------------------------
def test_the_helping_hands_due_are_what_the_conclusion_earns_and_offers() -> None:
    """arm: "Any Helping Hand card not awarded at the end of a Chapter count as Negative
    Points" (notes, decision 9: the group may take fewer; the tool asks first and says
    how many Negative Points it adds, from what is due)"""
    rules = (RewardRule("won", 0, 2), RewardRule("lost", 0, 1))
    state = play_chapter(new_campaign(), 1, won=True)
    for number in (31, 32, 33):
        state = act(state, DescribeHelpingHand(HelpingHandCard(number, "Test", "action")))
    state = act(state, EnterConclusion(Conclusion(1, rules, (31, 32, 33))))

    assert helping_hands_due(state) == (2, 3)
    state = act(state, AwardHelpingHands(((31, "Ann"),)))  # fewer: the rules allow it

    assert helping_hands_due(state) is None
    final = score(state)
    assert (final.victory_points, final.negative_points) == (1, 2)


def test_no_helping_hand_is_due_after_boot_camp() -> None:
    """notes, decision 6: Boot Camp earns no Helping Hand"""
    assert helping_hands_due(boot_camp_lost()) is None


# --- Decision 10: Speech tokens in Armistice ------------------------------------------------
def test_speech_tokens_follow_the_base_count_unless_the_briefing_gives_one() -> None:
    """base: "5 tokens at 2 or 3 players" (notes, decision 10: "Speech tokens in Armistice
    follow the base counts unless the Briefing gives a number")"""
    unsaid = start(brief(new_campaign(), 1))
    given = start(brief(new_campaign(), 1, speech_tokens=2))

    assert unsaid.chapter is not None and unsaid.chapter.speech_stock == 5
    assert given.chapter is not None and given.chapter.speech_stock == 2


# --- A ban: "You will no longer have to face that Trial card" --------------------------------
def test_a_hard_knock_banned_after_its_chapter_leaves_the_board_but_not_the_state() -> None:
    """arm: "Choose a Trial card ... from the Hard Knock cards assigned to players, and
    put that card behind the Negative Points tab." The board no longer shows it in front
    of its player; the chapter's state (what stored snapshots hold) keeps it."""
    state = brief(new_campaign(), 1, morale=1)
    state = act(start(state), StartMission(1))
    state = act(state, PlayCard("Ann", "mute"))
    for player in ("Ben", "Cy", "Ann"):
        state = act(state, Withdraw(player, "left"))
    assert state.board is not None and state.board.player("Ann").hard_knocks == ("mute",)

    state = act(state, BanCard("Ann", "mute", "knock"))

    assert state.board is not None and state.board.player("Ann").hard_knocks == ()
    assert state.chapter is not None and state.chapter.player("Ann").hard_knocks == ("mute",)
    assert state.board.hard_knock_weight(state.board.player("Ann")) == 0
