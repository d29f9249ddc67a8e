"""Setting up a chapter: seats, Support tiles, the two decks, Speech tokens, rule switches.

Classic numbers come from the base rulebook's setup; Armistice numbers from the chapter's
Briefing (rules-notes.md).
"""

import pytest

from domain.cards.catalogue import base_catalogue
from domain.chapter.commands import Seat, StartChapter, StartMission
from domain.chapter.evolve import begin
from domain.chapter.setup import decide_start_chapter
from domain.errors import InvalidSetup, MissingOutcome
from domain.events import CardsDealt, ChapterStarted, MissionStarted, PlayerWithdrew
from tests.domain.builders import run

ANN = Seat("Ann", "night")
BEN = Seat("Ben", "snow")
CY = Seat("Cy", "rain")
DEE = Seat("Dee", "shell")
EVE = Seat("Eve", "whistle")


def set_up(*seats: Seat, ruleset: str = "classic", **options: object) -> ChapterStarted:
    """The ChapterStarted event a table's setup leads to (no chance: a real table)."""
    return decide_start_chapter(StartChapter(ruleset, seats, **options), base_catalogue())


def briefing(*seats: Seat, **options: object) -> ChapterStarted:
    """An Armistice chapter set up from a Briefing of 20 Trials, 30 Morale, intensity 2."""
    numbers = {"trials": 20, "morale": 30, "first_intensity": 2, "leader": seats[0].name}
    return set_up(*seats, ruleset="armistice", **{**numbers, **options})


class Recorder:
    """A chance that keeps the deck in catalogue order, picks the first option and
    remembers every set of options it was offered."""

    def __init__(self) -> None:
        self.offered: list[tuple[str, ...]] = []

    def shuffle(self, cards: tuple[str, ...]) -> tuple[str, ...]:
        return cards

    def pick(self, options: tuple[str, ...]) -> str:
        self.offered.append(options)
        return options[0]


# --- classic: numbers by player count -----------------------------------------------------
def test_a_two_player_classic_game_adds_the_chaplain_with_20_trials_cards_and_5_speech_tokens():
    started = set_up(ANN, BEN, leader="Ann", third_tiles=("left", "right", "left"))

    assert started.players == ("Ann", "Ben", "Chaplain")
    assert started.charms == ("night", "snow", None)
    assert started.chaplain is True
    assert (len(started.trials), len(started.morale)) == (20, 39)
    assert started.speech_tokens == 5
    state = begin(started)
    chaplain = state.player("Chaplain")
    assert chaplain.chaplain and chaplain.tiles == ("left", "left", "right")
    assert [p.name for p in state.card_players] == ["Ann", "Ben"]
    assert state.rules.speech_tokens_return is True


def test_the_chaplain_draws_a_third_support_tile_like_the_two_players():
    with pytest.raises(InvalidSetup, match="one third Support tile for each of the 3 seats"):
        set_up(ANN, BEN, leader="Ann", third_tiles=("left", "right"))


def test_a_three_player_classic_game_has_25_trials_cards_34_morale_and_5_speech_tokens():
    started = set_up(ANN, BEN, CY, leader="Ben", third_tiles=("left", "right", "right"))

    assert started.players == ("Ann", "Ben", "Cy")
    assert started.chaplain is False
    assert (len(started.trials), len(started.morale)) == (25, 34)
    assert started.speech_tokens == 5
    assert started.leader == "Ben"
    assert (started.first_intensity, started.first_intensity_exact) == (3, False)
    assert (started.morale_drop_max, started.hand_limit) == (None, None)
    assert begin(started).rules.speech_tokens_return is False


@pytest.mark.parametrize("seats", [(ANN, BEN), (ANN, BEN, CY)], ids=["2 players", "3 players"])
def test_double_support_tiles_cannot_be_a_third_tile_with_two_or_three_players(seats):
    thirds = ("left", "right", "left2")

    with pytest.raises(InvalidSetup, match=r"third tiles left, right, left2 are not in the box"):
        set_up(*seats, leader="Ann", third_tiles=thirds)


def test_a_random_third_tile_with_three_players_is_never_a_double_tile():
    chance = Recorder()

    decide_start_chapter(
        StartChapter("classic", (ANN, BEN, CY), leader="Ann"), base_catalogue(), chance
    )

    assert len(chance.offered) == 3
    assert all(set(options) == {"left", "right"} for options in chance.offered)


def test_four_players_get_4_speech_tokens_and_may_draw_double_tiles():
    chance = Recorder()
    setup = StartChapter("classic", (ANN, BEN, CY, DEE), leader="Ann")
    decide_start_chapter(setup, base_catalogue(), chance)
    started = set_up(
        ANN, BEN, CY, DEE, leader="Ann", third_tiles=("left2", "right2", "left", "right")
    )

    assert {"left2", "right2"} <= set(chance.offered[0])
    assert started.speech_tokens == 4
    assert (len(started.trials), len(started.morale)) == (25, 34)
    assert started.tiles[0] == ("left", "right", "left2")


