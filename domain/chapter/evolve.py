"""Applying events to the chapter state: ``begin`` for the first, ``evolve`` for the rest.

``evolve`` trusts the event (``decide`` checked the rules) and is total and pure, so
replaying stored events always rebuilds the same state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from msgspec.structs import replace

from domain.cards.catalogue import Catalogue, base_catalogue
from domain.chapter.facts import apply_correction
from domain.chapter.moments import INSTALLED
from domain.chapter.rules import Rules
from domain.chapter.state import ChapterState, Phase, Player, Slot, SupportPending
from domain.chapter.trail import noted
from domain.events import (
    CardDrawnAndPlayed,
    CardPlayed,
    CardsDealt,
    CardsDrawn,
    ChapterLost,
    ChapterStarted,
    ChapterWon,
    CharmUsed,
    Event,
    FactCorrected,
    HardKnockDiscarded,
    LeadershipPassed,
    MissionFailed,
    MissionLeaderTaken,
    MissionStarted,
    MissionSucceeded,
    MoraleDropped,
    PlayerWithdrew,
    SpeechMade,
    SupportRevealed,
    SupportTileDiscarded,
    SupportUsed,
)


def begin(event: ChapterStarted, catalogue: Catalogue | None = None) -> ChapterState:
    """The state right after a chapter was set up."""
    players = tuple(
        [
            Player(
                name=name,
                charm=charm,
                owner=owner,
                chaplain=event.chaplain and charm is None,
                tiles=tuple(sorted(tiles)),
            )
            for name, charm, owner, tiles in zip(
                event.players, event.charms, event.owners, event.tiles, strict=True
            )
        ]
    )
    rules = Rules(
        ruleset=event.ruleset,
        variant=event.variant,
        traps=event.traps,
        first_intensity=event.first_intensity,
        first_intensity_exact=event.first_intensity_exact,
        morale_drop_max=event.morale_drop_max,
        hand_limit=event.hand_limit,
        speech_tokens_return=event.chaplain,
    )
    state = ChapterState(
        rules=rules,
        catalogue=catalogue or base_catalogue(),
        players=players,
        trials=event.trials,
        morale=event.morale,
        leader=event.players.index(event.leader),
        speech_stock=event.speech_tokens,
    )
    for lay_out in INSTALLED.begin:  # each module lays its part of the table (moments.py)
        state = lay_out(state, event)
    return state


def replay(events: Iterable[Event], catalogue: Catalogue | None = None) -> ChapterState:
    """The state after a whole stream of chapter events, the first being ChapterStarted."""
    iterator = iter(events)
    first = next(iterator)
    if not isinstance(first, ChapterStarted):
        raise ValueError(f"a chapter stream starts with ChapterStarted, not {first.TYPE}")
    state = begin(first, catalogue)
    for event in iterator:
        state = evolve(state, event)
    return state


def _add_to_hand(player: Player, cards: tuple[Slot, ...]) -> Player:
    known = cards if None not in cards else [card for card in cards if card is not None]
    hidden = player.hidden + len(cards) - len(known)  # the unseen ones are counted
    return replace(player, hand=tuple(sorted((*player.hand, *known))), hidden=hidden)


def _take_from_hand(player: Player, card: str) -> Player:
    if card in player.hand:
        hand = list(player.hand)
        hand.remove(card)
        return replace(player, hand=tuple(hand))
    return replace(player, hidden=player.hidden - 1)


def _place(state: ChapterState, player: str, card: str) -> ChapterState:
    """A played card lands: Threat to No Man's Land, Hard Knock to the player, else discard."""
    kind = state.catalogue[card]
    if kind.is_threat:
        return replace(state, nml=(*state.nml, card))
    if kind.hard_knock is not None:
        owner = state.player(player)
        return state.with_player(replace(owner, hard_knocks=(*owner.hard_knocks, card)))
    return replace(state, discard=(*state.discard, card))


