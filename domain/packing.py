"""Stored rows made compact: a logged action's row deflated with a preset dictionary.

A logged action (``grizzled:Campaign.ActionLogged``) is most of a campaign file's events,
and its row is JSON that repeats the same words (the library's timestamp envelope, the
command, the event types, who logged it, the session): ~550 bytes. Deflated with a
dictionary of those words (``ZDICT_1``, raw deflate) and written as base64 inside a JSON
object that keeps the action's ``parent`` readable by SQLite (the line-of-play queries
follow it), a row takes ~130 bytes: ``{"parent":P,"z1":"..."}``. The tracker writes new
rows this way; the tracker and the read models unpack them (``unpack``); rows written
before, and every other kind of row, stay plain JSON.

``ZDICT_1`` is part of the stored format: it never changes. Another dictionary would be
``z2``, read beside ``z1``.

A snapshot (``eventsourcing.domain:Snapshot``) holds the whole campaign state, whose
chapter results grow with the campaign (133 KB of JSON after 1,111 chapters): it is
deflated with no dictionary (``deflate``: ``{"z0":"..."}``, ~7 KB). Pure functions: no I/O.
"""

from __future__ import annotations

import binascii
import json
import zlib
from collections.abc import Callable
from functools import cache
from typing import Any

PREFIX = b'{"parent":'
# The most a packed row may unpack to: a logged action's JSON is ~550 bytes, and the
# longest a command can make (a Recruit described: its effect and advantage, 2,000
# characters each, in the command, its event and its summary, 4 bytes a character at
# worst) ~50 KB. A crafted row may not inflate further (a deflate bomb: 1,032 to 1).
PACKED_MOST = 256 * 1024
# The most a deflated snapshot (or a read model's state) may inflate to: a campaign of
# 1,111 chapters is 133 KB of JSON; the events of a file are read once each.
DEFLATED_MOST = 16 * 1024 * 1024
# What a whole file's rows may inflate to together: FREE bytes, and RATIO times the bytes
# they are stored in beyond that (a genuine file inflates 4 to 1; a file of ~250 KB rows
# that each inflate to PACKED_MOST would otherwise make a 1 MB file 1 GB of text).
FREE = 32 * 1024 * 1024
RATIO = 64
MARK = b',"z1":"'
DEFLATED_PREFIX = b'{"z0":"'

