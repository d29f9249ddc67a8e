"""Projecting one batch of stored events.

The runner keeps each campaign's ``CampaignState``: started by ``start_campaign`` on
Created, evolved by ``evolve_campaign`` over an ActionLogged's domain events, replaced on
an undo, a redo or a revert by the state right after the action it returns to (one this
run projected, or ``projections.recall``). A batch collects what its events
touch (each chapter's latest board, each campaign's latest state, new log rows, undone
flags) and ``projections.write`` writes every touched row once, with the new position,
in the caller's transaction. This is the heavy path (the domain): it is imported only
when there is something to project.
"""

from __future__ import annotations

import sqlite3
from typing import Any

from domain.campaign.flow import CampaignState, evolve_campaign, start_campaign
from domain.errors import NotPlayed
from domain.events import CampaignCreated
from domain.records import from_record
from projections.batch import Batch, Stream, state_saved
from projections.errors import ProjectionError
from projections.log import fact_rows, log_row
from projections.recall import Known, Recall
from projections.stored import Stored, read_after, read_versions
from projections.write import write_batch


class Projector:
    """Projects batches of stored events on one connection, keeping campaign states
    between batches while nobody else moves the position."""

    def __init__(self, conn: sqlite3.Connection, known: Known | None = None) -> None:
        self.conn = conn
        self.given = known or {}  # states the caller holds (``runner.catch_up``)
        self.streams: dict[str, Stream] = {}
        self.position: int | None = None
        self.recall = Recall(conn, self.given)

    def forget(self) -> None:
        """Drop what is cached: another runner moved the position."""
        self.streams.clear()
        self.recall = Recall(self.conn, self.given)

    # --- projecting -----------------------------------------------------------------------
    def project_after(self, position: int, limit: int) -> int:
        """Project up to ``limit`` stored events after notification ``position``; how many."""
        events = read_after(self.conn, position, limit)
        if events:
            self.project(events)
        return len(events)

    def project(self, events: list[Stored]) -> None:
        """Project the events and write the rows and the new position (no commit)."""
        batch = Batch()
        for event in events:
            try:
                self._apply(batch, event)
            except (ProjectionError, NotPlayed):  # NotPlayed: a module's event, said as such
                raise
            except Exception as error:
                raise ProjectionError(
                    f"cannot project event #{event.version} of campaign {event.campaign_id} "
                    f"(notification {event.notification_id}): {error!r}"
                ) from error
        write_batch(self.conn, batch, events[-1].notification_id)
        self.position = events[-1].notification_id

    def _apply(self, batch: Batch, event: Stored) -> None:
        if event.kind == "Created":
            stream = self._created(event)
            batch.touch(stream, new=True)
        else:
            stream = self._stream(event.campaign_id)
            batch.touch(stream)
            match event.kind:
                case "ActionLogged":
                    after = self.given.get((event.campaign_id, event.version))
                    self._evolve(batch, stream, event.data.events, after)
                    stream.head = event.version
                    stream.remember(event.version)
                case "ActionsUndone" | "ActionsRedone":
                    self._restore(batch, stream, event)
                case "ActionReverted":
                    self._revert(batch, stream, event)
                    stream.head = event.version
                    stream.remember(event.version)
        stream.version = event.version
        stream.updated_at = event.timestamp
        state = stream.state
        chapter = state.chapter_number if state.chapter is not None else None
        batch.log[(event.campaign_id, event.version)] = log_row(event, stream.name, chapter)
        batch.facts += fact_rows(event)

    def _created(self, event: Stored) -> Stream:
        created = from_record(event.data.record or {})
        assert isinstance(created, CampaignCreated)
        state = start_campaign(created)
        stream = Stream(
            event.campaign_id,
            state.name,
            state,
            head=event.version,
            version=event.version,
            created_at=event.timestamp,
            created_by=event.data.logged_by or "",
            updated_at=event.timestamp,
        )
        self.streams[event.campaign_id] = stream
        stream.remember(event.version)
        return stream

    def _evolve(
        self,
        batch: Batch,
        stream: Stream,
        records: list[dict[str, Any]],
        after: CampaignState | None = None,
    ) -> None:
        """Apply an action's domain events; a chapter that ends being current keeps its
        last board. ``after``: the state the tracker that logged the action holds after it
        (issue 40: the write path's state, not evolved a second time here), used when the
        action stays in one chapter (one that ends one needs the board it ended with)."""
        state = stream.state
        board, bans = state.chapter, state.bans
        if after is not None and after.chapter_number == state.chapter_number:
            records, state = [], after
        for record in records:
            before = state
            state = evolve_campaign(state, from_record(record))
            ended = before.board
            if state.chapter_number != before.chapter_number and ended is not None:
                batch.chapter(stream, before.chapter_number, ended)
        stream.state = state
        retitled = any(  # a Briefing entered again for the chapter being played: its title
            r["type"] == "BriefingEntered" and r["data"].get("chapter") == state.chapter_number
            for r in records
        )
        # campaign-level events leave the board as it is, but a ban (a banned Hard Knock)
        if state.chapter is not board or state.bans is not bans or retitled:
            batch.current_chapter(stream)

    def _restore(self, batch: Batch, stream: Stream, event: Stored) -> None:
        """An undo or a redo: the recorded state replaces the campaign's. The actions a redo
        puts back are replayed, and so is the line an undo puts back in place of a revert
        (an undo back to the head the revert replaced): the chapters that ended on that
        line get their final boards back, as that line left them (a revert may have ended
        one differently). An undo's state is the one after that action (``_state_after``)."""
        actions = event.data.actions or []
        head = event.data.head or 0
        redo = event.kind == "ActionsRedone"
        reverts = read_versions(self.conn, stream.campaign_id, actions, "ActionReverted")
        # an undo back to where a revert began puts the line it replaced back; its redo
        # takes that line off again
        back = [revert for revert in reverts if not redo and head == revert.data.replaced]
        if redo:  # the replay ends on the state after ``head``, the last action put back
            self._replay(batch, stream, actions)
        elif back:  # the line put back ends on ``head`` too
            self._revert_start(batch, stream, back[0])
            self._replay(batch, stream, back[0].data.actions or [])
        else:
            stream.state = self._state_after(stream, head, event)
        stream.head = head
        batch.cut(stream)
        batch.current_chapter(stream)
        batch.mark(stream.campaign_id, actions, undone=not redo)
        for revert in reverts:
            if redo or revert in back:
                batch.mark(stream.campaign_id, revert.data.actions or [], undone=redo)

    def _replay(self, batch: Batch, stream: Stream, actions: list[int]) -> None:
        """Stored actions applied again in order (each chapter they end keeps its board)."""
        for action in read_versions(self.conn, stream.campaign_id, actions):
            if action.kind == "ActionLogged":
                self._evolve(batch, stream, action.data.events)
            elif action.kind == "ActionReverted":
                self._revert(batch, stream, action)
            stream.remember(action.version)

    def _revert(self, batch: Batch, stream: Stream, event: Stored) -> None:
        """A revert: the line goes on from the reverted action's parent (its state), and
        the later actions' new events are applied; the reverted action and the ones it
        decided again leave the line."""
        self._revert_start(batch, stream, event)
        for again in event.data.reapplied:
            self._evolve(batch, stream, again["events"])
        batch.mark(stream.campaign_id, event.data.actions or [], undone=True)

    def _revert_start(self, batch: Batch, stream: Stream, event: Stored) -> None:
        """The campaign as it stood after a revert's parent: where the revert starts, and
        where the line it replaced went on from."""
        stream.state = self._state_after(stream, event.data.parent or 0, event)
        batch.cut(stream)
        batch.current_chapter(stream)

    def _state_after(self, stream: Stream, version: int, event: Stored) -> CampaignState:
        """The state right after action ``version``, which ``event`` (an undo, a revert)
        returns to: the one this run computed, if it still has it, else the recalled one
        (held by the caller or rebuilt from the snapshot before it: the same state;
        decoding or rebuilding costs milliseconds)."""
        state = stream.recent.get(version)
        return state if state is not None else self.recall.returned_to(event)

    def _stream(self, campaign_id: str) -> Stream:
        stream = self.streams.get(campaign_id)
        if stream is None:
            stream = load_stream(self.conn, campaign_id, self.given)
            self.streams[campaign_id] = stream
        return stream


def load_stream(conn: sqlite3.Connection, campaign_id: str, known: Known | None = None) -> Stream:
    """A campaign as the last batch left it, from ``projection_campaigns``; its state the
    one the caller holds for the event the row stands at, if it holds it (the tracker that
    just logged an action holds the state it decided on: decoding the saved one again
    costs ~2 ms after 1,111 chapters), else the saved one."""
    row = conn.execute(
        "SELECT campaign, version, head, created_at, created_by, updated_at, state "
        "FROM projection_campaigns WHERE campaign_id = ?",
        (campaign_id,),
    ).fetchone()
    if row is None:
        raise ProjectionError(f"campaign {campaign_id} has events but was never created")
    name, version, head, created_at, created_by, updated_at, state = row
    held = known.get((campaign_id, version)) if known else None
    return Stream(
        campaign_id,
        name,
        held if held is not None else state_saved(state),
        head=head,
        version=version,
        created_at=created_at,
        created_by=created_by,
        updated_at=updated_at,
    )
