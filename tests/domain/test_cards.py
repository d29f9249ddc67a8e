"""The card facts of cards.md: the base catalogue, the Grizzled, the Support tiles, and
how an Armistice catalogue learns the cards its player describes."""

from __future__ import annotations

from collections import Counter

import pytest
from msgspec.structs import replace

from domain.cards.box import (
    DescribeHelpingHand,
    DescribeOrder,
    DescribeRecruit,
    DescribeTrialCard,
    decide_describe,
    learn,
)
from domain.cards.catalogue import (
    ORDER_DIFFICULTIES,
    THREAT_ORDER,
    THREATS,
    CardType,
    HelpingHandCard,
    OrderCard,
    RecruitCard,
    Threat,
    base_catalogue,
    grizzled_roster,
    hard_knock_key,
    support_tile_pool,
    threat_key,
)
from domain.chapter.commands import Seat, StartChapter
from domain.chapter.setup import decide_start_chapter
from domain.errors import InvalidDescription, InvalidSetup

WEATHER = ("night", "snow", "rain")
ATTACKS = ("shell", "gas", "whistle")

# cards.md, "The 39 Threat cards": threats on the card -> (copies, of which with a trap)
THREAT_TABLE = {
    ("night", "shell"): (4, 1),
    ("night", "gas"): (3, 1),
    ("night", "whistle"): (3, 1),
    ("snow", "shell"): (3, 1),
    ("snow", "gas"): (3, 1),
    ("snow", "whistle"): (4, 1),
    ("rain", "shell"): (3, 1),
    ("rain", "gas"): (4, 1),
    ("rain", "whistle"): (3, 1),
    ("night", "snow"): (1, 0),
    ("snow", "rain"): (1, 0),
    ("night", "rain"): (1, 0),
    ("night", "snow", "rain"): (1, 0),
    ("shell", "whistle"): (1, 0),
    ("gas", "whistle"): (1, 0),
    ("shell", "gas"): (1, 0),
    ("shell", "gas", "whistle"): (1, 0),
    ("night", "snow", "rain", "shell", "gas", "whistle"): (1, 0),
}


def physical(predicate) -> int:
    """How many physical base cards satisfy ``predicate``."""
    return sum(card.copies for card in base_catalogue().cards.values() if predicate(card))


def test_the_base_game_has_59_trial_cards():
    catalogue = base_catalogue()

    assert catalogue.total == 59
    assert len(catalogue.deck()) == 59
    assert physical(lambda c: c.is_threat) == 39
    assert physical(lambda c: c.hard_knock is not None) == 19
    assert physical(lambda c: c.merry_christmas) == 1


def test_each_threat_appears_on_exactly_14_cards():
    per_threat = Counter()
    for card in base_catalogue().cards.values():
        for threat in card.threats:
            if card.is_threat:
                per_threat[threat] += card.copies

    assert per_threat == {threat.value: 14 for threat in Threat}


def test_the_threat_cards_are_those_of_the_printed_table():
    found: dict[tuple[str, ...], list[int]] = {}
    for card in base_catalogue().cards.values():
        if card.is_threat:
            copies, traps = found.setdefault(card.threats, [0, 0])
            found[card.threats] = [copies + card.copies, traps + (card.copies if card.trap else 0)]

    assert {threats: tuple(n) for threats, n in found.items()} == THREAT_TABLE


def test_nine_traps_one_on_each_weather_and_attack_pair():
    traps = [
        card for card in base_catalogue().cards.values() for _ in range(card.copies) if card.trap
    ]

    assert sorted(card.threats for card in traps) == sorted(
        (weather, attack) for weather in WEATHER for attack in ATTACKS
    )
    assert {card.key for card in traps} == {f"{w}+{a}+trap" for w in WEATHER for a in ATTACKS}
    assert all(card.luck == 0 for card in base_catalogue().cards.values())


