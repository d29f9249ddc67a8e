"""Corrections that cover the table (issue 14): one story per kind of correction, each
followed by the check it triggers at the moment the rulebook makes it.

The table is right: a correction sets the fact anew, with a reason, as an audited event
(``FactCorrected``); then the rules look again (three identical threats, 13 cards in hand,
4 Hard Knocks, the Monument, victory) and record what they decide as the usual events.
A correction that would change nothing is refused and records nothing.
"""

from __future__ import annotations

import pytest

from domain.chapter.commands import PlayCard, StartMission, Withdraw
from domain.chapter.corrections import CorrectFact, decide_correction
from domain.chapter.fact_words import fact_sentence
from domain.chapter.state import ChapterState, Phase
from domain.engine import execute
from domain.errors import RuleViolation
from domain.events import (
    ChapterLost,
    ChapterWon,
    Event,
    FactCorrected,
    MissionFailed,
    MoraleDropped,
    SupportRevealed,
)
from domain.modules.orders import OrderDiscarded, kept_orders, order_piles
from domain.modules.recruits.state import recruit_in_play
from tests.domain.builders import kinds, run, start
from tests.domain.module_builders import prepare
from tests.domain.modules.recruits.test_recruits import (
    everyone_withdraws,
    recruit_in,
    round_of_plays,
)

HANDS = {
    "Ann": ["night+shell", "rain+shell", "wounded"],
    "Ben": ["snow+shell", "rain+gas", "night+whistle"],
    "Cy": ["rain+whistle", "snow+gas", "gas+whistle"],
}
RESOLVED = ["SupportRevealed", "MoraleDropped", "LeadershipPassed"]


def correct(
    state: ChapterState, fact: str, value: str | int | None, reason: str, player: str | None = None
) -> tuple[ChapterState, list[str]]:
    """Decide one correction; the state after it and the kinds of events it recorded."""
    o = decide_correction(state, CorrectFact(fact, value, reason, player))
    assert isinstance(o.events[0], FactCorrected)
    return o.state, kinds(o.events)


def refused(state: ChapterState, fact: str, value: str | int | None, player: str | None = None):
    """The refusal of a correction (``decide`` raises: nothing is recorded)."""
    with pytest.raises(RuleViolation) as refusal:
        decide_correction(state, CorrectFact(fact, value, "the table says so", player))
    return str(refusal.value)


def two_shells_down() -> ChapterState:
    """Ann and Ben each played a shell: Cy's turn, two shells in No Man's Land."""
    state, _ = run(start(HANDS), PlayCard("Ann", "night+shell"), PlayCard("Ben", "snow+shell"))
    return state


def everyone_out(state: ChapterState) -> tuple[ChapterState, list[Event]]:
    """Each Grizzled still in withdraws with a 'left' tile (alone: a tie, nobody benefits)."""
    events: list[Event] = []
    while state.phase == Phase.MISSION:
        new, state = execute(state, Withdraw(state.active_player.name, "left"))
        events += new
    return state, events


# --- A named card from a hand ------------------------------------------------------------
def test_a_card_from_a_hand_to_no_mans_land_making_three_shells_fails_the_mission():
    """The table: Ann's Rain-Shell went down with her Night-Shell and nobody logged it.
    Three shells are now in No Man's Land: the Mission fails at once, then Support, the
    Morale Drop and the next Mission Leader follow."""
    state = two_shells_down()

    state, events = correct(state, "hand-to-nml", "rain+shell", "two cards went down", "Ann")

    assert events == ["FactCorrected", "MissionFailed", *RESOLVED]
    assert state.player("Ann").hand == ("wounded",)
    assert state.nml == () and state.mission_failed


def test_a_card_from_a_hand_to_the_discard_leaving_no_card_anywhere_wins_the_chapter():
    """Between Missions, the Trials deck is counted empty and Ben still holds a card; the
    table says he discarded it: the Trials deck and every hand are empty, peace."""
    hands = {"Ann": ["night+shell"], "Ben": ["snow+gas"], "Cy": ["rain+whistle"]}
    state, _ = run(
        start(hands),
        PlayCard("Ann", "night+shell"),
        Withdraw("Ben", "left"),
        PlayCard("Cy", "rain+whistle"),
    )
    state, _ = everyone_out(state)
    state, events = correct(state, "trials", 0, "the deck is empty")
    assert events == ["FactCorrected"]  # Ben still holds a card: the war goes on

    state, events = correct(state, "hand-to-discard", "snow+gas", "Ben discarded it", "Ben")

    assert events == ["FactCorrected", "ChapterWon"]
    assert state.outcome == "won" and state.discard[-1] == "snow+gas"


def test_a_hard_knock_from_a_hand_during_a_mission_waits_for_the_check_after_support():
    """Ann put Wounded in front of herself; with Mute and Demoralized she counts 4 Hard
    Knocks. The rules look at that after Support: the Mission goes on, and the chapter is
    lost when it ends."""
    state = start(HANDS)
    state, _ = correct(state, "knock-add", "mute", "Ann had it from last Mission", "Ann")
    state, _ = correct(state, "knock-add", "demoralized", "this one too", "Ann")

    state, events = correct(state, "hand-to-knock", "wounded", "she played it", "Ann")

    assert events == ["FactCorrected"]
    assert state.player("Ann").hard_knocks == ("mute", "demoralized", "wounded")
    state, events = everyone_out(state)
    assert kinds(events)[-1] == "ChapterLost" and state.outcome == "hard-knocks"


