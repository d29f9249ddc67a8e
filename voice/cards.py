"""What the campaign has learnt of a card, in words: where it is now, and the refusal
when it was never described (``card N``; its texts are the group's own)."""

from __future__ import annotations

from typing import Any


def where(entry: dict[str, Any]) -> str:
    """Where a card is (``entry``: one of ``box --json``'s cards)."""
    return "; ".join(entry["where"]) or "in the box (not in play)"


def not_described(number: int) -> str:
    return (
        f"card #{number} is not described yet: grizzled describe card|order|recruit|hand "
        f"{number} ..."
    )
