"""What an undo, a redo and a revert say: what was taken back or brought back, why, and
how to take it back in turn; the question an undo asks before it crosses a Mission or a
chapter, or follows a refused command."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from voice import Said
from voice.lang import _
from voice.shown import quoted, shown
from voice.summary import said as summary_said


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
    named = [f"#{version} {summary_said(summary)}" for version, summary in taken]
    text = _("; ").join(named) if len(named) <= 3 else f"{named[0]} ... {named[-1]}"
    facts = {"actions": [{"version": version, "summary": summary} for version, summary in taken]}
    return Said(text, "actions", facts)


def _why(reason: str) -> str:
    return f" ({shown(reason)})" if reason else ""


def undone(said: str, taken: int, reason: str) -> str:
    """``Undone: Ann plays mute (a slip). Redo with: grizzled redo`` (``said``: the
    actions taken back, ``taken`` how many)."""
    count = _("{count} actions: ").format(count=taken) if taken > 3 else ""
    return _("Undone: {actions}. Redo with: grizzled redo").format(
        actions=f"{count}{shown(said)}{_why(reason)}"
    )


def reverted(number: int, summary: str, again: Iterable[tuple[int, str]], reason: str) -> str:
    """``Reverted #14 correction: ... (why); decided again: #15 ... Undo with: ...``."""
    decided = ", ".join(f"#{v} {summary_said(s)}" for v, s in again)
    kept = _("; decided again: {actions}").format(actions=shown(decided)) if decided else ""
    return _("Reverted #{number} {action}. Undo with: grizzled undo").format(
        number=number, action=f"{shown(summary_said(summary))}{_why(reason)}{kept}"
    )


def redone(said: str) -> str:
    return _("Redone: {actions}.").format(actions=shown(said))


def undo_asks(preview: UndoPreview, refused: str | None) -> tuple[str, str] | None:
    """Why an undo asks first, as a refusal (no terminal to ask) and as a question: it
    follows a refused command (``refused``: what was typed), or it crosses a Mission or a
    chapter; None when it need not ask."""
    said = shown(actions(preview.actions).text)
    if refused is not None:
        told = _("your last command ({command}) was refused and recorded nothing").format(
            command=quoted(refused)
        )
        question = _("{told}. Take back {actions} all the same?").format(
            told=f"{told[0].upper()}{told[1:]}", actions=said
        )
        refusal = _("{told}: this undo would take back {actions} instead").format(
            told=told, actions=said
        )
        return refusal, question
    if not preview.crosses:
        return None
    spans = [_("{count} Missions").format(count=preview.missions + 1)] if preview.missions else []
    if preview.chapters:
        ends = preview.chapters
        spans.append(
            _("a chapter's start or end")
            if ends == 1
            else _("{count} chapter starts and ends").format(count=ends)
        )
    refusal = _("this undo takes back {count} actions across {spans} ({actions})").format(
        count=len(preview.actions), spans=_(" and ").join(spans), actions=said
    )
    return refusal, _("{refusal}. Go ahead?").format(refusal=f"{refusal[0].upper()}{refusal[1:]}")
