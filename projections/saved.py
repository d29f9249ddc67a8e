"""The campaign state the read models keep (``projection_campaigns.state``, written by
``projections.batch.saved_state``), read back within bounds: whole (``batch.state_saved``)
or its chapter alone (``board_saved``: ``grizzled odds`` and ``hint``, which neither decode
nor import the campaign's own records).
"""

from __future__ import annotations

import zlib
from typing import TYPE_CHECKING, Any

import msgspec

from domain.packing import DEFLATED_MOST, inflated
from projections.errors import DamagedReadModel

if TYPE_CHECKING:
    from domain.chapter.state import ChapterState

# The most a saved state may inflate to: STATE_FREE bytes and STATE_RATIO times its own
# size beyond that, DEFLATED_MOST at most (a campaign of 1,111 chapters: 133 KB of JSON
# deflated to 7 KB); a crafted row inflating further is a damaged cache, never inflated.
MAX_STATE = DEFLATED_MOST
STATE_FREE = 1024 * 1024
STATE_RATIO = 64
# What a damaged saved state raises as it is read and decoded
DAMAGED = (msgspec.DecodeError, ValueError, KeyError, TypeError, RecursionError)


def saved_text(value: bytes | str) -> bytes:
    """The JSON text of a saved state (ValueError: it inflates further than MAX_STATE,
    STATE_FREE and STATE_RATIO let it, or does not inflate)."""
    if isinstance(value, str):  # an older layout's JSON text
        return value.encode()
    most = min(MAX_STATE, STATE_FREE + STATE_RATIO * len(value))
    return inflated(value, zlib.decompressobj(), most, "a deflated state")


def damaged(error: BaseException) -> DamagedReadModel:
    """The one error a saved state that cannot be read is."""
    return DamagedReadModel(f"a saved campaign state is damaged ({error})")


class Board(msgspec.Struct, frozen=True):
    """What of a saved state its chapter is decoded from (``domain.codec.decode_board``):
    the campaign's other fields are skipped unread."""

    catalogue: dict[str, Any]
    format: int = 1
    chapter_number: int = 0  # format 1's upgrade reads it
    chapter: dict[str, Any] | None = None


def board_saved(value: bytes | str) -> ChapterState | None:
    """The chapter of the campaign state ``saved_state`` kept, as ``state_saved`` would
    decode it (None: between chapters; DamagedReadModel: not a saved state)."""
    from domain.codec import decode_board

    try:
        saved = msgspec.json.decode(saved_text(value), type=Board)
        return decode_board({name: getattr(saved, name) for name in saved.__struct_fields__})
    except DAMAGED as error:
        raise damaged(error) from None
