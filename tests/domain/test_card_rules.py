"""The effects vocabulary beyond restrictions (issue 14): what an Order, a Recruit or a
Friendship allows, how it changes the Morale Drop and the Support, a draw when
withdrawing, a cancellation condition the engine checks, and the once-rules of Helping
Hands and Recruits' advantages. Each is a story played on a rigged table.

The cards are made-up test data (the printed cards are not public): "Test" names, numbers
from 931 up, only the vocabulary on them.
"""

from __future__ import annotations

from functools import cache

import pytest
from msgspec.structs import replace

from domain.cards.box import DescribeOrder, decide_describe, learn
from domain.cards.catalogue import Catalogue, OrderCard, Rule
from domain.cards.effects import parse_rule, parse_rules, rule_words
from domain.chapter import commands as c
from domain.chapter.outcome import Outcome
from domain.chapter.state import ChapterState, Phase
from domain.errors import InvalidDescription
from domain.events import ChapterLost, MoraleDropped, SupportRevealed, to_record
from domain.legal import legal_actions, legal_summary
from domain.modules.effects import CardEffect, EffectRefused, once
from domain.modules.orders import CancelOrder, OrderRefused, kept_orders
from domain.records import from_record
from tests.domain.builders import run
from tests.domain.module_builders import prepare, synthetic_catalogue
from tests.domain.modules.orders.test_order_effects import HANDS, THEN


def rules(*texts: str, place: str = "order") -> tuple[Rule, ...]:
    return parse_rules(texts, place, "Test card")


ALLOW_SPEECH = OrderCard(931, "Test allow speech", rules=rules("allow:speech"))
ALLOW_WITHDRAW = OrderCard(932, "Test allow withdraw", rules=rules("allow:withdraw"))
ALLOW_PLAY = OrderCard(933, "Test allow play", rules=rules("allow:play"))
DROP_MIN = OrderCard(934, "Test drop min", rules=rules("drop-min:5"))
DROP_MAX = OrderCard(935, "Test drop max", rules=rules("drop-max:3"))
NO_SUPPORT = OrderCard(936, "Test no support", rules=rules("support:none"))
ONE_DISCARD = OrderCard(937, "Test one discard", rules=rules("support-discards:1"))
DRAW = OrderCard(938, "Test draw", rules=rules("draw:2@withdraw"))
RUNNER = OrderCard(
    939,
    "Test runner",
    threats=("shell",),
    lasting=True,
    cancellation="a withdrawing player draws 3",
    rules=rules("cancel:withdraw-draw:3"),
)
PLAIN = OrderCard(940, "Test plain")
ORDERS = (
    ALLOW_SPEECH,
    ALLOW_WITHDRAW,
    ALLOW_PLAY,
    DROP_MIN,
    DROP_MAX,
    NO_SUPPORT,
    ONE_DISCARD,
    DRAW,
    RUNNER,
    PLAIN,
)


@cache
def catalogue() -> Catalogue:
    found = synthetic_catalogue()
    for card in ORDERS:
        found = found.learnt(card)
    return found


def mission(kept: int, hands: dict[str, list[str]] = HANDS, then: list[str] = THEN) -> ChapterState:
    """Ann leads Mission 1 (at the hands' size), keeping ``kept`` (PLAIN goes back)."""
    back = PLAIN.number if kept != PLAIN.number else ALLOW_SPEECH.number
    rest = tuple(o.number for o in ORDERS if o.number not in (kept, back))
    state = prepare(hands, then=then, orders=(kept, back, *rest), catalogue=catalogue())
    intensity = len(next(iter(hands.values())))
    state, _ = run(state, c.StartMission(intensity, options=kept_orders(kept, back)))
    return state


def with_knock(state: ChapterState, name: str, knock: str) -> ChapterState:
    player = state.player(name)
    return state.with_player(replace(player, hard_knocks=(*player.hard_knocks, knock)))


