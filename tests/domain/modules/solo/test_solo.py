"""Solo mode (Armistice rulebook p.15, "Solo Mode: One-Shot"): one person, 3 Grizzled played
in turn, a single hand of cards; basic rules with Traps and without Speeches; the 4 solo
Support tiles. The Grizzled sit left to right as Ann (night), Ben (snow), Cy (rain)."""

import json
from collections import Counter
from collections.abc import Sequence

import pytest
from msgspec.structs import replace

from domain.campaign.flow import decide_create_campaign, start_campaign
from domain.cards.catalogue import base_catalogue
from domain.chapter.commands import (
    ChooseSupport,
    MakeSpeech,
    PlayCard,
    Seat,
    StartChapter,
    StartMission,
    UseCharm,
    Withdraw,
)
from domain.chapter.evolve import begin
from domain.chapter.setup import decide_start_chapter
from domain.chapter.state import ChapterState, Phase
from domain.codec import (
    decode_campaign,
    decode_chapter,
    decode_command,
    encode_campaign,
    encode_chapter,
    encode_command,
)
from domain.engine import execute
from domain.errors import (
    CardNotInHand,
    IntensityTooLow,
    InvalidSetup,
    MissingOutcome,
    NotYourTurn,
    SpeechRefused,
    SupportTileRefused,
    WithdrawalRefused,
    WrongPhase,
)
from domain.events import (
    CardDrawnAndPlayed,
    ChapterWon,
    CharmUsed,
    LeadershipPassed,
    MissionFailed,
    MissionStarted,
    MissionSucceeded,
    PlayerWithdrew,
    SupportUsed,
)
from domain.legal import legal_actions
from domain.modules.solo.commands import DrawSoloSupport, RefillHand
from domain.modules.solo.rules import (
    SoloCardPlayed,
    SoloHandFilled,
    SoloMissionEnded,
    SoloRefillGivenUp,
    SoloRefused,
    SoloSupportDrawn,
    beneficiary_of,
)
from domain.modules.solo.state import SOLO_REMOVED, SOLO_TILES, solo_table, with_solo_table
from tests.domain.builders import kinds, run, start

SEATS = (Seat("Ann", "night"), Seat("Ben", "snow"), Seat("Cy", "rain"))
CATALOGUE = base_catalogue()


def solo_box() -> list[str]:
    """The base game's 59 Trial cards without the six Hard Knocks a Solo setup removes."""
    box = list(CATALOGUE.deck())
    for key in SOLO_REMOVED:
        box.remove(key)
    return box


def solo_setup(**options: object) -> StartChapter:
    return StartChapter("armistice", SEATS, "solo", **options)  # type: ignore[arg-type]


def rigged(top: Sequence[str]) -> tuple[str, ...]:
    """The Solo box in an order that starts with ``top``, the rest in key order."""
    rest = Counter(solo_box())
    rest.subtract(top)
    assert not -rest, f"more copies than the Solo box holds: {dict(-rest)}"
    return (*top, *sorted(rest.elements()))


def solo_chapter(
    hand: Sequence[str], then: Sequence[str] = (), *, trials: int = 30, leader: str = "Ann"
) -> ChapterState:
    """A Solo chapter whose first Mission draws ``hand``; the Trials deck goes on with
    ``then``, then the rest of the box in key order (the Morale Reserve is the rest)."""
    setup = solo_setup(leader=leader, trials=trials, deck=rigged([*hand, *then]))
    state = begin(decide_start_chapter(setup, CATALOGUE))
    return run(state, StartMission(3))[0]


def withdraw_all(state: ChapterState) -> tuple[ChapterState, tuple]:
    """Every Grizzled still in the Mission withdraws in turn."""
    events: tuple = ()
    while state.phase == Phase.MISSION:
        state, new = run(state, Withdraw(state.active_player.name))
        events += new
    return state, events


THREE = ["night+shell", "snow+gas", "rain+whistle"]


