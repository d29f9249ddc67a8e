"""Plain-data forms of states and commands, for storage (snapshots, undo records, logs).

``STATE_FORMAT`` versions the shape of an encoded state; ``decode_campaign`` upgrades
older formats, so an undo recorded long ago still restores. The catalogue is stored as
the base game plus what the campaign described.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import msgspec
from msgspec.structs import replace

from domain.annotations import RESOLVED, resolve
from domain.cards.catalogue import (
    CardType,
    Catalogue,
    HelpingHandCard,
    OrderCard,
    RecruitCard,
    base_catalogue,
)
from domain.chapter.commands import options
from domain.chapter.moments import INSTALLED
from domain.chapter.piles import Kept
from domain.chapter.state import ChapterState

if TYPE_CHECKING:  # the campaign's records and the commands, imported when first decoded:
    # a reader of the chapter alone (``decode_board``) needs neither
    from domain.campaign.flow import CampaignState

STATE_FORMAT = 5
# Format 3 keeps what a module lays on the table in the chapter's ``modules`` record, by the
# module's key; format 2 kept the Orders of the Day's piles in the chapter's ``orders``, the
# Friendships held in its ``friendships`` (a list of [player, number]) and the Solo table in
# its ``solo``: each old field, the module's key and the record it is now (in plain form).
Moves = dict[str, tuple[str, Callable[[Any], Any]]]
MOVED_TO_MODULES: Moves = {
    "orders": ("orders", lambda piles: piles),
    "friendships": ("friendships", lambda held: {"held": held}),
    "solo": ("solo", lambda table: table),
}
# Format 4 keeps the Luck spent this Mission in the record of Luck (``modules.luck``) and the
# Recruits' piles in theirs (``modules.recruits``); format 3 kept them in the chapter's
# ``luck_spent`` (a list of cards) and ``recruits``.
MOVED_IN_FORMAT_4: Moves = {
    "luck_spent": ("luck", lambda spent: {"spent": spent}),
    "recruits": ("recruits", lambda piles: piles),
}
# Format 5 keeps the public trail of the cards since the chapter's first failed Mission
# (``ChapterState.trail``, absent while empty). A chapter stored before it that may have
# seen a Mission fail (one ended failed, or a second began) gets a trail that says where the
# returned cards went is not known: the odds say so rather than count them as anywhere.
OLDER_RECORD = ("unknown", "a record older than the trail")


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, msgspec.Struct):
        return {name: _plain(getattr(value, name)) for name in value.__struct_fields__}
    return value


def _as_is(value: Any) -> Any:
    return value


COMPACT = msgspec.json.Encoder()
SORTED = msgspec.json.Encoder(order="sorted")


def json_text(value: Any, sort_keys: bool = False) -> str:
    """Compact JSON text, exactly as ``json.dumps`` (ASCII) writes it: by msgspec (records
    as objects of their fields), or by ``json`` when the text holds what it would escape."""
    try:
        text = (SORTED if sort_keys else COMPACT).encode(value).decode()
        # msgspec escapes every control character as json does; DEL alone it writes raw
        # (``str.isprintable`` read all 133 KB of a long campaign's state, ~3 M instructions)
        if text.isascii() and "\x7f" not in text:
            return text
    except TypeError:  # sorted keys that are not strings
        pass
    return json.dumps(value, separators=(",", ":"), sort_keys=sort_keys, default=_plain)


def encode_catalogue(catalogue: Catalogue) -> dict[str, Any]:
    """The catalogue as the base game plus what differs, and the described Armistice cards."""
    base = base_catalogue().cards
    extra = [_plain(c) for k, c in catalogue.cards.items() if base.get(k) != c]
    missing = [k for k in base if k not in catalogue.cards]
    return {
        "base": "classic-2015",
        "extra": extra,
        "missing": missing,
        "orders": [_plain(c) for c in catalogue.orders.values()],
        "recruits": [_plain(c) for c in catalogue.recruits.values()],
        "helping_hands": [_plain(c) for c in catalogue.helping_hands.values()],
    }


def decode_catalogue(data: dict[str, Any]) -> Catalogue:
    """The catalogue ``encode_catalogue`` described."""
    cards = {k: c for k, c in base_catalogue().cards.items() if k not in data.get("missing", ())}
    for raw in data.get("extra", ()):
        card = decode_value(CardType, raw)
        cards[card.key] = card
    return Catalogue(
        cards,
        orders={c["number"]: decode_value(OrderCard, c) for c in data.get("orders", ())},
        recruits={c["number"]: decode_value(RecruitCard, c) for c in data.get("recruits", ())},
        helping_hands={
            c["number"]: decode_value(HelpingHandCard, c) for c in data.get("helping_hands", ())
        },
    )


def encode_chapter(
    chapter: ChapterState, campaign: Catalogue | None = None, plain: Callable[[Any], Any] = _plain
) -> dict[str, Any]:
    """A chapter state as plain data. Its catalogue is stored only when it differs from the
    campaign's (a chapter that ended before a card was banned or described keeps its own)."""
    data = {name: plain(getattr(chapter, name)) for name in chapter.__struct_fields__}
    if not chapter.trail:  # (no failed Mission yet: the stored form is what it always was)
        del data["trail"]
    same = campaign is not None and chapter.catalogue == campaign
    data["catalogue"] = None if same else encode_catalogue(chapter.catalogue)
    return data


