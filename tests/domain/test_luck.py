"""Traps with Luck (Armistice rulebook, "The Traps", read before Chapter 4): "Some Threat
cards have a Luck symbol. If these are present in No Man's Land, they can keep Traps from
triggering. Each Luck symbol cancels one Trap symbol."

Which Armistice cards carry a Luck symbol is not public, so the Luck cards below are
TEST DATA, described the way a player describes a card of their box: made-up faces, no
printed number. The engine's reading is Decision 1 of the rules notes: "A Luck symbol in
No Man's Land that has not cancelled a Trap yet cancels the next Trap that would spring; it
is then spent. A Trap that already sprang, and a Trap that is ignored anyway (on a card
drawn by a Trap, on Clumsy's draw), spends no Luck. Luck leaves with its card (a charm, the
end of the Mission)."
"""

from collections.abc import Sequence

from domain.cards.catalogue import Catalogue, base_catalogue
from domain.chapter.commands import (
    PlayCard,
    Seat,
    StartChapter,
    StartMission,
    UseCharm,
    Withdraw,
)
from domain.chapter.corrections import CorrectFact, decide_correction
from domain.chapter.evolve import begin
from domain.chapter.moments import INSTALLED, install
from domain.chapter.setup import decide_start_chapter
from domain.chapter.state import ChapterState
from domain.events import CardDrawnAndPlayed, CardPlayed, CharmUsed, FactCorrected, MissionFailed
from domain.modules.luck import LuckSpent, luck_spent, unspent_luck
from domain.modules.luck.rules import LUCK
from domain.modules.recruits import PlayRecruitCard, RecruitPlayed
from tests.domain.builders import CHARMS, rigged_deck, run
from tests.domain.module_builders import (
    GAS_WHISTLE_LUCK,
    RAIN_LUCK,
    prepare,
    synthetic_catalogue,
)

# Test data: made-up Luck cards (the real ones are not public; module_builders.py).
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


def test_a_luck_card_drawn_by_a_trap_is_not_spent_by_the_trap_that_drew_it():
    """Decision 1: "A Trap that already sprang [...] spends no Luck." """
    state = armistice_with_traps(
        {"Ann": ["night+shell+trap"], "Ben": ["snow+gas+trap"], "Cy": ["rain+whistle"]},
        then=["rain+luck", "night+gas"],
    )
    state, events = run(state, PlayCard("Ann", "night+shell+trap"))
    assert events[1] == CardDrawnAndPlayed("Ann", "rain+luck", "trap")

    state, events = run(state, PlayCard("Ben", "snow+gas+trap"))

    assert events == (CardPlayed("Ben", "snow+gas+trap"),)
    assert state.trials == ("night+gas",)


def test_a_trap_that_sprang_and_the_trap_on_the_card_it_drew_leave_the_luck_unspent():
    """Decision 1: "A Trap that already sprang, and a Trap that is ignored anyway (on a
    card drawn by a Trap, on Clumsy's draw), spends no Luck." """
    state = armistice_with_traps(
        {"Ann": ["night+shell+trap"], "Ben": ["rain+luck"], "Cy": ["rain+whistle+trap"]},
        then=["snow+gas+trap", "night+gas"],
    )
    state, events = run(state, PlayCard("Ann", "night+shell+trap"))
    assert events[1] == CardDrawnAndPlayed("Ann", "snow+gas+trap", "trap")
    state, _ = run(state, PlayCard("Ben", "rain+luck"))

    state, events = run(state, PlayCard("Cy", "rain+whistle+trap"))

    assert events == (CardPlayed("Cy", "rain+whistle+trap"),)
    assert state.trials == ("night+gas",)


def test_a_trap_on_a_clumsy_grizzleds_draw_spends_no_luck():
    """Decision 1: "a Trap that is ignored anyway (on a card drawn by a Trap, on Clumsy's
    draw), spends no Luck." """
    state = armistice_with_traps(
        {
            "Ann": ["clumsy", "snow+rain"],
            "Ben": ["rain+luck", "snow+gas"],
            "Cy": ["rain+whistle", "night+gas+trap"],
        },
        then=["night+shell+trap", "snow+whistle"],
    )
    state, _ = run(
        state,
        PlayCard("Ann", "clumsy"),
        PlayCard("Ben", "rain+luck"),
        PlayCard("Cy", "rain+whistle"),
    )
    state, events = run(state, Withdraw("Ann", "left"))
    assert events[1] == CardDrawnAndPlayed("Ann", "night+shell+trap", "clumsy")
    state, _ = run(state, PlayCard("Ben", "snow+gas"))

    state, events = run(state, PlayCard("Cy", "night+gas+trap"))

    assert events[0] == CardPlayed("Cy", "night+gas+trap")
    assert CardDrawnAndPlayed("Cy", "snow+whistle", "trap") not in events
    assert luck_spent(state) == ("rain+luck",)


def test_a_luck_spent_in_one_mission_is_not_counted_spent_in_the_next():
    """Decision 1: "Luck leaves with its card (a charm, the end of the Mission)." """
    state = armistice_with_traps(ONE_LUCK_TWO_TRAPS, then=["night+gas"])
    state, _ = run(state, PlayCard("Ann", "rain+luck"), PlayCard("Ben", "night+shell+trap"))
    assert luck_spent(state) == ("rain+luck",) and unspent_luck(state) == ()

    state, _ = run(
        state,
        PlayCard("Cy", "snow+gas+trap"),
        Withdraw("Ann", "left"),
        Withdraw("Ben", "left"),
        Withdraw("Cy", "left"),
    )

    assert state.nml == () and luck_spent(state) == ()


