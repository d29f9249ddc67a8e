"""The eventsourcing library, imported here and nowhere else in the tracker.

Importing it changes nothing in the standard library: the speed tricks that help the
library's import (``tracker.speedups``) are installed by the command line's entry point
alone.
"""

from __future__ import annotations

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
