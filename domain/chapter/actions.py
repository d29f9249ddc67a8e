"""The Mission: its start (intensity, deal, Frenzied, the Chaplain) and the four actions
(play a card, Good Luck Charm, Speech, withdraw), then the beneficiary's Support choice.
"""

from __future__ import annotations

from collections import Counter

from msgspec.structs import replace

from domain.cards.catalogue import THREATS
from domain.cards.notation import card_label
from domain.chapter.commands import (
    Chance,
    ChooseSupport,
    Command,
    MakeSpeech,
    PlayCard,
    StartMission,
    Target,
    UseCharm,
    Withdraw,
)
from domain.chapter.guards import (
    check_in_hand,
    check_known_card,
    check_not_forced,
    check_phase,
    check_target,
    check_turn,
    find_player,
    reveal_top,
)
from domain.chapter.hardknocks import (
    ABSENT_MINDED,
    CLUMSY,
    FRENZIED,
    PANICKED,
    TYRANNICAL,
    active,
    has,
    is_mute,
    withdrawal_blocker,
)
from domain.chapter.moments import INSTALLED
from domain.chapter.outcome import Outcome
from domain.chapter.resolution import (
    after_support,
    end_of_action,
    failing_threat,
    lost_by_hands,
)
from domain.chapter.state import ChapterState, Phase, Player
from domain.errors import (
    N_,
    W_,
    CardNotInHand,
    CharmUnavailable,
    IntensityTooHigh,
    IntensityTooLow,
    MissingOutcome,
    SpeechRefused,
    SupportChoiceRefused,
    SupportTileRefused,
    TargetRefused,
    WithdrawalRefused,
)
from domain.events import (
    CardDrawnAndPlayed,
    CardPlayed,
    CardsDealt,
    CardsDrawn,
    CharmUsed,
    Event,
    HardKnockDiscarded,
    MissionLeaderTaken,
    MissionStarted,
    PlayerWithdrew,
    SpeechMade,
    SupportTileDiscarded,
    SupportUsed,
)
from domain.limits import TRIAL_CARDS


# --- Preparation ---------------------------------------------------------------------
def minimum_intensity(state: ChapterState) -> int:
    """1, or the first Mission's minimum (classic 3; armistice: the Briefing's value)."""
    return state.rules.first_intensity if state.mission == 0 else 1


def deal_order(state: ChapterState) -> tuple[int, ...]:
    """Seats of the card players, starting with the Mission Leader, clockwise."""
    n, seats = len(state.players), []
    for i in range(n):
        seat = (state.leader + i) % n
        if not state.players[seat].chaplain:
            seats.append(seat)
    return tuple(seats)


def module_minimum(state: ChapterState, cmd: StartMission) -> int:
    """The least intensity the modules ask of this start (Orders: the kept order's), or 1."""
    low = 1
    for minimum in INSTALLED.minimum:
        low = max(low, minimum(state, cmd))
    return low


def _check_deal(state: ChapterState, cmd: StartMission) -> None:
    """Any intensity from the minimum up deals: the deal stops when the Trials deck runs out
    ("simply stop dealing further cards"); the box's Trial cards bound what may be asked."""
    if cmd.intensity > TRIAL_CARDS:
        raise IntensityTooHigh(
            N_(
                "{name} cannot choose intensity {intensity}: the box holds "
                "{TRIAL_CARDS} Trial cards"
            ),
            name=state.players[state.leader].name,
            intensity=cmd.intensity,
            TRIAL_CARDS=TRIAL_CARDS,
        )


# The phases the Mission's start and the Support choice belong to, as plain names: a member
# looked up on its enum class costs ~1,000 instructions in Python 3.11 (its metaclass's
# ``__getattr__`` slows every lookup on the class).
PREPARATION, SUPPORT = Phase.PREPARATION, Phase.SUPPORT


