"""Recruits: their rules (see the package's docstring): arrival, the Recruit's turn,
evolving, and the ``Module`` that joins them to a chapter."""

from __future__ import annotations

from collections import Counter
from typing import Any

from msgspec.structs import replace

from domain.cards.catalogue import RecruitCard
from domain.cards.effects import rule_words
from domain.cards.notation import card_label
from domain.chapter.actions import played_consequences, trap_springs
from domain.chapter.commands import Chance, Choice, Command, StartChapter, StartMission, Target
from domain.chapter.evolve import trap_played
from domain.chapter.guards import check_can_reveal, check_known_card, check_phase, reveal_top
from domain.chapter.moments import Module
from domain.chapter.outcome import Outcome
from domain.chapter.resolution import end_of_action
from domain.chapter.setup import numbered_deck
from domain.chapter.state import ChapterState, Phase
from domain.errors import (
    N_,
    CardNotInHand,
    MissingOutcome,
    NotYourTurn,
    RuleViolation,
    TargetRefused,
)
from domain.events import CardDrawnAndPlayed, ChapterStarted
from domain.legal import targets
from domain.limits import MORALE_TOKENS
from domain.modules.effects import EffectRefused, forbidden, forbidding, once, refusal
from domain.modules.recruits.commands import (
    OPTIONS,
    PlayRecruitCard,
    WithdrawRecruit,
    recruit_entering,
    recruit_hand_told,
    recruits_briefed,
)
from domain.modules.recruits.corrections import RECRUIT_FACTS
from domain.modules.recruits.events import (
    RecruitArrived,
    RecruitDeparted,
    RecruitPlayed,
    RecruitWithdrew,
)
from domain.modules.recruits.state import (
    KEY,
    RECRUIT_TURN,
    Recruit,
    RecruitPiles,
    recruit_in_play,
    recruit_piles,
    with_recruit_piles,
)
from domain.modules.recruits.words import RecruitRefused


def recruit_label(state: ChapterState, number: int) -> str:
    """``Recruit #3 (Name)``, or just the number while it is not described."""
    card = state.catalogue.recruits.get(number)
    return f"Recruit #{number}" + (f" ({card.name})" if card else "")


# --- Arrival ---------------------------------------------------------------------------
def _on_top(state: ChapterState, piles: RecruitPiles, told: int | None) -> int | None:
    """The Recruit on top of the deck: known, or told by the table (None: none can enter)."""
    if piles.known:
        if told is not None and told != piles.deck[0]:
            raise RecruitRefused(
                N_("the top Recruit is #{deck}, not #{told}"), deck=piles.deck[0], told=told
            )
        return piles.deck[0]
    if told is not None:
        if told not in piles.deck:
            listed = ", ".join(f"#{n}" for n in piles.deck)
            raise RecruitRefused(
                N_("#{told} is not in the Recruit deck (it holds {listed})"),
                told=told,
                listed=listed,
            )
        return told
    described = state.catalogue.recruits
    if all(n in described and described[n].hand > len(state.trials) for n in piles.deck):
        return None  # whichever is on top, the Trials deck cannot give its hand
    raise MissingOutcome(N_("say which Recruit is on top of the Recruit deck"))


def _starting_hand(
    state: ChapterState, card: RecruitCard, told: tuple[str, ...] | None
) -> tuple[str, ...]:
    """The top Trials cards, face up: seen ones must match, unseen ones must be possible."""
    slots = state.trials[: card.hand]
    who = recruit_label(state, card.number)
    if None not in slots:
        hand = tuple(s for s in slots if s is not None)
        if told is not None and Counter(told) != Counter(hand):
            raise RecruitRefused(
                N_("{who} draws the top Trials cards: {hand}"), who=who, hand=", ".join(hand)
            )
        return hand
    if told is None:
        raise MissingOutcome(
            N_("say which {hand} cards {who} drew face up"), hand=card.hand, who=who
        )
    if len(told) != card.hand:
        raise RecruitRefused(
            N_("{who} starts with {hand} cards, not {told_count}"),
            who=who,
            hand=card.hand,
            told_count=len(told),
        )
    seen = Counter(s for s in slots if s is not None)
    if seen - Counter(told):
        raise RecruitRefused(
            N_("{who}'s hand includes the seen top cards {seen}"), who=who, seen=", ".join(seen)
        )
    revealed: Counter[str] = Counter()
    for key in (Counter(told) - seen).elements():
        check_can_reveal(state, key, revealed)
        revealed[key] += 1
    return tuple(told)


