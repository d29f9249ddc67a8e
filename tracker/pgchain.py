"""The chain on PostgreSQL: the library's recorder, writing each event's link in the
same transaction as the event (``tracker.integrity`` says what a link is).

The library's PostgreSQL recorder inserts through another step than its SQLite one: its
own work before the insert runs before the table is locked, and any statement run
between the insert and the fetching of the new notification ids makes that fetch fail
("Couldn't get all notification IDs"). So the links are written right after those ids
are fetched, on the same cursor: the table is locked by then (writers take turns), and
the transaction has not committed. Its database functions (``POSTGRES_ENABLE_DB_FUNCTIONS``)
would insert past this step, and the chain with it: ``store.postgres_env`` keeps them off.
Imported only when the library resolves it by its topic (psycopg is an optional extra).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from psycopg.sql import SQL, Identifier

from tracker import store
from tracker.integrity import chain_event
from tracker.library import PostgresApplicationRecorder, StoredEvent


class ChainedPostgresRecorder(PostgresApplicationRecorder):
    """The library's PostgreSQL recorder, with the chain's table and links."""

    def __init__(self, datastore: Any, **kwargs: Any) -> None:
        super().__init__(datastore, **kwargs)
        self.schema = str(datastore.schema)  # made by the tracker (store.Postgres)
        chain = SQL(store.PG_CREATE_CHAIN).format(schema=Identifier(self.schema))
        self.sql_create_statements.append(chain)
        jsonb = SQL(store.PG_CREATE_JSONB).format(schema=Identifier(self.schema))
        self.sql_create_statements.append(jsonb)
        # The newest link this recorder committed in each campaign (number, hash): the
        # next event's link needs it, and asking for it costs a round trip while the
        # table is locked (every writer waits).
        self._heads: dict[Any, tuple[int, str]] = {}
        self._pending: dict[Any, tuple[int, str]] = {}

    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Any:
        self._pending = {}
        try:
            ids = super().insert_events(stored_events, **kwargs)
        finally:
            pending, self._pending = self._pending, {}
        self._heads.update(pending)  # committed: the links are the database's now
        return ids

    def _fetch_ids_after_insert_events(
        self, curs: Any, stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> Sequence[int] | None:
        ids = super()._fetch_ids_after_insert_events(curs, stored_events, **kwargs)
        c = store.Translated(curs, self.schema)
        for each in stored_events:
            stream, version = each.originator_id, each.originator_version
            known = self._pending.get(stream) or self._heads.get(stream)
            previous = known[1] if known is not None and known[0] == version - 1 else ""
            self._pending[stream] = (version, chain_event(c, store.EVENTS, each, previous))
        return ids