# --- Setup ("Setup: choose 3 Grizzled ... remove the following Hard Knock cards ...
# create the Trials Deck with 30 cards") ---------------------------------------------------------
def test_a_solo_game_is_three_grizzled_with_trials_30_and_the_rest_in_the_morale_reserve():
    started = decide_start_chapter(solo_setup(leader="Ann"), CATALOGUE)

    assert started.variant == "solo" and started.players == ("Ann", "Ben", "Cy")
    assert len(started.trials) == 30
    assert len(started.morale) == 59 - 6 - 30  # 23 with the base cards (32 with all 68)
    assert started.tiles == ((), (), ())  # the 4 solo tiles replace the Support tiles
    assert started.speech_tokens == 0 and started.traps
    assert started.morale_drop_max == 6 and started.hand_limit == 13


def test_a_solo_setup_removes_panicked_selfish_frenzied_absent_minded_tyrannical_and_mute():
    state = begin(decide_start_chapter(solo_setup(leader="Ann"), CATALOGUE), CATALOGUE)

    assert state.set_aside == SOLO_REMOVED
    assert state.total_cards == 53
    for key in SOLO_REMOVED:  # at a real table, no hidden hand can hold them
        assert state.unseen(key) == 0
    assert state.unseen("wounded") == 1


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        (StartChapter("armistice", SEATS[:2], "solo"), "one person plays 3 Grizzled, not 2"),
        (StartChapter("classic", SEATS, "solo"), "Solo mode is an Armistice mode"),
        (solo_setup(traps=False), "Solo mode is played with Traps"),
        (solo_setup(speech_tokens=3), "Solo mode is played without Speeches"),
        (solo_setup(third_tiles=("left",) * 3), "its 4 solo Support tiles"),
        (solo_setup(first_intensity=2), "the Solo starting hand is 3 cards"),
        (solo_setup(leader="Dee"), "'Dee' is not one of the 3"),
    ],
)
def test_solo_mode_is_set_up_by_its_own_rules(setup, message):
    with pytest.raises(InvalidSetup, match=message):
        decide_start_chapter(setup, CATALOGUE)


def test_at_a_real_table_the_grizzled_taking_the_token_first_must_be_told():
    with pytest.raises(MissingOutcome, match="which Grizzled takes the Mission Leader token"):
        decide_start_chapter(solo_setup(), CATALOGUE)


# --- Mission start ("Assign the Mission Leader token to a Grizzled who will be the active
# Grizzled, and draw 3 cards to create your starting hand") ----------------------------------
def test_the_first_mission_draws_three_cards_as_the_single_starting_hand():
    state = begin(decide_start_chapter(solo_setup(leader="Ben", deck=rigged(THREE)), CATALOGUE))

    state, events = run(state, StartMission(3))

    assert events == (MissionStarted(1, "Ben", 3), SoloHandFilled(tuple(THREE), "mission"))
    assert solo_table(state).hand == tuple(sorted(THREE))
    assert all(p.hand_size == 0 for p in state.players)  # the hand belongs to the table
    assert state.cards_in_hands == 3 and state.active_player.name == "Ben"


def test_every_solo_mission_starts_with_the_hand_filled_up_to_three_cards():
    state = solo_chapter(THREE, ["night+gas", "snow+whistle"])
    state, _ = run(state, PlayCard("Ann", "night+shell"), PlayCard("Ben", "snow+gas"))
    state, _ = withdraw_all(state)  # one card left in the single hand
    state, events = run(state, DrawSoloSupport("none"))
    dropped = events[1].cards  # the Morale Drop put 3 cards on top of the Trials deck
    with pytest.raises(IntensityTooLow, match="Cy cannot choose intensity 2: in Solo mode"):
        execute(state, StartMission(2))

    state, events = run(state, StartMission(3))

    assert events == (MissionStarted(2, "Cy", 3), SoloHandFilled(dropped[:2], "mission"))
    assert solo_table(state).hand_size == 3


def test_a_solo_mission_start_takes_no_chaplain_tile():
    state = begin(decide_start_chapter(solo_setup(leader="Ann"), CATALOGUE))

    with pytest.raises(SoloRefused, match="Ann only fills the hand to start a Solo Mission"):
        execute(state, StartMission(3, chaplain_tile="left"))


# --- Actions ("You play 1 action for the active Grizzled, then the Mission Leader token
# moves on to the next Grizzled") ------------------------------------------------------------
def test_the_active_grizzled_plays_from_the_single_hand_and_the_token_moves_on():
    state = solo_chapter(THREE)

    state, events = run(state, PlayCard("Ann", "night+shell"))

    assert events == (SoloCardPlayed("Ann", "night+shell"),)
    assert state.nml == ("night+shell",)
    assert solo_table(state).hand == ("rain+whistle", "snow+gas")
    assert state.active_player.name == "Ben"


