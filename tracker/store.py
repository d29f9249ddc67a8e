"""Every query the tracker makes on the event store's own tables, in one place.

The library keeps a campaign's events in ``stored_events`` (and its snapshots in
``stored_snapshots``); the tracker keeps the hash chain beside them (``grizzled_chain``,
``tracker.integrity``). The rest of the tracker asks these functions, never the tables:
this module is where the SQL is written, so it is the one place where the backends
differ. Each function takes what runs one read-only query (``Rows``: the tracker, or a
file's ``dbfile.Reader``) or, to write, the connection or cursor of the transaction it joins.

The SQL is written once, as SQLite reads it. On PostgreSQL (``--db postgresql://...``,
the library's ``eventsourcing.postgres``) ``postgres_sql`` says the same in its dialect:
the library names the tables there after the application (``grizzled_events``,
``grizzled_snapshots``) in the club's schema, numbers events by ``notification_id``
rather than ``rowid``, and the payload's JSON is read as ``jsonb``; the few queries that
differ further (the line walk, what the database holds) are written for each.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Protocol

from domain.errors import N_
from tracker.checkpoint import CHAIN_TABLE
from tracker.errors import DatabaseError, UnusableFile

EVENTS = "stored_events"
SNAPSHOTS = "stored_snapshots"
Row = tuple[Any, ...]


class Rows(Protocol):
    """What runs one read-only query on an event store (the tracker does), written as
    SQLite reads it, and says which database it is (``POSTGRES`` or ``SQLITE``)."""

    dialect: str

    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[Row]: ...


SQLITE, POSTGRES = "sqlite", "postgres"


def _pg(db: Any) -> bool:
    return getattr(db, "dialect", SQLITE) == POSTGRES


class OnConnection:
    """One read-only query at a time on an open SQLite connection (the read models')."""

    dialect = SQLITE

    def __init__(self, conn: Any) -> None:
        self.conn = conn

    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[Row]:
        """Rows of one query on the connection."""
        return [tuple(row) for row in self.conn.execute(sql, params).fetchall()]


# --- PostgreSQL ----------------------------------------------------------------------------------
PG_TABLES = {EVENTS: "grizzled_events", SNAPSHOTS: "grizzled_snapshots", CHAIN_TABLE: CHAIN_TABLE}
CONNINFO = "GRIZZLED_CONNINFO"  # the URL's libpq parameters (postgres_env), as a conninfo
SHOWN = "GRIZZLED_SHOWN"  # the database as messages name it (``shown``: no password)
# The events' table as the library makes it (a table of that name with other columns, a
# view or a foreign table is another's).
EVENTS_COLUMNS = (
    "r:originator_id uuid,originator_version bigint,topic text,state bytea,notification_id bigint"
)
# What the schema holds, in one query (``Postgres.made``): how many of our tables, the
# JSON function, the recording functions that take the advisory lock (an older grizzled's
# took LOCK TABLE, which needs UPDATE), the events' table's kind and columns, and any
# trigger or rule on our tables that grizzled never makes.
_OURS = "(" + ", ".join(f"to_regclass('\"{{schema}}\".{t}')" for t in PG_TABLES.values()) + ")"
SURVEY = (
    "SELECT (SELECT count(*) FROM pg_class WHERE oid IN " + _OURS + "), "
    "to_regprocedure('\"{schema}\".grizzled_jsonb(bytea)') IS NOT NULL, "
    "(SELECT count(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace "
    "WHERE n.nspname = '{schema}' AND p.proname = 'grizzled_record' "
    "AND p.prosrc LIKE '%pg_advisory_xact_lock%' AND p.prosrc NOT LIKE '%LOCK TABLE%'), "
    "(SELECT c.relkind::text || ':' || "
    "string_agg(a.attname || ' ' || format_type(a.atttypid, NULL), ',' ORDER BY a.attnum) "
    "FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid "
    "WHERE c.oid = to_regclass('\"{schema}\".grizzled_events') AND a.attnum > 0 "
    "AND NOT a.attisdropped GROUP BY c.relkind), "
    "(SELECT string_agg(DISTINCT tgname, ', ') FROM pg_trigger "
    "WHERE tgrelid IN " + _OURS + " AND NOT tgisinternal), "
    "(SELECT string_agg(DISTINCT rulename, ', ') FROM pg_rewrite "
    "WHERE ev_class IN " + _OURS + " AND rulename <> '_RETURN')"
)
# A stored payload read as JSON; NULL when it is not JSON (an edited row), as SQLite's
# ``json_valid`` guards it: a cast alone would fail the whole query with the driver's error.
PG_JSON = "grizzled_jsonb({})"
PG_CREATE_JSONB = (
    "CREATE OR REPLACE FUNCTION {schema}.grizzled_jsonb(payload bytea) RETURNS jsonb "
    "LANGUAGE plpgsql IMMUTABLE AS $body$ BEGIN "
    "RETURN convert_from(payload, 'UTF8')::jsonb; "
    "EXCEPTION WHEN others THEN RETURN NULL; END $body$"
)
# Patterns, compiled (and cached by ``re``) at the first server query, not by every command.
_NAMES = r"\b(" + "|".join(PG_TABLES) + r")\b"
_EXTRACT = r"json_extract\(CAST\(([\w.]+) AS TEXT\), '\$\.([\w.]+)'\)"
_VALID = r"json_valid\((?:CAST\()?([\w.]+)(?: AS TEXT\))?\)"


def postgres_sql(sql: str, schema: str) -> str:
    """A query written as SQLite reads it, as PostgreSQL reads it: the library's table
    names there, in the schema ``schema``; ``%s`` for ``?``; events numbered by
    ``notification_id``; the payload's JSON values read as ``jsonb`` through the schema's
    ``grizzled_jsonb`` (NULL for a row that is not JSON, as ``json_valid`` says on SQLite)."""
    sql = sql.replace("%", "%%").replace("?", "%s")
    sql = re.sub(_NAMES, lambda m: f'"{schema}".{PG_TABLES[m.group(1)]}', sql)
    sql = re.sub(r"\browid\b", "notification_id", sql)
    sql = re.sub(
        _EXTRACT,
        lambda m: f"({PG_JSON.format(m.group(1))} #> '{{{m.group(2).replace('.', ',')}}}')",
        sql,
    )
    sql = re.sub(_VALID, lambda m: f"({PG_JSON.format(m.group(1))} IS NOT NULL)", sql)
    return sql.replace("grizzled_jsonb(", f'"{schema}".grizzled_jsonb(')


class Postgres:
    """One read-only query at a time on a PostgreSQL database (the library's settings
    ``env``), written as SQLite reads it (``postgres_sql``), on a connection of the
    tracker's own (opened at the first query, kept until ``close``)."""

    dialect = POSTGRES

    def __init__(self, env: dict[str, str], shown_url: str = "") -> None:
        self.env = env
        self.schema = env["POSTGRES_SCHEMA"]
        self.shown = shown_url or f"postgresql://{env['POSTGRES_HOST']}/{env['POSTGRES_DBNAME']}"
        self._conn: Any = None

    def connection(self) -> Any:
        """The connection (autocommit: each statement its own transaction), with every
        libpq parameter of the URL (``postgres_env``'s ``GRIZZLED_CONNINFO``)."""
        if self._conn is None or self._conn.closed:
            import psycopg

            self._conn = psycopg.connect(
                self.env.get(CONNINFO, ""),
                host=self.env["POSTGRES_HOST"],
                port=self.env["POSTGRES_PORT"],
                dbname=self.env["POSTGRES_DBNAME"],
                user=self.env["POSTGRES_USER"],
                password=self.env["POSTGRES_PASSWORD"] or None,
                connect_timeout=int(self.env["POSTGRES_CONNECT_TIMEOUT"]),
                autocommit=True,
            )
        return self._conn

    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[Row]:
        """Rows of one query (ids as hex, bytes as bytes: as SQLite gives them); the
        server's or the driver's failure as the tracker's DatabaseError, in one line."""
        with self.failures(), self.connection().cursor() as c:
            c.execute(postgres_sql(sql, self.schema), params)
            return [tuple(plain(v) for v in row) for row in c.fetchall()] if c.description else []

    @contextmanager
    def failures(self) -> Iterator[None]:
        """The driver's errors inside, as the tracker's DatabaseError (``failed``)."""
        import psycopg

        try:
            yield
        except psycopg.Error as error:
            raise DatabaseError(failed(self.shown, error)) from None

    def made(self, *, writing: bool = False) -> bool:
        """The tool's tables and functions are in the schema, as this grizzled makes them
        (``writing``: the ones that record a save too, taking the advisory lock), asked
        in one query; UnusableFile when a table of ours is another's (other columns, a
        view, a foreign table) or carries a trigger or rule grizzled never makes (it
        would run on every write, unseen)."""
        with self.failures(), self.connection().cursor() as c:  # as written: no renaming
            c.execute(SURVEY.format(schema=self.schema).encode())
            found = c.fetchone()
        tables, jsonb, records, events, triggers, rules = found
        names = ", ".join(sorted(PG_TABLES.values()))
        if events not in (None, EVENTS_COLUMNS):
            raise UnusableFile(
                N_(
                    "the table {schema}.grizzled_events is not one grizzled made (other "
                    "columns, or a view or foreign table): not a grizzled database"
                ),
                schema=self.schema,
            )
        if triggers or rules:
            what = f"trigger {triggers}" if triggers else f"rule {rules}"
            raise UnusableFile(
                N_(
                    "a {what} that grizzled never makes is on its tables ({names}) in "
                    "schema {schema}: refused; the database's owner removes it "
                    "(docs/deploy.md)"
                ),
                what=what,
                names=names,
                schema=self.schema,
            )
        made = tables == len(PG_TABLES) and bool(jsonb)
        return made and (not writing or records == len(PG_RECORDS))

    def make_schema(self) -> None:
        """The club's schema, made if it is not there (the library makes its tables)."""
        from psycopg.sql import SQL, Identifier

        with self.failures(), self.connection().cursor() as c:
            c.execute("SELECT 1 FROM pg_namespace WHERE nspname = %s", (self.schema,))
            if c.fetchone() is None:  # an owner without CREATE on the database may use its own
                c.execute(SQL("CREATE SCHEMA {}").format(Identifier(self.schema)))

    def close(self) -> None:
        """Close the connection, if one was opened."""
        if self._conn is not None:
            self._conn.close()


class Translated:
    """A cursor of the PostgreSQL recorder's transaction, taking SQL as SQLite reads it
    and giving rows as SQLite's cursor does (the chain is written through it)."""

    dialect = POSTGRES

    def __init__(self, cursor: Any, schema: str) -> None:
        self.cursor, self.schema = cursor, schema

    def execute(self, sql: str, params: tuple[Any, ...] = ()) -> None:
        """Run one statement in the transaction."""
        self.cursor.execute(postgres_sql(sql, self.schema), params)

    def fetchone(self) -> Row | None:
        """The next row, or None."""
        row = self.cursor.fetchone()
        return None if row is None else tuple(plain(v) for v in _values(row))

    def fetchall(self) -> list[Row]:
        """The rows left."""
        return [tuple(plain(v) for v in _values(row)) for row in self.cursor.fetchall()]


def _values(row: Any) -> Any:
    return row.values() if isinstance(row, dict) else row


def plain(value: Any) -> Any:
    """A value PostgreSQL gave, as SQLite gives it: an id as hex, bytes as bytes."""
    if isinstance(value, memoryview):
        return bytes(value)
    if hasattr(value, "hex") and type(value).__name__ == "UUID":
        return value.hex
    return value


PG_CREATE_CHAIN = (
    f"CREATE TABLE IF NOT EXISTS {{schema}}.{CHAIN_TABLE} ("
    "originator_id uuid, originator_version bigint, hash bytea, upgraded integer, "
    "PRIMARY KEY (originator_id, originator_version))"
)


def advisory_key(schema: str) -> int:
    """The advisory lock every writer into the schema's events takes for its transaction
    (notification ids drawn in commit order, as the library's LOCK TABLE ... EXCLUSIVE
    gives, but without the UPDATE privilege that lock needs): a number of 64 bits from
    the schema's name, the same on every device and every PostgreSQL."""
    import hashlib

    digest = hashlib.sha256(f"grizzled:{schema}.grizzled_events".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


def lock_statement(schema: str) -> str:
    """The statement that takes the writers' lock (``advisory_key``) in a transaction."""
    return f"SELECT pg_advisory_xact_lock({advisory_key(schema)})"


# A save's events and their links, in one statement that is its own transaction: the
# writers' advisory lock (``advisory_key``: notification ids drawn in commit order) and its
# NOTIFY, the events and their links (hashed by the tracker, in Python), the events' new
# notification ids in the order they were given (tracker.pgchain). Made with the tables,
# for one event (a logged action: psycopg sends plain values for less than arrays) and
# for several (a branch): ids, numbers, topics, payloads, hashes, and the lock's wait.
RECORD_TYPES = ("uuid", "bigint", "text", "bytea", "bytea", "text")


def _record(many: bool) -> tuple[str, str, str]:
    """The function for one event or ``many``: its signature, how it is made (a
    ``psycopg.sql.SQL`` template: schema, events, channel) and how it is called."""
    types = [f"{t}[]" if many and n < 5 else t for n, t in enumerate(RECORD_TYPES)]
    signature = f"grizzled_record({', '.join(types)})"
    rows = "unnest($1, $2, $3, $4, $5)" if many else "(VALUES ($1, $2, $3, $4, $5))"
    rows += " AS r(id, version, topic, state, hash)"
    create = (
        f"CREATE OR REPLACE FUNCTION {{schema}}.{signature} RETURNS SETOF bigint "
        "LANGUAGE plpgsql AS $body$ BEGIN "
        "PERFORM set_config('lock_timeout', $6, true); "
        "PERFORM pg_advisory_xact_lock({key}); "
        "NOTIFY {channel}; "
        "RETURN QUERY WITH inserted AS (INSERT INTO {schema}.{events} "
        "(originator_id, originator_version, topic, state) "
        f"SELECT r.id, r.version, r.topic, r.state FROM {rows} RETURNING notification_id) "
        "SELECT notification_id FROM inserted ORDER BY notification_id; "
        f"INSERT INTO {{schema}}.{CHAIN_TABLE} (originator_id, originator_version, hash, upgraded) "
        f"SELECT r.id, r.version, r.hash, 0 FROM {rows}; "
        "END $body$"
    )
    call = f"SELECT * FROM {{schema}}.grizzled_record({', '.join(f'%s::{t}' for t in types)})"
    return signature, create, call


PG_RECORD_ONE, PG_CREATE_RECORD_ONE, PG_CALL_RECORD_ONE = _record(many=False)
PG_RECORD_MANY, PG_CREATE_RECORD_MANY, PG_CALL_RECORD_MANY = _record(many=True)
PG_RECORDS = (PG_RECORD_ONE, PG_RECORD_MANY)
# The link of one event (its hash), as the server holds it.
PG_LINK = (
    f"SELECT hash FROM {{schema}}.{CHAIN_TABLE} "
    "WHERE originator_id = %s AND originator_version = %s"
)


# One event as the server holds it, and the notification ids of events (a save whose
# reply was lost: tracker.pgchain).
PG_STORED = (
    "SELECT topic, state FROM {schema}.{events} "
    "WHERE originator_id = %s AND originator_version = %s"
)
PG_IDS = (
    "SELECT e.notification_id FROM unnest(%s::uuid[], %s::bigint[]) AS k(id, version) "
    "JOIN {schema}.{events} e ON e.originator_id = k.id AND e.originator_version = k.version "
    "ORDER BY e.notification_id"
)


def on_postgres(url: str) -> Postgres:
    """Queries of the tracker's own on the PostgreSQL database at ``url`` (nothing made)."""
    return Postgres(postgres_env(url, create=False, lock_timeout=5), shown(url))


COPY_PAGE = 500  # rows copied per statement


def copy_to_postgres(source: Rows, target: Postgres, stream: str) -> None:
    """Every row of one campaign in ``source`` (its events in order, their links, its
    snapshots) inserted as they are into ``target`` in one transaction, holding the
    writers' advisory lock (``advisory_key``: their notification ids in commit order);
    psycopg's IntegrityError if the campaign is there already, and nothing written."""
    conn = target.connection()
    schema = target.schema
    columns = "originator_id, originator_version, topic, state"
    with conn.transaction(), conn.cursor() as c:
        c.execute(lock_statement(schema))  # the writers' lock
        for table, keys in ((EVENTS, columns), (CHAIN_TABLE, "*"), (SNAPSHOTS, columns)):
            after = 0
            while page := source.query(
                f"SELECT {keys} FROM {table} WHERE originator_id = ? AND originator_version > ? "
                "ORDER BY originator_version LIMIT ?",
                (stream, after, COPY_PAGE),
            ):
                named = columns if keys == columns else _CHAIN
                marks = ", ".join("?" * len(page[0]))
                insert = f"INSERT INTO {table} ({named}) VALUES ({marks})"
                c.executemany(postgres_sql(insert, schema), page)
                after = int(page[-1][1])


_CHAIN = "originator_id, originator_version, hash, upgraded"


def is_postgres(db: str | os.PathLike[str]) -> bool:
    """``db`` names a PostgreSQL database (a ``postgresql://`` or ``postgres://`` URL)."""
    return isinstance(db, str) and db.startswith(("postgresql://", "postgres://"))


def shown(url: str) -> str:
    """A database's URL as it may be shown: without its password (a file's path as it is)."""
    if not is_postgres(url):
        return url
    from urllib.parse import urlsplit  # a server's only: ~9 M instructions of every command

    parts = urlsplit(url)
    if "password" in parts.query:  # a libpq parameter too: left out the same
        kept = [p for p in parts.query.split("&") if not p.startswith("password=")]
        parts = parts._replace(query="&".join(kept))
    userinfo, at, where = parts.netloc.rpartition("@")
    if at and ":" in userinfo:
        parts = parts._replace(netloc=f"{userinfo.split(':', 1)[0]}@{where}")
    return parts.geturl()


def failed(shown_url: str, error: BaseException) -> str:
    """PostgreSQL's (or its driver's) error in one line, naming the database; a write
    refused by a read-only database or a missing privilege says so plainly."""
    cause = error
    while cause.__cause__ is not None and getattr(cause, "sqlstate", None) is None:
        cause = cause.__cause__
    words = (str(cause).strip().splitlines() or [type(cause).__name__])[0]
    state = getattr(cause, "sqlstate", None)
    if state == READ_ONLY:
        return (
            f"the campaign database {shown_url} is read-only (default_transaction_read_only, "
            "or a standby server): nothing can be recorded there"
        )
    if state == NO_PRIVILEGE:
        return (
            f"the campaign database {shown_url} refused: {words} (the role lacks a "
            "privilege: docs/deploy.md gives each role's)"
        )
    return f"the campaign database {shown_url} failed: {words}"


READ_ONLY, NO_PRIVILEGE = "25006", "42501"  # PostgreSQL's SQLSTATEs


class BadURL(ValueError):
    """A PostgreSQL URL the tracker cannot use."""


def postgres_env(url: str, *, create: bool, lock_timeout: int) -> dict[str, str]:
    """The library's settings for the PostgreSQL database at ``url``
    (``postgresql://user@host:port/dbname?schema=club&sslmode=require...``): the password
    from the URL, else ``PGPASSWORD``, else libpq finds it (a pgpass file); the schema
    from the URL, else ``POSTGRES_SCHEMA``; every other parameter of the URL is libpq's
    (``sslmode``, ``sslrootcert``, ``connect_timeout``, ``application_name``...), kept as
    a conninfo (``CONNINFO``) that every connection is opened with, and one libpq does
    not know is refused. Its database functions stay off: they would insert past the
    recorder that writes the chain."""
    from urllib.parse import parse_qsl, unquote, urlsplit

    parts = urlsplit(url)
    dbname = unquote(parts.path.lstrip("/"))
    try:
        port = str(parts.port or 5432)
    except ValueError:
        raise BadURL(f"the port of {shown(url)} is not a number") from None
    given = _libpq(parse_qsl(parts.query, keep_blank_values=True), url)
    schema = given.pop("schema", os.environ.get("POSTGRES_SCHEMA", ""))
    dbname = given.pop("dbname", dbname)
    if not dbname or "/" in dbname:
        raise BadURL(f"{shown(url)} names no database: postgresql://user@host:port/dbname")
    if schema and not re.fullmatch(r"[a-z_][a-z0-9_]{0,62}", schema):
        raise BadURL(f"the schema {schema!r} is not a plain lower-case name")
    password = unquote(parts.password) if parts.password else os.environ.get("PGPASSWORD", "")
    timeout = given.pop("connect_timeout", "5")
    if not timeout.isdigit() or not 0 < int(timeout) <= 600:
        raise BadURL(f"connect_timeout={timeout[:20]!r}: give a number of seconds (1 to 600)")
    given.setdefault("fallback_application_name", "grizzled")
    return {
        "PERSISTENCE_MODULE": "tracker.pgchain:ClubFactory",
        "POSTGRES_DBNAME": dbname,
        "POSTGRES_HOST": given.pop("host", parts.hostname or "localhost"),
        "POSTGRES_PORT": given.pop("port", port),
        "POSTGRES_USER": given.pop("user", unquote(parts.username) if parts.username else _user()),
        "POSTGRES_PASSWORD": given.pop("password", password),
        "POSTGRES_SCHEMA": schema or "public",
        "POSTGRES_LOCK_TIMEOUT": str(lock_timeout),
        "POSTGRES_CONNECT_TIMEOUT": timeout,
        "POSTGRES_ENABLE_DB_FUNCTIONS": "no",
        "CREATE_TABLE": "yes" if create else "no",
        "APPLICATION_RECORDER_TOPIC": "tracker.pgchain:ChainedPostgresRecorder",
        CONNINFO: " ".join(f"{k}={_conninfo_value(v)}" for k, v in sorted(given.items())),
    }


def _libpq(pairs: list[tuple[str, str]], url: str) -> dict[str, str]:
    """The URL's parameters, each once, each ``schema`` or one libpq knows."""
    import psycopg

    known = {d.keyword.decode() for d in psycopg.pq.Conninfo.get_defaults()}
    given: dict[str, str] = {}
    for key, value in pairs:
        if key != "schema" and key not in known:
            raise BadURL(
                f"{shown(url)}: {key[:40]!r} is not a parameter PostgreSQL's libpq knows "
                "(sslmode, sslrootcert, connect_timeout, application_name, ...; or schema)"
            )
        if key in given:
            raise BadURL(f"{shown(url)} gives {key!r} twice")
        given[key] = value
    return given


def _conninfo_value(value: str) -> str:
    """A value as a libpq conninfo writes it: quoted, its quotes and backslashes escaped."""
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _user() -> str:
    import getpass

    return getpass.getuser()


def _json(column: str, path: str) -> str:
    """A value of a stored JSON payload, read by the database (``path``: ``$.key...``)."""
    return f"json_extract(CAST({column} AS TEXT), '{path}')"


def format_mark(db: Rows) -> int:
    """The format a SQLite file is marked with (``dbfile.FILE_FORMAT``; 0: unmarked)."""
    rows = db.query("PRAGMA user_version")
    return int(rows[0][0]) if rows else 0


# --- the campaigns and their events ----------------------------------------------------------
def newest_position(db: Rows) -> int:
    """The position of the newest stored event (0: none yet)."""
    return int(db.query(f"SELECT max(rowid) FROM {EVENTS}")[0][0] or 0)


def holds_events(db: Rows) -> bool:
    """The store holds at least one event."""
    return bool(db.query(f"SELECT 1 FROM {EVENTS} LIMIT 1"))


def holds_campaign(db: Rows, stream: str) -> bool:
    """The store holds a campaign whose id is ``stream`` (hex)."""
    return bool(db.query(f"SELECT 1 FROM {EVENTS} WHERE originator_id = ? LIMIT 1", (stream,)))


def created_names(db: Rows, topic: str) -> list[str | None]:
    """The names the campaigns were created with (their events of ``topic``), oldest first
    (None for a first event that is not JSON: PostgreSQL reads it so; SQLite refuses).
    Each campaign's first event is found by its key, the campaigns by the key's index: a
    scan of every event's row read ~10 ms of each command on 50,000 events, and a walk of
    the whole index ~4 ms; SQLite steps from one campaign's id to the next (one seek each,
    ~0.06 ms), PostgreSQL (no MIN of a uuid) reads the index's distinct ids."""
    ids = _LOOSE_IDS if not _pg(db) else f"SELECT DISTINCT originator_id FROM {EVENTS}"
    rows = db.query(
        f"SELECT {_json('state', '$.record.data.name')} FROM {EVENTS} "
        f"WHERE originator_id IN ({ids}) "
        "AND originator_version = 1 AND topic = ? ORDER BY rowid",
        (topic,),
    )
    return [row[0] for row in rows]


# Every campaign's id, one index seek each (SQLite's "loose index scan"): the smallest id,
# then the smallest above it, until none is left.
_LOOSE_IDS = (
    "WITH RECURSIVE ids(id) AS ("
    f"SELECT MIN(originator_id) FROM {EVENTS} UNION ALL "
    f"SELECT (SELECT MIN(originator_id) FROM {EVENTS} WHERE originator_id > ids.id) "
    "FROM ids WHERE ids.id IS NOT NULL) SELECT id FROM ids"
)


def created_name(db: Rows, stream: str) -> str | None:
    """The name a campaign's first event gave it, if that event is JSON."""
    rows = db.query(
        f"SELECT {_json('state', '$.record.data.name')} FROM {EVENTS} "
        "WHERE originator_id = ? AND originator_version = 1 AND json_valid(state)",
        (stream,),
    )
    return str(rows[0][0]) if rows and rows[0][0] is not None else None


def streams(db: Rows) -> list[str]:
    """Every campaign's id (hex), in the order of its first stored event."""
    rows = db.query(
        f"SELECT originator_id FROM {EVENTS} GROUP BY originator_id ORDER BY min(rowid)"
    )
    return [str(s) for (s,) in rows]


# --- what another device appended (tracker.appended; a file's, by index seeks) -----------
def streams_by_seek(db: Rows) -> list[str]:
    """Every campaign's id (hex), one index seek each (``_LOOSE_IDS``; PostgreSQL has no
    MIN of a uuid: DISTINCT)."""
    ids = _LOOSE_IDS if not _pg(db) else f"SELECT DISTINCT originator_id FROM {EVENTS}"
    return [str(s) for (s,) in db.query(ids) if s is not None]


def head_version(db: Rows, stream: str) -> int:
    """A campaign's last event number (0: none)."""
    rows = db.query(
        f"SELECT max(originator_version) FROM {EVENTS} WHERE originator_id = ?", (stream,)
    )
    return int(rows[0][0] or 0)


def event_count(db: Rows) -> int:
    """How many events the store holds (SQLite counts the smallest index's pages: through
    a memory map where the connection offers one, ``dbfile.Held.mapped``)."""
    query = getattr(db, "mapped", db.query)
    return int(query(f"SELECT count(*) FROM {EVENTS}")[0][0])


def first_version(db: Rows, stream: str) -> int:
    """A campaign's lowest event number (0: none)."""
    rows = db.query(
        f"SELECT min(originator_version) FROM {EVENTS} WHERE originator_id = ?", (stream,)
    )
    return int(rows[0][0] or 0)


def count_upto(db: Rows, stream: str, version: int, after: int = 0) -> int:
    """How many of a campaign's events are numbered ``version`` or less (and above
    ``after``: a count of the events after a checked one reads those alone)."""
    rows = db.query(
        f"SELECT count(*) FROM {EVENTS} WHERE originator_id = ? AND originator_version <= ? "
        "AND originator_version > ?",
        (stream, version, after),
    )
    return int(rows[0][0])


def topics_after(db: Rows, position: int) -> list[str]:
    """The topics of the events stored after ``position`` (a rowid)."""
    return [
        t for (t,) in db.query(f"SELECT DISTINCT topic FROM {EVENTS} WHERE rowid > ?", (position,))
    ]


def pointers_after(
    db: Rows, stream: str, after: int, back: tuple[str, str], ahead: tuple[str, str]
) -> list[Row]:
    """``pointers`` of a campaign's events numbered above ``after``."""
    return db.query(
        "SELECT originator_version, topic, CASE WHEN json_valid(CAST(state AS TEXT)) THEN "
        "json_extract(CAST(state AS TEXT), CASE WHEN topic IN (?, ?) THEN '$.parent' "
        f"ELSE '$.head' END) END FROM {EVENTS} WHERE originator_id = ? "
        "AND originator_version > ? AND topic IN (?, ?, ?, ?) ORDER BY originator_version",
        (*back, stream, after, *back, *ahead),
    )


def actions_among(
    db: Rows, stream: str, numbers: tuple[int, ...], topics: tuple[str, str]
) -> list[int]:
    """Those of a campaign's event ``numbers`` that are actions (of the two ``topics``)."""
    if not numbers:
        return []
    rows = db.query(
        f"SELECT originator_version FROM {EVENTS} WHERE originator_id = ? AND topic IN (?, ?) "
        f"AND originator_version IN ({', '.join('?' * len(numbers))})",
        (stream, *topics, *numbers),
    )
    return [int(v) for (v,) in rows]


def newest_snapshot_row(db: Rows, stream: str, version: int) -> Row | None:
    """A campaign's newest snapshot at or below ``version``: its number and stored state."""
    rows = db.query(
        f"SELECT originator_version, state FROM {SNAPSHOTS} WHERE originator_id = ? "
        "AND originator_version <= ? ORDER BY originator_version DESC LIMIT 1",
        (stream, version),
    )
    return rows[0] if rows else None


def stream_summaries(db: Rows) -> list[Row]:
    """Each campaign: its id, how many events, its first and last event numbers."""
    return db.query(
        "SELECT originator_id, count(*), min(originator_version), max(originator_version) "
        f"FROM {EVENTS} GROUP BY originator_id",
        (),
    )


def topics(db: Rows, table: str) -> list[str]:
    """The topics stored in ``table`` (EVENTS or SNAPSHOTS)."""
    return [t for (t,) in db.query(f"SELECT DISTINCT topic FROM {_table(table)}", ())]


def first_of_topic(db: Rows, table: str, topic: str) -> int:
    """The lowest event number stored in ``table`` under ``topic``."""
    return int(
        db.query(f"SELECT min(originator_version) FROM {_table(table)} WHERE topic = ?", (topic,))[
            0
        ][0]
    )


def _table(table: str) -> str:
    if table not in (EVENTS, SNAPSHOTS):
        raise ValueError(f"not a table of the event store: {table!r}")
    return table


def versions(db: Rows, stream: str) -> list[int]:
    """A campaign's event numbers, in order."""
    return [
        v
        for (v,) in db.query(
            f"SELECT originator_version FROM {EVENTS} WHERE originator_id = ? "
            "ORDER BY originator_version",
            (stream,),
        )
    ]


def event_rows(db: Rows, stream: str) -> list[Row]:
    """A campaign's stored events as they are: version, topic, state."""
    return db.query(
        f"SELECT originator_version, topic, state FROM {EVENTS} WHERE originator_id = ? "
        "ORDER BY originator_version",
        (stream,),
    )


def pointers(db: Rows, stream: str, back: tuple[str, str], ahead: tuple[str, str]) -> list[Row]:
    """Where each event of the topics ``back`` points back to (its ``parent``) and each of
    the topics ``ahead`` (its ``head``): version, topic, the number (None: not JSON), in
    order. Read outside a packed row (domain.packing keeps the parent readable)."""
    if _pg(db):
        return db.query(
            "SELECT originator_version, topic, CASE WHEN topic IN (?, ?) THEN "
            f"{PG_JSON.format('state')} -> 'parent' ELSE {PG_JSON.format('state')} -> 'head' "
            f"END FROM {EVENTS} WHERE originator_id = ? AND topic IN (?, ?, ?, ?) "
            "ORDER BY originator_version",
            (*back, stream, *back, *ahead),
        )
    return db.query(
        "SELECT originator_version, topic, CASE WHEN json_valid(CAST(state AS TEXT)) THEN "
        "json_extract(CAST(state AS TEXT), CASE WHEN topic IN (?, ?) THEN '$.parent' "
        f"ELSE '$.head' END) END FROM {EVENTS} WHERE originator_id = ? "
        "AND topic IN (?, ?, ?, ?) ORDER BY originator_version",
        (*back, stream, *back, *ahead),
    )


def parents(db: Rows, stream: str, topics: tuple[str, str]) -> list[Row]:
    """The parent each action (of the two ``topics``) names: version, parent."""
    return db.query(
        f"SELECT originator_version, {_json('state', '$.parent')} "
        f"FROM {EVENTS} WHERE originator_id = ? AND topic IN (?, ?)",
        (stream, *topics),
    )


def replaced_head(db: Rows, stream: str, version: int, topic: str) -> int | None:
    """The head a revert (event ``version`` of ``topic``) replaced; None if it is none."""
    rows = db.query(
        f"SELECT {_json('state', '$.replaced')} FROM {EVENTS} "
        "WHERE originator_id = ? AND originator_version = ? AND topic = ?",
        (stream, version, topic),
    )
    return int(rows[0][0]) if rows else None


# Each action names its parent (ActionLogged.parent); 1 is the campaign's creation. The
# walk goes on only while each parent comes before its action: on a file whose parents
# loop (tracker.checks refuses one at first sight) it stops, and the caller says so. The
# parameters are plain ``?`` in the order given (head, head, stream, until, limit): a
# numbered ``?1`` bound to a sequence is deprecated since Python 3.12 and refused from 3.14.
LINE_WALK = f"""
WITH RECURSIVE line(version, child) AS (
    SELECT ?, ? + 1
    UNION ALL
    SELECT {_json("stored.state", "$.parent")}, line.version
    FROM line JOIN {EVENTS} AS stored
        ON stored.originator_id = ? AND stored.originator_version = line.version
    WHERE line.version NOT IN (1, ?) AND line.version < line.child
)
SELECT version FROM line LIMIT ?
"""
# The same on PostgreSQL (typed: a parent that is not a number ends the walk there).
PG_LINE_WALK = f"""
WITH RECURSIVE line(version, child) AS (
    SELECT ?::bigint, ?::bigint + 1
    UNION ALL
    SELECT CASE WHEN jsonb_typeof({{parent}}) = 'number' THEN ({{parent}})::bigint END,
        line.version
    FROM line JOIN {EVENTS} AS stored
        ON stored.originator_id = ? AND stored.originator_version = line.version
    WHERE line.version NOT IN (1, ?) AND line.version < line.child
)
SELECT version FROM line LIMIT ?
""".replace("{parent}", "(convert_from(stored.state, 'UTF8')::jsonb -> 'parent')")


def line_walk(db: Rows, stream: str, head: int, until: int, limit: int) -> list[Any]:
    """The line of play from ``head`` back, parent by parent, to ``until`` (or 1), at most
    ``limit`` numbers (-1: no limit): the database follows the parents itself, one
    primary-key lookup a step."""
    if _pg(db):
        walked = db.query(PG_LINE_WALK, (head, head, stream, until, None if limit < 0 else limit))
    else:
        walked = db.query(LINE_WALK, (head, head, stream, until, limit))
    return [v for (v,) in walked]


# A row only a grizzled that chains writes: a logged action packed (domain.packing), a
# snapshot deflated. Both came after the chain (format 2), so a format-1 file holds none.
PACKED_ACTION = "topic = 'grizzled:Campaign.ActionLogged' AND instr(state, X'2c227a31223a22') > 0"
DEFLATED_SNAPSHOT = "substr(state, 1, 7) = X'7b227a30223a22'"
PG_PACKED_ACTION = (
    "topic = 'grizzled:Campaign.ActionLogged' AND position('\\x2c227a31223a22'::bytea in state) > 0"
)
PG_DEFLATED_SNAPSHOT = "substring(state from 1 for 7) = '\\x7b227a30223a22'::bytea"


def holds_packed(db: Rows) -> bool:
    """A packed action or a deflated snapshot is stored (only a chaining grizzled writes one)."""
    packed, deflated = (
        (PG_PACKED_ACTION, PG_DEFLATED_SNAPSHOT) if _pg(db) else (PACKED_ACTION, DEFLATED_SNAPSHOT)
    )
    return bool(
        db.query(f"SELECT 1 FROM {EVENTS} WHERE {packed} LIMIT 1")
        or db.query(f"SELECT 1 FROM {SNAPSHOTS} WHERE {deflated} LIMIT 1")
    )


# --- the chain beside them --------------------------------------------------------------------
def has_chain(db: Rows) -> bool:
    """The store holds the chain's table."""
    if _pg(db):  # the name in the club's schema (postgres_sql qualifies it)
        return bool(db.query(f"SELECT 1 WHERE to_regclass('{CHAIN_TABLE}') IS NOT NULL"))
    return bool(
        db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (CHAIN_TABLE,))
    )


def chain_links(db: Rows, stream: str) -> list[Row]:
    """A campaign's links as the chain table holds them: version, hash, upgraded."""
    return db.query(
        f"SELECT originator_version, hash, upgraded FROM {CHAIN_TABLE} WHERE originator_id = ?",
        (stream,),
    )


def linked_page(db: Rows, stream: str, after: int, size: int, chain: bool) -> list[Row]:
    """Up to ``size`` of a campaign's events after number ``after``: version, topic, state
    and the hash its link holds (None: no link; always None when ``chain`` is false)."""
    beside = (
        f"(SELECT hash FROM {CHAIN_TABLE} c WHERE c.originator_id = e.originator_id "
        "AND c.originator_version = e.originator_version)"
        if chain
        else "NULL"
    )
    return db.query(
        f"SELECT e.originator_version, e.topic, e.state, {beside} FROM {EVENTS} e "
        "WHERE e.originator_id = ? AND e.originator_version > ? "
        "ORDER BY e.originator_version LIMIT ?",
        (stream, after, size),
    )


CHAIN_AGGREGATES = frozenset(
    {"1", "count(*)", "min(originator_version)", "max(originator_version)"}
)


def chain_value(
    db: Rows, stream: str, what: str, *, above: int = 0, at: int = 0, written: bool = False
) -> Any:
    """One aggregate (``what``: one of CHAIN_AGGREGATES) of a campaign's links: those
    above event ``above``, or of event ``at`` only, or (``written``) only those written
    as their events were recorded, not on upgrade; None when there is none."""
    if what not in CHAIN_AGGREGATES:
        raise ValueError(f"not an aggregate of the chain: {what!r}")
    where, args = "", tuple[int, ...]()
    if at:
        where, args = " AND originator_version = ?", (at,)
    elif above:
        where, args = " AND originator_version > ?", (above,)
    if written:
        where += " AND upgraded = 0"
    rows = db.query(
        f"SELECT {what} FROM {CHAIN_TABLE} WHERE originator_id = ?{where}", (stream, *args)
    )
    return rows[0][0] if rows else None


def upgraded_range(db: Rows, stream: str, after: int) -> Row:
    """The first and last links made on upgrade after event ``after`` (None, None: none)."""
    rows = db.query(
        f"SELECT min(originator_version), max(originator_version) FROM {CHAIN_TABLE} "
        "WHERE originator_id = ? AND upgraded = 1 AND originator_version > ?",
        (stream, after),
    )
    return rows[0] if rows else (None, None)


def upgraded_packed(db: Rows, stream: str, before: int) -> Row:
    """The first and last links made on upgrade before event ``before`` whose events are
    packed actions, which only a grizzled that chains writes (None, None: none)."""
    packed = PG_PACKED_ACTION if _pg(db) else PACKED_ACTION
    rows = db.query(  # driven by the links (few or none made on upgrade), not the events
        f"SELECT min(c.originator_version), max(c.originator_version) FROM {CHAIN_TABLE} c "
        "WHERE c.originator_id = ? AND c.upgraded = 1 AND c.originator_version < ? "
        f"AND EXISTS (SELECT 1 FROM {EVENTS} e WHERE e.originator_id = c.originator_id "
        f"AND e.originator_version = c.originator_version AND {packed})",
        (stream, before),
    )
    return rows[0] if rows else (None, None)


def chain_hashes(db: Rows, stream: str, numbers: tuple[int, ...]) -> list[Row]:
    """The links of the events ``numbers`` of a campaign: version, hash."""
    if not numbers:
        return []
    return db.query(
        f"SELECT originator_version, hash FROM {CHAIN_TABLE} WHERE originator_id = ? "
        f"AND originator_version IN ({', '.join('?' * len(numbers))})",
        (stream, *numbers),
    )


# --- writing, in the caller's transaction -------------------------------------------------------
CREATE_CHAIN = (
    f"CREATE TABLE IF NOT EXISTS {CHAIN_TABLE} ("
    "originator_id TEXT, originator_version INTEGER, hash BLOB, upgraded INTEGER, "
    "PRIMARY KEY (originator_id, originator_version)) WITHOUT ROWID"
)


def make_chain(c: Any) -> None:
    """Create the chain's table on the cursor ``c`` if it is not there."""
    c.execute(CREATE_CHAIN)


INSERT_LINK = f"INSERT INTO {CHAIN_TABLE} VALUES (?, ?, ?, ?)"


def add_link(c: Any, stream: str, version: int, hashed: str, upgraded: bool) -> None:
    """Write one event's link (its hash, hex) on the cursor ``c``."""
    c.execute(INSERT_LINK, (stream, version, bytes.fromhex(hashed), int(upgraded)))


def latest_link(c: Any, stream: str, version: int) -> Row | None:
    """The newest link of a campaign at or below event ``version``: version, hash."""
    c.execute(
        f"SELECT originator_version, hash FROM {CHAIN_TABLE} WHERE originator_id = ? "
        "AND originator_version <= ? ORDER BY originator_version DESC LIMIT 1",
        (stream, version),
    )
    row: Row | None = c.fetchone()
    return row


def events_between(c: Any, events_table: str, stream: str, after: int, upto: int) -> list[Row]:
    """A campaign's events after ``after`` up to ``upto``: version, topic, state."""
    c.execute(
        f"SELECT originator_version, topic, state FROM {events_table} "
        "WHERE originator_id = ? AND originator_version > ? AND originator_version <= ? "
        "ORDER BY originator_version",
        (stream, after, upto),
    )
    return [(int(r[0]), str(r[1]), r[2]) for r in c.fetchall()]


def stream_heads(c: Any) -> list[Row]:
    """Each campaign's id and its last event number."""
    c.execute(f"SELECT originator_id, max(originator_version) FROM {EVENTS} GROUP BY originator_id")
    return list(c.fetchall())


def holds_events_table(conn: Any) -> bool:
    """The file (a connection to it) has the event store's table."""
    return bool(conn.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (EVENTS,)).fetchone())


