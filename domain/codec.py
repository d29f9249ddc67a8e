"""Plain-data forms of states and commands, for storage (snapshots, undo records, logs).

``STATE_FORMAT`` versions the shape of an encoded state; ``decode_campaign`` upgrades
older formats, so an undo recorded long ago still restores. The catalogue is stored as
the base game plus what the campaign described.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from domain.campaign import CampaignState, ChapterResult
from domain.cards import CardType, Catalogue, base_catalogue
from domain.commands import (
    ChooseSupport,
    MakeSpeech,
    PlayCard,
    Seat,
    StartChapter,
    StartMission,
    UseCharm,
    Withdraw,
)
from domain.corrections import CorrectFact
from domain.rules import Rules
from domain.state import ChapterState, Phase, Player, SupportPending

STATE_FORMAT = 1

COMMAND_TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        StartChapter,
        StartMission,
        PlayCard,
        UseCharm,
        MakeSpeech,
        Withdraw,
        ChooseSupport,
        CorrectFact,
    )
}


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if hasattr(value, "__dataclass_fields__"):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    return value


def _tuples(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_tuples(v) for v in value)
    return value


def encode_catalogue(catalogue: Catalogue) -> dict[str, Any]:
    """The catalogue as the base game plus the cards that differ from it."""
    base = base_catalogue().cards
    extra = [_plain(c) for k, c in catalogue.cards.items() if base.get(k) != c]
    missing = [k for k in base if k not in catalogue.cards]
    return {"base": "classic-2015", "extra": extra, "missing": missing}


def decode_catalogue(data: dict[str, Any]) -> Catalogue:
    """The catalogue ``encode_catalogue`` described."""
    cards = {k: c for k, c in base_catalogue().cards.items() if k not in data.get("missing", ())}
    for raw in data.get("extra", ()):
        card = CardType(**{k: _tuples(v) for k, v in raw.items()})
        cards[card.key] = card
    return Catalogue(cards)


def encode_chapter(chapter: ChapterState) -> dict[str, Any]:
    """A chapter state as plain data (its catalogue is stored with the campaign)."""
    data = {f.name: _plain(getattr(chapter, f.name)) for f in fields(chapter)}
    del data["catalogue"]
    return data


def decode_chapter(data: dict[str, Any], catalogue: Catalogue) -> ChapterState:
    """The chapter state ``encode_chapter`` described."""
    support = data["support"]
    players = tuple(Player(**{k: _tuples(v) for k, v in p.items()}) for p in data["players"])
    rest = {
        k: _tuples(v) for k, v in data.items() if k not in ("rules", "players", "support", "phase")
    }
    return ChapterState(
        rules=Rules(**data["rules"]),
        catalogue=catalogue,
        players=players,
        support=SupportPending(**support) if support else None,
        phase=Phase(data["phase"]),
        **rest,
    )


def encode_campaign(state: CampaignState) -> dict[str, Any]:
    """A campaign state as plain data, with its format version."""
    return {
        "format": STATE_FORMAT,
        "name": state.name,
        "ruleset": state.ruleset,
        "seats": _plain(state.seats),
        "catalogue": encode_catalogue(state.catalogue),
        "chapter": encode_chapter(state.chapter) if state.chapter else None,
        "chapter_number": state.chapter_number,
        "results": _plain(state.results),
    }


def decode_campaign(data: dict[str, Any]) -> CampaignState:
    """The campaign state ``encode_campaign`` described (any known format)."""
    if data.get("format", 1) > STATE_FORMAT:
        raise ValueError(f"state format {data['format']} is newer than this program")
    catalogue = decode_catalogue(data["catalogue"])
    chapter = data["chapter"]
    return CampaignState(
        name=data["name"],
        ruleset=data["ruleset"],
        seats=tuple(Seat(**s) for s in data["seats"]),
        catalogue=catalogue,
        chapter=decode_chapter(chapter, catalogue) if chapter else None,
        chapter_number=data["chapter_number"],
        results=tuple(ChapterResult(**r) for r in data["results"]),
    )


def encode_command(command: Any) -> dict[str, Any]:
    """A command as ``{"type", "data"}``."""
    return {"type": type(command).__name__, "data": _plain(command)}


def decode_command(record: dict[str, Any]) -> Any:
    """The command a record describes."""
    cls = COMMAND_TYPES[record["type"]]
    data = {k: _tuples(v) for k, v in record["data"].items()}
    if cls is StartChapter:
        data["seats"] = tuple(
            Seat(*s) if isinstance(s, tuple) else Seat(**s) for s in record["data"]["seats"]
        )
    return cls(**data)
