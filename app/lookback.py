"""Looking back and what-if, one handler per use case: the board at a log entry and a
chapter step by step (``replay``), a branch forked at an entry (``branch``), and a side of
a comparison (``compare``). Each reads through the session it is given, from the read
models where the file keeps them (no event store loaded), else through the tracker, and
returns data; the command line draws it (``cli/cmd_read.py``, ``cli/cmd_branch.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.errors import Refused
from app.session import Session, refusals
from voice.lang import _

if TYPE_CHECKING:
    from domain.campaign.flow import CampaignState
    from tracker.app import ReplayStep as ReplayStep  # re-exported: the faces' type
    from tracker.branch import Branched


def board_at(work: Session, version: int) -> tuple[CampaignState, dict[str, Any] | None]:
    """The campaign right after log entry ``version`` (from the snapshots and events the
    read models' file holds, else from the tracker), and the undo or revert that took the
    entry back, if it stays taken back."""
    from app.readmodel import read_models, state_at
    from projections.queries import undone_by

    state = state_at(work, version)
    if state is None:
        with refusals():
            state = work.tracker().state(work.campaign_name(), version)
    with read_models(work) as (conn, campaign):
        return state, undone_by(conn, campaign["campaign_id"], version)


def chapter_replay(
    work: Session, chapter: int | None
) -> tuple[list[ReplayStep], list[dict[str, Any]]]:
    """A chapter played (default: the latest) action by action, as the tracker replays
    its standing actions, and the actions taken off the line (none before the first
    chapter)."""
    actions, taken_back = _chapter_actions(work, chapter)
    with refusals():
        return work.tracker().replay(work.campaign_name(), actions), taken_back


def _chapter_actions(work: Session, chapter: int | None) -> tuple[list[int], list[dict[str, Any]]]:
    """The standing actions of a chapter played (default: the latest), as the read models
    know them (none before the first chapter), and the ones taken off the line."""
    from app.readmodel import read_models
    from projections import queries

    with read_models(work) as (conn, campaign):
        played = queries.played_chapters(conn, campaign["campaign_id"])
        if not played:
            return [], []
        number = chapter if chapter is not None else played[-1]
        if number not in played:
            listed = ", ".join(map(str, played))
            said = _("chapter {number} was not played (played: {listed})")
            raise Refused(said.format(number=number, listed=listed))
        return (
            queries.chapter_actions(conn, campaign["campaign_id"], number),
            queries.chapter_taken_back(conn, campaign["campaign_id"], number),
        )


def branch(work: Session, name: str, at: int) -> tuple[Branched, list[str]]:
    """Fork the session's campaign at log entry ``at`` into a new campaign ``name`` of the
    same file: what the tracker recorded, and the voice's lines (what was forked, what
    comes next)."""
    from voice.next_step import next_line
    from voice.whatif import branched

    original = work.campaign_name()
    with refusals():
        done = work.tracker().branch(original, name, at)
    work.saved(done.version)
    said = branched(done.name, done.original, done.at, done.actions)
    return done, [said.text, next_line(done.state)]


def side(work: Session, name: str, at: int | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """Campaign ``name``'s ``status --json`` document and score, from the read models; at
    log entry ``at``, the board and score of its state right after that entry."""
    from app.readmodel import read_models, status_document
    from projections.queries import branched_from, score

    work.campaign_option = name
    if at is not None:
        return _at_entry(work, at)
    board = status_document(work)
    work.campaign_option = board["campaign"]
    with read_models(work) as (conn, campaign):
        scored = score(conn, campaign["campaign_id"])
        scored["branched_from"] = branched_from(conn, campaign["campaign_id"])
        return board, scored


def _at_entry(work: Session, at: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """The board (as ``replay --at`` has it) and score of the campaign right after ``at``."""
    from msgspec.structs import replace

    from app.readmodel import read_models, state_at
    from projections.campaign import score_rows
    from projections.queries import branched_from
    from voice.facts import chapter_json

    state = state_at(work, at)
    if state is None:  # a file that keeps no read models: the tracker rebuilds it
        with refusals():
            state = work.tracker().state(work.campaign_name(), at)
    board = chapter_json(replace(state, chapter=state.board))
    chapters = score_rows("", state)
    last = chapters[-1] if chapters else {}
    scored: dict[str, Any] = {
        "victory_points": last.get("total_victory", 0),
        "negative_points": last.get("total_negative", 0),
        "difference": last.get("total_difference", 0),
        "chapters": chapters,
        "earlier": 0,
    }
    with read_models(work) as (conn, campaign):
        scored["branched_from"] = branched_from(conn, campaign["campaign_id"])
    return board, scored
