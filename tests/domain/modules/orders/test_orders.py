"""Orders of the Day (Armistice rulebook, "The Orders of the Day", read before Chapter 2).

The order cards are synthetic test data (``module_builders``): the engine enforces the
structure of the module (drawing, the minimum intensity, threats, discarding, stacking,
cancelling), never an order's own text.
"""

from __future__ import annotations

import json

import pytest
from msgspec.structs import replace

from domain.campaign.flow import decide_create_campaign, start_campaign
from domain.cards.catalogue import OrderCard
from domain.chapter.commands import (
    PlayCard,
    Seat,
    StartChapter,
    StartMission,
    Withdraw,
)
from domain.chapter.setup import decide_start_chapter
from domain.chapter.state import ChapterState, Phase
from domain.codec import (
    decode_campaign,
    decode_chapter,
    decode_command,
    encode_campaign,
    encode_chapter,
    encode_command,
)
from domain.errors import IntensityTooLow, InvalidSetup, MustWithdraw, WrongPhase
from domain.events import MissionFailed, MissionStarted, to_record
from domain.legal import legal_actions
from domain.modules.orders import (
    CANCEL_REASON,
    CancelOrder,
    OrderCancelled,
    OrderChosen,
    OrderDiscarded,
    OrderPiles,
    OrderRefused,
    kept_orders,
    order_deck_options,
    order_kept,
    order_piles,
    order_put_back,
)
from domain.records import from_record
from tests.domain.builders import kinds, run
from tests.domain.module_builders import prepare, synthetic_catalogue

HANDS = {
    "Ann": ["night+shell", "rain+gas"],
    "Ben": ["snow+gas", "rain+whistle"],
    "Cy": ["snow+whistle", "night+gas"],
}


def withdraw_all(state: ChapterState) -> tuple[ChapterState, tuple]:
    """Every Grizzled still in the Mission withdraws in turn, each playing a left tile."""
    events: tuple = ()
    while state.phase == Phase.MISSION:
        state, new = run(state, Withdraw(state.active_player.name, "left"))
        events += new
    return state, events


def second_mission(orders: tuple[int, ...], kept: int, back: int, **kw) -> ChapterState:
    """The first Mission (Ann leads, intensity 2) kept ``kept``, put ``back`` back on top,
    and everyone withdrew: Ben now prepares the second Mission."""
    state = prepare(HANDS, orders=orders, **kw)
    state, _ = run(state, StartMission(2, options=kept_orders(kept, back)))
    state, _ = withdraw_all(state)
    assert state.phase == Phase.PREPARATION and state.players[state.leader].name == "Ben"
    return state


# --- Drawing and keeping ------------------------------------------------------------------
def test_the_leader_draws_two_orders_keeps_one_in_no_mans_land_and_puts_the_other_on_top():
    """'the Mission Leader draws 2 Order of the Day cards, selects 1 of them, and reveals it
    to the other players. The remaining card is placed on top of the Order of the Day Deck'"""
    state = prepare(HANDS, orders=(901, 903, 905, 906))

    with pytest.raises(
        OrderRefused,
        match="#901 and #903 are on top of the Order of the Day "
        "deck: Ann draws those two, not #905 and #901",
    ):
        run(state, StartMission(2, options=kept_orders(905, 901)))
    state, events = run(state, StartMission(2, options=kept_orders(903, 901)))

    assert events[:2] == (OrderChosen("Ann", 903, 901), MissionStarted(1, "Ann", 2))
    assert kinds(events[2:]) == ["CardsDealt"]
    assert order_piles(state) == OrderPiles(deck=(901, 905, 906), known=3, in_play=(903,))


def test_the_next_leader_draws_the_card_put_back_and_one_more():
    """'(which means that this card and another one will be drawn by the following Mission
    Leader)'"""
    state = second_mission((901, 903, 905, 906), kept=903, back=901)

    with pytest.raises(OrderRefused, match="#901 and #905 are on top"):
        run(state, StartMission(1, options=kept_orders(906, 901)))
    state, events = run(state, StartMission(1, options=kept_orders(901, 905)))

    assert events[0] == OrderChosen("Ben", 901, 905)
    assert order_piles(state).deck == (905, 906) and order_piles(state).in_play == (901,)