ZDICT_1 = (
    b"BootCampSkipped BriefingEntered CampaignCreated CardBanned CardDrawnAndPlayed Ca"
    b"rdPlayed CardsDealt CardsDrawn CardsSetAside ChapterLost ChapterStarted ChapterW"
    b"on CharmUsed ConclusionEntered FactCorrected HardKnockDiscarded HelpingHandAward"
    b"ed HelpingHandDescribed HelpingHandKept HelpingHandPlayed HelpingHandsUnclaimed "
    b"LeadershipPassed MissionFailed MissionLeaderTaken MissionStarted MissionSucceede"
    b"d MoraleDropped OrderCancelled OrderChosen OrderDescribed OrderDiscarded PlayerW"
    b"ithdrew RecruitArrived RecruitDeparted RecruitDescribed RecruitPlayed RecruitWit"
    b"hdrew SoloCardPlayed SoloHandFilled SoloMissionEnded SoloRefillGivenUp SoloSuppo"
    b"rtDrawn SpeechMade SupportRevealed SupportTileDiscarded SupportUsed TrialCardDes"
    b'cribed "logged_by":"","session":"","draws":null,"class_version":2,"v":1,"data":{'
    b'"player":"","card":"","threat":"","tile":"left","right","left2","right2","target'
    b'":null,"drawn":null,"discard_tile":null,"chapter":{"timestamp":{"_type_":"dateti'
    b'me_iso","_data_":"2026-11-24T09:36:18.646727+00:00"},"summary":"StartMission int'
    b'ensity=1","command":{"type":"StartMission","data":{"intensity":1,"chaplain_tile"'
    b':null,"order":null,"order_back":null,"recruit":null,"recruit_hand":null}},"event'
    b's":[{"type":"MissionStarted","v":1,"data":{"mission":2,"leader":"Gaston","intens'
    b'ity":1}},{"type":"CardsDealt","v":1,"data":{"players":["Gaston","Anselme","Charl'
    b'es","Gustave"],"cards":[["night+snow+rain+shell+gas+whistle"],["rain+whistle"],['
    b'"phobia-gas"],["night+shell"]]}}],"parent":207,"logged_by":"bench","session":"be'
    b'nch evening","draws":null,"class_version":2}{"timestamp":{"_type_":"datetime_iso'
    b'","_data_":"2026-11-24T09:36:18.660447+00:00"},"summary":"ChooseSupport player=G'
    b'ustave","command":{"type":"ChooseSupport","data":{"player":"Gustave","discard":['
    b'],"recover_charm":false}},"events":[{"type":"SupportUsed","v":1,"data":{"player"'
    b':"Gustave","discarded":[],"charm_recovered":false}},{"type":"MoraleDropped","v":'
    b'1,"data":{"count":8,"cards":["snow+whistle","phobia-shell","tyrannical","mute","'
    b'night+snow","phobia-whistle","demoralized","shell+gas"]}},{"type":"LeadershipPas'
    b'sed","v":1,"data":{"leader":"Charles","speech_token_to":"Anselme"}}],"parent":24'
    b'9,"logged_by":"bench","session":"bench evening","draws":null,"class_version":2}{'
    b'"timestamp":{"_type_":"datetime_iso","_data_":"2026-11-24T09:36:18.646422+00:00"'
    b'},"summary":"UseCharm player=Gaston card=snow+shell","command":{"type":"UseCharm'
    b'","data":{"player":"Gaston","card":"snow+shell"}},"events":[{"type":"CharmUsed",'
    b'"v":1,"data":{"player":"Gaston","card":"snow+shell"}}],"parent":204,"logged_by":'
    b'"bench","session":"bench evening","draws":null,"class_version":2}{"timestamp":{"'
    b'_type_":"datetime_iso","_data_":"2026-11-24T09:36:18.687551+00:00"},"summary":"M'
    b'akeSpeech player=Gaston threat=whistle","command":{"type":"MakeSpeech","data":{"'
    b'player":"Gaston","threat":"whistle","discards":[]}},"events":[{"type":"SpeechMad'
    b'e","v":1,"data":{"player":"Gaston","threat":"whistle","discards":[]}}],"parent":'
    b'301,"logged_by":"bench","session":"bench evening","draws":null,"class_version":2'
    b'}{"timestamp":{"_type_":"datetime_iso","_data_":"2026-11-24T09:36:18.646365+00:0'
    b'0"},"summary":"Withdraw player=Gustave","command":{"type":"Withdraw","data":{"pl'
    b'ayer":"Gustave","tile":"left","discard_tile":null,"drawn":null,"target":null}},"'
    b'events":[{"type":"PlayerWithdrew","v":1,"data":{"player":"Gustave","tile":"left"'
    b'}}],"parent":203,"logged_by":"bench","session":"bench evening","draws":null,"cla'
    b'ss_version":2}{"timestamp":{"_type_":"datetime_iso","_data_":"2026-11-24T09:36:1'
    b'8.646279+00:00"},"summary":"PlayCard player=Charles card=night+gas","command":{"'
    b'type":"PlayCard","data":{"player":"Charles","card":"night+gas","drawn":null,"tar'
    b'get":null}},"events":[{"type":"CardPlayed","v":1,"data":{"player":"Charles","car'
    b'd":"night+gas"}}],"parent":202,"logged_by":"bench","session":"bench evening","dr'
    b'aws":null,"class_version":2}'
)


def pack(row: bytes, parent: int) -> bytes:
    """``row`` (a logged action's JSON) as a packed row naming ``parent``."""
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, ZDICT_1)
    data = deflate.compress(row) + deflate.flush()
    return b'%s%d%s%s"}' % (PREFIX, parent, MARK, binascii.b2a_base64(data, newline=False))


def is_packed(row: bytes) -> bool:
    """Whether a stored row is a packed one (a plain row starts with its timestamp)."""
    return row.startswith(PREFIX)


def unpack(row: bytes, most: int) -> tuple[bytes, int]:
    """A packed row's JSON (at most ``most`` bytes) and the parent it names (outside and
    inside alike); ValueError says why a row cannot be unpacked."""
    return _unpack(row, most, _decoders().packed, _decoders().parent)


def unpack_plain(row: bytes, most: int) -> tuple[bytes, int]:
    """``unpack`` read with the standard library's JSON (msgspec is not imported: a read
    checking the chain links of what another device appended, ``tracker.chainhash``):
    the same JSON and parent of every packed row, and a ValueError for a row that is not
    one (the row, its parent and its base64 as strictly typed as ``unpack``'s)."""
    return _unpack(row, most, _packed_plain, _parent_plain)


def _unpack(
    row: bytes,
    most: int,
    outer: Callable[[bytes], tuple[int, str]],
    inner: Callable[[bytes], int],
) -> tuple[bytes, int]:
    try:
        parent, z1 = outer(row)
        data = binascii.a2b_base64(z1, strict_mode=True)
    except (ValueError, binascii.Error) as error:
        raise ValueError(f"a packed row that is not one ({error})") from None
    out = inflated(data, zlib.decompressobj(-15, ZDICT_1), most, "a packed row")
    try:
        named = inner(out)
    except ValueError as error:
        raise ValueError(f"a packed row whose row is not a logged action's ({error})") from None
    if named != parent:
        raise ValueError(f"it names #{parent} as its parent outside, #{named} inside")
    return out, parent


