"""The voice: every word of the game a player reads, composed once for every face.

What happened (``narrate``), what comes next (``next_step``), the board's rows
(``board``), the log's lines (``log``), the table session's prompt and hints (``table``)
and the documented JSON facts (``facts``), each from the domain's events and states or
the read models' documents. A face (the command line, the table session, a web page)
renders what the voice says and composes no sentence of the game itself.

The voice imports the domain and the read models, never a face, the tracker, rich or
click; like the read commands, it loads the rules only where a word needs them, so
``grizzled status`` stays at the floor.

What the voice says is structured (here, in the package itself: every piece needs it): a
piece's text as a face prints it, the facts behind it (plain data: a face prints them as
JSON or marks the text up with them), its secrets and its spans.

A secret is a fact only one player may see (the Support tile they played face down, the
cards in their hand) or nobody at the table (a deck's order). The text never holds a
secret: it is the same for every viewer. ``public`` drops every secret, ``seen_by`` keeps a
viewer's own, so a face that shows one viewer (a phone on the table) builds what it shows
with one of them and cannot leak a secret by forgetting to.

Plain slotted classes, no msgspec: ``grizzled status`` says its board without loading it;
kept in the package, not a module of their own, so a status or a logged action imports
one module fewer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Self

if TYPE_CHECKING:
    from voice.moments import MissionStart, Turn

NOBODY = ""  # the owner of a secret no player sees (a deck's order, a shuffled pile)


class Record:
    """A small frozen record: its fields are its ``__slots__``, it is compared, hashed and
    shown by them and changed by copying (``_replace``). Not a NamedTuple: defining one
    costs ~0.2 ms (it compiles code), paid by every command that says something."""

    __slots__: tuple[str, ...] = ()

    def _set(self, **fields: Any) -> None:
        for name, value in fields.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen")

    def values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Record) or type(other) is not type(self):
            return False
        return self.values() == other.values()

    def __hash__(self) -> int:
        return hash(self.values())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({fields})"

    def _replace(self, **changes: Any) -> Self:
        copy = object.__new__(type(self))
        copy._set(**{name: changes.get(name, getattr(self, name)) for name in self.__slots__})
        return copy


class Secret(Record):
    """A fact behind a piece that only ``owner`` may see (``NOBODY``: no one at the table)."""

    __slots__ = ("fact", "owner", "value")
    fact: str
    value: Any
    owner: str

    def __init__(self, fact: str, value: Any, owner: str = NOBODY) -> None:
        self._set(fact=fact, value=value, owner=owner)


class Span(Record):
    """A part of a piece's text, and what it names (``kind``: ``player``, ``card``,
    ``threat``, ... or '' for plain words; ``value`` the fact it stands for, e.g. a card's
    key where the text says its label), so a face can style or link it."""

    __slots__ = ("kind", "text", "value")
    text: str
    kind: str
    value: Any

    def __init__(self, text: str, kind: str = "", value: Any = None) -> None:
        self._set(text=text, kind=kind, value=value)


class Said(Record):
    """One piece of what a player reads: ``text`` as printed, ``kind`` what it says (an
    event's type, ``next``, a board row's name), ``facts`` the public facts behind it,
    ``secrets`` the facts only some may see, ``spans`` the text in parts where a face
    styles them (empty: the text is one plain span)."""

    __slots__ = ("facts", "kind", "secrets", "spans", "text")
    text: str
    kind: str
    facts: Mapping[str, Any]
    secrets: tuple[Secret, ...]
    spans: tuple[Span, ...]

    def __init__(
        self,
        text: str,
        kind: str,
        facts: Mapping[str, Any],
        secrets: tuple[Secret, ...] = (),
        spans: tuple[Span, ...] = (),
    ) -> None:
        self._set(text=text, kind=kind, facts=facts, secrets=secrets, spans=spans)

    def parts(self) -> tuple[Span, ...]:
        """The text in spans: ``spans``, or the whole text as one plain span."""
        return self.spans or (Span(self.text),)


def public(said: Said) -> Said:
    """What anyone may see of ``said``: its text and public facts, no secret."""
    return said._replace(secrets=()) if said.secrets else said


def seen_by(said: Said, viewer: str) -> Said:
    """What ``viewer`` (a player's name) may see of ``said``: the public part and the
    secrets that are theirs."""
    own = tuple(s for s in said.secrets if s.owner == viewer and viewer != NOBODY)
    return said._replace(secrets=own)


def joined(spans: tuple[Span, ...]) -> str:
    """The text that ``spans`` spell."""
    return "".join(span.text for span in spans)


def _bounded(text: str, at: int, needle: str) -> bool:
    """Whether ``needle`` found at ``at`` stands as a word of its own (not inside one)."""
    end = at + len(needle)
    before = text[at - 1] if at else " "
    after = text[end] if end < len(text) else " "
    return not (before.isalnum() or after.isalnum())


def marked(text: str, marks: Sequence[tuple[str, str, Any]]) -> tuple[Span, ...]:
    """``text`` in spans, each of ``marks`` (the words, their kind, the fact they stand
    for) at its first place as a word of its own, left to right (a mark not found is not
    marked); () when none is found. The spans always spell ``text``."""
    found = []
    for words, kind, value in marks:
        at = text.find(words) if words else -1
        while at >= 0 and not _bounded(text, at, words):
            at = text.find(words, at + 1)
        if at >= 0:
            found.append((at, words, kind, value))
    spans: list[Span] = []
    done = 0
    for at, words, kind, value in sorted(found, key=lambda f: f[0]):
        if at < done:
            continue  # inside a mark already made
        if at > done:
            spans.append(Span(text[done:at]))
        spans.append(Span(words, kind, value))
        done = at + len(words)
    if spans and done < len(text):
        spans.append(Span(text[done:]))
    return tuple(spans)


# --- A module's face (``voice/rooms.py`` is the registry; a module's ``face.py`` builds its
# room from these alone, so the registry loads the game's rooms without a cycle) ---

# (a row's value, the whole ``status`` document) -> its words (None: no row now)
RowWords = Callable[[Any, dict[str, Any]], str | None]
Narrator = Callable[[Any, Any], str]  # (an event of the module's, the catalogue) -> a sentence
# (an event, the one after it, the campaign after them) -> (kind, text, facts) or None
Tells = Callable[[Any, Sequence[Any], Any], tuple[str, str, dict[str, Any]] | None]


class Move(Record):
    """A keeper move a module offers: the button's ``label``, the ``grizzled`` command's
    ``words`` for it (the keeper page's ``data-words``) and the domain command it logs;
    ``kind``: the menu it is listed in ('': the room's name), and ``more``: what the
    keeper's page asks beside it (``drawn``: a card a Trap draws, ``reason``, ...)."""

    __slots__ = ("command", "kind", "label", "more", "words")
    label: str
    words: tuple[str, ...]
    command: Any
    kind: str
    more: Mapping[str, Any]

    def __init__(
        self,
        label: str,
        words: tuple[str, ...],
        command: Any,
        kind: str = "",
        more: Mapping[str, Any] | None = None,
    ) -> None:
        self._set(label=label, words=words, command=command, kind=kind, more=more or {})


Moves = Callable[[Any], list[Move]]  # a campaign's state -> the moves offered now
# (a campaign's state, a legal command of the module's) -> the keeper moves it stands for
Offers = Callable[[Any, Any], list[Move]]
Summarises = Callable[[Any], str]  # a command of the module's -> the log's summary of it
Completes = Callable[[Any, Any], Any]  # (a command, what the keeper named) -> the command
# (the chapter before the event, the event, its entry, the entries seen) -> a Decision or None
Explains = Callable[[Any, Any, int, Sequence[Any]], Any]
# A fact ``why`` says: its value in a campaign state and for the refused player's name
# (None: not there to say), and its words (from the value and the name, or a msgid
# formatted with them)
FactValue = Callable[[Any, "str | None"], Any]
FactWords = Callable[[Any, "str | None"], str] | str


class Why(Record):
    """What a module adds to ``why``'s facts (``voice/why_facts.py``): its ``facts`` by
    name (each a value and its words), the facts a refusal of one of its rules rests on
    (``by_rule``, by the rule's id) and those a command of its rests on whatever its rule
    (``by_command``, by the command's first word)."""

    __slots__ = ("by_command", "by_rule", "facts")
    facts: Mapping[str, tuple[FactValue, FactWords]]
    by_rule: Mapping[str, tuple[str, ...]]
    by_command: Mapping[str, tuple[str, ...]]

    def __init__(
        self,
        facts: Mapping[str, tuple[FactValue, FactWords]],
        by_rule: Mapping[str, tuple[str, ...]] | None = None,
        by_command: Mapping[str, tuple[str, ...]] | None = None,
    ) -> None:
        self._set(facts=facts, by_rule=by_rule or {}, by_command=by_command or {})


if TYPE_CHECKING:  # a module's words for the board, the Next line and ``why``
    from voice.parts import BoardWords, Decides, NextWords, Piles


class Room(Record):
    """One module's face: its rows' words, its events' sentences, what it tells after
    another's event (Luck: a Trap it cancelled), its keeper moves, and ``keys``: the rows
    the ``status`` document keeps at its top level, where the game documented them before
    modules showed rows (Luck's ``luck``; every other row is under ``modules``), and
    ``secrets``: by event type, the facts of its events only some may see (the field, and
    whose it is: a field naming the player, or ``NOBODY``; ``voice.narrate.event_facts``),
    ``why``: the facts it adds to ``why``'s account of a refusal, ``offers``: by a
    command's class name, the keeper moves a legal command of the module's stands for,
    ``summaries``: by a command's class name, the log's summary of the command (the fixed
    English form stored, ``voice.summary``), and ``completes``: by a command's class name,
    the command completed with what the keeper named on its move's form (an
    ``app.moves.Named``), and ``explains``: by an event's ``TYPE``, the decision of the
    rules one of its events holds, for ``why`` (``voice.decisions_table.explain``), and
    ``hands``: the ``TYPE`` of each of its events in which a card leaves a hand as a
    Grizzled's played card does (a Hard Knock acts at once, a Trap meets Luck), and
    ``board_lines``: its lines on the board (a ``BoardWords``), ``next_lines``: what it
    says on the Next line (a ``NextWords``), ``piles``: the ``status`` document's keys for
    its rows, where the document gives them keys of their own (``voice.rooms.SHOWN``), and
    ``decides``: what it adds to ``why``'s account of the game's own decisions (a
    ``Decides``; the three in ``voice/parts.py``), and
    ``mission``: what it adds to a Mission start (``MissionStart``: the keeper's move, the
    log's summary), ``turn``: on a campaign's state, its own actor's turn in a Mission (a
    ``Turn``: the Recruit's, the Mission Leader choosing) or None, ``session_help``: the lines it
    adds to the table session's short forms (msgids, said in the language in use), and
    ``legal_words``: by a key it adds to the rules' legal summary (``domain.legal``), the
    session's command word for it, listed after the game's (Solo's ``refill``)."""

    __slots__ = (
        "board_lines",
        "completes",
        "decides",
        "explains",
        "hands",
        "keys",
        "legal_words",
        "mission",
        "moves",
        "name",
        "narrates",
        "next_lines",
        "offers",
        "piles",
        "rows",
        "secrets",
        "session_help",
        "summaries",
        "tells",
        "turn",
        "why",
    )
    name: str
    rows: Mapping[str, RowWords]
    narrates: Mapping[str, Narrator]
    tells: Tells | None
    moves: Moves | None
    keys: tuple[str, ...]
    secrets: Mapping[str, tuple[tuple[str, str], ...]]
    why: Why | None
    offers: Mapping[str, Offers]
    summaries: Mapping[str, Summarises]
    completes: Mapping[str, Completes]
    explains: Mapping[str, Explains]
    hands: tuple[str, ...]
    board_lines: BoardWords | None
    next_lines: NextWords | None
    piles: Piles | None
    decides: Decides | None
    mission: MissionStart | None
    turn: Callable[[Any], Turn | None] | None
    session_help: tuple[str, ...]
    legal_words: Mapping[str, str]

    def __init__(
        self,
        name: str,
        rows: Mapping[str, RowWords] | None = None,
        narrates: Mapping[str, Narrator] | None = None,
        tells: Tells | None = None,
        moves: Moves | None = None,
        keys: tuple[str, ...] = (),
        secrets: Mapping[str, tuple[tuple[str, str], ...]] | None = None,
        why: Why | None = None,
        offers: Mapping[str, Offers] | None = None,
        summaries: Mapping[str, Summarises] | None = None,
        completes: Mapping[str, Completes] | None = None,
        explains: Mapping[str, Explains] | None = None,
        hands: tuple[str, ...] = (),
        board_lines: BoardWords | None = None,
        next_lines: NextWords | None = None,
        piles: Piles | None = None,
        decides: Decides | None = None,
        mission: MissionStart | None = None,
        turn: Callable[[Any], Turn | None] | None = None,
        session_help: tuple[str, ...] = (),
        legal_words: Mapping[str, str] | None = None,
    ) -> None:
        self._set(
            name=name,
            rows=rows or {},
            narrates=narrates or {},
            tells=tells,
            moves=moves,
            keys=keys,
            secrets=secrets or {},
            why=why,
            offers=offers or {},
            summaries=summaries or {},
            completes=completes or {},
            explains=explains or {},
            hands=hands,
            board_lines=board_lines,
            next_lines=next_lines,
            piles=piles,
            decides=decides,
            mission=mission,
            turn=turn,
            session_help=session_help,
            legal_words=legal_words or {},
        )
