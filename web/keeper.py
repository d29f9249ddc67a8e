"""The keepers' writes: each keeper's token and page tokens (CSRF), the menu of moves the
rules allow at an event (``app.readings.menu``), and a move logged through the
application (``app.actions``), one at a time, named in the log after its keeper. The form
becomes the same typed request a command builds from its words: every rule check and
word the application's."""

from __future__ import annotations

import contextlib
import secrets
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from app import actions, moves, readings
from app.errors import Refused
from app.session import Session
from app.unit import opened
from voice import keeper as said
from voice.lang import _

PAGES = 256  # page tokens kept (each keeper page load makes one): older pages are stale
MENUS = 4  # menus kept, by event
FIELD = 200  # characters a reason or a typed field may hold


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
    """The moves the rules allow now in ``campaign`` (``app.moves``, the file only read)."""
    return readings.menu(readings.Reading(str(db), campaign or None))


SYMBOLS = ("sym", "dsym")  # the composer's toggles: a field sent once per symbol ticked


def form(body: bytes) -> dict[str, str]:
    """A urlencoded form, each field's first value (bounded: the body already is); the
    composer's toggles (``SYMBOLS``) each ticked value, joined by spaces."""
    try:
        fields = parse_qs(body.decode("utf-8"), max_num_fields=32, strict_parsing=False)
    except (UnicodeDecodeError, ValueError) as error:
        raise Refused(said.NOT_A_FORM) from error  # said by the caller: no language yet
    return {
        key: (" ".join(values[:8]) if key in SYMBOLS else values[0])[:FIELD]
        for key, values in fields.items()
        if values
    }


Write = actions.LogAction | actions.TakeBack


def request_of(
    menu: dict[str, Any], fields: dict[str, str], where: Path | str, campaign: str, by: str
) -> Write:
    """The request for the move the form names, with what the keeper typed or picked (the
    card drawn, the reason, the confirmation), logged by ``by``; refused if the menu has
    none."""
    chosen = fields.get("move", "")
    reason = fields.get("reason", "").strip()
    seen = _seen(menu)  # a take-back or a correction: decided on the board the menu read
    at, named = str(where), campaign or None
    if chosen in ("undo", "redo"):
        return actions.TakeBack(at, named, chosen, reason=reason, by=by, seen=seen)
    if chosen == "revert":
        entry = fields.get("entry", "").strip().lstrip("#")
        if not (entry.isdigit() and len(entry) < 10):
            raise Refused(said.NO_ENTRY)
        return actions.TakeBack(at, named, "revert", to=int(entry), reason=reason, by=by, seen=seen)
    if chosen == "correct":
        command, summary = _correction(menu, fields, reason)
        return actions.LogAction(at, named, command, summary, by=by, seen=seen)
    found = menu.get("moves", [])
    if chosen == "card":  # the composer: the card named by its symbols, name or number
        return _composed(menu, fields, at, named, by, reason)
    if not (chosen.isdigit() and int(chosen) < len(found)):
        raise Refused(_(said.NOT_ALLOWED))
    move = found[int(chosen)]
    command, summary = moves.command_of(menu, move, _named(move, fields, menu, reason))
    return actions.LogAction(at, named, command, summary, by=by)


def _composed(
    menu: dict[str, Any], fields: dict[str, str], at: str, named: str | None, by: str, reason: str
) -> Write:
    """The play the card composer names, and the card a Trap drew named the same way."""
    cards = menu.get("cards", [])
    symbols = fields.get("sym", "").split()
    key = moves.composed(cards, fields.get("pick", ""), symbols, fields.get("number", "").strip())
    card = next(c for c in cards if c["key"] == key)
    move = menu["moves"][card["index"]]
    drawn = None
    if card["drawn"]:
        drawable = menu.get("drawable_cards", [])
        drawn = moves.composed(
            drawable,
            fields.get("drawn", ""),
            fields.get("dsym", "").split(),
            fields.get("dnumber", "").strip(),
        )
    command, summary = moves.command_of(menu, move, moves.Named(drawn=drawn, reason=reason))
    return actions.LogAction(at, named, command, summary, by=by)


def _named(
    move: dict[str, Any], fields: dict[str, str], menu: dict[str, Any], reason: str
) -> moves.Named:
    """What the keeper named on the move's form, each checked against the menu's lists."""
    named: dict[str, Any] = {}
    if move.get("drawn"):
        drawn = fields.get("drawn", "")
        if drawn not in menu.get("drawable", []):
            raise Refused(_(said.NO_DRAWN))
        named["drawn"] = drawn
    if move.get("reason"):
        if not reason:
            raise Refused(_(said.NO_CONDITION))
        named["reason"] = reason
    if move.get("note") and reason:
        named["reason"] = reason
    if move.get("discards"):
        named["cards"] = tuple(c.strip() for c in fields.get("cards", "").split(",") if c.strip())
    if move.get("knocks"):
        if fields.get("knock") not in move["knocks"]:
            raise Refused(said.NO_KNOCK)
        named["knock"] = fields["knock"]
    if move.get("drawers"):
        named.update(_drawer(move["drawers"], fields))
    if type(move.get("command")).__name__ == "StartMission":  # what the modules' rooms ask
        named["more"] = _more(move, fields, menu["catalogue"])
    if move.get("warning") and fields.get("yes") != "1":
        raise Refused(_(said.DEAL_ANYWAY).format(warning=move["warning"]))
    return moves.Named(**named)