def test_at_a_real_table_the_order_put_back_is_one_of_the_next_leaders_two():
    """At a real table nobody knows the deck's order, only the card put back on top."""
    state = prepare(HANDS, orders=(901, 903, 905, 906), known=False)
    state, _ = run(state, StartMission(2, options=kept_orders(905, 906)))
    assert order_piles(state) == OrderPiles(deck=(906, 901, 903), known=1, in_play=(905,))
    state, _ = withdraw_all(state)

    with pytest.raises(
        OrderRefused,
        match="#906 is on top of the Order of the Day deck: Ben "
        "draws it and one more card, not #901 and #903",
    ):
        run(state, StartMission(1, options=kept_orders(901, 903)))
    with pytest.raises(
        OrderRefused,
        match=r"#904 is not in the Order of the Day deck \(it "
        r"holds #906, #901, #903\)",
    ):
        run(state, StartMission(1, options=kept_orders(904, 906)))
    state, events = run(state, StartMission(2, options=kept_orders(906, 903)))

    assert events[0] == OrderChosen("Ben", 906, 903)
    assert order_piles(state).deck == (903, 901) and order_piles(state).known == 1


def test_the_last_order_in_the_deck_is_kept_and_an_empty_deck_gives_no_order():
    """Interpretation (docs/rules.md) of 'the Mission Leader draws 2 Order of the Day cards'
    when fewer are left: one card left is drawn and kept; an empty deck gives no order."""
    state = second_mission((906, 901, 905), kept=906, back=901)
    state, _ = run(state, StartMission(1, options=kept_orders(901, 905)))
    state, _ = withdraw_all(state)
    assert order_piles(state).deck == (905,)

    with pytest.raises(
        OrderRefused,
        match="only #905 is left in the Order of the Day deck: Cy keeps it and puts nothing back",
    ):
        run(state, StartMission(1, options=kept_orders(905, 901)))
    state, events = run(state, StartMission(1, options=kept_orders(905)))
    assert events[0] == OrderChosen("Cy", 905, None)
    state, _ = withdraw_all(state)

    assert order_piles(state).deck == ()
    with pytest.raises(OrderRefused, match="this chapter has no order left: Ann draws no Order"):
        run(state, StartMission(1, options=kept_orders(905)))
    state, events = run(state, StartMission(1))
    assert kinds(events[:2]) == ["MissionStarted", "CardsDealt"]


def test_the_leader_says_which_order_is_kept_and_which_goes_back():
    state = prepare(HANDS, orders=(901, 903, 905))

    with pytest.raises(
        OrderRefused,
        match="Ann draws Orders of the Day: say which one they keep and which goes back on top",
    ):
        run(state, StartMission(2))
    with pytest.raises(
        OrderRefused,
        match="Ann draws 2 Orders of the Day: say which one goes back on top of the deck",
    ):
        run(state, StartMission(2, options=kept_orders(901)))
    with pytest.raises(OrderRefused, match="not #901 twice"):
        run(state, StartMission(2, options=kept_orders(901, 901)))


def test_an_order_must_be_described_before_it_is_kept():
    """cards.md: the texts are not public; the player describes each card."""
    state = prepare(HANDS, orders=(999, 901, 903))

    with pytest.raises(OrderRefused, match="Order of the Day #999 is not described yet"):
        run(state, StartMission(2, options=kept_orders(999, 901)))
    state, events = run(state, StartMission(2, options=kept_orders(901, 999)))
    assert events[0] == OrderChosen("Ann", 901, 999)


def test_a_chapter_without_orders_of_the_day_draws_none():
    state = prepare(HANDS)
    assert order_piles(state) is None
    with pytest.raises(OrderRefused, match="this chapter is played without Orders of the Day"):
        run(state, StartMission(2, options=kept_orders(901, 903)))
    with pytest.raises(OrderRefused, match="played without Orders of the Day: nothing"):
        run(state, CancelOrder(901, "no such order"))


def test_orders_of_the_day_belong_to_armistice_chapters_each_card_once():
    table = tuple(Seat(p.name, p.charm or "") for p in prepare(HANDS).players)
    with pytest.raises(InvalidSetup, match="Orders of the Day belong to the Armistice Edition"):
        decide_start_chapter(
            StartChapter(
                "classic",
                table,
                leader="Ann",
                third_tiles=("left",) * 3,
                options=order_deck_options((901, 902)),
            ),
            synthetic_catalogue(),
        )
    with pytest.raises(InvalidSetup, match="each once"):
        decide_start_chapter(
            StartChapter(
                "armistice",
                table,
                leader="Ann",
                trials=10,
                morale=20,
                first_intensity=2,
                third_tiles=("left",) * 3,
                options=order_deck_options((901, 901)),
            ),
            synthetic_catalogue(),
        )