def recruit_enters(o: Outcome, cmd: StartMission) -> None:
    """After the deal: a Recruit enters if none is in play, the deck has one and the Trials
    deck holds its starting hand."""
    state, piles = o.state, recruit_piles(o.state)
    number, told_hand = recruit_entering(cmd), recruit_hand_told(cmd)
    told = number is not None or told_hand is not None
    if piles is None or piles.recruit is not None or not piles.deck:
        if told:
            why = (
                "this chapter is played without Recruits"
                if piles is None
                else "a Recruit is already in play"
                if piles.recruit is not None
                else "the Recruit deck is empty"
            )
            raise RecruitRefused(N_("{why}: no Recruit enters this Mission"), why=why)
        return
    number = _on_top(state, piles, number)
    if number is None:
        return
    card = state.catalogue.recruits.get(number)
    if card is None:
        raise RecruitRefused(
            N_(
                "Recruit #{number} is not described yet: describe it (starting hand, "
                "Morale tokens) before it enters"
            ),
            number=number,
        )
    if card.hand > len(state.trials):
        if told_hand is not None:
            raise RecruitRefused(
                N_(
                    "{state} needs {hand} cards and the Trials deck holds "
                    "{trials_count}: it does not enter"
                ),
                state=recruit_label(state, number),
                hand=card.hand,
                trials_count=len(state.trials),
            )
        return
    hand = _starting_hand(state, card, told_hand)
    n = len(state.players)
    right = next(
        (state.leader - step) % n
        for step in range(1, n + 1)
        if not state.players[(state.leader - step) % n].chaplain
    )
    o.emit(RecruitArrived(number, state.players[right].name, hand))


# --- The Recruit's turn, chosen by the Mission Leader -----------------------------------
def _check_recruits_turn(state: ChapterState, doing: str) -> Recruit:
    check_phase(state, Phase.MISSION, doing, "the Recruit")
    recruit = recruit_in_play(state)
    if recruit is None:
        raise RecruitRefused(N_("there is no Recruit in play: no Recruit can {doing}"), doing=doing)
    if state.turn != RECRUIT_TURN:
        active = state.active_player
        whose = active.name if active is not None else "nobody"
        raise NotYourTurn(
            N_("it is {whose}'s turn, not the Recruit's: the Recruit cannot {doing}"),
            whose=whose,
            doing=doing,
        )
    return recruit


def decide_play_recruit_card(
    state: ChapterState, cmd: PlayRecruitCard, chance: Chance | None = None
) -> Outcome:
    """The leader has the Recruit play a card; its last card makes it depart."""
    recruit = _check_recruits_turn(state, "play a card")
    leader = state.players[state.leader]
    who = recruit_label(state, recruit.number)
    check_known_card(state, cmd.card)
    label = card_label(cmd.card, state.catalogue)
    if cmd.card not in recruit.hand:
        raise CardNotInHand(
            N_("{who} has no {label} (face up: {hand})"),
            who=who,
            label=label,
            hand=", ".join(recruit.hand),
        )
    kind = state.catalogue[cmd.card]
    if kind.hard_knock is not None and leader.withdrawn:
        raise RecruitRefused(
            N_(
                "{leader}, the Mission Leader, has withdrawn: {who}'s {label} cannot "
                "be played this Mission (a Recruit's Hard Knock goes to the Mission "
                "Leader)"
            ),
            leader=leader.name,
            who=who,
            label=label,
        )
    refused = recruit_forbidden(state, cmd)
    if refused is not None:
        raise refused
    # Luck, as for a Grizzled's card (Decision 1): read on the table with the card placed,
    # before its Luck is spent (``_played``).
    sprung = kind.trap and trap_springs(replace(state, nml=(*state.nml, cmd.card)))
    o = Outcome(state)
    o.emit(RecruitPlayed(recruit.number, cmd.card))
    used_target = played_consequences(o, leader.name, cmd.card, cmd.target)
    if sprung:
        # The leader takes a Hard Knock the Trap draws, even after withdrawing.
        drawn = reveal_top(o.state, cmd.drawn, who, "Trap")
        o.emit(CardDrawnAndPlayed(leader.name, drawn, "recruit-trap"))
        used_target = played_consequences(o, leader.name, drawn, cmd.target) or used_target
    elif cmd.drawn is not None:
        raise CardNotInHand(
            N_("{who}'s {label} springs no Trap: nothing is drawn"), who=who, label=label
        )
    if cmd.target is not None and not used_target:
        raise TargetRefused(N_("a Hard Knock target is only given with a Merry Christmas"))
    after = recruit_in_play(o.state)
    if after is not None and not after.hand:
        o.emit(RecruitDeparted(recruit.number))
        _advantage(o, recruit.number, cmd.advantage)
    elif cmd.advantage is not None:
        raise EffectRefused(
            N_("{who} does not depart with this card: its advantage waits"), who=who
        )
    if o.state.phase != Phase.OVER:  # the advantage's draw may have made 13 cards in hands
        end_of_action(o, chance)
    return o