def test_five_players_get_3_speech_tokens():
    started = set_up(
        ANN,
        BEN,
        CY,
        DEE,
        EVE,
        leader="Eve",
        third_tiles=("left", "right", "left2", "left2", "right2"),
    )

    assert started.speech_tokens == 3
    assert (len(started.trials), len(started.morale)) == (25, 34)


def test_third_tiles_must_come_from_the_tiles_left_in_the_box():
    # 6 "to the left" tiles in the box: 4 are handed out first, only 2 remain to draw.
    with pytest.raises(InvalidSetup, match=r"not in the box's remaining tiles \(left, left, left2"):
        set_up(ANN, BEN, CY, DEE, leader="Ann", third_tiles=("left", "left", "left", "right"))


def test_each_player_starts_with_a_left_a_right_and_a_third_tile():
    started = set_up(ANN, BEN, CY, leader="Ann", third_tiles=("right", "left", "right"))

    assert started.tiles == (
        ("left", "right", "right"),
        ("left", "right", "left"),
        ("left", "right", "right"),
    )
    state = begin(started)
    assert [p.tiles for p in state.players] == [
        ("left", "right", "right"),
        ("left", "left", "right"),
        ("left", "right", "right"),
    ]
    assert all(p.charm_up and p.speech_tokens == 0 for p in state.players)
    assert state.speech_stock == 5


def test_the_veteran_variant_starts_with_30_trials_cards_and_29_morale():
    started = set_up(ANN, BEN, CY, variant="veteran", leader="Ann", third_tiles=("left",) * 3)

    assert (len(started.trials), len(started.morale)) == (30, 29)
    assert started.traps is True


def test_the_rookie_variant_switches_the_traps_off():
    rookie = set_up(ANN, BEN, CY, variant="rookie", leader="Ann", third_tiles=("left",) * 3)
    normal = set_up(ANN, BEN, CY, leader="Ann", third_tiles=("left",) * 3)

    assert (rookie.traps, normal.traps) == (False, True)
    assert (len(rookie.trials), len(rookie.morale)) == (25, 34)


# --- armistice: the Briefing and Duo mode --------------------------------------------------
def test_an_armistice_chapter_takes_its_decks_and_first_intensity_from_the_briefing():
    started = briefing(ANN, BEN, CY, third_tiles=("left", "right", "left"))

    assert (len(started.trials), len(started.morale)) == (20, 30)
    assert (started.first_intensity, started.first_intensity_exact) == (2, True)
    assert (started.morale_drop_max, started.hand_limit) == (6, 13)
    assert started.speech_tokens == 5
    assert started.chaplain is False
    assert started.traps is False  # Traps arrive with a later Briefing (before Chapter 4)
    assert briefing(ANN, BEN, CY, third_tiles=("left",) * 3, traps=True).traps is True


@pytest.mark.parametrize(
    ("missing", "message"),
    [
        ("trials", "takes its Trials and Morale sizes from the Briefing"),
        ("morale", "takes its Trials and Morale sizes from the Briefing"),
        ("first_intensity", "takes its first intensity from the Briefing"),
    ],
)
def test_an_armistice_chapter_without_the_briefing_numbers_is_refused(missing, message):
    with pytest.raises(InvalidSetup, match=message):
        briefing(ANN, BEN, CY, third_tiles=("left",) * 3, **{missing: None})


@pytest.mark.parametrize("seats", [(ANN, BEN), (ANN, BEN, CY, DEE, EVE)], ids=["2", "5"])
def test_armistice_chapters_are_played_by_three_or_four_grizzled(seats):
    thirds = ("left",) * len(seats)

    with pytest.raises(InvalidSetup, match=f"for 3 or 4 Grizzled .*not {len(seats)}"):
        briefing(*seats, third_tiles=thirds)


def test_duo_mode_seats_four_grizzled_for_two_players_and_lets_morale_drop_up_to_7():
    seats = (
        Seat("Ann", "night", "Pia"),
        Seat("Ben", "snow", "Pia"),
        Seat("Cy", "rain", "Quin"),
        Seat("Dee", "shell", "Quin"),
    )
    duo = briefing(*seats, third_tiles=("left2", "right2", "left", "right"))
    four = briefing(ANN, BEN, CY, DEE, third_tiles=("left2", "right2", "left", "right"))

    assert duo.players == ("Ann", "Ben", "Cy", "Dee")
    assert duo.owners == ("Pia", "Pia", "Quin", "Quin")
    assert (duo.morale_drop_max, duo.hand_limit, duo.speech_tokens) == (7, 13, 4)
    assert four.owners == ("Ann", "Ben", "Cy", "Dee")
    assert (four.morale_drop_max, four.hand_limit, four.speech_tokens) == (6, 13, 4)


