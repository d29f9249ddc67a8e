"""What comes next at the table, in one line, with the command that does it.

Player names come from the campaign's file: they are ``shown`` (control characters
escaped, long names cut). The line is plain text, not rich markup.

What a module adds (the options of the leader's ``mission start``, its own turn or phase,
what restricts a player's turn) its room says (``Room.next_lines``), from the chapter
(``voice.rooms.in_chapter``) or the board (``voice.rooms.on_board``): the line names no
module."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from voice.lang import N_, _, chapter_said, detail_said, ngettext
from voice.shown import SHORT, shown

if TYPE_CHECKING:
    from domain.campaign.flow import CampaignState
    from domain.chapter.state import ChapterState
    from domain.events import Event
    from domain.forecast import DealForecast
    from voice import Room
    from voice.parts import NextWords

# The sentences, shared with the board read from the read models (cli/readmodel.py), which
# imports this module without loading the rules engine.
# A chapter at a real table: the first Mission Leader and each seat's third tile were drawn
# at random, and the tracker is told them.
CHAPTER_START = "grizzled chapter start --leader NAME --tiles TILE,TILE,..."
FIRST_CHAPTER = N_("start the first chapter: {command}")
BRIEFING = "grizzled briefing {number} --trials N --morale N --first N"


def briefing_text(name: str, number: int) -> str:
    """An Armistice chapter starts from its Briefing, entered first."""
    return _("enter the Briefing of {name}: {command}").format(
        name=name, command=BRIEFING.format(number=number)
    )


def lead_text(
    leader: str,
    mission: int,
    low: int,
    *,
    exact: bool = False,
    chaplain: bool = False,
    modules: str = "",
) -> str:
    """The Mission Leader sets the next Mission's intensity (exactly the Briefing's for an
    Armistice chapter's first Mission); a Chaplain holding a Support tile plays the one
    drawn at random; ``modules``: the options the modules add (``NextWords.lead``: the
    order kept, a Recruit entering with its hand)."""
    what = f"{low}" if exact else _("INTENSITY (at least {low})").format(low=low)
    kept = (" --chaplain-tile RANDOM-TILE" if chaplain else "") + modules
    lead = _("{leader} leads Mission {number}").format(
        leader=shown(leader, SHORT), number=mission + 1
    )
    return _("{lead}: grizzled mission start {what}{kept}").format(lead=lead, what=what, kept=kept)


def deal_words(f: DealForecast) -> str:
    """Before a deal that may lose the chapter (Decision 2), what it brings: ``8 cards in
    hands, intensity 1 adds 3; 13 from intensity 2 loses the chapter`` ('' when no deal
    the leader may choose reaches the limit)."""
    said = ngettext(
        "{count} card in hands, intensity {low} adds {added}",
        "{count} cards in hands, intensity {low} adds {added}",
        f.held,
    ).format(count=f.held, low=f.low, added=f.added)
    if f.losing is None:
        return ""
    if f.losing == f.low:
        return _("{said}: {total}, and {limit} or more lose the chapter at once").format(
            said=said, total=f.held + f.added, limit=f.limit
        )
    return _("{said}; {limit} from intensity {losing} loses the chapter").format(
        said=said, limit=f.limit, losing=f.losing
    )


def deal_short(f: DealForecast) -> str:
    """The same, in the session's short forms, for its prompt: ``8 held, m 1 +3, 13 at
    m 2`` (8 cards in hands, intensity 1 adds 3, 13 reached at intensity 2); ''."""
    said = _("{held} held, m {low} +{added}").format(held=f.held, low=f.low, added=f.added)
    if f.losing is None:
        return ""
    if f.losing == f.low:
        return _("{held} held: any deal loses").format(held=f.held)
    return _("{said}, {limit} at m {losing}").format(said=said, limit=f.limit, losing=f.losing)


def losing_deal_words(intensity: int, detail: str) -> str:
    """Why ``mission start`` asks first: ``intensity 3 loses the chapter at once: 14 cards
    in hands (13 or more)``."""
    return _("intensity {intensity} loses the chapter at once: {detail}").format(
        intensity=intensity, detail=shown(detail_said(detail))
    )


def support_text(beneficiary: str) -> str:
    """The beneficiary of Support chooses."""
    return _("{player} chooses the Support benefit: grizzled support ...").format(
        player=shown(beneficiary, SHORT)
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


def turn_text(
    legal: Mapping[str, Any], kinds: Iterable[str | None] = (), rooms: Sequence[Room] = ()
) -> str:
    """A player's turn, naming only what they may do now (``legal``: the board's summary,
    ``domain.legal.legal_summary``, and what the ``rooms`` add to it:
    ``BoardWords.allows``); a Fearful one with 2 identical threats must withdraw."""
    name = shown(legal["player"], SHORT)
    out = withdraw_text(legal, kinds)
    if legal["must_withdraw"]:
        return _("{player} is Fearful with 2 identical threats: grizzled {command}").format(
            player=name, command=out
        )
    may = [
        "play CARD" if legal["play"] or legal["play_any_hidden"] else "",
        "charm CARD" if legal["charm"] else "",
        "speech THREAT" if legal["speech"] else "",
        out if legal["withdraw"] else "",
        *(
            command
            for room in rooms
            if room.board_lines and room.board_lines.allows
            for command, _words in room.board_lines.allows(legal)
        ),
    ]
    said = [m for m in may if m]
    if not said:
        return _("{player}'s turn").format(player=name)
    listed = ", ".join(said[:-1]) + _(" or ") + said[-1] if len(said) > 1 else said[0]
    return _("{player}'s turn: {commands}").format(player=name, commands=listed)


def with_notes(line: str, notes: Iterable[tuple[list[str], str]]) -> str:
    """A player's turn with what restricts it (each room's ``NextWords.turn``: the Orders
    in play, a Recruit's rules), after the command in parentheses, then what follows
    them (who may cancel a lasting Order, and how)."""
    notes = list(notes)
    said = [part for parts, _tail in notes for part in parts]
    line = f"{line} ({'; '.join(said)})" if said else line
    return line + "".join(tail for _parts, tail in notes)


def _after_chapter(state: CampaignState) -> str:

    last = state.last_result
    if last is None or not state.armistice:
        return _("start the next chapter: {command}").format(command=CHAPTER_START)
    if last.number == 0:  # a tutorial: no Conclusion, award or ban (notes, decision 6)
        return _next_chapter(state)
    name = chapter_said(last.number)
    conclusion = state.conclusions.get(last.number)
    if conclusion is None:
        return _("enter the Conclusion of {name}: grizzled conclusion {number} ...").format(
            name=name, number=last.number
        )
    if conclusion.offered and last.number not in state.settled:
        result = "won" if last.outcome == "won" else "lost"
        earned = conclusion.earned(result, last.morale_left)
        if earned == 0:
            return _("{name} earns no Helping Hand: settle its offer with grizzled award").format(
                name=name
            )
        return _("{name} earns {count} Helping Hand(s): grizzled award NUMBER:PLAYER ...").format(
            name=name, count=earned
        )
    if state.next_chapter > 9:
        return _("the campaign is over: grizzled score --explain")
    ban = (
        _(" (you may first ban a card: grizzled ban PLAYER CARD)")
        if last.outcome != "won" and not any(b.chapter == last.number for b in state.bans)
        else ""
    )
    return _next_chapter(state) + ban


def _next_chapter(state: CampaignState) -> str:
    """The next Armistice chapter: its Briefing first, then its start."""

    if state.next_chapter not in state.briefings:
        return briefing_text(chapter_said(state.next_chapter), state.next_chapter)
    return _("start {name}: {command}").format(
        name=chapter_said(state.next_chapter), command=CHAPTER_START
    )


def _intensity(chapter: ChapterState, said: Sequence[NextWords]) -> tuple[int, bool]:
    """The least intensity the leader may set now, and whether it is the only one (an
    Armistice chapter's first Mission; one a module sets: ``NextWords.intensity``)."""
    from domain.chapter.actions import minimum_intensity

    if chapter.mission == 0 and chapter.rules.first_intensity_exact:
        return minimum_intensity(chapter), True
    for words in said:
        sets = words.intensity
        found: tuple[int, bool] | None = sets(chapter) if sets else None
        if found is not None:
            return found
    return minimum_intensity(chapter), False


def next_step(state: CampaignState) -> str:
    """The next thing the table does."""
    from domain.chapter.hardknocks import active_kinds
    from domain.chapter.state import Phase
    from domain.legal import legal_summary
    from voice.rooms import in_chapter

    chapter = state.chapter
    if chapter is None:
        if not state.armistice:
            return _(FIRST_CHAPTER).format(command=CHAPTER_START)
        name, number = chapter_said(state.next_chapter), state.next_chapter
        if number not in state.briefings:
            return briefing_text(name, number)
        return _("start {name}: {command}").format(name=name, command=CHAPTER_START)
    if chapter.phase == Phase.OVER:
        return _after_chapter(state)
    leader = chapter.players[chapter.leader].name
    found = in_chapter(chapter)  # the rooms of the modules it plays
    nexts = [room.next_lines for room in found if room.next_lines is not None]
    if chapter.phase == Phase.PREPARATION:
        from domain.forecast import deal_forecast

        forecast = deal_forecast(chapter)
        warned = deal_words(forecast) if forecast is not None else ""
        said = f" ({warned})" if warned else ""
        if forecast is not None and forecast.losing == forecast.low:
            said = f" --yes{said}"  # every deal loses: the command that is accepted
        low, exact = _intensity(chapter, nexts)
        chaplain = any(p.chaplain and p.tiles for p in chapter.players)
        kept = "".join(words.lead(chapter) for words in nexts if words.lead)
        lead = lead_text(leader, chapter.mission, low, exact=exact, chaplain=chaplain, modules=kept)
        return lead + said
    if chapter.phase == Phase.SUPPORT and chapter.support is not None:
        return support_text(chapter.support.player)
    for words in nexts:  # a module's own turn or phase (the Recruit's, Solo's Support)
        step = words.step(chapter) if words.step else None
        if step is not None:
            return str(step)
    active = chapter.active_player
    if active is None:
        return _("the Mission is being resolved")
    line = turn_text(legal_summary(chapter), active_kinds(chapter, active), found)
    return with_notes(line, (words.turn(chapter) for words in nexts if words.turn))


def deal_question(facts: str) -> str:
    """The question asked before a deal that loses the chapter (``facts``:
    ``losing_deal``'s words)."""
    return _("{facts}. Deal all the same?").format(facts=f"{facts[0].upper()}{facts[1:]}")


def next_line(state: CampaignState) -> str:
    """``Next: ...``, the line every action, undo, redo and campaign command ends on
    (``shown``)."""
    return _("Next: {step}").format(step=shown(next_step(state)))


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
    from voice.rooms import on_board

    phase = doc["phase"]
    if phase is None:
        return None if ruleset == "armistice" else _(FIRST_CHAPTER).format(command=CHAPTER_START)
    if phase == "preparation" and doc["mission"] > 0:
        shown = (board or {}).get("modules") or {}  # the modules' rows (``Module.shows``)
        leads = (r.next_lines for r in on_board(doc, shown) if r.next_lines is not None)
        if any(said.lead or said.intensity for said in leads):
            return None  # what the leader draws or sets of the modules: the rules engine says
        chaplain = any(p["chaplain"] and p["support_tiles"] for p in doc["players"])
        return lead_text(doc["leader"], doc["mission"], 1, chaplain=chaplain)
    if phase == "support" and doc["support_pending"]:
        return support_text(doc["support_pending"])
    if phase != "mission":
        return None
    found = on_board(doc)  # the modules' rooms its cards in play need
    said = [room.next_lines for room in found if room.next_lines is not None]
    for words in said:  # a module's own turn (the Recruit's)
        step = words.step_on_board(doc) if words.step_on_board else None
        if step is not None:
            return str(step)
    legal = doc["legal"]
    if not legal:
        return None
    mine = [p for p in doc["players"] if p["name"] == legal["player"]]
    knocks = mine[0]["hard_knocks"] if mine else []  # what they add to the withdrawal
    line = turn_text(legal, knocks, found)
    notes = (words.turn_on_board(doc) for words in said if words.turn_on_board)
    return with_notes(line, notes)