def _advantage(o: Outcome, number: int, choice: Choice | None) -> None:
    """The departing Recruit's advantage, for the Mission Leader (who decides its actions)."""
    card = o.state.catalogue.recruits.get(number)
    if card is None or not card.advantage_rules:
        if choice is not None:
            raise EffectRefused(
                N_("{state}'s advantage names nothing"), state=recruit_label(o.state, number)
            )
        return
    leader = o.state.players[o.state.leader].name
    label = f"Recruit #{number} {card.name}"
    once(o, label, card.advantage_rules, leader, choice or Choice())


def decide_withdraw_recruit(
    state: ChapterState, cmd: WithdrawRecruit, chance: Chance | None = None
) -> Outcome:
    """The leader has the Recruit withdraw; its Morale tokens go on it."""
    recruit = _check_recruits_turn(state, "withdraw")
    refused = recruit_forbidden(state, cmd)
    if refused is not None:
        raise refused
    card = state.catalogue.recruits.get(recruit.number)
    o = Outcome(state)
    o.emit(RecruitWithdrew(recruit.number, card.morale_tokens if card else 0))
    end_of_action(o, chance)
    return o


def recruit_actions(state: ChapterState, targets: tuple[Target | None, ...]) -> list[Command]:
    """On the Recruit's turn: each card it may play (Merry Christmas once per target), and
    the withdrawal. A Trap's draw is left open."""
    recruit = recruit_in_play(state)
    if recruit is None or state.turn != RECRUIT_TURN:
        return []
    leader_out = state.players[state.leader].withdrawn
    commands: list[Command] = []
    for card in sorted(set(recruit.hand)):
        kind = state.catalogue[card]
        if kind.merry_christmas:
            commands += [PlayRecruitCard(card, target=t) for t in targets]
        elif kind.hard_knock is None or not leader_out:
            commands.append(PlayRecruitCard(card))
    return [*commands, WithdrawRecruit()]


def recruit_forbidden(state: ChapterState, cmd: Command) -> RuleViolation | None:
    """Why a card in force forbids the Recruit's action (None: it does not). The Recruit's
    turn always leaves its withdrawal, unless a card forbids that too: then the
    restrictions yield, as for a Grizzled (``effects.stuck``)."""
    found = forbidding(state, cmd)
    if found is None or state.turn != RECRUIT_TURN:
        return None
    if all(forbidding(state, c) is not None for c in recruit_turn(state, checked=False)):
        return None
    return forbidden(found[0], refusal(state, *found, cmd))


def recruit_turn(state: ChapterState, *, checked: bool = True) -> list[Command]:
    """The Recruit's legal commands when it is its turn (none otherwise); ``checked``:
    without those a card in force forbids (``effects.recruit_forbidden``)."""
    if state.turn != RECRUIT_TURN:
        return []
    commands = recruit_actions(state, targets(state))
    if not checked:
        return commands
    return [c for c in commands if recruit_forbidden(state, c) is None]


# --- Evolving --------------------------------------------------------------------------
def lay_out_recruits(state: ChapterState, event: ChapterStarted) -> ChapterState:
    """The Recruit deck of the Briefing, if the chapter uses one: its order is known exactly
    when the Trials deck's is (the engine dealt itself, or was told)."""
    if event.recruits is None:
        return state
    return with_recruit_piles(state, RecruitPiles(event.recruits, None not in event.trials))


def _piles(state: ChapterState) -> RecruitPiles:
    piles = recruit_piles(state)
    assert piles is not None, "a Recruit event in a chapter without Recruits"
    return piles


def _with_recruit(state: ChapterState, recruit: Recruit | None) -> ChapterState:
    return with_recruit_piles(state, replace(_piles(state), recruit=recruit))


def _arrived(state: ChapterState, event: RecruitArrived) -> ChapterState:
    piles = _piles(state)
    deck = list(piles.deck)
    deck.remove(event.recruit)
    recruit = Recruit(event.recruit, state.index(event.after), tuple(sorted(event.hand)))
    piles = replace(piles, deck=tuple(deck), recruit=recruit)
    return replace(with_recruit_piles(state, piles), trials=state.trials[len(event.hand) :])


