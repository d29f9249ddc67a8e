"""The keepers' writes: each keeper's token and page tokens (CSRF), the menu of moves the
rules allow at an event, and a move logged by the ``grizzled`` command itself (every rule
check and word the command's, run by the companion's worker), one at a time, named in the
log after its keeper."""

from __future__ import annotations

import json
import secrets
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from voice import keeper as said
from web import worker
from web.reading import Unreadable, command
from web.worker import WORKER, Hung, Stopped

PAGES = 256  # page tokens kept (each keeper page load makes one): older pages are stale
MENUS = 4  # menus kept, by event
FIELD = 200  # characters a reason or a typed field may hold


class Refused(Exception):
    """A write not made: one line saying why (nothing was logged)."""


@dataclass
class Keepers:
    """The keepers of one serve: their tokens, names, page tokens and menus."""

    tokens: list[str]
    names: list[str] = field(default_factory=list)
    pages: OrderedDict[str, int] = field(default_factory=OrderedDict)
    spent: OrderedDict[str, int] = field(default_factory=OrderedDict)  # used for their write
    menus: OrderedDict[tuple[int, str], dict[str, Any]] = field(default_factory=OrderedDict)

    def __post_init__(self) -> None:
        if not self.names:
            self.names = [f"keeper {n}" for n in range(1, len(self.tokens) + 1)]

    def number(self, token: str) -> int | None:
        """The keeper (1, 2, ...) this token is, or None."""
        found = [n for n, t in enumerate(self.tokens, 1) if secrets.compare_digest(t, token)]
        return found[0] if found else None

    def page_token(self, keeper: int) -> str:
        """A new CSRF token for one page of this keeper's, checked on its writes."""
        csrf = secrets.token_urlsafe(18)
        self.pages[csrf] = keeper
        while len(self.pages) > PAGES:
            self.pages.popitem(last=False)
        return csrf

    def page_is(self, csrf: str, keeper: int) -> bool:
        """Whether ``csrf`` is a page token of this keeper's; good for one write, so it is
        spent here (the page the write leads to has a new one)."""
        if self.pages.get(csrf) != keeper:
            return False
        del self.pages[csrf]
        self.spent[csrf] = keeper
        while len(self.spent) > PAGES:
            self.spent.popitem(last=False)
        return True

    def was_spent(self, csrf: str, keeper: int) -> bool:
        """Whether ``csrf`` was this keeper's and has made its write (a tap sent twice)."""
        return self.spent.get(csrf) == keeper

    def remember(self, event: int, campaign: str, menu: dict[str, Any]) -> None:
        self.menus[(event, campaign)] = menu
        while len(self.menus) > MENUS:
            self.menus.popitem(last=False)


def read_menu(db: Path | str, campaign: str) -> dict[str, Any]:
    """The moves the rules allow now in ``campaign`` (web/moves.py, read-only, by the
    worker); a club's server named by its URL, which travels in the worker's pipe."""
    try:
        done = WORKER.menu(str(db), campaign)
    except Hung as error:
        raise Unreadable(f"reading the moves took over {worker.TIMEOUT:.0f} s") from error
    except Stopped as error:
        raise Unreadable("the moves allowed now could not be read") from error
    if done.code != 0:
        raise Unreadable("the moves allowed now could not be read")
    menu: dict[str, Any] = json.loads(done.out)
    return menu


def form(body: bytes) -> dict[str, str]:
    """A urlencoded form, each field's first value (bounded: the body already is)."""
    try:
        fields = parse_qs(body.decode("utf-8"), max_num_fields=16, strict_parsing=False)
    except (UnicodeDecodeError, ValueError) as error:
        raise Refused("that request is not a form this page sends") from error
    return {key: values[0][:FIELD] for key, values in fields.items() if values}


def words_of(menu: dict[str, Any], fields: dict[str, str]) -> list[str]:
    """The command's words for the move the form names, with what the keeper typed or
    picked (the card drawn, the reason, the confirmation); refused if the menu has none."""
    chosen = fields.get("move", "")
    reason = fields.get("reason", "").strip()
    seen = _seen(menu)  # a take-back or a correction: decided on the board the menu read
    if chosen in ("undo", "redo"):
        return [chosen, *seen, *([f"--reason={reason}"] if reason else []), *_yes(fields)]
    if chosen == "revert":
        entry = fields.get("entry", "").strip().lstrip("#")
        if not (entry.isdigit() and len(entry) < 10):
            raise Refused(said.NO_ENTRY)
        return ["revert", *seen, *([f"--reason={reason}"] if reason else []), "--", entry]
    if chosen == "correct":
        return _correction(menu, fields, reason, seen)
    moves = menu.get("moves", [])
    if not (chosen.isdigit() and int(chosen) < len(moves)):
        raise Refused("that move is not one the rules allow now")
    move = moves[int(chosen)]
    words = list(move["words"])
    if move.get("drawn"):
        drawn = fields.get("drawn", "")
        if drawn not in menu.get("drawable", []):
            raise Refused("pick the card that was drawn")
        words += ["--drawn", drawn]
    if move.get("reason"):
        if not reason:
            raise Refused("say how the Order's condition was met")
        words.append(f"--reason={reason}")  # one word: whatever was typed is its value
    if move.get("note") and reason:
        words.append(f"--note={reason}")
    words += _named(move, fields)
    if move.get("drawers"):
        words += _drawer(move["drawers"], fields)
    if move.get("recruit"):
        words += _recruit(move["recruit"], fields)
    if move.get("warning") and fields.get("yes") != "1":
        raise Refused(f"{move['warning']}: tick the box to deal anyway")
    return words


