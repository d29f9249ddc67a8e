"""Recruits' face (``voice/rooms.py``): the sentences of its events, its lines on the board,
what it adds to the Next line and to ``why``, in the voice's words. Of the voice's layer,
though in the module's folder: nothing of the domain imports it; the voice loads it the
first time it meets one of the module's events, a board holding a Recruit or a chapter
playing them (so its imports are light: a ``grizzled status`` loads it)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from voice import Move, Room, Why
from voice.lang import N_, _, card_label
from voice.moments import MissionStart, Turn
from voice.parts import BoardWords, Decides, NextWords
from voice.shown import SHORT, shown

if TYPE_CHECKING:
    from domain.campaign.flow import CampaignState
    from domain.cards.box import RecruitDescribed
    from domain.cards.catalogue import Catalogue
    from domain.modules.recruits.events import (
        RecruitArrived,
        RecruitDeparted,
        RecruitPlayed,
        RecruitWithdrew,
    )


def recruit_said(number: int, c: Catalogue) -> str:
    """``Recruit #5 (Rookie)``: its number, and its name once described."""
    card = c.recruits.get(number)
    return _("Recruit #{number}").format(number=number) + (f" ({card.name})" if card else "")


def recruit_text(number: int, c: Catalogue) -> str:
    """`` Recruit #5 says: ...`` as the group described it, and what the tool applies of it
    ('' for a Recruit with no text and no rule)."""
    from voice.narrate import applied_text, enforced_words, unstopped

    card = c.recruits.get(number)
    if card is None:
        return ""
    text = (
        _(" Recruit #{number} says: {text}.").format(number=number, text=unstopped(card.effect))
        if card.effect
        else ""
    )
    rules = [enforced_words(card.forbids, card.rules)] if card.forbids or card.rules else []
    return text + applied_text(
        _("Recruit #{number}").format(number=number), rules, bool(card.effect)
    )


def arrived(e: RecruitArrived, c: Catalogue) -> str:
    """``Recruit #5 arrives, acting after Cy: night+rain, shell+gas.`` and its text."""
    hand = ", ".join(card_label(k, c) for k in e.hand)
    arrives = _("{recruit} arrives, acting after {player}: {hand}.").format(
        recruit=recruit_said(e.recruit, c), player=e.after, hand=hand
    )
    return arrives + recruit_text(e.recruit, c)


def played(e: RecruitPlayed, c: Catalogue) -> str:
    """``Recruit #5 plays night+rain.``"""
    return _("{recruit} plays {card}.").format(
        recruit=recruit_said(e.recruit, c), card=card_label(e.card, c)
    )


def withdrew(e: RecruitWithdrew, c: Catalogue) -> str:
    """``Recruit #5 withdraws (1 Morale token(s)).``"""
    return _("{recruit} withdraws ({count} Morale token(s)).").format(
        recruit=recruit_said(e.recruit, c), count=e.tokens
    )


def departed(e: RecruitDeparted, c: Catalogue) -> str:
    """``Recruit #5 played its last card and departs: gain its advantage (...).`` and what
    the tool does of the advantage."""
    from voice.narrate import text_only

    card = c.recruits.get(e.recruit)
    advantage = f" ({card.advantage})" if card and card.advantage else ""
    said = _("{recruit} played its last card and departs: gain its advantage{advantage}.").format(
        recruit=recruit_said(e.recruit, c), advantage=advantage
    )
    if card is not None and card.advantage_rules:
        return said + _(" The tool applies it for the Mission Leader.")
    return said + (text_only(_("Recruit #{number}").format(number=e.recruit)) if advantage else "")


def in_play(state: CampaignState, name: str | None) -> Any:
    """``why``'s fact: the Recruit in play's number, 0 for none (None: no Recruits)."""
    from domain.modules.recruits.state import recruit_in_play, recruit_piles

    chapter = state.chapter
    if chapter is None or recruit_piles(chapter) is None:
        return None
    recruit = recruit_in_play(chapter)
    return 0 if recruit is None else recruit.number


def in_play_said(value: Any, name: str | None) -> str:
    """``Recruit in play: #5`` or that none is."""
    return (
        _("Recruit in play: #{number}").format(number=value) if value else _("no Recruit in play")
    )


