"""What a module's room adds to the board, the Next line and ``why`` (``voice.Room``:
``board_lines``, ``next_lines``, ``decides``; ``voice/rooms.py``). Its own module, not the
package's: only a face that has them loads it, so a ``grizzled status`` without a module's
cards on the board defines none of them."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from voice import Record

if TYPE_CHECKING:  # types only
    # (the ``status`` document, ``folded``) -> the module's lines on the board, each (its kind,
    # its text): ``voice.board.rows`` says them after the players' grid
    BoardLines = Callable[[dict[str, Any], bool], list[tuple[str, str]]]
    # (the document, a threat, at most how many) -> how many of the threat's active threats
    # the module's cards on the board show, and that said with ``{count}`` (``from Orders``)
    Elsewhere = Callable[[dict[str, Any], str, int], tuple[int, str]]
    # (the board's ``legal`` summary) -> what the module adds to what the player may do:
    # each (the command's words for the Next line, the words of the board's ``may`` line)
    Allows = Callable[[Mapping[str, Any]], list[tuple[str, str]]]
    # a chapter's state -> what the module adds to or says of the Next line (None: nothing)
    FromChapter = Callable[[Any], Any]
    # the ``status`` document -> the same, read from the board (None: nothing)
    FromBoard = Callable[[Mapping[str, Any]], Any]
    # what restricts a player's turn: the parts said in parentheses after the command, and
    # what follows them (a lasting Order's cancellation: ``; Ann may cancel ...``)
    TurnNotes = tuple[list[str], str]
    # (the rows the modules show, the Mission) -> the ``status`` document's keys for its rows
    Piles = Callable[[dict[str, Any], int], dict[str, Any]]
    # (the chapter before a Mission failed, its threat, the entries seen) -> what the module's
    # cards add to the active threats: the parts said, the facts (data), the entries, a count
    ThreatsShown = Callable[
        [Any, str, Sequence[Any]], tuple[list[str], dict[str, Any], list[int], int]
    ]
    # (a ``CardDrawnAndPlayed`` of the module's cause, the card drawn said) -> its facts
    Drawn = Callable[[Any, str], str]


class BoardWords(Record):
    """What a module says on the board (``voice/board.py``): its ``lines`` after the
    players' grid (one a card in play; ``folded``: the cards' texts behind a key, as a
    table session draws them), ``wraps``: the kinds of its lines holding the group's own
    words (a face wraps them whole), ``elsewhere``: the active threats its cards show
    (``Threats: gas x1 (1 from Orders)``) and ``allows``: what it adds to a player's
    moves (a Next line's command, the board's ``may`` line)."""

    __slots__ = ("allows", "elsewhere", "lines", "wraps")
    lines: BoardLines | None
    wraps: tuple[str, ...]
    elsewhere: Elsewhere | None
    allows: Allows | None

    def __init__(
        self,
        lines: BoardLines | None = None,
        wraps: tuple[str, ...] = (),
        elsewhere: Elsewhere | None = None,
        allows: Allows | None = None,
    ) -> None:
        self._set(lines=lines, wraps=wraps, elsewhere=elsewhere, allows=allows)


class NextWords(Record):
    """What a module says on the Next line (``voice/next_step.py``), from a chapter's state
    and, where the board alone says it, from the ``status`` document (``..._on_board``):
    ``lead``: the options it adds to the Mission Leader's ``mission start`` (a module that
    has one, or ``intensity``, leaves the preparation to the rules engine), ``intensity``:
    the least intensity and whether it is the only one, when the module sets it (None:
    the rules' own), ``step``: the next step while its own turn or phase is on (None: the
    game's), and ``turn``: what restricts a player's turn (``TurnNotes``)."""

    __slots__ = ("intensity", "lead", "step", "step_on_board", "turn", "turn_on_board")
    lead: FromChapter | None
    intensity: FromChapter | None
    step: FromChapter | None
    step_on_board: FromBoard | None
    turn: FromChapter | None
    turn_on_board: FromBoard | None

    def __init__(
        self,
        lead: FromChapter | None = None,
        intensity: FromChapter | None = None,
        step: FromChapter | None = None,
        step_on_board: FromBoard | None = None,
        turn: FromChapter | None = None,
        turn_on_board: FromBoard | None = None,
    ) -> None:
        self._set(
            lead=lead,
            intensity=intensity,
            step=step,
            step_on_board=step_on_board,
            turn=turn,
            turn_on_board=turn_on_board,
        )


class Decides(Record):
    """What a module adds to ``why``'s account of the game's own decisions
    (``voice/decisions.py``): ``threats``: the threats its cards showed when a Mission
    failed, ``reveals``: its events that decide the Support in the entry that reveals it,
    ``held``: the cards in hands as a Morale Drop counts them, when the module holds them
    (None: the Grizzled's), and ``drawn``: by a ``CardDrawnAndPlayed``'s cause, the facts
    of a card its Trap drew."""

    __slots__ = ("drawn", "held", "reveals", "threats")
    threats: ThreatsShown | None
    reveals: tuple[str, ...]
    held: Callable[[Any], dict[str, int] | None] | None
    drawn: Mapping[str, Drawn]

    def __init__(
        self,
        threats: ThreatsShown | None = None,
        reveals: tuple[str, ...] = (),
        held: Callable[[Any], dict[str, int] | None] | None = None,
        drawn: Mapping[str, Drawn] | None = None,
    ) -> None:
        self._set(threats=threats, reveals=reveals, held=held, drawn=drawn or {})