# --- the words --------------------------------------------------------------------------
def test_each_rule_reads_back_in_the_words_it_was_written_in():
    for text, place in (
        ("allow:speech", "order"),
        ("drop-min:4", "order"),
        ("support:none", "order"),
        ("support-discards:0", "order"),
        ("draw:2@withdraw", "order"),
        ("cancel:withdraw-draw:3", "order"),
        ("draw:1", "once"),
        ("discard:2", "once"),
        ("knock-discard", "once"),
        ("tokens:1", "once"),
        ("charm", "once"),
        ("reserve:3", "once"),
    ):
        assert parse_rule(text, place).text == text
    said = [rule_words(parse_rule(t, "order")) for t in ("drop-max:3", "cancel:withdraw-draw:2")]
    assert said == [
        "the Morale Drop takes at most 3 cards",
        "a player who has withdrawn may draw 2 cards to discard it",
    ]


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("dance", "order"),
        ("allow:sing", "order"),
        ("drop-max:0", "order"),
        ("draw:2", "order"),  # in force, a draw waits for a withdrawal
        ("draw:2@withdraw", "once"),
        ("support:none", "friendship"),  # a Friendship always helps
        ("cancel:withdraw-draw:3", "in-force"),
        ("charm:2", "once"),
    ],
)
def test_a_rule_the_engine_does_not_know_at_that_place_is_refused(text, place):
    with pytest.raises(InvalidDescription):
        parse_rule(text, place)


def test_an_order_described_with_rules_stores_them_as_text_and_learns_them_back():
    given = rules("drop-max:4", "cancel:withdraw-draw:2")
    card = OrderCard(950, "Test", lasting=True, rules=given)
    event = decide_describe(Catalogue(), DescribeOrder(card))
    assert from_record(to_record(event)) == event
    assert learn(Catalogue(), event).orders[950].rules == card.rules
    with pytest.raises(InvalidDescription, match="belongs to a lasting Order"):
        decide_describe(Catalogue(), DescribeOrder(replace(card, lasting=False)))


# --- what cards in force allow -----------------------------------------------------------
def test_an_order_allowing_speech_lets_a_mute_player_speak():
    state = with_knock(mission(PLAIN.number), "Ann", "mute")
    state = state.with_player(replace(state.player("Ann"), speech_tokens=1))
    assert legal_summary(state)["speech"] is False
    state = with_knock(mission(ALLOW_SPEECH.number), "Ann", "mute")
    state = state.with_player(replace(state.player("Ann"), speech_tokens=1))
    assert legal_summary(state)["speech"] is True
    run(state, c.MakeSpeech("Ann", "gas"))


def test_an_order_allowing_withdrawal_lifts_hardheaded():
    state = with_knock(mission(ALLOW_WITHDRAW.number), "Ann", "hardheaded")
    state, _ = run(state, c.Withdraw("Ann", "left"))
    assert state.player("Ann").withdrawn


def test_an_order_allowing_play_lifts_a_fearful_withdrawal():
    """Ann and Ben put two night threats down: Fearful Cy must withdraw, unless an Order
    in force allows playing on."""
    hands = {"Ann": ["night+shell", "rain+gas"], "Ben": ["night+gas", "snow+whistle"]}
    hands["Cy"] = ["snow+shell", "rain+whistle"]
    for kept, forced in ((PLAIN.number, True), (ALLOW_PLAY.number, False)):
        state = with_knock(mission(kept, hands), "Cy", "fearful")
        state, _ = run(state, c.PlayCard("Ann", "night+shell"), c.PlayCard("Ben", "night+gas"))
        assert legal_summary(state)["must_withdraw"] is forced
        if not forced:
            state, _ = run(state, c.PlayCard("Cy", "rain+whistle"))
            assert "rain+whistle" in state.nml


# --- the Morale Drop and the Support -----------------------------------------------------
def everyone_out(state: ChapterState) -> list:
    state, first = run(state, c.Withdraw("Ann", "left"), c.Withdraw("Ben", "left"))
    state, events = run(state, c.Withdraw("Cy", "right"))
    return [*first, *events]


def dropped(events: list) -> int:
    return next(len(e.cards) for e in events if isinstance(e, MoraleDropped))


def test_the_morale_drop_is_bounded_by_the_orders_in_force():
    assert dropped(everyone_out(mission(PLAIN.number))) == 6  # 6 cards left in hands
    assert dropped(everyone_out(mission(DROP_MAX.number))) == 3
    small = {"Ann": ["night+shell"], "Ben": ["snow+gas"], "Cy": ["snow+whistle"]}
    assert dropped(everyone_out(mission(PLAIN.number, small))) == 3
    assert dropped(everyone_out(mission(DROP_MIN.number, small))) == 5


def test_an_order_can_say_nobody_benefits_from_support_or_how_many_hard_knocks_go():
    plain = [e for e in everyone_out(mission(PLAIN.number)) if isinstance(e, SupportRevealed)]
    assert plain[0].beneficiary == "Ben" and plain[0].discards is None
    quiet = [e for e in everyone_out(mission(NO_SUPPORT.number)) if isinstance(e, SupportRevealed)]
    assert quiet[0].beneficiary is None
    state = with_knock(with_knock(mission(ONE_DISCARD.number), "Ben", "mute"), "Ben", "selfish")
    state, _ = run(state, c.Withdraw("Ann", "left"), c.Withdraw("Ben", "left"))
    state, _ = run(state, c.Withdraw("Cy", "right"))
    assert state.phase == Phase.SUPPORT and state.support is not None
    assert state.support.max_discards == 1


