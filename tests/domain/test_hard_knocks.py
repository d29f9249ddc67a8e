"""Every Hard Knock and Merry Christmas, played out at a rigged table (cards.md).

Three players sit Ann, Ben, Cy (clockwise); Ann leads unless a story says otherwise.
Each starts with the tiles left, left, right: "left" supports the next player clockwise.
"""

from __future__ import annotations

import pytest

from domain.chapter.commands import (
    ChooseSupport,
    MakeSpeech,
    PlayCard,
    StartMission,
    UseCharm,
    Withdraw,
)
from domain.chapter.state import ChapterState, Phase, SupportPending
from domain.engine import execute
from domain.errors import (
    CardNotAvailable,
    MissingOutcome,
    MustWithdraw,
    SpeechRefused,
    SupportChoiceRefused,
    SupportTileRefused,
    TargetRefused,
    WithdrawalRefused,
)
from domain.events import (
    CardDrawnAndPlayed,
    CardPlayed,
    CardsDealt,
    CardsDrawn,
    ChapterLost,
    HardKnockDiscarded,
    LeadershipPassed,
    MissionFailed,
    MissionLeaderTaken,
    MissionStarted,
    MissionSucceeded,
    MoraleDropped,
    PlayerWithdrew,
    SpeechMade,
    SupportRevealed,
    SupportTileDiscarded,
    SupportUsed,
)
from domain.legal import legal_actions
from tests.domain.builders import kinds, run, start

ALL_LEFT = (("Ann", "left", "Ben"), ("Ben", "left", "Cy"), ("Cy", "left", "Ann"))


def everyone_withdraws_left(state: ChapterState) -> tuple[ChapterState, tuple]:
    """Each player still in withdraws in turn with a "left" tile (a tie: nobody benefits)."""
    events: list = []
    while state.phase == Phase.MISSION:
        active = state.active_player
        assert active is not None
        state, new = run(state, Withdraw(active.name, "left"))
        events.extend(new)
    return state, tuple(events)


# --- Wounded --------------------------------------------------------------------------
def test_wounded_counts_as_two_hard_knocks_for_the_defeat_check():
    state = start(
        {
            "Ann": ["wounded", "mute", "hardheaded"],
            "Ben": ["snow+rain", "night+gas", "shell+whistle"],
            "Cy": ["gas+whistle", "night+rain", "snow+gas"],
        }
    )
    state, _ = run(
        state,
        PlayCard("Ann", "wounded"),
        Withdraw("Ben", "left"),
        Withdraw("Cy", "left"),
        PlayCard("Ann", "mute"),
        PlayCard("Ann", "hardheaded"),
    )
    assert state.player("Ann").hard_knocks == ("wounded", "mute", "hardheaded")
    assert state.hard_knock_weight(state.player("Ann")) == 4

    state, events = run(state, Withdraw("Ann", "left"))

    assert events == (
        PlayerWithdrew("Ann", "left"),
        MissionSucceeded(),
        SupportRevealed(ALL_LEFT, None),
        ChapterLost("hard-knocks", "Ann has 4 Hard Knocks (4 or more)"),
    )
    assert state.outcome == "hard-knocks"


def test_support_discards_wounded_as_one_card():
    state = start(
        {
            "Ann": ["wounded", "mute", "hardheaded"],
            "Ben": ["snow+rain", "night+gas", "shell+whistle"],
            "Cy": ["gas+whistle", "night+rain", "snow+gas"],
        }
    )
    state, events = run(
        state,
        PlayCard("Ann", "wounded"),
        Withdraw("Ben", "right"),
        Withdraw("Cy", "left"),
        PlayCard("Ann", "mute"),
        PlayCard("Ann", "hardheaded"),
        Withdraw("Ann", "left"),
    )
    gifts = (("Ann", "left", "Ben"), ("Ben", "right", "Ann"), ("Cy", "left", "Ann"))
    assert events[-1] == SupportRevealed(gifts, "Ann")
    assert state.support == SupportPending("Ann", 2, charm_choice=True, charm_automatic=False)

    with pytest.raises(SupportChoiceRefused, match="Ann may discard at most 2 Hard Knocks"):
        run(state, ChooseSupport("Ann", ("wounded", "mute", "hardheaded")))
    state, events = run(state, ChooseSupport("Ann", ("wounded", "mute")))

    assert kinds(events) == ["SupportUsed", "MoraleDropped", "LeadershipPassed"]
    assert events[0] == SupportUsed("Ann", ("wounded", "mute"), False)
    assert state.player("Ann").hard_knocks == ("hardheaded",)
    assert state.hard_knock_weight(state.player("Ann")) == 1
    assert state.outcome is None