def decode_chapter(data: dict[str, Any], catalogue: Catalogue) -> ChapterState:
    """The chapter state ``encode_chapter`` described (fields added since default)."""
    own = data.get("catalogue")
    empty = {"catalogue": NO_CATALOGUE, "modules": {}}
    chapter = decode_value(ChapterState, {**data, **empty})
    assert isinstance(chapter, ChapterState)
    return replace(
        chapter,
        catalogue=decode_catalogue(own) if own else catalogue,
        modules=_kept(data.get("modules") or {}),
    )


def _kept(modules: dict[str, Any]) -> dict[str, Kept]:
    """Each module's record on the table as the module's own type (``Module.keeps``); the
    record of a module this program does not play is left out, as an unknown field is."""
    records = INSTALLED.records
    return {
        key: decode_value(records[key], value) for key, value in modules.items() if key in records
    }


# Stands in for a catalogue while a state is decoded: the real one is decoded on its own
# (``decode_catalogue``: the base game plus what differs) and put in afterwards.
NO_CATALOGUE: dict[str, Any] = {}


def decode_value(kind: Any, value: Any) -> Any:
    """Plain data back into the type a record's field declares: nested records, tuples,
    enums, optional values and dicts keyed by numbers (``msgspec.convert``). A field
    missing from old data takes its default; a field this program does not know is
    ignored."""
    if kind not in RESOLVED:
        resolve(kind)
    return msgspec.convert(value, kind, str_keys=True)


def encode_campaign(state: CampaignState, plain: Callable[[Any], Any] = _plain) -> dict[str, Any]:
    """A campaign state as plain data, with its format version (``plain``: how a field's
    value is written)."""
    data = {name: plain(getattr(state, name)) for name in state.__struct_fields__}
    data["catalogue"] = encode_catalogue(state.catalogue)
    chapter = state.chapter
    data["chapter"] = encode_chapter(chapter, state.catalogue, plain) if chapter else None
    return {"format": STATE_FORMAT, **data}


def encode_campaign_json(state: CampaignState) -> str:
    """``encode_campaign`` as compact JSON text (records written by msgspec directly)."""
    return json_text(encode_campaign(state, _as_is))


def _upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """Older state formats in today's shape."""
    version = data.get("format", 1)
    if version > STATE_FORMAT:
        raise ValueError(f"state format {version} is newer than this program")
    if version < 2:  # format 1 did not record which chapter comes next
        data = {**data, "next_chapter": data["chapter_number"] + 1}
    if version < 3 and data.get("chapter"):  # format 2 kept the modules' records apart
        data = _moved(data, MOVED_TO_MODULES)
    if version < 4 and data.get("chapter"):  # format 3 kept Luck's in the chapter
        data = _moved(data, MOVED_IN_FORMAT_4, data["chapter"].get("modules") or {})
    chapter = data.get("chapter")
    if version < 5 and chapter and (chapter.get("mission_failed") or chapter.get("mission", 0) > 1):
        data = {**data, "chapter": {**chapter, "trail": [list(OLDER_RECORD)]}}
    return data


