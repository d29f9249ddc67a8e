"""The keeper's moves: what the rules allow now (the engine's own ``legal_actions``), each
with the domain command that logs it (and, to name it, the ``grizzled`` command's words
for it, which a keeper's page shows as the button's ``data-words``). Read on the file
read-only (``app.readings.menu``); a move the rules refuse is never listed. What the
keeper then names (the card a Trap drew, the reason, the cards discarded...) completes
the move's command (``command_of``), which ``app.actions.log_action`` records.

Chance the engine leaves open is asked of the keeper: the card a Trap (or a Clumsy
withdrawal) drew, from the cards that can still be unseen. Undo and redo are always
offered (the command refuses, in one line, when there is nothing to take back)."""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from app.errors import Refused
from domain.campaign.rewards import PlayHelpingHand
from domain.chapter.commands import Choice
from voice import keeper as said
from voice import summary as summaries

Move = dict[str, Any]


def moves(state: Any) -> dict[str, Any]:
    """The keeper's menu for this campaign state: the moves and the drawable cards."""
    from domain.legal import legal_actions

    chapter = state.chapter
    found: list[Move] = []
    if chapter is not None:
        commands = sorted(legal_actions(chapter), key=_by_intensity)
        for command in commands:
            found += _words(state, command)
        found += _rooms(state)
    found += _helping(state)
    drawable = []
    facts: list[dict[str, Any]] = []
    players: list[str] = []
    if chapter is not None:
        drawable = [k for k in sorted(chapter.catalogue.cards) if chapter.unseen(k) > 0]
        facts = _facts()
        players = [p.name for p in chapter.players]
    return {
        "moves": found,
        "drawable": drawable,
        "turn": _turn(state),
        "facts": facts,
        "players": players,
        "cards": _composer(chapter, found),
        "drawable_cards": [_card(chapter, key) for key in drawable],
    }


def _rooms(state: Any) -> list[Move]:
    """The keeper moves the installed modules offer from their rooms (``voice.rooms``),
    after the rules' own; the rules decide each when it is logged, as any other."""
    from voice import rooms

    return [
        _with(_move(move.kind or name, move.label, list(move.words), **move.more), move.command)
        for name, move in rooms.moves(state)
    ]


def _card(chapter: Any, key: str, index: int = -1, drawn: bool = False) -> dict[str, Any]:
    """A card as the keeper's composer picks it: its key, its symbols (threats, ``trap``,
    ``luck``), the Hard Knock it is (None: a Threat card), the Armistice numbers it was
    described as, the menu's move that plays it, and whether that play draws a card."""
    card = chapter.catalogue[key]
    symbols = [*card.threats, *(["trap"] if card.trap else []), *(["luck"] if card.luck else [])]
    return {
        "key": key,
        "symbols": symbols if card.is_threat else [],
        "knock": card.hard_knock is not None or card.merry_christmas,
        "numbers": list(card.numbers),
        "index": index,
        "drawn": drawn,
    }


def _composer(chapter: Any, found: list[Move]) -> list[dict[str, Any]]:
    """The cards the player whose turn it is may play from a hidden hand (the engine's
    legal plays, so only cards that can still be unseen), as the card composer offers
    them; a play with a target (a Merry Christmas) keeps its own button."""
    cards = []
    for index, move in enumerate(found):
        if move["kind"] == "play" and move["command"].target is None:
            move["composer"] = True  # no button of its own
            cards.append(_card(chapter, move["command"].card, index, bool(move.get("drawn"))))
    return cards


def composed(cards: list[dict[str, Any]], picked: str, symbols: list[str], number: str) -> str:
    """The card the composer names: a card picked whole, else the symbols toggled (threats,
    Trap, Luck), else an Armistice card's number; refused unless it is one of ``cards``
    (the cards that can still be unseen and may be played now)."""
    from domain.cards.catalogue import THREATS, threat_key

    keys = {card["key"]: card for card in cards}
    if picked:
        key = picked
    elif symbols:
        threats = [s for s in dict.fromkeys(symbols) if s in THREATS]
        key = threat_key(threats, "trap" in symbols, 1 if "luck" in symbols else 0)
    elif number.isdigit() and len(number) < 6:
        key = next((c["key"] for c in cards if int(number) in c["numbers"]), "")
        if not key:
            raise Refused(said.no_number(int(number)))
    else:
        raise Refused(said.NO_CARD)
    if key not in keys:
        raise Refused(said.not_unseen(key))
    return key


def _facts() -> list[dict[str, Any]]:
    """The facts a correction may set (``grizzled correct``), as the keeper picks one."""
    from domain.public import correctable_facts

    return [
        {"name": name, "label": said.fact_label(name, fact.meaning), "player": fact.needs_player}
        for name, fact in correctable_facts().items()
    ]


def _turn(state: Any) -> str:
    """Whose turn it is; a module's own actor's (the Recruit's, ``voice.rooms.turn``) is
    chosen by the Mission Leader."""
    from domain.public import acting_player
    from voice import rooms

    chapter = state.chapter
    if chapter is None:
        return ""
    support = chapter.support.player if chapter.support is not None else None
    leader = chapter.players[chapter.leader].name if rooms.turn(state) is not None else None
    return said.turn_heading(acting_player(chapter), leader, support)


