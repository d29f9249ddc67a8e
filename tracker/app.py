"""The tracker: one eventsourcing Application over the rules engine, on SQLite.

Each command method loads the campaign, asks the domain to decide, and saves. Library
errors are translated once into the tracker's own. Several campaigns share one file;
a campaign's id is derived from its name.
"""

from __future__ import annotations

import contextlib
import os
import random
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar, cast
from uuid import UUID

import msgspec

from domain.campaign.flow import (
    CampaignState,
    decide_campaign,
    decide_create_campaign,
)
from domain.chapter.commands import Chance, Seat
from domain.chapter.corrections import CorrectFact
from domain.chapter.queries import missions_started
from domain.codec import decode_campaign, encode_command
from domain.errors import N_, Formed, Joined, NotPlayed, RuleViolation, Summary
from domain.events import ChapterLost, ChapterStarted, ChapterWon, Event, to_record
from domain.names import alike
from domain.records import from_record
from tracker import dbfile, store
from tracker.aggregate import Campaign, CampaignStateAsDict, is_revert
from tracker.chance import Recording
from tracker.config import current_session, current_user
from tracker.dbfile import CREATE, READ, Access
from tracker.errors import (
    CampaignExists,
    CampaignNotFound,
    ConcurrentChange,
    DatabaseError,
    Moved,
    NoSuchEvent,
    NothingToRedo,
    NothingToUndo,
    NotOnCurrentLine,
    RevertRefused,
    TrackerError,
    UnusableFile,
)
from tracker.follow import follow, replaced
from tracker.kept import KEPT, KeptCampaigns
from tracker.library import (
    AggregateNotFoundError,
    Application,
    IntegrityError,
    JSONTranscoder,
    Mapper,
    PersistenceError,
    ProcessingEvent,
)
from tracker.mapper import CheckedMapper, CheckedTranscoder, broken_link
from tracker.store import PRUNE as PRUNE  # where the storage tests find it
from tracker.stream import REDONE_TOPIC, REVERTED_TOPIC, UNDONE_TOPIC

if TYPE_CHECKING:
    from domain.campaign.flow import CampaignCommand
    from domain.revert import Later
    from tracker.branch import Branched

try:  # CPython's builtin SHA-1: importing hashlib starts OpenSSL, ~8 ms of every command
    from _sha1 import sha1 as _sha1  # type: ignore[import-not-found]  # no stub; C module
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import sha1 as _sha1

T = TypeVar("T")


class Took(NamedTuple):
    """A write decided on the head it saw (never decided again on another): its command
    word and what it would have done, for its refusal when the campaign moved meanwhile."""

    word: str
    done: str


UNDO = Took("undo", "taken back")
REDO = Took("redo", "brought back")
REVERT = Took("revert", "reverted")
CORRECT = Took("correct", "corrected")
LOG = Took("log it", "logged")
# Asked with the events a command was decided to, before they are saved; it may refuse them
# by raising (the question before a deal that loses the chapter).
Confirm = Callable[[Sequence[Event]], None]
NAMESPACE = UUID("6f1d5a52-9c1e-4d3f-9a55-2b8e1a7c0d11")
# A command that lost a race to another device is decided again on the new state, with a
# growing, jittered pause, for this long before it gives up (several phones and laptops
# logging at once: a count of 3 gave up on 90 of 160 contended PostgreSQL actions).
RETRY_SECONDS = 5.0
SNAPSHOT_INTERVAL = 25
# Snapshots kept: the newest KEEP_RECENT, and one every KEEP_EVERY versions among the
# last KEEP_SPAN (a snapshot holds the whole campaign state, which grows with the
# campaign: keeping every one made the file grow with the square of its events; a
# bounded number of them keeps it linear).
KEEP_RECENT = 8
KEEP_EVERY = 1000
KEEP_SPAN = 10_000


def campaign_id(name: str) -> UUID:
    """A campaign's id, derived from its name (case and outer spaces ignored): the
    ``uuid.uuid5`` of the name, computed as ``uuid5`` does, with the builtin SHA-1."""
    digest = _sha1(NAMESPACE.bytes + name.strip().casefold().encode("utf-8")).digest()
    return UUID(bytes=digest[:16], version=5)


class Logged(msgspec.Struct, frozen=True):
    """What a logged action recorded."""

    version: int
    events: tuple[Event, ...]
    state: CampaignState
    retried: bool = False
    # the state the action was decided on, by the version of the event it follows: what
    # the read models hold for that event (``projections.project.load_stream``)
    before: dict[int, CampaignState] = {}


class Undone(msgspec.Struct, frozen=True):
    """What an undo or a redo took back or restored."""

    version: int
    actions: tuple[int, ...]
    state: CampaignState  # the state right after ``head``, the last action standing
    head: int


class UndoPreview(msgspec.Struct, frozen=True):
    """What an undo would take back: its actions (version, summary) oldest first, and how
    many Missions they start and chapters they start or end."""

    actions: tuple[tuple[int, str], ...]
    missions: int
    chapters: int

    @property
    def crosses(self) -> bool:
        """More than one action, across a Mission's start or a chapter's start or end."""
        return len(self.actions) > 1 and (self.missions > 0 or self.chapters > 0)


