"""The end of a Mission, in the rulebook's order: failure or success, Support, the Hard
Knock defeat, victory, the Morale Drop, the chapter defeats, the next Mission Leader."""

import pytest

from domain.chapter.commands import ChooseSupport, PlayCard, StartMission, UseCharm, Withdraw
from domain.chapter.evolve import evolve
from domain.chapter.state import ChapterState, Phase, SupportPending
from domain.engine import decide, execute
from domain.errors import SupportChoiceRefused
from domain.events import (
    CardPlayed,
    ChapterLost,
    ChapterWon,
    LeadershipPassed,
    MissionFailed,
    MissionLeaderTaken,
    MissionStarted,
    MissionSucceeded,
    MoraleDropped,
    PlayerWithdrew,
    SupportRevealed,
    SupportUsed,
)
from tests.domain.builders import kinds, run, start
from tests.domain.module_builders import prepare


class Reversed:
    """A chance whose shuffle reverses the cards: the outcome is recorded, not re-rolled."""

    def shuffle(self, cards: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(reversed(cards))

    def pick(self, options: tuple[str, ...]) -> str:
        return options[0]


def withdraw_all(state: ChapterState, tile: str = "left") -> tuple[ChapterState, tuple]:
    """Every player still in the Mission withdraws in turn, playing ``tile``."""
    events: tuple = ()
    while state.phase == Phase.MISSION:
        state, new = run(state, Withdraw(state.active_player.name, tile))
        events += new
    return state, events


# --- failure ----------------------------------------------------------------------------------
def test_a_third_shell_fails_the_mission():
    state = start(
        {"Ann": ["night+shell"], "Ben": ["snow+shell"], "Cy": ["rain+shell"]}, then=["night+gas"]
    )
    state, _ = run(state, PlayCard("Ann", "night+shell"), PlayCard("Ben", "snow+shell"))

    state, events = run(state, PlayCard("Cy", "rain+shell"))

    assert events[:3] == (
        CardPlayed("Cy", "rain+shell"),
        MissionFailed("shell", (None,) * 4),
        SupportRevealed((), None),
    )
    assert kinds(events[3:]) == ["MoraleDropped", "LeadershipPassed"]
    assert state.mission_failed and state.nml == ()


PHOBIA_HANDS = {
    "Ann": ["phobia-shell", "rain+whistle"],
    "Ben": ["night+shell", "snow+gas"],
    "Cy": ["rain+gas", "snow+shell"],
}


def test_the_phobia_of_a_player_still_in_the_mission_counts_towards_three_threats():
    state = start(PHOBIA_HANDS)
    state, _ = run(state, PlayCard("Ann", "phobia-shell"), PlayCard("Ben", "night+shell"))

    state, events = run(state, PlayCard("Cy", "snow+shell"))

    assert events[1] == MissionFailed("shell", (None,) * 2)
    assert state.player("Ann").hard_knocks == ("phobia-shell",)


def test_the_phobia_of_a_withdrawn_player_no_longer_counts():
    state = start(PHOBIA_HANDS)
    state, _ = run(
        state,
        PlayCard("Ann", "phobia-shell"),
        PlayCard("Ben", "night+shell"),
        PlayCard("Cy", "rain+gas"),
        Withdraw("Ann", "left"),
        PlayCard("Ben", "snow+gas"),
    )

    state, events = run(state, PlayCard("Cy", "snow+shell"))

    assert events == (CardPlayed("Cy", "snow+shell"),)
    assert state.threat_counts()["shell"] == 2
    assert state.phase == Phase.MISSION and state.active_player.name == "Ben"


def test_a_failed_mission_shuffles_no_mans_land_into_the_trials_deck_and_hands_are_kept():
    state = start(
        {
            "Ann": ["night+shell", "rain+gas"],
            "Ben": ["snow+shell", "snow+gas"],
            "Cy": ["rain+shell", "night+whistle"],
        },
        then=["night+gas", "snow+whistle"],
    )
    state, _ = run(state, PlayCard("Ann", "night+shell"), PlayCard("Ben", "snow+shell"))

    events, state = execute(state, PlayCard("Cy", "rain+shell"), Reversed())

    shuffled = ("rain+shell", "snow+shell", "night+shell", "snow+whistle", "night+gas")
    assert events[1] == MissionFailed("shell", shuffled)
    dropped = events[3]
    assert dropped == MoraleDropped(3, dropped.cards) and len(dropped.cards) == 3
    assert state.trials == (*dropped.cards, *shuffled)
    assert state.nml == () and state.discard == ()
    assert [p.hand for p in state.players] == [("rain+gas",), ("snow+gas",), ("night+whistle",)]


# --- success ----------------------------------------------------------------------------------
def test_when_everyone_has_withdrawn_the_mission_succeeds_and_no_mans_land_is_discarded():
    state = start(
        {
            "Ann": ["night+shell", "rain+gas"],
            "Ben": ["snow+gas", "rain+whistle"],
            "Cy": ["snow+whistle", "night+gas"],
        }
    )
    state, _ = run(
        state,
        PlayCard("Ann", "night+shell"),
        PlayCard("Ben", "snow+gas"),
        PlayCard("Cy", "snow+whistle"),
        Withdraw("Ann", "left"),
        Withdraw("Ben", "left"),
    )

    state, events = run(state, Withdraw("Cy", "left"))

    assert events[:3] == (
        PlayerWithdrew("Cy", "left"),
        MissionSucceeded(),
        SupportRevealed(
            (("Ann", "left", "Ben"), ("Ben", "left", "Cy"), ("Cy", "left", "Ann")), None
        ),
    )
    assert state.nml == ()
    assert state.discard == ("night+shell", "snow+gas", "snow+whistle")
    assert [p.hand for p in state.players] == [("rain+gas",), ("rain+whistle",), ("night+gas",)]


# --- Support ------------------------------------------------------------------------------------
def test_the_player_with_strictly_most_support_benefits():
    state = start(
        {
            "Ann": ["mute", "night+shell"],
            "Ben": ["snow+gas", "rain+whistle"],
            "Cy": ["rain+gas", "snow+whistle"],
        }
    )
    state, _ = run(state, PlayCard("Ann", "mute"), Withdraw("Ben", "right"), Withdraw("Cy", "left"))

    state, events = run(state, Withdraw("Ann", "left"))

    assert events[2:4] == (
        SupportRevealed(
            (("Ann", "left", "Ben"), ("Ben", "right", "Ann"), ("Cy", "left", "Ann")), "Ann"
        ),
        SupportUsed("Ann", ("mute",), False),
    )
    assert state.player("Ann").hard_knocks == ()
    assert state.discard == ("mute",)
    assert [p.tiles for p in state.players] == [
        ("left", "left", "right", "right"),
        ("left", "left", "left"),
        ("left", "right"),
    ]


def test_a_tie_for_most_support_helps_nobody_and_the_tiles_stay_with_their_receivers():
    state = start(
        {"Ann": ["night+shell"], "Ben": ["wounded"], "Cy": ["rain+gas"], "Dee": ["snow+gas"]},
        third_tiles=("left", "right", "left", "right"),
    )
    state, _ = run(
        state,
        Withdraw("Ann", "left"),
        PlayCard("Ben", "wounded"),
        Withdraw("Cy", "right"),
        Withdraw("Dee", "right"),
    )

    state, events = run(state, Withdraw("Ben", "left"))

    gifts = (
        ("Ann", "left", "Ben"),
        ("Ben", "left", "Cy"),
        ("Cy", "right", "Ben"),
        ("Dee", "right", "Cy"),
    )
    assert events[2] == SupportRevealed(gifts, None)
    assert "SupportUsed" not in kinds(events)
    assert state.player("Ben").hard_knocks == ("wounded",)
    tiles = [p.tiles for p in state.players]
    assert tiles == [
        ("left", "right"),
        ("left", "right", "right", "right"),
        ("left", "left", "left", "right"),
        ("left", "right"),
    ]
    state, _ = run(state, StartMission(1))
    assert [p.tiles for p in state.players] == tiles


CHARM_AND_KNOCK = {
    "Ann": ["mute", "rain+gas"],
    "Ben": ["night+shell", "snow+gas"],
    "Cy": ["rain+whistle", "snow+whistle"],
}


def ann_needs_support(ruleset: str) -> tuple[ChapterState, tuple]:
    """Ann has a Mute in front of her and has used her charm; Ben and Cy support her."""
    state = start(CHARM_AND_KNOCK, ruleset=ruleset)
    state, _ = run(
        state,
        PlayCard("Ann", "mute"),
        PlayCard("Ben", "night+shell"),
        PlayCard("Cy", "rain+whistle"),
        UseCharm("Ann", "night+shell"),
        Withdraw("Ben", "right"),
        Withdraw("Cy", "left"),
    )
    return run(state, Withdraw("Ann", "left"))


def test_classic_success_lets_the_beneficiary_choose_two_hard_knocks_or_the_charm():
    state, events = ann_needs_support("classic")
    assert kinds(events)[-1] == "SupportRevealed"
    assert state.phase == Phase.SUPPORT
    assert state.support == SupportPending("Ann", 2, True, False)

    with pytest.raises(
        SupportChoiceRefused, match="classic rules: Ann discards up to 2 Hard Knocks OR recovers"
    ):
        run(state, ChooseSupport("Ann", ("mute",), recover_charm=True))
    with pytest.raises(SupportChoiceRefused, match="Ann received the Support, not Ben"):
        run(state, ChooseSupport("Ben", ("mute",)))

    charmed, events = run(state, ChooseSupport("Ann", recover_charm=True))
    assert events[0] == SupportUsed("Ann", (), True)
    assert kinds(events[1:]) == ["MoraleDropped", "LeadershipPassed"]
    assert charmed.player("Ann").charm_up and charmed.player("Ann").hard_knocks == ("mute",)

    healed, events = run(state, ChooseSupport("Ann", ("mute",)))
    assert events[0] == SupportUsed("Ann", ("mute",), False)
    assert not healed.player("Ann").charm_up and healed.player("Ann").hard_knocks == ()


def test_armistice_success_discards_the_hard_knocks_and_recovers_the_charm():
    state, events = ann_needs_support("armistice")

    assert events[2:4] == (
        SupportRevealed(
            (("Ann", "left", "Ben"), ("Ben", "right", "Ann"), ("Cy", "left", "Ann")), "Ann"
        ),
        SupportUsed("Ann", ("mute",), True),
    )
    assert kinds(events[4:]) == ["MoraleDropped", "LeadershipPassed"]
    assert state.player("Ann").charm_up and state.player("Ann").hard_knocks == ()


FAILING = {
    "Ann": ["mute", "hardheaded", "rain+gas"],
    "Ben": ["night+shell", "rain+whistle", "gas+whistle"],
    "Cy": ["snow+gas", "snow+whistle", "night+snow"],
}


def ann_supported_in_a_failure(ruleset: str) -> tuple[ChapterState, tuple]:
    """Only Ben has withdrawn (supporting Ann) when Cy's third snow fails the Mission;
    Ann has 2 Hard Knocks and has used her charm."""
    state = start(FAILING, ruleset=ruleset)
    state, _ = run(
        state,
        PlayCard("Ann", "mute"),
        PlayCard("Ben", "night+shell"),
        PlayCard("Cy", "snow+gas"),
        UseCharm("Ann", "night+shell"),
        Withdraw("Ben", "right"),
        PlayCard("Cy", "snow+whistle"),
        PlayCard("Ann", "hardheaded"),
    )
    return run(state, PlayCard("Cy", "night+snow"))


def test_after_a_failure_only_withdrawn_players_tiles_count_and_classic_support_discards_one():
    state, events = ann_supported_in_a_failure("classic")
    assert events[1:] == (
        MissionFailed("snow", (None,) * 3),
        SupportRevealed((("Ben", "right", "Ann"),), "Ann"),
    )
    assert state.support == SupportPending("Ann", 1, False, False)
    assert state.player("Cy").tiles == ("left", "left", "right")

    with pytest.raises(SupportChoiceRefused, match="Ann may discard at most 1 Hard Knock after"):
        run(state, ChooseSupport("Ann", ("mute", "hardheaded")))
    with pytest.raises(
        SupportChoiceRefused, match="after a failed Mission the classic rules let Support discard"
    ):
        run(state, ChooseSupport("Ann", recover_charm=True))
    state, events = run(state, ChooseSupport("Ann", ("mute",)))

    assert events[0] == SupportUsed("Ann", ("mute",), False)
    assert kinds(events[1:]) == ["MoraleDropped", "LeadershipPassed"]
    assert state.player("Ann").hard_knocks == ("hardheaded",)
    assert state.player("Ann").charm_up is False


def test_after_an_armistice_failure_support_discards_one_hard_knock_and_recovers_the_charm():
    state, events = ann_supported_in_a_failure("armistice")
    assert events[2] == SupportRevealed((("Ben", "right", "Ann"),), "Ann")
    assert state.support == SupportPending("Ann", 1, False, True)

    state, events = run(state, ChooseSupport("Ann", ("mute",)))

    assert events[0] == SupportUsed("Ann", ("mute",), True)
    assert state.player("Ann").hard_knocks == ("hardheaded",)
    assert state.player("Ann").charm_up is True


def test_the_chaplain_gains_nothing_from_most_support_but_keeps_the_tiles():
    state = start({"Ann": ["mute", "night+shell"], "Ben": ["snow+gas", "rain+gas"]})
    state, _ = run(state, PlayCard("Ann", "mute"), Withdraw("Ben", "left"))

    state, events = run(state, Withdraw("Ann", "right"))

    gifts = (("Ann", "right", "Chaplain"), ("Ben", "left", "Chaplain"), ("Chaplain", "left", "Ann"))
    assert events[2] == SupportRevealed(gifts, "Chaplain")
    assert kinds(events[3:]) == ["MoraleDropped", "LeadershipPassed"]
    assert state.player("Chaplain").tiles == ("left", "left", "right", "right")
    assert state.player("Ann").hard_knocks == ("mute",)
    assert state.support is None and state.phase == Phase.PREPARATION


# --- the Hard Knock defeat -------------------------------------------------------------------
FOUR_KNOCKS = {
    "Ann": ["wounded", "mute", "hardheaded"],
    "Ben": ["snow+gas", "rain+whistle", "night+whistle"],
    "Cy": ["rain+gas", "snow+whistle", "shell+gas"],
}


def ann_takes_four_hard_knocks(ben_tile: str, cy_tile: str) -> tuple[ChapterState, tuple]:
    """Ann plays a Wounded (2), a Mute and a Hardheaded; Ben and Cy withdraw first."""
    state = start(FOUR_KNOCKS)
    state, _ = run(
        state,
        PlayCard("Ann", "wounded"),
        Withdraw("Ben", ben_tile),
        Withdraw("Cy", cy_tile),
        PlayCard("Ann", "mute"),
        PlayCard("Ann", "hardheaded"),
    )
    return run(state, Withdraw("Ann", "left"))


def test_four_hard_knocks_lose_the_chapter_after_support_went_to_someone_else():
    state, events = ann_takes_four_hard_knocks(ben_tile="left", cy_tile="right")

    assert events[2:] == (
        SupportRevealed(
            (("Ann", "left", "Ben"), ("Ben", "left", "Cy"), ("Cy", "right", "Ben")), "Ben"
        ),
        SupportUsed("Ben", (), False),
        ChapterLost("hard-knocks", "Ann has 4 Hard Knocks (4 or more)"),
    )
    assert (state.phase, state.outcome) == (Phase.OVER, "hard-knocks")


def test_support_can_save_a_player_from_the_hard_knock_defeat():
    state, events = ann_takes_four_hard_knocks(ben_tile="right", cy_tile="left")
    assert events[-1] == SupportRevealed(
        (("Ann", "left", "Ben"), ("Ben", "right", "Ann"), ("Cy", "left", "Ann")), "Ann"
    )
    with pytest.raises(SupportChoiceRefused, match="Ann may discard at most 2 Hard Knocks after"):
        run(state, ChooseSupport("Ann", ("wounded", "mute", "hardheaded")))

    state, events = run(state, ChooseSupport("Ann", ("wounded", "mute")))

    assert events[0] == SupportUsed("Ann", ("wounded", "mute"), False)
    assert kinds(events[1:]) == ["MoraleDropped", "LeadershipPassed"]
    assert state.player("Ann").hard_knocks == ("hardheaded",)
    assert state.outcome is None


# --- victory ----------------------------------------------------------------------------------
ONE_EACH = {"Ann": ["night+shell"], "Ben": ["snow+gas"], "Cy": ["rain+whistle"]}


def test_the_chapter_is_won_when_the_trials_deck_and_every_hand_are_empty():
    state = start(ONE_EACH)
    state, _ = run(
        state,
        PlayCard("Ann", "night+shell"),
        PlayCard("Ben", "snow+gas"),
        PlayCard("Cy", "rain+whistle"),
    )
    assert state.trials == ()

    state, events = withdraw_all(state)

    assert kinds(events) == [
        "PlayerWithdrew",
        "PlayerWithdrew",
        "PlayerWithdrew",
        "MissionSucceeded",
        "SupportRevealed",
        "ChapterWon",
    ]
    assert events[-1] == ChapterWon()
    assert (state.phase, state.outcome) == (Phase.OVER, "won")


def test_the_war_goes_on_while_a_hand_or_the_trials_deck_holds_a_card():
    card_in_hand = start(ONE_EACH)
    card_in_hand, _ = run(card_in_hand, PlayCard("Ann", "night+shell"), PlayCard("Ben", "snow+gas"))
    card_in_deck = start(ONE_EACH, then=["rain+gas"])
    card_in_deck, _ = run(
        card_in_deck,
        PlayCard("Ann", "night+shell"),
        PlayCard("Ben", "snow+gas"),
        PlayCard("Cy", "rain+whistle"),
    )

    for state in (card_in_hand, card_in_deck):
        state, events = withdraw_all(state)
        assert "ChapterWon" not in kinds(events)
        assert kinds(events)[-2:] == ["MoraleDropped", "LeadershipPassed"]


# --- the Morale Drop --------------------------------------------------------------------------
def test_morale_drops_by_the_cards_left_in_hands_onto_the_trials_deck():
    state = start(
        {
            "Ann": ["night+shell", "rain+gas"],
            "Ben": ["snow+gas", "rain+whistle"],
            "Cy": ["snow+whistle", "night+gas"],
        },
        then=["shell+gas"],
    )
    morale = state.morale

    state, events = withdraw_all(state)

    assert events[-2] == MoraleDropped(6, morale[:6])
    assert state.morale == morale[6:]
    assert state.trials == (*morale[:6], "shell+gas")


def test_morale_drops_by_at_least_3_cards():
    state = start(ONE_EACH)
    morale = state.morale
    state, _ = run(state, PlayCard("Ann", "night+shell"), PlayCard("Ben", "snow+gas"))

    state, events = withdraw_all(state)

    assert state.cards_in_hands == 1
    assert events[-2] == MoraleDropped(3, morale[:3])


THREE_EACH = {
    "Ann": ["night+shell", "night+gas", "night+whistle"],
    "Ben": ["snow+shell", "snow+gas", "snow+whistle"],
    "Cy": ["rain+shell", "rain+gas", "rain+whistle"],
}


@pytest.mark.parametrize(("ruleset", "drop"), [("classic", 9), ("armistice", 6)])
def test_an_armistice_morale_drop_is_at_most_6_cards(ruleset, drop):
    state = start(THREE_EACH, ruleset=ruleset)

    state, events = withdraw_all(state)

    assert state.cards_in_hands == 9
    assert events[-2] == MoraleDropped(drop, events[-2].cards)
    assert len(events[-2].cards) == drop


@pytest.mark.parametrize(
    ("owners", "drop"),
    [({"Ann": "Pia", "Ben": "Pia", "Cy": "Quin", "Dee": "Quin"}, 7), (None, 6)],
    ids=["duo", "four players"],
)
def test_a_duo_morale_drop_is_at_most_7_cards(owners, drop):
    hands = {**THREE_EACH, "Dee": ["shell+gas", "gas+whistle", "shell+whistle"]}
    state = start(
        hands, ruleset="armistice", owners=owners, third_tiles=("left", "right", "left", "right")
    )

    state, events = withdraw_all(state)

    assert state.cards_in_hands == 12
    assert events[-2] == MoraleDropped(drop, events[-2].cards)
    assert events[-1].TYPE == "LeadershipPassed"


# --- chapter defeats --------------------------------------------------------------------------
@pytest.mark.parametrize("morale", [2, 3])
def test_an_exhausted_morale_reserve_shows_the_monument_and_the_chapter_is_lost(morale):
    state = start(ONE_EACH, morale=morale)

    state, events = withdraw_all(state)

    assert events[-2:] == (
        MoraleDropped(3, state.trials[:morale]),
        ChapterLost("monument", "the Morale Reserve is exhausted: the Monument is visible"),
    )
    assert state.morale == ()
    assert (state.phase, state.outcome) == (Phase.OVER, "monument")


def test_a_morale_reserve_with_a_card_left_keeps_the_war_going():
    state = start(ONE_EACH, morale=4)

    state, events = withdraw_all(state)

    assert kinds(events)[-2:] == ["MoraleDropped", "LeadershipPassed"]
    assert len(state.morale) == 1


FIVE_EACH = {
    "Ann": ["night+shell", "night+gas", "night+whistle", "snow+shell", "snow+gas"],
    "Ben": ["snow+whistle", "rain+shell", "rain+gas", "rain+whistle", "night+snow"],
    "Cy": ["snow+rain", "night+rain", "shell+whistle", "gas+whistle", "shell+gas"],
}


FOUR_EACH = {name: cards[:4] for name, cards in FIVE_EACH.items()}


def recorded_with_fifteen_in_hands() -> ChapterState:
    """An Armistice chapter recorded before Decision 2: its first Mission dealt 5 cards
    each (15 in hands) and the engine of the day went on (its events, replayed)."""
    state = prepare(FIVE_EACH)
    recorded = decide(state, StartMission(5))[:2]  # MissionStarted, CardsDealt: then nothing
    assert kinds(recorded) == ["MissionStarted", "CardsDealt"]
    for event in recorded:
        state = evolve(state, event)
    return state


def test_thirteen_cards_in_hands_lose_an_armistice_chapter_after_the_morale_drop():
    """ "5. Check Chapter Defeat Conditions ... If the players have a combined total of 13 or
    more cards in hand, they abandon all hope and the Chapter is lost!" Cards entering hands
    are checked at once (test_hand_limit.py); step 5 looks again, as a chapter recorded
    before that check shows: Ann and Ben play one card each, 13 are left."""
    state = recorded_with_fifteen_in_hands()
    state, _ = run(state, PlayCard("Ann", "night+shell"), PlayCard("Ben", "rain+gas"))

    state, events = withdraw_all(state)

    assert events[-2:] == (
        MoraleDropped(6, events[-2].cards),
        ChapterLost("hands", "13 cards in hands (13 or more)"),
    )
    assert (state.phase, state.outcome) == (Phase.OVER, "hands")


def test_twelve_cards_in_hands_or_a_classic_game_go_on():
    """Armistice: 4 cards dealt to each of 3 Grizzled, 12 in hands at step 5; classic: 15
    dealt, 13 kept, and the base game has no 13-card defeat."""
    armistice, _ = withdraw_all(prepare_and_deal(FOUR_EACH))
    classic = start(FIVE_EACH, ruleset="classic")
    classic, _ = run(classic, PlayCard("Ann", "night+shell"), PlayCard("Ben", "rain+gas"))
    classic, _ = withdraw_all(classic)
    for state, held in ((armistice, 12), (classic, 13)):
        assert state.cards_in_hands == held
        assert state.phase == Phase.PREPARATION
        assert state.players[state.leader].name == "Ben"


def prepare_and_deal(hands: dict[str, list[str]]) -> ChapterState:
    state = prepare(hands)
    return run(state, StartMission(len(hands["Ann"])))[0]


# --- the next Mission Leader ---------------------------------------------------------------------
def test_the_leader_token_passes_clockwise_and_the_former_leader_takes_a_speech_token():
    state = start(ONE_EACH, speech_tokens=2, third_tiles=("left",) * 3)

    state, events = withdraw_all(state)

    assert events[-1] == LeadershipPassed("Ben", "Ann")
    assert state.players[state.leader].name == "Ben"
    assert (state.player("Ann").speech_tokens, state.speech_stock) == (1, 1)
    state, events = run(state, StartMission(1))
    assert events[0] == MissionStarted(2, "Ben", 1)
    assert state.active_player.name == "Ben"


def test_no_speech_token_is_handed_out_once_the_stock_is_empty():
    state = start(ONE_EACH, speech_tokens=1)
    state, first = withdraw_all(state)
    state, _ = run(state, StartMission(1))

    state, second = withdraw_all(state)

    assert (first[-1], second[-1]) == (LeadershipPassed("Ben", "Ann"), LeadershipPassed("Cy", None))
    assert [p.speech_tokens for p in state.players] == [1, 0, 0]
    assert state.speech_stock == 0


def test_a_tyrannical_player_keeps_the_leader_token_and_no_speech_token_is_handed_out():
    state = start({"Ann": ["night+shell"], "Ben": ["tyrannical"], "Cy": ["rain+gas"]})
    state, _ = run(state, Withdraw("Ann", "left"))

    state, events = run(state, PlayCard("Ben", "tyrannical"))
    assert events == (CardPlayed("Ben", "tyrannical"), MissionLeaderTaken("Ben"))
    assert state.active_player.name == "Cy"
    state, events = withdraw_all(state)

    assert events[-1] == LeadershipPassed("Ben", None)
    assert [p.speech_tokens for p in state.players] == [0, 0, 0]
    assert state.speech_stock == 5
    state, events = run(state, StartMission(1))
    assert events[0] == MissionStarted(2, "Ben", 1)