# --- Trauma and Phobia ------------------------------------------------------------------
def test_a_phobia_adds_its_threat_while_its_owner_is_in_the_mission():
    state = start(
        {
            "Ann": ["phobia-shell", "snow+rain"],
            "Ben": ["night+shell", "gas+whistle"],
            "Cy": ["snow+shell", "night+rain"],
        }
    )
    state, _ = run(state, PlayCard("Ann", "phobia-shell"), PlayCard("Ben", "night+shell"))
    assert state.nml == ("night+shell",)
    assert state.threat_counts()["shell"] == 2

    state, events = run(state, PlayCard("Cy", "snow+shell"))

    assert events[:2] == (CardPlayed("Cy", "snow+shell"), MissionFailed("shell", (None, None)))
    assert state.mission_failed
    assert state.nml == ()


def test_a_trauma_stops_counting_once_its_owner_withdraws():
    state = start(
        {
            "Ann": ["trauma-night", "snow+rain"],
            "Ben": ["night+shell", "night+whistle"],
            "Cy": ["snow+gas", "rain+whistle"],
        }
    )
    state, _ = run(
        state,
        PlayCard("Ann", "trauma-night"),
        PlayCard("Ben", "night+shell"),
        PlayCard("Cy", "snow+gas"),
    )
    assert state.threat_counts()["night"] == 2

    state, _ = run(state, Withdraw("Ann", "left"))
    assert state.threat_counts()["night"] == 1
    state, events = run(state, PlayCard("Ben", "night+whistle"))

    assert events == (CardPlayed("Ben", "night+whistle"),)
    assert state.nml == ("night+shell", "snow+gas", "night+whistle")
    assert state.threat_counts()["night"] == 2
    assert state.phase == Phase.MISSION


def test_a_speech_lets_another_player_discard_a_phobia_of_that_threat_from_hand():
    state = start(
        {
            "Ann": ["snow+gas", "night+rain", "shell+gas"],
            "Ben": ["phobia-shell", "phobia-gas", "snow+rain"],
            "Cy": ["night+shell", "gas+whistle", "rain+whistle"],
        }
    )
    # Mission 1: everyone withdraws at once; Ann, the former leader, takes a Speech token.
    state, events = everyone_withdraws_left(state)
    assert events[-1] == LeadershipPassed("Ben", "Ann")
    state, _ = run(
        state,
        StartMission(1),
        PlayCard("Ben", "snow+rain"),
        PlayCard("Cy", "gas+whistle"),
    )
    assert state.player("Ann").speech_tokens == 1

    with pytest.raises(SpeechRefused, match=r"Ben cannot discard Phobia \(gas\): it does not show"):
        run(state, MakeSpeech("Ann", "shell", (("Ben", "phobia-gas"),)))
    discards = (("Ben", "phobia-shell"), ("Cy", "night+shell"))
    state, events = run(state, MakeSpeech("Ann", "shell", discards))

    assert events == (SpeechMade("Ann", "shell", discards),)
    assert "phobia-shell" not in state.player("Ben").hand
    assert "phobia-gas" in state.player("Ben").hand
    assert state.player("Ben").hard_knocks == ()
    assert state.discard == ("phobia-shell", "night+shell")
    assert state.player("Ann").speech_tokens == 0


