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

- ``mission``: what it adds to a Mission start (``MissionStart``): the keeper's move
  (its words, label and the fields its form asks: ``mission_move``), where the start is
  listed (``mission_sort``), what the keeper named on the form for it, read and checked
  (``mission_named``: the companion's ``web/keeper.py``), the start completed with it
  (``mission_completed``) and the log's summary (``mission_summary``); ``app/moves.py``
  and the CLI's ``mission start`` ask every module's room (``every``).
- ``turn`` and ``session_help``: its own actor's turn in a Mission (the Recruit's), as the
  table session says and reads it (``turn``), and the lines it adds to the session's help
  (``session_help``), and the session's words for what it adds to the legal summary
  (``legal_words``): ``voice/table.py`` and ``cli/table_words.py`` ask every room.

- ``secrets``: the facts of its events only some may see (``voice.narrate.event_facts``).
- ``why``: the facts it adds to ``why``'s account of a refusal (``voice/why_facts.py``).
- ``offers``: the keeper moves each legal command of the module's stands for, by the
  command's class name (``offers`` below: ``app/moves.py`` lists them where the rules'
  legal actions put the command).
- ``summaries`` and ``completes``: by a command's class name, the log's summary of one of
  its commands and the command completed with what the keeper named on its move's form
  (``summary`` and ``completed`` below: ``app.moves.summary_of`` and ``command_of``).
- ``explains``: by an event's ``TYPE``, the decision of the rules one of its events holds,
  for ``why`` (``explainer`` below: ``voice.decisions_table.explain``), and ``hands``: its
  events in which a card leaves a hand (``hands`` below: ``why`` looks there for a Hard
  Knock played or a Trap Luck cancelled); ``why`` asks every module's room (``every``).