def play_offered(state: Any, command: Any) -> list[Move]:
    """The keeper's button for a card the Recruit may play (and the card a Trap on it
    draws, asked beside it)."""
    from voice.keeper import recruit_label

    target = ["--target", ":".join(command.target)] if command.target else []
    words = ("recruit", "play", command.card, *target)
    trap = state.chapter.catalogue[command.card].trap and bool(state.chapter.trials)
    return [Move(recruit_label(command.card), words, command, "recruit", {"drawn": trap})]


def withdraw_offered(state: Any, command: Any) -> list[Move]:
    """The keeper's button for the Recruit's withdrawal."""
    from voice.keeper import recruit_label

    return [Move(recruit_label(None), ("recruit", "withdraw"), command, "recruit")]


def played_summary(command: Any) -> str:
    """``the Recruit plays night+rain``: the log's summary of a Recruit's card."""
    from voice.summary import recruit_played

    return recruit_played(command.card)


def withdrew_summary(command: Any) -> str:
    """``the Recruit withdraws``: the log's summary of the Recruit's withdrawal."""
    from voice.summary import RECRUIT_WITHDREW

    return RECRUIT_WITHDREW


def play_completed(command: Any, named: Any) -> Any:
    """A Recruit's card completed with the card a Trap on it drew, when the keeper named it."""
    if not named.drawn:
        return command
    from msgspec.structs import replace

    return replace(command, drawn=named.drawn)


# --- A Mission start: the Recruit that enters with it (app/moves.py) ---


def mission_move(state: Any, command: Any, move: dict[str, Any]) -> dict[str, Any]:
    """A Mission start on the keeper's page: the Recruits that may be on top of their deck
    when one enters with it (the keeper says which, and its starting hand drawn face up)."""
    from voice.keeper import recruit_option

    entering = _entering(state.chapter)
    options = [[n, recruit_option(n, r.name)] for n, r in entering]
    return {**move, "recruit": [n for n, _ in entering], "options": options}


def _entering(chapter: Any) -> list[tuple[int, Any]]:
    """The Recruits that may be on top of their deck when one enters with this Mission;
    none when none enters."""
    from domain.modules.recruits.state import recruit_piles

    piles = recruit_piles(chapter)
    if piles is None or piles.recruit is not None or not piles.deck:
        return []
    numbers = piles.deck[:1] if piles.known else piles.deck
    described = chapter.catalogue.recruits
    return [(n, described[n]) for n in sorted(set(numbers)) if n in described]


def mission_named(move: dict[str, Any], fields: dict[str, str], catalogue: Any) -> dict[str, Any]:
    """The Recruit the keeper says enters with the Mission and its starting hand, read by
    the notation (none when none may enter); ``Unnamed`` when either is missing or wrong."""
    if not move.get("recruit"):
        return {}
    from domain.cards.notation import CardNotationError, parse_card
    from voice.keeper import NO_RECRUIT
    from voice.moments import Unnamed
    from voice.refusal import message

    number, hand = fields.get("recruit", ""), fields.get("hand", "").strip()
    if number not in [str(n) for n in move["recruit"]] or not hand:
        raise Unnamed(_(NO_RECRUIT))
    try:
        cards = tuple(parse_card(c, catalogue) for c in hand.split(",") if c.strip())
    except CardNotationError as error:
        raise Unnamed(message(error)) from None
    return {"recruit": int(number), "hand": cards}


def mission_completed(command: Any, named: Any) -> Any:
    """A Mission start completed with the Recruit the keeper says enters and its starting
    hand (``mission_named``: its cards already read by the notation)."""
    if named.more.get("recruit") is None:
        return command
    from msgspec.structs import replace

    from domain.chapter.commands import merged
    from domain.modules.recruits import entering_recruit

    entering = entering_recruit(named.more["recruit"], named.more["hand"])
    return replace(command, options=merged(command.options, entering))


# --- The table session: the Recruit's turn, the Mission Leader choosing (voice/table.py) ---

