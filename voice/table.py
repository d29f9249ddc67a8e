"""The table session's own words (``grizzled table``): the prompt that says whose turn it
is, the line kept under it, the list of what is legal now in the session's short forms,
the hint after an action refused for the player it was named for, and the help. Pure
functions of the campaign's state; reading what is typed is the face's (cli/table_words.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from voice.board import THREATS
from voice.lang import N_, _, ngettext, threat_name
from voice.shown import SHORT, shown

if TYPE_CHECKING:
    from domain.campaign.flow import CampaignState
    from voice.moments import Turn

HELP_LINES = (
    N_("CARD [DRAWN]      play a card (DRAWN: the card its Trap drew), e.g. n+sh+t r+wh"),
    N_("c CARD            the Good Luck Charm on a No Man's Land card"),
    N_("s THREAT [P:CARD ...]  a Speech; each P:CARD a card discarded thanks to it"),
    N_("w [TILE]          withdraw (l, r, ll, rr; none: no tile left)"),
    N_("m N               start a Mission of intensity N"),
    N_("u [N] [REASON] / r [REASON]  undo / redo (the reason shown in the log)"),
    N_("y [N]             why: the last refusal or decision of the rules, or log entry N"),
    N_("?  b  h  q        legal now and hints, the board with the cards' texts, this help, end"),
    N_("Any grizzled command works without 'grizzled': status, log, support --discard mute ..."),
)


def welcome(campaign: str) -> str:
    """The session's first line: where it is, how to leave."""
    return _("At the table: {campaign}. h: short forms, q: leave.").format(campaign=shown(campaign))


def farewell(version: int) -> str:
    """The session's last line: where the log ends."""
    return _("Left the table: every action is recorded (the log ends at #{number}).").format(
        number=version
    )


def elsewhere(before: int, version: int) -> str:
    """What another device logged meanwhile (the log was at ``before``, is at ``version``),
    before the board is drawn again."""
    count = version - before
    return ngettext(
        "Logged elsewhere meanwhile: {count} entry ({entries}). The board now:",
        "Logged elsewhere meanwhile: {count} entries ({entries}). The board now:",
        count,
    ).format(count=count, entries=f"#{before + 1}{f'-#{version}' if count > 1 else ''}")


def turn_hint(player: str) -> str:
    """After a refused action the session named for the player whose turn it is: whose
    turn the tool thinks it is, and how to set it right."""
    name = shown(player, SHORT)
    return _(
        "It is {player}'s turn as the tool has it. Played by someone else: add -p NAME; "
        "{player} withdrew and it was not logged: w TILE -p {player} first."
    ).format(player=name)


def help_lines() -> tuple[str, ...]:
    """The session's short forms (``h``), msgids: a module's own (the Recruit's turn, from
    its room: ``voice.rooms.session_help``) after the withdrawal's."""
    from voice import rooms

    return (*HELP_LINES[:4], *rooms.session_help(), *HELP_LINES[4:])


def module_turn(state: CampaignState | None) -> Turn | None:
    """A module's own actor acts in a Mission being played (the Recruit, the Mission Leader
    choosing its action), as its room says it (``voice.rooms.turn``); None: it does not."""
    from domain.chapter.state import Phase

    chapter = state.chapter if state is not None else None
    if chapter is None or chapter.phase != Phase.MISSION:
        return None
    from voice import rooms

    return rooms.turn(state)


def turn_player(state: CampaignState | None) -> str | None:
    """The player whose turn it is in a Mission being played, if any."""
    from domain.chapter.state import Phase

    chapter = state.chapter if state is not None else None
    if chapter is None or chapter.phase != Phase.MISSION or chapter.active_player is None:
        return None
    return chapter.active_player.name


# --- the prompt and what is legal ---------------------------------------------------------
def summary(state: CampaignState | None) -> dict[str, Any]:
    from domain.legal import legal_summary

    if turn_player(state) is None:
        return {}
    assert state is not None and state.chapter is not None
    return legal_summary(state.chapter)


def _kinds(legal: dict[str, Any]) -> list[str]:
    if legal["must_withdraw"]:
        return [_("withdraw (Fearful)")]
    kinds = [k for k in ("play", "charm") if legal[k]]
    kinds += ["speech"] if legal["speech"] else []
    kinds += ["withdraw"] if legal["withdraw"] else []
    kinds += _module_words(legal)
    return kinds  # the session's own command words: typed as they are


def _module_words(legal: dict[str, Any]) -> list[str]:
    """The session's words for what the modules add to the legal summary, when it holds
    them (Solo's ``refill``: ``voice.rooms.legal_words``)."""
    from voice import rooms

    return [word for key, word in rooms.legal_words() if legal.get(key)]


