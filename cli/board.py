"""The board drawn from the documented ``status --json`` document.

One renderer serves both paths: ``grizzled status`` builds the document straight from the
read models (stdlib sqlite3, no rules engine loaded: start-up time is a feature at the
table), and replays or the demo build it from a domain state (``voice.facts``). Card
labels come from the canonical card keys, so no catalogue is needed to draw them.

The document may come from a file someone else handed over: every text in it is
``shown`` (control characters escaped, long values cut) before it is drawn, and nothing
is drawn through rich markup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.text import Text

from cli.grid import Grid
from voice.shown import SHORT, shown, shown_all

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult

# domain.cards.catalogue.THREATS, written out: the board must not load the card catalogue
# (``status`` stays at the floor); tests/cli/test_cli_render.py checks they are the same.
THREATS = ("night", "snow", "rain", "shell", "gas", "whistle")
PHASE_WORDS = {
    "preparation": "preparation: the Mission Leader sets the intensity",
    "mission": "mission",
    "support": "support: the beneficiary chooses",
    "over": "chapter over",
}


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


def threats_line(doc: dict[str, Any]) -> Text:
    """Active threats counted by kind; two of a kind is a warning, three a failure."""
    counts: dict[str, int] = doc.get("threats") or {}
    text = Text("Threats: ")
    shown = [t for t in THREATS if counts.get(t)]
    if not shown:
        return text.append("none", style="dim")
    for i, threat in enumerate(shown):
        n = counts[threat]
        style = "bold red" if n >= 2 else ""
        text.append(("" if i == 0 else "  ") + f"{threat} x{n}" + (" !" if n == 2 else ""), style)
        text.append(_elsewhere(doc, threat, n), "dim")
    return text


def _elsewhere(doc: dict[str, Any], threat: str, count: int) -> str:
    """Where the threats not on No Man's Land cards are (`` (1 on Hard Knocks)``): a
    Phobia or a Trauma, an Order of the Day; '' when all are in No Man's Land."""
    nml = sum(key.split("+").count(threat) for key in doc.get("no_mans_land") or ())
    orders = sum(o.get("threats", []).count(threat) for o in doc.get("orders_in_play") or ())
    orders = min(orders, count - nml)
    knocks = count - nml - orders
    said = [f"{orders} from Orders"] if orders > 0 else []
    said += [f"{knocks} on Hard Knocks"] if knocks > 0 else []
    return f" ({', '.join(said)})" if said else ""


class Hanging:
    """A line of the group's own words, wrapped on a narrow console with a hanging indent:
    its leading spaces kept, each line it wraps onto 3 spaces further in."""

    def __init__(self, line: str) -> None:
        self.text = line.lstrip(" ")
        self.indent = len(line) - len(self.text)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        from rich.segment import Segment

        width = max(10, options.max_width - self.indent - 3)
        lines = console.render_lines(Text(self.text), options.update_width(width), pad=False)
        for number, line in enumerate(lines):
            yield Segment(" " * (self.indent + (3 if number else 0)))
            yield from line
            yield Segment.line()


PLAYER_COLUMNS = ("", "Grizzled", "charm", "hand", "Hard Knocks", "Speech", "tiles", "status")


def _player_cells(doc: dict[str, Any], player: dict[str, Any]) -> tuple[str, ...]:
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


def players_table(doc: dict[str, Any]) -> Grid:
    """Everyone around the table, in seat order."""
    table = Grid(PLAYER_COLUMNS)
    for player in doc["players"]:
        table.add_row(*_player_cells(doc, player))
    return table


class Players:
    """The players' grid when it fits the console; on a narrow one, each player in a few
    lines with every cell named (the grid would have to cut names and Hard Knocks)."""

    def __init__(self, doc: dict[str, Any]) -> None:
        self.rows = [_player_cells(doc, player) for player in doc["players"]]
        self.grid = players_table(doc)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if self.grid.fits(options.max_width):
            yield self.grid
            return
        for marks, name, charm, hand, knocks, speech, tiles, status in self.rows:
            charm = "no charm" if charm == "-" else f"charm {charm}"
            hand = "" if hand == "-" else f"hand {hand}"  # the Chaplain holds no hand
            said = [charm, hand, f"Speech {speech}", f"tiles {tiles}", status]
            yield Text(f"{marks:<2} {name}: " + ", ".join(s for s in said if s))
            if knocks != "-":
                yield Text(f"   Hard Knocks: {knocks}")


def board(doc: dict[str, Any], folded: bool = False) -> RenderableType:
    """The board at a glance: decks, No Man's Land, players, whose turn and what phase
    (``folded``: the cards' texts behind a key, one line per Order, Recruit and the Helping
    Hands, as a table session draws it after each action)."""
    return _board(shown_all(doc), folded)


