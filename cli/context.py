"""The context every command shares: which database, which campaign, how to log an action,
how errors end (one line, exit 2 for usage, 1 for a refusal), how output is printed.

Heavy modules (the tracker and eventsourcing, rich) are imported only when a command
needs them.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, Any, NoReturn

import click

from voice import lang

if TYPE_CHECKING:
    from rich.console import Console

    from domain.campaign.flow import CampaignCommand, CampaignState
    from tracker.aggregate import Campaign
    from tracker.app import Confirm, Logged, Tracker
    from tracker.dbfile import Access


def no_campaign() -> str:
    """``no campaign in WHERE: create one ...``, in the language in use."""
    return lang._("no campaign in {where}: create one with 'grizzled campaign new'")


CURRENT_FILE = "current-campaign.json"
LAST_REFUSAL = "last-refusal.json"  # the last refused command on each file, on this machine
# What json.dumps leaves raw and a terminal may act on (DEL, C1 controls: CSI is \x9b).
JSON_RAW_CONTROLS = {code: f"\\u{code:04x}" for code in range(0x7F, 0xA0)}


class Refused(click.ClickException):
    """The rules (or the tracker) refused: exit code 1, one line, nothing recorded."""

    exit_code = 1

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule  # the rule's id (RuleViolation.rule), for ``why``; None: the tracker's

    def format_message(self) -> str:
        return self.message


class Context:
    """Built once per invocation by the ``grizzled`` group. (A plain class: a dataclass's
    generated methods cost every command ~2 M instructions to compile at start-up.)"""

    def __init__(
        self,
        db: str,
        campaign_option: str | None = None,
        access: Access = "write",
        *,
        read_state: Callable[[Context], CampaignState | None] | None = None,
        _tracker: Tracker | None = None,
        url: str | None = None,
    ) -> None:
        self.db = db  # on a club's PostgreSQL server: this client's cache (tracker.clubcache)
        self.url = url  # the server's URL, if the campaigns are there
        self.campaign_option = campaign_option
        self.access: Access = access
        self.recorded: int | None = None  # the version this command recorded, if any
        self.changed = False  # this command wrote to the file or checked it whole
        self._tracker = _tracker
        self._console: Console | None = None
        self._loaded: Campaign | None = None  # what state() loaded
        # a command that only reads: its state from the read models (cli.main gives
        # cli.readmodel.projected_state; None: from the tracker)
        self.read_state = read_state
        self.catch_up_later = False  # a table session catches the read models up between lines
        self.rebuild_due = False  # checked whole, its read models not rebuilt yet (import)
        self.in_session = False  # a table session: hints name its own forms (cli.table_words)
        # how far this machine has checked the file (tracker.appended, as JSON), and the
        # versions this command saved: remembered when it ends (close)
        self.position: Any = None
        self.saves: list[int] = []
        self.saved_in: str | None = None  # the campaign they were saved in
        self._seen = False  # the file was checked (check_first) by this command
        self._fresh = False  # checked whole, its read models not rebuilt yet
        self._unreplayed = False  # what another device appended: not replayed yet (check_first)

    # --- where ---------------------------------------------------------------------------
    @property
    def where(self) -> str:
        """The database as a message names it: the server's URL without its password, not
        this client's cache; a file's path."""
        if self.url:
            from tracker.store import shown

            return shown(self.url)
        return self.db

    @property
    def current_file(self) -> str:
        from tracker.config import data_dir

        return os.path.join(data_dir(), CURRENT_FILE)

    def remembered_campaign(self) -> str | None:
        """The campaign ``grizzled campaign use`` chose for this database, if any."""
        try:
            with open(self.current_file, encoding="utf-8") as f:
                chosen = json.load(f)
        except (OSError, ValueError):
            return None
        name = chosen.get(os.path.realpath(self.db)) if isinstance(chosen, dict) else None
        return name if isinstance(name, str) else None

    def remember_campaign(self, name: str) -> None:
        """Make ``name`` the current campaign of this database."""
        path = self.current_file
        try:
            with open(path, encoding="utf-8") as f:
                chosen = json.load(f)
        except (OSError, ValueError):
            chosen = {}
        chosen[os.path.realpath(self.db)] = name
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(json.dumps(chosen, indent=1))

    def campaign_name(self, listed: Callable[[], list[str]] | None = None) -> str:
        """The campaign to act on: --campaign, GRIZZLED_CAMPAIGN, the chosen one, the only
        one (``listed``: the campaigns of the file, by default as the tracker lists them)."""
        name = self.campaign_option or os.environ.get("GRIZZLED_CAMPAIGN")
        name = name or self.remembered_campaign()
        if name:
            return name
        names = listed() if listed is not None else self.tracker().campaigns()
        if len(names) == 1:
            return names[0]
        if not names:
            raise Refused(no_campaign().format(where=self.where))
        raise click.UsageError(
            lang._(
                "{count} campaigns in {where}: choose one with 'grizzled campaign use NAME' or "
                "--campaign"
            ).format(count=len(names), where=self.where)
        )

    # --- a refusal that came last ----------------------------------------------------------
    def _newest(self) -> int:
        assert self._tracker is not None
        from tracker import store

        return store.newest_position(self._tracker)

    def note_refusal(self, words: list[str], error: click.ClickException | None = None) -> None:
        """A command that reached this file was refused: remember it, on this machine, with
        the newest stored event then, so that an undo right after can say the refusal
        recorded nothing (and not take back the action before it unawares), and ``why``
        can explain it (its line and its rule: never in the campaign's record)."""
        if self._tracker is None or self.recorded is not None or self.access == "read":
            return
        if set(words) & {"undo", "redo"}:  # taking back again is what the table meant
            return
        from tracker.config import data_dir

        path = os.path.join(data_dir(), LAST_REFUSAL)
        noted: dict[str, Any] = {"command": " ".join(words), "newest": self._newest()}
        if error is not None:
            noted.update(refused=error.format_message(), rule=getattr(error, "rule", None))
            with suppress(Exception):  # none to name: the note is the file's, still kept
                noted["campaign"] = self.campaign_name()
        try:
            with open(path, encoding="utf-8") as f:
                known = json.load(f)
        except (OSError, ValueError):
            known = {}
        known = known if isinstance(known, dict) else {}
        known[os.path.realpath(self.db)] = noted
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(json.dumps(known, indent=1))

    def refused_last(self) -> str | None:
        """The command refused last on this file, if nothing was stored since, unless its
        note names another campaign of the file (a refusal there is that campaign's)."""
        noted = self.refusal_noted()
        if noted is None:
            return None
        named = noted.get("campaign")
        if isinstance(named, str) and named != self.campaign_name():
            return None
        return str(noted["command"])

    def refusal_noted(self) -> dict[str, Any] | None:
        """What this machine noted of the last refusal on this file (``command``,
        ``newest``, and since ``why``: ``refused``, its line, and ``rule``, its id), if
        nothing was stored since."""
        from tracker.config import data_dir

        try:
            with open(os.path.join(data_dir(), LAST_REFUSAL), encoding="utf-8") as f:
                noted = json.load(f).get(os.path.realpath(self.db))
        except (OSError, ValueError, AttributeError):
            return None
        if not isinstance(noted, dict) or noted.get("newest") != self._newest():
            return None
        if not isinstance(noted.get("command"), str):
            return None
        return noted

    # --- the tracker -----------------------------------------------------------------------
    def tracker(self) -> Tracker:
        """The tracker on this database, opened once for this command's access; a file
        this machine has not seen is checked whole first (``tracker.trust``)."""
        if self._tracker is None and self.url is not None:
            from tracker.app import Tracker

            with refusals():  # a device never makes the server's tables (db upgrade does)
                access = "write" if self.access == "create" else self.access
                self._tracker = Tracker(self.url, access=access)
            self.follow_club()
        if self._tracker is None:
            from tracker.app import Tracker

            self.check_first()
            with refusals():
                self._tracker = Tracker(self.db, access=self.access)
                if self._fresh:  # checked whole: its read models made from its events
                    self._fresh = False
                    self.rebuild_read_models()
        return self._tracker

    def file_only(self, what: str) -> None:
        """Refuse, in one line, a command that works on a campaign file only."""
        if self.url is not None:
            raise Refused(
                f"{what} works on a campaign file; on a club's server use pg_dump or "
                "grizzled export (docs/deploy.md)"
            )

    def follow_club(self) -> None:
        """On a club's server: this client's cache given the events it lacks (its read
        models then catch up from them as from a file's)."""
        if self.url is None:
            return
        from tracker.clubcache import follow

        with refusals():
            follow(self.tracker(), self.db)
        self.changed = True

    def check_first(self, light: bool = False) -> bool:
        """The first sight of a file: checked whole before anything opens it to write
        (``tracker.checks.first_sight``); a file checked before that another device wrote
        to since: only what it appended (``tracker.appended.since``). Remembered as checked
        when the command ends. ``light``: a read from the read models, which checks what
        was appended but for its replay through the rules (``tracker.appended.shaped``:
        no event store opened), remembers nothing, and leaves the replay to the event
        store's opening (``tracker``) or the read models' catch-up (``unreplayed``).
        Whether it was checked whole now."""
        if self._unreplayed and not light:  # checked but for the replay: now with it
            self._unreplayed = self._seen = False
        if self._seen:  # once a command
            return False
        self._seen = True
        from tracker import trust

        with refusals():
            if trust.is_checked(self.db):
                self.position = trust.checked_position(self.db)
                return False
            kept = trust.checked_position(self.db)
            if light and kept is not None:
                from tracker.appended import shaped

                if shaped(self.db, kept):
                    self._unreplayed = True
                    return False
            from tracker.appended import since
            from tracker.checks import first_sight

            self.position = since(self.db, kept) if kept is not None else None
            if self.position is None:
                checked = first_sight(self.db)
                self.position = checked.position_json() if checked is not None else None
                self.changed = self._fresh = True
                return True
        self.changed = True
        return False

    @property
    def unreplayed(self) -> bool:
        """What another device appended was checked by this command but for its replay
        through the rules (``check_first(light=True)``); ``check_first()`` replays it
        (``tracker`` does before the event store opens; ``cli.readmodel`` before a
        catch-up of the read models would project it, before any connection is open)."""
        return self._unreplayed

    def rebuild_read_models(self) -> None:
        """The read models (which a crafted file could fake) rebuilt from the events, where
        the file is ours and may be written; else the read commands read the events."""
        from tracker.dbfile import keeps_read_models

        # what the tracker found when it opened the file: never looked at again in Python
        # while its connection holds SQLite's locks (closing any descriptor of the file
        # would drop them: issue 39)
        assert self._tracker is not None
        if keeps_read_models(self.db, self._tracker.file_kind):
            from projections.runner import rebuild

            rebuild(self.db)

    def reads_models(self) -> bool:
        """Whether ``state`` reads the read models (a command that only reads, in a process
        that has not opened the event store)."""
        return self.access == "read" and self._tracker is None and self.read_state is not None

    def state(self) -> CampaignState:
        """The current campaign's state (``log`` then decides on it, without a reload). A
        command that only reads takes it from the read models where the file keeps them
        (no event store opened, nothing replayed)."""
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

    def log(
        self,
        command: CampaignCommand,
        summary: str,
        confirm: Confirm | None = None,
        seen: int | None = None,
    ) -> Logged:
        """Record one action through the rules, print what happened and what comes next
        (plain text wrapped to the terminal's width: rich is not needed for it);
        ``confirm``: asked with the events decided, before they are saved (it may refuse);
        ``seen``: the last log entry the person saw (refused if another was logged since:
        ``Tracker.log_action``)."""
        from voice.narrate import narrate
        from voice.next_step import next_line

        name = self.campaign_name()
        with refusals():
            logged = self.tracker().log_action(
                name, command, summary=summary, loaded=self._loaded, confirm=confirm, seen=seen
            )
        self._loaded = None
        self.saved(logged.version, logged.before)
        lang.follow(logged.state.language)  # the campaign's language (issue 45)
        lines = []
        if logged.retried:
            lines.append(lang._("The campaign changed meanwhile: checked again and logged."))
        state = logged.state
        lines += narrate(logged.events, state.catalogue, state.ruleset, campaign=state)
        lines.append(next_line(logged.state))
        print_wrapped(lines)
        from cli.chapter_end import ENDING, chapter_ended  # checkpoint, automatic backup

        kinds = {type(e).__name__ for e in logged.events}
        if kinds & ENDING:
            ended = bool(kinds & {"ChapterWon", "ChapterLost"})
            chapter_ended(self.tracker(), name, logged.version, state, ended, print_wrapped)
        return logged

    def saved(self, version: int, known: dict[int, CampaignState] | None = None) -> None:
        """Something was recorded as ``version``: from here on the command cannot be
        refused (cli.main says "recorded as #N" whatever happens next); the read models
        catch up now, or say why they will next time. ``known``: states the tracker holds
        by the version of the action they follow (an undo's: the one it returns to), which
        the read models would otherwise rebuild from a snapshot."""
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
        except Exception as error:  # recorded all the same: the next command catches up
            reason = error.reason if isinstance(error, ProjectionError) else error
            said = lang._("Recorded as #{number}; the board catches up next time ({reason}).")
            stderr(said.format(number=version, reason=reason))

    def _known(
        self, known: dict[int, CampaignState] | None
    ) -> dict[tuple[str, int], CampaignState]:
        if not known:
            return {}
        from tracker.app import campaign_id

        campaign = campaign_id(self.campaign_name()).hex
        return {(campaign, version): state for version, state in known.items()}

    def catch_up(self) -> None:
        """Bring the read models up to date before reading them (a read command)."""
        from projections.runner import catch_up

        self.follow_club()
        with refusals():
            if catch_up(self.db):
                self.changed = True

    def close_tracker(self) -> None:
        """Close the event store now: a command done with it lets its memory go (the
        replay's states) before what it does next; ``close`` does the rest at the end."""
        if self._tracker is not None:
            self._tracker.close()
            self._tracker = None
            import gc

            gc.collect()

    def close(self) -> None:
        """Close the file; if this command changed it or checked it whole, remember it as
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
        """How far the file is checked as this command ends: where it was checked, and
        this command's own saves after that in its campaign; whether that is all of it."""
        from tracker.appended import advanced

        with suppress(Exception):  # not known: the next command checks the file whole
            stream = None
            if self.saved_in is not None:
                from tracker.app import campaign_id

                stream = campaign_id(self.saved_in).hex
            return advanced(self.db, self.position, stream, self.saves)
        return None, False

    # --- output ------------------------------------------------------------------------------
    def console(self) -> Console:
        """A rich console (colour off with NO_COLOR or when not a terminal)."""
        if self._console is None:
            from rich.console import Console

            self._console = Console(
                highlight=False, emoji=False, no_color=bool(os.environ.get("NO_COLOR"))
            )
        return self._console

    @staticmethod
    def print_json(data: Any) -> None:
        """Plain JSON on stdout (never through rich): text as it is, but a control
        character JSON leaves raw (DEL, C1) escaped, and a file's bytes that were not
        UTF-8 (lone surrogates) written as JSON escapes."""
        text = json.dumps(data, indent=2, ensure_ascii=False, default=str)
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            text = json.dumps(data, indent=2, ensure_ascii=True, default=str)
        click.echo(text.translate(JSON_RAW_CONTROLS))


def interactive() -> bool:
    """Someone at a terminal can answer a question."""
    return sys.stdin.isatty()


def terminal_width() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` says it (``COLUMNS`` when set
    to a positive number, else stdout's terminal, else 80), without importing shutil
    (~3 ms of every logged action: it imports the compression modules)."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns > 0:
        return columns
    try:
        columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        columns = 0
    return columns if columns > 0 else 80


def print_wrapped(lines: list[str]) -> None:
    """Plain lines on stdout, each wrapped at the terminal's width (``COLUMNS``, else 80
    when stdout is not a terminal), as rich would wrap them."""
    import textwrap

    width = terminal_width()
    for line in lines:
        click.echo("\n".join(textwrap.wrap(line, width) or [""]))


@contextmanager
def refusals() -> Iterator[None]:
    """Turn the engine's and tracker's refusals into one-line exits (code 1)."""
    from domain.errors import RuleViolation
    from projections.errors import ProjectionError
    from tracker.errors import TrackerError

    try:
        yield
    except RuleViolation as error:  # a MissingOutcome too
        from voice.refusal import refused

        raise Refused(refused(error), error.rule) from None
    except TrackerError as error:
        raise Refused(str(error)) from None
    except sqlite3.DatabaseError as error:
        raise Refused(f"the campaign database cannot be read: {error}") from None
    except ProjectionError as error:
        raise Refused(str(error)) from None


def usage(message: str) -> NoReturn:
    """A usage error: exit code 2, one line."""
    raise click.UsageError(message)


def stderr(message: str) -> None:
    """A line for the person, on stderr (escaped as an error line is: voice.shown)."""
    from voice.shown import error_line

    print(error_line(message), file=sys.stderr)


pass_context = click.make_pass_decorator(Context)

# The context of the command running now: cli.main closes its file and, if it recorded
# something, never reports the command as refused.
CURRENT: Context | None = None
