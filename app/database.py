"""The campaign database itself, by any face: the campaigns it holds, its read models
rebuilt from every event, their Datasette metadata, and on a club's PostgreSQL server
its tables and functions made or brought up to date by its owner (``db upgrade``).
Each takes the unit of work's session (``app.session``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.session import refusals

if TYPE_CHECKING:
    from app.session import Session


def nothing_yet(work: Session) -> bool:
    """Whether the file is not made yet or holds nothing (a server is asked, not read
    here: its client's cache says nothing of it)."""
    from tracker.dbfile import inspect

    with refusals():
        return work.url is None and inspect(work.db) in ("missing", "empty", "blank")


def campaigns(work: Session) -> list[str]:
    """The names of the campaigns the database holds (a file not made yet holds none)."""
    if nothing_yet(work):
        return []
    with refusals():
        return work.tracker().campaigns()


def rebuild(work: Session) -> int:
    """The read models dropped and rebuilt from every stored event (the file checked whole
    first if this machine has not seen it); how many events were replayed."""
    from projections.runner import rebuild as replayed

    with refusals():
        work.tracker()  # a grizzled file, checked whole if this machine has not seen it
        count = replayed(work.db)
    work.changed = True
    return count


def metadata(work: Session) -> dict[str, Any]:
    """Datasette's metadata for the campaign file (``projections.datasette``)."""
    from projections.datasette import database_name
    from projections.datasette import metadata as shipped

    return shipped(database_name(work.db))


def upgrade(work: Session) -> str:
    """A club's server's tables and functions made or brought up to date, as its owner;
    the server as a message names it."""
    from tracker.app import upgrade as upgrade_server

    assert work.url is not None, "a club's server"
    with refusals():
        return upgrade_server(work.url)
