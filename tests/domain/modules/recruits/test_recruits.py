"""Recruits (Armistice rulebook, "Recruits", read before Chapter 3; "The Traps").

The Recruit cards are synthetic test data (``module_builders``): 951 starts with 3 cards
and takes 1 Morale token, 952 starts with 2 (no token), 953 with 4 (2 tokens), 954 with 1.
"""

from __future__ import annotations

import json

import pytest
from msgspec.structs import replace

from domain.campaign.flow import decide_create_campaign, start_campaign
from domain.chapter.commands import (
    MakeSpeech,
    PlayCard,
    Seat,
    StartMission,
    Withdraw,
)
from domain.chapter.state import ChapterState, Phase
from domain.codec import (
    decode_campaign,
    decode_chapter,
    decode_command,
    encode_campaign,
    encode_chapter,
    encode_command,
)
from domain.errors import (
    CardNotAvailable,
    CardNotInHand,
    MissingOutcome,
    NotYourTurn,
    UnknownPlayer,
)
from domain.events import (
    CardDrawnAndPlayed,
    MissionFailed,
    MoraleDropped,
    SupportRevealed,
    to_record,
)
from domain.legal import legal_actions
from domain.modules.recruits import (
    PlayRecruitCard,
    RecruitArrived,
    RecruitDeparted,
    RecruitPlayed,
    RecruitRefused,
    RecruitWithdrew,
    WithdrawRecruit,
    entering_recruit,
)
from domain.modules.recruits.rules import morale_tokens
from domain.modules.recruits.state import RECRUIT_TURN, Recruit, recruit_in_play, recruit_piles
from domain.records import from_record
from tests.domain.builders import kinds, run
from tests.domain.module_builders import prepare

HANDS = {
    "Ann": ["night+shell", "rain+gas"],
    "Ben": ["snow+gas", "rain+whistle"],
    "Cy": ["snow+whistle", "night+gas"],
}
RECRUIT_HAND = ["rain+shell", "phobia-gas", "snow+shell"]


def recruit_in(*, then=RECRUIT_HAND, recruits=(951, 952), hands=HANDS, **kw) -> ChapterState:
    """Ann leads the first Mission (intensity 2); after the deal Recruit 951 enters."""
    state = prepare(hands, then=then, recruits=recruits, **kw)
    state, events = run(state, StartMission(len(next(iter(hands.values())))))
    assert isinstance(events[-1], RecruitArrived)
    return state


def round_of_plays(state: ChapterState) -> ChapterState:
    """Ann, Ben and Cy each play their first card: the Recruit's turn comes."""
    state, _ = run(
        state,
        PlayCard("Ann", "night+shell"),
        PlayCard("Ben", "snow+gas"),
        PlayCard("Cy", "snow+whistle"),
    )
    assert state.turn == RECRUIT_TURN
    return state


def everyone_withdraws(state: ChapterState) -> tuple[ChapterState, tuple]:
    """Each Grizzled still in withdraws with a left tile; the Recruit withdraws on its turn."""
    events: tuple = ()
    while state.phase == Phase.MISSION:
        if state.turn == RECRUIT_TURN:
            state, new = run(state, WithdrawRecruit())
        else:
            state, new = run(state, Withdraw(state.active_player.name, "left"))
        events += new
    return state, events


# --- Arrival and place at the table -------------------------------------------------------
def test_a_recruit_enters_after_the_deal_and_acts_after_everyone_in_its_first_mission():
    """'At the start of a Mission, after the Trial cards are dealt, a Recruit enters play
    ... The Recruit card is placed between the Mission Leader and the player to their
    right. ... they will take their first action after all the other players.' 'The
    Recruit's starting hand is drawn from the Trials Deck and placed faceup'"""
    state = prepare(HANDS, then=RECRUIT_HAND, recruits=(951, 952))

    state, events = run(state, StartMission(2))

    assert kinds(events) == ["MissionStarted", "CardsDealt", "RecruitArrived"]
    assert events[2] == RecruitArrived(951, "Cy", ("rain+shell", "phobia-gas", "snow+shell"))
    assert recruit_in_play(state) == Recruit(951, 2, ("phobia-gas", "rain+shell", "snow+shell"))
    assert state.trials == () and recruit_piles(state).deck == (952,)
    assert state.unseen("phobia-gas") == 0  # its hand lies face up
    state = round_of_plays(state)

    state, events = run(state, PlayRecruitCard("rain+shell"))

    assert events == (RecruitPlayed(951, "rain+shell"),)
    assert state.nml[-1] == "rain+shell" and state.active_player.name == "Ann"


