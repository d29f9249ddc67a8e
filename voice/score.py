"""The score, the campaign at a glance and a chapter replayed, in words: each chapter's
result, the totals, the Helping Hands held and the bans, every fact behind the score, and
what each replayed action left on the board. A face lays the cells out (a table on the
command line); the words are said here, from the rules' state or the read models' rows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from voice import Record
from voice.shown import LINE, LONG, SHORT, quoted, shown

if TYPE_CHECKING:
    from domain.campaign.flow import CampaignState
    from domain.chapter.state import ChapterState
    from domain.events import Event

OUTCOMES = frozenset({"MissionFailed", "MissionSucceeded", "ChapterWon", "ChapterLost"})
RESULT_WORDS = {
    "won": "won",
    "monument": "lost: the Monument",
    "hard-knocks": "lost: Hard Knocks",
    "hands": "lost: 13+ cards in hand",
}
SCORE_COLUMNS = ("chapter", "result", "Morale left", "Victory Points", "Negative Points")
SCORE_SHORT = ("chapter", "result", "Morale", "Victory", "Negative")  # a narrow console
SCORE_PAGE = 20  # chapters a score shows (the latest), unless asked for all
HANDS_COLUMNS = ("#", "player", "category", "chapter", "used")
FACT_COLUMNS = ("points", "chapter", "what", "event", "who")
READINGS_TITLE = "How the Helping Hands were decided"
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
        said = f"{earlier} earlier chapter{'s' if earlier != 1 else ''} (score --all)"
        rows.append(("...", said, "", "", ""))
    for line in lines[cut:]:
        outcome = RESULT_WORDS.get(line.result, f"lost: {line.result}")
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
        rows.append((str(running[0]), "in progress", str(running[1]), "", ""))
    difference, victory, negative = totals
    return [*rows, ("total", f"difference {difference:+d}", "", str(victory), str(negative))]


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
    facts = (
        f"taking {taken} of the {earned} Helping Hands earned leaves {left} of the offer: "
        f"{left} Negative Point{'s' if left != 1 else ''}, {earned - taken} more than "
        f"taking all {earned}"
    )
    return facts, f"{facts[0].upper()}{facts[1:]}. Take {taken}?"


def created(name: str, rules: str, seats: Sequence[tuple[str, str]]) -> str:
    """``Campaign 'Friday' created (classic rules): ann (night), ben (snow).``"""
    who = ", ".join(f"{player} ({charm})" for player, charm in seats)
    return f"Campaign {quoted(name)} created ({rules} rules): {shown(who)}."


def campaign_heading(name: str, ruleset: str, seats: Sequence[tuple[str, str]]) -> str:
    """``Western Front - armistice rules - Ann (Lucky), Ben (Mute)``."""
    said = ", ".join(f"{player} ({charm})" for player, charm in seats)
    return f"{name} - {ruleset} rules - {said}"


def chapter_grizzled_lines(
    seats: Sequence[tuple[str, str]], chapters: Sequence[Mapping[str, Any]]
) -> list[str]:
    """``Chapter 2: Ann (rain), Ben (snow)``: each chapter whose Grizzled, as chosen at its
    start, are not the campaign's first (``seats``, the heading's), from
    ``queries.chapter_grizzled``'s rows; nothing when every chapter kept them."""
    first = [{"name": name, "charm": charm} for name, charm in seats]
    lines = [
        f"  Chapter {c['chapter']}: "
        + ", ".join(f"{g['name']} ({g['charm']})" for g in c["grizzled"])
        for c in chapters
        if list(c["grizzled"]) != first
    ]
    return (
        ["Grizzled chosen anew at a chapter's start (the others as above):", *lines]
        if lines
        else []
    )


def hand_cells(h: HandLine) -> Cells:
    """A Helping Hand held, a cell per column of ``HANDS_COLUMNS``."""
    if h.category == "friendship":
        used = "in play"
    else:
        used = f"chapter {h.used_in}" if h.used_in is not None else "-"
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
    listed = "; ".join(
        f"{b.card} ({b.player}, chapter {b.chapter}{': ' + b.reason if b.reason else ''})"
        for b in bans
    )
    return f"Banned: {listed}"


def fact_cells(fact: dict[str, Any]) -> Cells:
    """A fact behind the score (``projections.queries.score_facts``), a cell per column of
    ``FACT_COLUMNS``."""
    points = "+1 Victory" if fact["kind"] == "victory" else "+1 Negative"
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
    turn = f", {chapter.active_player.name}'s turn" if chapter.active_player else ""
    lines = [f"{chapter.phase}{turn}; Trials {len(chapter.trials)}, Morale {len(chapter.morale)}"]
    if chapter.nml:
        lines.append(f"No Man's Land: {', '.join(chapter.nml)}")
    return [shown(line, LONG) for line in lines]
