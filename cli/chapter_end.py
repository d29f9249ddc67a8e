"""At a chapter's end: the checkpoint for the chapter sheet and an automatic backup."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from tracker.app import Tracker


def chapter_ended(tracker: Tracker, name: str, version: int) -> None:
    """The checkpoint to write on the chapter sheet (the chain's head as the event numbered
    ``version`` left it), and an automatic rotating backup in the data directory (one that
    fails is said on stderr, never a failed command: the action is recorded)."""
    from tracker.app import campaign_id
    from tracker.backup import rotate
    from tracker.integrity import CHAIN_TABLE, checkpoint, hex_of

    head = tracker.query(
        f"SELECT hash FROM {CHAIN_TABLE} WHERE originator_id = ? AND originator_version = ?",
        (campaign_id(name).hex, version),
    )
    if head:
        click.echo(f"Checkpoint for the chapter sheet: {checkpoint(hex_of(head[0][0]), version)}")
    try:
        rotate(tracker.db_path)
    except Exception as error:  # recorded all the same: only the copy failed
        click.echo(
            f"The automatic backup failed ({error}); grizzled backup PATH makes one.", err=True
        )
