"""The board's rows in words, from the documented ``status --json`` document.

``grizzled status`` builds the document straight from the read models (stdlib sqlite3, no
rules engine loaded: start-up time is a feature at the table), and replays or the demo
build it from a domain state (``voice.facts``). Card labels come from the canonical card
keys, so no catalogue is needed to say them.

Each row is a ``Said`` whose ``kind`` names it (``header``, ``threats``, ``players``,
``hands``, ...): a face draws each kind its own way (the command line: bold, a hanging
indent, a grid). The document may come from a file someone else handed over: the rows
take a document whose every text is ``shown`` (``shown_board``).

What a module has on the board (its cards in play, the threats they show, what it adds
to a player's moves) its room says (``voice.rooms.on_board``: ``Room.board_lines``); the
board names no module."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from voice import Said, Span, joined, rooms
from voice.lang import KNOCKS, N_, _, detail_said, threat_name
from voice.shown import SHORT, shown, shown_all
from voice.summary import notation

# domain.cards.catalogue.THREATS, written out: the board must not load the card catalogue
# (``status`` stays at the floor); tests/cli/test_cli_render.py checks they are the same.
THREATS = ("night", "snow", "rain", "shell", "gas", "whistle")
PHASE_WORDS = {
    "preparation": N_("preparation: the Mission Leader sets the intensity"),
    "mission": N_("mission"),
    "support": N_("support: the beneficiary chooses"),
    "over": N_("chapter over"),
}
PLAYER_COLUMNS = (
    "",
    N_("Grizzled"),
    N_("charm"),
    N_("hand"),
    N_("Hard Knocks"),
    N_("Speech"),
    N_("tiles"),
    N_("status"),
)


class Wrapped:
    """The kinds of rows of the group's own words (names and texts they typed), which a
    face wraps whole: the board's own, and those its rooms' lines say they hold
    (``BoardWords.wraps``)."""

    __slots__ = ("own",)

    def __init__(self, own: frozenset[str]) -> None:
        self.own = own

    def __contains__(self, kind: object) -> bool:
        return kind in self.own or kind in rooms.wraps()

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self.own | rooms.wraps()))


WRAPPED = Wrapped(frozenset({"briefing", "notes", "folded", "hands"}))

Doc = dict[str, Any]


def shown_board(doc: Doc) -> Doc:
    """The document with every text in it ``shown`` (what the rows are said from)."""
    return shown_all(doc)  # type: ignore[no-any-return]


def columns() -> tuple[str, ...]:
    """The players' grid's column names, in the language in use."""
    return tuple(_(c) if c else c for c in PLAYER_COLUMNS)


def label(key: str) -> str:
    """A card's readable name from its key: ``night+shell (trap)``, ``Phobia (gas)`` (in
    the language in use: ``nuit+obus (piège)``)."""
    if key == "merry-christmas":
        return _("Merry Christmas")
    parts = key.split("+")
    if all(p in THREATS or p in ("trap", "luck") for p in parts):
        threats = "+".join(threat_name(p) for p in parts if p in THREATS)
        luck = parts.count("luck")
        return (
            threats
            + (_(" (trap)") if "trap" in parts else "")
            + (_(" (luck x{count})").format(count=luck) if luck else "")
        )
    kind, threat = key, ""
    for word in THREATS:
        if key.endswith(f"-{word}"):
            kind, threat = key[: -len(word) - 1], word
    title = kind.replace("-", " ").title().replace(" ", "-")
    title = _(title) if title in KNOCKS else title
    return f"{title} ({threat_name(threat)})" if threat else title


def _row(kind: str, text: str, **facts: Any) -> Said:
    return Said(text, kind, facts)


def threats(doc: Doc) -> Said:
    """Active threats counted by kind, a span each (``threat``, its count the value: two of
    a kind is a warning, three a failure) and where those not in No Man's Land are."""
    counts: dict[str, int] = doc.get("threats") or {}
    active = [t for t in THREATS if counts.get(t)]
    spans = [Span(_("Threats: "))]
    if not active:
        spans.append(Span(_("none"), "none"))
    for i, threat in enumerate(active):
        n = counts[threat]
        spans.append(
            Span(
                ("" if i == 0 else "  ") + f"{threat_name(threat)} x{n}" + (" !" if n == 2 else ""),
                "threat",
                n,
            )
        )
        spans.append(Span(_elsewhere(doc, threat, n), "elsewhere", threat))
    found = tuple(spans)
    return Said(joined(found), "threats", {t: counts[t] for t in active}, (), found)


def _elsewhere(doc: Doc, threat: str, count: int) -> str:
    """Where the threats not on No Man's Land cards are (`` (1 on Hard Knocks)``): a
    module's cards in play (as its room counts them), a Phobia or a Trauma; '' when all
    are in No Man's Land."""
    left = count - sum(key.split("+").count(threat) for key in doc.get("no_mans_land") or ())
    said = []
    for room in rooms_on(doc):
        shows = room.board_lines.elsewhere if room.board_lines else None
        if shows is not None:
            found, words = shows(doc, threat, left)
            said += [words.format(count=found)] if found > 0 else []
            left -= found
    said += [_("{count} on Hard Knocks").format(count=left)] if left > 0 else []
    return f" ({', '.join(said)})" if said else ""


