"""The chain on PostgreSQL: the library's recorder, writing each event's link in the
same transaction as the event (``tracker.integrity`` says what a link is).

A save is one statement, its own transaction, and one wait for the server: it calls the
schema's ``grizzled_record`` (``store._record``: made with the tables), which takes
the library's lock of the events' table (so notification ids are drawn in commit
order), sends its NOTIFY, and inserts the events and their links as they are given. Each
link is computed here, in Python, before it is sent: it needs the hash of the event
before it, which this recorder remembers for the newest link it committed or read in
each campaign. A link committed is never changed, so one remembered stays true; a save
that follows another writer's reads that writer's link once, before its transaction
(never while the table is locked). An event whose predecessor has no link (a campaign
recorded before the chain) is saved through the library's own steps instead, its
missing links made as on a file.

The library's PostgreSQL recorder inserts through another step than its SQLite one: its
own work before the insert runs before the table is locked, and any statement run
between the insert and the fetching of the new notification ids makes that fetch fail
("Couldn't get all notification IDs"). So on that path the links are written right after
those ids are fetched, on the same cursor: the table is locked by then (writers take
turns), and the transaction has not committed. Its database functions
(``POSTGRES_ENABLE_DB_FUNCTIONS``) would insert past both paths, and the chain with
them: ``store.postgres_env`` keeps them off. Imported only when the library resolves it
by its topic (psycopg is an optional extra).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from psycopg.sql import SQL, Composable, Identifier

from domain.errors import N_, Formed
from tracker import store
from tracker.checkpoint import hex_of
from tracker.errors import DatabaseError
from tracker.integrity import GENESIS, chain_event, content_digest, link
from tracker.library import (
    InterfaceError,
    OperationalError,
    PostgresApplicationRecorder,
    PostgresFactory,
    StoredEvent,
    retry,
)

ATTEMPTS, PAUSE = 10, 0.2  # a lost connection's tries, and the pause before each again
Head = tuple[int, str]  # a campaign's newest known link: its event's number, its hash


class ClubFactory(PostgresFactory):
    """The library's PostgreSQL factory, its connections opened with every libpq
    parameter of the club's URL (``store.postgres_env``: sslmode, sslrootcert,
    application_name...), which the library's own settings have no room for."""

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        self.datastore.pool.conninfo = self.env.get(store.CONNINFO) or ""

    def application_recorder(self) -> Any:
        """The library's recorder, told how messages name the database (``store.SHOWN``:
        the URL without its password)."""
        recorder: Any = super().application_recorder()
        recorder.shown = self.env.get(store.SHOWN) or ""
        return recorder


