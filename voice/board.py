"""The board's rows in words, from the documented ``status --json`` document.

``grizzled status`` builds the document straight from the read models (stdlib sqlite3, no
rules engine loaded: start-up time is a feature at the table), and replays or the demo
build it from a domain state (``voice.facts``). Card labels come from the canonical card
keys, so no catalogue is needed to say them.

Each row is a ``Said`` whose ``kind`` names it (``header``, ``threats``, ``players``,
``order``, ...): a face draws each kind its own way (the command line: bold, a hanging
indent, a grid). The document may come from a file someone else handed over: the rows
take a document whose every text is ``shown`` (``shown_board``)."""

from __future__ import annotations

from typing import Any

from voice import Said, Span, joined
from voice.shown import SHORT, shown, shown_all

# domain.cards.catalogue.THREATS, written out: the board must not load the card catalogue
# (``status`` stays at the floor); tests/cli/test_cli_render.py checks they are the same.
THREATS = ("night", "snow", "rain", "shell", "gas", "whistle")
PHASE_WORDS = {
    "preparation": "preparation: the Mission Leader sets the intensity",
    "mission": "mission",
    "support": "support: the beneficiary chooses",
    "over": "chapter over",
}
PLAYER_COLUMNS = ("", "Grizzled", "charm", "hand", "Hard Knocks", "Speech", "tiles", "status")
# Rows of the group's own words (names and texts they typed): a face wraps them whole.
WRAPPED = frozenset({"briefing", "notes", "folded", "order", "recruit", "hands"})

Doc = dict[str, Any]


def shown_board(doc: Doc) -> Doc:
    """The document with every text in it ``shown`` (what the rows are said from)."""
    return shown_all(doc)  # type: ignore[no-any-return]


def label(key: str) -> str:
    """A card's readable name from its key: ``night+shell (trap)``, ``Phobia (gas)``."""
    if key == "merry-christmas":
        return "Merry Christmas"
    parts = key.split("+")
    if all(p in THREATS or p in ("trap", "luck") for p in parts):
        threats = "+".join(p for p in parts if p in THREATS)
        luck = parts.count("luck")
        return (
            threats + (" (trap)" if "trap" in parts else "") + (f" (luck x{luck})" if luck else "")
        )
    kind, threat = key, ""
    for word in THREATS:
        if key.endswith(f"-{word}"):
            kind, threat = key[: -len(word) - 1], word
    title = kind.replace("-", " ").title().replace(" ", "-")
    return f"{title} ({threat})" if threat else title


def _row(kind: str, text: str, **facts: Any) -> Said:
    return Said(text, kind, facts)


def threats(doc: Doc) -> Said:
    """Active threats counted by kind, a span each (``threat``, its count the value: two of
    a kind is a warning, three a failure) and where those not in No Man's Land are."""
    counts: dict[str, int] = doc.get("threats") or {}
    active = [t for t in THREATS if counts.get(t)]
    spans = [Span("Threats: ")]
    if not active:
        spans.append(Span("none", "none"))
    for i, threat in enumerate(active):
        n = counts[threat]
        spans.append(
            Span(
                ("" if i == 0 else "  ") + f"{threat} x{n}" + (" !" if n == 2 else ""), "threat", n
            )
        )
        spans.append(Span(_elsewhere(doc, threat, n), "elsewhere", threat))
    found = tuple(spans)
    return Said(joined(found), "threats", {t: counts[t] for t in active}, (), found)


def _elsewhere(doc: Doc, threat: str, count: int) -> str:
    """Where the threats not on No Man's Land cards are (`` (1 on Hard Knocks)``): a
    Phobia or a Trauma, an Order of the Day; '' when all are in No Man's Land."""
    nml = sum(key.split("+").count(threat) for key in doc.get("no_mans_land") or ())
    orders = sum(o.get("threats", []).count(threat) for o in doc.get("orders_in_play") or ())
    orders = min(orders, count - nml)
    knocks = count - nml - orders
    said = [f"{orders} from Orders"] if orders > 0 else []
    said += [f"{knocks} on Hard Knocks"] if knocks > 0 else []
    return f" ({', '.join(said)})" if said else ""


def player_cells(doc: Doc, player: Doc) -> tuple[str, ...]:
    """A player's row, a cell per column of ``PLAYER_COLUMNS``."""
    name = player["name"]
    marks = ("L" if name == doc["leader"] else "") + ("*" if name == doc["turn"] else "")
    knocks = ", ".join(label(k) for k in player["hard_knocks"])
    side = "up" if player["charm_up"] else "down"
    charm = "-" if player["charm"] is None else f"{player['charm']} {side}"
    withdrawn = player["withdrawn"] and doc["phase"] == "mission"
    return (
        marks,
        shown(name, SHORT),
        charm,
        "-" if player["chaplain"] else str(player["hand"]),
        knocks or "-",
        str(player["speech_tokens"]),
        str(player["support_tiles"]),
        "withdrawn" if withdrawn else "",
    )


