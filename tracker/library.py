"""The eventsourcing library, imported here and nowhere else in the tracker.

Importing it changes nothing in the standard library: the speed tricks that help the
library's import (``tracker.speedups``) are installed by the command line's entry point
alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from eventsourcing.application import (
    AggregateNotFoundError,
    Application,
    ProcessingEvent,
    Repository,
)
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import (
    IntegrityError,
    InterfaceError,
    JSONTranscoder,
    Mapper,
    OperationalError,
    PersistenceError,
    StoredEvent,
    Transcoding,
)
from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteCursor, SQLiteDatastore
from eventsourcing.utils import register_topic, retry

if TYPE_CHECKING:
    from eventsourcing.postgres import PostgresApplicationRecorder, PostgresFactory


def __getattr__(name: str) -> Any:
    """The PostgreSQL recorder and factory, imported when first asked for (its driver,
    psycopg, is an optional extra: SQLite needs nothing more)."""
    if name in ("PostgresApplicationRecorder", "PostgresFactory"):
        import eventsourcing.postgres

        return getattr(eventsourcing.postgres, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "Aggregate",
    "AggregateNotFoundError",
    "Application",
    "IntegrityError",
    "InterfaceError",
    "JSONTranscoder",
    "Mapper",
    "OperationalError",
    "PersistenceError",
    "PostgresApplicationRecorder",
    "PostgresFactory",
    "ProcessingEvent",
    "Repository",
    "SQLiteApplicationRecorder",
    "SQLiteCursor",
    "SQLiteDatastore",
    "StoredEvent",
    "Transcoding",
    "register_topic",
    "retry",
]