def test_a_hard_knock_from_the_single_hand_goes_in_front_of_the_active_grizzled():
    state = solo_chapter(["wounded", "snow+gas", "rain+whistle"])
    state, _ = run(state, PlayCard("Ann", "snow+gas"))

    state, _ = run(state, PlayCard("Ben", "wounded"))

    assert state.player("Ben").hard_knocks == ("wounded",)
    assert state.player("Ann").hard_knocks == ()


def test_a_grizzled_cannot_play_a_card_the_single_hand_does_not_hold():
    state = solo_chapter(THREE)

    with pytest.raises(CardNotInHand, match="Ann cannot play night\\+gas: the single hand holds"):
        execute(state, PlayCard("Ann", "night+gas"))
    with pytest.raises(NotYourTurn, match="it is Ann's turn, not Ben's"):
        execute(state, PlayCard("Ben", "snow+gas"))


def test_a_trap_springs_in_solo_mode_and_its_hard_knock_hits_the_active_grizzled():
    state = solo_chapter(["night+shell+trap", "snow+gas", "rain+whistle"], ["wounded"])

    state, events = run(state, PlayCard("Ann", "night+shell+trap"))

    assert events == (
        SoloCardPlayed("Ann", "night+shell+trap"),
        CardDrawnAndPlayed("Ann", "wounded", "trap"),
    )
    assert state.player("Ann").hard_knocks == ("wounded",)


def test_there_are_no_speeches_in_solo_mode():
    state = solo_chapter(THREE)

    with pytest.raises(SpeechRefused, match="Ann cannot make a Speech: Solo mode is played"):
        execute(state, MakeSpeech("Ann", "night"))
    assert not any(isinstance(c, MakeSpeech) for c in legal_actions(state))


# --- Refilling ("After playing a card, you can choose to refill your hand back up to 3 cards
# or not. If you do not do so, you will no longer be able to do so for this Mission") ---------
def test_after_playing_a_card_the_hand_may_be_refilled_back_up_to_three():
    state = solo_chapter(THREE, ["night+gas", "snow+whistle"])
    state, _ = run(state, PlayCard("Ann", "night+shell"))
    assert RefillHand() in legal_actions(state)

    state, events = run(state, RefillHand())

    assert events == (SoloHandFilled(("night+gas",), "refill"),)
    assert solo_table(state).hand == ("night+gas", "rain+whistle", "snow+gas")
    assert state.active_player.name == "Ben"  # the refill is not an action of a Grizzled


def test_moving_on_without_refilling_ends_the_refills_for_the_mission():
    state = solo_chapter(THREE, ["night+gas", "snow+whistle"])
    state, _ = run(state, PlayCard("Ann", "night+shell"))

    state, events = run(state, PlayCard("Ben", "snow+gas"))

    assert events == (SoloRefillGivenUp(), SoloCardPlayed("Ben", "snow+gas"))
    assert RefillHand() not in legal_actions(state)
    with pytest.raises(SoloRefused, match="not refilled after an earlier card"):
        execute(state, RefillHand())


def test_the_refills_come_back_with_the_next_mission():
    state = solo_chapter(THREE, ["night+gas", "snow+whistle"])
    state, _ = run(state, PlayCard("Ann", "night+shell"), PlayCard("Ben", "snow+gas"))
    state, _ = withdraw_all(state)
    state, _ = run(state, DrawSoloSupport("none"), StartMission(3))
    active = state.active_player.name

    state, _ = run(state, PlayCard(active, "rain+whistle"))

    assert RefillHand() in legal_actions(state)


def test_the_hand_is_refilled_only_right_after_a_played_card():
    state = solo_chapter(THREE, ["night+gas"])

    with pytest.raises(SoloRefused, match="refilled right after a card is played, not now"):
        execute(state, RefillHand())


