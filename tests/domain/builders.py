"""Story-test builders: rig the deck so a chapter deals exactly the hands a story needs.

Every situation is reached by playing real events from a real setup, never by editing
state by hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from domain.cards.catalogue import Catalogue, base_catalogue
from domain.chapter.commands import Command, Seat, StartChapter, StartMission
from domain.chapter.evolve import begin
from domain.chapter.setup import decide_start_chapter
from domain.chapter.state import ChapterState
from domain.engine import execute
from domain.events import Event

CHARMS = {"Ann": "night", "Ben": "snow", "Cy": "rain", "Dee": "shell", "Eve": "whistle"}


def rigged_deck(
    hands: dict[str, Sequence[str]],
    order: Sequence[str],
    then: Sequence[str] = (),
    catalogue: Catalogue | None = None,
) -> tuple[str, ...]:
    """A full deck order whose deal (in ``order``, equal hands) gives ``hands``, then ``then``."""
    catalogue = catalogue or base_catalogue()
    size = {len(h) for h in hands.values()}
    assert len(size) == 1, "rigged hands must have the same length"
    dealt = [hands[name][r] for r in range(size.pop()) for name in order]
    top = [*dealt, *then]
    rest = Counter(catalogue.deck())
    rest.subtract(top)
    assert not -rest, f"more copies than the catalogue holds: {dict(-rest)}"
    return (*top, *sorted(rest.elements()))


def start(
    hands: dict[str, Sequence[str]],
    *,
    then: Sequence[str] = (),
    ruleset: str = "classic",
    leader: str | None = None,
    trials: int | None = None,
    morale: int | None = None,
    charms: dict[str, str] | None = None,
    owners: dict[str, str] | None = None,
    third_tiles: Sequence[str] | None = None,
    traps: bool | None = None,
    variant: str = "normal",
    speech_tokens: int | None = None,
) -> ChapterState:
    """A chapter set up with ``hands`` dealt by the first Mission (intensity = hand size).

    The Trials deck holds the dealt cards then ``then``; its size is ``trials`` or exactly
    those cards. Players sit in the order of ``hands``; the first is the leader.
    """
    names = list(hands)
    leader = leader or names[0]
    seat = names.index(leader)
    order = names[seat:] + names[:seat]
    deck = rigged_deck(hands, order, then)
    intensity = len(next(iter(hands.values())))
    dealt_and_then = intensity * len(names) + len(then)
    charms = {**CHARMS, **(charms or {})}
    seats = tuple(Seat(n, charms[n], (owners or {}).get(n, "")) for n in names)
    chaplain = ruleset == "classic" and len(names) == 2
    thirds = tuple(third_tiles or ("left",) * (len(names) + (1 if chaplain else 0)))
    total = base_catalogue().total
    trials = trials if trials is not None else dealt_and_then
    if ruleset == "armistice" and morale is None:
        morale = total - trials
    setup = StartChapter(
        ruleset,
        seats,
        variant,
        leader=leader,
        trials=trials,
        morale=morale,
        first_intensity=intensity,
        third_tiles=thirds,
        deck=deck,
        traps=traps,
        speech_tokens=speech_tokens,
    )
    state = begin(decide_start_chapter(setup, base_catalogue()))
    return run(state, StartMission(intensity, chaplain_tile="left" if chaplain else None))[0]


def run(state: ChapterState, *commands: Command) -> tuple[ChapterState, tuple[Event, ...]]:
    """Execute commands in order; the final state and every event they produced."""
    events: list[Event] = []
    for command in commands:
        new, state = execute(state, command)
        events.extend(new)
    return state, tuple(events)


def kinds(events: Sequence[Event]) -> list[str]:
    """Event type names, for compact assertions."""
    return [e.TYPE for e in events]
