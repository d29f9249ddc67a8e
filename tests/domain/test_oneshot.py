"""One-shot Game (Armistice rulebook p.14): "To play a game outside the Campaign, follow the
Basic Rules ... Preparation of the Trials Deck: 30 cards. Morale Reserve: Remainder of the
cards (38 cards). Order of the Day: depending on the difficulty level desired, create the
Order of the Day Deck (12 cards) according to the following chart ... Recruits: create a
Recruit Deck using 5 random Recruit cards (optional) ... Helping Hands: each player draws 2
Helping Hand cards, and chooses 1 to keep ... Traps: ... for beginner games, you can ignore
them. If you do, the Aggressive Hard Knock (147) must also be removed."

Orders of the Day, Recruits, Helping Hands and the extra Trial cards are not public: the
ones below are TEST DATA, described the way a player describes their box.
"""

import random
from collections import Counter

import pytest

from domain.campaign.oneshot import (
    CardsSetAside,
    HelpingHandKept,
    KeepHelpingHand,
    OneShotRefused,
    StartOneShot,
    decide_keep_helping_hand,
    decide_start_one_shot,
    draw_helping_hands,
    order_deck,
    plan_one_shot,
    recruit_deck,
)
from domain.cards.catalogue import CardType, Catalogue, HelpingHandCard, OrderCard, RecruitCard
from domain.cards.catalogue import base_catalogue as base
from domain.chapter.commands import Seat
from domain.chapter.evolve import begin, evolve
from domain.errors import InvalidSetup, MissingOutcome
from domain.simulate import RandomChance

SEATS = (Seat("Ann", "night"), Seat("Ben", "snow"), Seat("Cy", "rain"))
LEVELS = {"easy": range(1, 7), "normal": range(11, 21), "hard": range(21, 28)}


def described_box(easy: int = 6, normal: int = 10, hard: int = 7, recruits: int = 6) -> Catalogue:
    """The base game plus test Orders of the Day (easy #1-, normal #11-, hard #21-), test
    Recruits (#31-) and test Helping Hands (#41-46)."""
    catalogue = base()
    for level, count in (("easy", easy), ("normal", normal), ("hard", hard)):
        for number in list(LEVELS[level])[:count]:
            catalogue = catalogue.learnt(OrderCard(number, f"Order {number}", level, ((3, 2),)))
    for number in range(31, 31 + recruits):
        catalogue = catalogue.learnt(RecruitCard(number, f"Recruit {number}"))
    for number, category in zip(range(41, 47), ("action", "event", "friendship") * 2, strict=True):
        catalogue = catalogue.learnt(HelpingHandCard(number, f"Hand {number}", category))
    return catalogue


BOX = described_box()
AGGRESSIVE = CardType(key="aggressive", hard_knock="aggressive", value=1)  # effect not public


def chance(seed: int = 7) -> RandomChance:
    return RandomChance(random.Random(seed))


def levels(catalogue: Catalogue, numbers: tuple[int, ...]) -> Counter[str]:
    return Counter(catalogue.orders[n].difficulty for n in numbers)


# --- the Trials deck and the Morale Reserve ------------------------------------------------------
def test_a_one_shot_game_has_30_trials_cards_and_the_rest_in_the_morale_reserve():
    plan = plan_one_shot(StartOneShot(SEATS), BOX, chance())

    assert (plan.start.trials, plan.start.morale) == (30, 29)
    assert plan.start.ruleset == "armistice" and plan.start.traps
    assert plan.notes[0] == (
        "Trials deck 30, Morale Reserve 29: the rest of the 59 Trial cards the catalogue "
        "knows (38 with the 68 cards of the full Armistice deck; describe the others to play "
        "with them)"
    )


def test_with_the_68_armistice_trial_cards_described_the_morale_reserve_is_38():
    catalogue = BOX
    for number in range(201, 210):  # 9 made-up Trial cards standing for the unknown ones
        catalogue = catalogue.described(number, CardType(key=f"test-{number}", hard_knock="x"))

    plan = plan_one_shot(StartOneShot(SEATS), catalogue, chance())

    assert plan.start.morale == 38
    assert plan.notes[0] == (
        "Trials deck 30, Morale Reserve 38: the rest of the 68 Trial cards the catalogue knows"
    )


