"""Solo mode (Armistice, rulebook p.15 "Solo Mode: One-Shot"): one person plays 3 Grizzled
in turn with a single hand of cards, basic rules with Traps and without Speeches.

The hand belongs to the table (``SoloTable``, Solo's record in ``ChapterState.modules``);
the active Grizzled, who holds the Mission Leader token, plays from it and a Hard Knock
goes in front of them. After playing a card the player may refill the hand back up to 3
cards; moving on without refilling ends the refills for the Mission. At the Support phase
a solo Support tile (left, center, right, none) is drawn and names the beneficiary.
Interpretations are listed in docs/rules.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from msgspec.structs import replace

from domain.cards.notation import card_label
from domain.chapter.actions import (
    action_done,
    before_action,
    check_charm,
    clumsy_withdrawal,
    decide_choose_support,
    resolve_played,
)
from domain.chapter.commands import (
    Chance,
    ChooseSupport,
    Command,
    MakeSpeech,
    PlayCard,
    StartMission,
    UseCharm,
    Withdraw,
)
from domain.chapter.evolve import _place, trap_played
from domain.chapter.guards import (
    check_can_reveal,
    check_known_card,
    check_not_forced,
    check_phase,
    check_turn,
)
from domain.chapter.hardknocks import withdrawal_blocker
from domain.chapter.outcome import Outcome
from domain.chapter.resolution import (
    after_support,
    automatic_support,
    lost_by_hands,
    mission_ended,
)
from domain.chapter.state import ChapterState, Phase, Player, Slot, SupportPending
from domain.errors import (
    N_,
    W_,
    CardNotInHand,
    IntensityTooLow,
    MissingOutcome,
    RuleViolation,
    SpeechRefused,
    SupportTileRefused,
    WithdrawalRefused,
)
from domain.events import (
    CharmUsed,
    Event,
    MissionStarted,
    PlayerWithdrew,
)
from domain.modules.solo.commands import DrawSoloSupport, RefillHand
from domain.modules.solo.state import (
    SOLO_HAND,
    SOLO_TILES,
    SoloTable,
    solo_table,
    with_solo_table,
)

if TYPE_CHECKING:
    from domain.chapter.moments import Evolver

SOLO_SUPPORT_DISCARDS = 2  # "up to 2 Hard Knock cards discarded, and the Good Luck Charm"


class SoloRefused(RuleViolation):
    """A command Solo mode does not allow (or a Solo command outside Solo mode)."""

    rule = "solo mode"


# --- Events ------------------------------------------------------------------------------
class SoloHandFilled(Event, frozen=True):
    """Cards drawn from the top of the Trials deck into the single hand, up to 3
    (``cause``: ``mission`` at a Mission's start, ``refill`` after a played card)."""

    TYPE: ClassVar[str] = "SoloHandFilled"
    cards: tuple[Slot, ...]
    cause: str


class SoloCardPlayed(Event, frozen=True):
    """The active Grizzled played a card from the single hand."""

    TYPE: ClassVar[str] = "SoloCardPlayed"
    player: str
    card: str


class SoloRefillGivenUp(Event, frozen=True):
    """The player moved on without refilling: no more refills in this Mission."""

    TYPE: ClassVar[str] = "SoloRefillGivenUp"


class SoloMissionEnded(Event, frozen=True):
    """The Mission is over with the token on ``token`` (who acted last); a solo tile is due."""

    TYPE: ClassVar[str] = "SoloMissionEnded"
    token: str


class SoloSupportDrawn(Event, frozen=True):
    """A solo Support tile was drawn and discarded; it names the beneficiary (or nobody)."""

    TYPE: ClassVar[str] = "SoloSupportDrawn"
    tile: str
    beneficiary: str | None


# --- Evolving ----------------------------------------------------------------------------
def _solo(state: ChapterState) -> SoloTable:
    table = solo_table(state)
    assert table is not None, "a Solo event in a chapter that is not Solo"
    return table


def _hand_filled(state: ChapterState, event: SoloHandFilled) -> ChapterState:
    solo = _solo(state)
    known = tuple(sorted((*solo.hand, *(c for c in event.cards if c is not None))))
    hidden = solo.hidden + sum(1 for c in event.cards if c is None)
    refills = True if event.cause == "mission" else solo.refills
    solo = replace(solo, hand=known, hidden=hidden, refills=refills, refill_due=False)
    return with_solo_table(replace(state, trials=state.trials[len(event.cards) :]), solo)


def _card_played(state: ChapterState, event: SoloCardPlayed) -> ChapterState:
    solo = _solo(state)
    if event.card in solo.hand:
        hand = list(solo.hand)
        hand.remove(event.card)
        solo = replace(solo, hand=tuple(hand))
    else:
        solo = replace(solo, hidden=solo.hidden - 1)
    state = with_solo_table(state, replace(solo, refill_due=solo.refills))
    state = trap_played(_place(state, event.player, event.card), event.card)
    return replace(state, turn=state.next_seat(state.index(event.player)))


def _refill_given_up(state: ChapterState, _event: SoloRefillGivenUp) -> ChapterState:
    return with_solo_table(state, replace(_solo(state), refills=False, refill_due=False))


def _mission_ended(state: ChapterState, event: SoloMissionEnded) -> ChapterState:
    solo = replace(_solo(state), refill_due=False)
    state = replace(state, phase=Phase.DRAW_SUPPORT, leader=state.index(event.token))
    return with_solo_table(state, solo)


def _support_drawn(state: ChapterState, event: SoloSupportDrawn) -> ChapterState:
    solo = _solo(state)
    pile = list(solo.tiles)
    pile.remove(event.tile)
    tiles = tuple(pile) if pile else SOLO_TILES  # all 4 drawn: shuffle them again
    state = with_solo_table(replace(state, phase=Phase.SUPPORT), replace(solo, tiles=tiles))
    if event.beneficiary is None:
        return state
    pending = SupportPending(event.beneficiary, SOLO_SUPPORT_DISCARDS, False, True)
    return replace(state, support=pending)


SOLO_EVOLVERS: dict[type[Event], Evolver] = {
    SoloHandFilled: _hand_filled,
    SoloCardPlayed: _card_played,
    SoloRefillGivenUp: _refill_given_up,
    SoloMissionEnded: _mission_ended,
    SoloSupportDrawn: _support_drawn,
}


# --- Queries -----------------------------------------------------------------------------
def holding_view(state: ChapterState) -> ChapterState:
    """The table as the Hard Knocks that count a hand see it: every Grizzled still in the
    Mission holds the single hand (Hardheaded, Prideful, Fragile, an empty hand). Without
    Hard Knocks nothing reads a hand: the state itself will do."""
    solo = _solo(state)
    if not any(p.hard_knocks for p in state.players):
        return state
    players = tuple(
        p if p.withdrawn else replace(p, hand=solo.hand, hidden=solo.hidden) for p in state.players
    )
    return replace(state, players=players)


def top_up(state: ChapterState) -> tuple[Slot, ...]:
    """The Trials cards that bring the single hand back up to 3 (fewer if the deck runs out)."""
    return state.trials[: max(0, SOLO_HAND - _solo(state).hand_size)]


def beneficiary_of(state: ChapterState, tile: str) -> str | None:
    """The Grizzled a solo tile names: left, center, right in setup order; none: nobody."""
    return None if tile == "none" else state.players[SOLO_TILES.index(tile)].name


def refill_possible(state: ChapterState) -> bool:
    """A card was just played, refills are still allowed and the Trials deck has cards."""
    solo = _solo(state)
    return state.phase == Phase.MISSION and solo.refill_due and bool(state.trials)


# --- Deciding ----------------------------------------------------------------------------
def _check_not_forced(state: ChapterState, player: Player, doing: str) -> None:
    view = holding_view(state)
    check_not_forced(view, view.player(player.name), doing)


def _check_in_solo_hand(state: ChapterState, name: str, card: str) -> None:
    check_known_card(state, card)
    solo = _solo(state)
    if card in solo.hand:
        return
    if solo.hidden > 0:
        check_can_reveal(state, card)
        return
    held = ", ".join(solo.hand) if solo.hand else "no cards"
    raise CardNotInHand(
        N_("{name} cannot play {card}: the single hand holds {held}"),
        name=name,
        card=card_label(card, state.catalogue),
        held=held,
    )


def _give_up_refill(o: Outcome) -> None:
    """Any action after a played card, other than the refill, gives the refills up."""
    if refill_possible(o.state):
        o.emit(SoloRefillGivenUp())


def _end_of_action(o: Outcome, chance: Chance | None, actor: str) -> None:
    """3 identical threats fail the Mission, all withdrawn succeed it; a solo tile is due."""
    if mission_ended(o, chance):
        o.emit(SoloMissionEnded(actor))


def _start_mission(state: ChapterState, cmd: StartMission) -> Outcome:
    leader = state.players[state.leader].name
    check_phase(state, Phase.PREPARATION, W_("start a Mission"), leader)
    if cmd.intensity != SOLO_HAND:
        raise IntensityTooLow(
            N_(
                "{leader} cannot choose intensity {intensity}: in Solo mode every "
                "Mission starts with the single hand filled up to {SOLO_HAND} cards"
            ),
            leader=leader,
            intensity=cmd.intensity,
            SOLO_HAND=SOLO_HAND,
        )
    if replace(cmd, intensity=SOLO_HAND) != StartMission(SOLO_HAND):
        raise SoloRefused(
            N_(
                "{leader} only fills the hand to start a Solo Mission: no Chaplain's "
                "tile, Order of the Day or Recruit"
            ),
            leader=leader,
        )
    o = Outcome(state)
    o.emit(MissionStarted(state.mission + 1, leader, SOLO_HAND))
    o.emit(SoloHandFilled(top_up(state), "mission"))
    lost_by_hands(o)  # cannot be reached with a hand of 3, kept as the rules say (Decision 2)
    return o


def _play_card(state: ChapterState, cmd: PlayCard, chance: Chance | None) -> Outcome:
    player = check_turn(state, cmd.player, W_("play a card"))
    _check_in_solo_hand(state, player.name, cmd.card)
    _check_not_forced(state, player, "play a card")
    before_action(state, cmd)
    o = Outcome(state)
    _give_up_refill(o)
    resolve_played(o, player.name, cmd, SoloCardPlayed(player.name, cmd.card))
    if not action_done(o, cmd):
        _end_of_action(o, chance, player.name)
    return o


def _use_charm(state: ChapterState, cmd: UseCharm) -> Outcome:
    player = check_turn(state, cmd.player, W_("use a Good Luck Charm"))
    _check_not_forced(state, player, "use a Good Luck Charm")
    check_charm(state, player, cmd.card)
    before_action(state, cmd)
    o = Outcome(state)
    _give_up_refill(o)
    o.emit(CharmUsed(player.name, cmd.card))  # a charm only takes threats away: no end here
    action_done(o, cmd)
    return o


def _withdraw(state: ChapterState, cmd: Withdraw, chance: Chance | None) -> Outcome:
    player = check_turn(state, cmd.player, W_("withdraw"))
    view = holding_view(state)
    blocker = withdrawal_blocker(view, view.player(player.name))
    if blocker is not None:
        raise WithdrawalRefused(
            N_("{reason} (in Solo mode the single hand is theirs)"), reason=blocker.reason
        )
    if cmd.tile is not None or cmd.discard_tile is not None:
        raise SupportTileRefused(
            N_(
                "{player} holds no Support tile: in Solo mode a solo tile is drawn "
                "at the Support phase"
            ),
            player=player.name,
        )
    before_action(state, cmd)
    o = Outcome(state)
    _give_up_refill(o)
    o.emit(PlayerWithdrew(player.name, None))
    clumsy_withdrawal(o, state, player, cmd)
    if not action_done(o, cmd):
        _end_of_action(o, chance, player.name)
    return o


def _refill(state: ChapterState) -> Outcome:
    check_phase(state, Phase.MISSION, W_("refill the hand"))
    solo = _solo(state)
    if not solo.refills:
        raise SoloRefused(
            N_(
                "the hand was not refilled after an earlier card: it cannot be "
                "refilled again in this Mission"
            )
        )
    if not solo.refill_due:
        raise SoloRefused(N_("the hand is refilled right after a card is played, not now"))
    if not state.trials:
        raise SoloRefused(N_("the Trials deck is empty: nothing can refill the hand"))
    o = Outcome(state)
    o.emit(SoloHandFilled(top_up(state), "refill"))
    lost_by_hands(o)
    return o


def _draw_support(state: ChapterState, cmd: DrawSoloSupport, chance: Chance | None) -> Outcome:
    check_phase(state, Phase.DRAW_SUPPORT, W_("draw a solo Support tile"))
    pile = _solo(state).tiles
    tile = cmd.tile if cmd.tile is not None or len(pile) > 1 else pile[0]
    if tile is None:
        if chance is None:
            raise MissingOutcome(
                N_("say which solo Support tile was drawn ({pile})"), pile=", ".join(pile)
            )
        tile = chance.pick(pile)
    if tile not in SOLO_TILES:
        raise SupportTileRefused(
            N_("{tile!r} is not a solo Support tile ({SOLO_TILES})"),
            tile=tile,
            SOLO_TILES=", ".join(SOLO_TILES),
        )
    if tile not in pile:
        raise SupportTileRefused(
            N_(
                "the {tile} tile was drawn already: until all 4 are shuffled again "
                "the pile holds {pile}"
            ),
            tile=tile,
            pile=", ".join(pile),
        )
    o = Outcome(state)
    o.emit(SoloSupportDrawn(tile, beneficiary_of(state, tile)))
    pending = o.state.support
    if pending is not None:
        automatic = automatic_support(o.state, pending)
        if automatic is None:
            return o  # more Hard Knocks than the Support discards: the player chooses
        o.emit(automatic)
    after_support(o)
    return o


def decide_solo(state: ChapterState, command: Command, chance: Chance | None = None) -> Outcome:
    """A command in a Solo chapter; the Solo commands are refused in any other chapter."""
    if solo_table(state) is None:
        raise SoloRefused(
            N_(
                "{name} is a Solo mode command: in this chapter every Grizzled has "
                "their own hand and Support tiles"
            ),
            name=type(command).__name__,
        )
    match command:
        case StartMission():
            return _start_mission(state, command)
        case PlayCard():
            return _play_card(state, command, chance)
        case UseCharm():
            return _use_charm(state, command)
        case MakeSpeech():
            raise SpeechRefused(
                N_("{player} cannot make a Speech: Solo mode is played without Speeches"),
                player=command.player,
            )
        case Withdraw():
            return _withdraw(state, command, chance)
        case RefillHand():
            return _refill(state)
        case DrawSoloSupport():
            return _draw_support(state, command, chance)
        case ChooseSupport():
            return decide_choose_support(state, command, chance)
    raise TypeError(f"not a command: {command!r}")