def _board(doc: dict[str, Any], folded: bool = False) -> RenderableType:
    if doc.get("phase") is None:
        return Text(f"Campaign {doc['campaign']}: no chapter started yet.")
    phase = PHASE_WORDS.get(doc["phase"], doc["phase"])
    # ``mission`` counts the Missions started; in preparation the next one is being set up.
    mission = doc["mission"] + 1 if doc["phase"] == "preparation" else doc["mission"]
    armistice = doc.get("ruleset") == "armistice"
    chapter = "Boot Camp" if armistice and doc["chapter"] == 0 else f"chapter {doc['chapter']}"
    header = Text(f"{doc['campaign']} - {chapter}, mission {mission} - {phase}", style="bold")
    briefing = doc.get("briefing") or {}
    decks = Text(
        f"Trials deck {doc['trials']}  Morale Reserve {doc['morale']}  "
        f"Speech stock {doc['speech_stock']}"
    )
    nml = ", ".join(label(k) for k in doc["no_mans_land"]) or "empty"
    parts: list[RenderableType] = [header]
    if briefing.get("title"):
        parts.append(Hanging(f"Briefing: {briefing['title']}"))
    if briefing.get("notes"):
        parts.append(Hanging(f"   {briefing['notes']}"))
    parts += [decks, Text(f"No Man's Land: {nml}"), threats_line(doc)]
    parts += luck_lines(doc)
    parts.append(Players(doc))
    if doc.get("solo_hand") is not None:
        parts.append(Text(f"The single hand: {doc['solo_hand']} cards"))
    if folded:
        parts += folded_lines(doc)
    else:
        parts += orders_lines(doc)
        parts += recruit_lines(doc)
        parts += hands_lines(doc)
    if doc["phase"] == "over":
        result = "won" if doc["outcome"] == "won" else f"lost: {doc['outcome_detail']}"
        game = "game" if doc["ruleset"] == "classic" else "chapter"  # the base game: one game
        parts.append(Text(f"The {game} is {result}.", style="bold"))
    return Group(*parts)


def luck_lines(doc: dict[str, Any]) -> list[Text]:
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
    return [Text(f"Luck: {'; '.join(said)}")]


def _said(what: str, name: str | None, text: str | None) -> Hanging:
    """``what name: text`` on one line (wrapped by the console, never cut)."""
    line = what + (f" {name}" if name else "")
    return Hanging(line + (f": {text}" if text else ""))


def folded_lines(doc: dict[str, Any]) -> list[Hanging]:
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
    return [Hanging(line) for line in lines]


def orders_lines(doc: dict[str, Any]) -> list[Hanging]:
    """Each Order of the Day in play with its text, what it adds and, for a lasting one,
    its cancellation condition (a board stored before the texts: the numbers)."""
    cards = doc.get("orders_in_play")
    if cards is None:
        numbers = ", ".join(f"#{n}" for n in doc.get("orders") or [])
        return [Hanging(f"Orders of the Day in play: {numbers}")] if numbers else []
    lines = []
    for order in cards:
        lines.append(_said(f"Order of the Day #{order['number']}", order["name"], order["effect"]))
        if order["threats"]:
            lines.append(Hanging(f"   adds {'+'.join(order['threats'])} to No Man's Land"))
        if order.get("forbids"):  # a board from before the vocabulary has none
            lines.append(Hanging(f"   forbids: {'; '.join(order['forbids'])}"))
        if order.get("rules"):
            lines.append(Hanging(f"   the tool applies: {'; '.join(order['rules'])}"))
        if order["lasting"]:
            lines.append(Hanging(f"   lasts until: {order['cancellation'] or '(not said)'}"))
    return lines


def recruit_lines(doc: dict[str, Any]) -> list[Hanging]:
    """The Recruit in play: whether it acts, its hand and tokens, its text and advantage."""
    recruit = doc.get("recruit")
    if not recruit:
        return []
    state = "withdrawn" if recruit["withdrawn"] else f"acts after {recruit['after']}"
    hand = ", ".join(label(k) for k in recruit["hand"]) or "no card"
    name = f" {recruit['name']}" if recruit.get("name") else ""
    lines = [
        Hanging(
            f"Recruit #{recruit['number']}{name} ({state}): {hand}; Morale tokens "
            f"{recruit['morale_tokens']}"
        )
    ]
    if recruit.get("effect"):
        lines.append(Hanging(f"   text: {recruit['effect']}"))
    if recruit.get("enforces"):
        lines.append(Hanging(f"   the tool applies: {'; '.join(recruit['enforces'])}"))
    if recruit.get("advantage"):
        lines.append(Hanging(f"   on departure: {recruit['advantage']}"))
    if recruit.get("advantage_rules"):
        lines.append(
            Hanging(f"   on departure the tool applies: {'; '.join(recruit['advantage_rules'])}")
        )
    return lines


def hands_lines(doc: dict[str, Any]) -> list[Hanging]:
    """Each player's Helping Hands held (a Friendship card lasts the campaign)."""
    hands = doc.get("helping_hands") or []
    if not hands:
        return []
    lines = [Hanging("Helping Hands:")]
    for hand in hands:
        kind = f"{hand['category']}, lasting" if hand["lasting"] else hand["category"]
        name = f" {hand['name']}" if hand["name"] else ""
        what = f"   {shown(hand['player'], SHORT)}: #{hand['number']}{name} ({kind})"
        lines.append(Hanging(what + (f": {hand['text']}" if hand["text"] else "")))
        if hand.get("rules"):
            lines.append(Hanging(f"      the tool applies: {hand['rules']}"))
    return lines


def legal_line(doc: dict[str, Any]) -> Text:
    """What the player whose turn it is may do now."""
    legal = doc.get("legal") or {}
    if not legal:
        return Text("")
    if legal["must_withdraw"]:
        words = withdraw_words(doc, legal).replace("withdraw", "must withdraw", 1)
        return Text(f"{legal['player']} {words} (Fearful).", style="bold red")
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
    return Text(f"{legal['player']} may: " + "; ".join(parts) + ".")


def withdraw_words(doc: dict[str, Any], legal: dict[str, Any]) -> str:
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


def status_view(doc: dict[str, Any]) -> RenderableType:
    """The board, what is legal now, and what comes next."""
    doc = shown_all(doc)
    parts: list[RenderableType] = [_board(doc)]
    if doc.get("phase") == "mission" and doc.get("legal"):
        parts.append(legal_line(doc))
    parts.append(Text(f"Next: {doc['next']}", style="bold"))
    return Group(*parts)
