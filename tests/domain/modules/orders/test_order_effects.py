"""What an Order of the Day forbids, enforced while it is in No Man's Land (issue 14).

The Orders here are made-up test data (the printed cards are not public): "Test order"
names, numbers from 921 up, and only the effects vocabulary on them.
"""

from __future__ import annotations

import json
from functools import cache

import pytest
from msgspec.structs import replace

from domain.cards.box import DescribeOrder, OrderDescribed, decide_describe, learn
from domain.cards.catalogue import Catalogue, Forbid, OrderCard
from domain.cards.effects import parse_forbid
from domain.chapter import commands as c
from domain.chapter.state import ChapterState
from domain.errors import InvalidDescription
from domain.events import to_record
from domain.legal import legal_actions, legal_summary
from domain.modules.effects import OrderForbids, gave_way
from domain.modules.orders import CancelOrder, OrderDiscarded, kept_orders, order_piles
from domain.records import from_record
from tests.domain.builders import run
from tests.domain.module_builders import prepare, synthetic_catalogue

HOLD = OrderCard(921, "Test order A", minimum=((3, 1),), forbids=(Forbid("speech"),))
NO_CHARM = OrderCard(
    922, "Test order B", lasting=True, cancellation="test condition", forbids=(Forbid("charm"),)
)
STAY = OrderCard(923, "Test order C", forbids=(Forbid("withdraw-holding", holding=2),))
NO_GAS = OrderCard(924, "Test order D", forbids=(Forbid("play", threat="gas"),))
PLAIN = OrderCard(925, "Test order E", minimum=((3, 1),))
HANDS = {
    "Ann": ["night+shell", "rain+gas"],
    "Ben": ["snow+gas", "rain+whistle"],
    "Cy": ["snow+whistle", "night+gas"],
}
THEN = ["night+rain", "snow+shell", "gas+whistle", "night+whistle", "rain+shell", "snow+rain"]


@cache
def catalogue() -> Catalogue:
    """The synthetic catalogue with the test orders described."""
    found = synthetic_catalogue()
    for card in (HOLD, NO_CHARM, STAY, NO_GAS, PLAIN):
        found = found.learnt(card)
    return found


def first_mission(kept: int, back: int, hands: dict[str, list[str]] = HANDS) -> ChapterState:
    """Ann leads Mission 1 (intensity 2), keeping ``kept`` and putting ``back`` on top."""
    rest = tuple(n for n in range(921, 926) if n not in (kept, back))
    state = prepare(hands, then=THEN, orders=(kept, back, *rest), catalogue=catalogue())
    state, _ = run(state, c.StartMission(2, options=kept_orders(kept, back)))
    return state


def with_token(state: ChapterState, name: str) -> ChapterState:
    """The player holds a Speech token (as after leading an earlier Mission)."""
    return state.with_player(replace(state.player(name), speech_tokens=1))


def listed(state: ChapterState, kind: type) -> list[c.Command]:
    return [command for command in legal_actions(state) if isinstance(command, kind)]


def test_a_speech_is_refused_under_an_order_that_forbids_it_and_allowed_once_it_is_discarded():
    state = with_token(first_mission(921, 925), "Ann")

    with pytest.raises(OrderForbids, match="Order #921 Test order A: no Speech this Mission"):
        run(state, c.MakeSpeech("Ann", "gas"))
    assert listed(state, c.MakeSpeech) == [] and legal_summary(state)["speech"] is False

    state, events = run(state, c.Withdraw("Ann", "left"), c.Withdraw("Ben", "left"))
    state, events = run(state, c.Withdraw("Cy", "left"))
    assert OrderDiscarded(921) in events  # after the Support phase
    state, _ = run(state, c.StartMission(1, options=kept_orders(925, 922)))
    state = with_token(state, state.active_player.name)
    speaker = state.active_player.name
    assert legal_summary(state)["speech"] is True
    state, events = run(state, c.MakeSpeech(speaker, "gas"))
    assert events[0].TYPE == "SpeechMade"


def test_a_charm_is_refused_while_a_lasting_order_forbids_it_until_it_is_cancelled():
    state = first_mission(922, 925)
    state, _ = run(state, c.PlayCard("Ann", "night+shell"), c.Withdraw("Ben", "left"))
    state, _ = run(state, c.Withdraw("Cy", "left"))

    with pytest.raises(
        OrderForbids, match="Order #922 Test order B: no Good Luck Charm until it is cancelled"
    ):
        run(state, c.UseCharm("Ann", "night+shell"))
    assert listed(state, c.UseCharm) == [] and legal_summary(state)["charm"] == []

    state, _ = run(state, CancelOrder(922, "test condition met"))
    assert listed(state, c.UseCharm) == [c.UseCharm("Ann", "night+shell")]
    state, events = run(state, c.UseCharm("Ann", "night+shell"))
    assert events[0].TYPE == "CharmUsed"