def _played(state: ChapterState, event: RecruitPlayed) -> ChapterState:
    recruit = recruit_in_play(state)
    assert recruit is not None
    hand = list(recruit.hand)
    hand.remove(event.card)
    state = _with_recruit(state, replace(recruit, hand=tuple(hand)))
    kind = state.catalogue[event.card]
    if kind.is_threat:  # its Trap, if Luck cancels it, spends that Luck (Decision 1)
        state = trap_played(replace(state, nml=(*state.nml, event.card)), event.card)
    elif kind.hard_knock is not None:
        leader = state.players[state.leader]
        state = state.with_player(replace(leader, hard_knocks=(*leader.hard_knocks, event.card)))
    else:
        state = replace(state, discard=(*state.discard, event.card))
    return replace(state, turn=state.next_seat(RECRUIT_TURN))


def _withdrew(state: ChapterState, event: RecruitWithdrew) -> ChapterState:
    recruit = recruit_in_play(state)
    assert recruit is not None
    # Its tokens build up (notes, decision 8): each stays on it until it leaves.
    tokens = min(recruit.tokens + event.tokens, MORALE_TOKENS)
    state = _with_recruit(state, replace(recruit, withdrew_in=state.mission, tokens=tokens))
    return replace(state, turn=state.next_seat(RECRUIT_TURN))


def _departed(state: ChapterState, event: RecruitDeparted) -> ChapterState:
    piles, recruit = _piles(state), recruit_in_play(state)
    assert recruit is not None
    piles = replace(piles, recruit=None, departed=(*piles.departed, event.recruit))
    state = with_recruit_piles(state, piles)
    if state.turn == RECRUIT_TURN:  # it was acting alone: the turn goes on round the table
        state = replace(state, turn=state.next_seat(recruit.after))
    return state


def morale_tokens(state: ChapterState) -> int:
    """Morale tokens on the Recruit in play: they build up and count as cards in hand at
    every Morale Drop while it is in play (notes, decision 8; moments.py ``held``)."""
    recruit = recruit_in_play(state)
    return recruit.tokens if recruit is not None else 0


def briefed_recruits(cmd: StartChapter, armistice: bool, chance: Chance | None) -> dict[str, Any]:
    """At the setup: the Briefing's Recruit deck (None: not used)."""
    return {"recruits": numbered_deck(recruits_briefed(cmd), "Recruits", armistice, chance)}


# --- What it shows on the board ---------------------------------------------------------
def recruit_texts(state: ChapterState) -> dict[str, Any]:
    """The Recruit in play's name, text and departure advantage, as described."""
    piles = recruit_piles(state)
    recruit = piles.recruit if piles is not None else None
    card = state.catalogue.recruits.get(recruit.number) if recruit is not None else None
    return {
        "name": card.name if card else None,
        "effect": card.effect if card else "",
        "advantage": card.advantage if card else "",
        "enforces": [f.words for f in card.forbids] + [rule_words(r) for r in card.rules]
        if card
        else [],
        "advantage_rules": [rule_words(r) for r in card.advantage_rules] if card else [],
    }


def recruit_shown(state: ChapterState) -> dict[str, Any] | None:
    """The ``recruit`` row: the deck's size, the Recruits departed, the one in play (its
    number, whom it acts after, its hand, the Mission it withdrew in, its Morale tokens)
    and its texts; None: the chapter plays no Recruits."""
    piles = recruit_piles(state)
    if piles is None:
        return None
    recruit = piles.recruit
    return {
        "deck": len(piles.deck),
        "departed": list(piles.departed),
        "number": recruit.number if recruit else None,
        "after": state.players[recruit.after].name if recruit else None,
        "hand": list(recruit.hand) if recruit else [],
        "withdrew_in": recruit.withdrew_in if recruit else None,
        "tokens": recruit.tokens if recruit else 0,
        **recruit_texts(state),
    }


RECRUITS = Module(
    "Recruits",
    facts=RECRUIT_FACTS,
    options=OPTIONS,
    decks=briefed_recruits,
    begin=lay_out_recruits,
    after_deal=recruit_enters,
    evolvers={
        RecruitArrived: _arrived,
        RecruitPlayed: _played,
        RecruitWithdrew: _withdrew,
        RecruitDeparted: _departed,
    },
    commands={PlayRecruitCard: decide_play_recruit_card, WithdrawRecruit: decide_withdraw_recruit},
    actions=recruit_turn,
    held=morale_tokens,
    keeps=(KEY, RecruitPiles),
    shows={"recruit": recruit_shown},
)
