"""A record's annotations, resolved once per text (domain/annotations.py): the same types
msgspec and typing read from the texts, and records decode as before."""

from __future__ import annotations

import typing

import msgspec

import domain.annotations as annotations  # the package's own name is __future__'s feature
from domain.annotations import RESOLVED, resolve
from domain.campaign.flow import CampaignState
from domain.records import EVENT_TYPES


def _texts(kind: type) -> dict[str, object]:
    return dict(kind.__dict__.get("__annotations__", {}))  # noqa: RUF063 - the raw texts


class Later(msgspec.Struct, frozen=True):
    """A record whose field names a type defined after it, and one only type checkers see."""

    inner: Inner
    count: int | None = None
    unseen: typing.Any = None


class Inner(msgspec.Struct, frozen=True):
    names: tuple[str, ...]


class Hidden(msgspec.Struct, frozen=True):
    known: int
    unknown: NotImportedHere | None = None  # type: ignore[name-defined]  # noqa: F821


def test_resolving_gives_the_types_typing_reads_from_the_texts():
    expected = typing.get_type_hints(Later)
    assert isinstance(_texts(Later)["inner"], str)

    resolve(Later)

    assert _texts(Later) == expected
    assert {Later, Inner} <= RESOLVED
    assert _texts(Inner) == {"names": tuple[str, ...]}  # the record inside it too


def test_a_name_that_cannot_be_evaluated_stays_text_for_msgspec_to_name():
    resolve(Hidden)

    assert _texts(Hidden) == {"known": int, "unknown": "NotImportedHere | None"}


class Thrice(msgspec.Struct, frozen=True):
    first: tuple[bytes, ...]
    second: tuple[bytes, ...]
    third: tuple[bytes, ...]


def test_each_text_is_compiled_once_however_many_fields_say_it(monkeypatch):
    compiled = []

    def counting(text: str, *args: object) -> object:
        compiled.append(text)
        return compile(text, *args)  # type: ignore[call-overload]

    monkeypatch.setattr(annotations, "compile", counting, raising=False)
    monkeypatch.setattr(annotations, "_CODE", {})  # texts another test compiled first
    resolve(Thrice)

    assert compiled.count("tuple[bytes, ...]") == 1
    assert _texts(Thrice) == dict.fromkeys(("first", "second", "third"), tuple[bytes, ...])


def test_every_stored_record_and_the_campaign_state_resolve_whole():
    resolve(CampaignState)
    for kind in EVENT_TYPES.values():
        resolve(kind)

    left = {
        (kind.__name__, name)
        for kind in RESOLVED
        for name, value in _texts(kind).items()
        if isinstance(value, str) and kind.__module__.startswith("domain")
    }
    assert left == set()  # every field of the domain's records names a type msgspec finds


def test_a_resolved_record_decodes_as_one_read_from_its_texts():
    data = {"inner": {"names": ["Ann", "Ben"]}, "count": 2}
    resolve(Later)

    decoded = msgspec.convert(data, Later)

    assert decoded == Later(Inner(("Ann", "Ben")), 2)