def prompt(state: CampaignState | None, width: int = 100) -> str:
    """``Ben: play, charm, speech or withdraw > `` in a Mission; else what comes next, up
    to its colon (``Ann leads Mission 2 > ``), cut to fit a third of the line."""
    legal = summary(state)
    if legal:
        kinds = _kinds(legal)
        said = ", ".join(kinds[:-1]) + _(" or ") + kinds[-1] if len(kinds) > 1 else "".join(kinds)
        text = f"{shown(legal['player'], SHORT)}: " + (said or _("no action"))
    elif state is None:
        text = _("no campaign")
    elif (turn := module_turn(state)) is not None:
        text = turn.prompt
    else:
        from voice.next_step import next_step

        text = next_step(state).partition(":")[0].rstrip()
    most = max(20, width * 2 // 3)
    text = _with_deal(state, text, most)
    return (text if len(text) <= most else text[: most - 3] + "...") + " > "


def _with_deal(state: CampaignState | None, text: str, most: int) -> str:
    """Before a deal under the 13-card limit, the prompt says what it brings: ``Ann leads
    Mission 2 (8 held, m 1 adds 4, 13 at m 2)``; short of room, without ``Mission 2``."""
    chapter = state.chapter if state is not None else None
    if chapter is None:
        return text
    from domain.forecast import deal_forecast
    from voice.next_step import deal_short

    forecast = deal_forecast(chapter)
    short = deal_short(forecast) if forecast is not None else ""
    if not short:
        return text
    said = f" ({short})"
    full = text + said
    return full if len(full) <= most else text.partition(" Mission ")[0] + said


def toolbar(state: CampaignState | None, width: int = 100) -> str:
    """The board in one line, kept under the prompt while a line is typed (what ``log``
    or ``?`` printed may have scrolled the board away): decks, No Man's Land, threats."""
    if state is None or state.chapter is None:
        return _("No chapter being played")
    from voice.facts import chapter_json

    doc = chapter_json(state)
    nml = ", ".join(doc["no_mans_land"]) or _("empty")  # as the cards are typed
    counts = doc.get("threats") or {}
    threats = " ".join(f"{threat_name(t)} x{counts[t]}" for t in THREATS if counts.get(t))
    line = _("Trials {trials}  Morale {morale}  No Man's Land: {cards}").format(
        trials=doc["trials"], morale=doc["morale"], cards=nml
    )
    line += f"  ({threats})" if threats else ""
    return shown(line, max(20, width - 1))


def legal_lines(state: CampaignState | None) -> list[str]:
    """What is legal now, in the session's short forms (``?``)."""
    legal = summary(state)
    turn = module_turn(state)
    if turn is not None:
        return list(turn.legal)
    if not legal:
        from voice.next_step import next_step

        if state is None:
            return [_("no campaign")]
        return [_("Next: {step}").format(step=next_step(state))]
    name = shown(legal["player"], SHORT)
    if legal["must_withdraw"]:
        return [
            _("{player} is Fearful with 2 identical threats: w {tiles}")
            .format(player=name, tiles=_tiles(legal))
            .rstrip()
        ]
    lines = [_("{player}'s turn:").format(player=name)]
    if legal["play_any_hidden"]:  # a hand nobody has seen: every card still unseen
        lines.append(
            _("  play: any of {count} cards still unseen (Tab lists them)").format(
                count=len(legal["play"])
            )
        )
        lines += _two_shown(state)
    elif legal["play"]:
        lines.append(f"  play: {', '.join(_marked(state, legal['play']))}")
    if legal["charm"]:
        lines.append(_("  c (charm): {cards}").format(cards=", ".join(legal["charm"])))
    if legal["speech"]:
        threats = ", ".join(threat_name(t) for t in THREATS)
        lines.append(_("  s THREAT (speech): {threats}").format(threats=threats))
    if legal["withdraw"]:
        remove = f" --remove {'|'.join(legal['remove'])}" if legal.get("remove") else ""
        drawn = " --drawn CARD" if legal.get("draws") else ""
        tiles = f"{_tiles(legal)}{remove}{drawn}"
        lines.append(_("  w (withdraw): {tiles}").format(tiles=tiles).rstrip())
    lines += [f"  {word}" for word in _module_words(legal)]
    return [shown(line) for line in lines]


def _two_shown(state: CampaignState | None) -> list[str]:
    """With unseen hands: the threats a third card would fail the Mission on."""
    chapter = state.chapter if state is not None else None
    tally = chapter.threat_tally() if chapter is not None else {}
    two = [threat for threat, count in tally.items() if count == 2]
    if not two:
        return []
    threats = _(" or ").join(threat_name(t) for t in two)
    return [_("  a card showing {threats} fails the Mission (3 identical)").format(threats=threats)]


def _marked(state: CampaignState | None, cards: list[str]) -> list[str]:
    """The cards a player may play, each that would show a third identical threat marked
    (``night+shell (3 night: fails)``): legal, and maybe wanted, so never asked about."""
    from domain.forecast import third_threat

    chapter = state.chapter if state is not None else None
    if chapter is None:
        return cards
    marked = []
    for card in cards:
        threat = third_threat(chapter, card)
        failing = _("{card} (3 {threat}: fails)")
        marked.append(failing.format(card=card, threat=threat_name(threat)) if threat else card)
    return marked


def _tiles(legal: dict[str, Any]) -> str:
    return " | ".join(t for t in legal["withdraw"] if t != "none") or _("(no tile)")