def player_cells(doc: Doc, player: Doc) -> tuple[str, ...]:
    """A player's row, a cell per column of ``PLAYER_COLUMNS``."""
    name = player["name"]
    marks = ("L" if name == doc["leader"] else "") + ("*" if name == doc["turn"] else "")
    knocks = ", ".join(label(k) for k in player["hard_knocks"])
    side = _("up") if player["charm_up"] else _("down")
    charm = "-" if player["charm"] is None else f"{threat_name(player['charm'])} {side}"
    withdrawn = player["withdrawn"] and doc["phase"] == "mission"
    return (
        marks,
        shown(name, SHORT),
        charm,
        "-" if player["chaplain"] else str(player["hand"]),
        knocks or "-",
        str(player["speech_tokens"]),
        str(player["support_tiles"]),
        _("withdrawn") if withdrawn else "",
    )


def player_lines(cells: tuple[str, ...]) -> list[str]:
    """A player's row in a few lines, every cell named (a console too narrow for the
    grid would have to cut names and Hard Knocks)."""
    marks, name, charm, hand, knocks, speech, tiles, status = cells
    charm = _("no charm") if charm == "-" else _("charm {charm}").format(charm=charm)
    hand = "" if hand == "-" else _("hand {count}").format(count=hand)  # the Chaplain: none
    said = [
        charm,
        hand,
        _("Speech {count}").format(count=speech),
        _("tiles {count}").format(count=tiles),
        status,
    ]
    cells_said = ", ".join(s for s in said if s)
    lines = [f"{marks:<2} " + _("{player}: {cells}").format(player=name, cells=cells_said)]
    return lines + ([_("   Hard Knocks: {cards}").format(cards=knocks)] if knocks != "-" else [])


def rows(doc: Doc, folded: bool = False) -> list[Said]:
    """The board at a glance (``doc`` shown): decks, No Man's Land, players, whose turn and
    what phase, the modules' lines (``folded``: the cards' texts behind a key, one line
    per card in play and the Helping Hands, as a table session draws it after each
    action)."""
    if doc.get("phase") is None:
        return [
            _row(
                "empty",
                _("Campaign {name}: no chapter started yet.").format(name=doc["campaign"]),
            )
        ]
    phase = _(PHASE_WORDS[doc["phase"]]) if doc["phase"] in PHASE_WORDS else doc["phase"]
    # ``mission`` counts the Missions started; in preparation the next one is being set up.
    mission = doc["mission"] + 1 if doc["phase"] == "preparation" else doc["mission"]
    armistice = doc.get("ruleset") == "armistice"
    chapter = (
        _("Boot Camp")
        if armistice and doc["chapter"] == 0
        else _("chapter {number}").format(number=doc["chapter"])
    )
    briefing = doc.get("briefing") or {}
    nml = ", ".join(label(k) for k in doc["no_mans_land"]) or _("empty")
    header = _("{campaign} - {chapter}, mission {mission} - {phase}").format(
        campaign=doc["campaign"], chapter=chapter, mission=mission, phase=phase
    )
    said = [_row("header", header)]
    if briefing.get("title"):
        said.append(_row("briefing", _("Briefing: {title}").format(title=briefing["title"])))
    if briefing.get("notes"):
        said.append(_row("notes", f"   {briefing['notes']}"))
    decks = _("Trials deck {trials}  Morale Reserve {morale}  Speech stock {stock}").format(
        trials=doc["trials"], morale=doc["morale"], stock=doc["speech_stock"]
    )
    nml_row = _row("nml", _("No Man's Land: {cards}").format(cards=nml))
    said += [_row("decks", decks), nml_row, threats(doc)]
    said += module_rows(doc)
    said.append(_row("players", "", columns=PLAYER_COLUMNS))
    lines = module_lines(doc, folded)
    said += [_row(kind, line) for kind, line in lines if kind != "folded"]
    if folded:
        cards = [line for kind, line in lines if kind == "folded"]
        said += [_row("folded", line) for line in folded_lines(doc, cards)]
    else:
        said += [_row("hands", line) for line in hands_lines(doc)]
    if doc["phase"] == "over":
        classic = doc["ruleset"] == "classic"  # the base game: one game
        if doc["outcome"] == "won":
            result = _("The game is won.") if classic else _("The chapter is won.")
        else:
            lost = _("The game is lost: {detail}.") if classic else None
            lost = lost or _("The chapter is lost: {detail}.")
            result = lost.format(detail=detail_said(doc["outcome_detail"]))
        said.append(_row("result", result, outcome=doc["outcome"]))
    return said


def module_rows(doc: Doc) -> list[Said]:
    """The rows the modules show (Luck's; one a program plays: the document's ``modules``,
    ``Module.shows``), each in its module's words (``voice.rooms``), in the order the
    modules' rooms are installed; the row's facts are its value."""
    return [
        _row(name, words, **(value if isinstance(value, dict) else {"value": value}))
        for name, value, words in rooms.rows(doc)
    ]