RECRUIT_TILE = N_(
    "Error: it is the Recruit's turn: w alone withdraws it (a Recruit plays no tile); a "
    "player's withdrawal names them: w TILE -p NAME"
)
SESSION_HELP = (N_("                  the Recruit's turn: CARD its play, w its withdrawal"),)


def recruit_turn(state: Any) -> Turn | None:
    """The Recruit acts in a Mission being played: the Mission Leader chooses its action
    (``Recruit #5 (Ann chooses): CARD or w``), a card from its face-up hand or its
    withdrawal; None when it does not."""
    from domain.modules.recruits.state import recruit_acts, recruit_in_play
    from voice.shown import SHORT, shown

    chapter = state.chapter if state is not None else None
    if chapter is None or not recruit_acts(chapter):
        return None
    recruit = recruit_in_play(chapter)
    assert recruit is not None
    leader = shown(chapter.players[chapter.leader].name, SHORT)
    prompt = _("Recruit #{number} ({leader} chooses): CARD or w").format(
        number=recruit.number, leader=leader
    )
    turn = _("Recruit #{number}'s turn, {leader} chooses").format(
        number=recruit.number, leader=leader
    )
    legal = (
        f"{turn}:",
        _("  CARD (recruit play): {cards}").format(cards=", ".join(recruit.hand)),
        _("  w (withdraw)"),
    )
    refused = _(
        "it is the Recruit's turn: {leader} chooses its action with 'grizzled recruit "
        "play CARD' or 'grizzled recruit withdraw'"
    ).format(leader=leader)
    play, withdraw = ("recruit", "play"), ("recruit", "withdraw")
    return Turn(prompt, legal, play, withdraw, _(RECRUIT_TILE), refused)


# --- ``why``: the decisions the rules take with the Recruits (voice/decisions_table.py) ---


def played_explained(chapter: Any, event: Any, number: int, seen: Sequence[Any]) -> Any:
    """A Recruit's card: a Hard Knock goes to the Mission Leader; a Trap meets Luck."""
    from voice.board import label
    from voice.decisions import Decision
    from voice.decisions_table import luck_met

    if chapter.catalogue.kind_of.get(event.card) is None:
        return luck_met(chapter, event, number, seen)
    name = recruit_said(event.recruit, chapter.catalogue)
    leader = chapter.players[chapter.leader].name
    facts = _(
        "{recruit} played {card}, a Hard Knock: a Recruit's Hard Knock goes in front of "
        "{leader}, the Mission Leader"
    ).format(recruit=name, card=label(event.card), leader=leader)
    data = {"recruit": event.recruit, "card": event.card, "player": leader}
    what = _("A Hard Knock to the Mission Leader")
    return Decision("recruits", what, facts, data, [number])


def withdrew_explained(chapter: Any, event: Any, number: int, seen: Sequence[Any]) -> Any:
    """The Recruit's withdrawal: its Morale tokens."""
    from voice.decisions import Decision

    name = recruit_said(event.recruit, chapter.catalogue)
    facts = _(
        "it withdrew: {count} Morale token(s) go on it, as its card says; they count as cards "
        "in hand at each Morale Drop while it stays in play"
    ).format(count=event.tokens)
    data = {"recruit": event.recruit, "tokens": event.tokens}
    what = _("{recruit}'s Morale tokens").format(recruit=name)
    return Decision("recruits", what, facts, data, [number])


def arrived_explained(chapter: Any, event: Any, number: int, seen: Sequence[Any]) -> Any:
    """A Recruit entering after the deal."""
    from voice.board import label
    from voice.decisions import Decision

    name = recruit_said(event.recruit, chapter.catalogue)
    facts = _(
        "after the deal no Recruit was in play, it was on top of the Recruit deck and the "
        "Trials deck held {trials} cards, enough for its hand of {hand}: it enters, its hand "
        "face up ({cards}), acting after {after}, the Mission Leader's right"
    ).format(
        trials=len(chapter.trials),
        hand=len(event.hand),
        cards=", ".join(map(label, event.hand)),
        after=event.after,
    )
    data = {
        "recruit": event.recruit,
        "hand": list(event.hand),
        "after": event.after,
        "trials": len(chapter.trials),
    }
    return Decision("recruits", _("{recruit} entered").format(recruit=name), facts, data, [number])