def _seen(menu: dict[str, Any]) -> list[str]:
    """``--seen=N``: the campaign's last event when the menu was read (the page's board),
    so that a take-back or a correction is refused if another device logs before it is
    saved (the page's event is checked under the write lock first; this closes the rest)."""
    version = menu.get("version")
    return [f"--seen={version}"] if isinstance(version, int) and version > 0 else []


def _correction(
    menu: dict[str, Any], fields: dict[str, str], reason: str, seen: list[str]
) -> list[str]:
    """``grizzled correct`` with the fact, value and player picked; the command checks the
    value as it checks a typed one."""
    facts = {f["name"]: f for f in menu.get("facts", [])}
    fact = facts.get(fields.get("fact", ""))
    if fact is None:
        raise Refused(said.NO_FACT)
    if not reason:
        raise Refused(said.NO_REASON)
    value = fields.get("value", "").strip()
    words = ["correct", *seen, f"--reason={reason}"]
    player = fields.get("player", "")
    if fact["player"]:
        if player not in menu.get("players", []):
            raise Refused(said.no_player(fact["name"]))
        words.append(f"--player={player}")
    return [*words, "--", fact["name"], *([value] if value else [])]


def _named(move: dict[str, Any], fields: dict[str, str]) -> list[str]:
    """What a Helping Hand's rules ask its player to name: the cards discarded from hand
    (typed, the command checks them), the Hard Knock discarded (picked)."""
    words = []
    if move.get("discards"):
        cards = [c.strip() for c in fields.get("cards", "").split(",") if c.strip()]
        words += [f"--discard={card}" for card in cards]
    if move.get("knocks"):
        if fields.get("knock") not in move["knocks"]:
            raise Refused(said.NO_KNOCK)
        words.append(f"--knock={fields['knock']}")
    return words


def _drawer(players: list[str], fields: dict[str, str]) -> list[str]:
    """Who draws for an Order's cancellation and how many, when the keeper said so."""
    player, draws = fields.get("player", ""), fields.get("draws", "").strip()
    if draws and not (draws.isdigit() and len(draws) < 3):
        raise Refused(said.NO_DRAWS)
    words = [f"--player={player}"] if player in players else []
    return [*words, *([f"--draws={int(draws)}"] if draws and int(draws) else [])]


def _recruit(numbers: list[int], fields: dict[str, str]) -> list[str]:
    """The Recruit entering with the Mission and its starting hand, as the keeper said."""
    number, hand = fields.get("recruit", ""), fields.get("hand", "").strip()
    if number not in [str(n) for n in numbers] or not hand:
        raise Refused("say which Recruit enters and the cards of its starting hand")
    return [f"--recruit={number}", f"--recruit-hand={hand}"]


def _yes(fields: dict[str, str]) -> list[str]:
    return ["--yes"] if fields.get("yes") == "1" else []


def write(db: Path | str, campaign: str, words: list[str], keeper: str) -> str:
    """Log one move by the ``grizzled`` command (run by the worker), the keeper named as
    the one who logged it; what it printed, or Refused with its one line."""
    args, env = command(db, "-c", campaign, *words)
    try:
        done = WORKER.run(args, {**env, "GRIZZLED_USER": keeper, "NO_COLOR": "1"})
    except Hung as error:
        raise Refused(f"the command took over {worker.TIMEOUT:.0f} s: look at the log") from error
    except Stopped as error:
        raise Refused("the command stopped before it answered: look at the log") from error
    if done.code != 0:
        lines = (done.err or done.out).strip().splitlines()
        line = lines[-1] if lines else f"exit {done.code}"
        raise Refused(line.removeprefix("Error: "))
    return done.out


def sections(moves: list[dict[str, Any]]) -> list[tuple[str, list[tuple[int, dict[str, Any]]]]]:
    """The moves in the page's sections (by kind, cards by threat), each with its index."""
    from voice.keeper import KINDS, section_title

    order = list(KINDS)
    found: dict[tuple[int, str, str], list[tuple[int, dict[str, Any]]]] = {}
    for index, move in enumerate(moves):
        rank = order.index(move["kind"]) if move["kind"] in order else len(order)
        hard = move["group"] == "Hard Knocks"  # after the threats, as the picker reads
        found.setdefault((rank, str(hard), move["group"]), []).append((index, move))
    return [
        (section_title(moves[items[0][0]]["kind"], key[2]), items)
        for key, items in sorted(found.items())
    ]