def test_the_one_shot_chapter_starts_with_its_order_deck_and_no_briefing_intensity():
    events = decide_start_one_shot(StartOneShot(SEATS, recruits=True), BOX, chance())

    (started,) = events
    assert len(started.trials) == 30 and len(started.morale) == 29
    assert len(started.orders) == 12 and len(started.recruits) == 5
    assert not started.first_intensity_exact  # the kept order's minimum rules the first Mission
    assert started.first_intensity == 1


def test_a_duo_one_shot_seats_two_players_with_two_grizzled_each():
    duo = tuple(
        Seat(name, charm, (name[0] == "A" and "Ann") or "Bob")
        for name, charm in (("A1", "night"), ("A2", "snow"), ("B1", "rain"), ("B2", "shell"))
    )

    (started,) = decide_start_one_shot(StartOneShot(duo), BOX, chance())

    assert started.morale_drop_max == 7 and started.owners == ("Ann", "Ann", "Bob", "Bob")


# --- the Order of the Day deck -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("difficulty", "easy", "normal", "hard"),
    [("beginners", 4, 8, 0), ("grizzled", 4, 4, 4), ("veterans", 2, 4, 6)],
)
def test_the_order_of_the_day_deck_is_12_cards_by_the_difficulty_chart(
    difficulty, easy, normal, hard
):
    deck = order_deck(BOX, difficulty, chance=chance())

    assert len(deck) == len(set(deck)) == 12
    assert levels(BOX, deck) == Counter({"easy": easy, "normal": normal, "hard": hard}) - Counter()


def test_an_order_deck_the_described_orders_cannot_fill_is_refused():
    few = described_box(hard=2)

    refusal = "veterans chart asks for 6 hard .* only 2 are described \\(#21, #22\\): describe more"
    with pytest.raises(OneShotRefused, match=refusal):
        order_deck(few, "veterans", chance=chance())
    assert levels(few, order_deck(few, "beginners", chance=chance()))["hard"] == 0


def test_at_a_real_table_the_drawn_orders_are_told_and_checked_against_the_chart():
    told = (1, 2, 3, 4, 11, 12, 13, 14, 21, 22, 23, 24)
    assert order_deck(BOX, "grizzled", told) == told

    refusal = "asks for 4 easy / 4 normal / 4 hard Orders of the Day, not 5 easy / 3 normal"
    with pytest.raises(OneShotRefused, match=refusal):
        order_deck(BOX, "grizzled", (1, 2, 3, 4, 5, 12, 13, 14, 21, 22, 23, 24))
    with pytest.raises(OneShotRefused, match="Orders of the Day #99 not described yet"):
        order_deck(BOX, "grizzled", (1, 2, 3, 4, 11, 12, 13, 14, 21, 22, 23, 99))
    with pytest.raises(MissingOutcome, match="say which 12 Orders of the Day were drawn"):
        order_deck(BOX, "grizzled")


def test_a_scenario_game_brings_its_own_order_deck():
    assert order_deck(BOX, "scenario", (21, 22, 23)) == (21, 22, 23)
    with pytest.raises(OneShotRefused, match="brings its own Order of the Day deck"):
        order_deck(BOX, "scenario", chance=chance())
    with pytest.raises(OneShotRefused, match="difficulty 'heroes'"):
        order_deck(BOX, "heroes", chance=chance())


# --- Recruits ------------------------------------------------------------------------------------
def test_recruits_are_optional_and_their_deck_is_5_random_described_recruits():
    assert plan_one_shot(StartOneShot(SEATS), BOX, chance()).recruits is None

    deck = recruit_deck(BOX, chance=chance())

    assert len(set(deck)) == 5 and set(deck) <= set(BOX.recruits)
    with pytest.raises(OneShotRefused, match="only 4 are described \\(#31, #32, #33, #34\\)"):
        recruit_deck(described_box(recruits=4), chance=chance())
    with pytest.raises(MissingOutcome, match="say which 5 Recruits were drawn"):
        recruit_deck(BOX)
    with pytest.raises(OneShotRefused, match="set up without Recruits"):
        plan_one_shot(StartOneShot(SEATS, recruit_deck=(31, 32, 33, 34, 35)), BOX, chance())