# --- Mute -------------------------------------------------------------------------------
def test_a_mute_grizzled_cannot_make_a_speech_but_still_withdraws_with_support():
    state = start(
        {
            "Ann": ["mute", "snow+rain"],
            "Ben": ["night+rain", "night+gas"],
            "Cy": ["gas+whistle", "snow+shell"],
        }
    )
    state, _ = run(state, PlayCard("Ann", "mute"))
    state, events = everyone_withdraws_left(state)
    assert events[-1] == LeadershipPassed("Ben", "Ann")
    state, _ = run(
        state, StartMission(1), PlayCard("Ben", "night+rain"), PlayCard("Cy", "gas+whistle")
    )
    assert state.player("Ann").speech_tokens == 1

    with pytest.raises(SpeechRefused, match="Ann is Mute: a Mute Grizzled cannot make a Speech"):
        run(state, MakeSpeech("Ann", "night"))
    assert not any(isinstance(c, MakeSpeech) for c in legal_actions(state))
    state, events = run(state, Withdraw("Ann", "left"))
    assert events == (PlayerWithdrew("Ann", "left"),)
    state, events = everyone_withdraws_left(state)

    assert events[3] == SupportRevealed(ALL_LEFT, None)
    assert state.player("Ann").speech_tokens == 1


# --- Tyrannical -------------------------------------------------------------------------
def test_a_tyrannical_grizzled_takes_the_leader_token_and_keeps_it():
    state = start(
        {
            "Ann": ["snow+rain", "night+gas"],
            "Ben": ["tyrannical", "night+rain"],
            "Cy": ["gas+whistle", "snow+shell"],
        }
    )
    state, _ = run(state, PlayCard("Ann", "snow+rain"))
    state, events = run(state, PlayCard("Ben", "tyrannical"))
    assert events == (CardPlayed("Ben", "tyrannical"), MissionLeaderTaken("Ben"))
    assert state.players[state.leader].name == "Ben"

    state, events = everyone_withdraws_left(state)
    assert events[-1] == LeadershipPassed("Ben", None)
    state, events = run(state, StartMission(1))
    assert events[0] == MissionStarted(2, "Ben", 1)
    state, events = everyone_withdraws_left(state)

    assert events[-1] == LeadershipPassed("Ben", None)
    assert [p.speech_tokens for p in state.players] == [0, 0, 0]
    assert state.speech_stock == 5


# --- Demoralized ------------------------------------------------------------------------
def test_demoralized_transfers_one_more_card_at_the_morale_drop():
    state = start(
        {
            "Ann": ["demoralized", "snow+rain", "night+gas"],
            "Ben": ["night+rain", "gas+whistle", "snow+shell"],
            "Cy": ["rain+shell", "night+whistle", "snow+whistle"],
        }
    )
    state, _ = run(state, PlayCard("Ann", "demoralized"))
    morale = state.morale
    state, events = everyone_withdraws_left(state)

    assert state.cards_in_hands == 8
    assert events[-2] == MoraleDropped(9, morale[:9])
    assert len(state.morale) == len(morale) - 9


def test_demoralized_raises_the_minimum_morale_drop_to_four():
    state = start({"Ann": ["demoralized"], "Ben": ["night+rain"], "Cy": ["gas+whistle"]})
    state, _ = run(state, PlayCard("Ann", "demoralized"))
    morale = state.morale
    state, events = everyone_withdraws_left(state)

    assert state.cards_in_hands == 2
    assert events[-2] == MoraleDropped(4, morale[:4])


# --- Fragile ----------------------------------------------------------------------------
def test_nobody_else_withdraws_while_a_fragile_grizzled_is_in_with_cards():
    state = start(
        {
            "Ann": ["fragile", "snow+rain", "night+gas"],
            "Ben": ["night+rain", "gas+whistle", "snow+shell"],
            "Cy": ["rain+shell", "night+whistle", "snow+whistle"],
        }
    )
    state, _ = run(state, PlayCard("Ann", "fragile"))

    with pytest.raises(
        WithdrawalRefused, match="Ann is Fragile and still holds 2 cards: Ben cannot withdraw"
    ):
        run(state, Withdraw("Ben", "left"))
    assert legal_actions(state) and not any(isinstance(c, Withdraw) for c in legal_actions(state))
    state, _ = run(state, PlayCard("Ben", "night+rain"), PlayCard("Cy", "rain+shell"))
    state, _ = run(state, Withdraw("Ann", "left"))
    state, events = run(state, Withdraw("Ben", "left"))

    assert events == (PlayerWithdrew("Ben", "left"),)