def _by_intensity(command: Any) -> tuple[int, ...]:
    """Mission starts by what the modules' rooms list them by (the Order kept, then the one
    put back) and then the intensity (1, 2, ... 10), the rest as the engine lists them."""
    if type(command).__name__ != "StartMission":
        return (1,)
    from voice import rooms

    return (0, *rooms.mission_sort(command), command.intensity)


def _move(kind: str, label: str, words: list[str], **more: Any) -> Move:
    return {"kind": kind, "label": label, "words": words, "group": "", **more}


def _with(move: Move, command: Any) -> Move:
    """The move and the domain command it logs (completed by what the keeper names)."""
    move["command"] = command
    return move


def _target(target: tuple[str, str] | None) -> list[str]:
    return ["--target", f"{target[0]}:{target[1]}"] if target else []


def _words(state: Any, command: Any) -> list[Move]:
    """The moves a legal command stands for (a Panicked withdrawal: one per tile)."""
    kind = type(command).__name__
    chapter = state.chapter
    if kind == "PlayCard":
        card = chapter.catalogue[command.card]
        move = _move("play", said.play_label(command.card, command.target), [])
        move["words"] = ["play", command.card, *_target(command.target)]
        move["group"] = said.group_of(card.threats, card.hard_knock)
        move["drawn"] = card.trap and bool(chapter.trials)
        return [_with(move, command)]
    if kind == "UseCharm":
        charm = _move("charm", said.charm_label(command.card), ["charm", command.card])
        return [_with(charm, command)]
    if kind == "MakeSpeech":
        speech = _move("speech", said.speech_label(command.threat), ["speech", command.threat])
        return [_with(speech, command)]
    if kind == "Withdraw":
        return _withdrawals(state, command)
    if kind == "ChooseSupport":
        words = ["support", *[w for d in command.discard for w in ("--discard", d)]]
        words += ["--charm"] if command.recover_charm else []
        label = said.support_label(command.discard, command.recover_charm)
        return [_with(_move("support", label, words), command)]
    if kind == "StartMission":
        return [_mission(state, command)]
    return _offered(state, command)


def _offered(state: Any, command: Any) -> list[Move]:
    """The moves a module's legal command stands for, as its room offers them
    (``voice.rooms.offers``); none for a command a phone cannot log yet (Solo's own: the
    CLI logs it)."""
    from voice import rooms

    return [
        _with(_move(move.kind, move.label, list(move.words), **move.more), move.command)
        for move in rooms.offers(state, command)
    ]


def _withdrawals(state: Any, command: Any) -> list[Move]:
    """A withdrawal; a Panicked one names the tile drawn at random, any the player holds."""
    from domain.legal import legal_summary

    legal = legal_summary(state.chapter)
    tiles = [command.tile] if command.tile is not None else legal.get("withdraw") or [None]
    found = []
    for tile in tiles:
        words = ["withdraw", tile or "none"]
        words += ["--remove", command.discard_tile] if command.discard_tile else []
        label = said.withdraw_label(tile, command.discard_tile)
        move = _move("withdraw", label, words, drawn=bool(legal.get("draws")))
        found.append(_with(move, replace(command, tile=tile)))
    return found


def _mission(state: Any, command: Any) -> Move:
    """A Mission start, with what the modules' rooms add to it (the Order kept in its
    words and label, the Recruit that may enter: ``voice.rooms.mission_move``); one that
    deals a losing hand carries the CLI's warning and needs the keeper's confirmation (the
    command's ``--yes``)."""
    from domain.campaign.flow import decide_campaign
    from domain.errors import RuleViolation
    from voice import rooms
    from voice.next_step import losing_deal

    try:
        warning = losing_deal(command.intensity, decide_campaign(state, command, None))
    except RuleViolation:
        warning = None
    label = said.mission_label(command.intensity, None, None)
    words = ["mission", "start", str(command.intensity)]
    move = rooms.mission_move(state, command, _move("mission", label, words, warning=warning))
    move["words"] = [*move["words"], "--yes"] if warning else move["words"]
    return _with(move, command)


def _helping(state: Any) -> list[Move]:
    """The Helping Hands the rules let a player play now, each tried on the engine's own
    decision: an Action on its player's turn, an Event at its moment (a withdrawn player's,
    the Support phase's), never a Friendship card (it took effect when it was acquired)."""
    if state.chapter is None:
        return []
    found = []
    for player in state.chapter.players:
        for held in state.held(player.name):
            move = _hand(state, player, held.number)
            found += [move] if move is not None else []
    return found


