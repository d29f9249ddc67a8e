"""The unit of work a handler opens when the face gives it none: a session on a campaign
file (or a club's server by its URL) for the access asked, its reads from the read models,
closed (and the file remembered as checked) however the work ends."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from app.readmodel import projected_state
from app.session import Session, refusals

if TYPE_CHECKING:
    from tracker.dbfile import Access


@contextmanager
def opened(
    where: str, campaign: str | None, access: Access = "write", by: str | None = None
) -> Iterator[Session]:
    """A session on ``where`` (a campaign file, or a club's server by its URL), closed (and
    the file remembered as checked) when the work ends, however it ends."""
    session = _session(where, campaign, access, by)
    try:
        yield session
    finally:
        with refusals():
            session.close()


def _session(where: str, campaign: str | None, access: Access, by: str | None) -> Session:
    from tracker import store

    if store.is_postgres(where):
        from tracker.clubcache import cache_path

        cache = cache_path(where)
        return Session(cache, campaign, access, read_state=projected_state, url=where, by=by)
    return Session(where, campaign, access, read_state=projected_state, by=by)
