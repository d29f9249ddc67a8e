"""The four actions of a Mission turn: play a Trial card (Traps, Merry Christmas), use the
Good Luck Charm, make a Speech; withdrawing is played out in the Support stories."""

from collections.abc import Sequence

import pytest

from domain.chapter.commands import MakeSpeech, PlayCard, StartMission, UseCharm, Withdraw
from domain.chapter.state import ChapterState
from domain.errors import CardNotInHand, CharmUnavailable, SpeechRefused, TargetRefused
from domain.events import (
    CardDrawnAndPlayed,
    CardPlayed,
    CharmUsed,
    HardKnockDiscarded,
    SpeechMade,
)
from tests.domain.builders import run, start


def second_mission(
    hands: dict[str, Sequence[str]], deal: Sequence[str], *, leader: str, **options: object
) -> ChapterState:
    """Everyone withdraws from the first Mission keeping ``hands``, so the Mission Leader
    token passes and the former leader takes a Speech token; the second Mission then deals
    one card each from ``deal`` (the top of the Morale Reserve, dropped onto the Trials deck).
    """
    names = list(hands)
    size = len(next(iter(hands.values())))
    state = start(hands, leader=leader, trials=size * len(names), then=deal, **options)
    seat = names.index(leader)
    for name in names[seat:] + names[:seat]:
        state, _ = run(state, Withdraw(name, "left"))
    chaplain = any(p.chaplain for p in state.players)
    state, _ = run(state, StartMission(1, chaplain_tile="left" if chaplain else None))
    return state


# --- playing a Trial card ---------------------------------------------------------------------
def test_a_played_threat_goes_to_no_mans_land():
    state = start({"Ann": ["night+shell", "rain+gas"], "Ben": ["snow+gas", "mute"]})

    state, events = run(state, PlayCard("Ann", "night+shell"))

    assert events == (CardPlayed("Ann", "night+shell"),)
    assert state.nml == ("night+shell",)
    assert state.player("Ann").hand == ("rain+gas",)
    assert state.player("Ann").hard_knocks == ()
    assert state.active_player.name == "Ben"


def test_a_played_hard_knock_goes_in_front_of_its_player():
    state = start({"Ann": ["wounded", "rain+gas"], "Ben": ["snow+gas", "mute"]})

    state, events = run(state, PlayCard("Ann", "wounded"))

    assert events == (CardPlayed("Ann", "wounded"),)
    assert state.player("Ann").hard_knocks == ("wounded",)
    assert state.player("Ann").hand == ("rain+gas",)
    assert state.nml == ()
    assert state.active_player.name == "Ben"


def test_playing_a_card_not_in_hand_is_refused():
    state = start({"Ann": ["night+shell", "merry-christmas"], "Ben": ["snow+gas", "mute"]})

    with pytest.raises(
        CardNotInHand,
        match=r"Ann has no rain\+gas in hand \(they hold merry-christmas, night\+shell\)",
    ):
        run(state, PlayCard("Ann", "rain+gas"))
    with pytest.raises(CardNotInHand, match="Ann has no Mute in hand"):
        run(state, PlayCard("Ann", "mute"))


# --- Traps ----------------------------------------------------------------------------------------
THREE = {"Ann": ["snow+gas"], "Ben": ["night+shell+trap"], "Cy": ["rain+whistle"]}


def test_a_trap_draws_the_next_trials_card_and_plays_it_at_once():
    state = start(THREE, then=["rain+gas", "night+gas"])
    state, _ = run(state, PlayCard("Ann", "snow+gas"))

    state, events = run(state, PlayCard("Ben", "night+shell+trap"))

    assert events == (
        CardPlayed("Ben", "night+shell+trap"),
        CardDrawnAndPlayed("Ben", "rain+gas", "trap"),
    )
    assert state.nml == ("snow+gas", "night+shell+trap", "rain+gas")
    assert state.trials == ("night+gas",)
    assert state.active_player.name == "Cy"


def test_a_trap_on_the_drawn_card_is_ignored():
    state = start(THREE, then=["snow+whistle+trap", "rain+gas"])
    state, _ = run(state, PlayCard("Ann", "snow+gas"))

    state, events = run(state, PlayCard("Ben", "night+shell+trap"))

    assert events == (
        CardPlayed("Ben", "night+shell+trap"),
        CardDrawnAndPlayed("Ben", "snow+whistle+trap", "trap"),
    )
    assert state.nml == ("snow+gas", "night+shell+trap", "snow+whistle+trap")
    assert state.trials == ("rain+gas",)