def rooms_on(doc: Doc) -> list[Any]:
    """The rooms that word this document (``voice.rooms.on_board``)."""
    return rooms.on_board(doc)


def module_lines(doc: Doc, folded: bool = False) -> list[tuple[str, str]]:
    """The modules' lines on the board after the players' grid, each (its kind, its
    text), as their rooms say them (``BoardWords.lines``; ``folded``: a card in play a
    line, kind ``folded``)."""
    return [
        line
        for room in rooms_on(doc)
        if room.board_lines is not None and room.board_lines.lines is not None
        for line in room.board_lines.lines(doc, folded)
    ]


def folded_lines(doc: Doc, cards: list[str] | None = None) -> list[str]:
    """The cards in play in a line each, their texts behind the session's ``b``: the
    modules' (``cards``: as their rooms fold them), the Helping Hands held."""
    if cards is None:
        cards = [line for kind, line in module_lines(doc, True) if kind == "folded"]
    lines = list(cards)
    hands = doc.get("helping_hands") or []
    if hands:
        held = ", ".join(f"{shown(h['player'], SHORT)} #{h['number']}" for h in hands)
        lines.append(_("Helping Hands: {held}").format(held=held))
    if lines:  # the texts, a key away
        lines[-1] += _(" (b: texts)")
    return lines


CATEGORIES = (N_("action"), N_("event"), N_("friendship"))  # a Helping Hand's


def hands_lines(doc: Doc) -> list[str]:
    """Each player's Helping Hands held (a Friendship card lasts the campaign)."""
    hands = doc.get("helping_hands") or []
    if not hands:
        return []
    lines = [_("Helping Hands:")]
    for hand in hands:
        category = _(hand["category"]) if hand["category"] in CATEGORIES else hand["category"]
        kind = _("{category}, lasting").format(category=category) if hand["lasting"] else category
        name = f" {hand['name']}" if hand["name"] else ""
        what = f"   {shown(hand['player'], SHORT)}: #{hand['number']}{name} ({kind})"
        lines.append(what + (f": {hand['text']}" if hand["text"] else ""))
        if hand.get("rules"):
            lines.append(_("      the tool applies: {rules}").format(rules=hand["rules"]))
    return lines


def legal_line(doc: Doc) -> Said | None:
    """What the player whose turn it is may do now (kind ``must-withdraw`` for a Fearful
    player who may do nothing else); None when nobody acts. Its facts are the player's
    own choices (``legal``): what a face shows that player, not the table."""
    legal = doc.get("legal") or {}
    if not legal:
        return None
    if legal["must_withdraw"]:
        words = withdraw_words(doc, legal, must=True)
        return _row(
            "must-withdraw",
            _("{player} {words} (Fearful).").format(player=legal["player"], words=words),
            player=legal["player"],
        )
    parts = []
    if legal["play_any_hidden"]:
        parts.append(_("play a card from hand"))
    elif legal["play"]:
        parts.append(_("play {cards}").format(cards=", ".join(map(notation, legal["play"]))))
    if legal["charm"]:
        cards = ", ".join(map(notation, legal["charm"]))
        parts.append(_("charm on {cards}").format(cards=cards))
    if legal["speech"]:
        parts.append(_("make a Speech"))
    if legal["withdraw"]:
        parts.append(withdraw_words(doc, legal))
    for room in rooms_on(doc):
        allows = room.board_lines.allows if room.board_lines else None
        parts += [words for _command, words in allows(legal)] if allows else []
    return _row(
        "legal",
        _("{player} may: {moves}.").format(player=legal["player"], moves=_("; ").join(parts)),
        player=legal["player"],
    )


def withdraw_words(doc: Doc, legal: Doc, must: bool = False) -> str:
    """The withdrawal ``legal`` allows, as the ``withdraw`` command takes it: with no tile
    when none is left, a Panicked player's tile drawn at random, the tile an Absent-minded
    one removes first, the card a Clumsy one draws (``must``: a Fearful player's)."""
    mine = [p for p in doc["players"] if p["name"] == legal["player"]]
    tiles = _(" or ").join(t for t in legal["withdraw"] if t != "none")
    words = _("must withdraw") if must else _("withdraw")
    if legal.get("remove"):
        removed = _(" or ").join(legal["remove"])
        words += _(", removing {tiles} first").format(tiles=removed)
    if not tiles:
        words += _(", playing no tile")
    elif mine and "panicked" in mine[0]["hard_knocks"]:
        words += _(", playing a tile drawn at random ({tiles})").format(tiles=tiles)
    if legal.get("draws"):
        words += _(", drawing a Trials card")
    return words


def status_rows(doc: Doc) -> list[Said]:
    """``grizzled status`` said (``doc`` shown): the board, what is legal now (in a
    Mission), and the Next line."""
    said = rows(doc)
    legal = legal_line(doc) if doc.get("phase") == "mission" else None
    said += [legal] if legal is not None else []
    return [*said, _row("next", _("Next: {step}").format(step=doc["next"]))]
