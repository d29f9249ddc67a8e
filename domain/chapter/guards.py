"""Guards shared by the decide functions: each reads as an assertion and raises the
``RuleViolation`` that names the rule and the facts."""

from __future__ import annotations

from collections import Counter

from domain.cards.catalogue import HardKnock
from domain.cards.notation import card_label
from domain.chapter.commands import Target
from domain.chapter.hardknocks import must_withdraw
from domain.chapter.piles import MODULE_TURN
from domain.chapter.state import ChapterState, Phase, Player
from domain.errors import (
    N_,
    W_,
    CardNotAvailable,
    CardNotInHand,
    MissingOutcome,
    MustWithdraw,
    NotYourTurn,
    TargetRefused,
    UnknownPlayer,
    WrongPhase,
)

# The phase of every action, as a plain name: a member looked up on its enum class costs ~0.1 µs in
# Python 3.11 (the enum metaclass's ``__getattr__`` slows every lookup on the class).
MISSION = Phase.MISSION

PHASE_WORDS = {
    Phase.PREPARATION: W_("waiting for the Mission Leader to start a Mission"),
    Phase.MISSION: W_("in the middle of a Mission"),
    Phase.SUPPORT: W_("waiting for the Support beneficiary's choice"),
    Phase.DRAW_SUPPORT: W_("waiting for a solo Support tile to be drawn"),
    Phase.OVER: W_("over"),
}


def find_player(state: ChapterState, name: str) -> Player:
    """The player called ``name`` (exact, then ignoring case)."""
    for player in state.players:
        if player.name == name:
            return player
    for player in state.players:
        if player.name.casefold() == name.casefold():
            return player
    names = ", ".join(p.name for p in state.players)
    raise UnknownPlayer(
        N_("there is no player {name!r} at this table ({names})"), name=name, names=names
    )


def check_phase(state: ChapterState, phase: Phase, doing: str, who: str = "") -> None:
    """The chapter is in the phase this command belongs to (``who``: the one asking)."""
    if state.phase != phase:
        phase_said = PHASE_WORDS.get(state.phase, state.phase)
        if who:
            raise WrongPhase(
                N_("{who} cannot {doing}: the chapter is {phase}"),
                who=who,
                doing=doing,
                phase=phase_said,
            )
        raise WrongPhase(
            N_("cannot {doing}: the chapter is {phase}"), doing=doing, phase=phase_said
        )


def check_turn(state: ChapterState, name: str, doing: str) -> Player:
    """The named player may act now: it is their turn in a running Mission."""
    # the usual case first, what the checks below find: the player whose turn it is in a
    # running Mission
    acting = state.active_player
    if (
        state.phase == MISSION
        and acting is not None
        and acting.name == name
        and not acting.chaplain
        and not acting.withdrawn
    ):
        return acting
    check_phase(state, MISSION, doing, name)
    player = find_player(state, name)
    if player.chaplain:
        raise NotYourTurn(
            N_("the Chaplain never acts: he only gives Support, so cannot {doing}"), doing=doing
        )
    if player.withdrawn:
        raise NotYourTurn(
            N_("{player} has withdrawn from this Mission and cannot {doing}"),
            player=player.name,
            doing=doing,
        )
    active = state.active_player
    if active is None or active.name != player.name:
        whose = active.name if active else "nobody"
        if state.turn == MODULE_TURN:  # a seat a module adds acts (the Recruit: its leader)
            seats = (kept.acting(board=False) for kept in state.modules.values())
            whose = next((seat for seat in seats if seat is not None), whose)
        raise NotYourTurn(
            N_("it is {whose}'s turn, not {player}'s: {player} cannot {doing}"),
            whose=whose,
            player=player.name,
            doing=doing,
        )
    return player


def check_not_forced(state: ChapterState, player: Player, doing: str) -> None:
    """Fearful, with 2 identical threats active, leaves only the withdrawal."""
    if must_withdraw(state, player):
        counts = state.threat_counts()
        threat = max(counts, key=lambda t: counts[t])
        cards = state.catalogue.cards
        acting = [k for k in player.hard_knocks if cards[k].acts_as == HardKnock.FEARFUL]
        fearful = "Fearful" if not acting else f"Fearful ({cards[acting[0]].name} acts as one)"
        raise MustWithdraw(
            N_(
                "{player} is {fearful} and {counts} {threat} threats are active: "
                "they must withdraw and cannot {doing}"
            ),
            player=player.name,
            fearful=fearful,
            counts=counts[threat],
            threat=threat,
            doing=doing,
        )


def check_known_card(state: ChapterState, card: str) -> None:
    """The key is a card of this chapter's catalogue."""
    if card not in state.catalogue.cards:
        raise CardNotAvailable(N_("{card!r} is not a card of this campaign's catalogue"), card=card)


def check_can_reveal(state: ChapterState, card: str, already: Counter[str] | None = None) -> None:
    """An unseen place (deck or hidden hand) can still hold this card."""
    check_known_card(state, card)
    left = state.unseen(card) - (already[card] if already else 0)
    if left < 1:
        copies = state.catalogue[card].copies
        raise CardNotAvailable(
            N_("no {card} can be there: all {copies} copy is already accounted for on the table")
            if copies == 1
            else N_(
                "no {card} can be there: all {copies} copies are already accounted for on the table"
            ),
            card=card_label(card, state.catalogue),
            copies=copies,
        )


def check_in_hand(
    state: ChapterState, player: Player, card: str, already: Counter[str] | None = None
) -> None:
    """The player holds this card: seen in hand, or revealed from their unseen cards."""
    if card in player.hand and card in state.catalogue.cards:
        return  # the usual case: a card of the catalogue seen in hand (the checks below pass)
    check_known_card(state, card)
    if card in player.hand:
        return
    if player.hidden > 0:
        check_can_reveal(state, card, already)
        return
    label = card_label(card, state.catalogue)
    held = ", ".join(player.hand) if player.hand else "no cards"
    raise CardNotInHand(
        N_("{player} has no {label} in hand (they hold {held})"),
        player=player.name,
        label=label,
        held=held,
    )


def reveal_top(state: ChapterState, given: str | None, who: str, cause: str) -> str | None:
    """The card on top of the Trials deck, drawn for a Trap or Clumsy (None: deck empty)."""
    if not state.trials:
        if given is not None:
            raise CardNotAvailable(
                N_("{cause}: the Trials deck is empty, {who} draws nothing"), cause=cause, who=who
            )
        return None
    top = state.trials[0]
    if top is not None:
        if given is not None and given != top:
            raise CardNotAvailable(
                N_("{cause}: the top Trials card is {top}, not {given}"),
                cause=cause,
                top=top,
                given=given,
            )
        return top
    if given is None:
        raise MissingOutcome(
            N_("{cause}: say which card {who} drew from the Trials deck"), cause=cause, who=who
        )
    check_can_reveal(state, given)
    return given


def check_target(state: ChapterState, target: Target | None) -> Target | None:
    """A Merry Christmas target: a Hard Knock in front of a player (None if there is none)."""
    anyone = any(p.hard_knocks for p in state.players)
    if target is None:
        if anyone:
            raise TargetRefused(
                N_("Merry Christmas: say which Hard Knock it discards (player and card)")
            )
        return None
    owner = find_player(state, target[0])
    if target[1] not in owner.hard_knocks:
        raise TargetRefused(
            N_("Merry Christmas: {owner} has no {card_label} in front of them"),
            owner=owner.name,
            card_label=card_label(target[1], state.catalogue),
        )
    return owner.name, target[1]
