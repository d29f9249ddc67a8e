"""What an undo, a redo and a revert say: what was taken back or brought back, why, and
how to take it back in turn; the question an undo asks before it crosses a Mission or a
chapter, or follows a refused command."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from voice import Said
from voice.shown import quoted, shown


class UndoPreview(Protocol):
    """What an undo would take back (the tracker's ``UndoPreview``: the voice imports no
    tracker)."""

    @property
    def actions(self) -> Sequence[tuple[int, str]]: ...
    @property
    def missions(self) -> int: ...
    @property
    def chapters(self) -> int: ...
    @property
    def crosses(self) -> bool: ...


def actions(taken: Sequence[tuple[int, str]]) -> Said:
    """The actions an undo takes back or a redo brings back (version, summary), oldest
    first: each when few, the first and last when many."""
    named = [f"#{version} {summary}" for version, summary in taken]
    text = "; ".join(named) if len(named) <= 3 else f"{named[0]} ... {named[-1]}"
    facts = {"actions": [{"version": version, "summary": summary} for version, summary in taken]}
    return Said(text, "actions", facts)


def _why(reason: str) -> str:
    return f" ({shown(reason)})" if reason else ""


def undone(said: str, taken: int, reason: str) -> str:
    """``Undone: Ann plays mute (a slip). Redo with: grizzled redo`` (``said``: the
    actions taken back, ``taken`` how many)."""
    count = f"{taken} actions: " if taken > 3 else ""
    return f"Undone: {count}{shown(said)}{_why(reason)}. Redo with: grizzled redo"


def reverted(number: int, summary: str, again: Iterable[tuple[int, str]], reason: str) -> str:
    """``Reverted #14 correction: ... (why); decided again: #15 ... Undo with: ...``."""
    decided = ", ".join(f"#{v} {s}" for v, s in again)
    kept = f"; decided again: {shown(decided)}" if decided else ""
    return f"Reverted #{number} {shown(summary)}{_why(reason)}{kept}. Undo with: grizzled undo"


def redone(said: str) -> str:
    return f"Redone: {shown(said)}."


def undo_asks(preview: UndoPreview, refused: str | None) -> tuple[str, str] | None:
    """Why an undo asks first, as a refusal (no terminal to ask) and as a question: it
    follows a refused command (``refused``: what was typed), or it crosses a Mission or a
    chapter; None when it need not ask."""
    said = shown(actions(preview.actions).text)
    if refused is not None:
        told = f"your last command ({quoted(refused)}) was refused and recorded nothing"
        question = f"{told[0].upper()}{told[1:]}. Take back {said} all the same?"
        return f"{told}: this undo would take back {said} instead", question
    if not preview.crosses:
        return None
    spans = [f"{preview.missions + 1} Missions"] if preview.missions else []
    if preview.chapters:
        ends = preview.chapters
        spans.append("a chapter's start or end" if ends == 1 else f"{ends} chapter starts and ends")
    refusal = (
        f"this undo takes back {len(preview.actions)} actions across {' and '.join(spans)} ({said})"
    )
    return refusal, f"{refusal[0].upper()}{refusal[1:]}. Go ahead?"
