"""Traps with Luck (Armistice rulebook, "The Traps", read before Chapter 4): "Some Threat
cards have a Luck symbol. If these are present in No Man's Land, they can keep Traps from
triggering. Each Luck symbol cancels one Trap symbol."

Which Armistice cards carry a Luck symbol is not public, so the Luck cards below are
TEST DATA, described the way a player describes a card of their box: made-up faces, no
printed number. The engine's reading: a Trap springs only while the Trap symbols in No
Man's Land (the one just played included) outnumber the Luck symbols there.
"""

from collections.abc import Sequence

from domain.cards.catalogue import CardType, Catalogue, base_catalogue
from domain.chapter.commands import PlayCard, Seat, StartChapter, StartMission, UseCharm
from domain.chapter.evolve import begin
from domain.chapter.setup import decide_start_chapter
from domain.chapter.state import ChapterState
from domain.events import CardDrawnAndPlayed, CardPlayed, CharmUsed, MissionFailed
from tests.domain.builders import CHARMS, rigged_deck, run

# Test data: made-up Luck cards (the real ones are not public).
RAIN_LUCK = CardType(key="rain+luck", threats=("rain",), luck=1)
GAS_WHISTLE_LUCK = CardType(key="gas+whistle+luck", threats=("gas", "whistle"), luck=1)
LUCKY = base_catalogue().described(None, RAIN_LUCK).described(None, GAS_WHISTLE_LUCK)


def armistice_with_traps(
    hands: dict[str, Sequence[str]], then: Sequence[str] = (), catalogue: Catalogue = LUCKY
) -> ChapterState:
    """An Armistice chapter with Traps (Chapter 4 on) dealing ``hands`` in the first
    Mission, Ann leading; the Trials deck goes on with ``then``."""
    names = list(hands)
    deck = rigged_deck(hands, names, then, catalogue)
    intensity = len(hands[names[0]])
    trials = intensity * len(names) + len(then)
    setup = StartChapter(
        "armistice",
        tuple(Seat(n, CHARMS[n]) for n in names),
        leader=names[0],
        trials=trials,
        morale=catalogue.total - trials,
        first_intensity=intensity,
        third_tiles=("left",) * len(names),
        deck=deck,
        traps=True,
    )
    state = begin(decide_start_chapter(setup, catalogue), catalogue)
    return run(state, StartMission(intensity))[0]


ONE_LUCK_TWO_TRAPS = {"Ann": ["rain+luck"], "Ben": ["night+shell+trap"], "Cy": ["snow+gas+trap"]}


def test_a_luck_symbol_in_no_mans_land_cancels_a_trap():
    state = armistice_with_traps(ONE_LUCK_TWO_TRAPS, then=["night+gas"])
    state, _ = run(state, PlayCard("Ann", "rain+luck"))

    state, events = run(state, PlayCard("Ben", "night+shell+trap"))

    assert events == (CardPlayed("Ben", "night+shell+trap"),)
    assert state.trials == ("night+gas",)  # nothing was drawn


def test_with_two_traps_and_one_luck_the_second_trap_springs():
    state = armistice_with_traps(ONE_LUCK_TWO_TRAPS, then=["night+gas"])
    state, _ = run(state, PlayCard("Ann", "rain+luck"), PlayCard("Ben", "night+shell+trap"))

    state, events = run(state, PlayCard("Cy", "snow+gas+trap"))

    assert events == (
        CardPlayed("Cy", "snow+gas+trap"),
        CardDrawnAndPlayed("Cy", "night+gas", "trap"),
    )


def test_each_luck_symbol_cancels_one_trap_so_two_lucks_hold_back_two_traps():
    state = armistice_with_traps(
        {
            "Ann": ["rain+luck", "snow+gas+trap"],
            "Ben": ["gas+whistle+luck", "rain+whistle"],
            "Cy": ["night+shell+trap", "snow+shell"],
        },
        then=["night+gas"],
    )
    state, _ = run(
        state,
        PlayCard("Ann", "rain+luck"),
        PlayCard("Ben", "gas+whistle+luck"),
        PlayCard("Cy", "night+shell+trap"),
    )

    state, events = run(state, PlayCard("Ann", "snow+gas+trap"))

    assert events == (CardPlayed("Ann", "snow+gas+trap"),)
    assert state.trials == ("night+gas",)


def test_a_luck_card_a_good_luck_charm_discards_no_longer_holds_a_trap_back():
    state = armistice_with_traps(
        {
            "Ann": ["rain+luck", "night+shell+trap"],
            "Ben": ["snow+gas", "rain+whistle"],
            "Cy": ["snow+whistle", "night+gas"],
        },
        then=["rain+gas"],
    )
    state, _ = run(state, PlayCard("Ann", "rain+luck"), PlayCard("Ben", "snow+gas"))
    state, events = run(state, UseCharm("Cy", "rain+luck"))  # Cy's charm is rain
    assert events == (CharmUsed("Cy", "rain+luck"),)

    state, events = run(state, PlayCard("Ann", "night+shell+trap"))

    assert events[1] == CardDrawnAndPlayed("Ann", "rain+gas", "trap")


def test_a_luck_card_drawn_by_a_trap_counts_against_every_trap_in_no_mans_land():
    # The first Trap sprang and drew the Luck card; the Luck symbol now faces two Trap
    # symbols, so the second Trap still springs.
    state = armistice_with_traps(
        {"Ann": ["night+shell+trap"], "Ben": ["snow+gas+trap"], "Cy": ["rain+whistle"]},
        then=["rain+luck", "night+gas"],
    )
    state, events = run(state, PlayCard("Ann", "night+shell+trap"))
    assert events[1] == CardDrawnAndPlayed("Ann", "rain+luck", "trap")

    state, events = run(state, PlayCard("Ben", "snow+gas+trap"))

    assert events[1] == CardDrawnAndPlayed("Ben", "night+gas", "trap")


def test_a_luck_card_is_still_a_threat_card():
    state = armistice_with_traps(
        {"Ann": ["rain+luck"], "Ben": ["rain+shell"], "Cy": ["rain+gas"]}, then=["night+gas"]
    )
    state, _ = run(state, PlayCard("Ann", "rain+luck"), PlayCard("Ben", "rain+shell"))

    state, events = run(state, PlayCard("Cy", "rain+gas"))

    assert isinstance(events[1], MissionFailed) and events[1].threat == "rain"
