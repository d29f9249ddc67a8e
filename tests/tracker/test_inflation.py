"""Deflated rows are inflated with a cap (issue 26): a packed row to PACKED_MOST, a
snapshot to DEFLATED_MOST, a whole file's rows together to FREE bytes and RATIO times what
they are stored in, a read model's saved state to a ratio of its size. A row that would
inflate further is refused (a read model's: a damaged cache), never inflated whole."""

from __future__ import annotations

import json
import zlib
from pathlib import Path

import pytest

from domain.codec import encode_campaign_json
from domain.packing import FREE, PACKED_MOST, RATIO, Inflation, pack, unpack
from tests.projections.test_json_text import played
from tracker.errors import UnusableFile
from tracker.mapper import LOGGED_TOPIC, check_row, unpacked

ROW = {"parent": 7, "summary": "PlayCard player=Ann card=night", "events": []}


def packed(summary_bytes: int) -> bytes:
    row = {**ROW, "summary": "x" * summary_bytes}
    return pack(json.dumps(row, separators=(",", ":")).encode(), 7)


def test_a_packed_row_inflating_past_its_cap_is_refused_naming_the_cap():
    bomb = packed(PACKED_MOST)  # a few hundred bytes stored

    with pytest.raises(UnusableFile, match=f"more than {PACKED_MOST:,} bytes"):
        unpacked(LOGGED_TOPIC, 9, bomb)


def test_the_longest_row_a_command_makes_unpacks_whole():
    row = packed(6 * 2000 * 4)  # six texts of 2,000 four-byte characters

    assert unpack(row, PACKED_MOST)[1] == 7
    assert len(unpacked(LOGGED_TOPIC, 9, row)) > 48_000


def test_a_files_rows_together_inflate_no_further_than_their_ratio():
    spent = Inflation()
    spent.spend(1_000, FREE + RATIO * 1_000 - 10_000)  # what the rows before inflated to
    row = packed(20_000)  # 20 KB from ~100 bytes: within its own cap, past the file's

    with pytest.raises(UnusableFile, match=f"{RATIO} times"):
        unpacked(LOGGED_TOPIC, 9, row, spent)


def test_a_genuine_rows_inflation_is_counted():
    spent = Inflation()
    row = packed(100)

    out = unpacked(LOGGED_TOPIC, 9, row, spent)

    assert (spent.stored, spent.inflated) == (len(row), len(out))


def test_a_saved_state_inflating_far_past_its_size_is_a_damaged_read_model(tmp_path: Path):
    from projections.batch import state_saved
    from projections.errors import DamagedReadModel

    state = played(tmp_path, 5, 3, 10)
    padded = encode_campaign_json(state).encode() + b" " * (8 * 1024 * 1024)  # still JSON

    with pytest.raises(DamagedReadModel, match="more than"):
        state_saved(zlib.compress(padded, 9))


def test_a_plain_logged_action_longer_than_any_command_writes_is_refused():
    row = json.dumps({**ROW, "summary": "x" * PACKED_MOST}).encode()  # an older file's layout

    with pytest.raises(UnusableFile, match="far more than grizzled ever writes"):
        check_row(LOGGED_TOPIC, 9, row)


GOOD = packed(40)
# rows each unpacker must refuse: not a packed row's object, a parent of another type, an
# unknown field, base64 that is not, a row inside naming another parent or none, a bomb
REFUSED = [
    b'{"parent":7}',
    GOOD.replace(b'{"parent":7', b'{"parent":true', 1),
    GOOD.replace(b'{"parent":7', b'{"parent":7.0', 1),
    GOOD.replace(b'{"parent":7', b'{"parent":"7"', 1),
    GOOD[:-1] + b',"y":1}',
    b'{"parent":7,"z1":"!!"}',
    b"[7]",
    b"not json",
    GOOD.replace(b'{"parent":7', b'{"parent":8', 1),
    pack(b'{"summary":"no parent"}', 7),
    pack(b'{"parent":7.0}', 7),
    pack(b"[7]", 7),
    packed(PACKED_MOST),
]


def test_the_plain_unpacker_reads_every_row_as_msgspecs_does():
    """``unpack_plain`` (no msgspec: a read checking another device's appended links)
    gives the same JSON and parent for the rows grizzled writes, and refuses every row
    ``unpack`` refuses."""
    from domain.packing import unpack_plain

    for row in (GOOD, packed(0), packed(6 * 2000 * 4)):
        assert unpack_plain(row, PACKED_MOST) == unpack(row, PACKED_MOST)
    for row in REFUSED:
        with pytest.raises(ValueError):
            unpack(row, PACKED_MOST)
        with pytest.raises(ValueError):
            unpack_plain(row, PACKED_MOST)