def _packed_plain(row: bytes) -> tuple[int, str]:
    found = json.loads(row)
    if type(found) is not dict or found.keys() != {"parent", "z1"}:
        raise ValueError("expected an object of parent and z1 alone")
    if type(found["parent"]) is not int or type(found["z1"]) is not str:
        raise ValueError("expected an int parent and a str z1")
    return found["parent"], found["z1"]


def _parent_plain(row: bytes) -> int:
    found = json.loads(row)
    if type(found) is not dict or type(found.get("parent")) is not int:
        raise ValueError("expected an object naming an int parent")
    parent: int = found["parent"]
    return parent


class _Decoders:
    """msgspec's decoders of a packed row, its parent and a deflated row: strict and fast,
    made at their first use (importing msgspec costs a command that decodes no row ~20 ms:
    ``grizzled status`` reads the read models alone)."""

    def __init__(self) -> None:
        import msgspec

        class Parent(msgspec.Struct, frozen=True):
            """The parent a logged action's row names inside."""

            parent: int

        class Packed(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
            """A packed row: the action's parent, and its whole row deflated, in base64."""

            parent: int
            z1: str

        class Deflated(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
            """A deflated row (a snapshot's): the whole row, raw deflate with no
            dictionary, in base64."""

            z0: str

        parents = msgspec.json.Decoder(Parent)
        rows = msgspec.json.Decoder(Packed)
        deflated = msgspec.json.Decoder(Deflated)
        errors = msgspec.DecodeError

        def parent(row: bytes) -> int:
            try:
                return parents.decode(row).parent
            except errors as error:
                raise ValueError(str(error)) from None

        def packed(row: bytes) -> tuple[int, str]:
            try:
                found = rows.decode(row)
            except errors as error:
                raise ValueError(str(error)) from None
            return found.parent, found.z1

        def z0(row: bytes) -> str:
            try:
                return deflated.decode(row).z0
            except errors as error:
                raise ValueError(str(error)) from None

        self.parent, self.packed, self.z0 = parent, packed, z0


@cache
def _decoders() -> _Decoders:
    return _Decoders()


def deflate(row: bytes) -> bytes:
    """``row`` (a snapshot's JSON) deflated: ``{"z0":"..."}``."""
    deflater = zlib.compressobj(1, zlib.DEFLATED, -15)
    data = deflater.compress(row) + deflater.flush()
    return b'%s%s"}' % (DEFLATED_PREFIX, binascii.b2a_base64(data, newline=False))


def is_deflated(row: bytes) -> bool:
    """Whether a stored row is a deflated one (a plain row starts with its timestamp)."""
    return row.startswith(DEFLATED_PREFIX)


def inflate(row: bytes, most: int) -> bytes:
    """A deflated row's JSON (at most ``most`` bytes); ValueError says why a row cannot
    be inflated."""
    try:
        data = binascii.a2b_base64(_decoders().z0(row), strict_mode=True)
    except (ValueError, binascii.Error) as error:
        raise ValueError(f"a deflated row that is not one ({error})") from None
    return inflated(data, zlib.decompressobj(-15), most, "a deflated row")


def inflated(data: bytes, inflater: Any, most: int, what: str) -> bytes:
    """``data`` inflated whole by ``inflater`` (a ``zlib.decompressobj``), at most ``most``
    bytes (ValueError naming ``what``: it does not inflate, inflates further, is cut short
    or followed by other data)."""
    try:
        out: bytes = inflater.decompress(data, most + 1)
    except zlib.error as error:
        raise ValueError(f"{what} that does not inflate ({error})") from None
    if len(out) > most or inflater.unconsumed_tail:
        raise ValueError(f"{what} of more than {most:,} bytes")
    if not inflater.eof or inflater.unused_data:
        raise ValueError(f"{what} cut short or followed by other data")
    return out


class Inflation:
    """What the rows read so far inflated to, against the bytes they were stored in: a
    whole file's rows may inflate to FREE bytes and RATIO times their stored bytes beyond
    that, so a file of many small bombs costs a bounded amount too."""

    def __init__(self) -> None:
        self.stored = 0
        self.inflated = 0

    def left(self, stored: int) -> int:
        """The most a row of ``stored`` bytes may still inflate to."""
        return max(0, FREE + RATIO * (self.stored + stored) - self.inflated)

    def spend(self, stored: int, inflated: int) -> None:
        """Count a row read."""
        self.stored += stored
        self.inflated += inflated

    def said(self) -> str:
        """Why a row may inflate no further, in words."""
        return (
            f"a file's rows inflate to at most {FREE:,} bytes and {RATIO} times the "
            f"{self.stored:,} bytes they are stored in"
        )
