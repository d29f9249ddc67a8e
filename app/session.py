"""One unit of work on a campaign store, shared by every face: which database and
campaign, the tracker opened once for the access asked, the file's first-sight check,
saving and bringing the read models up to date in the same unit, and what the file is
remembered as when the work ends (``close``). Moved out of the click context (issue 40):
the command line's ``cli.context.Context`` is this session plus the terminal's ways
(the campaign chosen with ``campaign use``, the refusal noted for ``undo``, printing).

Heavy modules (the tracker and eventsourcing) are imported only when the work needs them.
A session is used by one thread at a time (the companion runs each handler in a thread of
its own, each with its own session)."""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, Any

from app.errors import BadPlace, NoCampaign, Refused
from voice import lang

if TYPE_CHECKING:
    from domain.campaign.flow import CampaignState
    from tracker.aggregate import Campaign
    from tracker.app import Tracker as Tracker  # re-exported: the faces' types
    from tracker.dbfile import Access as Access


def no_campaign() -> str:
    """``no campaign in WHERE: create one ...``, in the language in use."""
    return lang._("no campaign in {where}: create one with 'grizzled campaign new'")


def located(given: str | None) -> tuple[str, str | None]:
    """Where a face's campaign database is: the file named (``~`` expanded; None: the
    default, ``tracker.config.database_path``), and None; or for a club's server, named
    by its URL, this client's cache and the URL. A name that is no path at all is refused
    (``errors.BadPlace``)."""
    if given is not None and given.startswith(("postgresql://", "postgres://")):
        from tracker.clubcache import cache_path

        return cache_path(given), given
    from tracker.config import database_path
    from tracker.dbfile import BadPath, checked_path

    try:
        return checked_path(database_path() if given is None else given), None
    except BadPath as error:
        raise BadPlace(str(error)) from None


# --- what this machine remembers of a file, outside it (app.remembered) ----------------------
CURRENT_FILE = "current-campaign.json"  # the campaign chosen for each file (campaign use)


def data_file(name: str) -> str:
    """The file ``name`` of this machine's data directory for grizzled."""
    from tracker.config import data_dir

    return os.path.join(data_dir(), name)


def read_kept(name: str) -> dict[str, Any]:
    """The JSON object kept in the data directory's file ``name`` ({} if unreadable)."""
    try:
        with open(data_file(name), encoding="utf-8") as f:
            known = json.load(f)
    except (OSError, ValueError):
        return {}
    return known if isinstance(known, dict) else {}


def write_kept(name: str, db: str, value: Any) -> None:
    """``value`` kept for the file ``db`` in the data directory's file ``name``."""
    known = read_kept(name)
    known[os.path.realpath(db)] = value
    path = data_file(name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(known, indent=1))


def chosen(db: str) -> str | None:
    """The campaign chosen for the file ``db`` (``campaign use``), if any."""
    name = read_kept(CURRENT_FILE).get(os.path.realpath(db))
    return name if isinstance(name, str) else None


def remember(db: str, name: str) -> None:
    """Make ``name`` the current campaign of the file ``db``."""
    write_kept(CURRENT_FILE, db, name)


def campaign_key(name: str) -> str:
    """The id a face carries for a campaign (a page's forms: a write names the campaign it
    was made for, issue 42); "" for none."""
    from tracker.app import campaign_id

    return campaign_id(name).hex if name else ""


