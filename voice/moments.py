"""What a module's room adds at two moments of a Mission (``voice.Room``'s ``mission`` and
``turn``; ``voice/rooms.py`` asks every room): a Mission start (the keeper's move, the
log's summary) and its own actor's turn (the Recruit's, as the table session says and reads
it). Apart from the package's records: only the rooms that use them load this module (a
``grizzled status`` does not)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from voice import Completes, Record

# (a campaign's state, a legal Mission start, the keeper's move for it so far) -> the move
# with what the module adds (its words, its label, what the keeper's form asks beside it)
StartMove = Callable[[Any, Any, dict[str, Any]], dict[str, Any]]
# (the keeper's move, the form's fields, the chapter's catalogue) -> what the keeper named
# for the module on the form (``app.moves.Named.more``), checked against the move
StartNamed = Callable[[dict[str, Any], dict[str, str], Any], dict[str, Any]]


class Unnamed(ValueError):
    """The keeper's form lacks what a module's part of a move needs, or names it wrongly:
    the refusal's words (the face refuses the move with them)."""


class MissionStart(Record):
    """What a module adds to a Mission start (``voice.rooms.mission_move`` and its
    neighbours): ``move`` the keeper's move amended (its words, its label, the fields its
    form asks: the Recruit entering and its hand), ``sort`` where the start is listed among
    the others (the Order kept, then the one put back), ``named`` what the keeper named on
    the form for the module (the Recruit and its hand read by the notation; ``Unnamed``
    when it is missing or wrong), ``completes`` the start completed with what the keeper
    named (an ``app.moves.Named``, the module's in its ``more``), ``summary`` the log's summary of
    the start (the fixed English form stored, ``voice.summary``; None: not the module's to
    say)."""

    __slots__ = ("completes", "move", "named", "sort", "summary")
    move: StartMove | None
    sort: Callable[[Any], tuple[int, ...]] | None
    named: StartNamed | None
    completes: Completes | None
    summary: Callable[[Any], str | None] | None

    def __init__(
        self,
        move: StartMove | None = None,
        sort: Callable[[Any], tuple[int, ...]] | None = None,
        completes: Completes | None = None,
        summary: Callable[[Any], str | None] | None = None,
        named: StartNamed | None = None,
    ) -> None:
        self._set(move=move, sort=sort, named=named, completes=completes, summary=summary)


class Turn(Record):
    """A module's own actor whose turn it is in a Mission (the Recruit's, the Mission
    Leader choosing), as the table session says and reads it: ``prompt`` (``Recruit #5 (Ann
    chooses): CARD or w``), ``legal`` (what it may do, in the session's short forms), the
    ``grizzled`` command's words a card played stands for (``play``: the card follows) and a
    withdrawal (``withdraw``), ``no_tile``: the refusal of a withdrawal naming a tile, and
    ``refused``: the refusal of a Grizzled's action meanwhile (naming the commands that act
    for it)."""

    __slots__ = ("legal", "no_tile", "play", "prompt", "refused", "withdraw")
    prompt: str
    legal: tuple[str, ...]
    play: tuple[str, ...]
    withdraw: tuple[str, ...]
    no_tile: str
    refused: str

    def __init__(
        self,
        prompt: str,
        legal: tuple[str, ...],
        play: tuple[str, ...],
        withdraw: tuple[str, ...],
        no_tile: str,
        refused: str,
    ) -> None:
        self._set(
            prompt=prompt,
            legal=legal,
            play=play,
            withdraw=withdraw,
            no_tile=no_tile,
            refused=refused,
        )
