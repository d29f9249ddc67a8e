"""What can go wrong bringing the read models up to date (stdlib only, cheap to import)."""

from __future__ import annotations


class ProjectionError(Exception):
    """The read models could not be brought up to date (the events are untouched)."""


class DatabaseMissing(ProjectionError):
    """There is no campaign database at the path given."""
