"""The modules' faces: what a module says and offers on every face, given from its own
folder (issue 40, "a module is one room for every face").

The domain's registry (``domain/chapter/moments.py``: ``Module``) holds a module's rules
and what it shows on the public board as plain data (``Module.shows``, which the read
models keep). This one holds its words and its keeper moves, which the domain may not:

- ``rows``: the words of each board row the module shows, by the row's name, from the
  row's value (plain data, as the ``status`` document carries it under ``modules``):
  ``grizzled status``, the companion's viewer page and the table session say them after
  the board's own rows (``voice.board.rows``); a row without words here is not said.
- ``narrates``: the sentence for each of the module's own events, by the event's
  ``TYPE`` (``voice.narrate.sentence`` asks here after the game's own events).
- ``moves``: the keeper moves it offers on a campaign's state, each a ``Move`` (a label,
  the ``grizzled`` command's words for it, the domain command it logs): the keeper's menu
  (``app/moves.py``) lists them after the rules' own moves; ``app.actions.log_action``
  records the command as any other, so the rules still decide it.

A program that plays a module installs its face here beside its rules (as
``tests/house_rule/played.py`` does): ``install`` gives every face the rooms installed.
The voice imports nothing of a module to say it: what is installed is what is said.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from voice import Record

RowWords = Callable[[Any], str | None]  # a row's value -> its words (None: no row now)
Narrator = Callable[[Any, Any], str]  # (an event of the module's, the catalogue) -> a sentence


class Move(Record):
    """A keeper move a module offers: the button's ``label``, the ``grizzled`` command's
    ``words`` for it (the keeper page's ``data-words``) and the domain ``command`` it logs."""

    __slots__ = ("command", "label", "words")
    label: str
    words: tuple[str, ...]
    command: Any

    def __init__(self, label: str, words: tuple[str, ...], command: Any) -> None:
        self._set(label=label, words=words, command=command)


Moves = Callable[[Any], list[Move]]  # a campaign's state -> the moves offered now


class Room(Record):
    """One module's face: its rows' words, its events' sentences, its keeper moves."""

    __slots__ = ("moves", "name", "narrates", "rows")
    name: str
    rows: Mapping[str, RowWords]
    narrates: Mapping[str, Narrator]
    moves: Moves | None

    def __init__(
        self,
        name: str,
        rows: Mapping[str, RowWords] | None = None,
        narrates: Mapping[str, Narrator] | None = None,
        moves: Moves | None = None,
    ) -> None:
        self._set(name=name, rows=rows or {}, narrates=narrates or {}, moves=moves)


INSTALLED: tuple[Room, ...] = ()  # the rooms every face asks, in the order installed


def install(rooms: tuple[Room, ...]) -> tuple[Room, ...]:
    """Make these the rooms every face asks; the ones installed before. Two rooms wording
    one row or narrating one event is an error (nothing changes then)."""
    global INSTALLED
    for table in ("rows", "narrates"):
        claimed: set[str] = set()
        for room in rooms:
            twice = claimed & set(getattr(room, table))
            if twice:
                raise ValueError(f"{room.name} and another module both claim {min(twice)}")
            claimed |= set(getattr(room, table))
    before, INSTALLED = INSTALLED, tuple(rooms)
    return before


def row_words(name: str, value: Any) -> str | None:
    """The words of the board row ``name`` a module shows with ``value`` (None: no room
    words it, or it says nothing now)."""
    for room in INSTALLED:
        words = room.rows.get(name)
        if words is not None:
            return words(value)
    return None


def sentence(event: Any, catalogue: Any) -> str | None:
    """The sentence a module's room says for one of its events (None: none narrates it)."""
    for room in INSTALLED:
        narrator = room.narrates.get(event.TYPE)
        if narrator is not None:
            return narrator(event, catalogue)
    return None


def moves(state: Any) -> list[tuple[str, Move]]:
    """The keeper moves the rooms offer on this campaign state, each with its room's name."""
    return [(room.name, move) for room in INSTALLED if room.moves for move in room.moves(state)]