def test_a_player_holding_n_cards_or_more_may_not_withdraw():
    state = first_mission(923, 925)

    with pytest.raises(
        OrderForbids,
        match=r"Order #923 Test order C: no withdrawal while holding 2 or more cards this "
        r"Mission \(Ann holds 2 cards\)",
    ):
        run(state, c.Withdraw("Ann", "left"))
    assert listed(state, c.Withdraw) == [] and legal_summary(state)["withdraw"] == []

    state, _ = run(state, c.PlayCard("Ann", "night+shell"), c.PlayCard("Ben", "snow+gas"))
    state, _ = run(state, c.PlayCard("Cy", "snow+whistle"))
    assert legal_summary(state)["withdraw"] == ["left", "right"]
    state, events = run(state, c.Withdraw("Ann", "left"))  # one card left: allowed
    assert events[0].TYPE == "PlayerWithdrew"


def test_a_card_showing_a_forbidden_threat_is_refused():
    state = first_mission(924, 925)

    with pytest.raises(
        OrderForbids, match="Order #924 Test order D: no card showing gas played this Mission"
    ):
        run(state, c.PlayCard("Ann", "rain+gas"))
    assert listed(state, c.PlayCard) == [c.PlayCard("Ann", "night+shell")]
    assert legal_summary(state)["play"] == ["night+shell"]
    state, events = run(state, c.PlayCard("Ann", "night+shell"))
    assert events[0].TYPE == "CardPlayed"


def test_two_stacked_orders_both_apply():
    state = first_mission(922, 924)  # the lasting no-charm order stays for Mission 2
    state, _ = run(state, c.Withdraw("Ann", "left"), c.Withdraw("Ben", "left"))
    state, _ = run(state, c.Withdraw("Cy", "left"))
    state, _ = run(state, c.StartMission(1, options=kept_orders(924, 921)))
    assert order_piles(state).in_play == (922, 924) and state.active_player.name == "Ben"
    state, _ = run(state, c.PlayCard("Ben", "rain+whistle"), c.PlayCard("Cy", "snow+whistle"))
    state, _ = run(state, c.PlayCard("Ann", "night+shell"))

    with pytest.raises(OrderForbids, match="Order #922 Test order B: no Good Luck Charm"):
        run(state, c.UseCharm("Ben", "snow+whistle"))
    with pytest.raises(OrderForbids, match="Order #924 Test order D: no card showing gas"):
        run(state, c.PlayCard("Ben", "snow+gas"))
    assert listed(state, c.UseCharm) == []
    assert c.PlayCard("Ben", "snow+gas") not in listed(state, c.PlayCard)
    assert listed(state, c.PlayCard) and listed(state, c.Withdraw)


def test_orders_forbidding_every_action_yield_for_that_turn():
    """Both gas cards forbidden, the hand too large to withdraw, no charm or Speech: the
    restrictions yield (the engine's decision: a refusal always leaves an action)."""
    hands = {"Ann": ["rain+gas", "snow+gas"], "Ben": HANDS["Ben"], "Cy": HANDS["Cy"]}
    stuck = OrderCard(926, "Test order F", forbids=(*NO_GAS.forbids, *STAY.forbids))
    state = prepare(hands, then=THEN, orders=(926, 925), catalogue=catalogue().learnt(stuck))
    state, _ = run(state, c.StartMission(2, options=kept_orders(926, 925)))

    both = [c.PlayCard("Ann", "rain+gas"), c.PlayCard("Ann", "snow+gas")]
    assert listed(state, c.PlayCard) == both
    state, events = run(state, c.PlayCard("Ann", "rain+gas"))
    assert events[0].TYPE == "CardPlayed"


def test_an_order_described_before_effects_existed_changes_nothing():
    old = to_record(decide_describe(catalogue(), DescribeOrder(replace(PLAIN, number=931))))
    del old["data"]["forbids"]  # stored before the field existed
    event = from_record(json.loads(json.dumps(old)))
    assert isinstance(event, OrderDescribed) and event.forbids == ()
    assert learn(Catalogue(), event).orders[931] == replace(PLAIN, number=931)

    state = first_mission(925, 921)
    bare = state.keeping("orders", replace(order_piles(state), in_play=()))
    assert legal_actions(state) == legal_actions(bare)