def test_a_charm_or_a_withdrawal_after_a_played_card_is_moving_on_without_refilling():
    state = solo_chapter(["snow+gas", "night+shell", "rain+whistle"], ["night+gas"])
    state, _ = run(state, PlayCard("Ann", "snow+gas"))

    state, events = run(state, UseCharm("Ben", "snow+gas"))

    assert events == (SoloRefillGivenUp(), CharmUsed("Ben", "snow+gas"))
    assert RefillHand() not in legal_actions(state)
    state, _ = run(state, PlayCard("Cy", "rain+whistle"))
    assert run(state, Withdraw("Ann"))[1][0] == PlayerWithdrew("Ann", None)


def test_an_empty_trials_deck_offers_no_refill_and_nothing_is_given_up():
    state = solo_chapter(THREE, trials=3)
    state, _ = run(state, PlayCard("Ann", "night+shell"))

    assert RefillHand() not in legal_actions(state)
    state, events = run(state, PlayCard("Ben", "snow+gas"))
    assert events == (SoloCardPlayed("Ben", "snow+gas"),)


# --- Withdrawing with one hand ("until all of the Grizzled have Withdrawn or the Mission has
# failed. To represent a Grizzled who has Withdrawn, retrieve the miniature") ------------------
def test_a_withdrawn_grizzled_is_skipped_and_the_single_hand_stays_with_the_others():
    state = solo_chapter(THREE)

    state, events = run(state, Withdraw("Ann"))

    assert events == (PlayerWithdrew("Ann", None),)
    assert solo_table(state).hand_size == 3 and state.active_player.name == "Ben"
    state, _ = run(state, PlayCard("Ben", "snow+gas"), PlayCard("Cy", "rain+whistle"))
    assert state.active_player.name == "Ben"


def test_a_solo_grizzled_withdraws_without_a_support_tile():
    state = solo_chapter(THREE)

    with pytest.raises(SupportTileRefused, match="Ann holds no Support tile"):
        execute(state, Withdraw("Ann", "left"))


def test_a_hardheaded_grizzled_cannot_withdraw_while_the_single_hand_holds_two_cards():
    state = solo_chapter(["hardheaded", "night+shell", "snow+gas"], ["rain+whistle"])
    state, _ = run(
        state, PlayCard("Ann", "hardheaded"), RefillHand(), Withdraw("Ben"), Withdraw("Cy")
    )

    with pytest.raises(WithdrawalRefused, match="Ann is Hardheaded: no withdrawal while holding 3"):
        execute(state, Withdraw("Ann"))
    state, _ = run(state, PlayCard("Ann", "night+shell"), PlayCard("Ann", "snow+gas"))

    state, events = run(state, Withdraw("Ann"))  # one card left: Hardheaded allows it

    assert kinds(events) == ["PlayerWithdrew", "MissionSucceeded", "SoloMissionEnded"]
    assert solo_table(state).hand == ("rain+whistle",)  # the cards left stay in the single hand


# --- Support ("draw 1 of the Solo Support tiles, which designates the Grizzled who will
# benefit from the Support (up to 2 Hard Knock cards discarded, and the Good Luck Charm is
# recovered) then discard this tile ... When all 4 tiles have been drawn, shuffle them again")
def test_when_all_three_have_withdrawn_a_solo_tile_names_who_benefits():
    state = solo_chapter(["wounded", "night+shell", "snow+gas"])
    state, _ = run(
        state,
        PlayCard("Ann", "wounded"),
        PlayCard("Ben", "night+shell"),
        PlayCard("Cy", "snow+gas"),
        UseCharm("Ann", "night+shell"),
    )
    state, events = withdraw_all(state)
    assert events[-2:] == (MissionSucceeded(), SoloMissionEnded("Ann"))
    assert state.phase == Phase.DRAW_SUPPORT and legal_actions(state) == (DrawSoloSupport(),)

    state, events = run(state, DrawSoloSupport("left"))

    assert events[:2] == (SoloSupportDrawn("left", "Ann"), SupportUsed("Ann", ("wounded",), True))
    assert kinds(events[2:]) == ["MoraleDropped", "LeadershipPassed"]
    assert state.player("Ann").hard_knocks == () and state.player("Ann").charm_up


