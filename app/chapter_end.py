"""At a chapter's end: an automatic backup; once its ending is entered whole (an Armistice
chapter's Conclusion, its Helping Hands awarded, a ban after a lost one), the checkpoint
for the chapter sheet, which then covers all of it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.said import Line
from voice.lang import _, chapter_said

if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Callable

    from app.session import Session
    from domain.campaign.flow import CampaignState
    from tracker.app import Tracker
    from tracker.store import Rows

# The domain events that end a chapter or enter its ending.
ENDING = frozenset(
    {
        "ChapterWon",
        "ChapterLost",
        "ConclusionEntered",
        "HelpingHandAwarded",
        "HelpingHandsUnclaimed",
        "CardBanned",
    }
)


def closed_chapter(state: CampaignState) -> int | None:
    """The chapter that ended last, once its ending is entered whole (what the Next line
    asks for first: an Armistice chapter's Conclusion and, when it offers Helping Hands,
    their award; Boot Camp and a classic chapter end with their last action); None while
    a chapter is played or its ending waits."""
    last = state.last_result
    if last is None or state.chapter_running:
        return None
    if state.armistice and last.number != 0:
        conclusion = state.conclusions.get(last.number)
        if conclusion is None or (conclusion.offered and last.number not in state.settled):
            return None
    return last.number


def may_ban(state: CampaignState) -> bool:
    """After a lost Armistice chapter the group may still ban a card."""
    last = state.last_result
    return (
        state.armistice
        and last is not None
        and last.number != 0
        and last.outcome != "won"
        and not any(b.chapter == last.number for b in state.bans)
    )


def chapter_checkpoint(tracker: Tracker, name: str, version: int) -> str:
    """The checkpoint as the event numbered ``version`` left the chain ('' without)."""
    from tracker import store
    from tracker.app import campaign_id
    from tracker.checkpoint import checkpoint, hex_of

    head = store.chain_hashes(tracker, campaign_id(name).hex, (version,))
    return checkpoint(hex_of(head[0][1]), version) if head else ""


def chapter_ended(
    tracker: Tracker,
    name: str,
    version: int,
    state: CampaignState,
    ended: bool,
) -> list[Line]:
    """After an action that ended a chapter (``ended``) or entered its ending: the
    checkpoint to write on the chapter sheet once the ending is whole (the chain's head as
    the event numbered ``version`` left it), and at the end itself an automatic rotating
    backup in the data directory of a campaign file (one that fails is said on stderr,
    never a failed command: the action is recorded; a club's server has none: pg_dump
    backs it up, docs/deploy.md). The lines to say: the checkpoint's own line is not
    wrapped, to be copied as it reads."""
    closed = closed_chapter(state)
    said = chapter_checkpoint(tracker, name, version) if closed is not None else ""
    lines = []
    if closed is not None and said:
        # one line whatever the width: it is copied onto the chapter sheet as printed
        copied = _("Checkpoint for the chapter sheet of {chapter}: {checkpoint}").format(
            chapter=chapter_said(closed), checkpoint=said
        )
        lines.append(Line(copied, wrap=False))
        if may_ban(state):
            lines.append(Line(_("A card banned after it gives the checkpoint to write instead.")))
    elif ended and state.last_result is not None:
        lines.append(
            Line(
                _(
                    "The checkpoint for the chapter sheet of {chapter} comes once its ending is "
                    "entered (see Next)."
                ).format(chapter=chapter_said(state.last_result.number))
            )
        )
    if ended and not tracker.on_server:  # a club's server is backed up with pg_dump
        lines += _backup(tracker)
    return lines


def chapter_checkpoints(
    conn: sqlite3.Connection,
    db: str,
    campaign: dict[str, Any],
    state: Callable[[], CampaignState],
    recent: int | None = None,
    chain: Rows | None = None,
) -> list[dict[str, Any]]:
    """Each chapter's checkpoint as printed when its ending was entered whole: the chain's
    head at the newest standing action (the read model ``event_log``) that ended the
    chapter or entered its ending, for each chapter that ended and whose ending is whole.
    Only the last may still wait (the next chapter starts after it): ``state`` is asked
    only for an Armistice chapter that ended last while none is played (so listing them
    loads no rules otherwise). With ``recent``, only the newest ``recent`` chapters are
    looked at (found by the index, one seek each: a long campaign's are not all read).
    ``chain``: where the links are when not in the file (a club's server: its cache
    holds the events, not their links)."""
    from tracker import dbfile, store
    from tracker.checkpoint import checkpoint, hex_of

    cid = campaign["campaign_id"]
    named = " OR ".join(f"instr(event_types, '\"{kind}\"') > 0" for kind in sorted(ENDING))
    ends = "instr(event_types, '\"ChapterWon\"') + instr(event_types, '\"ChapterLost\"') > 0"
    chapters = ""
    if recent is not None:
        newest = ", ".join(map(str, newest_chapters(conn, cid, recent)))
        chapters = f" AND chapter IN ({newest})" if newest else " AND 0"
    rows = conn.execute(
        f"SELECT chapter, max(version), max({ends}) FROM event_log WHERE campaign_id = ? "
        "AND undone = 0 AND kind IN ('ActionLogged', 'ActionReverted') "
        f"AND ({named}){chapters} GROUP BY chapter",
        (cid,),
    ).fetchall()
    versions = {int(c): int(v) for c, v, ended in rows if c is not None and ended}
    last = max(versions, default=None)
    waits = campaign["ruleset"] == "armistice" and not campaign["chapter_running"]
    if last is not None and last != 0 and waits and closed_chapter(state()) != last:
        del versions[last]
    if not versions:
        return []
    own, file = store.OnConnection(conn), dbfile.Reader(db)
    heads: dict[int, bytes]
    if chain is not None:
        heads = dict(store.chain_hashes(chain, cid, tuple(versions.values())))
    elif store.has_chain(own):  # the read models are the file's own
        heads = dict(store.chain_hashes(own, cid, tuple(versions.values())))
    elif store.has_chain(file):  # read models projected in memory
        heads = dict(store.chain_hashes(file, cid, tuple(versions.values())))
    else:
        return []  # a file from before the chain: chained at its next write
    return [
        {
            "chapter": chapter,
            "chapter_name": "Boot Camp" if chapter == 0 else f"chapter {chapter}",
            "event": version,
            "checkpoint": checkpoint(hex_of(heads[version]), version),
        }
        for chapter, version in sorted(versions.items())
        if version in heads
    ]


def campaign_checkpoints(
    work: Session, state: Callable[[], CampaignState], recent: int | None = None
) -> tuple[list[dict[str, Any]], bool]:
    """Each chapter's checkpoint (``chapter_checkpoints``) from the file's read models, or
    read models projected in memory where the file keeps none; with ``recent``, of the
    newest chapters only, and whether the log has earlier ones."""
    from app.readmodel import read_models

    with read_models(work) as (conn, row):
        return checkpoints_on(conn, work, row, state, recent)


def checkpoints_on(
    conn: sqlite3.Connection,
    work: Session,
    row: dict[str, Any],
    state: Callable[[], CampaignState],
    recent: int | None = None,
) -> tuple[list[dict[str, Any]], bool]:
    """``campaign_checkpoints`` on read models already open (``conn``, the campaign's
    ``row``)."""
    chain = work.tracker() if work.url is not None else None  # a server keeps the chain
    found = chapter_checkpoints(conn, work.db, row, state, recent, chain)
    if recent is None:
        return found, False
    earlier = len(newest_chapters(conn, row["campaign_id"], recent + 1)) > recent
    return found, earlier


def newest_chapters(conn: sqlite3.Connection, cid: str, count: int) -> list[int]:
    """The newest ``count`` chapters of the campaign's log, newest first, each found by one
    seek down the read model's index on (campaign_id, chapter)."""
    found: list[int] = []
    below = conn.execute("SELECT max(chapter) FROM event_log WHERE campaign_id = ?", (cid,))
    chapter = below.fetchone()[0]
    while chapter is not None and len(found) < count:
        found.append(int(chapter))
        chapter = conn.execute(
            "SELECT max(chapter) FROM event_log WHERE campaign_id = ? AND chapter < ?",
            (cid, chapter),
        ).fetchone()[0]
    return found


def checkpoint_lines(checkpoints: list[dict[str, Any]], earlier: bool = False) -> list[str]:
    """``campaign show``'s lines of the chapters' checkpoints (``earlier``: those of the
    newest chapters only, the earlier ones left to ``--json``)."""
    if not checkpoints:
        return []
    named = ((chapter_said(c["chapter"]), c["checkpoint"]) for c in checkpoints)
    return [
        _(
            "Checkpoints for the chapter sheets (grizzled verify --checkpoint proves the record "
            "extends one):"
        ),
        *(
            _("  {chapter}: {checkpoint}").format(chapter=f"{n[:1].upper()}{n[1:]}", checkpoint=c)
            for n, c in named
        ),
        *(
            [_("  (earlier chapters' checkpoints: grizzled campaign show --json)")]
            if earlier
            else []
        ),
    ]


def _backup(tracker: Tracker) -> list[Line]:
    from tracker.backup import rotate

    try:
        rotate(tracker.db_path)
    except Exception as error:  # recorded all the same: only the copy failed
        said = _("The automatic backup failed ({error}); grizzled backup PATH makes one.").format(
            error=error
        )
        return [Line(said, warning=True)]
    return []