def test_a_description_says_what_it_forbids_in_the_vocabularys_words():
    card = replace(NO_GAS, number=932, forbids=(Forbid("play", threat="gas"), Forbid("speech")))
    event = decide_describe(catalogue(), DescribeOrder(card))
    assert isinstance(event, OrderDescribed) and event.forbids == ("play:gas", "speech")
    assert learn(catalogue(), event).orders[932].forbids == card.forbids
    assert parse_forbid(" Withdraw-Holding:3 ") == Forbid("withdraw-holding", holding=3)
    for wrong in ("sing", "play:hail", "withdraw-holding:0", "speech:2"):
        with pytest.raises(InvalidDescription, match="not a restriction the engine knows"):
            parse_forbid(wrong)
    twice = replace(card, forbids=(Forbid("charm"), Forbid("charm")))
    with pytest.raises(InvalidDescription, match="charm is forbidden twice"):
        decide_describe(catalogue(), DescribeOrder(twice))


def knock(state: ChapterState, name: str, kind: str) -> ChapterState:
    """A Hard Knock in front of the player (played in an earlier Mission)."""
    player = state.player(name)
    return state.with_player(replace(player, hard_knocks=(*player.hard_knocks, kind)))


def test_a_hardheaded_player_holding_only_forbidden_cards_may_withdraw():
    """Armistice rulebook, Orders of the Day: "In case of conflict with a Hard Knock, the
    Order of the Day has priority." Hardheaded forbids withdrawing with 2 cards or more;
    the Order forbids both of Ann's cards: the Hard Knock gives way, not the Order."""
    hands = {**HANDS, "Ann": ["rain+gas", "snow+gas"]}
    state = knock(first_mission(924, 925, hands), "Ann", "hardheaded")

    assert listed(state, c.PlayCard) == []
    assert listed(state, c.Withdraw) != []
    with pytest.raises(OrderForbids, match="Order #924 Test order D: no card showing gas"):
        run(state, c.PlayCard("Ann", "rain+gas"))
    state, events = run(state, c.Withdraw("Ann", "left"))
    assert events[0].TYPE == "PlayerWithdrew"


def test_without_the_order_hardheaded_still_keeps_the_player_in():
    hands = {**HANDS, "Ann": ["rain+gas", "snow+gas"]}
    state = knock(first_mission(925, 924, hands), "Ann", "hardheaded")

    assert listed(state, c.Withdraw) == []
    state, events = run(state, c.PlayCard("Ann", "rain+gas"))
    assert events[0].TYPE == "CardPlayed"


def test_a_fearful_player_whose_withdrawal_an_order_forbids_plays_on():
    """Fearful with 2 identical threats active must withdraw; an Order forbids withdrawing
    while holding 2 cards: the Order has priority, so Cy plays instead."""
    hands = {
        "Ann": ["night+shell", "rain+gas"],
        "Ben": ["night+snow", "snow+gas"],
        "Cy": ["snow+whistle", "rain+whistle"],
    }
    state = knock(first_mission(923, 925, hands), "Cy", "fearful")
    state, _ = run(state, c.PlayCard("Ann", "night+shell"), c.PlayCard("Ben", "night+snow"))

    assert legal_summary(state)["must_withdraw"] is False
    assert listed(state, c.Withdraw) == []
    state, events = run(state, c.PlayCard("Cy", "snow+whistle"))
    assert events[0].TYPE == "CardPlayed"


def at_a_real_table(state: ChapterState) -> ChapterState:
    """The same position as the tool sees it at a real table: decks and hands unseen."""
    players = tuple(replace(p, hand=(), hidden=p.hand_size) for p in state.players)
    return replace(state, trials=(None,) * len(state.trials), players=players)


def test_at_a_real_table_a_hardheaded_player_whose_unseen_cards_may_all_be_forbidden_may_withdraw():
    """Issue 44: the tool does not see Ann's hand. Every card she may hold is one the
    Order forbids or not: she is taken at her word, as for a card played from an unseen
    hand. Withdrawing, the Hard Knock gives way to the Order (and says so); a card the
    Order allows may still be played; without the Order, Hardheaded holds."""
    hands = {**HANDS, "Ann": ["rain+gas", "snow+gas"]}
    state = at_a_real_table(knock(first_mission(924, 925, hands), "Ann", "hardheaded"))

    assert listed(state, c.Withdraw) != []
    assert c.PlayCard("Ann", "night+rain") in listed(state, c.PlayCard)
    with pytest.raises(OrderForbids, match="no card showing gas"):
        run(state, c.PlayCard("Ann", "snow+gas"))
    said = gave_way(state, state.player("Ann"))
    assert said == (
        "Ann is Hardheaded: no withdrawal while holding 2 cards (2 or more)",
        ("Order #924 Test order D",),
    )
    state, events = run(state, c.Withdraw("Ann", "left"))
    assert events[0].TYPE == "PlayerWithdrew"

    plain = at_a_real_table(knock(first_mission(925, 924, hands), "Ann", "hardheaded"))
    assert listed(plain, c.Withdraw) == [] and gave_way(plain, plain.player("Ann")) is None