def trap_played(state: ChapterState, card: str) -> ChapterState:
    """A Trap just played from a hand (a Grizzled's, a module's), its card placed: what
    cancels it is spent (moments.py ``trap_played``: a Luck symbol in force, Decision 1). A
    Trap drawn by a Trap or by Clumsy never comes here."""
    if not (state.rules.traps and state.catalogue.cards[card].trap):
        return state
    for hook in INSTALLED.trap_played:  # only a Trap asks (most cards are not)
        state = hook(state, card)
    return state


def _play(state: ChapterState, event: CardPlayed) -> ChapterState:
    """A card leaves a hand and lands; the turn passes (one new player, one new state)."""
    name, card = event.player, event.card
    turn = state.turn  # usually the player whose turn it is: their seat, without a search
    seat = turn if turn >= 0 and state.players[turn].name == name else state.index(name)
    player = state.players[seat]
    if card in player.hand:
        hand = list(player.hand)
        hand.remove(card)
        hand_t, hidden = tuple(hand), player.hidden
    else:
        hand_t, hidden = player.hand, player.hidden - 1
    kind = state.catalogue.cards[card]
    nml, discard, knocks = state.nml, state.discard, player.hard_knocks
    if kind.hard_knock is not None:
        knocks = (*knocks, card)
    elif kind.merry_christmas:
        discard = (*discard, card)
    else:  # a Threat card (``kind.is_threat``)
        nml = (*nml, card)
    player = replace(player, hand=hand_t, hidden=hidden, hard_knocks=knocks)
    players = state.seated(seat, player)
    state = replace(state, players=players, nml=nml, discard=discard, turn=state.next_seat(seat))
    return trap_played(state, card) if kind.trap else state  # only a Trap asks the modules


def _use_charm(state: ChapterState, event: CharmUsed) -> ChapterState:
    """The charm's card leaves No Man's Land (what a module kept of it with it: its Luck,
    Decision 1), the Grizzled is flipped and the turn passes."""
    name, card = event.player, event.card
    seat = state.index(name)
    nml = list(state.nml)
    nml.remove(card)
    return replace(
        state,
        players=state.seated(seat, replace(state.players[seat], charm_up=False)),
        nml=tuple(nml),
        discard=(*state.discard, card),
        turn=state.next_seat(seat),  # the flip and the discard change nobody's place in turn
    ).card_left(card)


def _without_hard_knock(player: Player, card: str) -> Player:
    knocks = list(player.hard_knocks)
    knocks.remove(card)
    return replace(player, hard_knocks=tuple(knocks))


def _deal(state: ChapterState, event: CardsDealt) -> ChapterState:
    players = list(state.players)
    dealt = 0
    for name, cards in zip(event.players, event.cards, strict=True):
        seat = state.index(name)
        players[seat] = _add_to_hand(players[seat], cards)
        dealt += len(cards)
    return replace(state, trials=state.trials[dealt:], players=tuple(players))


# The phases the events set, as plain names: a member looked up on its enum class costs
# ~1,000 instructions in Python 3.11 (the enum metaclass's ``__getattr__`` slows every lookup
# on the class).
PREPARATION, MISSION, SUPPORT, OVER = Phase.PREPARATION, Phase.MISSION, Phase.SUPPORT, Phase.OVER


def _start_mission(state: ChapterState, event: MissionStarted) -> ChapterState:
    players = tuple(
        [
            replace(p, withdrawn=False, played_tile=None) if not p.chaplain else p
            for p in state.players
        ]
    )
    leader = state.index(event.leader)
    return replace(
        state,
        players=players,
        phase=MISSION,
        mission=event.mission,
        leader=leader,
        turn=leader,
        mission_failed=False,
        support=None,
        modules=state.kept_after_mission() if state.modules else state.modules,
    )