def decide_start_mission(
    state: ChapterState, cmd: StartMission, chance: Chance | None = None
) -> Outcome:
    """Deal ``intensity`` cards each, one at a time from the leader; stop if the deck runs out."""
    check_phase(state, PREPARATION, W_("start a Mission"), state.players[state.leader].name)
    low = minimum_intensity(state)
    exact = state.mission == 0 and state.rules.first_intensity_exact
    if cmd.intensity < low or (exact and cmd.intensity != low):
        rule = (
            f"the Briefing sets the first intensity at {low}"
            if exact
            else f"the intensity must be at least {low}"
            + (" for the first Mission" if state.mission == 0 else "")
        )
        raise IntensityTooLow(
            N_("{name} cannot choose intensity {intensity}: {rule}"),
            name=state.players[state.leader].name,
            intensity=cmd.intensity,
            rule=rule,
        )
    _check_deal(state, cmd)
    order = deal_order(state)
    # one card at a time round the table: each hand takes every n-th card from the top
    top = state.trials[: cmd.intensity * len(order)]
    hands = [top[i :: len(order)] for i in range(len(order))]
    o = Outcome(state)
    for before_deal in INSTALLED.before_deal:  # Orders of the Day are drawn (moments.py)
        before_deal(o, cmd)
    o.emit(MissionStarted(state.mission + 1, state.players[state.leader].name, cmd.intensity))
    names = tuple([state.players[s].name for s in order])
    o.emit(CardsDealt(names, tuple(hands)))
    for seat in order:
        player = o.state.players[seat]
        if player.hard_knocks and has(o.state, player, FRENZIED) and o.state.trials:
            o.emit(CardsDrawn(player.name, o.state.trials[:2], "frenzied"))
    for after_deal in INSTALLED.after_deal:  # a Recruit enters (moments.py)
        after_deal(o, cmd)
    if lost_by_hands(o):  # Decision 2: the deal gave 13 or more cards, lost at once
        return o
    _chaplain_withdraws(o, cmd.chaplain_tile, chance)
    if failing_threat(o.state) is not None:  # Decision 3: it fails before any action
        end_of_action(o, chance)
    return o


def _chaplain_withdraws(o: Outcome, tile: str | None, chance: Chance | None) -> None:
    chaplain = None
    for player in o.state.players:
        if player.chaplain:
            chaplain = player
            break
    if chaplain is None:
        if tile is not None:
            raise SupportTileRefused(N_("there is no Chaplain at this table"))
        return
    if chaplain.tiles and tile is None:
        if chance is None:
            raise MissingOutcome(N_("say which Support tile the Chaplain drew at random"))
        tile = chance.pick(chaplain.tiles)
    if tile is not None and tile not in chaplain.tiles:
        raise SupportTileRefused(
            N_("the Chaplain holds no {tile!r} tile ({tiles})"),
            tile=tile,
            tiles=", ".join(chaplain.tiles),
        )
    o.emit(PlayerWithdrew(chaplain.name, tile))


# --- The four actions ----------------------------------------------------------------
def played_consequences(o: Outcome, player: str, card: str | None, target: Target | None) -> bool:
    """Merry Christmas discards its target, Tyrannical takes the token; True if MC used it."""
    if card is None:
        return False
    kind = o.state.catalogue.cards[card]
    if kind.merry_christmas:
        chosen = check_target(o.state, target)
        if chosen is not None:
            o.emit(HardKnockDiscarded(chosen[0], chosen[1], "merry-christmas"))
        return True
    if kind.kind == TYRANNICAL:
        o.emit(MissionLeaderTaken(player))
    return False


def trap_cancelled(state: ChapterState) -> str | None:
    """A Trap played now (the table with its card placed): what cancels it, said
    (moments.py ``trap_cancelled``: a Luck symbol in force, Decision 1); None: nothing."""
    for hook in INSTALLED.trap_cancelled:
        why: str | None = hook(state)
        if why is not None:
            return why
    return None


def trap_springs(state: ChapterState) -> bool:
    """A Trap played now (the table with its card placed, nothing yet spent on it) springs
    unless something in play cancels it."""
    return state.rules.traps and trap_cancelled(state) is None


def _why_no_trap(placed: ChapterState, trap: bool) -> str:
    """Why a card played springs no Trap: it has none, Traps are off, or what cancels it."""
    if not trap:
        return "it shows no Trap"
    if not placed.rules.traps:
        return "Traps are off in this chapter"
    return trap_cancelled(placed) or "it is cancelled"