def test_the_19_hard_knocks_and_their_values():
    catalogue = base_catalogue()
    knocks = {key: card for key, card in catalogue.cards.items() if card.hard_knock is not None}

    assert {key: (card.copies, card.value) for key, card in knocks.items()} == {
        "wounded": (1, 2),
        "trauma-night": (1, 1),
        "trauma-snow": (1, 1),
        "trauma-rain": (1, 1),
        "phobia-shell": (1, 1),
        "phobia-gas": (1, 1),
        "phobia-whistle": (1, 1),
        "mute": (1, 1),
        "tyrannical": (1, 1),
        "demoralized": (1, 1),
        "fragile": (1, 1),
        "fearful": (1, 1),
        "panicked": (1, 1),
        "frenzied": (1, 1),
        "selfish": (1, 1),
        "hardheaded": (1, 1),
        "prideful": (1, 1),
        "clumsy": (1, 1),
        "absent-minded": (1, 1),
    }
    assert catalogue["phobia-gas"].threats == ("gas",)
    assert catalogue["trauma-night"].threats == ("night",)
    assert catalogue["mute"].threats == ()
    assert not any(card.is_threat for card in knocks.values())


def test_merry_christmas_is_no_hard_knock_and_counts_for_nothing():
    card = base_catalogue()["merry-christmas"]

    assert card.merry_christmas
    assert card.hard_knock is None
    assert not card.is_threat
    assert (card.value, card.copies, card.threats) == (0, 1, ())
    assert card.name == "Merry Christmas"


def test_card_keys_and_names_read_as_the_cards_do():
    catalogue = base_catalogue()

    assert threat_key(["shell", "night"], trap=True) == "night+shell+trap"
    assert threat_key(("gas", "rain"), luck=2) == "rain+gas+luck+luck"
    assert hard_knock_key("phobia", ("gas",)) == "phobia-gas"
    assert hard_knock_key("mute") == "mute"
    assert catalogue["night+shell+trap"].name == "night+shell (trap)"
    assert catalogue["phobia-gas"].name == "Phobia (gas)"
    assert catalogue["absent-minded"].name == "Absent-Minded"


def test_the_six_threats_are_listed_once_in_the_order_card_keys_use():
    assert THREATS == ("night", "snow", "rain", "shell", "gas", "whistle")
    assert {threat: i for i, threat in enumerate(THREATS)} == THREAT_ORDER
    assert threat_key(tuple(reversed(THREATS))) == "+".join(THREATS)


def test_a_described_card_names_only_the_six_threats_and_keeps_their_key_order():
    event = decide_describe(base_catalogue(), DescribeTrialCard(101, ("whistle", "night")))
    assert event.key == "night+whistle"  # type: ignore[attr-defined]
    assert event.threats == ("night", "whistle")  # type: ignore[attr-defined]
    with pytest.raises(InvalidDescription, match="'fog' is not a threat \\(night, snow, rain"):
        decide_describe(base_catalogue(), DescribeTrialCard(102, ("night", "fog")))


def test_an_order_of_the_day_is_easy_normal_or_hard():
    assert ORDER_DIFFICULTIES == ("easy", "normal", "hard")
    order = OrderCard(5, "Dig in", difficulty="brutal")
    with pytest.raises(InvalidDescription, match="difficulty is easy, normal or hard"):
        decide_describe(base_catalogue(), DescribeOrder(order))


def test_the_six_grizzled_and_their_good_luck_charms():
    assert {g.name: g.charm for g in grizzled_roster()} == {
        "Félix Moreau": "night",
        "Gustave Bidau": "snow",
        "Charles Saulière": "rain",
        "Gaston Fayard": "shell",
        "Lazare Bonticelli": "whistle",
        "Anselme Perrin": "gas",
    }


def test_the_box_holds_16_support_tiles_and_no_doubles_for_2_or_3_players():
    assert support_tile_pool(4) == {"left": 6, "right": 6, "left2": 2, "right2": 2}
    assert sum(support_tile_pool(5).values()) == 16
    assert support_tile_pool(3) == {"left": 6, "right": 6}
    assert support_tile_pool(2) == {"left": 6, "right": 6}


def test_each_player_starts_with_a_left_a_right_and_a_third_tile_from_the_rest():
    seats = (Seat("Ann", "night"), Seat("Ben", "snow"), Seat("Cy", "rain"))

    started = decide_start_chapter(
        StartChapter("classic", seats, leader="Ann", third_tiles=("left", "right", "left")),
        base_catalogue(),
    )
    assert started.tiles == (
        ("left", "right", "left"),
        ("left", "right", "right"),
        ("left", "right", "left"),
    )
    with pytest.raises(InvalidSetup, match="third tiles left, right, left2 are not in the box"):
        decide_start_chapter(
            StartChapter("classic", seats, leader="Ann", third_tiles=("left", "right", "left2")),
            base_catalogue(),
        )