# --- The minimum intensity ----------------------------------------------------------------
def test_the_kept_order_sets_the_minimum_intensity_and_the_leader_may_deal_more():
    """'This card shows the minimum amount of Trial cards each player receives, which varies
    according to the number of players. The Mission Leader may choose to increase this
    value to distribute more cards.'"""
    state = second_mission((901, 905, 903, 906), kept=901, back=905)

    with pytest.raises(
        IntensityTooLow,
        match=r"Ben cannot choose intensity 1: Order of the Day "
        r"#903 \(Synthetic order C: heavy rain\) sets at least 2 for 3 Grizzled",
    ):
        run(state, StartMission(1, options=kept_orders(903, 905)))
    state, events = run(state, StartMission(3, options=kept_orders(903, 905)))

    assert events[1] == MissionStarted(2, "Ben", 3)


def test_duo_reads_an_orders_minimum_for_four_players():
    """Rules summary, 2 player game: 'Play as if it were a 4 player game (eg, for the number
    of cards to be dealt on the order of the day ...)'"""
    hands = {n: HANDS.get(n, ["rain+shell", "snow+shell"]) for n in ("Ann", "Ben", "Cy", "Dee")}
    duo = {"Ann": "Pat", "Ben": "Pat", "Cy": "Sam", "Dee": "Sam"}
    state = prepare(hands, orders=(901, 903, 905), owners=duo)
    state, _ = run(state, StartMission(2, options=kept_orders(901, 903)))
    state, _ = withdraw_all(state)

    with pytest.raises(IntensityTooLow, match="sets at least 3 for 4 Grizzled"):
        run(state, StartMission(2, options=kept_orders(903, 905)))
    state, events = run(state, StartMission(3, options=kept_orders(903, 905)))
    assert events[1] == MissionStarted(2, "Ben", 3)


def test_the_first_mission_keeps_the_briefings_intensity_whatever_the_order():
    """Interpretation (docs/rules.md): the Briefing's first intensity stands for the first
    Mission; the kept order's minimum applies from the second Mission on."""
    state = prepare(HANDS, orders=(904, 901))

    with pytest.raises(IntensityTooLow, match="the Briefing sets the first intensity at 2"):
        run(state, StartMission(3, options=kept_orders(904, 901)))
    state, events = run(state, StartMission(2, options=kept_orders(904, 901)))
    assert events[1] == MissionStarted(1, "Ann", 2)


def test_legal_actions_list_each_order_kept_with_the_intensities_it_allows():
    state = second_mission((901, 905, 903, 906), kept=901, back=905)

    starts = [c for c in legal_actions(state) if isinstance(c, StartMission)]

    assert {(order_kept(c), order_put_back(c)) for c in starts} == {(905, 903), (903, 905)}
    assert min(c.intensity for c in starts if order_kept(c) == 905) == 1
    assert min(c.intensity for c in starts if order_kept(c) == 903) == 2


# --- Threats, discarding, stacking --------------------------------------------------------
def test_a_lasting_order_adds_its_shell_to_no_mans_land_until_it_is_cancelled():
    """'This Order of the Day adds a Shell to No Man's Land until the Cancellation Condition
    has been met.'"""
    hands = {
        "Ann": ["night+shell", "rain+gas"],
        "Ben": ["snow+shell", "rain+whistle"],
        "Cy": ["snow+whistle", "night+gas"],
    }
    state = prepare(hands, orders=(902, 901))
    state, _ = run(
        state, StartMission(2, options=kept_orders(902, 901)), PlayCard("Ann", "night+shell")
    )
    assert state.threat_counts()["shell"] == 2

    state, events = run(state, PlayCard("Ben", "snow+shell"))

    assert isinstance(events[1], MissionFailed) and events[1].threat == "shell"
    assert "OrderDiscarded" not in kinds(events)
    assert order_piles(state).in_play == (902,) and state.threat_counts()["shell"] == 1