def stored_as_replayed(stored: CampaignState, replayed: CampaignState) -> bool:
    """Whether a state stored with an event (a snapshot) is the state the events replay
    to. A state stored before format 5 holds no trail of a failed Mission's cards
    (``OLDER_RECORD`` stands in its place, and a state caught up from it goes on after that
    mark) where the replay now follows them: the two are compared without it, so a file
    written by an earlier grizzled is not called damaged."""
    if stored == replayed:
        return True
    chapter, again = stored.chapter, replayed.chapter
    if chapter is None or again is None or chapter.trail[:1] != (OLDER_RECORD,):
        return False  # (a state caught up from such a snapshot follows the marker on)
    return replace(stored, chapter=replace(chapter, trail=())) == replace(
        replayed, chapter=replace(again, trail=())
    )


def _moved(
    data: dict[str, Any], fields: Moves, kept: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The chapter's old fields (each of ``fields``, when set) moved into the modules'
    records (beside those ``kept`` already)."""
    chapter = data["chapter"]
    moved = {key: record(chapter[old]) for old, (key, record) in fields.items() if chapter.get(old)}
    rest = {k: v for k, v in chapter.items() if k not in fields}
    return {**data, "chapter": {**rest, "modules": {**(kept or {}), **moved}}}


def decode_campaign(data: dict[str, Any]) -> CampaignState:
    """The campaign state ``encode_campaign`` described (any known format)."""
    from domain.campaign.flow import CampaignState

    data = _upgrade(data)
    catalogue = decode_catalogue(data["catalogue"])
    chapter = data["chapter"]
    plain = {k: v for k, v in data.items() if k not in ("format", "catalogue", "chapter")}
    state = decode_value(CampaignState, {**plain, "catalogue": NO_CATALOGUE, "chapter": None})
    assert isinstance(state, CampaignState)
    return replace(
        state,
        catalogue=catalogue,
        chapter=decode_chapter(chapter, catalogue) if chapter else None,
    )


def decode_board(data: dict[str, Any]) -> ChapterState | None:
    """The chapter of the campaign state ``encode_campaign`` described (any known format),
    as ``decode_campaign`` decodes it, from ``data``'s format, catalogue and chapter alone:
    the campaign's own records are neither decoded nor imported."""
    data = _upgrade(data)
    chapter = data["chapter"]
    return decode_chapter(chapter, decode_catalogue(data["catalogue"])) if chapter else None


def _options(kind: type) -> dict[str, Any]:
    """The installed modules' options a kind of command carries: name -> type, in the
    modules' order (the order they are stored in)."""
    return {name: o.kind for name, o in INSTALLED.options.items() if o.command is kind}


def encode_command(command: Any) -> dict[str, Any]:
    """A command as ``{"type", "data"}``. Its modules' ``options`` are written flat, each
    under its name where the field stands (null when not given), as they always were."""
    data = _plain(command)
    if "options" in data:
        given = dict(command.options)
        flat = {name: _plain(given.get(name)) for name in _options(type(command))}
        data = {k: w for key, v in data.items() for k, w in _flat(key, v, flat)}
    return {"type": type(command).__name__, "data": data}


def _flat(key: str, value: Any, flat: dict[str, Any]) -> Any:
    return flat.items() if key == "options" else ((key, value),)


def decode_command(record: dict[str, Any]) -> Any:
    """The command a record describes: one of ``records.COMMAND_TYPES`` (a ``KeyError``
    names any other), its nested records and tuples rebuilt as ``decode_value`` does, its
    modules' options read back from their names."""
    from domain.records import COMMAND_TYPES

    kind = COMMAND_TYPES[record["type"]]
    data = record["data"]
    named = _options(kind)
    if not named:
        return decode_value(kind, data)
    given = {name: decode_value(named[name], data[name]) for name in named if name in data}
    rest = {k: v for k, v in data.items() if k not in named and k != "options"}
    return replace(decode_value(kind, rest), options=options(**given))