def departed_explained(chapter: Any, event: Any, number: int, seen: Sequence[Any]) -> Any:
    """A Recruit departing with its last card: the table gains its advantage."""
    from voice.decisions import Decision
    from voice.decisions_table import numbered

    name = recruit_said(event.recruit, chapter.catalogue)
    leader = chapter.players[chapter.leader].name
    facts = _(
        "it played the last card of its hand: it departs, and the table gains its advantage "
        "({leader}, the Mission Leader, decides for it)"
    ).format(leader=leader)
    entries = [number, *numbered(seen, "RecruitArrived", "recruit", event.recruit)[-1:]]
    data = {"recruit": event.recruit, "leader": leader}
    return Decision("recruits", _("{recruit} departed").format(recruit=name), facts, data, entries)


# --- the board (voice/board.py): the Recruit in play, from the ``status`` document ---


def piles(values: dict[str, Any], mission: int) -> dict[str, Any]:
    """The document's ``recruit`` (the Recruit in play, or None) from the rows the modules
    show."""
    row = values.get("recruit") or {}
    if row.get("number") is None:
        return {"recruit": None}
    return {
        "recruit": {
            "number": row["number"],
            "after": row["after"],
            "hand": row["hand"],
            "withdrawn": bool(row["withdrew_in"]) and row["withdrew_in"] == mission,
            "morale_tokens": row["tokens"],
            "name": row.get("name"),
            "effect": row.get("effect", ""),
            "advantage": row.get("advantage", ""),
            "enforces": row.get("enforces", []),
            "advantage_rules": row.get("advantage_rules", []),
        }
    }


def recruit_lines(doc: dict[str, Any]) -> list[str]:
    """The Recruit in play: whether it acts, its hand and tokens, its text and advantage."""
    from voice.board import label

    recruit = doc.get("recruit")
    if not recruit:
        return []
    after = _("acts after {player}").format(player=recruit["after"])
    state = _("withdrawn") if recruit["withdrawn"] else after
    hand = ", ".join(label(k) for k in recruit["hand"]) or _("no card")
    name = f" {recruit['name']}" if recruit.get("name") else ""
    said = _("Recruit #{number}{name} ({state}): {hand}; Morale tokens {tokens}")
    lines = [
        said.format(
            number=recruit["number"],
            name=name,
            state=state,
            hand=hand,
            tokens=recruit["morale_tokens"],
        )
    ]
    if recruit.get("effect"):
        lines.append(_("   text: {text}").format(text=recruit["effect"]))
    if recruit.get("enforces"):
        rules = "; ".join(recruit["enforces"])
        lines.append(_("   the tool applies: {rules}").format(rules=rules))
    if recruit.get("advantage"):
        lines.append(_("   on departure: {advantage}").format(advantage=recruit["advantage"]))
    if recruit.get("advantage_rules"):
        rules = "; ".join(recruit["advantage_rules"])
        lines.append(_("   on departure the tool applies: {rules}").format(rules=rules))
    return lines


def folded_lines(doc: dict[str, Any]) -> list[str]:
    """The Recruit in play in a line, with its hand (its text behind a key)."""
    from voice.board import label

    recruit = doc.get("recruit")
    if not recruit:
        return []
    hand = ", ".join(label(k) for k in recruit["hand"]) or _("no card")
    after = _("after {player}").format(player=recruit["after"])
    state = _("withdrawn") if recruit["withdrawn"] else after
    said = _("Recruit #{number} ({state}): {hand}")
    return [said.format(number=recruit["number"], state=state, hand=hand)]


def board_lines(doc: dict[str, Any], folded: bool) -> list[tuple[str, str]]:
    """The Recruit in play on the board: in full (``recruit``), or folded (``folded``)."""
    if folded:
        return [("folded", line) for line in folded_lines(doc)]
    return [("recruit", line) for line in recruit_lines(doc)]


# --- the Next line (voice/next_step.py) ---


def lead(chapter: Any) -> str:
    """A Recruit that may enter after the deal, named with its starting hand."""
    from domain.modules.recruits.state import recruit_piles

    piles = recruit_piles(chapter)
    enters = piles is not None and piles.recruit is None and bool(piles.deck)
    return " --recruit N --recruit-hand CARD,CARD,..." if enters else ""