def _withdraw(state: ChapterState, event: PlayerWithdrew) -> ChapterState:
    turn, name = state.turn, event.player  # usually the player whose turn it is: no search
    seat = turn if turn >= 0 and state.players[turn].name == name else state.index(name)
    player = state.players[seat]
    tiles = list(player.tiles)
    if event.tile is not None:
        tiles.remove(event.tile)
    player = replace(player, withdrawn=True, played_tile=event.tile, tiles=tuple(tiles))
    state = replace(state, players=state.seated(seat, player))
    if state.turn != seat:
        return state
    return replace(state, turn=state.next_seat(seat))


def _reveal_support(state: ChapterState, event: SupportRevealed) -> ChapterState:
    gained: dict[int, list[str]] = {}  # the tiles each seat receives
    for _giver, tile, receiver in event.gifts:
        gained.setdefault(state.index(receiver), []).append(tile)
    players = []  # each player copied once: the played tile taken back, the tiles received
    for seat, player in enumerate(state.players):
        tiles = gained.get(seat)
        if tiles is not None:
            player = replace(player, played_tile=None, tiles=tuple(sorted((*player.tiles, *tiles))))
        elif player.played_tile is not None:
            player = replace(player, played_tile=None)
        players.append(player)
    support = state.support
    if event.beneficiary is not None and not state.player(event.beneficiary).chaplain:
        armistice = state.rules.armistice
        support = SupportPending(
            player=event.beneficiary,
            max_discards=(1 if state.mission_failed else 2)
            if event.discards is None
            else event.discards,
            charm_choice=not armistice and not state.mission_failed,
            charm_automatic=armistice,
        )
    return replace(state, players=tuple(players), phase=SUPPORT, turn=-1, support=support)


def _use_support(state: ChapterState, event: SupportUsed) -> ChapterState:
    seat = state.index(event.player)
    player = state.players[seat]
    for card in event.discarded:
        player = _without_hard_knock(player, card)
    if event.charm_recovered:
        player = replace(player, charm_up=True)
    players = state.seated(seat, player)
    return replace(state, players=players, discard=(*state.discard, *event.discarded), support=None)


def _after_turn(state: ChapterState, player: str) -> ChapterState:
    return replace(state, turn=state.next_seat(state.index(player)))


def _drop_morale(state: ChapterState, event: MoraleDropped) -> ChapterState:
    cards = event.cards
    return replace(state, morale=state.morale[len(cards) :], trials=(*cards, *state.trials))


def _pass_leadership(state: ChapterState, event: LeadershipPassed) -> ChapterState:
    leader, taker = event.leader, event.speech_token_to
    if taker is None:
        return replace(state, leader=state.index(leader), phase=PREPARATION)
    seat = state.index(taker)
    player = state.players[seat]
    return replace(  # one copy: the token taken, the stock, the new leader
        state,
        players=state.seated(seat, replace(player, speech_tokens=player.speech_tokens + 1)),
        speech_stock=state.speech_stock - 1,
        leader=state.index(leader),
        phase=PREPARATION,
    )


def _fail_mission(state: ChapterState, event: MissionFailed) -> ChapterState:
    modules = state.kept_after_mission() if state.modules else state.modules
    return replace(
        state, nml=(), trials=event.trials, mission_failed=True, turn=-1, modules=modules
    )


def _draw_and_play(state: ChapterState, event: CardDrawnAndPlayed) -> ChapterState:
    if event.card is None:
        return state
    return _place(replace(state, trials=state.trials[1:]), event.player, event.card)


def _succeed_mission(state: ChapterState, event: MissionSucceeded) -> ChapterState:
    discard = (*state.discard, *state.nml)
    modules = state.kept_after_mission() if state.modules else state.modules
    return replace(state, nml=(), discard=discard, turn=-1, modules=modules)


def _lose(state: ChapterState, event: ChapterLost) -> ChapterState:
    return replace(
        state,
        phase=OVER,
        outcome=event.reason,
        outcome_detail=event.detail,
        turn=-1,
        support=None,
    )


def _draw(state: ChapterState, event: CardsDrawn) -> ChapterState:
    name, cards = event.player, event.cards
    state = replace(state, trials=state.trials[len(cards) :])
    return state.with_player(_add_to_hand(state.player(name), cards))