def test_fragile_has_no_effect_once_its_owner_holds_no_cards():
    state = start(
        {
            "Ann": ["fragile", "snow+rain"],
            "Ben": ["night+rain", "gas+whistle"],
            "Cy": ["shell+gas", "night+whistle"],
        }
    )
    state, _ = run(
        state,
        PlayCard("Ann", "fragile"),
        PlayCard("Ben", "night+rain"),
        PlayCard("Cy", "shell+gas"),
        PlayCard("Ann", "snow+rain"),
    )
    assert state.player("Ann").hand_size == 0
    assert not state.player("Ann").withdrawn

    state, events = run(state, Withdraw("Ben", "left"))

    assert events == (PlayerWithdrew("Ben", "left"),)


# --- Fearful ----------------------------------------------------------------------------
def test_a_fearful_grizzled_must_withdraw_when_two_identical_threats_are_active():
    state = start(
        {
            "Ann": ["fearful", "rain+whistle", "snow+rain"],
            "Ben": ["night+shell", "night+gas", "snow+shell"],
            "Cy": ["snow+gas", "snow+whistle", "rain+shell"],
        }
    )
    state, _ = run(
        state,
        PlayCard("Ann", "fearful"),
        PlayCard("Ben", "night+shell"),
        PlayCard("Cy", "snow+gas"),
    )
    # One of each threat: Ann still chooses her action.
    state, _ = run(state, PlayCard("Ann", "rain+whistle"), PlayCard("Ben", "night+gas"))
    state, _ = run(state, PlayCard("Cy", "snow+whistle"))
    assert state.threat_counts()["night"] == 2

    with pytest.raises(
        MustWithdraw,
        match="Ann is Fearful and 2 night threats are active: they must withdraw and "
        "cannot play a card",
    ):
        run(state, PlayCard("Ann", "snow+rain"))
    with pytest.raises(MustWithdraw, match="cannot use a Good Luck Charm"):
        run(state, UseCharm("Ann", "night+shell"))
    assert {type(c) for c in legal_actions(state)} == {Withdraw}
    state, events = run(state, Withdraw("Ann", "right"))

    assert events == (PlayerWithdrew("Ann", "right"),)


# --- Panicked ---------------------------------------------------------------------------
class PicksLast:
    """A chance that picks the last option and remembers what it was offered."""

    def __init__(self) -> None:
        self.offered: list[tuple[str, ...]] = []

    def shuffle(self, cards: tuple[str, ...]) -> tuple[str, ...]:
        return cards

    def pick(self, options: tuple[str, ...]) -> str:
        self.offered.append(options)
        return options[-1]


def test_a_panicked_grizzled_withdraws_with_a_tile_drawn_at_random():
    state = start(
        {
            "Ann": ["panicked", "snow+rain"],
            "Ben": ["night+rain", "gas+whistle"],
            "Cy": ["rain+shell", "night+whistle"],
        }
    )
    state, _ = run(state, PlayCard("Ann", "panicked"), PlayCard("Ben", "night+rain"))
    state, _ = run(state, PlayCard("Cy", "rain+shell"))

    # At the table nobody can draw for Ann: the tile she drew must be told.
    with pytest.raises(MissingOutcome, match="Ann is Panicked: say which tile was drawn at random"):
        run(state, Withdraw("Ann"))
    told, _ = run(state, Withdraw("Ann", "right"))
    assert told.player("Ann").played_tile == "right"
    # When the engine deals, its chance draws the tile among Ann's.
    chance = PicksLast()
    events, drawn = execute(state, Withdraw("Ann"), chance)

    assert chance.offered == [("left", "left", "right")]
    assert events == (PlayerWithdrew("Ann", "right"),)
    assert drawn.player("Ann").tiles == ("left", "left")