def resolve_played(o: Outcome, player: str, cmd: PlayCard, played: Event) -> None:
    """The card is played (``played``): Merry Christmas or Tyrannical act, then its Trap
    draws the next card and plays it at once (that card's own Trap ignored), unless an
    unspent Luck cancels it. Checks the told outcomes."""
    trap = o.state.catalogue.cards[cmd.card].trap
    placed = replace(o.state, nml=(*o.state.nml, cmd.card)) if trap else o.state
    sprang = trap and trap_springs(placed)  # the table with the card placed
    if cmd.drawn is not None and not sprang:
        raise CardNotInHand(
            N_("{player}'s {card} springs no Trap: {placed}; nothing is drawn"),
            player=player,
            card=cmd.card,
            placed=_why_no_trap(placed, trap),
        )
    o.emit(played)
    used_target = played_consequences(o, player, cmd.card, cmd.target)
    if sprang:
        drawn = reveal_top(o.state, cmd.drawn, player, "Trap")
        o.emit(CardDrawnAndPlayed(player, drawn, "trap"))
        used_target = played_consequences(o, player, drawn, cmd.target) or used_target
        for hook in INSTALLED.trap:  # a Trap sprang (moments.py)
            hook(o, player)
    if cmd.target is not None and not used_target:
        raise TargetRefused(N_("a Hard Knock target is only given with a Merry Christmas"))


def check_charm(state: ChapterState, player: Player, card: str) -> None:
    """The charm is up and the card is in No Man's Land showing the charm's threat."""
    if not player.charm_up:
        raise CharmUnavailable(
            N_("{player}'s Good Luck Charm is already used: Support must recover it first"),
            player=player.name,
        )
    check_known_card(state, card)
    label = card_label(card, state.catalogue)
    if card not in state.nml:
        raise CharmUnavailable(
            N_("there is no {label} in No Man's Land for {player}'s charm"),
            label=label,
            player=player.name,
        )
    if player.charm not in state.catalogue[card].threats:
        raise CharmUnavailable(
            N_("{player}'s charm is {charm}: it cannot discard {label}"),
            player=player.name,
            charm=player.charm,
            label=label,
        )


def before_action(state: ChapterState, cmd: Command) -> None:
    """The modules' and cards' checks of an action about to be decided (moments.py)."""
    for hook in INSTALLED.before_action:
        hook(state, cmd)


def action_done(o: Outcome, cmd: Command) -> bool:
    """The action's events applied: the modules' and cards' moment (moments.py). Only
    their hooks (here or at a Trap) can put cards in hands during an action: if they made
    13, the chapter is lost at once (Decision 2). Whether it was."""
    before = len(o.events)
    for hook in INSTALLED.after_action:
        hook(o, cmd)
    return bool(len(o.events) > before or INSTALLED.trap) and lost_by_hands(o)


def after_action(o: Outcome, cmd: Command, chance: Chance | None) -> None:
    """The action's events applied: its moment, then the Mission's end."""
    if not action_done(o, cmd):
        end_of_action(o, chance)


def decide_play_card(state: ChapterState, cmd: PlayCard, chance: Chance | None = None) -> Outcome:
    """Play a card; a Trap draws the next card and plays it at once (its own Trap ignored)."""
    player = check_turn(state, cmd.player, W_("play a card"))
    check_not_forced(state, player, "play a card")
    check_in_hand(state, player, cmd.card)
    before_action(state, cmd)
    o = Outcome(state)
    resolve_played(o, player.name, cmd, CardPlayed(player.name, cmd.card))
    after_action(o, cmd, chance)
    return o


def decide_use_charm(state: ChapterState, cmd: UseCharm, chance: Chance | None = None) -> Outcome:
    """Discard one No Man's Land card bearing the charm's threat; flip the Grizzled."""
    player = check_turn(state, cmd.player, W_("use a Good Luck Charm"))
    check_not_forced(state, player, "use a Good Luck Charm")
    check_charm(state, player, cmd.card)
    before_action(state, cmd)
    o = Outcome(state)
    o.emit(CharmUsed(player.name, cmd.card))
    after_action(o, cmd, chance)
    return o