def player_lines(cells: tuple[str, ...]) -> list[str]:
    """A player's row in a few lines, every cell named (a console too narrow for the
    grid would have to cut names and Hard Knocks)."""
    marks, name, charm, hand, knocks, speech, tiles, status = cells
    charm = "no charm" if charm == "-" else f"charm {charm}"
    hand = "" if hand == "-" else f"hand {hand}"  # the Chaplain holds no hand
    said = [charm, hand, f"Speech {speech}", f"tiles {tiles}", status]
    lines = [f"{marks:<2} {name}: " + ", ".join(s for s in said if s)]
    return lines + ([f"   Hard Knocks: {knocks}"] if knocks != "-" else [])


def rows(doc: Doc, folded: bool = False) -> list[Said]:
    """The board at a glance (``doc`` shown): decks, No Man's Land, players, whose turn and
    what phase (``folded``: the cards' texts behind a key, one line per Order, Recruit and
    the Helping Hands, as a table session draws it after each action)."""
    if doc.get("phase") is None:
        return [_row("empty", f"Campaign {doc['campaign']}: no chapter started yet.")]
    phase = PHASE_WORDS.get(doc["phase"], doc["phase"])
    # ``mission`` counts the Missions started; in preparation the next one is being set up.
    mission = doc["mission"] + 1 if doc["phase"] == "preparation" else doc["mission"]
    armistice = doc.get("ruleset") == "armistice"
    chapter = "Boot Camp" if armistice and doc["chapter"] == 0 else f"chapter {doc['chapter']}"
    briefing = doc.get("briefing") or {}
    nml = ", ".join(label(k) for k in doc["no_mans_land"]) or "empty"
    said = [_row("header", f"{doc['campaign']} - {chapter}, mission {mission} - {phase}")]
    if briefing.get("title"):
        said.append(_row("briefing", f"Briefing: {briefing['title']}"))
    if briefing.get("notes"):
        said.append(_row("notes", f"   {briefing['notes']}"))
    decks = (
        f"Trials deck {doc['trials']}  Morale Reserve {doc['morale']}  "
        f"Speech stock {doc['speech_stock']}"
    )
    said += [_row("decks", decks), _row("nml", f"No Man's Land: {nml}"), threats(doc)]
    said += luck_lines(doc)
    said.append(_row("players", "", columns=PLAYER_COLUMNS))
    if doc.get("solo_hand") is not None:
        said.append(_row("solo", f"The single hand: {doc['solo_hand']} cards"))
    if folded:
        said += [_row("folded", line) for line in folded_lines(doc)]
    else:
        said += [_row("order", line) for line in orders_lines(doc)]
        said += [_row("recruit", line) for line in recruit_lines(doc)]
        said += [_row("hands", line) for line in hands_lines(doc)]
    if doc["phase"] == "over":
        result = "won" if doc["outcome"] == "won" else f"lost: {doc['outcome_detail']}"
        game = "game" if doc["ruleset"] == "classic" else "chapter"  # the base game: one game
        said.append(_row("result", f"The {game} is {result}.", outcome=doc["outcome"]))
    return said


def luck_lines(doc: Doc) -> list[Said]:
    """``Luck: night+luck in force (cancels the next Trap); snow+luck spent`` while Traps
    are on and a Luck symbol is in No Man's Land."""
    luck = doc.get("luck") or {}
    if not doc.get("traps") or not (luck.get("in_force") or luck.get("spent")):
        return []
    said = []
    if luck["in_force"]:
        said.append(f"{', '.join(luck['in_force'])} in force (cancels the next Trap)")
    if luck["spent"]:
        said.append(f"{', '.join(luck['spent'])} spent on a Trap")
    return [_row("luck", f"Luck: {'; '.join(said)}", **luck)]


def _said(what: str, name: str | None, text: str | None) -> str:
    """``what name: text`` on one line."""
    line = what + (f" {name}" if name else "")
    return line + (f": {text}" if text else "")


def folded_lines(doc: Doc) -> list[str]:
    """The cards in play in a line each, their texts behind the session's ``b``: each
    Order with what it restricts, the Recruit with its hand, the Helping Hands held."""
    from voice.next_step import order_named, restricts

    lines = []
    for order in doc.get("orders_in_play") or ():
        said = restricts(order) or "in play"
        lasting = " (lasting)" if order["lasting"] else ""
        lines.append(f"{order_named(order)}: {said}{lasting}")
    recruit = doc.get("recruit")
    if recruit:
        hand = ", ".join(label(k) for k in recruit["hand"]) or "no card"
        state = "withdrawn" if recruit["withdrawn"] else f"after {recruit['after']}"
        lines.append(f"Recruit #{recruit['number']} ({state}): {hand}")
    hands = doc.get("helping_hands") or []
    if hands:
        held = ", ".join(f"{shown(h['player'], SHORT)} #{h['number']}" for h in hands)
        lines.append(f"Helping Hands: {held}")
    if lines:  # the texts, a key away
        lines[-1] += " (b: texts)"
    return lines