def count_events(conn: Any) -> int:
    """How many events the database (a connection to it) holds."""
    return int(conn.execute(f"SELECT count(*) FROM {EVENTS}").fetchone()[0])


def newest_cached(conn: Any) -> Row:
    """A cache's newest event (``tracker.clubcache``): its position, id, number; 0s."""
    row = conn.execute(
        f"SELECT rowid, originator_id, originator_version FROM {EVENTS} ORDER BY rowid DESC LIMIT 1"
    ).fetchone()
    return (0, "", 0) if row is None else tuple(row)


def cache_events(conn: Any, rows: list[Row]) -> None:
    """Notifications (id, stream, number, topic, state) into a cache, in one transaction:
    those it holds already (another command of this device copied them meanwhile) left
    out, its newest read again under the write lock."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        held = int(conn.execute(f"SELECT max(rowid) FROM {EVENTS}").fetchone()[0] or 0)
        conn.executemany(
            f"INSERT INTO {EVENTS} (rowid, originator_id, originator_version, topic, state) "
            "VALUES (?, ?, ?, ?, ?)",
            [row for row in rows if row[0] > held],
        )
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


PRUNE = (
    f"DELETE FROM {SNAPSHOTS} WHERE originator_id = ? AND originator_version < ? "
    "AND (originator_version % ? != 0 OR originator_version <= ?)"
)


def prune_snapshots(conn: Any, stream: str, below: int, every: int, span: int) -> None:
    """Delete a campaign's snapshots below ``below`` except each ``every``-th above
    ``span``, on the connection ``conn`` (in its transaction)."""
    conn.execute(PRUNE, (stream, below, every, span))


# One campaign's rows copied from the attached database ``scratch`` into ``main``.
COPY = (
    f"INSERT INTO main.{EVENTS} (originator_id, originator_version, topic, state) "
    f"SELECT originator_id, originator_version, topic, state FROM scratch.{EVENTS} "
    "WHERE originator_id = ? ORDER BY originator_version",
    f"INSERT INTO main.{CHAIN_TABLE} SELECT * FROM scratch.{CHAIN_TABLE} WHERE originator_id = ?",
    f"INSERT INTO main.{SNAPSHOTS} SELECT * FROM scratch.{SNAPSHOTS} "
    "WHERE originator_id = ? ORDER BY originator_version",
)
