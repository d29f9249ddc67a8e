"""A campaign: the Grizzled at the table, their catalogue, and chapter after chapter.

The campaign folds chapter events into the current chapter and keeps each chapter's
result. It is the state the tracker stores; the Armistice campaign (Briefings,
rewards, bans, score) extends it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from domain.cards import Catalogue, base_catalogue
from domain.commands import Chance, Command, Seat, StartChapter
from domain.corrections import CorrectFact, decide_correction
from domain.engine import decide
from domain.errors import InvalidSetup, NoChapter
from domain.events import (
    CampaignCreated,
    ChapterLost,
    ChapterStarted,
    ChapterWon,
    Event,
)
from domain.evolve import begin, evolve
from domain.rules import Ruleset
from domain.setup import check_seats, decide_start_chapter
from domain.state import ChapterState, Phase


@dataclass(frozen=True, slots=True)
class ChapterResult:
    """How a chapter ended."""

    number: int
    outcome: str
    detail: str
    morale_left: int


@dataclass(frozen=True, slots=True)
class CampaignState:
    """A campaign: its table, its catalogue, its current chapter and past results."""

    name: str
    ruleset: str
    seats: tuple[Seat, ...]
    catalogue: Catalogue
    chapter: ChapterState | None = None
    chapter_number: int = 0
    results: tuple[ChapterResult, ...] = ()

    @property
    def chapter_running(self) -> bool:
        """A chapter is set up and not over."""
        return self.chapter is not None and self.chapter.phase != Phase.OVER


CampaignCommand = Command | StartChapter | CorrectFact


def decide_create_campaign(name: str, ruleset: str, seats: tuple[Seat, ...]) -> CampaignCreated:
    """Open a campaign; the seats are checked as a chapter setup would check them."""
    if not name.strip():
        raise InvalidSetup("a campaign needs a name")
    if ruleset not in set(Ruleset):
        raise InvalidSetup(f"unknown ruleset {ruleset!r} (classic or armistice)")
    check_seats(ruleset, seats)
    return CampaignCreated(
        name.strip(), ruleset, tuple((s.name, s.charm, s.owner or s.name) for s in seats)
    )


def start_campaign(event: CampaignCreated, catalogue: Catalogue | None = None) -> CampaignState:
    """The state of a new campaign."""
    seats = tuple(Seat(name, charm, owner) for name, charm, owner in event.seats)
    return CampaignState(event.name, event.ruleset, seats, catalogue or base_catalogue())


def decide_campaign(
    state: CampaignState, command: CampaignCommand, chance: Chance | None = None
) -> tuple[Event, ...]:
    """The events a command leads to in this campaign, or a RuleViolation."""
    if isinstance(command, StartChapter):
        if state.chapter_running:
            raise InvalidSetup(f"chapter {state.chapter_number} is still being played")
        if command.ruleset != state.ruleset:
            raise InvalidSetup(f"this campaign plays the {state.ruleset} rules")
        return (decide_start_chapter(command, state.catalogue, chance),)
    if state.chapter is None:
        raise NoChapter("no chapter has been started in this campaign yet")
    if isinstance(command, CorrectFact):
        return tuple(decide_correction(state.chapter, command, chance).events)
    return decide(state.chapter, command, chance)


def evolve_campaign(state: CampaignState, event: Event) -> CampaignState:
    """The campaign after one event."""
    if isinstance(event, ChapterStarted):
        chapter = begin(event, state.catalogue)
        return replace(state, chapter=chapter, chapter_number=state.chapter_number + 1)
    if state.chapter is None:
        raise ValueError(f"{event.TYPE} before any chapter started")
    chapter = evolve(state.chapter, event)
    state = replace(state, chapter=chapter)
    if isinstance(event, ChapterWon | ChapterLost):
        result = ChapterResult(
            state.chapter_number, chapter.outcome or "", chapter.outcome_detail, len(chapter.morale)
        )
        state = replace(state, results=(*state.results, result))
    return state