def test_a_hard_knock_drawn_by_a_trap_goes_to_the_player_who_sprang_it():
    state = start(THREE, then=["wounded"])
    state, _ = run(state, PlayCard("Ann", "snow+gas"))

    state, events = run(state, PlayCard("Ben", "night+shell+trap"))

    assert events[-1] == CardDrawnAndPlayed("Ben", "wounded", "trap")
    assert state.player("Ben").hard_knocks == ("wounded",)
    assert state.player("Ann").hard_knocks == ()
    assert state.nml == ("snow+gas", "night+shell+trap")
    assert state.trials == ()


def test_a_trap_draws_nothing_from_an_empty_trials_deck():
    state = start(THREE)
    state, _ = run(state, PlayCard("Ann", "snow+gas"))
    assert state.trials == ()

    state, events = run(state, PlayCard("Ben", "night+shell+trap"))

    assert events == (
        CardPlayed("Ben", "night+shell+trap"),
        CardDrawnAndPlayed("Ben", None, "trap"),
    )
    assert state.nml == ("snow+gas", "night+shell+trap")
    assert state.active_player.name == "Cy"


def test_rookies_ignore_traps():
    state = start(THREE, then=["rain+gas"], variant="rookie")
    state, _ = run(state, PlayCard("Ann", "snow+gas"))

    state, events = run(state, PlayCard("Ben", "night+shell+trap"))

    assert events == (CardPlayed("Ben", "night+shell+trap"),)
    assert state.nml == ("snow+gas", "night+shell+trap")
    assert state.trials == ("rain+gas",)


# --- the Good Luck Charm -----------------------------------------------------------------------
CHARM_HANDS = {
    "Ann": ["snow+gas", "rain+gas"],
    "Ben": ["night+shell", "night+whistle"],
    "Cy": ["rain+whistle", "snow+shell"],
}


def test_a_good_luck_charm_discards_a_matching_no_mans_land_card_and_is_flipped():
    state = start(CHARM_HANDS)  # Ann's charm is night
    state, _ = run(
        state,
        PlayCard("Ann", "snow+gas"),
        PlayCard("Ben", "night+shell"),
        PlayCard("Cy", "rain+whistle"),
    )

    state, events = run(state, UseCharm("Ann", "night+shell"))

    assert events == (CharmUsed("Ann", "night+shell"),)
    assert state.nml == ("snow+gas", "rain+whistle")
    assert state.discard == ("night+shell",)
    assert state.player("Ann").charm_up is False
    assert state.player("Ann").hand == ("rain+gas",)
    assert state.active_player.name == "Ben"


def test_a_good_luck_charm_needs_a_card_of_its_threat_in_no_mans_land():
    state = start(CHARM_HANDS)
    state, _ = run(
        state,
        PlayCard("Ann", "snow+gas"),
        PlayCard("Ben", "night+shell"),
        PlayCard("Cy", "rain+whistle"),
    )

    with pytest.raises(
        CharmUnavailable, match=r"Ann's charm is night: it cannot discard snow\+gas"
    ):
        run(state, UseCharm("Ann", "snow+gas"))
    with pytest.raises(
        CharmUnavailable, match=r"there is no night\+gas in No Man's Land for Ann's charm"
    ):
        run(state, UseCharm("Ann", "night+gas"))


def test_a_used_good_luck_charm_cannot_be_used_again():
    state = start(CHARM_HANDS)
    state, _ = run(
        state,
        PlayCard("Ann", "snow+gas"),
        PlayCard("Ben", "night+shell"),
        PlayCard("Cy", "rain+whistle"),
        UseCharm("Ann", "night+shell"),
        PlayCard("Ben", "night+whistle"),
        PlayCard("Cy", "snow+shell"),
    )

    with pytest.raises(
        CharmUnavailable, match="Ann's Good Luck Charm is already used: Support must recover it"
    ):
        run(state, UseCharm("Ann", "night+whistle"))


# --- Speeches --------------------------------------------------------------------------------
SPEECH_HANDS = {
    "Ann": ["night+shell", "rain+shell"],
    "Ben": ["phobia-shell", "snow+gas"],
    "Cy": ["snow+shell", "night+whistle"],
}
SPEECH_DEAL = ["night+gas", "snow+whistle", "rain+whistle"]


