"""What comes next at the table, in one line, with the command that does it.

Player names come from the campaign's file: they are ``shown`` (control characters
escaped, long names cut). The line is plain text, not rich markup."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from voice.shown import LINE, SHORT, shown

if TYPE_CHECKING:
    from domain.campaign.flow import CampaignState
    from domain.chapter.state import ChapterState
    from domain.events import Event
    from domain.forecast import DealForecast

# The sentences, shared with the board read from the read models (cli/readmodel.py), which
# imports this module without loading the rules engine.
# A chapter at a real table: the first Mission Leader and each seat's third tile were drawn
# at random, and the tracker is told them.
CHAPTER_START = "grizzled chapter start --leader NAME --tiles TILE,TILE,..."
FIRST_CHAPTER = f"start the first chapter: {CHAPTER_START}"
BRIEFING = "grizzled briefing {number} --trials N --morale N --first N"


def briefing_text(name: str, number: int) -> str:
    """An Armistice chapter starts from its Briefing, entered first."""
    return f"enter the Briefing of {name}: {BRIEFING.format(number=number)}"


def lead_text(
    leader: str,
    mission: int,
    low: int,
    *,
    exact: bool = False,
    orders: int = 0,
    recruit: bool = False,
    chaplain: bool = False,
) -> str:
    """The Mission Leader sets the next Mission's intensity (exactly the Briefing's for an
    Armistice chapter's first Mission) and, with Orders of the Day left in their deck, says
    which order is kept (and which goes back, when two were drawn); a Recruit that may
    enter is named with its starting hand; a Chaplain holding a Support tile plays the one
    drawn at random."""
    what = f"{low}" if exact else f"INTENSITY (at least {low})"
    kept = " --chaplain-tile RANDOM-TILE" if chaplain else ""
    kept += " --order N --back N" if orders > 1 else " --order N" if orders == 1 else ""
    if recruit:
        kept += " --recruit N --recruit-hand CARD,CARD,..."
    lead = f"{shown(leader, SHORT)} leads Mission {mission + 1}"
    return f"{lead}: grizzled mission start {what}{kept}"


def deal_words(f: DealForecast) -> str:
    """Before a deal that may lose the chapter (Decision 2), what it brings: ``8 cards in
    hands, intensity 1 adds 3; 13 from intensity 2 loses the chapter`` ('' when no deal
    the leader may choose reaches the limit)."""
    cards = "1 card" if f.held == 1 else f"{f.held} cards"
    said = f"{cards} in hands, intensity {f.low} adds {f.added}"
    if f.losing is None:
        return ""
    if f.losing == f.low:
        return f"{said}: {f.held + f.added}, and {f.limit} or more lose the chapter at once"
    return f"{said}; {f.limit} from intensity {f.losing} loses the chapter"


def deal_short(f: DealForecast) -> str:
    """The same, in the session's short forms, for its prompt: ``8 held, m 1 +3, 13 at
    m 2`` (8 cards in hands, intensity 1 adds 3, 13 reached at intensity 2); ''."""
    said = f"{f.held} held, m {f.low} +{f.added}"
    if f.losing is None:
        return ""
    if f.losing == f.low:
        return f"{f.held} held: any deal loses"
    return f"{said}, {f.limit} at m {f.losing}"


def losing_deal_words(intensity: int, detail: str) -> str:
    """Why ``mission start`` asks first: ``intensity 3 loses the chapter at once: 14 cards
    in hands (13 or more)``."""
    return f"intensity {intensity} loses the chapter at once: {shown(detail)}"


def support_text(beneficiary: str) -> str:
    """The beneficiary of Support chooses."""
    return f"{shown(beneficiary, SHORT)} chooses the Support benefit: grizzled support ..."


def recruit_text(leader: str) -> str:
    """The Recruit's turn: the leader chooses its action."""
    return (
        f"the Recruit's turn, {shown(leader, SHORT)} chooses: grizzled recruit play CARD / "
        "recruit withdraw"
    )


def withdraw_text(legal: Mapping[str, Any], kinds: Iterable[str | None] = ()) -> str:
    """The withdrawal as this player must type it (``legal``: the board's summary, which
    says the tiles): a Panicked player's TILE is the one drawn at random, an Absent-minded
    one first names the tile that leaves the game (``--remove``), a Clumsy one the Trials
    card drawn and played (``--drawn``, while there is one to draw); a player with no tile
    left names none."""
    found = set(kinds)
    words = ["withdraw"]
    stored_before = "remove" not in legal  # a board stored before ``remove``, ``draws``
    if stored_before or any(tile != "none" for tile in legal["withdraw"]):
        words.append("RANDOM-TILE" if "panicked" in found else "TILE")
    if "absent-minded" in found and legal.get("remove", True):
        words.append("--remove TILE")
    if "clumsy" in found and legal.get("draws", True):
        words.append("--drawn CARD")
    return " ".join(words)