def orders_lines(doc: Doc) -> list[str]:
    """Each Order of the Day in play with its text, what it adds and, for a lasting one,
    its cancellation condition (a board stored before the texts: the numbers)."""
    cards = doc.get("orders_in_play")
    if cards is None:
        numbers = ", ".join(f"#{n}" for n in doc.get("orders") or [])
        return [f"Orders of the Day in play: {numbers}"] if numbers else []
    lines = []
    for order in cards:
        lines.append(_said(f"Order of the Day #{order['number']}", order["name"], order["effect"]))
        if order["threats"]:
            lines.append(f"   adds {'+'.join(order['threats'])} to No Man's Land")
        if order.get("forbids"):  # a board from before the vocabulary has none
            lines.append(f"   forbids: {'; '.join(order['forbids'])}")
        if order.get("rules"):
            lines.append(f"   the tool applies: {'; '.join(order['rules'])}")
        if order["lasting"]:
            lines.append(f"   lasts until: {order['cancellation'] or '(not said)'}")
    return lines


def recruit_lines(doc: Doc) -> list[str]:
    """The Recruit in play: whether it acts, its hand and tokens, its text and advantage."""
    recruit = doc.get("recruit")
    if not recruit:
        return []
    state = "withdrawn" if recruit["withdrawn"] else f"acts after {recruit['after']}"
    hand = ", ".join(label(k) for k in recruit["hand"]) or "no card"
    name = f" {recruit['name']}" if recruit.get("name") else ""
    lines = [
        f"Recruit #{recruit['number']}{name} ({state}): {hand}; Morale tokens "
        f"{recruit['morale_tokens']}"
    ]
    if recruit.get("effect"):
        lines.append(f"   text: {recruit['effect']}")
    if recruit.get("enforces"):
        lines.append(f"   the tool applies: {'; '.join(recruit['enforces'])}")
    if recruit.get("advantage"):
        lines.append(f"   on departure: {recruit['advantage']}")
    if recruit.get("advantage_rules"):
        lines.append(f"   on departure the tool applies: {'; '.join(recruit['advantage_rules'])}")
    return lines


def hands_lines(doc: Doc) -> list[str]:
    """Each player's Helping Hands held (a Friendship card lasts the campaign)."""
    hands = doc.get("helping_hands") or []
    if not hands:
        return []
    lines = ["Helping Hands:"]
    for hand in hands:
        kind = f"{hand['category']}, lasting" if hand["lasting"] else hand["category"]
        name = f" {hand['name']}" if hand["name"] else ""
        what = f"   {shown(hand['player'], SHORT)}: #{hand['number']}{name} ({kind})"
        lines.append(what + (f": {hand['text']}" if hand["text"] else ""))
        if hand.get("rules"):
            lines.append(f"      the tool applies: {hand['rules']}")
    return lines


def legal_line(doc: Doc) -> Said | None:
    """What the player whose turn it is may do now (kind ``must-withdraw`` for a Fearful
    player who may do nothing else); None when nobody acts. Its facts are the player's
    own choices (``legal``): what a face shows that player, not the table."""
    legal = doc.get("legal") or {}
    if not legal:
        return None
    if legal["must_withdraw"]:
        words = withdraw_words(doc, legal).replace("withdraw", "must withdraw", 1)
        return _row(
            "must-withdraw", f"{legal['player']} {words} (Fearful).", player=legal["player"]
        )
    parts = []
    if legal["play_any_hidden"]:
        parts.append("play a card from hand")
    elif legal["play"]:
        parts.append("play " + ", ".join(legal["play"]))
    if legal["charm"]:
        parts.append("charm on " + ", ".join(legal["charm"]))
    if legal["speech"]:
        parts.append("make a Speech")
    if legal["withdraw"]:
        parts.append(withdraw_words(doc, legal))
    if legal.get("refill"):
        parts.append("refill the hand")
    return _row(
        "legal", f"{legal['player']} may: " + "; ".join(parts) + ".", player=legal["player"]
    )


def withdraw_words(doc: Doc, legal: Doc) -> str:
    """The withdrawal ``legal`` allows, as the ``withdraw`` command takes it: with no tile
    when none is left, a Panicked player's tile drawn at random, the tile an Absent-minded
    one removes first, the card a Clumsy one draws."""
    mine = [p for p in doc["players"] if p["name"] == legal["player"]]
    tiles = " or ".join(t for t in legal["withdraw"] if t != "none")
    words = "withdraw"
    if legal.get("remove"):
        words += f", removing {' or '.join(legal['remove'])} first"
    if not tiles:
        words += ", playing no tile"
    elif mine and "panicked" in mine[0]["hard_knocks"]:
        words += f", playing a tile drawn at random ({tiles})"
    if legal.get("draws"):
        words += ", drawing a Trials card"
    return words


def status_rows(doc: Doc) -> list[Said]:
    """``grizzled status`` said (``doc`` shown): the board, what is legal now (in a
    Mission), and the Next line."""
    said = rows(doc)
    legal = legal_line(doc) if doc.get("phase") == "mission" else None
    said += [legal] if legal is not None else []
    return [*said, _row("next", f"Next: {doc['next']}")]