def test_the_no_support_tile_helps_nobody():
    state = solo_chapter(["wounded", "night+shell", "snow+gas"])
    state, _ = run(state, PlayCard("Ann", "wounded"))
    state, _ = withdraw_all(state)

    state, events = run(state, DrawSoloSupport("none"))

    assert events[0] == SoloSupportDrawn("none", None)
    assert kinds(events[1:]) == ["MoraleDropped", "LeadershipPassed"]
    assert state.player("Ann").hard_knocks == ("wounded",)


def test_more_hard_knocks_than_support_discards_wait_for_the_beneficiarys_choice():
    state = solo_chapter(["demoralized", "fragile", "wounded"])
    state, _ = run(state, PlayCard("Ann", "demoralized"), Withdraw("Ben"), Withdraw("Cy"))
    state, _ = run(state, PlayCard("Ann", "fragile"), PlayCard("Ann", "wounded"))
    state, _ = withdraw_all(state)
    state, _ = run(state, DrawSoloSupport("left"))
    assert state.phase == Phase.SUPPORT and state.support.max_discards == 2

    state, events = run(state, ChooseSupport("Ann", ("demoralized", "wounded")))

    assert events[0] == SupportUsed("Ann", ("demoralized", "wounded"), False)
    assert state.player("Ann").hard_knocks == ("fragile",)


def test_after_a_failed_mission_the_solo_tile_still_discards_up_to_two_hard_knocks():
    state = solo_chapter(
        ["demoralized", "night+shell", "fragile"],
        ["night+gas", "night+whistle", "rain+shell", "snow+gas"],
    )
    state, _ = run(
        state,
        PlayCard("Ann", "demoralized"),
        RefillHand(),
        PlayCard("Ben", "night+shell"),
        RefillHand(),
        PlayCard("Cy", "night+gas"),
        RefillHand(),
        PlayCard("Ann", "fragile"),
        RefillHand(),
    )

    state, events = run(state, PlayCard("Ben", "night+whistle"))
    assert isinstance(events[1], MissionFailed) and events[2] == SoloMissionEnded("Ben")
    state, events = run(state, DrawSoloSupport("left"))

    assert events[1] == SupportUsed("Ann", ("demoralized", "fragile"), False)


def test_a_drawn_tile_stays_out_until_all_four_are_drawn_and_shuffled_again():
    state = solo_chapter(THREE)
    drawn = []
    for tile in ("none", "left", "center", None, "none"):
        state, _ = withdraw_all(state)
        if tile == "left":
            with pytest.raises(SupportTileRefused, match="the none tile was drawn already"):
                execute(state, DrawSoloSupport("none"))
        state, events = run(state, DrawSoloSupport(tile))  # None: the last tile, no need to tell
        drawn.append(events[0].tile)
        state, _ = run(state, StartMission(3))

    assert drawn == ["none", "left", "center", "right", "none"]
    assert solo_table(state).tiles == ("left", "center", "right")


def test_at_a_real_table_the_drawn_solo_tile_must_be_told():
    state = begin(decide_start_chapter(solo_setup(leader="Ann"), CATALOGUE))
    state, events = run(state, StartMission(3))
    assert events[1] == SoloHandFilled((None, None, None), "mission")
    state, _ = withdraw_all(state)

    with pytest.raises(MissingOutcome, match="say which solo Support tile was drawn"):
        execute(state, DrawSoloSupport())
    with pytest.raises(SupportTileRefused, match="'up' is not a solo Support tile"):
        execute(state, DrawSoloSupport("up"))
    with pytest.raises(WrongPhase, match="cannot draw a solo Support tile"):
        execute(solo_chapter(THREE), DrawSoloSupport("left"))


# --- Resolution with one hand ---------------------------------------------------------------
def test_the_next_mission_starts_with_the_grizzled_after_the_one_who_acted_last():
    state = solo_chapter(THREE, leader="Ann")
    state, _ = run(state, Withdraw("Ann"), PlayCard("Ben", "snow+gas"), Withdraw("Cy"))
    state, events = run(state, Withdraw("Ben"))  # the token rests on Ben

    assert events[-1] == SoloMissionEnded("Ben")
    state, events = run(state, DrawSoloSupport("none"))
    assert events[-1] == LeadershipPassed("Cy", None)  # never a Speech token in Solo