def turn_text(legal: Mapping[str, Any], kinds: Iterable[str | None] = ()) -> str:
    """A player's turn, naming only what they may do now (``legal``: the board's summary,
    ``domain.legal.legal_summary``); a Fearful one with 2 identical threats must withdraw."""
    name = shown(legal["player"], SHORT)
    out = withdraw_text(legal, kinds)
    if legal["must_withdraw"]:
        return f"{name} is Fearful with 2 identical threats: grizzled {out}"
    may = [
        "play CARD" if legal["play"] or legal["play_any_hidden"] else "",
        "charm CARD" if legal["charm"] else "",
        "speech THREAT" if legal["speech"] else "",
        out if legal["withdraw"] else "",
        "refill" if legal.get("refill") else "",  # Solo: the single hand, right after a play
    ]
    said = [m for m in may if m]
    if not said:
        return f"{name}'s turn"
    listed = ", ".join(said[:-1]) + " or " + said[-1] if len(said) > 1 else said[0]
    return f"{name}'s turn: {listed}"


def order_named(order: Mapping[str, Any]) -> str:
    """``Order #21 Hold the Line``: an Order of the Day in play, with its name if known."""
    name = order.get("name")
    return f"Order #{order['number']}" + (f" {shown(name, SHORT)}" if name else "")


def restricts(order: Mapping[str, Any]) -> str:
    """What an Order in play restricts, in a few words: ``adds night; no Speech`` (its text
    is shown in full when it enters play, and by ``card``); '' when the tool applies none."""
    said = [f"adds {'+'.join(order['threats'])}"] if order.get("threats") else []
    return "; ".join(said + list(order.get("forbids") or ()))


def with_orders(
    line: str, orders: Iterable[Mapping[str, Any]], recruit: Mapping[str, Any] | None = None
) -> str:
    """A player's turn with the Orders in play that may restrict it, after the command, in
    parentheses, each named with what it restricts in a few words (its text is shown when
    it enters play), and a Recruit in play whose rules restrict or allow (``enforces``)."""
    orders = list(orders)
    said = [
        f"{order_named(o)}" + (f": {shown(r, LINE)}" if (r := restricts(o)) else " in play")
        for o in orders
    ]
    if recruit and recruit.get("enforces"):
        name = f" {shown(recruit['name'], SHORT)}" if recruit.get("name") else ""
        said.append(f"Recruit #{recruit['number']}{name} in play: {'; '.join(recruit['enforces'])}")
    line = f"{line} ({'; '.join(said)})" if said else line
    for order in orders:
        for may in order.get("cancel_by") or ():
            who = shown(may["player"], SHORT)
            line += (
                f"; {who} may cancel {order_named(order)}: grizzled order cancel "
                f"{order['number']} -p {who} --draws {may['draws']}"
            )
    return line


def _after_chapter(state: CampaignState) -> str:
    from domain.names import chapter_name

    last = state.last_result
    if last is None or not state.armistice:
        return f"start the next chapter: {CHAPTER_START}"
    if last.number == 0:  # a tutorial: no Conclusion, award or ban (notes, decision 6)
        return _next_chapter(state)
    name = chapter_name(last.number)
    conclusion = state.conclusions.get(last.number)
    if conclusion is None:
        return f"enter the Conclusion of {name}: grizzled conclusion {last.number} ..."
    if conclusion.offered and last.number not in state.settled:
        result = "won" if last.outcome == "won" else "lost"
        earned = conclusion.earned(result, last.morale_left)
        if earned == 0:
            return f"{name} earns no Helping Hand: settle its offer with grizzled award"
        return f"{name} earns {earned} Helping Hand(s): grizzled award NUMBER:PLAYER ..."
    if state.next_chapter > 9:
        return "the campaign is over: grizzled score --explain"
    ban = (
        " (you may first ban a card: grizzled ban PLAYER CARD)"
        if last.outcome != "won" and not any(b.chapter == last.number for b in state.bans)
        else ""
    )
    return _next_chapter(state) + ban


def _next_chapter(state: CampaignState) -> str:
    """The next Armistice chapter: its Briefing first, then its start."""
    from domain.names import chapter_name

    if state.next_chapter not in state.briefings:
        return briefing_text(chapter_name(state.next_chapter), state.next_chapter)
    return f"start {chapter_name(state.next_chapter)}: {CHAPTER_START}"


def _intensity(chapter: ChapterState) -> tuple[int, bool]:
    """The least intensity the leader may set now, and whether it is the only one (an
    Armistice chapter's first Mission; every Solo Mission, the single hand filled up)."""
    from domain.chapter.actions import minimum_intensity
    from domain.chapter.commands import StartMission
    from domain.legal import legal_actions
    from domain.modules.solo.state import solo_table

    if chapter.mission == 0 and chapter.rules.first_intensity_exact:
        return minimum_intensity(chapter), True
    if solo_table(chapter) is None:
        return minimum_intensity(chapter), False
    starts = {c.intensity for c in legal_actions(chapter) if isinstance(c, StartMission)}
    return min(starts), len(starts) == 1