def test_the_recruit_keeps_its_place_when_the_mission_leader_changes():
    """'The Recruit remains in that position, even when the Mission Leader changes.'"""
    state = recruit_in(then=[*RECRUIT_HAND, "night+snow"])
    state, _ = everyone_withdraws(state)
    assert state.players[state.leader].name == "Ben"

    state, events = run(state, StartMission(1))
    assert "RecruitArrived" not in kinds(events)  # one Recruit at a time; it is dealt nothing
    assert [len(cards) for cards in events[1].cards] == [1, 1, 1]
    turns = []
    while state.phase == Phase.MISSION:
        turns.append("Recruit" if state.turn == RECRUIT_TURN else state.active_player.name)
        state, _ = everyone_withdraws_once(state)
    assert turns == ["Ben", "Cy", "Recruit", "Ann"]


def everyone_withdraws_once(state: ChapterState) -> tuple[ChapterState, tuple]:
    if state.turn == RECRUIT_TURN:
        return run(state, WithdrawRecruit())
    return run(state, Withdraw(state.active_player.name, "left"))


def test_no_recruit_enters_unless_the_trials_deck_holds_its_starting_hand():
    """'a Recruit enters play if ... There are enough cards left in the Trials Deck to create
    the Recruit's starting hand'"""
    state = prepare(HANDS, then=RECRUIT_HAND, recruits=(953,))  # 953 starts with 4 cards

    state, events = run(state, StartMission(2))

    assert kinds(events) == ["MissionStarted", "CardsDealt"]
    assert recruit_in_play(state) is None and recruit_piles(state).deck == (953,)
    state, _ = everyone_withdraws(recruit_in(then=[*RECRUIT_HAND, "night+snow"]))
    with pytest.raises(RecruitRefused, match="a Recruit is already in play"):
        run(state, StartMission(1, options=entering_recruit(952)))


def test_a_chapter_without_recruits_takes_none():
    state = prepare(HANDS)
    with pytest.raises(RecruitRefused, match="this chapter is played without Recruits: no Recruit"):
        run(state, StartMission(2, options=entering_recruit(951)))
    with pytest.raises(RecruitRefused, match="there is no Recruit in play"):
        run(run(state, StartMission(2))[0], WithdrawRecruit())


def test_at_a_real_table_the_recruit_and_its_face_up_hand_are_told_and_checked():
    """At a real table the deck is unseen: the table says which Recruit came and which
    cards it drew, checked like any revealed card."""
    state = prepare(HANDS, recruits=(951, 952), trials=9, known=False)

    with pytest.raises(MissingOutcome, match="say which Recruit is on top of the Recruit deck"):
        run(state, StartMission(2))
    with pytest.raises(RecruitRefused, match=r"#959 is not in the Recruit deck \(it holds #951"):
        run(state, StartMission(2, options=entering_recruit(959)))
    with pytest.raises(
        MissingOutcome,
        match=r"say which 3 cards Recruit #951 \(Synthetic "
        "recruit A\\) drew face up",
    ):
        run(state, StartMission(2, options=entering_recruit(951)))
    with pytest.raises(CardNotAvailable, match="no Merry Christmas can be there"):
        run(state, StartMission(2, options=entering_recruit(951, ("merry-christmas",) * 3)))

    hand = ("rain+shell", "phobia-gas", "snow+shell")
    state, events = run(state, StartMission(2, options=entering_recruit(951, hand)))

    assert events[-1] == RecruitArrived(951, "Cy", hand)
    assert state.trials == () and state.player("Ann").hidden == 2


