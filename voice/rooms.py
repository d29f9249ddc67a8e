"""The modules' faces: what a module says and offers on every face, given from its own
folder (issue 40, "a module is one room for every face").

The domain's registry (``domain/chapter/moments.py``: ``Module``) holds a module's rules
and what it shows on the public board as plain data (``Module.shows``, which the read
models keep). This one holds its ``Room`` (``voice.Room``): its words and its keeper
moves, which the domain may not:

- ``rows``: the words of each board row the module shows, by the row's name, from the
  row's value (plain data: the ``status`` document's ``modules`` entry of that name, or the
  document's own key of that name for a row the room ``keys`` at its top level) and the
  document: ``grizzled status``, the companion's viewer page and the table session say
  them after the board's own rows (``voice.board.rows``); a row without words is not said.
- ``narrates``: the sentence for each of the module's own events, by the event's
  ``TYPE`` (``voice.narrate.sentence`` asks here after the game's own events).
- ``tells``: a line it adds after another event (Luck: the Trap it cancelled).
- ``moves``: the keeper moves it offers on a campaign's state, each a ``Move`` (a label,
  the ``grizzled`` command's words for it, the domain command it logs): the keeper's menu
  (``app/moves.py``) lists them after the rules' own moves; ``app.actions.log_action``
  records the command as any other, so the rules still decide it.

The game's own modules' rooms are in their folders (``domain/modules/<name>/face.py``, of
the voice's layer: nothing of the domain imports one), listed once here (``game_rooms``)
and installed the first time a face asks. A program that plays a module of its own
installs its room beside its rules (as ``tests/house_rule/played.py`` does).
"""

from __future__ import annotations

from typing import Any

from voice import Move, Room

_INSTALLED: tuple[Room, ...] | None = None  # the rooms every face asks; None: not yet


def game_rooms() -> tuple[Room, ...]:
    """The rooms of the game's own modules, from their folders (Traps with Luck)."""
    from domain.modules.luck.face import LUCK_FACE

    return (LUCK_FACE,)


def installed() -> tuple[Room, ...]:
    """The rooms installed, in order (the game's, the first time it is asked)."""
    return game_rooms() if _INSTALLED is None else _INSTALLED


def install(rooms: tuple[Room, ...]) -> tuple[Room, ...]:
    """Make these the rooms every face asks; the ones installed before. Two rooms wording
    one row or narrating one event is an error (nothing changes then)."""
    global _INSTALLED
    for table in ("rows", "narrates"):
        claimed: set[str] = set()
        for room in rooms:
            twice = claimed & set(getattr(room, table))
            if twice:
                raise ValueError(f"{room.name} and another module both claim {min(twice)}")
            claimed |= set(getattr(room, table))
    before, _INSTALLED = installed(), tuple(rooms)
    return before


def documented(values: dict[str, Any] | None) -> tuple[dict[str, Any], dict[str, Any]]:
    """What the modules show (``Module.shows``, as the read models keep it) split for the
    ``status`` document: the rows a room keeps at the document's top level (Luck's
    ``luck``, documented before modules showed rows), and the rest, under ``modules``."""
    rest = dict(values or {})
    top = {key: rest.pop(key) for room in installed() for key in room.keys if key in rest}
    return top, rest


def rows(doc: dict[str, Any]) -> list[tuple[str, Any, str]]:
    """The module rows the rooms say on this ``status`` document: (the row's name, its
    value, its words), in the order the rooms are installed."""
    shown = doc.get("modules") or {}
    found = []
    for room in installed():
        for name, words in room.rows.items():
            value = shown[name] if name in shown else doc.get(name)
            said = None if value is None else words(value, doc)
            if said:
                found.append((name, value, said))
    return found


def sentence(event: Any, catalogue: Any) -> str | None:
    """The sentence a module's room says for one of its events (None: none narrates it)."""
    for room in installed():
        narrator = room.narrates.get(event.TYPE)
        if narrator is not None:
            return narrator(event, catalogue)
    return None


def tells(event: Any, after: Any, campaign: Any) -> list[tuple[str, str, dict[str, Any]]]:
    """What the rooms add after ``event`` (the one after it, the campaign after them): each
    a (kind, text, facts)."""
    found = (room.tells(event, after, campaign) for room in installed() if room.tells)
    return [told for told in found if told is not None]


def moves(state: Any) -> list[tuple[str, Move]]:
    """The keeper moves the rooms offer on this campaign state, each with its room's name."""
    return [(room.name, move) for room in installed() if room.moves for move in room.moves(state)]