def next_step(state: CampaignState) -> str:
    """The next thing the table does."""
    from domain.chapter.hardknocks import active_kinds
    from domain.chapter.state import Phase
    from domain.legal import legal_summary
    from domain.modules.orders import order_piles
    from domain.modules.recruits.state import RECRUIT_TURN, recruit_in_play, recruit_piles
    from domain.names import chapter_name

    chapter = state.chapter
    if chapter is None:
        if not state.armistice:
            return FIRST_CHAPTER
        name, number = chapter_name(state.next_chapter), state.next_chapter
        if number not in state.briefings:
            return briefing_text(name, number)
        return f"start {name}: {CHAPTER_START}"
    if chapter.phase == Phase.OVER:
        return _after_chapter(state)
    leader = chapter.players[chapter.leader].name
    if chapter.phase == Phase.PREPARATION:
        from domain.forecast import deal_forecast

        forecast = deal_forecast(chapter)
        warned = deal_words(forecast) if forecast is not None else ""
        said = f" ({warned})" if warned else ""
        if forecast is not None and forecast.losing == forecast.low:
            said = f" --yes{said}"  # every deal loses: the command that is accepted
        low, exact = _intensity(chapter)
        kept = order_piles(chapter)
        orders = len(kept.deck) if kept is not None else 0
        piles = recruit_piles(chapter)
        recruit = piles is not None and piles.recruit is None and bool(piles.deck)
        chaplain = any(p.chaplain and p.tiles for p in chapter.players)
        return (
            lead_text(
                leader,
                chapter.mission,
                low,
                exact=exact,
                orders=orders,
                recruit=recruit,
                chaplain=chaplain,
            )
            + said
        )
    if chapter.phase == Phase.DRAW_SUPPORT:
        return "draw the solo Support tile: grizzled solo-support TILE"
    if chapter.phase == Phase.SUPPORT and chapter.support is not None:
        return support_text(chapter.support.player)
    if chapter.turn == RECRUIT_TURN:
        return recruit_text(leader)
    active = chapter.active_player
    if active is None:
        return "the Mission is being resolved"
    from projections.chapter import orders_in_play, recruit_texts

    line = turn_text(legal_summary(chapter), active_kinds(chapter, active))
    joined = recruit_in_play(chapter)
    texts = {"number": joined.number, **recruit_texts(chapter)} if joined is not None else None
    return with_orders(line, orders_in_play(chapter), texts)


def deal_question(facts: str) -> str:
    """The question asked before a deal that loses the chapter (``facts``:
    ``losing_deal``'s words)."""
    return f"{facts[0].upper()}{facts[1:]}. Deal all the same?"


def next_line(state: CampaignState) -> str:
    """``Next: ...``, the line every action, undo, redo and campaign command ends on
    (``shown``)."""
    return f"Next: {shown(next_step(state))}"


def losing_deal(intensity: int, events: Iterable[Event]) -> str | None:
    """Why a deal of ``intensity`` is asked first (``events``: what the rules decide for
    it), or None when it does not lose the chapter at once."""
    from domain.events import ChapterLost

    lost = next((e for e in events if isinstance(e, ChapterLost)), None)
    return None if lost is None else losing_deal_words(intensity, lost.detail)


def next_from_board(
    doc: Mapping[str, Any], ruleset: str, board: Mapping[str, Any] | None = None
) -> str | None:
    """What comes next, when the board alone says it (``doc``: the board document read
    from the read models, ``board`` their stored board; None: ask the whole campaign)."""
    phase = doc["phase"]
    if phase is None:
        return None if ruleset == "armistice" else FIRST_CHAPTER
    if phase == "preparation" and doc["mission"] > 0:
        if (
            (board or {}).get("orders")
            or (board or {}).get("recruit")
            or doc["solo_hand"] is not None
        ):
            return None  # what the leader draws of the modules, Solo's: the rules engine says
        chaplain = any(p["chaplain"] and p["support_tiles"] for p in doc["players"])
        return lead_text(doc["leader"], doc["mission"], 1, chaplain=chaplain)
    if phase == "support" and doc["support_pending"]:
        return support_text(doc["support_pending"])
    if phase != "mission":
        return None
    if doc["recruit_turn"]:
        return recruit_text(doc["leader"])
    legal = doc["legal"]
    if not legal:
        return None
    mine = [p for p in doc["players"] if p["name"] == legal["player"]]
    knocks = mine[0]["hard_knocks"] if mine else []  # what they add to the withdrawal
    return with_orders(turn_text(legal, knocks), doc["orders_in_play"], doc["recruit"])