@pytest.mark.parametrize(
    "owners",
    [("Pia", "Pia", "Pia", "Quin"), ("Pia", "Quin", "Pia", "Quin"), ("Pia", "Pia", "", "")],
    ids=["three and one", "not side by side", "three players"],
)
def test_in_duo_mode_each_player_plays_two_grizzled_side_by_side(owners):
    seats = tuple(
        Seat(seat.name, seat.charm, owner)
        for seat, owner in zip((ANN, BEN, CY, DEE), owners, strict=True)
    )

    with pytest.raises(InvalidSetup, match="in Duo mode each of the 2 players plays 2 Grizzled"):
        briefing(*seats, third_tiles=("left", "right", "left", "right"))


def test_three_grizzled_cannot_be_shared_by_two_players():
    seats = (Seat("Ann", "night", "Pia"), Seat("Ben", "snow", "Pia"), Seat("Cy", "rain", "Quin"))

    with pytest.raises(InvalidSetup, match="in Duo mode each of the 2 players plays 2 Grizzled"):
        briefing(*seats, third_tiles=("left",) * 3)


# --- invalid setups -----------------------------------------------------------------------
def test_two_grizzled_with_the_same_name_are_refused():
    with pytest.raises(
        InvalidSetup, match="every Grizzled needs a different name, got Ann, Ben, ann"
    ):
        set_up(ANN, BEN, Seat("ann", "rain"), leader="Ann", third_tiles=("left",) * 3)


def test_a_player_cannot_take_the_chaplains_name():
    with pytest.raises(
        InvalidSetup, match="'Chaplain' is the name of the virtual 2-player Grizzled"
    ):
        set_up(ANN, BEN, Seat("Chaplain", "rain"), leader="Ann", third_tiles=("left",) * 3)


def test_a_good_luck_charm_must_show_one_of_the_six_threats():
    with pytest.raises(InvalidSetup, match="Cy's charm 'fog' is not a threat"):
        set_up(ANN, BEN, Seat("Cy", "fog"), leader="Ann", third_tiles=("left",) * 3)


@pytest.mark.parametrize("count", [1, 6])
def test_the_classic_game_is_for_two_to_five_players(count):
    seats = (ANN, BEN, CY, DEE, EVE, Seat("Fay", "gas"))[:count]

    with pytest.raises(InvalidSetup, match=f"classic game is for 2 to 5 players, not {count}"):
        set_up(*seats, leader="Ann", third_tiles=("left",) * count)


@pytest.mark.parametrize("leader", ["Zed", "Chaplain"])
def test_the_first_mission_leader_must_be_a_grizzled_at_the_table(leader):
    with pytest.raises(InvalidSetup, match=f"first Mission Leader '{leader}' is not at the table"):
        set_up(ANN, BEN, leader=leader, third_tiles=("left",) * 3)


def test_an_unknown_ruleset_or_variant_is_refused():
    with pytest.raises(InvalidSetup, match="unknown ruleset 'deluxe' \\(classic or armistice\\)"):
        set_up(ANN, BEN, CY, ruleset="deluxe", leader="Ann", third_tiles=("left",) * 3)
    with pytest.raises(InvalidSetup, match="unknown variant 'heroic'"):
        set_up(ANN, BEN, CY, variant="heroic", leader="Ann", third_tiles=("left",) * 3)


# --- a real table: no chance, no deck --------------------------------------------------------
def test_at_a_real_table_the_decks_are_cards_nobody_has_seen():
    started = set_up(ANN, BEN, CY, leader="Ben", third_tiles=("left", "right", "left"))
    state, events = run(begin(started), StartMission(3))

    assert started.trials == (None,) * 25 and started.morale == (None,) * 34
    assert events == (
        MissionStarted(1, "Ben", 3),
        CardsDealt(("Ben", "Cy", "Ann"), ((None,) * 3,) * 3),
    )
    assert [(p.hand, p.hidden) for p in state.players] == [((), 3)] * 3
    assert len(state.trials) == 16


def test_at_a_real_table_the_third_tiles_and_the_first_leader_must_be_told():
    with pytest.raises(MissingOutcome, match="tell the third Support tile each player drew"):
        set_up(ANN, BEN, CY, leader="Ann")
    with pytest.raises(MissingOutcome, match="say who is the first Mission Leader"):
        set_up(ANN, BEN, CY, third_tiles=("left",) * 3)


def test_at_a_real_table_the_chaplains_random_tile_must_be_told():
    state = begin(set_up(ANN, BEN, leader="Ann", third_tiles=("left", "right", "right")))

    with pytest.raises(MissingOutcome, match="which Support tile the Chaplain drew at random"):
        run(state, StartMission(3))
    _, events = run(state, StartMission(3, chaplain_tile="right"))
    assert events[-1] == PlayerWithdrew("Chaplain", "right")


def test_when_the_engine_deals_itself_chance_picks_the_leader_and_orders_the_decks():
    chance = Recorder()

    started = decide_start_chapter(
        StartChapter("classic", (ANN, BEN, CY)), base_catalogue(), chance
    )

    deck = base_catalogue().deck()
    assert started.trials == deck[:25] and started.morale == deck[25:]
    assert chance.offered[0] == ("Ann", "Ben", "Cy") and started.leader == "Ann"
    assert started.tiles == (("left", "right", "left"),) * 3
