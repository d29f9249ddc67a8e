"""The facts a refusal rests on, each with the log entry that last set it (issue 32).

A refusal's family (its rule's id) names the facts it rests on: the refused player's Hard
Knocks, Good Luck Charm, Speech tokens, cards in hand, withdrawal, the threats in No Man's
Land, the phase and whose turn it is, the Mission Leader, the Trials deck, the chapter and
the Helping Hands held, a module's own facts, which its room adds from its folder
(``voice.Why``); and the Hard Knock that decided it, whoever's it is, as
the domain's refusal names it (``Ben is Fragile and ...``: a Mute, Hardheaded, Prideful,
Fearful, Panicked or Absent-minded player, another player's Fragile, then with that player's
hand), with the entry that put it in front of its player (issue 43). Each fact's entry is found
by walking the chapter's entries once (``seen``: each entry's number and event records,
oldest first, from the state just before the first): the last entry that changed the fact,
or the first entry (the chapter's start) when none did since. The refused player is the one
the command names with ``-p``/``--player``, else whose turn it is. Public facts only: a
hand is said as its size, never its cards.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from voice.board import label
from voice.decisions import Entry
from voice.lang import N_, _, ngettext, threat_name

if TYPE_CHECKING:
    from domain.campaign.flow import CampaignState
    from domain.chapter.state import ChapterState, Player


def _player(chapter: ChapterState | None, name: str | None) -> Player | None:
    if chapter is None or name is None:
        return None
    return next((p for p in chapter.players if p.name == name), None)


def _labels(keys: Sequence[str]) -> str:
    return ", ".join(map(label, keys))


# Each fact: its value in a state (None: not there to say) and its words.
Value = Callable[["CampaignState", "str | None"], Any]
Words = Callable[[Any, "str | None"], str] | str  # a str: formatted with value and name


def _phase(state: CampaignState, name: str | None) -> Any:
    chapter = state.chapter
    return None if chapter is None else (str(chapter.phase), chapter.mission)


def _turn(state: CampaignState, name: str | None) -> Any:
    chapter = state.chapter
    active = chapter.active_player if chapter is not None else None
    return active.name if active is not None else None


def _of(field: str) -> Value:
    def value(state: CampaignState, name: str | None) -> Any:
        player = _player(state.chapter, name)
        return None if player is None else getattr(player, field)

    return value


def _charm(state: CampaignState, name: str | None) -> Any:
    player = _player(state.chapter, name)
    return None if player is None else (player.charm, player.charm_up)


def _hand(state: CampaignState, name: str | None) -> Any:
    player = _player(state.chapter, name)
    return None if player is None else player.hand_size


def _nml(state: CampaignState, name: str | None) -> Any:
    return None if state.chapter is None else state.chapter.nml


def _leader(state: CampaignState, name: str | None) -> Any:
    chapter = state.chapter
    return None if chapter is None else chapter.players[chapter.leader].name


def _trials(state: CampaignState, name: str | None) -> Any:
    return None if state.chapter is None else len(state.chapter.trials)


def _support(state: CampaignState, name: str | None) -> Any:
    chapter = state.chapter
    if chapter is None:
        return None
    return "" if chapter.support is None else chapter.support.player


def _chapter(state: CampaignState, name: str | None) -> Any:
    chapter = state.chapter
    if chapter is None:
        return (state.chapter_number, "none")
    return (state.chapter_number, chapter.outcome or "running")


def _holdings(state: CampaignState, name: str | None) -> Any:
    return tuple((h.player, h.number, h.used_in) for h in state.holdings)


def _say_phase(value: Any, name: str | None) -> str:
    phase, mission = value
    during = (
        _(", Mission {number}").format(number=mission) if mission and phase != "preparation" else ""
    )
    return _("the chapter is in its {phase} phase{during}").format(phase=phase, during=during)


def _say_knocks(value: Any, name: str | None) -> str:
    if value:
        return _("{player}'s Hard Knocks: {cards}").format(player=name, cards=_labels(value))
    return _("{player} has no Hard Knock").format(player=name)


def _say_charm(value: Any, name: str | None) -> str:
    charm, up = value
    if charm is None:
        return _("{player} has no Good Luck Charm").format(player=name)
    if up:
        said = _("{player}'s Good Luck Charm is {threat}, face up")
    else:
        said = _("{player}'s Good Luck Charm is {threat}, face down")
    return said.format(player=name, threat=threat_name(charm))


def _say_speech(value: Any, name: str | None) -> str:
    if not value:
        return _("{player} has no Speech tokens").format(player=name)
    return ngettext(
        "{player} has {count} Speech token", "{player} has {count} Speech tokens", value
    ).format(player=name, count=value)


def _say_hand(value: Any, name: str | None) -> str:
    return ngettext("{player} holds {count} card", "{player} holds {count} cards", value).format(
        player=name, count=value
    )


def _say_withdrawn(value: Any, name: str | None) -> str:
    if value:
        return _("{player} has withdrawn").format(player=name)
    return _("{player} has not withdrawn").format(player=name)


def _say_nml(value: Any, name: str | None) -> str:
    if value:
        return _("No Man's Land holds {cards}").format(cards=_labels(value))
    return _("No Man's Land is empty")


def _say_support(value: Any, name: str | None) -> str:
    if value:
        return _("{player} has Support to use").format(player=value)
    return _("nobody has Support to use")


def _say_chapter(value: Any, name: str | None) -> str:
    number, how = value
    if how == "none":
        return _("no chapter is running ({count} played)").format(count=number)
    if how == "running":
        return _("chapter {number} is running").format(number=number)
    return _("chapter {number} ended: {how}").format(number=number, how=how)


def _say_holdings(value: Any, name: str | None) -> str:
    held = ", ".join(
        f"{player} #{number}"
        + (_(" (played in chapter {number})").format(number=used) if used else "")
        for player, number, used in value
    )
    return (
        _("Helping Hands held: {hands}").format(hands=held)
        if value
        else _("nobody holds a Helping Hand")
    )


FACTS: dict[str, tuple[Value, Words]] = {
    "chapter": (_chapter, _say_chapter),
    "phase": (_phase, _say_phase),
    "turn": (_turn, N_("it is {value}'s turn")),
    "leader": (_leader, N_("{value} is the Mission Leader")),
    "hard_knocks": (_of("hard_knocks"), _say_knocks),
    "charm": (_charm, _say_charm),
    "speech_tokens": (_of("speech_tokens"), _say_speech),
    "hand": (_hand, _say_hand),
    "withdrawn": (_of("withdrawn"), _say_withdrawn),
    "no_mans_land": (_nml, _say_nml),
    "trials": (_trials, N_("the Trials deck holds {value} cards")),
    "support": (_support, _say_support),
    "helping_hands": (_holdings, _say_holdings),
}

_MOVE = ("phase", "turn", "withdrawn")
_WITHDRAW = (*_MOVE, "hand", "hard_knocks")
_PLAY = (*_MOVE, "hand", "no_mans_land")

# The facts each refusal family rests on (its rule's id); any other: the chapter and phase.
BY_RULE: dict[str, tuple[str, ...]] = {
    "speech": (*_MOVE, "speech_tokens"),
    "good luck charm": (*_MOVE, "charm", "no_mans_land"),
    "withdrawal": _WITHDRAW,
    "support tile": _WITHDRAW,
    "forced withdrawal": (*_WITHDRAW, "no_mans_land"),
    "cards in hand": _WITHDRAW,
    "turn order": _MOVE,
    "phase": ("chapter", "phase", "support"),
    "card count": _PLAY,
    "chance outcome": _PLAY,
    "merry christmas": (*_PLAY, "hard_knocks"),
    "card effects": (*_PLAY, "hard_knocks"),
    "support": ("phase", "support", "hard_knocks", "charm"),
    "mission intensity": ("chapter", "phase", "leader", "trials"),
    "campaign": ("chapter", "phase", "helping_hands"),
}
GENERAL = ("chapter", "phase")
# The facts a command rests on whatever its refusal's rule; a module's rooms add theirs
# (``voice.Why``, from their folders).
BY_COMMAND: dict[str, tuple[str, ...]] = {
    "charm": ("charm",),
    "speech": ("speech_tokens",),
    "helping": ("helping_hands",),
}


def refused_player(command: str, state: CampaignState) -> str | None:
    """The player a refused command names (``-p``/``--player``), else whose turn it is,
    else who has Support to use."""
    chapter = state.chapter
    if chapter is None:
        return None
    words = command.split()
    named = [words[at + 1] for at, word in enumerate(words[:-1]) if word in ("-p", "--player")]
    named += [w.removeprefix("--player=") for w in words if w.startswith("--player=")]
    if named:
        found = [p.name for p in chapter.players if p.name.casefold() == named[-1].casefold()]
        return found[0] if found else None
    active = chapter.active_player
    if active is None and chapter.support is not None:  # the Support's choice is theirs
        return chapter.support.player
    return active.name if active is not None else None


def targeted(command: str, state: CampaignState) -> str | None:
    """The player whose Hard Knock a command targets (``--target ben:mute``), if any."""
    chapter = state.chapter
    words = command.split()
    named = [words[at + 1] for at, word in enumerate(words[:-1]) if word == "--target"]
    named += [w.removeprefix("--target=") for w in words if w.startswith("--target=")]
    if chapter is None or not named:
        return None
    who = named[-1].partition(":")[0].casefold()
    return next((p.name for p in chapter.players if p.name.casefold() == who), None)


def refusal_facts(
    rule_id: str | None,
    command: str,
    before: CampaignState,
    seen: Sequence[Entry],
    line: str = "",
) -> list[dict[str, Any]]:
    """The facts a refusal of ``rule_id`` rests on, as the state is after ``seen`` (the
    entries since the chapter's start, ``before``: the state just before the first), each
    with ``entry``: the last entry that changed it, else the first (``since_start``); and
    the Hard Knock its ``line`` says decided it, with the entry that played it."""
    from domain.campaign.flow import evolve_campaign
    from domain.records import from_record

    if rule_id is None:
        return []
    states = [before]
    state = before
    for _number, records in seen:  # one replay of the chapter
        for record in records:
            state = evolve_campaign(state, from_record(dict(record)))
        states.append(state)
    name = refused_player(command, state)
    if not seen:
        return []
    first = command.split()[0] if command.split() else ""
    facts, by_rule, by_command = _tables()
    keys = dict.fromkeys((*by_rule.get(rule_id, GENERAL), *by_command.get(first, ())))
    target = targeted(command, state)  # Merry Christmas's: their Hard Knocks decide
    whose = {"hard_knocks": target or name}
    found = [f for key in keys if (f := _fact(facts[key], key, whose.get(key, name), states, seen))]
    decided = deciding_knock(line, state.chapter)
    if decided is not None:
        owner, key = decided
        found.append(_knock_fact(owner, key, seen))
        if owner != name:  # another player's card decided: their hand counts too (Fragile)
            found += [f for f in (_fact(FACTS["hand"], "hand", owner, states, seen),) if f]
    return found


def _tables() -> tuple[
    dict[str, tuple[Value, Words]], dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]
]:
    """The facts, by rule and by command: the game's own, then the modules' rooms'."""
    from voice import rooms

    facts, by_rule, by_command = dict(FACTS), dict(BY_RULE), dict(BY_COMMAND)
    for why in rooms.whys():
        facts.update(why.facts)
        by_rule.update(why.by_rule)
        by_command.update(why.by_command)
    return facts, by_rule, by_command


def _fact(
    fact: tuple[Value, Words],
    key: str,
    name: str | None,
    states: Sequence[CampaignState],
    seen: Sequence[Entry],
) -> dict[str, Any] | None:
    """Fact ``key`` of player ``name`` as it is now (the last of ``states``, one after each
    entry of ``seen``), with the last entry that changed it."""
    value_of, words = fact
    now = value_of(states[-1], name)
    if now is None:
        return None
    entry, at = seen[0][0], len(seen)
    while at > 0 and value_of(states[at - 1], name) == now:
        at -= 1
    if at > 0:
        entry = seen[at - 1][0]
    said = _(words).format(value=now, name=name) if isinstance(words, str) else words(now, name)
    return {"fact": key, "said": said, "entry": entry, "since_start": at <= 1}


def deciding_knock(line: str, chapter: ChapterState | None) -> tuple[str, str] | None:
    """The Hard Knock that decided a refusal, whoever's it is: (its owner, its card). The
    domain's refusal names it as ``Ann is Mute: ...``, ``Ben is Fragile and still holds 2
    cards: Ann cannot withdraw``, ``Cy is Fearful and ...``, ``Ann is Panicked: ...``,
    ``Ann is Absent-minded: ...``; a card that acts as a known kind is named by that kind."""
    if chapter is None:
        return None
    kind_of = chapter.catalogue.kind_of
    for player in chapter.players:
        for card in player.hard_knocks:
            kind = kind_of.get(card) or ""
            said = rf"(?<!\w){re.escape(player.name)} is {kind[:1].upper()}{kind[1:]}\b"
            if kind and re.search(said, line):
                return player.name, card
    return None


def _knock_fact(owner: str, card: str, seen: Sequence[Entry]) -> dict[str, Any]:
    """``Ben's Hard Knock Fragile decided it (from #5)``: the entry that put it there."""
    from voice.decisions import PLAYED, _where
    from voice.decisions_table import from_a_hand

    given = _where(seen, PLAYED | from_a_hand(), card)[-1:]
    return {
        "fact": "decided",
        "said": _("{player}'s Hard Knock {card} decided it").format(player=owner, card=label(card)),
        "player": owner,
        "card": card,
        "entry": given[0] if given else seen[0][0],
        "since_start": not given,
    }


def fact_lines(facts: Sequence[dict[str, Any]], chapter_start: bool) -> list[str]:
    """Each fact with its entry: ``Ben has no Speech tokens (since #12, the chapter's
    start)`` or ``Ann's Hard Knocks: Hardheaded (from #15)``."""
    start = _("the chapter's start") if chapter_start else _("the first entry looked at")
    lines = []
    for fact in facts:
        entry = f"#{fact['entry']}"
        where = (
            _("since {entry}, {start}").format(entry=entry, start=start)
            if fact["since_start"]
            else _("from {entry}").format(entry=entry)
        )
        lines.append(f"  {fact['said'][:1].upper()}{fact['said'][1:]} ({where}).")
    return lines