def _check_speech_discard(
    state: ChapterState,
    speaker: str,
    threat: str,
    owner: str,
    card: str,
    revealed: Counter[str],
) -> str:
    player = find_player(state, owner)
    if player.name == state.player(speaker).name:
        raise SpeechRefused(
            N_("{speaker} made the Speech: the speaker does not discard"), speaker=speaker
        )
    if player.chaplain or player.withdrawn:
        raise SpeechRefused(
            N_("{player} has withdrawn: a Speech has no effect on them"), player=player.name
        )
    check_known_card(state, card)
    kind = state.catalogue[card]
    shows = threat in kind.threats and kind.kind in (None, "phobia", "trauma")
    if not shows or kind.merry_christmas:
        raise SpeechRefused(
            N_("{player} cannot discard {card}: it does not show {threat}"),
            player=player.name,
            card=card_label(card, state.catalogue),
            threat=threat,
        )
    check_in_hand(state, player, card, revealed)
    if card not in player.hand:
        revealed[card] += 1
    return player.name


def decide_make_speech(
    state: ChapterState, cmd: MakeSpeech, chance: Chance | None = None
) -> Outcome:
    """A Speech on a threat: each other player still in may discard one matching card."""
    player = check_turn(state, cmd.player, W_("make a Speech"))
    check_not_forced(state, player, "make a Speech")
    if is_mute(state, player):
        raise SpeechRefused(
            N_("{player} is Mute: a Mute Grizzled cannot make a Speech"), player=player.name
        )
    if player.speech_tokens < 1:
        raise SpeechRefused(N_("{player} has no Speech token"), player=player.name)
    if cmd.threat not in THREATS:
        raise SpeechRefused(
            N_("{threat!r} is not a threat ({THREATS})"),
            threat=cmd.threat,
            THREATS=", ".join(THREATS),
        )
    revealed: Counter[str] = Counter()
    seen: set[str] = set()
    discards = []
    for owner, card in cmd.discards:
        name = _check_speech_discard(state, player.name, cmd.threat, owner, card, revealed)
        if name in seen:
            raise SpeechRefused(N_("{name} may discard only one card for a Speech"), name=name)
        seen.add(name)
        discards.append((name, card))
    before_action(state, cmd)
    o = Outcome(state)
    o.emit(SpeechMade(player.name, cmd.threat, tuple(discards)))
    after_action(o, cmd, chance)
    return o


def _withdrawal_tile(
    state: ChapterState, player: Player, tiles: list[str], cmd: Withdraw, chance: Chance | None
) -> str | None:
    name = player.name
    if not tiles:
        if cmd.tile is not None:
            raise SupportTileRefused(
                N_("{name} has no Support tile left: they withdraw without one"), name=name
            )
        return None
    tile = cmd.tile
    panicked = tile is None and bool(player.hard_knocks) and active(state, player, PANICKED)
    if panicked and len(set(tiles)) == 1:
        tile = tiles[0]  # one kind of tile left: the random draw can only give it
    if tile is None and panicked:
        if chance is None:
            raise MissingOutcome(
                N_("{name} is Panicked: say which tile was drawn at random"), name=name
            )
        tile = chance.pick(tuple(tiles))
    if tile is None:
        raise SupportTileRefused(
            N_("{name} must play one of their Support tiles: {tiles}"),
            name=name,
            tiles=", ".join(tiles),
        )
    if tile not in tiles:
        raise SupportTileRefused(
            N_("{name} holds no {tile!r} tile ({tiles})"),
            name=name,
            tile=tile,
            tiles=", ".join(tiles),
        )
    return tile