class ChainedPostgresRecorder(PostgresApplicationRecorder):
    """The library's PostgreSQL recorder, with the chain's table and links; its writers
    take an advisory lock where the library takes LOCK TABLE ... EXCLUSIVE (which needs
    the UPDATE privilege a device's role does not hold, docs/deploy.md)."""

    def __init__(self, datastore: Any, **kwargs: Any) -> None:
        super().__init__(datastore, **kwargs)
        self.schema = str(datastore.schema)  # made by the tracker (store.Postgres)
        self.lock_table_statements = [
            SQL("SET LOCAL lock_timeout = '{0}s'").format(self.datastore.lock_timeout),
            SQL(store.lock_statement(self.schema)),
        ]
        schema = Identifier(self.schema)
        self.sql_create_statements.append(SQL(store.PG_CREATE_CHAIN).format(schema=schema))
        self.sql_create_statements.append(SQL(store.PG_CREATE_JSONB).format(schema=schema))
        names: dict[str, Composable] = {"events": Identifier(self.events_table_name)}
        names["channel"] = Identifier(self.channel_name)
        names["key"] = SQL(str(store.advisory_key(self.schema)))
        for create in (store.PG_CREATE_RECORD_ONE, store.PG_CREATE_RECORD_MANY):
            self.sql_create_statements.append(SQL(create).format(schema=schema, **names))
        self.record = {  # the calls as sent, rendered once (psycopg would each time)
            many: SQL(call).format(schema=schema)
            for many, call in ((False, store.PG_CALL_RECORD_ONE), (True, store.PG_CALL_RECORD_MANY))
        }
        self._calls: dict[bool, bytes] = {}
        self.wait = f"{self.datastore.lock_timeout}s"
        self.select_link = SQL(store.PG_LINK).format(schema=schema)
        self.select_stored, self.select_ids = (
            SQL(q).format(schema=schema, **names) for q in (store.PG_STORED, store.PG_IDS)
        )
        self.shown = ""  # the database as messages name it (the factory sets it)
        # The newest link this recorder committed (or read) in each campaign: the next
        # event's link needs its hash.
        self._heads: dict[Any, Head] = {}
        self._pending: dict[Any, Head] = {}
        self._selects: dict[tuple[bool, bool, bool, bool], bytes] = {}

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def select_events(
        self,
        originator_id: Any,
        *,
        gt: int | None = None,
        lte: int | None = None,
        desc: bool = False,
        limit: int | None = None,
    ) -> Sequence[StoredEvent]:
        """A campaign's events, as the library selects them, its statement rendered once
        for each of the shapes a load asks (psycopg would render it at each load)."""
        shape = (gt is not None, lte is not None, desc, limit is not None)
        params = [originator_id, *(v for v in (gt, lte, limit) if v is not None)]
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            statement = self._selects.get(shape) or self._select(shape, conn)
            curs.execute(statement, params, prepare=True)
            return [
                StoredEvent(
                    originator_id=row["originator_id"],
                    originator_version=row["originator_version"],
                    topic=row["topic"],
                    state=bytes(row["state"]),
                )
                for row in curs.fetchall()
            ]

    def _select(self, shape: tuple[bool, bool, bool, bool], conn: Any) -> bytes:
        """The library's statement selecting events in one shape (``select_events``)."""
        after, upto, desc, limited = shape
        statement = self.select_events_statement
        statement += SQL(" AND originator_version > %s") if after else SQL("")
        statement += SQL(" AND originator_version <= %s") if upto else SQL("")
        statement += SQL(
            " ORDER BY originator_version DESC" if desc else " ORDER BY originator_version ASC"
        )
        statement += SQL(" LIMIT %s") if limited else SQL("")
        self._selects[shape] = rendered = statement.as_bytes(conn)
        return rendered

    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Any:
        """Insert the events and their links in one transaction; their notification ids."""
        if not stored_events:
            return super().insert_events(stored_events, **kwargs)
        links = self._links(stored_events)
        if links is None:  # a predecessor without a link: the library's steps
            return self._insert_reading_the_chain(stored_events, **kwargs)
        ids = self._insert_at_once(stored_events, links)
        for each, hashed in zip(stored_events, links, strict=True):
            self._heads[each.originator_id] = (each.originator_version, hashed)
        return ids

    def _links(self, stored_events: Sequence[StoredEvent]) -> list[str] | None:
        """Each event's hash, chained in Python from the hash of the event before it
        (remembered, or read); None if one predecessor has no link."""
        known: dict[Any, Head] = {}
        hashes = []
        for each in stored_events:
            stream, version = each.originator_id, each.originator_version
            previous = self._previous(known.get(stream), stream, version)
            if previous is None:
                return None
            hashed = link(previous, version, content_digest(each.topic, each.state))
            known[stream] = (version, hashed)
            hashes.append(hashed)
        return hashes

    def _previous(self, known: Head | None, stream: Any, version: int) -> str | None:
        """The hash of event ``version - 1`` of ``stream``: GENESIS before the first,
        else as this save, this recorder or the server knows it (None: no link)."""
        if version == 1:
            return GENESIS
        for head in (known, self._heads.get(stream)):
            if head is not None and head[0] == version - 1:
                return head[1]
        found: str | None = self._read_link(stream, version - 1)
        if found is not None:
            self._heads[stream] = (version - 1, found)
        return found

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def _read_link(self, stream: Any, version: int) -> str | None:
        """The hash of one event's link as the server holds it (None: no link)."""
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(self.select_link, (stream, version), prepare=True)
            row = curs.fetchone()
        return None if row is None else hex_of(bytes(row["hash"]))

    def _insert_at_once(self, stored_events: Sequence[StoredEvent], links: list[str]) -> Any:
        """The events and their links in one statement, its own transaction (the schema's
        ``grizzled_record``, ``store._record``); their notification ids. A connection lost
        on the way is tried again, after asking the server whether the save had committed
        (its reply lost): then it is the save's, never recorded twice. Given up, it says
        in one line whether the action was recorded: not, or not known (no answer)."""
        unrecorded = False  # the server said, after the last try, that it holds none
        for _ in range(ATTEMPTS):
            try:
                return self._record_once(stored_events, links)
            except (InterfaceError, OperationalError) as error:
                lost = error
            time.sleep(PAUSE)
            try:
                ids = self._stored_already(stored_events)
            except (InterfaceError, OperationalError) as error:
                lost, unrecorded = error, False
                continue
            if ids is not None:
                return ids
            unrecorded = True
        said = Formed(
            N_("nothing was recorded")
            if unrecorded
            else N_(
                "whether the action was recorded is not known: look at 'grizzled log' when "
                "the server answers again"
            )
        )
        raise DatabaseError(N_("{shown}; {said}"), shown=store.failed(self.shown, lost), said=said)

    def _record_once(self, stored_events: Sequence[StoredEvent], links: list[str]) -> Any:
        many = len(stored_events) > 1
        params: list[Any] = [
            [e.originator_id for e in stored_events],
            [e.originator_version for e in stored_events],
            [e.topic for e in stored_events],
            [e.state for e in stored_events],
            [bytes.fromhex(hashed) for hashed in links],
        ]
        if not many:
            params = [column[0] for column in params]
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            call = self._calls.get(many) or self._calls.setdefault(
                many, self.record[many].as_bytes(conn)
            )
            curs.execute(call, [*params, self.wait], prepare=True)
            return [row["grizzled_record"] for row in curs.fetchall()]

    def _stored_already(self, stored_events: Sequence[StoredEvent]) -> list[int] | None:
        """The notification ids of the events if the server holds them as given (a save
        that committed, its reply lost); None if it holds none of them. A conflicting
        row is left to the insert, whose IntegrityError says the campaign moved on."""
        first = stored_events[0]
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(self.select_stored, (first.originator_id, first.originator_version))
            row = curs.fetchone()
            if row is None or (row["topic"], bytes(row["state"])) != (first.topic, first.state):
                return None
            curs.execute(
                self.select_ids,
                (
                    [e.originator_id for e in stored_events],
                    [e.originator_version for e in stored_events],
                ),
            )
            return [r["notification_id"] for r in curs.fetchall()]

    def _insert_reading_the_chain(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Any:
        """The library's steps, each link written after the ids are fetched (the missing
        links before it made first, ``tracker.integrity.chained_up_to``)."""
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
