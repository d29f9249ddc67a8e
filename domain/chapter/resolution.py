"""What the rules decide when a Mission ends, in the rulebook's order:

1 reveal Support (and the beneficiary's choice), 2 Hard Knock defeat, 3 victory,
4 Morale Drop, 5 chapter defeat (Monument; 13+ cards under armistice), 6 next Mission
(the leader passes, the former leader takes a Speech token). The 13-card defeat is also
checked whenever cards enter hands (``lost_by_hands``, Decision 2).
"""

from __future__ import annotations

from operator import itemgetter

from domain.cards.catalogue import THREAT_ORDER
from domain.chapter.commands import Chance
from domain.chapter.hardknocks import DEMORALIZED, SELFISH, TYRANNICAL, has
from domain.chapter.moments import INSTALLED
from domain.chapter.outcome import Outcome
from domain.chapter.state import ChapterState, Phase, SupportPending
from domain.events import (
    ChapterLost,
    ChapterWon,
    LeadershipPassed,
    MissionFailed,
    MissionSucceeded,
    MoraleDropped,
    SupportRevealed,
    SupportUsed,
)

TILE_STEPS = {"left": 1, "right": -1, "left2": 2, "right2": -2}


def failing_threat(state: ChapterState) -> str | None:
    """The first threat (canonical order) with 3 or more active copies, if any."""
    over = [t for t, n in state.threat_tally().items() if n >= 3]
    return min(over, key=THREAT_ORDER.__getitem__) if over else None


def hands_over_limit(state: ChapterState) -> str | None:
    """Why the chapter is lost by the cards in hands (13 or more together, armistice and
    Solo), or None. Only Trial cards are in hands here: Helping Hands live in the campaign
    and never count, nor do a Recruit's cards or its Morale tokens (Decision 2)."""
    limit = state.rules.hand_limit
    if limit is None or state.phase == Phase.OVER:
        return None
    held = state.cards_in_hands
    return f"{held} cards in hands ({limit} or more)" if held >= limit else None


def lost_by_hands(o: Outcome) -> bool:
    """Decision 2: "If the players ever have 13 or more cards in hand collectively, the game
    is lost!" Called whenever cards may have entered hands (a deal, an Order's cancellation,
    a card effect, a correction) and at step 5: the chapter is lost at once; whether it was."""
    detail = hands_over_limit(o.state)
    if detail is None:
        return False
    end_chapter(o, ChapterLost("hands", detail))
    return True


def mission_ended(o: Outcome, chance: Chance | None) -> bool:
    """After an action: the Mission fails on 3 identical threats (its cards shuffled back
    when the engine knows them), succeeds when everyone withdrew (a Recruit still in:
    not yet); whether it ended. Shared by every way of playing a chapter (Solo too)."""
    state = o.state
    threat = failing_threat(state)
    if threat is not None:
        cards = (*state.trials, *state.nml)
        known = chance is not None and None not in cards
        order = chance.shuffle(cards) if known and chance else (None,) * len(cards)  # type: ignore[arg-type]
        o.emit(MissionFailed(threat, order))
    elif not state.any_seat_in_mission:
        o.emit(MissionSucceeded())
    else:
        return False
    for hook in INSTALLED.mission_end:  # the Mission failed or succeeded (moments.py)
        hook(o)
    return True


def end_of_action(o: Outcome, chance: Chance | None) -> None:
    """After an action: if the Mission ended, the Support phase begins."""
    if mission_ended(o, chance):
        reveal_support(o)


def support_receiver(state: ChapterState, seat: int, tile: str) -> str:
    """Who a tile played from ``seat`` supports (Selfish: always themselves)."""
    giver = state.players[seat]
    if giver.hard_knocks and has(state, giver, SELFISH):
        return giver.name
    return state.players[(seat + TILE_STEPS[tile]) % len(state.players)].name


