"""What a person types in a table session (``grizzled table``), read into the CLI's own
command words; the prompt that says whose turn it is; the list of what is legal now; and
what Tab offers. Pure functions of the campaign's state: no terminal, no file.

A line is a CLI command without ``grizzled`` (``play night+shell``), or a short form:

- a bare card plays it for whoever's turn it is; a second card is the one a Trap drew:
  ``n+sh+t r+wh`` is ``play night+shell+trap --drawn rain+whistle``;
- ``c CARD`` uses the charm, ``s THREAT [PLAYER:CARD ...]`` makes a Speech (each
  PLAYER:CARD a card discarded thanks to it), ``w [TILE]`` withdraws (``w l``);
- ``m N`` starts a Mission of intensity N; ``u [N]`` undoes, ``r`` redoes;
- ``?`` lists what is legal now, ``b`` shows the board, ``h`` these short forms, ``q``
  ends the session.

A turn's short form names the player the prompt named (``-p``): if another device logged
meanwhile and the turn moved on, the rules refuse it rather than log it for someone else.
Anything after the short form's own words (``--remove r``, ``-y``) is passed on as typed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cli.parse import THREAT_NAMES, TILE_WORDS, TILES
from cli.shown import SHORT, shown

if TYPE_CHECKING:
    from domain.campaign.flow import CampaignState
    from domain.chapter.state import ChapterState

# The session's own words (not commands of the CLI).
QUIT = frozenset({"q", "quit", "exit"})
LEGAL, BOARD, HELP = "?", "b", "h"
# Short form -> the CLI's words, and whether it is a turn's action (named for the player).
SHORT_FORMS: dict[str, tuple[tuple[str, ...], bool]] = {
    "p": (("play",), True),
    "c": (("charm",), True),
    "s": (("speech",), True),
    "w": (("withdraw",), True),
    "m": (("mission", "start"), False),
    "u": (("undo",), False),
    "r": (("redo",), False),
}
TURN_COMMANDS = frozenset({"play", "charm", "speech", "withdraw"})
# Commands of the CLI a session does not run (not read as a card either: "demo" is a
# prefix of Demoralized).
OUTSIDE = frozenset({"table", "demo"})
HELP_LINES = (
    "CARD [DRAWN]      play a card (DRAWN: the card its Trap drew), e.g. n+sh+t r+wh",
    "c CARD            the Good Luck Charm on a No Man's Land card",
    "s THREAT [P:CARD ...]  a Speech; each P:CARD a card discarded thanks to it",
    "w [TILE]          withdraw (l, r, ll, rr)",
    "m N               start a Mission of intensity N",
    "u [N] / r         undo / redo",
    "?  b  h  q        what is legal now, the board, this help, end the session",
    "Any grizzled command works without 'grizzled': status, log, support --discard mute ...",
)


class Line:
    """A typed line read: the session's own word (``quit``, ``legal``, ``board``, ``help``)
    or the CLI arguments to run."""

    def __init__(self, args: list[str], own: str = "") -> None:
        self.args = args
        self.own = own


def read_line(words: list[str], state: CampaignState | None, commands: frozenset[str]) -> Line:
    """The meaning of a line split into ``words`` (``commands``: the CLI's command names)."""
    if words and words[0] == "grizzled":  # a command copied from the docs or a Next line
        words = words[1:]
    if not words:
        return Line([])
    first = words[0].lower()
    if len(words) == 1 and first in QUIT:
        return Line([], "quit")
    if len(words) == 1 and first in (LEGAL, BOARD, HELP, "help"):
        return Line([], {LEGAL: "legal", BOARD: "board"}.get(first, "help"))
    if first in commands:
        return Line(_for_player(words, state) if first in TURN_COMMANDS else words)
    if first in SHORT_FORMS:
        return Line(_short(SHORT_FORMS[first], words[1:], state))
    if _is_card(first, state):
        drawn = words[1:2] if len(words) > 1 and not words[1].startswith("-") else []
        rest = words[1 + len(drawn) :]
        return Line(_for_player(["play", words[0], *_drawn(drawn), *rest], state))
    return Line(words)  # the CLI says what is wrong with it


def _drawn(drawn: list[str]) -> list[str]:
    return ["--drawn", drawn[0]] if drawn else []


def _short(
    form: tuple[tuple[str, ...], bool], rest: list[str], state: CampaignState | None
) -> list[str]:
    words, turn = form
    if words == ("speech",) and rest:  # s gas ben:snow+gas cy:rain+gas
        discards = [w for w in rest[1:] if ":" in w and not w.startswith("-")]
        others = [w for w in rest[1:] if w not in discards]
        rest = [rest[0], *[x for d in discards for x in ("-d", d)], *others]
    args = [*words, *rest]
    return _for_player(args, state) if turn else args


def _for_player(args: list[str], state: CampaignState | None) -> list[str]:
    """A turn's action for the player whose turn it is (unless the line names one)."""
    if {"-p", "--player"} & set(args):
        return args
    player = turn_player(state)
    return [*args, "-p", player] if player is not None else args


def turn_player(state: CampaignState | None) -> str | None:
    """The player whose turn it is in a Mission being played, if any."""
    from domain.chapter.state import Phase

    chapter = state.chapter if state is not None else None
    if chapter is None or chapter.phase != Phase.MISSION or chapter.active_player is None:
        return None
    return chapter.active_player.name


def _is_card(word: str, state: CampaignState | None) -> bool:
    return _card_key(word, state) is not None


def _card_key(word: str, state: CampaignState | None) -> str | None:
    """The card key ``word`` names in the campaign's notation, or None."""
    from domain.cards.catalogue import base_catalogue
    from domain.cards.notation import CardNotationError, parse_card

    catalogue = state.catalogue if state is not None else base_catalogue()
    try:
        return parse_card(word, catalogue)
    except (CardNotationError, ValueError):
        return None


# --- the prompt and what is legal ---------------------------------------------------------
def _summary(state: CampaignState | None) -> dict[str, Any]:
    from domain.legal import legal_summary

    if turn_player(state) is None:
        return {}
    assert state is not None and state.chapter is not None
    return legal_summary(state.chapter)


def _kinds(legal: dict[str, Any]) -> list[str]:
    if legal["must_withdraw"]:
        return ["withdraw (Fearful)"]
    kinds = [k for k in ("play", "charm") if legal[k]]
    kinds += ["speech"] if legal["speech"] else []
    kinds += ["withdraw"] if legal["withdraw"] else []
    kinds += ["refill"] if legal.get("refill") else []
    return kinds


def prompt(state: CampaignState | None, width: int = 100) -> str:
    """``Ben: play, charm, speech or withdraw > `` in a Mission; else what comes next, up
    to its colon (``Ann leads Mission 2 > ``), cut to fit a third of the line."""
    legal = _summary(state)
    if legal:
        kinds = _kinds(legal)
        said = ", ".join(kinds[:-1]) + " or " + kinds[-1] if len(kinds) > 1 else "".join(kinds)
        text = f"{shown(legal['player'], SHORT)}: {said or 'no action'}"
    elif state is None:
        text = "no campaign"
    else:
        from cli.next_step import next_step

        text = next_step(state).partition(":")[0]
    most = max(20, width * 2 // 3)
    return (text if len(text) <= most else text[: most - 3] + "...") + " > "


def toolbar(state: CampaignState | None, width: int = 100) -> str:
    """The board in one line, kept under the prompt while a line is typed (what ``log``
    or ``?`` printed may have scrolled the board away): decks, No Man's Land, threats."""
    if state is None or state.chapter is None:
        return "No chapter being played"
    from cli.board import THREATS
    from cli.jsonout import chapter_json

    doc = chapter_json(state)
    nml = ", ".join(doc["no_mans_land"]) or "empty"  # as the cards are typed
    counts = doc.get("threats") or {}
    threats = " ".join(f"{t} x{counts[t]}" for t in THREATS if counts.get(t))
    line = f"Trials {doc['trials']}  Morale {doc['morale']}  No Man's Land: {nml}"
    line += f"  ({threats})" if threats else ""
    return shown(line, max(20, width - 1))


def legal_lines(state: CampaignState | None) -> list[str]:
    """What is legal now, in the session's short forms (``?``)."""
    legal = _summary(state)
    if not legal:
        from cli.next_step import next_step

        return [f"Next: {next_step(state)}" if state is not None else "no campaign"]
    name = shown(legal["player"], SHORT)
    if legal["must_withdraw"]:
        return [f"{name} is Fearful with 2 identical threats: w {_tiles(legal)}".rstrip()]
    lines = [f"{name}'s turn:"]
    if legal["play_any_hidden"]:  # a hand nobody has seen: every card still unseen
        lines.append(f"  play: any of {len(legal['play'])} cards still unseen (Tab lists them)")
    elif legal["play"]:
        lines.append(f"  play: {', '.join(legal['play'])}")
    if legal["charm"]:
        lines.append(f"  c (charm): {', '.join(legal['charm'])}")
    if legal["speech"]:
        lines.append(f"  s THREAT (speech): {', '.join(THREAT_NAMES)}")
    if legal["withdraw"]:
        remove = f" --remove {'|'.join(legal['remove'])}" if legal.get("remove") else ""
        drawn = " --drawn CARD" if legal.get("draws") else ""
        lines.append(f"  w (withdraw): {_tiles(legal)}{remove}{drawn}".rstrip())
    if legal.get("refill"):
        lines.append("  refill")
    return [shown(line) for line in lines]


def _tiles(legal: dict[str, Any]) -> str:
    return " | ".join(t for t in legal["withdraw"] if t != "none") or "(no tile)"


# --- completion --------------------------------------------------------------------------
def candidates(
    words: list[str], state: CampaignState | None, commands: frozenset[str]
) -> list[tuple[str, str]]:
    """What Tab offers for the last word of ``words`` (the one being typed, maybe empty):
    (text, what it is). Cards that can still be unseen, the tiles the player still holds,
    players, threats; Orders of the Day and Recruits with their text."""
    *before, word = words or [""]
    chapter = state.chapter if state is not None else None
    offered = _offered(before, state, chapter, commands)
    low = word.lower()
    found = [(text, meta) for text, meta in offered if text.lower().startswith(low)]
    if not found and low and state is not None:  # a card in short notation: n+sh
        key = _card_key(low, state)
        found = [(text, meta) for text, meta in offered if text == key]
    return found


def _offered(
    before: list[str],
    state: CampaignState | None,
    chapter: ChapterState | None,
    commands: frozenset[str],
) -> list[tuple[str, str]]:
    legal = _summary(state)
    if not before:
        cards = [(c, "play") for c in legal.get("play", ())]
        own = [(w, " ".join(SHORT_FORMS[w][0])) for w in SHORT_FORMS]
        return own + cards + [(c, "command") for c in sorted(commands - OUTSIDE)]
    last = before[-1]
    if last in ("-p", "--player") and state is not None:
        return [(p.name, "player") for p in state.seats if shown(p.name) == p.name]
    if last == "--order" and chapter is not None:
        return _numbered(chapter, "order")
    if last == "--recruit" and chapter is not None:
        return _numbered(chapter, "recruit")
    if last in ("--drawn", "--discard") and chapter is not None:
        return [(k, "unseen") for k in sorted(chapter.catalogue.cards) if chapter.unseen(k) > 0]
    head = SHORT_FORMS.get(before[0], ((before[0],), False))[0][0]
    if _is_card(before[0], state) and head not in commands:
        head = "play"
    return _arguments(head, before, legal, chapter)


def _arguments(
    head: str, before: list[str], legal: dict[str, Any], chapter: ChapterState | None
) -> list[tuple[str, str]]:
    if head == "play" and (len(before) == 1 and before[0] == "play"):
        return [(c, "play") for c in legal.get("play", ())]
    if head == "play" and chapter is not None:  # a Trap's draw: a card still unseen
        return [(k, "drawn") for k in sorted(chapter.catalogue.cards) if chapter.unseen(k) > 0]
    if head == "charm":
        return [(c, "charm") for c in legal.get("charm", ())]
    if head == "withdraw":
        tiles = [t for t in legal.get("withdraw", ()) if t in TILES]
        short = {v: k for k, v in TILE_WORDS.items() if len(k) <= len(v) and k[0] != "2"}
        return [(t, "tile") for t in tiles] + [(short[t], t) for t in tiles if t in short]
    if head == "speech" and len(before) == 1:
        return [(t, "threat") for t in THREAT_NAMES]
    if head == "speech" and chapter is not None:
        return _discards(before[1], legal, chapter)
    return []


def _discards(threat: str, legal: dict[str, Any], chapter: ChapterState) -> list[tuple[str, str]]:
    """``player:card`` for every other player and each unseen card showing the threat."""
    speaker = legal.get("player")
    cards = [
        k
        for k, card in sorted(chapter.catalogue.cards.items())
        if threat in card.threats and chapter.unseen(k) > 0
    ]
    names = [p.name.lower() for p in chapter.players if p.name != speaker]
    return [(f"{n}:{k}", "discard") for n in names if shown(n) == n for k in cards]


def _numbered(chapter: ChapterState, kind: str) -> list[tuple[str, str]]:
    """The Orders of the Day (or Recruits) still in their deck, each with its name and text
    as the board shows them."""
    piles = chapter.orders if kind == "order" else chapter.recruits
    deck = getattr(piles, "deck", ()) if piles is not None else ()
    described = chapter.catalogue.orders if kind == "order" else chapter.catalogue.recruits
    offered = []
    for number in sorted(set(deck)):
        card = described.get(number)
        name, text = (card.name, card.effect) if card is not None else ("", "")
        said = f"{name}: {text}" if name and text else name or text or f"{kind} not described"
        offered.append((str(number), shown(said, 80)))
    return offered
