"""What can go wrong bringing the read models up to date (stdlib only, cheap to import)."""

from __future__ import annotations


class ProjectionError(Exception):
    """The read models could not be brought up to date (the events are untouched);
    ``reason`` is the short cause (SQLite's words, such as "database is locked")."""

    def __init__(self, message: str, reason: str = "") -> None:
        super().__init__(message)
        self.reason = reason or message


class DatabaseMissing(ProjectionError):
    """There is no campaign database at the path given."""


class DamagedReadModel(ProjectionError):
    """A read model's row cannot be read (a saved state that does not inflate, or inflates
    further than a state ever does): a cache, rebuilt from the events."""