def test_a_luck_card_is_still_a_threat_card():
    state = armistice_with_traps(
        {"Ann": ["rain+luck"], "Ben": ["rain+shell"], "Cy": ["rain+gas"]}, then=["night+gas"]
    )
    state, _ = run(state, PlayCard("Ann", "rain+luck"), PlayCard("Ben", "rain+shell"))

    state, events = run(state, PlayCard("Cy", "rain+gas"))

    assert isinstance(events[1], MissionFailed) and events[1].threat == "rain"


# --- A Recruit's Trap, and two copies of one Luck card -------------------------------------
RECRUIT_LUCKY = synthetic_catalogue().described(None, RAIN_LUCK)


def test_a_recruits_trap_that_luck_cancels_spends_the_luck():
    """Decision 1: the Luck symbol "cancels the next Trap that would spring; it is then
    spent", whoever plays the Trap: a Recruit's Trap too ("When a Grizzled or a Recruit
    plays a Threat card from their hand that has a Trap symbol...")."""
    state = prepare(
        {"Ann": ["rain+luck", "night+gas+trap"], "Ben": ["snow+gas", "rain+whistle"]}
        | {"Cy": ["snow+whistle", "night+whistle"]},
        then=["night+shell+trap", "snow+shell", "rain+shell", "gas+whistle"],
        recruits=(951,),
        catalogue=RECRUIT_LUCKY,
        traps=True,
    )
    state, _ = run(
        state,
        StartMission(2),
        PlayCard("Ann", "rain+luck"),
        PlayCard("Ben", "snow+gas"),
        PlayCard("Cy", "snow+whistle"),
    )
    state, events = run(state, PlayRecruitCard("night+shell+trap"))
    assert events == (RecruitPlayed(951, "night+shell+trap"),)  # the Luck cancelled it
    assert luck_spent(state) == ("rain+luck",) and unspent_luck(state) == ()

    state, events = run(state, PlayCard("Ann", "night+gas+trap"))

    assert events[1] == CardDrawnAndPlayed("Ann", "gas+whistle", "trap")


# Two copies of one made-up Luck card, described under two made-up numbers.
TWO_RAIN_LUCKS = base_catalogue().described(991, RAIN_LUCK).described(992, RAIN_LUCK)


def test_a_charm_that_discards_one_of_two_identical_luck_cards_takes_the_spent_one():
    """Decision 1: "Luck leaves with its card (a charm, the end of the Mission)." Two copies
    of one Luck card lie in No Man's Land, one spent on Ben's Trap; the charm discards the
    copy laid down first, whose Luck was spent first: the other still cancels a Trap."""
    state = armistice_with_traps(
        {
            "Ann": ["rain+luck", "night+gas+trap"],
            "Ben": ["night+shell+trap", "snow+whistle"],
            "Cy": ["rain+luck", "snow+gas"],
        },
        then=["rain+gas"],
        catalogue=TWO_RAIN_LUCKS,
    )
    state, _ = run(
        state,
        PlayCard("Ann", "rain+luck"),
        PlayCard("Ben", "night+shell+trap"),  # the first copy's Luck cancels it
        PlayCard("Cy", "rain+luck"),
    )
    assert luck_spent(state) == ("rain+luck",) and unspent_luck(state) == ("rain+luck",)
    state, _ = run(state, Withdraw("Ann", "left"), Withdraw("Ben", "left"))

    state, events = run(state, UseCharm("Cy", "rain+luck"))  # Cy's charm is rain

    assert events == (CharmUsed("Cy", "rain+luck"),)
    assert state.nml.count("rain+luck") == 1
    assert luck_spent(state) == () and unspent_luck(state) == ("rain+luck",)


def test_a_correction_that_takes_a_spent_luck_card_out_of_no_mans_land_takes_its_luck_too():
    """Decision 1: "Luck leaves with its card." The table says the Luck card that cancelled
    Ben's Trap is not in No Man's Land: nothing is left spent, and Cy's Trap springs."""
    state = armistice_with_traps(ONE_LUCK_TWO_TRAPS, then=["night+gas"])
    state, _ = run(state, PlayCard("Ann", "rain+luck"), PlayCard("Ben", "night+shell+trap"))

    fixed = "it was never played"
    o = decide_correction(state, CorrectFact("nml-remove", "rain+luck", fixed))

    assert o.events == [FactCorrected("nml-remove", None, "rain+luck", fixed)]
    state = o.state
    assert luck_spent(state) == () and unspent_luck(state) == ()
    state, events = run(state, PlayCard("Cy", "snow+gas+trap"))
    assert events[1] == CardDrawnAndPlayed("Cy", "night+gas", "trap")


def test_luck_is_a_module_and_without_it_the_trap_springs() -> None:
    """Luck joins the chapter's Traps at its moments (domain/modules/luck/): a chapter played
    without it lets the Trap draw, and keeps no record of Luck spent."""
    state = armistice_with_traps(ONE_LUCK_TWO_TRAPS, then=["night+gas"])
    state, _ = run(state, PlayCard("Ann", "rain+luck"))
    before = install(tuple(m for m in INSTALLED.modules if m is not LUCK))
    try:
        after, events = run(state, PlayCard("Ben", "night+shell+trap"))
    finally:
        install(before)

    assert events[1] == CardDrawnAndPlayed("Ben", "night+gas", "trap")
    assert "luck" not in after.modules
    with_luck, _ = run(state, PlayCard("Ben", "night+shell+trap"))
    assert with_luck.modules["luck"] == LuckSpent(("rain+luck",))