# --- The Recruit's actions, chosen by the Mission Leader ----------------------------------
def test_on_the_recruits_turn_the_leader_chooses_one_of_its_cards_or_its_withdrawal():
    """'On their turn, the Recruit will choose an action, just like the other Grizzled.
    ... The current Mission Leader decides what action the Recruit will choose'"""
    state = round_of_plays(recruit_in())

    assert legal_actions(state) == (
        PlayRecruitCard("phobia-gas"),
        PlayRecruitCard("rain+shell"),
        PlayRecruitCard("snow+shell"),
        WithdrawRecruit(),
    )
    with pytest.raises(NotYourTurn, match="it is the Recruit's turn, not Ann's"):
        run(state, PlayCard("Ann", "rain+gas"))
    with pytest.raises(
        CardNotInHand,
        match=r"Recruit #951 \(Synthetic recruit A\) has no "
        r"night\+gas \(face up: phobia-gas, rain\+shell, snow\+shell\)",
    ):
        run(state, PlayRecruitCard("night+gas"))
    with pytest.raises(NotYourTurn, match="it is Ann's turn, not the Recruit's"):
        run(run(state, PlayRecruitCard("rain+shell"))[0], WithdrawRecruit())


def test_a_hard_knock_the_recruit_plays_goes_to_the_mission_leader():
    """'A Hard Knock is assigned to the Mission Leader (a Hard Knock is never assigned to
    a Recruit).'"""
    state = round_of_plays(recruit_in())

    state, events = run(state, PlayRecruitCard("phobia-gas"))

    assert events == (RecruitPlayed(951, "phobia-gas"),)
    assert state.player("Ann").hard_knocks == ("phobia-gas",)
    assert state.threat_counts()["gas"] == 2  # the leader is still in: her Phobia counts


def test_a_recruits_hard_knock_cannot_be_played_once_the_leader_has_withdrawn():
    """'Be careful: if the Mission Leader has already Withdrawn, the Hard Knock cannot be
    played during this Mission.'"""
    state = recruit_in()
    state, _ = run(
        state,
        Withdraw("Ann", "left"),
        PlayCard("Ben", "snow+gas"),
        PlayCard("Cy", "snow+whistle"),
    )

    with pytest.raises(
        RecruitRefused,
        match=r"Ann, the Mission Leader, has withdrawn: Recruit "
        r"#951 \(Synthetic recruit A\)'s Phobia \(gas\) cannot be played",
    ):
        run(state, PlayRecruitCard("phobia-gas"))
    assert PlayRecruitCard("phobia-gas") not in legal_actions(state)
    assert PlayRecruitCard("rain+shell") in legal_actions(state)


def test_a_hard_knock_drawn_by_a_recruits_trap_goes_to_the_leader_even_after_withdrawing():
    """The Traps: 'A Hard Knock card is assigned to the Grizzled who triggered the Trap, or
    to the Mission Leader if it was a Recruit (even if the Mission Leader has already
    Withdrawn).'"""
    state = recruit_in(then=["night+shell+trap", "snow+gas", "rain+whistle", "wounded"], traps=True)
    state, _ = run(
        state,
        Withdraw("Ann", "left"),
        PlayCard("Ben", "snow+gas"),
        PlayCard("Cy", "snow+whistle"),
    )

    state, events = run(state, PlayRecruitCard("night+shell+trap"))

    assert events == (
        RecruitPlayed(951, "night+shell+trap"),
        CardDrawnAndPlayed("Ann", "wounded", "recruit-trap"),
    )
    assert state.player("Ann").hard_knocks == ("wounded",)


def test_a_recruit_that_plays_its_last_card_departs_and_a_new_one_may_enter_next_mission():
    """'When the Recruit plays its last card, its training is over ... The Recruit card is
    discarded and the players immediately gain the Advantage described on the card. At the
    beginning of the next Mission, if the arrival conditions are met, a new Recruit enters
    play.'"""
    then = ["rain+shell", "night+snow", "snow+rain", "night+rain"]
    state = round_of_plays(recruit_in(then=then, recruits=(954, 951)))

    state, events = run(state, PlayRecruitCard("rain+shell"))

    assert events == (RecruitPlayed(954, "rain+shell"), RecruitDeparted(954))
    assert recruit_in_play(state) is None and recruit_piles(state).departed == (954,)
    assert state.active_player.name == "Ann"
    state, _ = everyone_withdraws(state)
    state, events = run(state, StartMission(1))
    assert events[-1].TYPE == "RecruitArrived" and events[-1].recruit == 951


