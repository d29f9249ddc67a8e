"""The eventsourcing library, imported here and nowhere else in the tracker.

One place, for one reason: ``eventsourcing.domain`` asks ``inspect.signature`` for
``object.__init__`` once as it is imported (its own base aggregate class defines no
``__init__``). Python 3.11 reads a builtin's signature from its text with ``tokenize``,
whose regular expressions take ~16 M instructions to compile (~4 ms, about 4% of a logged
action), and nothing else a command does needs them. That signature is fixed, so it is
handed over while the library is imported: ``OBJECT_INIT`` is what ``inspect`` computes
(``tests/tracker/test_library.py`` checks both, and that ``inspect`` is as before after).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from tracker import dataclass_code

OBJECT_INIT = inspect.Signature(
    [
        inspect.Parameter("self", inspect.Parameter.POSITIONAL_ONLY),
        inspect.Parameter("args", inspect.Parameter.VAR_POSITIONAL),
        inspect.Parameter("kwargs", inspect.Parameter.VAR_KEYWORD),
    ]
)


@contextmanager
def object_init_known() -> Iterator[None]:
    """``inspect.signature(object.__init__)`` answered with ``OBJECT_INIT`` meanwhile."""
    signature: Callable[..., inspect.Signature] = inspect.signature

    def known(obj: Any, *args: Any, **kwargs: Any) -> inspect.Signature:
        return OBJECT_INIT if obj is object.__init__ else signature(obj, *args, **kwargs)

    inspect.signature = known
    try:
        yield
    finally:
        inspect.signature = signature


dataclass_code.install()
with object_init_known():
    from eventsourcing.application import (
        AggregateNotFoundError,
        Application,
        ProcessingEvent,
        Repository,
    )
    from eventsourcing.domain import Aggregate
    from eventsourcing.persistence import (
        IntegrityError,
        JSONTranscoder,
        Mapper,
        PersistenceError,
        StoredEvent,
        Transcoding,
    )
    from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteCursor, SQLiteDatastore
    from eventsourcing.utils import register_topic

__all__ = [
    "Aggregate",
    "AggregateNotFoundError",
    "Application",
    "IntegrityError",
    "JSONTranscoder",
    "Mapper",
    "PersistenceError",
    "ProcessingEvent",
    "Repository",
    "SQLiteApplicationRecorder",
    "SQLiteCursor",
    "SQLiteDatastore",
    "StoredEvent",
    "Transcoding",
    "register_topic",
]
