"""The writes: one handler per use case, each a typed request in and a typed result out.
A handler loads, decides (the domain's ``decide``, through the tracker), saves once, brings
the read models up to date in the same unit of work (``app.session``), and returns what
was recorded with the voice's lines. Every face calls these: a click command parses its
words into the request and prints the result; the companion builds the same request from
a keeper's form.

A face that already holds a session (the command line: one per command, closed by
``cli.main``) passes it; else the handler opens one on the request's ``where`` and closes
it when done. The campaign is always the request's (None: the file's only one), never a
current campaign of the process."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import msgspec

from app.chapter_end import ENDING, chapter_ended
from app.said import Line
from app.session import Session, refusals
from app.unit import opened
from domain.errors import RuleViolation
from voice import lang

if TYPE_CHECKING:
    from domain.campaign.flow import CampaignState
    from tracker.app import Confirm as Confirm  # re-exported: the faces' types
    from tracker.app import UndoPreview as UndoPreview

# Asked with what an undo would take back before it is recorded; it may refuse by raising.
Ask = Callable[["UndoPreview"], None]


class LogAction(msgspec.Struct, frozen=True):
    """Record one action through the rules: a domain command (``domain.*.commands``),
    its summary for the log (``voice.summary``), who logs it, and ``seen``: the last event
    the person saw (refused if another was logged since)."""

    where: str  # a campaign file, or a club's server by its URL
    campaign: str | None
    command: Any  # a CampaignCommand
    summary: str = ""
    by: str | None = None
    seen: int | None = None


class TakeBack(msgspec.Struct, frozen=True):
    """Undo (the last ``steps`` actions, or everything after ``to``), redo, or revert the
    action numbered ``to``, with the group's reason, decided on the board at ``seen``."""

    where: str
    campaign: str | None
    kind: str  # "undo", "redo" or "revert"
    steps: int = 1
    to: int | None = None
    reason: str = ""
    by: str | None = None
    seen: int | None = None


class Recorded(msgspec.Struct, frozen=True):
    """What a write recorded: the event numbered ``number`` (the campaign's version), the
    domain's events it holds (none for a take-back), the campaign's state after it, the
    voice's lines (what happened, what comes next, a chapter's checkpoint, a warning),
    and whether it was decided again because another device logged meanwhile."""

    number: int
    events: tuple[Any, ...]
    state: CampaignState
    said: tuple[Line, ...]
    retried: bool = False

    def board(self) -> dict[str, Any]:
        """The public board after the write, as data (``status --json``'s document)."""
        from msgspec.structs import replace

        from voice.facts import chapter_json

        return chapter_json(replace(self.state, chapter=self.state.board))


@contextmanager
def unit(
    where: str, campaign: str | None, by: str | None, session: Session | None
) -> Iterator[Session]:
    """The face's session, or one of the handler's own on ``where``."""
    if session is not None:
        yield session
        return
    with opened(where, campaign, "write", by) as own:
        yield own


def log_action(
    request: LogAction, session: Session | None = None, confirm: Confirm | None = None
) -> Recorded:
    """Check the command against the rules, record what it leads to, catch the read models
    up; ``confirm`` is asked with the events decided, before they are saved (the question
    before a deal that loses the chapter)."""
    with unit(request.where, request.campaign, request.by, session) as work:
        return record(work, request.command, request.summary, confirm, request.seen)


def _follow_refused(work: Session) -> None:
    """A refusal of the rules is said in the campaign's language: the campaign the tracker
    decided on is read once more when this command had not loaded it (only on refusal)."""
    if lang.CHOSEN.get():
        return
    with contextlib.suppress(Exception):  # the refusal is said all the same, in English
        lang.follow(work.state().language)


@contextmanager
def _in_its_language(work: Session) -> Iterator[None]:
    """A take-back refused (by the rules or the tracker) is said in the campaign's
    language, as an action's refusal is (``_follow_refused``)."""
    from domain.errors import Worded

    try:
        yield
    except Worded:
        _follow_refused(work)
        raise


