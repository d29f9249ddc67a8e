"""What a what-if branch says: the fork recorded, and where a branch came from."""

from __future__ import annotations

from voice import Said
from voice.shown import quoted


def branched(name: str, original: str, at: int, actions: int) -> Said:
    """``Campaign 'What if' branched from 'Friday' at #12 (9 actions): 'Friday' is
    unchanged.``"""
    copied = f"{actions} action{'s' if actions != 1 else ''}"
    return Said(
        f"Campaign {quoted(name)} branched from {quoted(original)} at #{at} ({copied}): "
        f"{quoted(original)} is unchanged.",
        "branched",
        {"campaign": name, "branched_from": original, "branched_at": at, "actions": actions},
    )


def branch_of(original: str | None, at: int | None) -> str:
    """``a branch of 'Friday' at #12``, or nothing for a campaign that is no branch."""
    if original is None or at is None:
        return ""
    return f"a branch of {quoted(original)} at #{at}"