def test_an_orders_threat_counts_for_a_fearful_grizzled():
    """Fearful: 'must withdraw if 2 identical threats are active in No Man's Land'; the
    order's shell is one of them."""
    hands = {
        "Ann": ["fearful", "rain+gas"],
        "Ben": ["night+shell", "snow+gas"],
        "Cy": ["rain+whistle", "night+gas"],
    }
    state = prepare(hands, orders=(902, 901))
    state, _ = run(
        state,
        StartMission(2, options=kept_orders(902, 901)),
        PlayCard("Ann", "fearful"),
        PlayCard("Ben", "night+shell"),
        PlayCard("Cy", "rain+whistle"),
    )

    with pytest.raises(MustWithdraw, match="Ann is Fearful and 2 shell threats are active"):
        run(state, PlayCard("Ann", "rain+gas"))
    assert {type(c).__name__ for c in legal_actions(state)} == {"Withdraw", "CancelOrder"}


def test_orders_stack_and_only_those_without_a_cancellation_condition_leave_after_support():
    """'A new Order of the Day card is drawn at the start of every Mission, even if the
    previous one wasn't discarded, stacking their effects.' 'Most Order of the Day cards
    last as long as the Mission itself and are discarded after the Support phase.'"""
    state = second_mission((902, 901, 903, 905), kept=902, back=901)
    assert order_piles(state).in_play == (902,)

    state, _ = run(state, StartMission(2, options=kept_orders(903, 901)))
    assert order_piles(state).in_play == (902, 903)
    assert state.threat_counts()["shell"] == 1 and state.threat_counts()["rain"] == 1
    state, events = withdraw_all(state)

    assert kinds(events)[-4:] == [
        "SupportRevealed",
        "OrderDiscarded",
        "MoraleDropped",
        "LeadershipPassed",
    ]
    assert events[-3] == OrderDiscarded(903)
    assert order_piles(state) == OrderPiles(
        deck=(901, 905), known=2, in_play=(902,), discard=(903,), spent=((2, 903),)
    )


def test_three_identical_threats_active_when_the_cards_are_dealt_fail_the_mission_at_once():
    """ "There must never be 3 identical active Threats at the same time." Decision 3: "The
    Mission fails as soon as the Order is placed and the cards are dealt, before any
    action." Night: the lasting Order D, Ann's Trauma and the Order the next leader keeps."""
    night_raid = OrderCard(909, "Synthetic order I: night raid", "easy", ((3, 1),), ("night",))
    hands = {
        "Ann": ["trauma-night", "rain+gas", "snow+rain"],
        "Ben": ["snow+gas", "rain+whistle", "shell+gas"],
        "Cy": ["snow+whistle", "rain+shell", "gas+whistle"],
    }
    state = prepare(
        hands,
        orders=(904, 909, 901),
        then=["night+shell", "snow+shell", "night+gas"],
        catalogue=synthetic_catalogue().learnt(night_raid),
    )
    state, _ = run(state, StartMission(3, options=kept_orders(904, 909)))
    state, _ = run(state, PlayCard("Ann", "trauma-night"))
    state, _ = withdraw_all(state)
    assert state.player("Ann").hard_knocks == ("trauma-night",)
    assert order_piles(state) is not None and order_piles(state).in_play == (904,)

    state, events = run(state, StartMission(1, options=kept_orders(909, 901)))

    assert kinds(events)[:4] == ["OrderChosen", "MissionStarted", "CardsDealt", "MissionFailed"]
    assert events[3].threat == "night"
    assert all(not p.withdrawn for p in state.players)  # nobody acted


# --- Cancelling a lasting order -----------------------------------------------------------
def test_a_cancelled_order_still_leaves_when_the_trials_deck_cannot_give_every_card():
    """'Example: When Withdrawing, a player can draw 3 cards from the Trials Deck to discard
    this Order of the Day.' 'When meeting the Cancellation Condition, if the Trials Deck
    doesn't contain enough cards, the Order of the Day is still cancelled.'"""
    state = prepare(HANDS, orders=(902, 901), then=["night+gas", "snow+whistle"])
    state, _ = run(state, StartMission(2, options=kept_orders(902, 901)), Withdraw("Ann", "left"))
    assert len(state.trials) == 2

    with pytest.raises(OrderRefused, match="holds 2 cards, so 3 cannot be drawn"):
        run(state, CancelOrder(902, "Ann withdrew and draws 3 cards", "ann", 3))
    state, events = run(state, CancelOrder(902, "Ann withdrew and drew the last 2", "ann", 2))

    assert events == (
        OrderCancelled(
            902, "Ann withdrew and drew the last 2", "Ann", ("night+gas", "snow+whistle")
        ),
    )
    assert (
        state.trials == ()
        and order_piles(state).in_play == ()
        and order_piles(state).discard == (902,)
    )
    assert state.player("Ann").hand == ("night+gas", "night+shell", "rain+gas", "snow+whistle")
    assert state.active_player.name == "Ben"  # not an action: the turn stays where it was