def _hand(state: Any, player: Any, number: int) -> Move | None:
    """One Helping Hand's move, or None if the rules refuse it now; what its rules ask the
    keeper to name (cards discarded from hand, the Hard Knock discarded when there is a
    choice) comes with it."""
    from domain.campaign.flow import decide_campaign
    from domain.chapter.commands import Choice
    from domain.errors import RuleViolation

    card = state.catalogue.helping_hands.get(number)
    rules = {rule.word: rule.n for rule in card.rules} if card is not None else {}
    knocks = sorted(set(player.hard_knocks)) if "knock-discard" in rules else []
    knocks = knocks if len(knocks) > 1 else []  # one kind: the engine discards it
    choice = Choice(knock=knocks[0]) if knocks else None
    try:
        decide_campaign(state, PlayHelpingHand(player.name, number, "", choice), None)
    except RuleViolation:
        return None
    label = said.helping_label(number, player.name, card.name if card is not None else "")
    words = ["helping", "play", str(number), "--player", player.name]
    move = _move("helping", label, words, note=True, knocks=knocks, discards=rules.get("discard"))
    return _with(move, PlayHelpingHand(player.name, number))


def menu(state: Any, version: int) -> dict[str, Any]:
    """The keeper's menu for this campaign state, with the campaign's last event then
    (``version``: what a take-back or a correction from this menu is decided on)."""
    catalogue = state.catalogue if state.chapter is None else state.chapter.catalogue
    return {**moves(state), "version": version, "catalogue": catalogue}


class Named(msgspec.Struct, frozen=True):
    """What the keeper named on a move's form (each already checked against the menu's
    lists by the face): the card drawn, the reason or note, the cards discarded from hand
    (typed), the Hard Knock discarded, who draws how many, and what it named for a module
    on a Mission start's form (``more``, as the module's room read it:
    ``voice.rooms.mission_named``)."""

    drawn: str | None = None
    reason: str = ""
    cards: tuple[str, ...] = ()
    knock: str | None = None
    player: str | None = None
    draws: int = 0
    more: dict[str, Any] = msgspec.field(default_factory=dict)


def command_of(menu: dict[str, Any], move: Move, named: Named) -> tuple[Any, str]:
    """The domain command a move of ``menu`` logs, completed with what the keeper named,
    and its summary for the log (as the ``grizzled`` command's would be)."""
    command = move["command"]
    kind = type(command).__name__
    catalogue = menu["catalogue"]
    if named.drawn and kind in ("PlayCard", "Withdraw"):
        command = replace(command, drawn=named.drawn)
    if kind == "PlayHelpingHand":
        cards = tuple(card(c, catalogue) for c in named.cards)
        choice = Choice(cards, named.knock) if cards or named.knock else None
        command = replace(command, note=named.reason, choice=choice)
    from voice import rooms

    if kind == "StartMission":  # as the modules' rooms complete it (the Recruit entering)
        command = rooms.mission_completed(command, named)
    command = rooms.completed(command, named)  # a module's command, as its room completes it
    return command, summary_of(command)


def correction(
    menu: dict[str, Any], fact: str, value: str, reason: str, player: str | None
) -> tuple[Any, str]:
    """A correction the keeper picked (``grizzled correct``): the fact, its value in the
    engine's words (cards by key, tiles by name), the reason and the player."""
    from domain.chapter.corrections import CorrectFact
    from domain.public import correctable_facts

    kind = correctable_facts()[fact].value
    said: str | None = value or None
    if value and kind == "card":
        said = card(value, menu["catalogue"])
    elif value and kind == "cards":
        said = ",".join(card(c, menu["catalogue"]) for c in value.split(",") if c.strip())
    elif value and kind == "tile":
        said = TILE_WORDS.get(value.strip().lower(), value.strip().lower())
    elif value and "/" in kind:
        said = value.strip().lower()
    command = CorrectFact(fact, said, reason, player)
    return command, summary_of(command)


TILE_WORDS = {"l": "left", "r": "right", "ll": "left2", "rr": "right2"}


def card(text: str, catalogue: Any) -> str:
    """A card typed on a keeper's page, by the notation (docs/notation.md)."""
    from domain.cards.notation import CardNotationError, parse_card

    try:
        return parse_card(text, catalogue)
    except CardNotationError as error:
        from voice.refusal import message

        raise Refused(message(error)) from None


def summary_of(command: Any) -> str:
    """The log's summary of a command, as the ``grizzled`` command that logs it says it
    (``voice.summary``)."""
    kind = type(command).__name__
    if kind == "PlayCard":
        return summaries.played(command.player, command.card, command.drawn)
    if kind == "UseCharm":
        return summaries.charm(command.player, command.card)
    if kind == "MakeSpeech":
        return summaries.speech(command.player, command.threat)
    if kind == "Withdraw":
        return summaries.withdrew(command.player)
    if kind == "ChooseSupport":
        return summaries.support(command.player)
    from voice import rooms

    if kind == "StartMission":
        return rooms.mission_summary(command)  # as the modules' rooms say it (the Order kept)
    if kind == "PlayHelpingHand":
        return summaries.hand_played(command.player, command.number)
    if kind == "CorrectFact":
        return summaries.correction(command.fact, command.value, command.player)
    # a module's command, as its room says it; else the tracker describes it (tracker.app)
    return rooms.summary(command) or ""
