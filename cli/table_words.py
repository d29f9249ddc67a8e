"""What a person types in a table session (``grizzled table``), read into the CLI's own
command words (the prompt, the list of what is legal and the session's hints are the
voice's: voice/table.py). Pure functions of the campaign's state: no terminal, no file.

A line is a CLI command without ``grizzled`` (``play night+shell``), or a short form:

- a bare card plays it for whoever's turn it is; a second card is the one a Trap drew:
  ``n+sh+t r+wh`` is ``play night+shell+trap --drawn rain+whistle``;
- ``c CARD`` uses the charm, ``s THREAT [PLAYER:CARD ...]`` makes a Speech (each
  PLAYER:CARD a card discarded thanks to it), ``w [TILE]`` withdraws (``w l``);
- ``m N`` starts a Mission of intensity N; ``u [N]`` undoes, ``r`` redoes; ``y [N]``
  says why (the last refusal or decision of the rules, or log entry N);
- ``?`` lists what is legal now, ``b`` shows the board, ``h`` these short forms, ``q``
  ends the session.

A turn's short form names the player the prompt named (``-p``): if another device logged
meanwhile and the turn moved on, the rules refuse it rather than log it for someone else.
Anything after the short form's own words (``--remove r``, ``-y``) is passed on as typed.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from voice import lang
from voice.table import module_turn, turn_player

if TYPE_CHECKING:
    from domain.campaign.flow import CampaignState
    from voice.moments import Turn

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
    "y": (("why",), False),
}
TURN_COMMANDS = frozenset({"play", "charm", "speech", "withdraw"})
# Commands of the CLI a session does not run (not read as a card either: "demo" is a
# prefix of Demoralized).
OUTSIDE = frozenset({"table", "demo"})


class Line:
    """A typed line read: the session's own word (``quit``, ``legal``, ``board``, ``help``)
    or the CLI arguments to run; ``assigned``: the player a turn's action was named for
    because it is their turn as the tool has it (the line named nobody)."""

    def __init__(
        self, args: list[str], own: str = "", assigned: str | None = None, refused: str = ""
    ) -> None:
        self.args = args
        self.own = own
        self.assigned = assigned
        self.refused = refused  # the session's own refusal, one line: nothing is run


def _turn(args: list[str], state: CampaignState | None) -> Line:
    """A turn's action for the player whose turn it is (unless the line names one)."""
    named = _for_player(args, state)
    return Line(named, assigned=named[-1] if len(named) > len(args) else None)


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
        return _turn(words, state) if first in TURN_COMMANDS else Line(words)
    turn = module_turn(state)  # a module's own actor's (the Recruit's, the leader choosing)
    if turn is not None and (first in ("p", "w") or is_card(first, state)):
        if first == "w" and [w for w in words[1:] if not w.startswith("-")]:
            return Line([], refused=turn.no_tile)
        return Line(_actor(turn, words))
    if first == "u":
        return Line(_undo(words[1:]))
    if first == "r":
        return Line(_redo(words[1:]))
    if first in SHORT_FORMS:
        return _short(SHORT_FORMS[first], words[1:], state)
    if is_card(first, state):
        drawn = words[1:2] if len(words) > 1 and not words[1].startswith("-") else []
        rest = words[1 + len(drawn) :]
        return _turn(["play", words[0], *_drawn(drawn), *rest], state)
    return Line(words)  # the CLI says what is wrong with it


def _actor(turn: Turn, words: list[str]) -> list[str]:
    """A module's own actor's turn (the Recruit's, the leader choosing): a bare card (``p
    CARD``) is the command its room names for a card (``recruit play CARD``; a second card:
    the one its Trap drew), ``w`` its withdrawal (``recruit withdraw``)."""
    if words[0].lower() == "w":
        return [*turn.withdraw, *words[1:]]
    words = words[1:] if words[0].lower() == "p" else words
    drawn = words[1:2] if len(words) > 1 and not words[1].startswith("-") else []
    return [*turn.play, words[0], *_drawn(drawn), *words[1 + len(drawn) :]]


def _undo(rest: list[str]) -> list[str]:
    """``u``, ``u 2``, ``u REASON`` or ``u 2 REASON``: an undo, the words after the steps
    its reason (``-r``), shown in the log; with options (``u --to 5 -y``) as typed."""
    if any(w.startswith("-") for w in rest):
        return ["undo", *rest]
    steps = rest[:1] if rest and rest[0].isdigit() else []
    said = " ".join(rest[len(steps) :])
    return ["undo", *steps, *(["-r", said] if said else [])]


def _redo(rest: list[str]) -> list[str]:
    """``r`` or ``r REASON``: a redo, the words after it its reason (``-r``), shown in the
    log; with options (``r -r "..."``) as typed."""
    if any(w.startswith("-") for w in rest):
        return ["redo", *rest]
    said = " ".join(rest)
    return ["redo", *(["-r", said] if said else [])]


def _drawn(drawn: list[str]) -> list[str]:
    return ["--drawn", drawn[0]] if drawn else []


def _short(
    form: tuple[tuple[str, ...], bool], rest: list[str], state: CampaignState | None
) -> Line:
    words, turn = form
    if words == ("speech",) and rest:  # s gas ben:snow+gas cy:rain+gas
        discards = [w for w in rest[1:] if ":" in w and not w.startswith("-")]
        others = [w for w in rest[1:] if w not in discards]
        rest = [rest[0], *[x for d in discards for x in ("-d", d)], *others]
    args = [*words, *rest]
    return _turn(args, state) if turn else Line(args)


def _for_player(args: list[str], state: CampaignState | None) -> list[str]:
    """A turn's action for the player whose turn it is (unless the line names one)."""
    if {"-p", "--player"} & set(args):
        return args
    player = turn_player(state)
    return [*args, "-p", player] if player is not None else args


def is_card(word: str, state: CampaignState | None) -> bool:
    return card_key(word, state) is not None


def card_key(word: str, state: CampaignState | None) -> str | None:
    """The card key ``word`` names in the campaign's notation, or None."""
    from domain.cards.catalogue import base_catalogue
    from domain.cards.notation import CardNotationError, parse_card

    catalogue = state.catalogue if state is not None else base_catalogue()
    try:
        return parse_card(word, catalogue, lang.current())
    except (CardNotationError, ValueError):
        return None


# A command named in a hint, quoted or in parentheses: ``(grizzled ban --help)``.
NAMED_COMMAND = re.compile(r"(?<=[('])grizzled (?=[a-z])")


def session_form(message: str) -> str:
    """A refusal's hints as the session takes them: ``(ban --help)``, ``'recruit play
    CARD'``, without the ``grizzled`` a session does not need."""
    return NAMED_COMMAND.sub("", message)