def test_the_recruits_last_card_can_end_the_mission_it_departs_from():
    state = recruit_in(then=["rain+shell"], recruits=(954,))
    state, _ = run(state, Withdraw("Ann", "left"), Withdraw("Ben", "left"), Withdraw("Cy", "left"))
    assert state.turn == RECRUIT_TURN  # the others are out: the Recruit is still in

    state, events = run(state, PlayRecruitCard("rain+shell"))

    assert kinds(events)[:4] == [
        "RecruitPlayed",
        "RecruitDeparted",
        "MissionSucceeded",
        "SupportRevealed",
    ]


# --- Withdrawal, Morale, Support, victory -------------------------------------------------
def test_a_withdrawn_recruits_morale_tokens_count_at_the_morale_drop_and_its_cards_do_not():
    """'During the Morale Drop, Morale tokens placed on the Recruit are counted as remaining
    cards in the hands of the Grizzled. However, the cards in The Recruit's hand are
    ignored.' 'The Recruit isn't affected by Support. Simply ignore it when giving out
    Support tiles.'"""
    state = recruit_in(then=[*RECRUIT_HAND, "night+snow"], recruits=(953,))
    state = round_of_plays(state)

    state, events = run(state, WithdrawRecruit())
    assert events == (RecruitWithdrew(953, 2),)
    assert recruit_in_play(state).tokens == 2 and state.active_player.name == "Ann"
    state, events = everyone_withdraws(state)

    gifts = (("Ann", "left", "Ben"), ("Ben", "left", "Cy"), ("Cy", "left", "Ann"))
    assert SupportRevealed(gifts, None) in events  # Cy's left tile skips the Recruit
    drop = next(e for e in events if isinstance(e, MoraleDropped))
    assert drop.count == 3 + 2  # 3 cards in the Grizzled's hands, 2 tokens; 4 cards ignored


def test_a_recruits_morale_tokens_build_up_and_all_count_at_every_morale_drop():
    """'A Morale token is placed on the Recruit ... During the Morale Drop, Morale tokens
    placed on the Recruit are counted as remaining cards in the hands of the Grizzled.'
    (notes, decision 8: "each token placed on the Recruit stays until the Recruit leaves,
    and all of them count at every Morale Drop while it is in play")"""
    state = recruit_in(then=[*RECRUIT_HAND, "night+snow"], recruits=(953,))
    state, _ = everyone_withdraws(round_of_plays(state))
    assert recruit_in_play(state).tokens == 2

    state, _ = run(state, StartMission(1))
    assert morale_tokens(state) == 2  # Mission 2: the tokens of Mission 1 still count
    state, events = everyone_withdraws(state)

    assert RecruitWithdrew(953, 2) in events
    assert recruit_in_play(state).tokens == 2 + 2
    assert morale_tokens(state) == 4  # all of them count at the next Drop too


def test_a_failed_mission_adds_no_morale_token_to_a_recruit_still_in():
    """'If a Mission fails and the Recruit has not yet Withdrawn, no Morale token is added
    to the Recruit.'"""
    hands = {
        "Ann": ["night+shell", "rain+gas"],
        "Ben": ["snow+shell", "rain+whistle"],
        "Cy": ["rain+shell", "night+gas"],
    }
    state = recruit_in(
        hands=hands,
        then=["snow+whistle", "rain+gas", "night+whistle", "gas+whistle"],
        recruits=(953,),
    )
    state, _ = run(state, PlayCard("Ann", "night+shell"), PlayCard("Ben", "snow+shell"))

    state, events = run(state, PlayCard("Cy", "rain+shell"))

    assert isinstance(events[1], MissionFailed)
    assert next(e for e in events if isinstance(e, MoraleDropped)).count == 3
    assert recruit_in_play(state).tokens == 0 and recruit_in_play(state).withdrew_in == 0
    assert recruit_in_play(state).hand == (
        "gas+whistle",
        "night+whistle",
        "rain+gas",
        "snow+whistle",
    )