def record(
    work: Session,
    command: Any,
    summary: str,
    confirm: Confirm | None = None,
    seen: int | None = None,
) -> Recorded:
    """``log_action`` in a session already open: decided on the state it loaded, if any."""
    from voice.narrate import narrate
    from voice.next_step import next_line

    name = work.campaign_name()
    with refusals():
        try:
            logged = work.tracker().log_action(
                name, command, summary=summary, loaded=work.loaded(), confirm=confirm, seen=seen
            )
        except RuleViolation:
            _follow_refused(work)
            raise
    # the read models start from the state the action was decided on and take the state
    # after it from the tracker (not evolved again: projections.project._evolve)
    work.saved(logged.version, {**logged.before, logged.version: logged.state})
    lang.follow(logged.state.language)  # the campaign's language (issue 45)
    said = [Line(w, warning=True) for w in work.warned]
    if logged.retried:
        said.append(Line(lang._("The campaign changed meanwhile: checked again and logged.")))
    state = logged.state
    said += [
        Line(t) for t in narrate(logged.events, state.catalogue, state.ruleset, campaign=state)
    ]
    said.append(Line(next_line(state)))
    kinds = {type(e).__name__ for e in logged.events}
    if kinds & ENDING:  # the checkpoint for the chapter sheet, the automatic backup
        ended = bool(kinds & {"ChapterWon", "ChapterLost"})
        said += chapter_ended(work.tracker(), name, logged.version, state, ended)
    return Recorded(logged.version, logged.events, state, tuple(said), logged.retried)


def take_back(
    request: TakeBack, session: Session | None = None, ask: Ask | None = None
) -> Recorded:
    """Undo, redo or revert, as the request says; ``ask`` is asked with what an undo
    would take back, before it is recorded (it may refuse by raising)."""
    with unit(request.where, request.campaign, request.by, session) as work:
        if request.kind == "undo":
            return _undo(work, request, ask)
        if request.kind == "redo":
            return _redo(work, request)
        assert request.to is not None, "a revert names its action"
        return _revert(work, request)


def _undo(work: Session, request: TakeBack, ask: Ask | None) -> Recorded:
    from voice import takeback

    name, tracker, to = work.campaign_name(), work.tracker(), request.to
    with refusals(), _in_its_language(work):  # decided on the head read now: saved after it
        before = tracker.as_seen(name, request.seen)
        seen, state = before.version, before.state  # (states are immutable)
        if to is not None:
            plan = tracker.undo_plan(name, to, seen=seen)
        else:
            plan = tracker.undo_steps(name, request.steps, seen=seen)
        preview = tracker.preview(name, plan)
    if ask is not None and preview.actions:  # nothing to take back: the undo says why
        ask(preview)
    with refusals(), _in_its_language(work):
        if to is not None:
            undone = tracker.undo_to(name, to, reason=request.reason, seen=seen)
        else:
            undone = tracker.undo(name, request.steps, reason=request.reason, seen=seen)
    work.saved(undone.version, {seen: state, undone.head: undone.state})
    lang.follow(undone.state.language)  # the campaign's language (issue 45)
    taken = takeback.actions(preview.actions).text
    said = takeback.undone(taken, len(preview.actions), request.reason)
    return _taken(work, undone.version, undone.state, said)


def _redo(work: Session, request: TakeBack) -> Recorded:
    from voice.takeback import actions, redone

    name = work.campaign_name()
    with refusals(), _in_its_language(work):
        done = work.tracker().redo(name, reason=request.reason, seen=request.seen)
    work.saved(done.version)
    lang.follow(done.state.language)
    with refusals():
        preview = work.tracker().preview(name, list(done.actions))
    return _taken(work, done.version, done.state, redone(actions(preview.actions).text))


def _revert(work: Session, request: TakeBack) -> Recorded:
    from voice import takeback

    assert request.to is not None
    name = work.campaign_name()
    with refusals(), _in_its_language(work):
        done = work.tracker().revert(name, request.to, reason=request.reason, seen=request.seen)
    work.saved(done.version)
    lang.follow(done.state.language)
    number, summary = done.reverted
    said = takeback.reverted(number, summary, done.reapplied, request.reason)
    return _taken(work, done.version, done.state, said)


def _taken(work: Session, version: int, state: CampaignState, said: str) -> Recorded:
    from voice.next_step import next_line

    warned = [Line(w, warning=True) for w in work.warned]
    return Recorded(version, (), state, (*warned, Line(said), Line(next_line(state))))
