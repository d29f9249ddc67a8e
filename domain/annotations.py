"""A record's field types, read from its annotations once per text instead of once per field.

Every module of the domain begins ``from __future__ import annotations``, so a record's
fields are declared as text (``"tuple[str, ...]"``). The first time msgspec decodes a
type it reads the annotations of the type and of every record inside it, and makes a
``typing.ForwardRef`` of each text, which compiles it: a campaign's state holds ~260
such fields (157 of the domain's 504 say ``str``), ~35,000 instructions each, ~10 M
instructions of every command that decodes a state (a logged action is ~120 M above the
bare interpreter). There are 56 different texts.

``resolve(kind)`` replaces the texts of ``kind`` and of every record it holds (their
bases too) by the types they name, evaluated as msgspec would (the record's module as
globals, its class namespace as locals), each text compiled once. msgspec then finds
types, not texts. Pure: it reads no file and holds no state but what it resolved; a text
that cannot be evaluated here (a name imported for type checkers only) is left for
msgspec, which says so as it would have.
"""

from __future__ import annotations

import sys
from types import CodeType
from typing import Any, get_args

import msgspec

RESOLVED: set[type] = set()  # checked before each call on a hot path: ``if t not in RESOLVED``
_CODE: dict[str, CodeType] = {}


def resolve(kind: Any) -> None:
    """The annotations of ``kind`` and of the records it holds, resolved (see above)."""
    pending = [kind]
    while pending:
        item = pending.pop()
        if not isinstance(item, type):
            pending.extend(get_args(item))
            continue
        if item in RESOLVED or not issubclass(item, msgspec.Struct):
            continue
        RESOLVED.add(item)
        for cls in item.__mro__:
            if cls is msgspec.Struct or not issubclass(cls, msgspec.Struct):
                continue
            if cls is not item and cls in RESOLVED:
                continue
            RESOLVED.add(cls)
            pending.extend(_resolved(cls))


def _resolved(cls: type) -> list[Any]:
    """Resolve ``cls``'s own annotations in place; the types they name."""
    annotations = cls.__dict__.get("__annotations__")  # noqa: RUF063 - changed in place
    if not annotations:
        return []
    module = sys.modules.get(cls.__module__)
    scope = vars(module) if module is not None else {}
    found = []
    for name, text in annotations.items():
        if type(text) is not str:
            found.append(text)
            continue
        code = _CODE.get(text)
        if code is None:
            code = _CODE[text] = compile(text, "<annotation>", "eval")
        try:
            value = eval(code, scope, vars(cls))
        except NameError:
            continue  # left as text: msgspec resolves it, or says what is missing
        annotations[name] = value
        found.append(value)
    return found