def test_the_former_mission_leader_holds_a_speech_token():
    state = second_mission(SPEECH_HANDS, SPEECH_DEAL, leader="Cy")

    assert [(p.name, p.speech_tokens) for p in state.players] == [("Ann", 0), ("Ben", 0), ("Cy", 1)]
    assert state.speech_stock == 4
    assert state.player("Ann").hand == ("night+gas", "night+shell", "rain+shell")


def test_a_speech_lets_every_other_player_discard_one_card_showing_the_threat():
    state = second_mission(SPEECH_HANDS, SPEECH_DEAL, leader="Cy")
    state, _ = run(state, PlayCard("Ann", "night+gas"), PlayCard("Ben", "snow+whistle"))

    discards = (("Ann", "night+shell"), ("Ben", "phobia-shell"))
    state, events = run(state, MakeSpeech("Cy", "shell", discards))

    assert events == (SpeechMade("Cy", "shell", discards),)
    assert state.player("Ann").hand == ("rain+shell",)
    assert state.player("Ben").hand == ("snow+gas",)
    assert state.player("Ben").hard_knocks == ()
    assert state.player("Cy").hand == ("night+whistle", "rain+whistle", "snow+shell")
    assert state.discard == ("night+shell", "phobia-shell")
    assert state.player("Cy").speech_tokens == 0
    assert state.speech_stock == 4  # the token is removed from the game
    assert state.active_player.name == "Ann"


def test_the_speaker_does_not_discard_for_their_own_speech():
    state = second_mission(SPEECH_HANDS, SPEECH_DEAL, leader="Cy")
    state, _ = run(state, PlayCard("Ann", "night+gas"), PlayCard("Ben", "snow+whistle"))

    with pytest.raises(SpeechRefused, match="Cy made the Speech: the speaker does not discard"):
        run(state, MakeSpeech("Cy", "shell", (("Cy", "snow+shell"),)))


def test_a_withdrawn_player_does_not_benefit_from_a_speech():
    state = second_mission(SPEECH_HANDS, SPEECH_DEAL, leader="Cy")
    state, _ = run(state, Withdraw("Ann", "left"), PlayCard("Ben", "snow+whistle"))

    with pytest.raises(SpeechRefused, match="Ann has withdrawn: a Speech has no effect on them"):
        run(state, MakeSpeech("Cy", "shell", (("Ann", "night+shell"),)))
    state, events = run(state, MakeSpeech("Cy", "shell", (("Ben", "phobia-shell"),)))
    assert events == (SpeechMade("Cy", "shell", (("Ben", "phobia-shell"),)),)
    assert state.player("Ann").hand == ("night+gas", "night+shell", "rain+shell")


def test_each_player_discards_at_most_one_card_for_a_speech():
    state = second_mission(SPEECH_HANDS, SPEECH_DEAL, leader="Cy")
    state, _ = run(state, PlayCard("Ann", "night+gas"), PlayCard("Ben", "snow+whistle"))

    with pytest.raises(SpeechRefused, match="Ann may discard only one card for a Speech"):
        run(state, MakeSpeech("Cy", "shell", (("Ann", "night+shell"), ("Ann", "rain+shell"))))


def test_a_speech_discards_only_cards_showing_the_named_threat():
    state = second_mission(SPEECH_HANDS, SPEECH_DEAL, leader="Cy")
    state, _ = run(state, PlayCard("Ann", "night+gas"), PlayCard("Ben", "snow+whistle"))

    with pytest.raises(
        SpeechRefused, match=r"Ben cannot discard snow\+gas: it does not show shell"
    ):
        run(state, MakeSpeech("Cy", "shell", (("Ben", "snow+gas"),)))


def test_a_player_without_a_speech_token_cannot_make_a_speech():
    state = second_mission(SPEECH_HANDS, SPEECH_DEAL, leader="Cy")

    with pytest.raises(SpeechRefused, match="Ann has no Speech token"):
        run(state, MakeSpeech("Ann", "shell", (("Ben", "phobia-shell"),)))


