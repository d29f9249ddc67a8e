"""The Friendship Helping Hands the players hold, on the table of every chapter: "used
immediately and remain in play for all subsequent Chapters" (armistice rulebook, Helping
Hands). The campaign hands them to each chapter; the card effects
(``domain/modules/effects.py``) keep them in the chapter state as their record (key
``friendships``) and apply their rules while they are held."""

from __future__ import annotations

from msgspec.structs import replace

from domain.chapter.piles import Kept
from domain.chapter.state import ChapterState

KEY = "friendships"  # their key in ``ChapterState.modules`` (and in a stored state)


class Friendships(Kept, frozen=True):
    """The Friendship cards held, as (player, number)."""

    held: tuple[tuple[str, int], ...] = ()


def friendships(state: ChapterState) -> tuple[tuple[str, int], ...]:
    """The Friendship cards held in this chapter, as (player, number)."""
    kept = state.kept_as(KEY, Friendships)
    return kept.held if kept is not None else ()


def with_friendships(state: ChapterState, held: tuple[tuple[str, int], ...]) -> ChapterState:
    """The chapter with these Friendship cards held (none: no record on the table)."""
    if held:
        return state.keeping(KEY, Friendships(held))
    if KEY not in state.modules:
        return state
    return replace(state, modules={k: v for k, v in state.modules.items() if k != KEY})