# --- Traps and the beginner game -----------------------------------------------------------------
def test_a_beginner_game_may_leave_out_the_traps_and_sets_aggressive_147_aside():
    catalogue = BOX.described(147, AGGRESSIVE)
    cmd = StartOneShot(SEATS, difficulty="beginners", traps=False, leader="Ann")

    started, aside = decide_start_one_shot(cmd, catalogue, chance())

    assert not started.traps and aside == CardsSetAside(("aggressive",), aside.reason)
    assert "aggressive" not in (*started.trials, *started.morale)
    assert len(started.morale) == 60 - 1 - 30
    state = evolve(begin(started, catalogue), aside)
    assert state.unseen("aggressive") == 0 and state.set_aside == ("aggressive",)


def test_a_beginner_game_without_traps_needs_card_147_described():
    cmd = StartOneShot(SEATS, difficulty="beginners", traps=False)

    refusal = "removes the Aggressive Hard Knock \\(#147\\): describe card 147 first"
    with pytest.raises(OneShotRefused, match=refusal):
        plan_one_shot(cmd, BOX, chance())


def test_only_a_beginner_game_leaves_the_traps_out():
    cmd = StartOneShot(SEATS, difficulty="grizzled", traps=False)

    with pytest.raises(OneShotRefused, match="only in a beginner game, not at the grizzled"):
        plan_one_shot(cmd, BOX.described(147, AGGRESSIVE), chance())


def test_a_one_shot_table_is_checked_like_any_armistice_table():
    with pytest.raises(InvalidSetup, match="3 or 4 Grizzled"):
        plan_one_shot(StartOneShot(SEATS[:1]), BOX, chance())


# --- Helping Hands -------------------------------------------------------------------------------
def test_each_player_draws_two_helping_hands_and_keeps_one():
    kept = decide_keep_helping_hand(BOX, SEATS, (), KeepHelpingHand("Ann", 42, 41))

    assert kept == HelpingHandKept("Ann", 42, 41, "event")


def test_a_player_draws_helping_hands_once_and_never_a_card_drawn_already():
    earlier = (HelpingHandKept("Ann", 42, 41, "event"),)

    with pytest.raises(OneShotRefused, match="Ann has drawn their 2 Helping Hands already"):
        decide_keep_helping_hand(BOX, SEATS, earlier, KeepHelpingHand("Ann", 43, 44))
    with pytest.raises(OneShotRefused, match="Ben cannot draw #41: another player drew it"):
        decide_keep_helping_hand(BOX, SEATS, earlier, KeepHelpingHand("Ben", 43, 41))
    with pytest.raises(OneShotRefused, match="Helping Hands #99 not described yet"):
        decide_keep_helping_hand(BOX, SEATS, earlier, KeepHelpingHand("Ben", 99, 43))
    with pytest.raises(OneShotRefused, match="there is no 'Dee' at this table"):
        decide_keep_helping_hand(BOX, SEATS, earlier, KeepHelpingHand("Dee", 43, 44))
    with pytest.raises(OneShotRefused, match="each card once"):
        decide_keep_helping_hand(BOX, SEATS, earlier, KeepHelpingHand("Ben", 43, 43))


def test_the_two_helping_hands_are_drawn_among_those_nobody_drew():
    earlier = (HelpingHandKept("Ann", 42, 41, "event"), HelpingHandKept("Ben", 43, 44, "action"))

    pair = draw_helping_hands(BOX, earlier, chance())

    assert sorted(pair) == [45, 46]
    with pytest.raises(OneShotRefused, match="only 0 described Helping Hand"):
        draw_helping_hands(BOX, (*earlier, HelpingHandKept("Cy", 45, 46, "event")), chance())
