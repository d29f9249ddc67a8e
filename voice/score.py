"""The score, the campaign at a glance and a chapter replayed, in words: each chapter's
result, the totals, the Helping Hands held and the bans, every fact behind the score, and
what each replayed action left on the board. A face lays the cells out (a table on the
command line); the words are said here, from the rules' state or the read models' rows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from voice import Record
from voice.lang import N_, _, ngettext, threat_name
from voice.shown import LINE, LONG, SHORT, quoted, shown

if TYPE_CHECKING:
    from domain.campaign.flow import CampaignState
    from domain.chapter.state import ChapterState
    from domain.events import Event

OUTCOMES = frozenset({"MissionFailed", "MissionSucceeded", "ChapterWon", "ChapterLost"})
RESULT_WORDS = {
    "won": N_("won"),
    "monument": N_("lost: the Monument"),
    "hard-knocks": N_("lost: Hard Knocks"),
    "hands": N_("lost: 13+ cards in hand"),
}
SCORE_COLUMNS = (
    N_("chapter"),
    N_("result"),
    N_("Morale left"),
    N_("Victory Points"),
    N_("Negative Points"),
)
SCORE_SHORT = (N_("chapter"), N_("result"), N_("Morale"), N_("Victory"), N_("Negative"))
SCORE_PAGE = 20  # chapters a score shows (the latest), unless asked for all
HANDS_COLUMNS = ("#", N_("player"), N_("category"), N_("chapter"), N_("used"))
FACT_COLUMNS = (N_("points"), N_("chapter"), N_("what"), N_("event"), N_("who"))
READINGS_TITLE = N_("How the Helping Hands were decided")
Cells = tuple[str, ...]


class ScoreLine(Record):
    """One chapter of the score: its number, result, Morale left, Victory and Negative
    Points."""

    __slots__ = ("chapter", "morale_left", "negative", "result", "victory")
    chapter: int
    result: str
    morale_left: int
    victory: int
    negative: int

    def __init__(
        self, chapter: int, result: str, morale_left: int, victory: int, negative: int
    ) -> None:
        self._set(
            chapter=chapter,
            result=result,
            morale_left=morale_left,
            victory=victory,
            negative=negative,
        )


class HandLine(Record):
    """A Helping Hand held, as the campaign panel lists it."""

    __slots__ = ("category", "chapter", "name", "number", "player", "used_in")
    number: int
    name: str | None  # None: never described
    player: str
    category: str
    chapter: int
    used_in: int | None

    def __init__(
        self,
        number: int,
        name: str | None,
        player: str,
        category: str,
        chapter: int,
        used_in: int | None,
    ) -> None:
        self._set(
            number=number,
            name=name,
            player=player,
            category=category,
            chapter=chapter,
            used_in=used_in,
        )


class BanLine(Record):
    """A card banned, as the campaign panel lists it."""

    __slots__ = ("card", "chapter", "player", "reason")
    card: str
    player: str
    chapter: int
    reason: str

    def __init__(self, card: str, player: str, chapter: int, reason: str) -> None:
        self._set(card=card, player=player, chapter=chapter, reason=reason)


def score_lines(
    state: CampaignState,
) -> tuple[list[ScoreLine], tuple[int, int] | None, tuple[int, int, int]]:
    """The rules' score of ``state``: its lines, the chapter running and its Morale
    Reserve (None: none), and the difference, Victory and Negative Points."""
    from domain.campaign.rewards import score

    total = score(state)
    lines = [
        ScoreLine(r.number, r.outcome, r.morale_left, line.victory_points, line.negative_points)
        for line, r in zip(total.lines, state.results, strict=True)
    ]
    running = None
    if state.chapter_running and state.chapter is not None:
        running = (state.chapter_number, len(state.chapter.morale))
    return lines, running, (total.difference, total.victory_points, total.negative_points)


def score_rows(
    lines: Sequence[ScoreLine],
    running: tuple[int, int] | None,
    totals: tuple[int, int, int],
    last: int | None,
    before: int,
) -> list[Cells]:
    """The score's rows, a cell per column of ``SCORE_COLUMNS``: the ``last`` chapters
    (``before``: how many came before ``lines``; the earlier ones one row), the chapter
    running, and the totals last."""
    rows: list[Cells] = []
    cut = len(lines) - last if last is not None and len(lines) > last else 0
    earlier = before + cut
    if earlier:
        said = ngettext(
            "{count} earlier chapter (score --all)",
            "{count} earlier chapters (score --all)",
            earlier,
        ).format(count=earlier)
        rows.append(("...", said, "", "", ""))
    for line in lines[cut:]:
        outcome = (
            _(RESULT_WORDS[line.result])
            if line.result in RESULT_WORDS
            else _("lost: {reason}").format(reason=line.result)
        )
        rows.append(
            (
                str(line.chapter),
                shown(outcome, SHORT),
                str(line.morale_left),
                str(line.victory),
                str(line.negative),
            )
        )
    if running is not None:
        rows.append((str(running[0]), _("in progress"), str(running[1]), "", ""))
    difference, victory, negative = totals
    said = _("difference {difference}").format(difference=f"{difference:+d}")
    return [*rows, (_("total"), said, "", str(victory), str(negative))]


def hand_lines(state: CampaignState) -> list[HandLine]:
    """The Helping Hands held in ``state``, named as the group described them."""
    cards = state.catalogue.helping_hands
    hands = []
    for h in state.holdings:
        card = cards.get(h.number)
        name = card.name if card else None
        hands.append(HandLine(h.number, name, h.player, h.category, h.chapter, h.used_in))
    return hands


def fewer_hands(taken: int, earned: int, offered: int) -> tuple[str, str]:
    """Why an award of fewer Helping Hands than earned asks first (the Negative Points it
    adds), as a refusal's facts and as the question."""
    left = offered - taken
    facts = ngettext(
        "taking {taken} of the {earned} Helping Hands earned leaves {left} of the offer: "
        "{left} Negative Point, {more} more than taking all {earned}",
        "taking {taken} of the {earned} Helping Hands earned leaves {left} of the offer: "
        "{left} Negative Points, {more} more than taking all {earned}",
        left,
    ).format(taken=taken, earned=earned, left=left, more=earned - taken)
    question = _("{facts}. Take {taken}?").format(
        facts=f"{facts[0].upper()}{facts[1:]}", taken=taken
    )
    return facts, question