- ``board_lines``: its lines on the board after the players' grid, the active threats its
  cards show and what it adds to a player's moves (a ``BoardWords``: ``voice/board.py``);
  ``next_lines``: what it adds to the Next line, from a chapter or from the board (a
  ``NextWords``: ``voice/next_step.py``: the leader's options, its own turn or phase,
  what restricts a player's turn); ``piles``: the ``status`` document's keys for its rows
  where the document gives them keys of their own (``SHOWN``, ``voice/facts.py``); and
  ``decides``: what it adds to ``why``'s account of the game's own decisions (a
  ``Decides``: ``voice/decisions.py``). The board asks the rooms of the modules whose
  cards it holds (``on_board``), the Next line those of the modules a chapter plays
  (``in_chapter``), ``why`` every module's room.

The game's own modules' rooms are in their folders (``domain/modules/<name>/face.py``, of
the voice's layer: nothing of the domain imports one, and this registry names none). A room
is loaded when a face first meets what it words, not at start-up: the room of an event is
the face of the module whose folder defines the event (``room_of``: a module's event loads
``domain/modules/<name>/face.py`` the first time one is said), that of a chapter's record
the face of the module whose folder defines it (``in_chapter``), that of a board's row the
face ``SHOWN`` names for it (``on_board``: a board without the module's cards loads none,
and the registry names the game's modules there alone, beside Luck's); the rooms whose
rows or lines every board and narration may need (Luck's: its row, the Trap it cancelled
after any card played) are installed the first time a face asks (``game_rooms``). A program
that plays a module of its own installs its room beside its rules (as
``tests/house_rule/played.py`` does).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from voice import Move, Room, Why

if TYPE_CHECKING:
    from voice.moments import MissionStart, Turn

_INSTALLED: tuple[Room, ...] | None = None  # the rooms every face asks; None: not yet
_MET: dict[str, Room | None] = {}  # a module's package -> its face's room (None: it has none)
_GAME: list[Room] = []  # the game's rooms every face asks, once found
MODULES = "domain.modules"  # where the game's modules are, each a package with its face


def game_rooms() -> tuple[Room, ...]:
    """The rooms of the game's own modules, from their folders (Traps with Luck)."""
    if not _GAME:  # (asked by each reading of the board: found once)
        from domain.modules.luck.face import ROOM

        _GAME.append(ROOM)
    return tuple(_GAME)


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


def room_of(kind: type) -> Room | None:
    """The room of the game's module whose folder defines this event class (``ROOM`` of
    ``domain/modules/<name>/face.py``, or ``DESCRIBED``'s for the box's event describing
    one of its cards), imported the first time one of its events is met; None: not a
    module's own event, or a module without a face. The class is one of ours
    (the records' allow-list resolved it), so no stored text chooses what is imported."""
    package = kind.__module__.rpartition(".")[0]
    if package.rpartition(".")[0] != MODULES:
        folder = DESCRIBED.get(kind.__name__)  # the box's event describing a module's card
        return None if folder is None else _face(f"{MODULES}.{folder}")
    return _face(package)


def _face(package: str) -> Room | None:
    """The room of the face in this module's package, imported the first time it is asked
    (None: the module has no face)."""
    if package not in _MET:
        face = f"{package}.face"
        try:
            # ``__import__``, not importlib's: -X importtime counts it with the others
            _MET[package] = __import__(face, fromlist=["ROOM"]).ROOM
        except ModuleNotFoundError as missing:
            if missing.name != face:
                raise
            _MET[package] = None
    return _MET[package]


def _for_event(table: str, event: Any) -> Any:
    """A room's entry for this event in one of its tables by an event's ``TYPE``: an
    installed room's first, else the room of the module whose folder defines the event;
    None for none."""
    for room in (*installed(), room_of(type(event))):
        found = getattr(room, table).get(event.TYPE) if room is not None else None
        if found is not None:
            return found
    return None


def _narrator(event: Any) -> Any:
    return _for_event("narrates", event)


def explainer(event: Any) -> Any:
    """How the room of a module's event explains the decision it holds (``why``); None:
    no room does."""
    return _for_event("explains", event)


def sentence(event: Any, catalogue: Any) -> str | None:
    """The sentence a module's room says for one of its events (None: none narrates it):
    an installed room's, else the room of the module that defines the event."""
    narrator = _narrator(event)
    return None if narrator is None else narrator(event, catalogue)


def secrets(event: Any) -> tuple[tuple[str, str], ...]:
    """The facts of a module's event only some may see, as its room lists them (each the
    field and whose it is); () for none."""
    for room in (*installed(), room_of(type(event))):
        if room is not None and event.TYPE in room.secrets:
            return room.secrets[event.TYPE]
    return ()


def tells(event: Any, after: Any, campaign: Any) -> list[tuple[str, str, dict[str, Any]]]:
    """What the rooms add after ``event`` (the one after it, the campaign after them): each
    a (kind, text, facts)."""
    found = (room.tells(event, after, campaign) for room in installed() if room.tells)
    return [told for told in found if told is not None]


def moves(state: Any) -> list[tuple[str, Move]]:
    """The keeper moves the rooms offer on this campaign state, each with its room's name."""
    return [(room.name, move) for room in installed() if room.moves for move in room.moves(state)]


def every() -> list[Room]:
    """The installed rooms and those of every module whose events the records list, once
    each (``why`` replays a chapter's records: it meets any of them)."""
    from domain.records import EVENTS

    found: dict[int, Room] = {}
    for room in (*installed(), *(room_of(kind) for kind in EVENTS)):
        if room is not None:
            found.setdefault(id(room), room)
    return list(found.values())


def whys() -> list[Why]:
    """What the rooms add to ``why``'s facts (every room's, ``every``)."""
    return [room.why for room in every() if room.why is not None]


def explained() -> frozenset[str]:
    """The ``TYPE`` of every module event whose room explains a decision it holds."""
    return frozenset(kind for room in every() for kind in room.explains)


def hands() -> frozenset[str]:
    """The ``TYPE`` of every module event in which a card leaves a hand (``Room.hands``)."""
    return frozenset(kind for room in every() for kind in room.hands)


def _for_command(table: str, command: Any) -> Any:
    """A room's entry for this command in one of its tables by a command's class name:
    an installed room's first, else the room of the module whose folder defines the
    command; None for none."""
    kind = type(command).__name__
    for room in (*installed(), room_of(type(command))):
        found = getattr(room, table).get(kind) if room is not None else None
        if found is not None:
            return found
    return None


def offers(state: Any, command: Any) -> list[Move]:
    """The keeper moves a legal command of a module's stands for ([] for none)."""
    offered = _for_command("offers", command)
    return [] if offered is None else offered(state, command)


def summary(command: Any) -> str | None:
    """The log's summary of a module's command, as its room says it (None: none does)."""
    summarises = _for_command("summaries", command)
    return None if summarises is None else summarises(command)


def completed(command: Any, named: Any) -> Any:
    """A module's command completed with what the keeper named (``app.moves.Named``), as
    its room completes it; the command itself when no room does."""
    completes = _for_command("completes", command)
    return command if completes is None else completes(command, named)


# The box's events that describe a game module's card (``domain/cards/box.py``: the box
# holds every card the group describes), each with the folder whose face says it.
DESCRIBED = {"OrderDescribed": "orders", "RecruitDescribed": "recruits"}

# The game's modules whose rows the ``status`` document gives keys of their own (documented
# before modules showed rows, docs/cli.md), as ``room_of`` finds an event's room: each the
# folder whose face words them, the rows it shows (``Module.shows``), the document's key
# its keys follow and those keys, each with its value while the module shows nothing. A
# board loads a face only when it holds one of its rows (tests/voice/test_module_rooms.py
# checks this against the modules' own rows and rooms). In the order the board says them.
SHOWN: tuple[tuple[str, tuple[str, ...], str, dict[str, Any]], ...] = (
    ("solo", ("solo",), "briefing", {"solo_hand": None}),
    ("orders", ("orders",), "legal", {"orders": [], "orders_in_play": []}),
    ("recruits", ("recruit",), "legal", {"recruit": None}),
)
# each module's package, and the rows and keys that hold its cards (``SHOWN``)
_HELD = tuple((f"{MODULES}.{folder}", (*rows, *keys)) for folder, rows, _after, keys in SHOWN)
_DOCUMENTED = frozenset(row for _folder, rows, _after, _keys in SHOWN for row in rows)


def _holds(value: Any) -> bool:
    """Whether a row or a key holds something of its module (not None, [] or {})."""
    return value is not None and value != [] and value != {}


def on_board(doc: Mapping[str, Any], shown: Mapping[str, Any] | None = None) -> list[Room]:
    """The rooms that word this ``status`` document (or the rows the modules show,
    ``shown``): those of the game's modules whose rows or keys it holds (``SHOWN``: only
    those faces are loaded), then the rooms installed."""
    found = []
    for package, held in _HELD:  # (loops, not ``any``: asked several times a board)
        for key in held:
            if _holds(doc.get(key)) or (shown is not None and _holds(shown.get(key))):
                room = _face(package)
                found += [room] if room is not None else []
                break
    return _once([*found, *installed()]) if found else list(installed())


def in_chapter(chapter: Any) -> list[Room]:
    """The rooms that word this chapter: those of the modules whose records it keeps
    (``ChapterState.modules``: only those faces are loaded), in ``SHOWN``'s order, then
    the rooms installed."""
    if not chapter.modules:
        return list(installed())
    order = {f"{MODULES}.{folder}": at for at, (folder, *_) in enumerate(SHOWN)}
    kinds = sorted(
        (type(kept) for kept in chapter.modules.values()),
        key=lambda kind: order.get(kind.__module__.rpartition(".")[0], len(order)),
    )
    return _once([room for kind in kinds if (room := room_of(kind))] + list(installed()))


def _once(found: list[Room]) -> list[Room]:
    """Each room once, in the order first found."""
    seen: dict[int, Room] = {}
    for room in found:
        seen.setdefault(id(room), room)
    return list(seen.values())


def piles(values: dict[str, Any] | None, mission: int, after: str) -> dict[str, Any]:
    """The ``status`` document's keys for the game's modules' rows that follow its key
    ``after`` (``SHOWN``), from the rows the modules show: each module's room's, its
    keys' empty values while it shows nothing."""
    found: dict[str, Any] = {}
    for folder, rows, follows, keys in SHOWN:
        if follows != after:
            continue
        held = values is not None and any(_holds(values.get(row)) for row in rows)
        room = _face(f"{MODULES}.{folder}") if held else None
        given = room.piles if room is not None else None
        found.update(keys if given is None or values is None else given(values, mission))
    return found


def documented_keys() -> frozenset[str]:
    """The rows the ``status`` document gives keys of their own (``SHOWN``): not repeated
    under ``modules``."""
    return _DOCUMENTED


_WRAPS: list[Any] = [object(), -1, frozenset()]  # found for these rooms installed, met


def wraps() -> frozenset[str]:
    """The kinds of the board's lines, of the rooms installed or met, that hold the
    group's own words (``BoardWords.wraps``); found again only when a room was installed
    or met since (a face asks for each row it draws)."""
    if _WRAPS[0] is not _INSTALLED or _WRAPS[1] != len(_MET):
        met = (*installed(), *(room for room in _MET.values() if room is not None))
        kinds = (kind for room in met if room.board_lines for kind in room.board_lines.wraps)
        _WRAPS[:] = [_INSTALLED, len(_MET), frozenset(kinds)]
    found: frozenset[str] = _WRAPS[2]
    return found


# --- A Mission start and a module's own actor's turn: every room's, in ``every``'s order ---


def _starts() -> list[MissionStart]:
    return [room.mission for room in every() if room.mission is not None]


def mission_move(state: Any, command: Any, move: dict[str, Any]) -> dict[str, Any]:
    """The keeper's move for a legal Mission start, with what each module's room adds (the
    Order kept in its words and label, the Recruit that may enter)."""
    for start in _starts():
        move = start.move(state, command, move) if start.move is not None else move
    return move


def mission_sort(command: Any) -> tuple[int, ...]:
    """Where a Mission start is listed among the others, before its intensity (by the
    Order kept, then the one put back)."""
    return tuple(n for start in _starts() if start.sort is not None for n in start.sort(command))


def mission_named(move: dict[str, Any], fields: dict[str, str], catalogue: Any) -> dict[str, Any]:
    """What the keeper named on a Mission start's form for the modules (the Recruit
    entering and its starting hand), as each room reads it from the form's fields;
    ``voice.moments.Unnamed`` with the refusal's words when one is missing or wrong."""
    found: dict[str, Any] = {}
    for start in _starts():
        found.update(start.named(move, fields, catalogue) if start.named is not None else {})
    return found


def mission_completed(command: Any, named: Any) -> Any:
    """A Mission start completed with what the keeper named (the Recruit entering)."""
    for start in _starts():
        command = start.completes(command, named) if start.completes is not None else command
    return command


def mission_summary(command: Any) -> str:
    """The log's summary of a Mission start (``mission start 3, Order #21``)."""
    from voice.summary import mission_start

    for start in _starts():
        said = start.summary(command) if start.summary is not None else None
        if said is not None:
            return said
    return mission_start(command.intensity, None)


def turn(state: Any) -> Turn | None:
    """A module's own actor whose turn it is (the Recruit's), as its room says it; None:
    no module's actor acts now."""
    for room in every():
        found = room.turn(state) if room.turn is not None else None
        if found is not None:
            return found
    return None


def legal_words() -> list[tuple[str, str]]:
    """The keys the modules add to the rules' legal summary, each with the table session's
    command word for it (Solo's ``refill``)."""
    return [pair for room in every() for pair in room.legal_words.items()]


def session_help() -> tuple[str, ...]:
    """The lines the rooms add to the table session's short forms (msgids)."""
    return tuple(line for room in every() for line in room.session_help)
