"""What a module's face is made of (``voice/rooms.py`` is the registry): a ``Room`` and the
keeper ``Move``s it offers. A module's ``face.py`` builds its room from these alone, so the
registry may load the game's rooms without a module importing it back."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from voice import Record

Doc = dict[str, Any]
# (a row's value, the whole ``status`` document) -> its words (None: no row now)
RowWords = Callable[[Any, Doc], str | None]
Narrator = Callable[[Any, Any], str]  # (an event of the module's, the catalogue) -> a sentence
# (an event, the one after it, the campaign after them) -> (kind, text, facts) or None
Tells = Callable[[Any, Sequence[Any], Any], tuple[str, str, dict[str, Any]] | None]


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
    """One module's face: its rows' words, its events' sentences, what it tells after
    another's event (Luck: a Trap it cancelled), its keeper moves."""

    __slots__ = ("moves", "name", "narrates", "rows", "tells")
    name: str
    rows: Mapping[str, RowWords]
    narrates: Mapping[str, Narrator]
    tells: Tells | None
    moves: Moves | None

    def __init__(
        self,
        name: str,
        rows: Mapping[str, RowWords] | None = None,
        narrates: Mapping[str, Narrator] | None = None,
        tells: Tells | None = None,
        moves: Moves | None = None,
    ) -> None:
        self._set(name=name, rows=rows or {}, narrates=narrates or {}, tells=tells, moves=moves)