def test_a_hard_knock_put_in_front_of_a_player_between_missions_loses_at_once():
    """Between Missions the Hard Knock defeat has been looked at: a fourth one corrected in
    loses the chapter at once."""
    state, _ = everyone_out(start(HANDS))
    for knock in ("mute", "demoralized"):
        state, _ = correct(state, "knock-add", knock, "nobody logged it", "Ann")

    state, events = correct(state, "hand-to-knock", "wounded", "she played it", "Ann")

    assert events == ["FactCorrected", "ChapterLost"]
    assert state.outcome_detail == "Ann has 4 Hard Knocks (4 or more)"


def test_a_card_moves_only_from_a_hand_that_holds_it_and_to_its_own_place():
    state = start(HANDS)

    assert "Ann has no snow+gas in hand" in refused(state, "hand-to-nml", "snow+gas", "Ann")
    assert refused(state, "hand-to-knock", "rain+shell", "Ann") == (
        "rain+shell is not a Hard Knock: it is never put in front of anyone"
    )
    assert refused(state, "hand-to-nml", "wounded", "Ann") == (
        "Wounded is not a Threat card: it never lies in No Man's Land"
    )


# --- Counts, and the Monument ------------------------------------------------------------
def test_an_empty_morale_reserve_corrected_between_missions_shows_the_monument():
    """`correct morale 0` after a Mission: the Morale Reserve is exhausted, the Monument is
    visible, the chapter is lost (it used to stay running)."""
    state, _ = everyone_out(start(HANDS))

    state, events = correct(state, "morale", 0, "we had used the last card")

    assert events == ["FactCorrected", "ChapterLost"]
    assert state.outcome == "monument"


def test_an_empty_morale_reserve_corrected_during_a_mission_is_looked_at_after_the_drop():
    state = start(HANDS)

    state, events = correct(state, "morale", 0, "the reserve was empty")

    assert events == ["FactCorrected"]
    state, events = everyone_out(state)
    assert kinds(events)[-2:] == ["MoraleDropped", "ChapterLost"]
    assert state.outcome == "monument"


# --- Support tiles -----------------------------------------------------------------------
def test_a_support_tile_played_face_down_goes_to_its_receiver_at_the_end():
    """Ben withdrew with 'to the left' in the log; the table says he laid 'to the right'
    (to Ann). Ann gets 2 tiles, a strict majority: she benefits."""
    state, _ = run(start(HANDS), PlayCard("Ann", "night+shell"), Withdraw("Ben", "left"))

    state, events = correct(state, "tile-played", "right", "it was the other tile", "Ben")

    assert events == ["FactCorrected"]
    assert state.player("Ben").played_tile == "right"
    assert state.player("Ben").tiles == ("left", "left")
    state, events = everyone_out(state)
    [revealed] = [e for e in events if isinstance(e, SupportRevealed)]
    assert ("Ben", "right", "Ann") in revealed.gifts and revealed.beneficiary == "Ann"


def test_support_tiles_given_and_removed_change_what_a_player_holds():
    """Every 'left' tile of a 3-player table is held: one more cannot be given."""
    state = start(HANDS)
    assert refused(state, "tile-add", "left", "Cy") == "all 6 left Support tiles are already held"

    state, events = correct(state, "tile-add", "right", "a Helping Hand gave her one", "Ann")
    assert events == ["FactCorrected"] and state.player("Ann").tiles == (
        "left",
        "left",
        "right",
        "right",
    )
    state, _ = correct(state, "tile-remove", "left", "she lost one", "Ann")
    assert state.player("Ann").tiles == ("left", "right", "right")
    assert refused(state, "tile-add", "left2", "Cy") == (
        "the left2 Support tiles are not used at this table"
    )
    assert refused(state, "tile-played", "left", "Cy") == (
        "Cy has not withdrawn: no tile is played yet"
    )


# --- Recruits ----------------------------------------------------------------------------
def test_a_recruits_hand_and_tokens_corrected_count_at_the_morale_drop():
    """The Recruit drew Rain-Shell and Snow-Shell only; it carries a Morale token. Its cards
    never count as cards in hand; its tokens do at the Morale Drop."""
    state = recruit_in()

    state, events = correct(state, "recruit-hand", "snow+shell,rain+shell", "it drew two")
    assert events == ["FactCorrected"] and recruit_in_play(state).hand == (
        "rain+shell",
        "snow+shell",
    )
    state, events = correct(state, "recruit-tokens", 1, "a token from a card")
    assert events == ["FactCorrected"] and recruit_in_play(state).tokens == 1

    state = round_of_plays(state)
    held = state.cards_in_hands
    state, drop = everyone_withdraws(state)
    [dropped] = [e for e in drop if isinstance(e, MoraleDropped)]
    assert dropped.count == held + 1 + 1 == 5  # 951 takes 1 more token when it withdraws