def decide_withdraw(state: ChapterState, cmd: Withdraw, chance: Chance | None = None) -> Outcome:
    """Withdraw with a face-down Support tile; Absent-minded and Clumsy act on the way out."""
    player = check_turn(state, cmd.player, W_("withdraw"))
    blocker = withdrawal_blocker(state, player)
    if blocker is not None:
        raise WithdrawalRefused(blocker.reason.template, **blocker.reason.data)
    before_action(state, cmd)
    o = Outcome(state)
    tiles = list(player.tiles)
    if player.hard_knocks and active(state, player, ABSENT_MINDED) and tiles:
        if cmd.discard_tile not in tiles:
            raise SupportTileRefused(
                N_(
                    "{player} is Absent-minded: say which of their tiles ({tiles}) "
                    "leaves the game before they withdraw"
                ),
                player=player.name,
                tiles=", ".join(tiles),
            )
        o.emit(SupportTileDiscarded(player.name, cmd.discard_tile))
        tiles.remove(cmd.discard_tile)
    elif cmd.discard_tile is not None:
        raise SupportTileRefused(
            N_("{player} is not Absent-minded: no tile leaves the game"), player=player.name
        )
    tile = _withdrawal_tile(state, player, tiles, cmd, chance)
    o.emit(PlayerWithdrew(player.name, tile))
    clumsy_withdrawal(o, state, player, cmd)
    after_action(o, cmd, chance)
    return o


def clumsy_withdrawal(o: Outcome, state: ChapterState, player: Player, cmd: Withdraw) -> None:
    """A Clumsy player who withdraws draws the top Trials card and plays it (its Trap and
    Merry Christmas included); anyone else draws nothing. Solo mode withdraws alike."""
    used_target = False
    if player.hard_knocks and has(state, player, CLUMSY):
        drawn = reveal_top(o.state, cmd.drawn, player.name, "Clumsy")
        o.emit(CardDrawnAndPlayed(player.name, drawn, "clumsy"))
        used_target = played_consequences(o, player.name, drawn, cmd.target)
    elif cmd.drawn is not None:
        raise CardNotInHand(
            N_("{player} is not Clumsy: withdrawing draws nothing"), player=player.name
        )
    if cmd.target is not None and not used_target:
        raise TargetRefused(N_("a Hard Knock target is only given with a Merry Christmas"))


# --- Support ---------------------------------------------------------------------------
def decide_choose_support(
    state: ChapterState, cmd: ChooseSupport, chance: Chance | None = None
) -> Outcome:
    """The beneficiary discards Hard Knocks and/or recovers the charm, as the ruleset allows."""
    check_phase(state, SUPPORT, W_("choose a Support benefit"), cmd.player)
    pending = state.support
    if pending is None:
        raise SupportChoiceRefused(N_("nobody is waiting for a Support choice"))
    player = find_player(state, cmd.player)
    if player.name != pending.player:
        raise SupportChoiceRefused(
            N_("{player} received the Support, not {player2}"),
            player=pending.player,
            player2=player.name,
        )
    if len(cmd.discard) > pending.max_discards:
        raise SupportChoiceRefused(
            N_("{player} may discard at most {max_discards} Hard Knocks after this Mission")
            if pending.max_discards > 1
            else N_("{player} may discard at most {max_discards} Hard Knock after this Mission"),
            player=player.name,
            max_discards=pending.max_discards,
        )
    if cmd.discard and Counter(cmd.discard) - Counter(player.hard_knocks):  # (none: none missing)
        raise SupportChoiceRefused(
            N_("{player} has no {discard} in front of them to discard"),
            player=player.name,
            discard=", ".join(cmd.discard),
        )
    recover = cmd.recover_charm or (pending.charm_automatic and not player.charm_up)
    if cmd.recover_charm and player.charm_up:
        raise SupportChoiceRefused(
            N_("{player}'s Good Luck Charm is not used: nothing to recover"), player=player.name
        )
    if cmd.recover_charm and not (pending.charm_choice or pending.charm_automatic):
        raise SupportChoiceRefused(
            N_("after a failed Mission the classic rules let Support discard one Hard Knock only")
        )
    if pending.charm_choice and cmd.recover_charm and cmd.discard:
        raise SupportChoiceRefused(
            N_("classic rules: {player} discards up to 2 Hard Knocks OR recovers the charm"),
            player=player.name,
        )
    o = Outcome(state)
    o.emit(SupportUsed(player.name, tuple(cmd.discard), recover))
    after_support(o)
    return o