def recruits_turn(leader: str) -> str:
    """The Recruit's turn: the leader chooses its action."""
    return _(
        "the Recruit's turn, {leader} chooses: grizzled recruit play CARD / recruit withdraw"
    ).format(leader=shown(leader, SHORT))


def step(chapter: Any) -> str | None:
    """The Recruit's turn, when it is (None: not)."""
    from domain.modules.recruits.state import RECRUIT_TURN

    if chapter.turn != RECRUIT_TURN:
        return None
    return recruits_turn(chapter.players[chapter.leader].name)


def step_on_board(doc: Mapping[str, Any]) -> str | None:
    """The Recruit's turn, read from the board (None: not its turn)."""
    return recruits_turn(doc["leader"]) if doc.get("recruit_turn") else None


def turn_notes(recruit: dict[str, Any] | None) -> tuple[list[str], str]:
    """A Recruit in play whose rules restrict or allow a player's turn (``enforces``)."""
    if not recruit or not recruit.get("enforces"):
        return [], ""
    name = f" {shown(recruit['name'], SHORT)}" if recruit.get("name") else ""
    said = _("Recruit #{number}{name} in play: {rules}").format(
        number=recruit["number"], name=name, rules=_("; ").join(recruit["enforces"])
    )
    return [said], ""


def turn(chapter: Any) -> tuple[list[str], str]:
    """What the Recruit in play restricts of this chapter's turn."""
    from domain.modules.recruits.rules import recruit_texts
    from domain.modules.recruits.state import recruit_in_play

    joined = recruit_in_play(chapter)
    texts = {"number": joined.number, **recruit_texts(chapter)} if joined is not None else None
    return turn_notes(texts)


def turn_on_board(doc: Mapping[str, Any]) -> tuple[list[str], str]:
    """What the Recruit in play restricts of the turn, read from the board."""
    return turn_notes(doc.get("recruit"))


def trap_drawn(event: Any, drawn: str) -> str:
    """``why``: a Trap the Recruit played drew a card, for the Mission Leader."""
    return _(
        "the card the Recruit played has a Trap symbol: drew and played {card}, for "
        "{player}, the Mission Leader"
    ).format(card=drawn, player=event.player)


def described(e: RecruitDescribed, c: Catalogue) -> str:
    """The box learnt a Recruit (``grizzled describe recruit``)."""
    from voice.narrate import corrected

    said = _("Recruit #{number} learnt: {name} (starting hand {hand}).")
    return said.format(number=e.number, name=e.name, hand=e.hand) + corrected(e.reason)


WHY = Why(
    {"recruit": (in_play, in_play_said)},
    by_rule={"recruits": ("phase", "turn", "recruit")},
    by_command={"recruit": ("recruit",)},
)
ROOM = Room(
    "Recruits",
    narrates={
        "RecruitArrived": arrived,
        "RecruitPlayed": played,
        "RecruitWithdrew": withdrew,
        "RecruitDeparted": departed,
        "RecruitDescribed": described,
    },
    why=WHY,
    offers={"PlayRecruitCard": play_offered, "WithdrawRecruit": withdraw_offered},
    summaries={"PlayRecruitCard": played_summary, "WithdrawRecruit": withdrew_summary},
    completes={"PlayRecruitCard": play_completed},
    explains={
        "RecruitPlayed": played_explained,
        "RecruitWithdrew": withdrew_explained,
        "RecruitArrived": arrived_explained,
        "RecruitDeparted": departed_explained,
    },
    hands=("RecruitPlayed",),  # its Hard Knock goes to the Mission Leader, a Trap meets Luck
    board_lines=BoardWords(board_lines, wraps=("recruit",)),
    next_lines=NextWords(
        lead=lead, step=step, step_on_board=step_on_board, turn=turn, turn_on_board=turn_on_board
    ),
    piles=piles,
    decides=Decides(drawn={"recruit-trap": trap_drawn}),  # a Hard Knock drawn: the leader's
    mission=MissionStart(move=mission_move, named=mission_named, completes=mission_completed),
    turn=recruit_turn,
    session_help=SESSION_HELP,
)