class Reverted(msgspec.Struct, frozen=True):
    """A revert recorded: the action taken out, the later ones decided again (version,
    summary), and the state after."""

    version: int
    reverted: tuple[int, str]
    reapplied: tuple[tuple[int, str], ...]
    state: CampaignState


class ReplayStep(msgspec.Struct, frozen=True):
    """One action of a replayed chapter and the state right after it."""

    version: int
    summary: str
    state: CampaignState
    events: tuple[Event, ...] = ()  # what the action decided (a Mission's or chapter's end)


class Tracker(Application[UUID]):
    """Log campaigns of The Grizzled into a SQLite event store."""

    name = "grizzled"
    snapshotting_intervals = {Campaign: SNAPSHOT_INTERVAL}  # noqa: RUF012 - library API
    log_section_size = 500  # notifications a read of the log may ask (tracker.clubcache)
    retry_seconds = RETRY_SECONDS  # how long a command that keeps losing races tries again
    clock = staticmethod(time.monotonic)  # the retries' deadline is read on it
    pause = staticmethod(time.sleep)  # and their pauses waited with it

    def __init__(
        self,
        db: str | os.PathLike[str],
        *,
        chance: Chance | None = None,
        by: str | None = None,
        session: str | None = None,
        lock_timeout: int = 5,
        access: Access = CREATE,
        look: bool = False,
    ) -> None:
        """Open the campaign file ``db`` for ``access`` (dbfile.prepare: a reader creates
        nothing and never writes, only a creating access makes a new file; ``look``: a
        reader that checks a file others may be writing, read-only: a WAL beside it is
        read under SQLite's locks, never merged into it)."""
        self.chance = chance
        self.by = by or current_user()
        self.session = session or current_session()
        self.access = access
        self._recalled: dict[tuple[UUID, int], CampaignState] = {}
        self._made: dict[int, Any] = {}  # snapshots a branch took as it was built, by version
        self._replayed: dict[UUID, Campaign] = {}  # by a check of what another device appended
        if store.is_postgres(db):
            self._open_postgres(str(db), lock_timeout, access)
            return
        self.dialect = store.SQLITE
        try:
            self.db_path = dbfile.checked_path(os.fspath(db))
        except dbfile.BadPath as error:
            raise DatabaseError(str(error)) from None
        uri, self.file_kind = dbfile.prepare(self.db_path, access, look=look)
        self.opened = dbfile.identity(self.db_path)  # writes land only while it is there
        env = {
            "PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": uri,
            "SQLITE_LOCK_TIMEOUT": str(lock_timeout),
            "CREATE_TABLE": "no" if access == READ else "yes",
            "APPLICATION_RECORDER_TOPIC": "tracker.integrity:ChainedRecorder",  # the chain
        }
        env.update({f"GRIZZLED_{k}": v for k, v in env.items()})
        try:
            super().__init__(env=env)
        except (PersistenceError, sqlite3.Error) as error:
            raise self._failure(error) from None
        follow(getattr(self.factory, "datastore", None), self.db_path, self.opened)

    def _open_postgres(self, url: str, lock_timeout: int, access: Access) -> None:
        """Open the PostgreSQL database at ``url`` (``store.postgres_env``). Its tables and
        functions are made by its owner (``upgrade``, ``grizzled db upgrade``), never by a
        device at its first write: a database without them is refused in one line. Only
        a creating access (the tests', an import's scratch) makes them when missing. Its
        URL is shown without its password."""
        self.dialect, self.db_path, self.file_kind, self.opened = store.POSTGRES, "", "ours", None
        try:
            self.db_path = store.shown(url)
            env = store.postgres_env(url, create=access == CREATE, lock_timeout=lock_timeout)
            self._rows = store.Postgres(env, self.db_path)
        except ValueError as error:
            raise DatabaseError(
                N_("cannot use the database {value}: {error}"),
                value=self.db_path or "URL",
                error=error,
            ) from None
        except ImportError:
            raise DatabaseError(
                N_("PostgreSQL needs its driver: pip install 'grizzled-tracker[postgres]'")
            ) from None
        try:
            made = self._rows.made(writing=access != READ)
            if access == CREATE and not made:  # made once: not on every open
                self._rows.make_schema()
            else:
                env["CREATE_TABLE"] = "no"
            if access != CREATE and not made:
                raise DatabaseError(unmade(self.db_path, self._rows))
            env.update({f"GRIZZLED_{k}": v for k, v in env.items()})
            env[store.SHOWN] = self.db_path
            super().__init__(env=env)
        except TrackerError:
            self._rows.close()
            raise
        except Exception as error:  # the driver's (psycopg.Error) or the library's
            self._rows.close()
            raise self._failure(error) from None

    def close(self) -> None:
        """Close the event store (and the tracker's own PostgreSQL connection)."""
        super().close()
        if self.dialect == store.POSTGRES:
            self._rows.close()

    def construct_env(self, name: str, env: Any = None) -> Any:
        """The library's environment, named ``grizzled`` for every subclass too (on
        PostgreSQL the library names its tables after it: ``grizzled_events``)."""
        return super().construct_env(Tracker.name, env)

    def construct_repository(self) -> KeptCampaigns:
        """The library's repository, keeping the campaigns it loads (tracker.kept)."""
        return KeptCampaigns(
            event_store=self.events,
            snapshot_store=self.snapshots,
            cache_maxsize=KEPT,
            fastforward=True,
        )

    def construct_mapper(self) -> Mapper[UUID]:
        """The library's mapper, checking every stored row before it resolves a topic."""
        return self.factory.mapper(
            transcoder=self.construct_transcoder(), mapper_class=CheckedMapper
        )

    def construct_transcoder(self) -> CheckedTranscoder:
        """The library's JSON transcoder, reading checked rows faster (tracker.mapper)."""
        transcoder = CheckedTranscoder()
        self.register_transcodings(transcoder)
        return transcoder

    def register_transcodings(self, transcoder: JSONTranscoder) -> None:
        super().register_transcodings(transcoder)
        transcoder.register(CampaignStateAsDict())

    # --- campaigns ----------------------------------------------------------------------
    def create_campaign(self, name: str, ruleset: str, seats: tuple[Seat, ...]) -> CampaignState:
        """Open a new campaign with its name, ruleset and Grizzled."""
        created = decide_create_campaign(name, ruleset, seats)
        self.name_free(created.name)
        campaign = Campaign._create(
            Campaign.Created,
            id=campaign_id(name),
            record=to_record(created),
            **self._who(),
        )
        try:
            self._save(campaign)
        except IntegrityError:
            raise CampaignExists(
                N_("a campaign called {created!r} already exists"), created=created.name
            ) from None
        return campaign.state

    def name_free(self, name: str) -> None:
        """CampaignExists if another campaign of the file reads the same as ``name``."""
        twin = alike(name, [n for n in self.campaigns() if n != name])
        if twin is not None and campaign_id(twin) != campaign_id(name):
            raise CampaignExists(
                N_(
                    "a campaign called {twin!r} already exists, and {name!r} reads the "
                    "same: choose a name that reads differently"
                ),
                twin=twin,
                name=name,
            )

    def branch(self, name: str, new: str, at: int) -> Branched:
        """Fork campaign ``name`` as it stood right after log entry ``at`` into the new
        campaign ``new`` (tracker.branch): ``name`` is only read."""
        from tracker.branch import Branched, fork

        original = self.campaign(name, at)  # NoSuchEvent outside the log's entries
        self.name_free(new.strip())
        walk = self._walk(original)  # the head then, its parent, ... the creation
        first, *actions = self._line_events(name, walk)
        branch, made = fork(
            original, at, new, campaign_id(new), first, actions, self._who(), SNAPSHOT_INTERVAL
        )
        below, every, span = prune_below(max(made, default=0))  # those pruning would keep
        self._made = {v: s for v, s in made.items() if v >= below or (v % every == 0 and v > span)}
        try:
            self._save(branch)
        except IntegrityError:
            raise CampaignExists(
                N_("a campaign called {branch!r} already exists"), branch=branch.name
            ) from None
        finally:
            self._made = {}
        copied = branch.version - 1  # an event for each action that stood
        return Branched(branch.name, original.name, at, copied, branch.version, branch.state)

    def campaign(self, name: str, version: int | None = None) -> Campaign:
        """The campaign aggregate (at a version of its stream, if given)."""
        if version is not None:
            entry_checked(version)
        else:
            kept = self._replayed.pop(campaign_id(name), None)
            if kept is not None and not self._guard(lambda: self._beyond(kept)):
                return kept
        try:
            campaign: Campaign = self._guard(lambda: self._get(campaign_id(name), version))
        except AggregateNotFoundError:
            raise CampaignNotFound(
                N_("there is no campaign called {name!r} in {db_path}"),
                name=name,
                db_path=self.db_path,
            ) from None
        except (TrackerError, NotPlayed):  # NotPlayed: a module's event, not damage
            raise
        except Exception as error:  # the library's checks of what it loaded (versions...)
            raise UnusableFile(
                N_("the campaign file is damaged: {name!r} cannot be loaded ({name2}: {error})"),
                name=name,
                name2=type(error).__name__,
                error=error,
            ) from None
        if version is not None:  # the library loads up to the log's end
            entry_checked(version, campaign.version)
        return campaign

    def state(self, name: str, version: int | None = None) -> CampaignState:
        """The campaign state now, or right after the event numbered ``version``."""
        return self.campaign(name, version).state

    def keep_replayed(self, campaign: Campaign) -> None:
        """A campaign just replayed through the rules by the check of what another device
        appended (``tracker.checks.replay_from``): the next ``campaign`` of it takes it
        (once) rather than loading it again, unless events were stored beyond it since."""
        self._replayed[campaign.id] = campaign

    def _beyond(self, campaign: Campaign) -> bool:
        """Whether an event follows ``campaign``'s version in the store now."""
        return bool(list(self.events.get(campaign.id, gt=campaign.version, limit=1)))

    def _get(self, aggregate: UUID, version: int | None = None) -> Campaign:
        """The campaign aggregate from the store: the newest snapshot at or before
        ``version`` and the events after it, each undo, redo or revert given the state it
        returns to (``recall``)."""
        campaign: Campaign = self.repository.get(
            aggregate, version=version, projector_func=self._project
        )
        return campaign

    def _project(self, campaign: Campaign | None, events: Any) -> Campaign | None:
        """The library's projection of an aggregate (each event's ``mutate`` in turn), the
        state an undo, a redo or a revert returns to recalled first."""
        for event in events:
            target = Campaign.returns_to(event)
            if target is not None and campaign is not None:
                if target >= event.originator_version:  # a file that slipped past: no loop
                    raise UnusableFile(broken_link(event.originator_version, target, True))
                campaign = campaign.returned(event, self.recall(campaign.id, target))
            else:
                campaign = event.mutate(campaign)
        return campaign

    def forget_recalled(self) -> None:
        """Let go of the states recalled so far (a long walk over a whole campaign)."""
        self._recalled.clear()

    def recall(self, aggregate: UUID, version: int) -> CampaignState:
        """The state right after event ``version`` (states are immutable: kept for this
        process, so an undo's state is rebuilt once)."""
        key = (aggregate, version)
        if key not in self._recalled:
            self._recalled[key] = self._get(aggregate, version).state
        return self._recalled[key]

    def campaigns(self) -> list[str]:
        """The names of every campaign in the database, oldest first."""
        names = store.created_names(self, Campaign.Created.TOPIC)
        if None in names:  # a server reads a first event that is not JSON as no name
            raise UnusableFile(
                N_(
                    "the campaign database {db_path} is damaged: a campaign's first "
                    "event is not JSON (grizzled verify names it)"
                ),
                db_path=self.db_path,
            )
        return cast("list[str]", names)  # no None left: refused above

    # --- logging ------------------------------------------------------------------------
    def log_action(
        self,
        name: str,
        command: CampaignCommand,
        *,
        summary: str = "",
        loaded: Campaign | None = None,
        confirm: Confirm | None = None,
        seen: int | None = None,
    ) -> Logged:
        """Check a command against the rules and record what it leads to.

        ``loaded`` is the campaign as the caller just loaded it (saves loading it again);
        ``confirm`` is asked with the events decided before they are saved, and may
        refuse them by raising (the question before a deal that loses the chapter).
        If another process logged into the campaign meanwhile, the command is decided
        again on the new state; if the rules now refuse it, ConcurrentChange says why.
        A correction, or a command given ``seen`` (the version of the campaign's last
        event as the person saw it), is decided on that head only: Moved if another
        event was stored after it (a correction sets a fact anew as it was seen).
        """
        if loaded is not None and loaded.id != campaign_id(name):
            loaded = None
        as_seen = seen is not None or isinstance(command, CorrectFact)
        took = CORRECT if isinstance(command, CorrectFact) else LOG
        attempt, deadline = 0, 0.0
        while True:
            campaign = loaded if attempt == 0 and loaded is not None else self.campaign(name)
            if as_seen:
                seen = campaign.version if seen is None else seen
                self._unmoved(campaign, seen, took)
            chance = Recording(self.chance) if self.chance is not None else None
            try:
                events = decide_campaign(campaign.state, command, chance)
            except RuleViolation as error:
                if attempt == 0:
                    raise
                raise ConcurrentChange(
                    N_("the campaign changed while this was being logged, and now: {error}"),
                    error=error,
                ) from None
            if confirm is not None:
                confirm(events)
            before = {campaign.version: campaign.state}
            campaign.trigger_event(
                Campaign.ActionLogged,
                summary=summary or _describe(command),
                command=encode_command(command),
                events=[to_record(e) for e in events],
                parent=campaign.head,
                **self._who(),
                draws=chance.draws if chance is not None and chance.draws else None,
            )
            try:
                self._save(campaign)
            except IntegrityError:
                if as_seen:
                    assert seen is not None
                    raise self._moved(campaign.id, seen, took) from None
                now = self.clock()
                deadline = deadline or now + self.retry_seconds
                if now >= deadline:
                    raise ConcurrentChange(
                        N_(
                            "the campaign kept changing under this command for {retry_seconds:g} "
                            "s: nothing was recorded, try again"
                        ),
                        retry_seconds=self.retry_seconds,
                    ) from None
                self.pause(retry_pause(attempt))
                attempt += 1
                continue
            return Logged(campaign.version, events, campaign.state, attempt > 0, before)

    # --- undo and redo --------------------------------------------------------------------
    def line_of_play(self, name: str) -> list[int]:
        """Versions of the actions that stand (not undone), oldest first."""
        return self._line(self.campaign(name))

    def _line(self, campaign: Campaign) -> list[int]:
        parents = self._parents(campaign.id)  # the whole line: one scan beats a walk
        line: list[int] = []
        version = campaign.head
        while version != 1:  # each parent comes before its action (tracker.checks)
            line.append(version)
            parent = parents.get(version)
            if parent is None or parent >= version:
                raise UnusableFile(broken_link(version, parent))
            version = parent
        return line[::-1]

    def undo(
        self, name: str, steps: int = 1, *, reason: str = "", seen: int | None = None
    ) -> Undone:
        """Take back the last ``steps`` actions that stand, with an optional reason, as
        the campaign stood at ``seen`` (``as_seen``)."""
        campaign = self.as_seen(name, seen, UNDO)
        walk = self._steps_back(campaign, steps)
        return self._restore(campaign, walk[:steps], self._before(campaign, walk, steps), reason)

    def as_seen(self, name: str, seen: int | None, took: Took = UNDO) -> Campaign:
        """The campaign a write is decided on: as it stood right after event ``seen``, the
        last one the person saw, and Moved if another was stored since (None: as it
        stands now). The write is saved as the event after it, or refused (``_moved``)."""
        campaign = self.campaign(name)
        if seen is not None:
            self._unmoved(campaign, seen, took)
        return campaign

    def _unmoved(self, campaign: Campaign, seen: int, took: Took) -> None:
        entry_checked(seen, campaign.version)
        if campaign.version != seen:
            raise self._moved(campaign.id, seen, took, campaign.version)

    def _moved(self, aggregate: UUID, seen: int, took: Took, last: int | None = None) -> Moved:
        """The refusal of a write decided on event ``seen`` when another was stored after
        it: the first of them, who logged it, how many more."""
        said = ""
        with contextlib.suppress(Exception):  # the refusal stands without the details
            newer: Any = self._guard(lambda: next(self.events.get(aggregate, gt=seen, limit=1)))
            number = newer.originator_version
            more = (self.campaign_version(aggregate) if last is None else last) - number
            also = Formed(N_(", and {more} more"), more=more) if more > 0 else ""
            said = Formed(
                N_(" (#{number} {entry}, logged by {who}{also})"),
                number=number,
                entry=Summary(_entry(newer)),
                who=newer.logged_by,
                also=also,
            )
        return Moved(
            N_(
                "the campaign moved meanwhile{said}: nothing was {done}; look at the "
                "log, then {word} again if it is still meant"
            ),
            said=said,
            done=took.done,
            word=took.word,
        )

    def campaign_version(self, aggregate: UUID) -> int:
        """The version of the campaign's last event, as stored now."""
        return int(self._guard(lambda: self._get(aggregate)).version)

    def _before(self, campaign: Campaign, walk: list[int], steps: int) -> int:
        """Where the line stands once the ``steps`` newest actions of ``walk`` are taken
        back: the next action down, unless the oldest taken back is a revert: then the
        head it replaced (the line as it was before the revert)."""
        replaced = store.replaced_head(self, campaign.id.hex, walk[steps - 1], REVERTED_TOPIC)
        return walk[steps] if replaced is None else replaced

    def undo_steps(self, name: str, steps: int, *, seen: int | None = None) -> list[int]:
        """The actions ``undo steps`` would take back, newest first (at ``seen``)."""
        return self._steps_back(self.as_seen(name, seen, UNDO), steps)[:steps]

    def _steps_back(self, campaign: Campaign, steps: int) -> list[int]:
        if steps < 1:
            raise NothingToUndo(N_("undo takes back at least one action"))
        walk = self._walk(campaign, steps=steps)
        if len(walk) <= steps:  # the walk reached the creation (1) first
            chain = len(walk) - 1
            raise NothingToUndo(
                N_("only {chain} action can be undone")
                if chain == 1
                else N_("only {chain} actions can be undone"),
                chain=chain,
            )
        return walk

    def preview(self, name: str, versions: list[int]) -> UndoPreview:
        """What taking back the actions numbered ``versions`` would take back, in words."""
        if not versions:
            return UndoPreview((), 0, 0)
        actions = self._line_events(name, versions)
        events = [from_record(r) for action in actions for r in action.events]
        return UndoPreview(
            tuple((a.originator_version, _summary(a)) for a in actions),
            missions_started(events),
            sum(isinstance(e, ChapterStarted | ChapterWon | ChapterLost) for e in events),
        )

    def undo_plan(self, name: str, target: int, *, seen: int | None = None) -> list[int]:
        """The actions an undo back to just after event ``target`` would take back (at
        ``seen``)."""
        return self._plan_to(self.as_seen(name, seen, UNDO), target)

    def _plan_to(self, campaign: Campaign, target: int) -> list[int]:
        entry_checked(target, campaign.version)
        walk = self._walk(campaign, until=target)
        if walk[-1] != target:
            raise NotOnCurrentLine(
                N_(
                    "event #{target} is not an action of the current line of play (it "
                    "was undone, or it is not an action)"
                ),
                target=target,
            )
        return walk[:-1]

    def undo_to(
        self, name: str, target: int, *, reason: str = "", seen: int | None = None
    ) -> Undone:
        """Take back everything after the action numbered ``target``, in one step (at
        ``seen``)."""
        campaign = self.as_seen(name, seen, UNDO)
        chain = self._plan_to(campaign, target)
        if not chain:
            raise NothingToUndo(
                N_("event #{target} is the last action: nothing comes after it"), target=target
            )
        return self._restore(campaign, chain, target, reason)

    # --- taking back one past action ----------------------------------------------------
    def revert(
        self, name: str, target: int, *, reason: str = "", seen: int | None = None
    ) -> Reverted:
        """Take action ``target`` out of the line of play and decide every later action
        again on top, each with its own command (so every card, tile and draw it named
        stays). If the rules now refuse any of them, nothing is recorded and RevertRefused
        lists them and why. Decided at ``seen`` (``as_seen``)."""
        campaign = self.as_seen(name, seen, REVERT)
        entry_checked(target, campaign.version)
        walk = self._walk(campaign, until=target)
        if target == 1:
            raise NotOnCurrentLine(N_("the campaign's creation cannot be reverted"))
        if walk[-1] != target:
            raise NotOnCurrentLine(
                N_(
                    "event #{target} is not an action of the current line of play (it "
                    "was undone or reverted, or it is not an action)"
                ),
                target=target,
            )
        nodes = {e.originator_version: e for e in self._line_events(name, walk)}
        taken = nodes[target]
        if is_revert(taken):
            raise NotOnCurrentLine(
                N_(
                    "event #{target} is a revert: take it back with grizzled undo, or "
                    "revert an action it re-applied"
                ),
                target=target,
            )
        assert isinstance(taken, Campaign.ActionLogged)
        from domain.revert import redecide  # only a revert decides actions again

        base = self.recall(campaign.id, taken.parent)
        again = redecide(base, self._later_commands(nodes, walk[:-1]))
        if again.refused:
            count = len(again.refused)
            raise RevertRefused(
                N_(
                    "without #{target} ({summary}) the rules would refuse {count} later "
                    "action: {refusals}. Nothing was recorded"
                )
                if count == 1
                else N_(
                    "without #{target} ({summary}) the rules would refuse {count} later "
                    "actions: {refusals}. Nothing was recorded"
                ),
                target=target,
                summary=Summary(taken.summary),
                count=count,
                refusals=Joined([refused.said() for refused in again.refused]),
            )
        reapplied = [done.record() for done in again.reapplied]
        campaign.take_back(  # from the state after the reverted action's parent
            Campaign.ActionReverted,
            base,
            reverted=target,
            actions=sorted(walk),
            reason=reason,
            parent=taken.parent,
            replaced=campaign.head,
            reapplied=reapplied,
            **self._who(),
        )
        self._save_or_refuse(campaign, REVERT)
        return Reverted(
            campaign.version,
            (target, taken.summary),
            tuple((r["of"], r["summary"]) for r in reapplied),
            campaign.state,
        )

    def _line_events(self, name: str, versions: list[int]) -> list[Any]:
        """The stored actions (logged or reverts) numbered ``versions``, oldest first."""
        wanted, first, last = set(versions), min(versions), max(versions)
        campaign_id_ = campaign_id(name)
        stored = self._guard(lambda: list(self.events.get(campaign_id_, gt=first - 1, lte=last)))
        return [e for e in stored if e.originator_version in wanted]

    @staticmethod
    def _later_commands(nodes: dict[int, Any], newest_first: list[int]) -> list[Later]:
        """The commands of the actions after the reverted one, with what each drew at
        random, oldest first; a revert on the way stands for the actions it re-applied."""
        from domain.revert import Later

        later: list[Later] = []
        for version in reversed(newest_first):
            node = nodes[version]
            if is_revert(node):
                later += [
                    Later(r["of"], r["summary"], r["command"], r.get("draws") or [])
                    for r in node.reapplied
                ]
            elif node.command is None:
                raise RevertRefused(
                    N_(
                        "action #{version} was recorded without its command (an older file): "
                        "it cannot be decided again; take it back with grizzled undo --to"
                    ),
                    version=version,
                )
            else:
                later.append(Later(version, node.summary, node.command, node.draws or []))
        return later

    def redo(self, name: str, *, reason: str = "", seen: int | None = None) -> Undone:
        """Take the most recent undo back (only while no new action was logged since),
        with the group's ``reason`` (shown in the log), decided at ``seen``
        (``as_seen``)."""
        campaign = self.as_seen(name, seen, REDO)
        if not campaign.redo:
            raise NothingToRedo(N_("there is no undo to take back since the last logged action"))
        actions = campaign.redo[-1]
        return self._restore(campaign, list(actions), max(actions), reason, redo=True)

    def _restore(
        self,
        campaign: Campaign,
        actions: list[int],
        head: int,
        reason: str = "",
        redo: bool = False,
    ) -> Undone:
        """Record an undo (or a redo) of ``actions``: the state right after ``head`` is the
        campaign's again, read from the store at that version. The event names ``head``
        only: loading it later recalls that state the same way (``_project``)."""
        kind = Campaign.ActionsRedone if redo else Campaign.ActionsUndone
        why = {"reason": reason} if reason or not redo else {}  # a redo's: only when said
        campaign.take_back(
            kind,
            self.recall(campaign.id, head),
            actions=sorted(actions),
            head=head,
            **why,
            **self._who(),
        )
        self._save_or_refuse(campaign, REDO if redo else UNDO)
        return Undone(campaign.version, tuple(sorted(actions)), campaign.state, head)

    def _who(self) -> dict[str, str]:
        """Who logs, in which session: every stored event says it."""
        return {"logged_by": self.by, "session": self.session}

    # --- replaying -------------------------------------------------------------------------
    def replay(self, name: str, actions: list[int]) -> list[ReplayStep]:
        """Each of ``actions`` (versions of standing actions, each the next one's parent,
        oldest first: a chapter as the read models list it) and the state right after it."""
        if not actions:
            return []
        from domain.replay import evolved  # only a replay applies stored events itself

        state = self.state(name, actions[0])
        steps = []
        for action in self._line_events(name, actions):
            version = action.originator_version
            if is_revert(action):  # each action it decided again
                if version == actions[0]:
                    state = self._revert_base(action)
                steps.append(ReplayStep(version, f"revert of #{action.reverted}", state))
                for again in action.reapplied:
                    events = tuple(from_record(record) for record in again["events"])
                    state = evolved(state, events)
                    said = f"{again['summary']} (decided again)"
                    steps.append(ReplayStep(version, said, state, events))
                continue
            events = tuple(from_record(record) for record in action.events)
            if version != actions[0]:
                state = evolved(state, events)
            steps.append(ReplayStep(version, action.summary, state, events))
        return steps

    def _revert_base(self, revert: Any) -> CampaignState:
        """The state a revert started from: recorded in it (files written before), or the
        state right after its parent."""
        if revert.base is not None:
            return decode_campaign(revert.base)
        return self.recall(revert.originator_id, revert.parent)

    # --- snapshots --------------------------------------------------------------------------
    def _take_snapshots(self, processing_event: ProcessingEvent[UUID]) -> None:
        """Every SNAPSHOT_INTERVAL versions, a snapshot of the campaign as it was just
        saved (``_snapshot``). The events are saved by then: a snapshot is a cache, so
        one the disk has no room for is left out (a load starts from the one before),
        never a saved action reported as failed."""
        with contextlib.suppress(PersistenceError, sqlite3.Error):
            self._snapshot(processing_event)

    def _snapshot(self, processing_event: ProcessingEvent[UUID]) -> None:
        """The snapshot of the campaign as it was just saved (the aggregate in memory:
        the library would load it again; events saved without their aggregate, as an
        import saves them, are loaded, undos recalled), then the older ones let go
        (KEEP_RECENT, KEEP_EVERY, KEEP_SPAN)."""
        interval = self.snapshotting_intervals.get(Campaign) if self.snapshots else None
        for event in processing_event.events:
            aggregate = processing_event.aggregates.get(event.originator_id)
            version = event.originator_version
            if interval is None or version % interval:
                continue
            if self._made:  # a branch's, taken as it was built: those pruning would keep
                if version in self._made and self.snapshots is not None:
                    self.snapshots.put([self._made[version]])
                if version != max(self._made):  # pruned once, after the last one
                    continue
            elif (
                isinstance(aggregate, Campaign)
                and aggregate.version == version
                and self.snapshots is not None
            ):
                self.snapshots.put([Campaign.Snapshot.take(aggregate)])
            else:
                self.take_snapshot(event.originator_id, version, projector_func=self._project)
            self.prune_snapshots(event.originator_id, version)

    def prune_snapshots(self, aggregate: UUID, version: int) -> None:
        """Delete the snapshots older than the newest KEEP_RECENT but every KEEP_EVERY-th
        of the last KEEP_SPAN versions, on a connection of the tracker's own (snapshots
        are a cache: a delete that a power cut takes back loses nothing, so it waits for
        no disk flush)."""
        if self.dialect == store.POSTGRES:
            import psycopg

            # a role without DELETE on the snapshots (docs/deploy.md) keeps them all
            with contextlib.suppress(psycopg.Error), self._rows.connection().cursor() as curs:
                translated = store.Translated(curs, self._rows.schema)
                store.prune_snapshots(translated, aggregate.hex, *prune_below(version))
            return
        if self.file_replaced():
            return  # another file is at the path now: not ours to prune
        conn = sqlite3.connect(f"{dbfile.uri(self.db_path)}?mode=rw", uri=True)
        try:
            conn.execute("PRAGMA synchronous = NORMAL")
            with conn:
                store.prune_snapshots(conn, aggregate.hex, *prune_below(version))
        finally:
            conn.close()

    @property
    def on_server(self) -> bool:
        """Whether the campaigns are on a club's PostgreSQL server, not in a file."""
        return self.dialect == store.POSTGRES

    def file_replaced(self) -> bool:
        """Whether the file at this tracker's path is no longer the one it opened (a
        restore renamed another into place, or it is gone); never on a server, which
        has no file to replace."""
        return self.dialect == store.SQLITE and replaced(self.db_path, self.opened)

    # --- plumbing ---------------------------------------------------------------------------
    def _parents(self, campaign: UUID) -> dict[int, int]:
        rows = store.parents(self, campaign.hex, (Campaign.ActionLogged.TOPIC, REVERTED_TOPIC))
        return {int(v): int(p) for v, p in rows if type(p) is int}

    def _walk(self, campaign: Campaign, *, steps: int = -1, until: int = 1) -> list[int]:
        """The line of play from the head back, parent by parent: the head, its parent,
        ... down to ``until`` (or the creation, 1) or for ``steps`` steps, with the
        version it stopped at last. SQLite follows the parents itself, one primary-key
        lookup a step, so an undo costs the steps it takes back, not the stream's length."""
        limit = steps + 1 if steps >= 0 else -1  # SQLite: a negative LIMIT is no limit
        walk = store.line_walk(self, campaign.id.hex, campaign.head, until, limit)
        for child, parent in pairwise(walk):  # a file that slipped past
            if type(parent) is not int or parent >= child:
                raise UnusableFile(broken_link(child, parent))
        if walk[-1] not in (1, until) and len(walk) != limit:  # it names no stored action
            raise UnusableFile(broken_link(walk[-2] if len(walk) > 1 else 0, walk[-1]))
        return walk

    _held: dbfile.Held | None = None  # the connection ``holding`` keeps for its queries

    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Rows of one read-only query on the campaign file (a connection of its own,
        ``dbfile.query``, or the one ``holding`` keeps): the event store's own connection
        is the library's. On PostgreSQL, a connection of the library's pool
        (``store.Postgres``)."""
        if self.dialect == store.POSTGRES:
            return self._rows.query(sql, params)
        if self._held is not None:
            return self._held.query(sql, params)
        return dbfile.query(self.db_path, sql, params)

    @contextlib.contextmanager
    def holding(self) -> Iterator[None]:
        """The queries of a check (a score of them) on one connection in one read
        transaction (``dbfile.held``), seeing the file as it was at the first: a
        connection of its own each cost ~0.7 ms (the file opened, its schema read), a
        tenth of F for the check of what another device appended. On PostgreSQL, or
        inside another ``holding``: as before."""
        if self.dialect == store.POSTGRES or self._held is not None:
            yield
            return
        with dbfile.held(self.db_path) as held:
            self._held = held
            try:
                yield
            finally:
                self._held = None

    def _save(self, campaign: Campaign) -> None:
        self._guard(lambda: self.save(campaign))

    def _save_or_refuse(self, campaign: Campaign, took: Took) -> None:
        """Save a write decided on the campaign as loaded: the event after the one it was
        decided on, or Moved if another took that place meanwhile (never decided again)."""
        seen = campaign.version - len(campaign.pending_events)
        try:
            self._save(campaign)
        except IntegrityError:
            raise self._moved(campaign.id, seen, took) from None

    def _guard(self, action: Callable[[], T]) -> T:
        try:
            return action()
        except IntegrityError:
            raise
        except (PersistenceError, sqlite3.Error) as error:
            raise self._failure(error) from None

    def _failure(self, error: Exception) -> TrackerError:
        """SQLite's (or the library's) error as one of ours: a damaged file says so."""
        if self.dialect == store.POSTGRES:
            return DatabaseError(store.failed(self.db_path, error))
        return dbfile.failure(self.db_path, error)


def unmade(shown: str, rows: store.Postgres) -> str:
    """Why a database without the tool's tables (or with an older grizzled's) is refused."""
    made = "was made by an older grizzled" if store.has_chain(rows) else "holds no grizzled tables"
    return (
        f"the database {shown} {made} (schema {rows.schema}): its owner runs "
        "'grizzled db upgrade' once (docs/deploy.md)"
    )


def upgrade(url: str) -> str:
    """Make or bring up to date the tool's schema, tables and functions in the PostgreSQL
    database at ``url``, as its owner (``grizzled db upgrade``); the URL as shown. Run
    again, it changes nothing but replacing the functions with this grizzled's."""
    tracker = Tracker(url, access=CREATE)
    try:  # a recorder of its own on the store's connections: its CREATE ... IF NOT EXISTS,
        # CREATE OR REPLACE run whether or not the tracker found the tables made
        made: Any = tracker.factory.application_recorder()  # tracker.pgchain's
        made.create_table()
    except Exception as error:
        raise tracker._failure(error) from None
    finally:
        tracker.close()
    return tracker.db_path