def test_in_a_two_player_game_a_used_speech_token_returns_to_the_stock():
    hands = {"Ann": ["night+shell", "rain+gas"], "Ben": ["snow+gas", "phobia-shell"]}
    state = second_mission(hands, ["night+gas", "snow+whistle"], leader="Ben")
    assert (state.player("Ben").speech_tokens, state.speech_stock) == (1, 4)
    state, _ = run(state, PlayCard("Ann", "night+gas"))

    state, events = run(state, MakeSpeech("Ben", "shell", (("Ann", "night+shell"),)))

    assert events == (SpeechMade("Ben", "shell", (("Ann", "night+shell"),)),)
    assert (state.player("Ben").speech_tokens, state.speech_stock) == (0, 5)
    assert state.player("Ann").hand == ("rain+gas",)


def test_in_duo_mode_the_speakers_other_grizzled_does_not_benefit():
    hands = {
        "Ann": ["night+shell", "rain+gas"],
        "Ben": ["phobia-shell", "snow+gas"],
        "Cy": ["snow+shell", "night+whistle"],
        "Dee": ["rain+whistle", "gas+whistle"],
    }
    state = second_mission(
        hands,
        ["night+gas", "snow+whistle", "rain+shell", "shell+gas"],
        leader="Dee",
        ruleset="armistice",
        owners={"Ann": "Pia", "Ben": "Pia", "Cy": "Quin", "Dee": "Quin"},
        third_tiles=("left", "right", "left", "right"),
    )
    state, _ = run(
        state,
        PlayCard("Ann", "night+gas"),
        PlayCard("Ben", "snow+whistle"),
        PlayCard("Cy", "rain+shell"),
    )

    with pytest.raises(
        SpeechRefused,
        match="Cy belongs to Dee's player: in Duo mode only the other player's Grizzled benefit",
    ):
        run(state, MakeSpeech("Dee", "shell", (("Cy", "snow+shell"),)))
    discards = (("Ann", "night+shell"), ("Ben", "phobia-shell"))
    state, events = run(state, MakeSpeech("Dee", "shell", discards))
    assert events == (SpeechMade("Dee", "shell", discards),)
    assert state.player("Cy").hand == ("night+whistle", "snow+shell")


# --- Merry Christmas ------------------------------------------------------------------------------
CHRISTMAS_HANDS = {
    "Ann": ["night+shell", "merry-christmas"],
    "Ben": ["mute", "snow+gas"],
    "Cy": ["rain+whistle", "rain+gas"],
}


def test_merry_christmas_discards_a_hard_knock_from_any_player():
    state = start(CHRISTMAS_HANDS)
    state, _ = run(
        state, PlayCard("Ann", "night+shell"), PlayCard("Ben", "mute"), PlayCard("Cy", "rain+gas")
    )

    state, events = run(state, PlayCard("Ann", "merry-christmas", target=("Ben", "mute")))

    assert events == (
        CardPlayed("Ann", "merry-christmas"),
        HardKnockDiscarded("Ben", "mute", "merry-christmas"),
    )
    assert state.player("Ben").hard_knocks == ()
    assert state.discard == ("merry-christmas", "mute")
    assert state.nml == ("night+shell", "rain+gas")


def test_merry_christmas_must_name_a_hard_knock_when_one_is_in_play():
    state = start(CHRISTMAS_HANDS)
    state, _ = run(
        state, PlayCard("Ann", "night+shell"), PlayCard("Ben", "mute"), PlayCard("Cy", "rain+gas")
    )

    with pytest.raises(TargetRefused, match="Merry Christmas: say which Hard Knock it discards"):
        run(state, PlayCard("Ann", "merry-christmas"))
    with pytest.raises(TargetRefused, match="Merry Christmas: Cy has no Mute in front of them"):
        run(state, PlayCard("Ann", "merry-christmas", target=("Cy", "mute")))


def test_merry_christmas_with_no_hard_knock_in_play_discards_nothing():
    state = start(CHRISTMAS_HANDS)

    with pytest.raises(TargetRefused, match="Merry Christmas: Ben has no Mute in front of them"):
        run(state, PlayCard("Ann", "merry-christmas", target=("Ben", "mute")))
    state, events = run(state, PlayCard("Ann", "merry-christmas"))

    assert events == (CardPlayed("Ann", "merry-christmas"),)
    assert state.discard == ("merry-christmas",)
    assert state.nml == ()
    assert state.active_player.name == "Ben"