def test_a_panicked_grizzled_with_one_kind_of_tile_left_needs_no_draw_to_be_told():
    state = start(
        {
            "Ann": ["panicked", "snow+rain"],
            "Ben": ["night+rain", "gas+whistle"],
            "Cy": ["rain+shell", "night+whistle"],
        },
        third_tiles=("right", "left", "left"),
    )
    state, _ = run(state, PlayCard("Ann", "panicked"), PlayCard("Ben", "night+rain"))
    state, _ = run(state, PlayCard("Cy", "rain+shell"))
    # Ann holds left, right, right: the random draw matters and must be told...
    with pytest.raises(MissingOutcome, match="Ann is Panicked"):
        run(state, Withdraw("Ann"))
    # ...but once only "right" tiles are left, whatever she draws is a right tile.
    state, _ = run(
        state, Withdraw("Ann", "left"), Withdraw("Ben", "right"), Withdraw("Cy", "right")
    )
    state, _ = run(state, StartMission(1))
    assert state.player("Ann").tiles == ("right", "right", "right")  # one from Ben
    ben, cy = state.player("Ben"), state.player("Cy")
    state, _ = run(state, Withdraw("Ben", ben.tiles[0]), Withdraw("Cy", cy.tiles[0]))
    state, events = run(state, Withdraw("Ann"))
    assert events[0] == PlayerWithdrew("Ann", "right")


# --- Frenzied ---------------------------------------------------------------------------
def test_a_frenzied_grizzled_draws_two_extra_cards_after_each_later_deal():
    state = start(
        {
            "Ann": ["frenzied", "snow+rain"],
            "Ben": ["night+rain", "gas+whistle"],
            "Cy": ["rain+shell", "night+whistle"],
        }
    )
    state, _ = run(state, PlayCard("Ann", "frenzied"))
    state, _ = everyone_withdraws_left(state)
    top = state.trials[:5]
    ann_hand = state.player("Ann").hand

    state, events = run(state, StartMission(1))

    assert events == (
        MissionStarted(2, "Ben", 1),
        CardsDealt(("Ben", "Cy", "Ann"), ((top[0],), (top[1],), (top[2],))),
        CardsDrawn("Ann", (top[3], top[4]), "frenzied"),
    )
    assert state.player("Ann").hand == tuple(sorted((*ann_hand, top[2], top[3], top[4])))
    assert state.player("Ben").hand_size == 3


# --- Selfish ----------------------------------------------------------------------------
def test_a_selfish_grizzleds_support_tile_goes_to_themselves():
    state = start(
        {
            "Ann": ["selfish", "snow+rain"],
            "Ben": ["night+rain", "gas+whistle"],
            "Cy": ["rain+shell", "night+whistle"],
        }
    )
    state, _ = run(state, PlayCard("Ann", "selfish"))
    state, events = everyone_withdraws_left(state)

    gifts = (("Ann", "left", "Ann"), ("Ben", "left", "Cy"), ("Cy", "left", "Ann"))
    assert SupportRevealed(gifts, "Ann") in events
    assert SupportUsed("Ann", ("selfish",), False) in events
    assert state.player("Ann").hard_knocks == ()


# --- Hardheaded -------------------------------------------------------------------------
def test_a_hardheaded_grizzled_cannot_withdraw_holding_two_cards():
    state = start(
        {
            "Ann": ["hardheaded", "snow+rain", "night+gas"],
            "Ben": ["night+rain", "gas+whistle", "snow+shell"],
            "Cy": ["rain+shell", "night+whistle", "snow+whistle"],
        }
    )
    state, _ = run(
        state,
        PlayCard("Ann", "hardheaded"),
        PlayCard("Ben", "gas+whistle"),
        PlayCard("Cy", "rain+shell"),
    )

    with pytest.raises(
        WithdrawalRefused,
        match=r"Ann is Hardheaded: no withdrawal while holding 2 cards \(2 or more\)",
    ):
        run(state, Withdraw("Ann", "left"))
    state, _ = run(
        state,
        PlayCard("Ann", "snow+rain"),
        PlayCard("Ben", "snow+shell"),
        PlayCard("Cy", "night+whistle"),
    )
    state, events = run(state, Withdraw("Ann", "left"))

    assert events == (PlayerWithdrew("Ann", "left"),)
    assert state.player("Ann").hand == ("night+gas",)