def reveal_support(o: Outcome) -> None:
    """Tiles go to their receivers; a strict majority benefits, a tie helps nobody."""
    state = o.state
    gifts = tuple(
        [
            (p.name, p.played_tile, support_receiver(state, seat, p.played_tile))
            for seat, p in enumerate(state.players)
            if p.withdrawn and p.played_tile is not None
        ]
    )
    received: dict[str, int] = {}  # tiles per receiver (Counter's most_common, without its cost)
    for _, _, receiver in gifts:
        received[receiver] = received.get(receiver, 0) + 1
    counts = sorted(received.items(), key=itemgetter(1), reverse=True)
    unique = counts and (len(counts) == 1 or counts[0][1] > counts[1][1])
    benefits, discards = True, None
    for hook in INSTALLED.support:  # a card that changes the Support (moments.py)
        benefit, discard = hook(state)
        benefits, discards = benefits and benefit, discard if discard is not None else discards
    beneficiary = counts[0][0] if unique and benefits else None
    o.emit(SupportRevealed(gifts, beneficiary, discards))
    pending = o.state.support
    if pending is not None:
        automatic = automatic_support(o.state, pending)
        if automatic is None:
            return
        o.emit(automatic)
    after_support(o)


def automatic_support(state: ChapterState, pending: SupportPending) -> SupportUsed | None:
    """The beneficiary's benefit when there is nothing to choose, else None (they choose)."""
    player = state.player(pending.player)
    knocks = player.hard_knocks
    charm_down = not player.charm_up
    if pending.charm_choice and charm_down:
        return None if knocks else SupportUsed(player.name, (), True)
    if len(knocks) > pending.max_discards:
        return None
    return SupportUsed(player.name, knocks, pending.charm_automatic and charm_down)


def morale_drop_size(state: ChapterState) -> int:
    """Cards left in hands (and what a module counts as such), at least 3 (Demoralized: one
    more, at least 4), capped."""
    demoralized = 0
    for player in state.players:
        if player.hard_knocks and has(state, player, DEMORALIZED):
            demoralized += 1
    held = state.cards_in_hands
    for counted in INSTALLED.held:  # what a module counts as cards in hands (moments.py)
        held += counted(state)
    size = max(held + demoralized, 3 + demoralized)
    cap = state.rules.morale_drop_max
    size = min(size, cap) if cap is not None else size
    for hook in INSTALLED.morale_drop:  # a card that changes the Drop (moments.py)
        size = hook(state, size)
    return size


def after_support(o: Outcome) -> None:
    """Steps 2 to 6 of the Mission resolution."""
    for hook in INSTALLED.after_support:  # the modules' end of a Mission (moments.py)
        hook(o)
    state = o.state
    for player in state.players:
        weight = state.hard_knock_weight(player) if player.hard_knocks else 0
        if weight >= 4:
            detail = f"{player.name} has {weight} Hard Knocks (4 or more)"
            end_chapter(o, ChapterLost("hard-knocks", detail))
            return
    if not state.trials and state.hands_played_out:
        end_chapter(o, ChapterWon())
        return
    size = morale_drop_size(state)
    o.emit(MoraleDropped(size, state.morale[:size]))
    state = o.state
    if not state.morale:
        detail = "the Morale Reserve is exhausted: the Monument is visible"
        end_chapter(o, ChapterLost("monument", detail))
        return
    if lost_by_hands(o):  # step 5, again: the last look the basic rules take
        return
    pass_leadership(o)


def end_chapter(o: Outcome, ended: ChapterWon | ChapterLost) -> None:
    """The chapter is won or lost; the modules' and cards' moment (moments.py)."""
    o.emit(ended)
    for hook in INSTALLED.chapter_end:
        hook(o)


def pass_leadership(o: Outcome) -> None:
    """The token moves to the next player; a Tyrannical player keeps it (no Speech token)."""
    state = o.state
    for player in state.players:
        if player.hard_knocks and has(state, player, TYRANNICAL):
            o.emit(LeadershipPassed(player.name, None))
            return
    former = state.players[state.leader]
    taker = former.name if state.speech_stock > 0 else None
    o.emit(LeadershipPassed(state.players[state.next_seat(state.leader, False)].name, taker))
