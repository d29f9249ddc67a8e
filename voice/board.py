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
# Rows of the group's own words (names and texts they typed): a face wraps them whole.
WRAPPED = frozenset({"briefing", "notes", "folded", "order", "recruit", "hands"})

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
    Phobia or a Trauma, an Order of the Day; '' when all are in No Man's Land."""
    nml = sum(key.split("+").count(threat) for key in doc.get("no_mans_land") or ())
    orders = sum(o.get("threats", []).count(threat) for o in doc.get("orders_in_play") or ())
    orders = min(orders, count - nml)
    knocks = count - nml - orders
    said = [_("{count} from Orders").format(count=orders)] if orders > 0 else []
    said += [_("{count} on Hard Knocks").format(count=knocks)] if knocks > 0 else []
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
    what phase (``folded``: the cards' texts behind a key, one line per Order, Recruit and
    the Helping Hands, as a table session draws it after each action)."""
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
    if doc.get("solo_hand") is not None:
        said.append(
            _row("solo", _("The single hand: {count} cards").format(count=doc["solo_hand"]))
        )
    if folded:
        said += [_row("folded", line) for line in folded_lines(doc)]
    else:
        said += [_row("order", line) for line in orders_lines(doc)]
        said += [_row("recruit", line) for line in recruit_lines(doc)]
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
    from voice import rooms

    return [
        _row(name, words, **(value if isinstance(value, dict) else {"value": value}))
        for name, value, words in rooms.rows(doc)
    ]


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
        said = restricts(order) or _("in play")
        lasting = _(" (lasting)") if order["lasting"] else ""
        lines.append(f"{order_named(order)}: {said}{lasting}")
    recruit = doc.get("recruit")
    if recruit:
        hand = ", ".join(label(k) for k in recruit["hand"]) or _("no card")
        after = _("after {player}").format(player=recruit["after"])
        state = _("withdrawn") if recruit["withdrawn"] else after
        said = _("Recruit #{number} ({state}): {hand}")
        lines.append(said.format(number=recruit["number"], state=state, hand=hand))
    hands = doc.get("helping_hands") or []
    if hands:
        held = ", ".join(f"{shown(h['player'], SHORT)} #{h['number']}" for h in hands)
        lines.append(_("Helping Hands: {held}").format(held=held))
    if lines:  # the texts, a key away
        lines[-1] += _(" (b: texts)")
    return lines


def orders_lines(doc: Doc) -> list[str]:
    """Each Order of the Day in play with its text, what it adds and, for a lasting one,
    its cancellation condition (a board stored before the texts: the numbers)."""
    cards = doc.get("orders_in_play")
    if cards is None:
        numbers = ", ".join(f"#{n}" for n in doc.get("orders") or [])
        return (
            [_("Orders of the Day in play: {numbers}").format(numbers=numbers)] if numbers else []
        )
    lines = []
    for order in cards:
        what = _("Order of the Day #{number}").format(number=order["number"])
        lines.append(_said(what, order["name"], order["effect"]))
        if order["threats"]:
            adds = "+".join(threat_name(t) for t in order["threats"])
            lines.append(_("   adds {threats} to No Man's Land").format(threats=adds))
        if order.get("forbids"):  # a board from before the vocabulary has none
            lines.append(_("   forbids: {forbids}").format(forbids=_("; ").join(order["forbids"])))
        if order.get("rules"):
            lines.append(_("   the tool applies: {rules}").format(rules="; ".join(order["rules"])))
        if order["lasting"]:
            until = order["cancellation"] or _("(not said)")
            lines.append(_("   lasts until: {until}").format(until=until))
    return lines


def recruit_lines(doc: Doc) -> list[str]:
    """The Recruit in play: whether it acts, its hand and tokens, its text and advantage."""
    recruit = doc.get("recruit")
    if not recruit:
        return []
    after = _("acts after {player}").format(player=recruit["after"])
    state = _("withdrawn") if recruit["withdrawn"] else after
    hand = ", ".join(label(k) for k in recruit["hand"]) or _("no card")
    name = f" {recruit['name']}" if recruit.get("name") else ""
    said = _("Recruit #{number}{name} ({state}): {hand}; Morale tokens {tokens}")
    lines = [
        said.format(
            number=recruit["number"],
            name=name,
            state=state,
            hand=hand,
            tokens=recruit["morale_tokens"],
        )
    ]
    if recruit.get("effect"):
        lines.append(_("   text: {text}").format(text=recruit["effect"]))
    if recruit.get("enforces"):
        rules = "; ".join(recruit["enforces"])
        lines.append(_("   the tool applies: {rules}").format(rules=rules))
    if recruit.get("advantage"):
        lines.append(_("   on departure: {advantage}").format(advantage=recruit["advantage"]))
    if recruit.get("advantage_rules"):
        rules = "; ".join(recruit["advantage_rules"])
        lines.append(_("   on departure the tool applies: {rules}").format(rules=rules))
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
    if legal.get("refill"):
        parts.append(_("refill the hand"))
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
