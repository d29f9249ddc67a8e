"""One pure query's last answer, kept by identity (the engine's speed, docs/performance.md).

State here is frozen, so a query of one value always answers the same. The simulator and
the engine often ask the very same value twice in a row (the engine after an action, the
simulator before the next; every chapter's deck from the one base catalogue): the second
answer is the kept one. The value is held while it is the key, so its identity cannot be
reused by another. An answer is shared: it is read, never changed.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TypeVar

Value = TypeVar("Value")
Other = TypeVar("Other")
Third = TypeVar("Third")
Answer = TypeVar("Answer")

_NOTHING = object()


def last_answer(query: Callable[[Value], Answer]) -> Callable[[Value], Answer]:
    """The query, answering again without computing when asked of the same value (``is``)."""
    kept: tuple[object, object] = (_NOTHING, None)

    @wraps(query)
    def asked(value: Value) -> Answer:
        nonlocal kept
        key, answer = kept  # one tuple: read and replaced whole, never torn
        if key is value:
            return answer  # type: ignore[return-value]
        fresh = query(value)
        kept = (value, fresh)
        return fresh

    return asked


def last_triple_answer(
    query: Callable[[Value, Other, Third], Answer],
) -> Callable[[Value, Other, Third], Answer]:
    """``last_answer`` for a query of three values (a state, one of its players, the
    modules installed): answered again without computing when asked of the same three
    (``is``)."""
    kept: tuple[object, object, object, object] = (_NOTHING, _NOTHING, _NOTHING, None)

    @wraps(query)
    def asked(value: Value, other: Other, third: Third) -> Answer:
        nonlocal kept
        key, other_key, third_key, answer = kept  # one tuple: read and replaced whole
        if key is value and other_key is other and third_key is third:
            return answer  # type: ignore[return-value]
        fresh = query(value, other, third)
        kept = (value, other, third, fresh)
        return fresh

    return asked
