"""What the runner keeps and what one batch touched: ``Stream`` (a campaign as the runner
knows it) and ``Batch`` (the rows to write once). ``projections.project`` fills them,
``projections.write`` writes them; neither imports the other.
"""

from __future__ import annotations

import zlib
from typing import Any

import msgspec

from domain.campaign.flow import CampaignState
from domain.chapter.state import ChapterState
from domain.codec import decode_campaign, encode_campaign_json
from projections.campaign import reward_facts
from projections.saved import DAMAGED, damaged, saved_text

RECENT = 64  # states kept per campaign for undo and redo


def saved_state(state: CampaignState) -> bytes:
    """A campaign state as ``projection_campaigns.state`` keeps it: ``encode_campaign`` as
    JSON, deflated. Every logged action rewrites it, and its chapter results grow with the
    campaign (133 KB of JSON after 1,111 chapters, 7 KB deflated): kept plain, it was
    most of the pages a logged action wrote and flushed (docs/performance.md)."""
    return zlib.compress(encode_campaign_json(state).encode(), 1)


def state_saved(value: bytes | str) -> CampaignState:
    """The campaign state ``saved_state`` kept (DamagedReadModel: not one, or one that
    inflates further than ``projections.saved`` lets it)."""
    try:
        data = msgspec.json.decode(saved_text(value))
        if not isinstance(data, dict):  # (deep nesting is no error for msgspec from 3.12)
            raise TypeError(f"a JSON {type(data).__name__}, not an object")
        return decode_campaign(data)
    except DAMAGED as error:
        raise damaged(error) from None


class Stream(msgspec.Struct):
    """One campaign as the runner knows it: its state and where its stream stands."""

    campaign_id: str
    name: str
    state: CampaignState
    head: int
    version: int
    created_at: str
    created_by: str
    updated_at: str
    recent: dict[int, CampaignState] = msgspec.field(default_factory=dict)

    def remember(self, version: int) -> None:
        """Keep the state right after action ``version`` (the last RECENT of this run), so
        an undo or a redo back to it needs no decoding."""
        self.recent[version] = self.state
        if len(self.recent) > RECENT:
            del self.recent[next(iter(self.recent))]

    def info(self) -> dict[str, Any]:
        """Where the stream stands: head, version, who created it and when, last event."""
        return {
            "head": self.head,
            "version": self.version,
            "created_at": self.created_at,
            "created_by": self.created_by,
            "updated_at": self.updated_at,
        }

    def stored(self) -> dict[str, Any]:
        """Its ``projection_campaigns`` row (the state in the domain's plain form,
        deflated: ``saved_state``)."""
        return {
            "campaign_id": self.campaign_id,
            "campaign": self.name,
            **self.info(),
            "state": saved_state(self.state),
        }


class Batch(msgspec.Struct):
    """What one batch of events touched, to be written once."""

    streams: dict[str, Stream] = msgspec.field(default_factory=dict)
    facts_before: dict[str, tuple[Any, ...] | None] = msgspec.field(default_factory=dict)
    chapters: dict[tuple[str, int], tuple[str, ChapterState, str]] = msgspec.field(
        default_factory=dict
    )  # (campaign, chapter): (campaign's name, board, Briefing title)
    cuts: dict[str, int] = msgspec.field(default_factory=dict)  # rows of later chapters go
    log: dict[tuple[str, int], tuple[Any, ...]] = msgspec.field(default_factory=dict)
    flags: dict[tuple[str, int], int] = msgspec.field(default_factory=dict)  # undone, set last
    facts: list[tuple[Any, ...]] = msgspec.field(default_factory=list)  # score_facts rows

    def touch(self, stream: Stream, new: bool = False) -> None:
        """The campaign changes in this batch (remember its facts as they were)."""
        if stream.campaign_id not in self.streams:
            self.streams[stream.campaign_id] = stream
            self.facts_before[stream.campaign_id] = None if new else reward_facts(stream.state)

    def chapter(self, stream: Stream, number: int, chapter: ChapterState) -> None:
        """A chapter's board as it now stands."""
        briefing = stream.state.briefings.get(number)
        title = briefing.title if briefing is not None else ""
        self.chapters[(stream.campaign_id, number)] = (stream.name, chapter, title)

    def current_chapter(self, stream: Stream) -> None:
        """The current chapter's board, if a chapter was started."""
        board = stream.state.board
        if board is not None:
            self.chapter(stream, stream.state.chapter_number, board)

    def cut(self, stream: Stream) -> None:
        """Chapters after the current one are not on the line of play any more."""
        state = stream.state
        keep = state.chapter_number if state.chapter is not None else -1
        cid = stream.campaign_id
        self.cuts[cid] = min(keep, self.cuts.get(cid, keep))
        for key in [k for k in self.chapters if k[0] == cid and k[1] > keep]:
            del self.chapters[key]

    def mark(self, campaign_id: str, versions: list[int], undone: bool) -> None:
        """Actions taken off (or put back on) the line of play."""
        for version in versions:
            self.flags[(campaign_id, int(version))] = int(undone)
