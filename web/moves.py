"""The keeper's moves: what the rules allow now (the engine's own ``legal_actions``), each as
the ``grizzled`` command's words that log it. Read by the companion's worker on the file
read-only (``web.worker``: ``menu``), as the readings are, so the server loads no rule; a
move the rules refuse is never listed.

Chance the engine leaves open is asked of the keeper: the card a Trap (or a Clumsy
withdrawal) drew, from the cards that can still be unseen. Undo and redo are always
offered (the command refuses, in one line, when there is nothing to take back)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from voice import keeper as said

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
        "turn": _turn(chapter),
        "facts": facts,
        "players": players,
    }


def _facts() -> list[dict[str, Any]]:
    """The facts a correction may set (``grizzled correct``), as the keeper picks one."""
    from domain.public import correctable_facts

    return [
        {"name": name, "label": said.fact_label(name, fact.meaning), "player": fact.needs_player}
        for name, fact in correctable_facts().items()
    ]


def _turn(chapter: Any) -> str:
    from domain.public import acting_player, recruit_acts

    if chapter is None:
        return ""
    support = chapter.support.player if chapter.support is not None else None
    leader = chapter.players[chapter.leader].name if recruit_acts(chapter) else None
    return said.turn_heading(acting_player(chapter), leader, support)


def _by_intensity(command: Any) -> tuple[int, ...]:
    """Mission starts by the Order kept and then the intensity (1, 2, ... 10), the rest as
    the engine lists them."""
    if type(command).__name__ != "StartMission":
        return (1,)
    from domain.modules import orders

    return (
        0,
        orders.order_kept(command) or 0,
        orders.order_put_back(command) or 0,
        command.intensity,
    )


def _move(kind: str, label: str, words: list[str], **more: Any) -> Move:
    return {"kind": kind, "label": label, "words": words, "group": "", **more}


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
        return [move]
    if kind == "UseCharm":
        return [_move("charm", f"Charm: {command.card}", ["charm", command.card])]
    if kind == "MakeSpeech":
        return [_move("speech", said.speech_label(command.threat), ["speech", command.threat])]
    if kind == "Withdraw":
        return _withdrawals(state, command)
    if kind == "ChooseSupport":
        words = ["support", *[w for d in command.discard for w in ("--discard", d)]]
        words += ["--charm"] if command.recover_charm else []
        label = said.support_label(command.discard, command.recover_charm)
        return [_move("support", label, words)]
    if kind == "StartMission":
        return [_mission(state, command)]
    if kind == "PlayRecruitCard":
        words = ["recruit", "play", command.card, *_target(command.target)]
        trap = chapter.catalogue[command.card].trap and bool(chapter.trials)
        return [_move("recruit", said.recruit_label(command.card), words, drawn=trap)]
    if kind == "WithdrawRecruit":
        return [_move("recruit", said.recruit_label(None), ["recruit", "withdraw"])]
    if kind == "CancelOrder":
        return [_cancel(chapter, command)]
    return []  # a command a phone cannot log yet (Solo's own): the CLI logs it


def _cancel(chapter: Any, command: Any) -> Move:
    """A lasting Order's cancellation: for a condition the engine checks, by the withdrawn
    player drawing what it says; else with how it was met and, if it says so, who draws
    how many (the keeper types them)."""
    order = chapter.catalogue.orders.get(command.order)
    name = order.name if order is not None else ""
    words = ["order", "cancel", str(command.order)]
    if command.player is not None:
        words += ["--player", command.player, "--draws", str(command.draws)]
        label = said.order_cancel_label(command.order, name, command.player, command.draws)
        return _move("order", label, words)
    label = said.order_cancel_label(command.order, name)
    drawers = [p.name for p in chapter.players if not p.chaplain]
    return _move("order", label, words, reason=True, drawers=drawers)


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
        found.append(_move("withdraw", label, words, drawn=bool(legal.get("draws"))))
    return found


def _mission(state: Any, command: Any) -> Move:
    """A Mission start; one that deals a losing hand carries the CLI's warning and needs
    the keeper's confirmation (the command's ``--yes``)."""
    from domain.campaign.flow import decide_campaign
    from domain.errors import RuleViolation
    from domain.modules.orders import order_kept, order_put_back
    from voice.next_step import losing_deal

    number, back = order_kept(command), order_put_back(command)
    words = ["mission", "start", str(command.intensity)]
    words += ["--order", str(number)] if number is not None else []
    words += ["--back", str(back)] if back is not None else []
    try:
        warning = losing_deal(command.intensity, decide_campaign(state, command, None))
    except RuleViolation:
        warning = None
    orders = state.chapter.catalogue.orders
    name = orders[number].name if number in orders else ""
    label = said.mission_label(command.intensity, number, back, name)
    words = [*words, "--yes"] if warning else words
    entering = _entering(state.chapter)
    options = [[n, said.recruit_option(n, r.name)] for n, r in entering]
    return _move(
        "mission", label, words, warning=warning, recruit=[n for n, _ in entering], options=options
    )


def _entering(chapter: Any) -> list[tuple[int, Any]]:
    """The Recruits that may be on top of their deck when one enters with this Mission
    (the keeper says which, and its starting hand drawn face up); none when none enters."""
    from domain.modules.recruits.state import recruit_piles

    piles = recruit_piles(chapter)
    if piles is None or piles.recruit is not None or not piles.deck:
        return []
    numbers = piles.deck[:1] if piles.known else piles.deck
    described = chapter.catalogue.recruits
    return [(n, described[n]) for n in sorted(set(numbers)) if n in described]


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
    from domain.campaign.rewards import PlayHelpingHand
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
    return _move("helping", label, words, note=True, knocks=knocks, discards=rules.get("discard"))


def menu(where: str, name: str) -> dict[str, Any]:
    """The keeper's menu for campaign ``name`` at ``where`` (a file, or a club's server by
    its URL), the file only read, with the campaign's last event then (``version``: what
    a take-back or a correction from this menu is decided on)."""
    from tracker import store
    from tracker.app import Tracker

    tracker = Tracker(where if store.is_postgres(where) else Path(where), access="read")
    try:
        campaign = tracker.campaign(name)
    finally:
        tracker.close()
    return {**moves(campaign.state), "version": campaign.version}