def _discard_hard_knock(state: ChapterState, event: HardKnockDiscarded) -> ChapterState:
    name, card = event.player, event.card
    state = state.with_player(_without_hard_knock(state.player(name), card))
    return replace(state, discard=(*state.discard, card))


def _discard_support_tile(state: ChapterState, event: SupportTileDiscarded) -> ChapterState:
    name, tile = event.player, event.tile
    player = state.player(name)
    tiles = list(player.tiles)
    tiles.remove(tile)
    return state.with_player(replace(player, tiles=tuple(tiles)))


def _take_lead(state: ChapterState, event: MissionLeaderTaken) -> ChapterState:
    return replace(state, leader=state.index(event.player))


def _speak(state: ChapterState, event: SpeechMade) -> ChapterState:
    name, discards = event.player, event.discards
    for owner, card in discards:
        state = state.with_player(_take_from_hand(state.player(owner), card))
    speaker = state.player(name)
    state = state.with_player(replace(speaker, speech_tokens=speaker.speech_tokens - 1))
    stock = state.speech_stock + (1 if state.rules.speech_tokens_return else 0)
    state = replace(state, discard=(*state.discard, *(c for _, c in discards)), speech_stock=stock)
    return _after_turn(state, name)


def _win(state: ChapterState, event: ChapterWon) -> ChapterState:
    return replace(state, phase=OVER, outcome="won", turn=-1, support=None)


# How each of the chapter's events changes it, by the event's exact class (none is
# subclassed), in the order of the rulebook: the Mission's Preparation, the four actions
# (a card played and what its Hard Knock or Trap does, a Good Luck Charm, a Speech, a
# withdrawal), the Mission's end, Support, the Morale Drop, the chapter's end; then the
# group's corrections. (A ``match`` of class patterns asks ``isinstance`` of each pattern
# that fails, through msgspec's metaclass: ~1,000 instructions each; one lookup does not.)
RULES: dict[type, Callable[[ChapterState, Any], ChapterState]] = {
    # Preparation: the Mission Leader chooses the intensity, the cards are dealt
    MissionStarted: _start_mission,
    CardsDealt: _deal,
    # The actions. Play a Trials card: a Threat to No Man's Land, a Hard Knock to the
    # player, taking effect at once (Frenzied draws, Merry Christmas discards a Hard
    # Knock, Tyrannical takes the lead)
    CardPlayed: _play,
    CardsDrawn: _draw,
    HardKnockDiscarded: _discard_hard_knock,
    MissionLeaderTaken: _take_lead,
    # Use a Good Luck Charm
    CharmUsed: _use_charm,
    # Make a Speech
    SpeechMade: _speak,
    # Withdraw and play a Support tile (a Hard Knock may discard one instead)
    PlayerWithdrew: _withdraw,
    SupportTileDiscarded: _discard_support_tile,
    # Trap cards (and Clumsy): a card drawn and played at once
    CardDrawnAndPlayed: _draw_and_play,
    # End of the Mission
    MissionSucceeded: _succeed_mission,
    MissionFailed: _fail_mission,
    # Support
    SupportRevealed: _reveal_support,
    SupportUsed: _use_support,
    # Morale Drop, and the Mission Leader token moves on
    MoraleDropped: _drop_morale,
    LeadershipPassed: _pass_leadership,
    # Victory and defeat
    ChapterWon: _win,
    ChapterLost: _lose,
    # Not the rulebook's: a fact the group corrected
    FactCorrected: apply_correction,
}


def evolve(state: ChapterState, event: Event) -> ChapterState:
    """The state after one event: the chapter's rule for it (``RULES``), else the rule of
    the module that owns it (moments.py)."""
    rule = RULES.get(type(event)) or INSTALLED.evolvers.get(type(event))
    if rule is None:
        raise TypeError(f"no rule to apply {type(event).__name__}")
    if state.trail or type(event) is MissionFailed:  # the table's record of the returned cards
        return noted(state, event, rule(state, event))
    return rule(state, event)