def test_the_morale_drop_counts_the_single_hand_with_a_minimum_of_three():
    state = solo_chapter(["demoralized", "night+shell", "snow+gas"])
    state, _ = run(state, PlayCard("Ann", "demoralized"))
    state, _ = withdraw_all(state)  # 2 cards left in the single hand

    state, events = run(state, DrawSoloSupport("center"))

    assert events[2].count == 4  # 2 cards in hand: the minimum 3, plus 1 for Demoralized
    assert state.cards_in_hands == 2


def test_a_solo_morale_drop_is_at_most_6_cards_as_in_the_basic_rules():
    """ "In the Solo game, you will play 3 Grizzled in turn, but you will have only a single
    hand of cards. Follow the Basic Rules (see p.4) with Traps, but without Speeches." The
    Basic Rules: "with a minimum of 3 cards and a maximum of 6" (the 7 is Duo mode's)."""
    state = solo_chapter(["demoralized", "night+shell", "snow+gas"])
    state, _ = run(state, PlayCard("Ann", "demoralized"))
    state, _ = withdraw_all(state)
    assert solo_table(state) is not None
    # given a single hand of 8 cards (told by a correction, say) and a Demoralized Grizzled
    eight = ("night+snow", "night+rain", "snow+rain", "rain+gas", "gas+whistle", "snow+shell")
    solo = replace(solo_table(state), hand=(*solo_table(state).hand, *eight))
    state = with_solo_table(state, solo)

    state, events = run(state, DrawSoloSupport("center"))

    assert events[2].count == 6


def test_a_solo_chapter_is_won_when_the_trials_deck_and_the_single_hand_are_empty():

    state = solo_chapter(THREE, trials=3)
    state, _ = run(
        state,
        PlayCard("Ann", "night+shell"),
        PlayCard("Ben", "snow+gas"),
        PlayCard("Cy", "rain+whistle"),
    )
    state, _ = withdraw_all(state)

    state, events = run(state, DrawSoloSupport("right"))

    assert events[-1] == ChapterWon() and state.outcome == "won"
    assert legal_actions(state) == ()


def test_solo_commands_are_refused_in_a_chapter_where_each_grizzled_has_a_hand():
    state = start({"Ann": ["night+shell"], "Ben": ["snow+gas"], "Cy": ["rain+whistle"]})

    with pytest.raises(SoloRefused, match="RefillHand is a Solo mode command"):
        execute(state, RefillHand())
    with pytest.raises(SoloRefused, match="DrawSoloSupport is a Solo mode command"):
        execute(state, DrawSoloSupport("left"))


def test_the_solo_tiles_name_the_grizzled_left_center_right_as_they_were_set_up():
    state = solo_chapter(THREE)

    assert [beneficiary_of(state, t) for t in SOLO_TILES] == ["Ann", "Ben", "Cy", None]


def test_a_solo_chapter_and_its_commands_survive_storage():
    state = solo_chapter(THREE, ["night+gas"])
    state, _ = run(state, PlayCard("Ann", "night+shell"))
    state, _ = withdraw_all(state)
    assert state.phase == Phase.DRAW_SUPPORT

    restored = decode_chapter(json.loads(json.dumps(encode_chapter(state))), CATALOGUE)

    assert restored == state
    for command in (RefillHand(), DrawSoloSupport("left"), DrawSoloSupport()):
        assert decode_command(json.loads(json.dumps(encode_command(command)))) == command


def test_a_solo_state_stored_before_solo_had_its_record_reads_its_table_into_it():
    """State format 2 kept the Solo table in the chapter's ``solo``; format 3 keeps it in
    Solo's record (``ChapterState.modules``)."""
    state, _ = run(solo_chapter(THREE, ["night+gas"]), PlayCard("Ann", "night+shell"))
    seats = tuple(Seat(p.name, p.charm or "") for p in state.players)
    campaign = start_campaign(decide_create_campaign("Alone", "armistice", seats))
    campaign = replace(campaign, chapter=state, catalogue=state.catalogue)
    data = json.loads(json.dumps(encode_campaign(campaign)))
    chapter = {k: v for k, v in data["chapter"].items() if k != "modules"}
    old = {**chapter, "solo": data["chapter"]["modules"]["solo"]}

    again = decode_campaign({**data, "format": 2, "chapter": old})

    assert again == campaign and again.chapter is not None
    assert solo_table(again.chapter) == solo_table(state) and solo_table(state) is not None