def retry_pause(attempt: int) -> float:
    """Seconds to wait before deciding a command again after its ``attempt``-th lost race:
    10 ms doubling up to 250 ms, each between half and one and a half of that (racing
    devices do not retry in step)."""
    return min(0.25, 0.01 * 2.0**attempt) * random.uniform(0.5, 1.5)


def prune_below(version: int) -> tuple[int, int, int]:
    """Which older snapshots a new one at ``version`` lets go: those below the first
    number returned, except the multiples of the second above the third."""
    return version - (KEEP_RECENT - 1) * SNAPSHOT_INTERVAL, KEEP_EVERY, version - KEEP_SPAN


def entry_checked(version: int, last: int | None = None) -> None:
    """NoSuchEvent unless ``version`` numbers an entry of the log (``last``: its last
    entry's, once known)."""
    if version < 1:
        raise NoSuchEvent(N_("log entries are numbered from 1, not {version}"), version=version)
    if last is not None and version > last:
        raise NoSuchEvent(
            N_("there is no log entry #{version}: the log ends at #{last}"),
            version=version,
            last=last,
        )


def _entry(event: Any) -> str:
    """A stored event of the campaign, as the log says it."""
    kind = getattr(event, "TOPIC", "")
    if kind in (UNDONE_TOPIC, REDONE_TOPIC):
        versions = ", #".join(map(str, event.actions))
        return f"{'undo' if kind == UNDONE_TOPIC else 'redo'} of #{versions}"
    return _summary(event) if hasattr(event, "summary") or is_revert(event) else "an event"


def _summary(action: Any) -> str:
    """An action on the line, in words."""
    if is_revert(action):
        return f"revert of #{action.reverted}"
    return str(action.summary)


def _describe(command: Any) -> str:
    """A readable default summary; a withdrawal's face-down tile stays secret."""
    data = encode_command(command)["data"]
    if type(command).__name__ == "Withdraw":
        data = {k: v for k, v in data.items() if k != "tile"}
    words = " ".join(f"{k}={v}" for k, v in data.items() if v not in (None, (), [], False))
    return f"{type(command).__name__} {words}".strip()