def _seen(menu: dict[str, Any]) -> int | None:
    """The campaign's last event when the menu was read (the page's board), so that a
    take-back or a correction is refused if another device logs before it is saved (the
    page's event is checked under the write lock first; this closes the rest)."""
    version = menu.get("version")
    return version if isinstance(version, int) and version > 0 else None


def _correction(menu: dict[str, Any], fields: dict[str, str], reason: str) -> tuple[Any, str]:
    """A correction with the fact, value and player picked; the application checks the
    value as it checks a typed one."""
    facts = {f["name"]: f for f in menu.get("facts", [])}
    fact = facts.get(fields.get("fact", ""))
    if fact is None:
        raise Refused(said.NO_FACT)
    if not reason:
        raise Refused(said.NO_REASON)
    player = fields.get("player", "")
    if fact["player"] and player not in menu.get("players", []):
        raise Refused(said.no_player(fact["name"]))
    value = fields.get("value", "").strip()
    return moves.correction(menu, fact["name"], value, reason, player if fact["player"] else None)


def _drawer(players: list[str], fields: dict[str, str]) -> dict[str, Any]:
    """Who draws for an Order's cancellation and how many, when the keeper said so."""
    player, draws = fields.get("player", ""), fields.get("draws", "").strip()
    if draws and not (draws.isdigit() and len(draws) < 3):
        raise Refused(said.NO_DRAWS)
    return {"player": player if player in players else None, "draws": int(draws or 0)}


def _more(move: dict[str, Any], fields: dict[str, str], catalogue: Any) -> dict[str, Any]:
    """What the keeper named on a Mission start's form for the modules, as their rooms
    read it (the Recruit entering and its starting hand); refused in their words."""
    from voice import rooms
    from voice.moments import Unnamed

    try:
        return rooms.mission_named(move, fields, catalogue)
    except Unnamed as missing:
        raise Refused(str(missing)) from None


def write(
    request: Write, yes: bool = False, then: Callable[[Session], None] | None = None
) -> actions.Recorded:
    """Log one move through the application; what it recorded, or Refused with its one
    line. An undo that crosses a Mission or a chapter needs ``yes`` (the page's box).
    ``then``: called with the unit of work once the move is saved and the read models
    caught up, before the file is closed (the phones shown the board meanwhile); its
    failure is its own (the move was recorded all the same)."""
    with opened(request.where, request.campaign, "write", request.by) as work:
        if isinstance(request, actions.TakeBack):
            done = actions.take_back(request, work, ask=None if yes else _undo_asks)
        else:
            done = actions.log_action(request, work)
        if then is not None:
            with contextlib.suppress(Exception):  # shown after the close instead
                then(work)
    return done


def _undo_asks(preview: Any) -> None:
    from voice.takeback import undo_asks

    asks = undo_asks(preview, None)
    if asks is not None:
        raise Refused(_("{facts}; add --yes to confirm").format(facts=asks[0]))


def composer(menu: dict[str, Any]) -> dict[str, Any] | None:
    """The card composer's view (None when no card is played from a hidden hand now): the
    cards, and for each stage (the card played; the card a Trap drew) the symbols a toggle
    offers, those no card has being disabled (the server's decision, the page's script
    only narrowing it as symbols are ticked)."""
    from voice.board import label

    cards = menu.get("cards", [])
    if not cards:
        return None
    drawable = menu.get("drawable_cards", []) if any(c["drawn"] for c in cards) else []
    return {
        "cards": _stage(cards, label),
        "drawn": _stage(drawable, label) if drawable else None,
    }


def _stage(cards: list[dict[str, Any]], label: Any) -> dict[str, Any]:
    """One stage of the composer: its cards (each with its label), its toggles."""
    from voice.board import THREATS
    from voice.keeper import symbol_name

    present = {s for card in cards for s in card["symbols"]}
    toggles = [
        {"symbol": s, "name": symbol_name(s), "on": s in present}
        for s in (*THREATS, "trap", "luck")
        if s in present or s in THREATS
    ]
    shown = [{**card, "label": label(card["key"])} for card in cards]
    return {
        "toggles": toggles,
        "threats": [c for c in shown if c["symbols"]],
        "knocks": [c for c in shown if c["knock"]],
        "numbered": any(c["numbers"] for c in cards),
    }


def sections(moves: list[dict[str, Any]]) -> list[tuple[str, list[tuple[int, dict[str, Any]]]]]:
    """The moves in the page's sections (by kind, cards by threat), each with its index."""
    from voice.keeper import KINDS, section_title

    order = list(KINDS)
    found: dict[tuple[int, str, str], list[tuple[int, dict[str, Any]]]] = {}
    for index, move in enumerate(moves):
        if move.get("composer"):  # in the card composer
            continue
        rank = order.index(move["kind"]) if move["kind"] in order else len(order)
        hard = move["group"] == said.HARD_KNOCKS  # after the threats, as the picker reads
        found.setdefault((rank, str(hard), move["group"]), []).append((index, move))
    return [
        (section_title(moves[items[0][0]]["kind"], key[2]), items)
        for key, items in sorted(found.items())
    ]