# --- Prideful ---------------------------------------------------------------------------
def test_a_prideful_grizzled_withdraws_only_last_or_with_an_empty_hand():
    state = start(
        {
            "Ann": ["prideful", "snow+rain", "night+gas"],
            "Ben": ["night+rain", "gas+whistle", "snow+shell"],
            "Cy": ["rain+shell", "night+whistle", "snow+whistle"],
        }
    )
    state, _ = run(
        state,
        PlayCard("Ann", "prideful"),
        Withdraw("Ben", "left"),
        PlayCard("Cy", "rain+shell"),
    )

    with pytest.raises(
        WithdrawalRefused,
        match="Ann is Prideful: withdrawal only with an empty hand or as the last player "
        "still in the Mission",
    ):
        run(state, Withdraw("Ann", "left"))
    state, _ = run(state, PlayCard("Ann", "snow+rain"), Withdraw("Cy", "left"))
    assert [p.name for p in state.in_mission] == ["Ann"]
    state, events = run(state, Withdraw("Ann", "left"))

    assert events[:2] == (PlayerWithdrew("Ann", "left"), MissionSucceeded())
    assert state.player("Ann").hand == ("night+gas",)


# --- Clumsy -----------------------------------------------------------------------------
def test_a_clumsy_grizzled_plays_the_top_card_on_withdrawing_and_its_trap_stays_shut():
    state = start(
        {
            "Ann": ["clumsy", "snow+rain"],
            "Ben": ["gas+whistle", "snow+gas"],
            "Cy": ["rain+whistle", "night+rain"],
        },
        then=["night+shell+trap", "night+snow"],
    )
    state, _ = run(
        state,
        PlayCard("Ann", "clumsy"),
        PlayCard("Ben", "gas+whistle"),
        PlayCard("Cy", "rain+whistle"),
    )
    with pytest.raises(
        CardNotAvailable, match=r"Clumsy: the top Trials card is night\+shell\+trap, not"
    ):
        run(state, Withdraw("Ann", "left", drawn="night+snow"))
    state, events = run(state, Withdraw("Ann", "left"))

    assert events == (
        PlayerWithdrew("Ann", "left"),
        CardDrawnAndPlayed("Ann", "night+shell+trap", "clumsy"),
    )
    assert state.nml == ("gas+whistle", "rain+whistle", "night+shell+trap")
    assert state.trials == ("night+snow",)
    assert state.player("Ann").hand == ("snow+rain",)


def test_a_clumsy_grizzleds_drawn_card_can_fail_the_mission():
    state = start(
        {
            "Ann": ["clumsy", "snow+rain"],
            "Ben": ["night+shell", "snow+gas"],
            "Cy": ["rain+shell", "night+rain"],
        },
        then=["snow+shell", "night+snow"],
    )
    state, _ = run(
        state,
        PlayCard("Ann", "clumsy"),
        PlayCard("Ben", "night+shell"),
        PlayCard("Cy", "rain+shell"),
    )
    state, events = run(state, Withdraw("Ann", "left"))

    assert events[:3] == (
        PlayerWithdrew("Ann", "left"),
        CardDrawnAndPlayed("Ann", "snow+shell", "clumsy"),
        MissionFailed("shell", (None, None, None, None)),
    )
    # A failed Mission counts only the withdrawn players' tiles: Ann's alone.
    assert events[3] == SupportRevealed((("Ann", "left", "Ben"),), "Ben")