def test_a_recruit_correction_needs_a_recruit_and_cards_not_seen_elsewhere():
    state = prepare(HANDS)
    assert refused(state, "recruit-tokens", 2) == "there is no Recruit in play to correct"
    state = recruit_in()
    assert "no night+shell can be there" in refused(state, "recruit-hand", "night+shell")


# --- Orders of the Day -------------------------------------------------------------------
def test_an_order_placed_in_no_mans_land_adds_its_shell_and_fails_the_mission():
    """Order #902 (showing a shell) went back on top, but the table put it in No Man's Land
    too and nobody logged it: with two shells played its shell is the third active one and
    the Mission fails; the short Order #901 is discarded after Support, the lasting #902
    stays."""
    state = prepare(HANDS, orders=(901, 902, 903, 904))
    state, _ = run(
        state,
        StartMission(3, options=kept_orders(901, 902)),
        PlayCard("Ann", "night+shell"),
        PlayCard("Ben", "snow+shell"),
    )

    o = decide_correction(state, CorrectFact("order-add", "902", "an effect put it in play"))

    assert kinds(o.events)[:3] == ["FactCorrected", "MissionFailed", "SupportRevealed"]
    assert o.events[1] == MissionFailed("shell", o.events[1].trials)
    assert OrderDiscarded(901) in o.events
    assert order_piles(o.state).in_play == (902,) and order_piles(o.state).deck == (903, 904)


def test_an_order_cancelled_by_the_table_leaves_its_threat_behind():
    state = prepare(HANDS, orders=(902, 901, 903))
    state, _ = run(state, StartMission(3, options=kept_orders(902, 901)))
    assert state.threat_tally()["shell"] == 1

    state, events = correct(state, "order-remove", 902, "its condition was met")

    assert events == ["FactCorrected"]
    assert order_piles(state).in_play == () and order_piles(state).discard == (902,)
    assert "shell" not in state.threat_tally()
    assert refused(state, "order-remove", 902) == (
        "#902 is not in No Man's Land (orders in play: none)"
    )
    assert refused(state, "order-add", 777) == (
        "#777 is neither in the Order of the Day deck nor discarded"
    )


# --- Ending the Mission, declaring the chapter -------------------------------------------
def test_ending_the_mission_now_as_won_discards_no_mans_land_and_resolves_it():
    state, _ = run(start(HANDS), PlayCard("Ann", "night+shell"))

    state, events = correct(state, "mission-end", "won", "we called it over")

    assert events == ["FactCorrected", "MissionSucceeded", *RESOLVED]
    assert state.discard == ("night+shell",) and state.phase == Phase.PREPARATION


def test_ending_the_mission_now_as_failed_shuffles_no_mans_land_back():
    state = two_shells_down()
    trials = len(state.trials)

    o = decide_correction(state, CorrectFact("mission-end", "failed", "a card said so"))

    assert kinds(o.events) == ["FactCorrected", "MissionFailed", *RESOLVED]
    # two shells: no threat failed it, the table did (no threat is named)
    assert o.events[1] == MissionFailed("", (None,) * (trials + 2))
    assert isinstance(o.events[2], SupportRevealed) and o.state.mission_failed
    assert refused(o.state, "mission-end", "won") == (
        "the Mission ends now (won or failed): only during a Mission"
    )


def test_a_chapters_result_is_declared_with_its_reason():
    state = start(HANDS)

    lost = decide_correction(state, CorrectFact("chapter-end", "lost", "we ran out of time"))
    won = decide_correction(state, CorrectFact("chapter-end", "won", "the Briefing's goal"))

    assert lost.events[1:] == [ChapterLost("declared", "we ran out of time")]
    assert won.events[1:] == [ChapterWon()]
    assert refused(lost.state, "chapter-end", "won") == (
        "the chapter is over (declared): nothing is left to end"
    )


# --- Refused when nothing changes; said in words ------------------------------------------
def test_a_correction_that_changes_nothing_is_refused_saying_what_already_holds():
    state = start(HANDS)

    assert refused(state, "charm", "up", "Ann") == "Ann's charm is already up: nothing to correct"
    assert refused(state, "leader", None, "Ann") == (
        "Ann already holds the Mission Leader token: nothing to correct"
    )
    assert refused(state, "hand", 3, "Ben") == "Ben already holds 3 cards: nothing to correct"


def test_each_correction_says_what_it_set_in_words():
    catalogue = start(HANDS).catalogue

    def said(fact, value, player=None):
        return fact_sentence(FactCorrected(fact, player, value, "r"), catalogue)

    assert said("leader", None, "Max") == "Max holds the Mission Leader token"
    assert said("trials", 12) == "the Trials deck holds 12 cards"
    assert said("hand-to-discard", "snow+gas", "Ben") == (
        "snow+gas went from Ben's hand to the discard"
    )
    assert said("tile-add", "left2", "Ann") == "Ann was given the Support tile '2nd to the left'"
    assert said("withdrawn", "no", "Cy") == "Cy is in the Mission"
    assert said("mission-end", "failed") == "the Mission ends now, failed"