def created(name: str, rules: str, seats: Sequence[tuple[str, str]]) -> str:
    """``Campaign 'Friday' created (classic rules): ann (night), ben (snow).``"""
    who = ", ".join(f"{player} ({threat_name(charm)})" for player, charm in seats)
    return _("Campaign {name} created ({rules} rules): {seats}.").format(
        name=quoted(name), rules=rules, seats=shown(who)
    )


def campaign_heading(name: str, ruleset: str, seats: Sequence[tuple[str, str]]) -> str:
    """``Western Front - armistice rules - Ann (Lucky), Ben (Mute)``."""
    said = ", ".join(f"{player} ({threat_name(charm)})" for player, charm in seats)
    return _("{name} - {ruleset} rules - {seats}").format(name=name, ruleset=ruleset, seats=said)


def chapter_grizzled_lines(
    seats: Sequence[tuple[str, str]], chapters: Sequence[Mapping[str, Any]]
) -> list[str]:
    """``Chapter 2: Ann (rain), Ben (snow)``: each chapter whose Grizzled, as chosen at its
    start, are not the campaign's first (``seats``, the heading's), from
    ``queries.chapter_grizzled``'s rows; nothing when every chapter kept them."""
    first = [{"name": name, "charm": charm} for name, charm in seats]
    lines = [
        _("  Chapter {number}: ").format(number=c["chapter"])
        + ", ".join(f"{g['name']} ({threat_name(g['charm'])})" for g in c["grizzled"])
        for c in chapters
        if list(c["grizzled"]) != first
    ]
    return (
        [_("Grizzled chosen anew at a chapter's start (the others as above):"), *lines]
        if lines
        else []
    )


def hand_cells(h: HandLine) -> Cells:
    """A Helping Hand held, a cell per column of ``HANDS_COLUMNS``."""
    if h.category == "friendship":
        used = _("in play")
    else:
        used = _("chapter {number}").format(number=h.used_in) if h.used_in is not None else "-"
    card = f"{h.number} {h.name}" if h.name else str(h.number)
    return (
        shown(card, SHORT),
        shown(h.player, SHORT),
        shown(h.category, SHORT),
        str(h.chapter),
        used,
    )


def banned_line(bans: Sequence[BanLine]) -> str:
    """``Banned: night+shell (Ann, chapter 3: too strong)`` ('' for none)."""
    if not bans:
        return ""
    listed = _("; ").join(
        _("{card} ({player}, chapter {number}{reason})").format(
            card=b.card,
            player=b.player,
            number=b.chapter,
            reason=": " + b.reason if b.reason else "",
        )
        for b in bans
    )
    return _("Banned: {cards}").format(cards=listed)


def fact_cells(fact: dict[str, Any]) -> Cells:
    """A fact behind the score (``projections.queries.score_facts``), a cell per column of
    ``FACT_COLUMNS``."""
    points = _("+1 Victory") if fact["kind"] == "victory" else _("+1 Negative")
    return (
        points,
        str(fact["chapter"]),
        shown(fact["what"], LINE),
        f"#{fact['event']}",
        shown(fact["logged_by"], SHORT),
    )


def outcomes(events: Sequence[Event], state: CampaignState) -> list[str]:
    """How a Mission or the chapter ended with these events, in words (none: it went on)."""
    from voice.narrate import narrate

    ends = [e for e in events if e.TYPE in OUTCOMES]
    return narrate(ends, state.catalogue, state.ruleset)


def step_lines(chapter: ChapterState) -> list[str]:
    """The board's key numbers after a replayed action: phase, whose turn, decks, No Man's
    Land whole."""
    turn = (
        _(", {player}'s turn").format(player=chapter.active_player.name)
        if chapter.active_player
        else ""
    )
    lines = [
        _("{phase}{turn}; Trials {trials}, Morale {morale}").format(
            phase=chapter.phase, turn=turn, trials=len(chapter.trials), morale=len(chapter.morale)
        )
    ]
    if chapter.nml:
        lines.append(_("No Man's Land: {cards}").format(cards=", ".join(chapter.nml)))
    return [shown(line, LONG) for line in lines]