# --- Absent-minded ----------------------------------------------------------------------
def test_an_absent_minded_grizzled_removes_a_support_tile_before_withdrawing():
    state = start(
        {
            "Ann": ["absent-minded", "snow+rain"],
            "Ben": ["night+rain", "gas+whistle"],
            "Cy": ["rain+shell", "night+whistle"],
        }
    )
    state, _ = run(
        state,
        PlayCard("Ann", "absent-minded"),
        PlayCard("Ben", "night+rain"),
        PlayCard("Cy", "rain+shell"),
    )

    with pytest.raises(
        SupportTileRefused,
        match=r"Ann is Absent-minded: say which of their tiles \(left, left, right\) leaves",
    ):
        run(state, Withdraw("Ann", "left"))
    with pytest.raises(SupportTileRefused, match="Ben is not Absent-minded"):
        run(state, Withdraw("Ann", "left", discard_tile="right"), Withdraw("Ben", "left", "left"))
    state, events = run(state, Withdraw("Ann", "left", discard_tile="right"))

    assert events == (SupportTileDiscarded("Ann", "right"), PlayerWithdrew("Ann", "left"))
    assert state.player("Ann").tiles == ("left",)


# --- Merry Christmas --------------------------------------------------------------------
def test_merry_christmas_discards_one_hard_knock_from_any_player():
    state = start(
        {
            "Ann": ["mute", "snow+rain"],
            "Ben": ["merry-christmas", "gas+whistle"],
            "Cy": ["rain+shell", "night+whistle"],
        }
    )
    state, _ = run(state, PlayCard("Ann", "mute"))

    with pytest.raises(TargetRefused, match="Merry Christmas: say which Hard Knock it discards"):
        run(state, PlayCard("Ben", "merry-christmas"))
    with pytest.raises(TargetRefused, match="Merry Christmas: Cy has no Mute in front of them"):
        run(state, PlayCard("Ben", "merry-christmas", target=("Cy", "mute")))
    state, events = run(state, PlayCard("Ben", "merry-christmas", target=("Ann", "mute")))

    assert events == (
        CardPlayed("Ben", "merry-christmas"),
        HardKnockDiscarded("Ann", "mute", "merry-christmas"),
    )
    assert state.player("Ann").hard_knocks == ()
    assert state.player("Ben").hard_knocks == ()
    assert state.discard == ("merry-christmas", "mute")


# --- Clarifications ---------------------------------------------------------------------
def test_a_player_with_no_cards_may_always_withdraw_whatever_hard_knocks_say():
    state = start(
        {
            "Ann": ["fragile", "snow+rain"],
            "Ben": ["night+rain", "shell+whistle"],
            "Cy": ["snow+gas", "snow+whistle"],
        },
        leader="Ben",
    )
    state, _ = run(
        state,
        PlayCard("Ben", "night+rain"),
        PlayCard("Cy", "snow+gas"),
        PlayCard("Ann", "fragile"),
        PlayCard("Ben", "shell+whistle"),
    )
    with pytest.raises(
        WithdrawalRefused, match=r"Ann is Fragile and still holds 1 cards?: Cy cannot withdraw"
    ):
        run(state, Withdraw("Cy", "left"))
    state, _ = run(state, PlayCard("Cy", "snow+whistle"), UseCharm("Ann", "night+rain"))
    assert state.player("Ann").hand_size == 1
    assert state.player("Ben").hand_size == 0

    state, events = run(state, Withdraw("Ben", "left"))

    assert events == (PlayerWithdrew("Ben", "left"),)


def test_a_withdrawn_players_hard_knocks_have_no_effect_for_the_rest_of_the_mission():
    state = start(
        {
            "Ann": ["phobia-gas", "fragile", "snow+rain"],
            "Ben": ["snow+gas", "night+gas", "snow+shell"],
            "Cy": ["rain+shell", "night+whistle", "snow+whistle"],
        }
    )
    state, _ = run(
        state,
        PlayCard("Ann", "phobia-gas"),
        PlayCard("Ben", "snow+gas"),
        PlayCard("Cy", "rain+shell"),
        PlayCard("Ann", "fragile"),
    )
    assert state.threat_counts()["gas"] == 2
    with pytest.raises(WithdrawalRefused, match="Ann is Fragile"):
        run(state, Withdraw("Ben", "left"))
    state, _ = run(state, PlayCard("Ben", "snow+shell"), PlayCard("Cy", "night+whistle"))

    state, _ = run(state, Withdraw("Ann", "left"))
    assert state.threat_counts()["gas"] == 1
    state, events = run(state, PlayCard("Ben", "night+gas"), Withdraw("Cy", "left"))

    assert events == (CardPlayed("Ben", "night+gas"), PlayerWithdrew("Cy", "left"))
    assert state.threat_counts()["gas"] == 2
    assert state.phase == Phase.MISSION


