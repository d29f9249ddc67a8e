"""A small accumulator used by ``decide``: each decided event is applied at once, so the
next rule sees the state it produces. Pure from the outside: it starts from a state and
ends with the events and the state they lead to.
"""

from __future__ import annotations

from domain.chapter.evolve import evolve
from domain.chapter.state import ChapterState
from domain.events import Event


class Outcome:
    """The events decided so far and the state after them."""

    __slots__ = ("events", "state")

    def __init__(self, state: ChapterState) -> None:
        self.state = state
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        """Record an event and apply it."""
        self.events.append(event)
        self.state = evolve(self.state, event)