# --- draws ---------------------------------------------------------------------------------
def test_a_player_who_withdraws_under_a_drawing_order_draws():
    state = mission(DRAW.number)
    top = state.trials[:2]
    state, events = run(state, c.Withdraw("Ann", "left"))
    assert CardEffect("Order #938 Test draw", "draw:2@withdraw", "Ann", top) in events
    assert state.player("Ann").hand_size == 4 and state.trials[: len(THEN) - 2] == tuple(THEN[2:])


def test_a_cancellation_condition_is_checked_and_its_draw_can_lose_the_chapter():
    """Decision 2: cards entering hands are checked at once. 12 cards in hands, Ann
    withdraws and draws 3 to cancel the Order: 15, the chapter is lost."""
    big = {
        "Ann": ["night+shell", "rain+gas", "snow+gas", "night+rain"],
        "Ben": ["snow+whistle", "rain+whistle", "night+gas", "snow+shell"],
        "Cy": ["gas+whistle", "night+whistle", "rain+shell", "snow+rain"],
    }
    state = mission(RUNNER.number, big, then=["night+snow", "shell+whistle", "shell+gas"])
    with pytest.raises(OrderRefused, match="Ann has not withdrawn this Mission"):
        run(state, CancelOrder(RUNNER.number, "", "Ann", 3))
    state, _ = run(state, c.Withdraw("Ann", "left"))
    with pytest.raises(OrderRefused, match="--draws 3"):
        run(state, CancelOrder(RUNNER.number, "", "Ann", 2))
    state, events = run(state, CancelOrder(RUNNER.number, "", "Ann", 3))
    assert state.player("Ann").hand_size == 7
    assert state.phase == Phase.OVER and isinstance(events[-1], ChapterLost)
    assert events[-1].detail == "15 cards in hands (13 or more)"


def test_a_cancellation_condition_takes_the_cards_actually_drawn_from_a_short_deck():
    """The book: "When meeting the Cancellation Condition, if the Trials Deck doesn't contain enough
    cards, the Order of the Day is still cancelled" (issue 44): a deck of 1 gives 1 card,
    an empty deck none, and the table names that many, never the 3 the card asks for."""
    state = mission(RUNNER.number, then=["night+snow"])
    state, _ = run(state, c.Withdraw("Ann", "left"))
    with pytest.raises(OrderRefused, match=r"holds 1 card, so 3 cannot be drawn.*--draws 1"):
        run(state, CancelOrder(RUNNER.number, "", "Ann", 3))
    with pytest.raises(OrderRefused, match=r"the 1 card drawn \(--player, --draws 1\)"):
        run(state, CancelOrder(RUNNER.number, "", "Ann", 0))
    assert CancelOrder(RUNNER.number, "", "Ann", 1) in legal_actions(state)
    empty = replace(state, trials=())
    with pytest.raises(OrderRefused, match=r"holds 0 cards, so 3 cannot be drawn.*--draws 0"):
        run(empty, CancelOrder(RUNNER.number, "", "Ann", 3))
    after, events = run(empty, CancelOrder(RUNNER.number, "", "Ann", 0))
    assert events[0].cards == () and after.player("Ann").hand_size == 2


# --- once --------------------------------------------------------------------------------
def test_once_rules_move_what_they_say_for_their_player():
    state = mission(PLAIN.number)
    state = state.with_player(replace(state.player("Ben"), charm_up=False))
    o = Outcome(state)
    once(o, "Test hand", rules("draw:1", "reserve:2", "charm", place="once"), "Ben", c.Choice())
    after = o.state
    assert after.player("Ben").hand_size == 3 and after.player("Ben").charm_up
    assert len(after.trials) == len(state.trials) - 3
    assert len(after.morale) == len(state.morale) + 2
    o = Outcome(after)
    once(o, "Test hand", rules("discard:1", place="once"), "Ben", c.Choice(("snow+gas",)))
    assert "snow+gas" in o.state.discard and o.state.player("Ben").hand_size == 2
    with pytest.raises(EffectRefused, match="holds no"):
        once(Outcome(after), "Test", rules("discard:1", place="once"), "Ben", c.Choice(("mute",)))