class Session:
    """The work of one command or one tap on ``db`` (a file; on a club's server this
    client's cache, the server named by ``url``). A plain class: a dataclass's generated
    methods cost every command ~2 M instructions to compile at start-up."""

    def __init__(
        self,
        db: str,
        campaign_option: str | None = None,
        access: Access = "write",
        *,
        read_state: Callable[[Any], CampaignState | None] | None = None,
        _tracker: Tracker | None = None,
        url: str | None = None,
        by: str | None = None,
    ) -> None:
        self.db = db  # on a club's PostgreSQL server: this client's cache (tracker.clubcache)
        self.url = url  # the server's URL, if the campaigns are there
        self.campaign_option = campaign_option  # the campaign named (None: the only one)
        self.access: Access = access
        self.by = by  # who logs (None: GRIZZLED_USER or the login name, tracker.config)
        self.recorded: int | None = None  # the version this work recorded, if any
        self.changed = False  # this work wrote to the file or checked it whole
        self._tracker = _tracker
        self._loaded: Campaign | None = None  # what state() loaded
        # work that only reads: its state from the read models (app.readmodel's
        # projected_state; None: from the tracker)
        self.read_state = read_state
        self.catch_up_later = False  # a table session catches the read models up between lines
        self.rebuild_due = False  # checked whole, its read models not rebuilt yet (import)
        # how far this machine has checked the file (tracker.appended, as JSON), and the
        # versions this work saved: remembered when it ends (close)
        self.position: Any = None
        self.saves: list[int] = []
        self.saved_in: str | None = None  # the campaign they were saved in
        self.warned: list[str] = []  # what the person should know though the work stands
        self._seen = False  # the file was checked (check_first) by this work
        self._fresh = False  # checked whole, its read models not rebuilt yet
        self._unreplayed = False  # what another device appended: not replayed yet (check_first)
        self._shape_due: Any = None  # where it was checked, if its shape is still to check
        # how work that only reads opens the read models, once found, and the connection
        # its readings share (app.readmodel.one_connection)
        self.models: tuple[str, bool] | None = None
        self.held: sqlite3.Connection | None = None

    # --- where ---------------------------------------------------------------------------
    @property
    def where(self) -> str:
        """The database as a message names it: the server's URL without its password, not
        this client's cache; a file's path."""
        if self.url:
            from tracker.store import shown

            return shown(self.url)
        return self.db

    def campaign_name(self, listed: Callable[[], list[str]] | None = None) -> str:
        """The campaign to act on: the one named, else the only one (``listed``: the
        campaigns of the file, by default as the tracker lists them)."""
        if self.campaign_option:
            return self.campaign_option
        names = listed() if listed is not None else self.tracker().campaigns()
        if len(names) == 1:
            return names[0]
        if not names:
            raise NoCampaign(no_campaign().format(where=self.where))
        raise self.several(len(names))

    def several(self, count: int) -> Exception:
        """Several campaigns in the file and none named: the refusal to raise."""
        return Refused(
            lang._("{count} campaigns in {where}: name the one to act on").format(
                count=count, where=self.where
            )
        )

    def warn(self, message: str) -> None:
        """A line the person should read though the work stands (the command line prints
        it on stderr)."""
        self.warned.append(message)

    # --- the tracker -----------------------------------------------------------------------
    def tracker(self) -> Tracker:
        """The tracker on this database, opened once for this work's access; a file this
        machine has not seen is checked whole first (``tracker.trust``)."""
        if self._tracker is None and self.url is not None:
            from tracker.app import Tracker

            with refusals():  # a device never makes the server's tables (db upgrade does)
                access = "write" if self.access == "create" else self.access
                self._tracker = Tracker(self.url, access=access, by=self.by)
            self.follow_club()
        if self._tracker is None:
            self.let_go()  # no connection of this work's open while the event store opens
            self.check_first(opener=self._opened)
        if self._tracker is None:
            self._opened()
            if self._fresh:  # checked whole: its read models made from its events
                self._fresh = False
                with refusals():
                    self.rebuild_read_models()
        assert self._tracker is not None
        return self._tracker

    def _opened(self) -> Tracker:
        """The tracker on the file, opened for this work's access."""
        from tracker.app import Tracker

        with refusals():
            self._tracker = Tracker(self.db, access=self.access, by=self.by)
        return self._tracker

    def let_go(self) -> None:
        """Close the connection this work's readings share, if any (``one_connection``)."""
        held, self.held = self.held, None
        if held is not None:
            held.close()

    def newest(self) -> int:
        """The position of the newest event stored in the file (0: none yet)."""
        from tracker import store

        return store.newest_position(self.tracker())

    def follow_club(self) -> None:
        """On a club's server: this client's cache given the events it lacks (its read
        models then catch up from them as from a file's)."""
        if self.url is None:
            return
        from tracker.clubcache import follow

        with refusals():
            follow(self.tracker(), self.db)
        self.changed = True

    def check_first(self, light: bool = False, opener: Callable[[], Tracker] | None = None) -> bool:
        """The first sight of a file: checked whole before anything opens it to write
        (``tracker.checks.first_sight``); a file checked before that another device wrote
        to since: only what it appended (``tracker.appended.since``). Remembered as checked
        when the work ends. ``opener``: the tracker this work opens next, given to the
        check of what another device appended to replay it (once its shape passed: no
        second event store, and the write decides on the campaign it replayed).
        ``light``: a read from the read models, which checks what
        was appended but for its replay through the rules (``tracker.appended.shaped``:
        no event store opened), remembers nothing, and leaves the replay to the event
        store's opening (``tracker``) or the read models' catch-up (``unreplayed``).
        Whether it was checked whole now."""
        if self._unreplayed and not light:  # checked but for the replay: now with it
            self._unreplayed = self._seen = False
            self._shape_due = None
        if self._seen:  # once a unit of work
            return False
        self._seen = True
        from tracker import trust

        with refusals():
            if trust.is_checked(self.db):
                self.position = trust.checked_position(self.db)
                return False
            kept = trust.checked_position(self.db)
            if light and kept is not None:
                from tracker.appended import shapeable

                if shapeable(self.db):  # checked on the read's own connection (shaped_on)
                    self._shape_due = kept
                    self._unreplayed = True
                    return False
            from tracker.appended import since
            from tracker.checks import first_sight

            self.position = since(self.db, kept, opener) if kept is not None else None
            if self.position is None:
                checked = first_sight(self.db)
                self.position = checked.position_json() if checked is not None else None
                self.changed = self._fresh = True
                return True
        self.changed = True
        return False

    def shaped_on(self, conn: sqlite3.Connection) -> bool:
        """What another device appended, checked but for its replay on the read's own
        connection (``tracker.appended.shaped``) where ``check_first(light=True)`` left it
        to the read: one connection to the file, not two. False when the file must be
        checked further first (``check_first()``: a campaign new since, what was checked
        no longer as it was); True otherwise (nothing left to check, or checked now)."""
        kept, self._shape_due = self._shape_due, None
        if kept is None:
            return True
        from tracker.appended import shaped

        with refusals():  # not shaped: still unreplayed, so check_first() checks it all
            return shaped(self.db, conn, kept)

    @property
    def unreplayed(self) -> bool:
        """What another device appended was checked by this work but for its replay
        through the rules (``check_first(light=True)``); ``check_first()`` replays it
        (``tracker`` does before the event store opens; ``app.readmodel`` before a
        catch-up of the read models would project it, before any connection is open)."""
        return self._unreplayed

    def rebuild_read_models(self) -> None:
        """The read models (which a crafted file could fake) rebuilt from the events, where
        the file is ours and may be written; else the reads read the events."""
        from tracker.dbfile import keeps_read_models

        # what the tracker found when it opened the file: never looked at again in Python
        # while its connection holds SQLite's locks (closing any descriptor of the file
        # would drop them: issue 39)
        assert self._tracker is not None
        if keeps_read_models(self.db, self._tracker.file_kind):
            from projections.runner import rebuild

            rebuild(self.db)

    def reads_models(self) -> bool:
        """Whether ``state`` reads the read models (work that only reads, in a process
        that has not opened the event store)."""
        return self.access == "read" and self._tracker is None and self.read_state is not None

    def state(self) -> CampaignState:
        """The current campaign's state (``record`` then decides on it, without a reload).
        Work that only reads takes it from the read models where the file keeps them (no
        event store opened, nothing replayed)."""
        if self.reads_models():
            assert self.read_state is not None
            state = self.read_state(self)
            if state is not None:
                lang.follow(state.language)  # the campaign's language (issue 45)
                return state
        with refusals():
            self._loaded = self.tracker().campaign(self.campaign_name())
        lang.follow(self._loaded.state.language)  # the campaign's language (issue 45)
        return self._loaded.state

    def loaded(self) -> Campaign | None:
        """The campaign ``state`` loaded from the tracker, once (the next write decides on
        it without loading it again)."""
        loaded, self._loaded = self._loaded, None
        return loaded

    # --- saving --------------------------------------------------------------------------
    def saved(self, version: int, known: dict[int, CampaignState] | None = None) -> None:
        """Something was recorded as ``version``: from here on the work cannot be refused
        (a face says "recorded as #N" whatever happens next); the read models catch up
        now, or say why they will next time. ``known``: states the tracker holds by the
        version of the action they follow (an undo's: the one it returns to), which the
        read models would otherwise rebuild from a snapshot."""
        self.recorded = version
        self.saves.append(version)
        with suppress(Exception):  # none to name (an import among several): not counted
            self.saved_in = None
            self.saved_in = self.campaign_name()
        self.changed = True
        if self.catch_up_later:
            return
        from projections.errors import ProjectionError
        from projections.runner import catch_up, rebuild

        try:
            self.follow_club()
            if self.rebuild_due:  # a file first seen: its read models made from its events
                rebuild(self.db)
            else:
                catch_up(self.db, known=self._known(known))
        except Exception as error:  # recorded all the same: the next work catches up
            reason = error.reason if isinstance(error, ProjectionError) else error
            said = lang._("Recorded as #{number}; the board catches up next time ({reason}).")
            self.warn(said.format(number=version, reason=reason))

    def _known(
        self, known: dict[int, CampaignState] | None
    ) -> dict[tuple[str, int], CampaignState]:
        if not known:
            return {}
        from tracker.app import campaign_id

        campaign = campaign_id(self.campaign_name()).hex
        return {(campaign, version): state for version, state in known.items()}

    def catch_up(self) -> None:
        """Bring the read models up to date before reading them (a read)."""
        from projections.runner import catch_up

        self.follow_club()
        with refusals():
            if catch_up(self.db):
                self.changed = True

    # --- the end -------------------------------------------------------------------------
    def close_tracker(self) -> None:
        """Close the event store now: work done with it lets its memory go (the replay's
        states) before what it does next; ``close`` does the rest at the end."""
        if self._tracker is not None:
            self._tracker.close()
            self._tracker = None
            import gc

            gc.collect()

    def close(self) -> None:
        """Close the file; if this work changed it or checked it whole, remember it as
        checked (after the close: SQLite's last checkpoint changes the file too)."""
        opened = None
        if self._tracker is not None:
            opened = self._tracker.opened
            self._tracker.close()
            self._tracker = None
        if self.changed:
            from tracker import dbfile, trust

            if opened is None or dbfile.identity(self.db) == opened:  # not one put there since
                now = trust.fingerprint(self.db)  # before what it covers is read
                position, whole = self._checked_now()
                trust.remember(self.db, position, whole, now)

    def _checked_now(self) -> tuple[Any, bool]:
        """How far the file is checked as this work ends: where it was checked, and this
        work's own saves after that in its campaign; whether that is all of it."""
        from tracker.appended import advanced

        with suppress(Exception):  # not known: the next work checks the file whole
            stream = None
            if self.saved_in is not None:
                from tracker.app import campaign_id

                stream = campaign_id(self.saved_in).hex
            return advanced(self.db, self.position, stream, self.saves)
        return None, False


@contextmanager
def refusals() -> Iterator[None]:
    """Turn the engine's, the tracker's and the file's refusals into one line (Refused)."""
    from domain.errors import NotPlayed, RuleViolation
    from projections.errors import ProjectionError
    from tracker.errors import NoCampaignFile, TrackerError

    try:
        yield
    except RuleViolation as error:  # a MissingOutcome too
        from voice.refusal import refused

        raise Refused(refused(error), error.rule) from None
    except NoCampaignFile as error:
        from voice.refusal import message

        raise NoCampaign(message(error)) from None
    except (TrackerError, NotPlayed) as error:  # NotPlayed: a module's event, not played
        from voice.refusal import message

        raise Refused(message(error)) from None
    except sqlite3.DatabaseError as error:
        said = lang._("the campaign database cannot be read: {error}")
        raise Refused(said.format(error=error)) from None
    except ProjectionError as error:
        raise Refused(str(error)) from None