def test_no_chapter_is_won_while_a_recruit_is_in_play():
    """'As long as a Recruit is in play, the game cannot be won.'"""
    hands = {"Ann": ["night+shell"], "Ben": ["snow+gas"], "Cy": ["snow+whistle"]}
    state = recruit_in(hands=hands, then=["rain+shell", "rain+gas"], recruits=(952,))
    state, _ = run(
        state,
        PlayCard("Ann", "night+shell"),
        PlayCard("Ben", "snow+gas"),
        PlayCard("Cy", "snow+whistle"),
    )

    assert not state.trials and state.cards_in_hands == 0 and recruit_in_play(state) is not None

    state, events = everyone_withdraws(state)

    assert "ChapterWon" not in kinds(events)
    assert kinds(events)[-2:] == ["MoraleDropped", "LeadershipPassed"]


def test_speeches_have_no_effect_on_the_recruit():
    """'Speeches have no effect on Recruits.' (and the Recruit is dealt no cards)"""
    state = recruit_in(then=[*RECRUIT_HAND, "snow+whistle", "rain+gas", "night+whistle"])
    state, _ = everyone_withdraws(state)
    state, _ = run(
        state, StartMission(1), Withdraw("Ben", "left"), Withdraw("Cy", "left"), WithdrawRecruit()
    )
    assert state.active_player.name == "Ann" and state.player("Ann").speech_tokens == 1

    with pytest.raises(UnknownPlayer, match="there is no player 'Recruit'"):
        run(state, MakeSpeech("Ann", "shell", (("Recruit", "rain+shell"),)))
    state, _ = run(state, MakeSpeech("Ann", "shell"))
    assert recruit_in_play(state).hand == ("phobia-gas", "rain+shell", "snow+shell")


def test_recruit_commands_events_and_piles_survive_storage():
    state = round_of_plays(recruit_in())
    commands = (PlayRecruitCard("rain+shell", target=("Ann", "mute")), WithdrawRecruit())
    for command in commands:
        assert decode_command(json.loads(json.dumps(encode_command(command)))) == command
    state, events = run(state, PlayRecruitCard("phobia-gas"))
    events = (*run(prepare(HANDS, then=RECRUIT_HAND, recruits=(951,)), StartMission(2))[1], *events)

    for event in events:
        assert from_record(json.loads(json.dumps(to_record(event)))) == event
    assert decode_chapter(json.loads(json.dumps(encode_chapter(state))), state.catalogue) == state


def test_a_state_stored_before_the_recruits_had_their_record_reads_their_piles_into_it():
    """State formats 2 and 3 kept the Recruits' piles in the chapter's ``recruits``; format 4
    on keeps them in the module's record (``ChapterState.modules``): an old snapshot reads the
    same, the Recruit in play with its hand and its turn."""
    state = round_of_plays(recruit_in())
    assert state.turn == RECRUIT_TURN
    seats = tuple(Seat(p.name, p.charm or "") for p in state.players)
    campaign = start_campaign(decide_create_campaign("Autumn", "classic", seats))
    campaign = replace(campaign, chapter=state, catalogue=state.catalogue)
    data = json.loads(json.dumps(encode_campaign(campaign)))
    assert data["format"] >= 4 and "recruits" not in data["chapter"]
    chapter = dict(data["chapter"])
    modules = dict(chapter.pop("modules"))
    old = {**chapter, "modules": modules, "recruits": modules.pop("recruits")}
    without = {**chapter, "modules": modules, "recruits": None}

    again = decode_campaign({**data, "format": 3, "chapter": old})
    bare = decode_campaign({**data, "format": 3, "chapter": without})

    assert again == decode_campaign(data) == campaign
    assert again.chapter is not None and recruit_in_play(again.chapter) == recruit_in_play(state)
    assert bare.chapter is not None and recruit_piles(bare.chapter) is None