def test_fearful_older_than_hardheaded_forces_the_withdrawal():
    state = start(
        {
            "Ann": ["fearful", "hardheaded", "snow+rain", "gas+whistle"],
            "Ben": ["night+rain", "night+shell", "snow+whistle", "rain+gas"],
            "Cy": ["snow+gas", "shell+whistle", "rain+whistle", "night+snow"],
        }
    )
    state, _ = run(
        state,
        PlayCard("Ann", "fearful"),
        PlayCard("Ben", "night+rain"),
        PlayCard("Cy", "snow+gas"),
        PlayCard("Ann", "hardheaded"),
        PlayCard("Ben", "night+shell"),
        PlayCard("Cy", "shell+whistle"),
    )
    assert state.player("Ann").hard_knocks == ("fearful", "hardheaded")
    assert state.player("Ann").hand_size == 2

    with pytest.raises(MustWithdraw, match="Ann is Fearful and 2 night threats are active"):
        run(state, PlayCard("Ann", "snow+rain"))
    state, events = run(state, Withdraw("Ann", "left"))

    assert events == (PlayerWithdrew("Ann", "left"),)


def test_hardheaded_older_than_fearful_forbids_the_withdrawal():
    state = start(
        {
            "Ann": ["hardheaded", "fearful", "snow+rain", "gas+whistle"],
            "Ben": ["night+rain", "night+shell", "snow+whistle", "rain+gas"],
            "Cy": ["snow+gas", "shell+whistle", "rain+whistle", "night+snow"],
        }
    )
    state, _ = run(
        state,
        PlayCard("Ann", "hardheaded"),
        PlayCard("Ben", "night+rain"),
        PlayCard("Cy", "snow+gas"),
        PlayCard("Ann", "fearful"),
        PlayCard("Ben", "night+shell"),
        PlayCard("Cy", "shell+whistle"),
    )
    assert state.threat_counts()["night"] == 2

    with pytest.raises(WithdrawalRefused, match="Ann is Hardheaded: no withdrawal while holding 2"):
        run(state, Withdraw("Ann", "left"))
    state, events = run(state, PlayCard("Ann", "gas+whistle"))

    assert events == (CardPlayed("Ann", "gas+whistle"),)


def test_the_active_fearful_players_card_applies_before_another_players_fragile():
    state = start(
        {
            "Ann": ["fearful", "snow+rain", "gas+whistle"],
            "Ben": ["fragile", "night+shell", "snow+whistle"],
            "Cy": ["night+rain", "rain+whistle", "snow+gas"],
        }
    )
    state, _ = run(
        state,
        PlayCard("Ann", "fearful"),
        PlayCard("Ben", "fragile"),
        PlayCard("Cy", "night+rain"),
        PlayCard("Ann", "gas+whistle"),
        PlayCard("Ben", "night+shell"),
    )
    with pytest.raises(
        WithdrawalRefused, match=r"Ben is Fragile and still holds 1 cards?: Cy cannot withdraw"
    ):
        run(state, Withdraw("Cy", "left"))
    state, _ = run(state, PlayCard("Cy", "rain+whistle"))

    with pytest.raises(MustWithdraw, match="Ann is Fearful and 2 night threats are active"):
        run(state, PlayCard("Ann", "snow+rain"))
    state, events = run(state, Withdraw("Ann", "left"))

    assert events == (PlayerWithdrew("Ann", "left"),)