# --- Armistice cards the player describes -------------------------------------------------
def test_a_numbered_card_with_a_new_face_joins_the_catalogue():
    lucky = CardType(
        key=threat_key(("gas", "rain"), luck=1), threats=("rain", "gas"), luck=1, copies=1
    )

    catalogue = base_catalogue().described(201, lucky)

    assert catalogue["rain+gas+luck"].numbers == (201,)
    assert catalogue["rain+gas+luck"].copies == 1
    assert catalogue.by_number(201) == catalogue["rain+gas+luck"]
    assert catalogue.total == 60
    assert "rain+gas+luck" not in base_catalogue()
    assert base_catalogue().total == 59


def test_a_new_hard_knock_kind_is_learnt_with_its_effect():
    aggressive = CardType(
        key="aggressive", hard_knock="aggressive", value=1, effect="told by the player"
    )

    catalogue = base_catalogue().described(147, aggressive)

    assert catalogue["aggressive"].hard_knock == "aggressive"
    assert catalogue["aggressive"].effect == "told by the player"
    assert catalogue.by_number(147).key == "aggressive"
    assert catalogue.total == 60


def test_a_number_for_a_known_face_is_an_alias_of_that_card():
    panicked = CardType(key="panicked", hard_knock="panicked", value=1)

    catalogue = base_catalogue().described(56, panicked).described(56, panicked)

    assert catalogue["panicked"].numbers == (56,)
    assert catalogue["panicked"].copies == 1
    assert catalogue.by_number(56) == catalogue["panicked"]
    assert catalogue.total == 59


def test_more_numbers_than_copies_raise_the_copies():
    night_shell = CardType(key="night+shell", threats=("night", "shell"))
    panicked = CardType(key="panicked", hard_knock="panicked", value=1)

    catalogue = base_catalogue()
    for number in (11, 12, 13):
        catalogue = catalogue.described(number, night_shell)
    assert catalogue["night+shell"].copies == 3
    catalogue = catalogue.described(14, night_shell).described(56, panicked)
    catalogue = catalogue.described(99, panicked)

    assert catalogue["night+shell"].numbers == (11, 12, 13, 14)
    assert catalogue["night+shell"].copies == 4
    assert catalogue["panicked"].copies == 2
    assert catalogue.total == 61
    assert catalogue.by_number(99).key == "panicked"
    assert catalogue.by_number(100) is None


@pytest.mark.parametrize(
    "card",
    [
        OrderCard(3, "Hold the line", "hard", ((3, 2), (4, 3)), ("shell",), True, "a speech"),
        RecruitCard(4, "Young Louis", hand=2, morale_tokens=0, effect="e", advantage="a"),
        HelpingHandCard(5, "A letter from home", "friendship", effect="keeps spirits up"),
    ],
    ids=lambda card: type(card).__name__,
)
def test_a_described_order_recruit_or_helping_hand_is_learnt_as_it_was_described(
    card: OrderCard | RecruitCard | HelpingHandCard,
) -> None:
    command = {OrderCard: DescribeOrder, RecruitCard: DescribeRecruit}.get(
        type(card), DescribeHelpingHand
    )
    spaced = replace(card, name=f"  {card.name} ")
    event = decide_describe(base_catalogue(), command(spaced, reason=" new "))  # type: ignore[arg-type]
    assert event.reason == "new"  # type: ignore[attr-defined]
    learnt = learn(base_catalogue(), event)
    assert card in (
        *learnt.orders.values(),
        *learnt.recruits.values(),
        *learnt.helping_hands.values(),
    )


def test_a_number_described_as_a_known_face_keeps_the_printed_card_and_adds_its_effect() -> None:
    describe = DescribeTrialCard(140, ("gas",), hard_knock="Phobia", value=2, effect="fear")
    learnt = learn(base_catalogue(), decide_describe(base_catalogue(), describe))
    assert learnt.by_number(140) == CardType(
        "phobia-gas", ("gas",), hard_knock="phobia", value=1, effect="fear", numbers=(140,)
    )