def test_only_a_lasting_order_in_play_can_be_cancelled_and_for_a_reason():
    state = prepare(HANDS, orders=(902, 903, 901))
    state, _ = run(state, StartMission(2, options=kept_orders(903, 902)))

    with pytest.raises(
        OrderRefused,
        match=r"#903 \(Synthetic order C: heavy rain\) has no "
        "cancellation condition: it lasts this Mission",
    ):
        run(state, CancelOrder(903, "we think so"))
    with pytest.raises(
        OrderRefused,
        match=r"#902 \(Synthetic order B: shelling\) is not in No "
        r"Man's Land \(orders in play: #903\)",
    ):
        run(state, CancelOrder(902, "it was drawn"))
    assert not any(isinstance(c, CancelOrder) for c in legal_actions(state))

    state = second_mission((902, 901, 903), kept=902, back=901)
    with pytest.raises(OrderRefused, match="say why Order of the Day #902"):
        run(state, CancelOrder(902, "  "))
    with pytest.raises(OrderRefused, match="name the player who draws"):
        run(state, CancelOrder(902, "condition met", draws=2))
    assert CancelOrder(902, CANCEL_REASON) in legal_actions(state)
    state, events = run(state, CancelOrder(902, CANCEL_REASON))
    assert events == (OrderCancelled(902, CANCEL_REASON, None, ()),)


def test_no_order_is_cancelled_once_the_chapter_is_over():
    state = prepare(
        {"Ann": ["night+shell"], "Ben": ["snow+gas"], "Cy": ["rain+gas"]}, orders=(902, 901)
    )
    state, _ = run(
        state,
        StartMission(1, options=kept_orders(902, 901)),
        PlayCard("Ann", "night+shell"),
        PlayCard("Ben", "snow+gas"),
        PlayCard("Cy", "rain+gas"),
    )
    state, events = withdraw_all(state)
    assert kinds(events)[-1] == "ChapterWon"
    assert state.phase == Phase.OVER and order_piles(state).in_play == (902,)
    with pytest.raises(WrongPhase, match="the chapter is over"):
        run(state, CancelOrder(902, "too late"))


# --- Storage ------------------------------------------------------------------------------
def test_order_events_commands_and_piles_survive_storage():
    state = second_mission((902, 901, 903), kept=902, back=901)
    commands = (StartMission(2, options=kept_orders(903, 901)), CancelOrder(902, "met", "Cy", 0))
    state, events = run(state, *commands)

    for command in commands:
        assert decode_command(json.loads(json.dumps(encode_command(command)))) == command

    for event in events:
        assert from_record(json.loads(json.dumps(to_record(event)))) == event
    stored = json.loads(json.dumps(encode_chapter(state)))
    assert decode_chapter(stored, state.catalogue) == state


def test_a_state_stored_before_the_orders_had_their_record_reads_their_piles_into_it():
    """State format 2 kept the Orders' piles in the chapter's ``orders``; format 3 keeps them
    in the module's record (``ChapterState.modules``): an old snapshot reads the same."""
    state = second_mission((902, 901, 903), kept=902, back=901)
    seats = tuple(Seat(p.name, p.charm or "") for p in state.players)
    campaign = start_campaign(decide_create_campaign("Autumn", "classic", seats))
    campaign = replace(campaign, chapter=state, catalogue=state.catalogue)
    data = json.loads(json.dumps(encode_campaign(campaign)))
    assert data["format"] >= 3 and "orders" not in data["chapter"]
    chapter = dict(data["chapter"])
    old = {**chapter, "orders": chapter.pop("modules")["orders"]}
    without = {**chapter, "orders": None}

    again = decode_campaign({**data, "format": 2, "chapter": old})
    bare = decode_campaign({**data, "format": 2, "chapter": without})

    assert again == decode_campaign(data) == campaign
    assert order_piles(state) is not None and order_piles(again.chapter) == order_piles(state)
    assert bare.chapter is not None and order_piles(bare.chapter) is None
