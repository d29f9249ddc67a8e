"""The context every command shares: the application's unit of work (``app.session``:
which database, the tracker, saving and the read models' catch-up) with which campaign
the person chose, how errors end (one line, exit 2 for usage, 1 for a refusal), how output
is printed. A command parses its words, calls the application (``app.actions``,
``app.readmodel``) and prints what it returns.

Heavy modules (the tracker and eventsourcing, rich) are imported only when a command
needs them.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NoReturn

import click

from app import errors
from app.session import Session, chosen, remember
from voice import lang

if TYPE_CHECKING:
    from rich.console import Console

    from app.actions import Confirm, Recorded
    from app.said import Line
    from app.session import Access, Tracker
    from domain.campaign.flow import CampaignCommand, CampaignState

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


class Context(Session):
    """Built once per invocation by the ``grizzled`` group: the application's unit of
    work (``app.session``) with the terminal's ways: the campaign chosen with ``campaign
    use``, the last refusal noted for ``undo`` and ``why``, printing. (A plain class: a
    dataclass's generated methods cost every command ~2 M instructions to compile at
    start-up.)"""

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
        super().__init__(
            db, campaign_option, access, read_state=read_state, _tracker=_tracker, url=url
        )
        self._console: Console | None = None
        self.in_session = False  # a table session: hints name its own forms (cli.table_words)

    # --- which campaign ------------------------------------------------------------------
    def remembered_campaign(self) -> str | None:
        """The campaign ``grizzled campaign use`` chose for this database, if any."""
        return chosen(self.db)

    def remember_campaign(self, name: str) -> None:
        """Make ``name`` the current campaign of this database."""
        remember(self.db, name)

    def campaign_name(self, listed: Callable[[], list[str]] | None = None) -> str:
        """The campaign to act on: --campaign, GRIZZLED_CAMPAIGN, the chosen one, the only
        one (``listed``: the campaigns of the file, by default as the tracker lists them)."""
        name = self.campaign_option or os.environ.get("GRIZZLED_CAMPAIGN")
        name = name or self.remembered_campaign()
        return name or super().campaign_name(listed)

    def several(self, count: int) -> Exception:
        """Several campaigns and none chosen: a usage error naming how to choose."""
        return click.UsageError(
            lang._(
                "{count} campaigns in {where}: choose one with 'grizzled campaign use NAME' or "
                "--campaign"
            ).format(count=count, where=self.where)
        )

    # --- a refusal that came last ----------------------------------------------------------
    def note_refusal(self, words: list[str], error: click.ClickException | None = None) -> None:
        """A command that reached this file was refused: remember it on this machine
        (``app.remembered``), unless it is the taking back that the table meant."""
        if self._tracker is None or self.recorded is not None or self.access == "read":
            return
        if set(words) & {"undo", "redo"}:  # taking back again is what the table meant
            return
        from app.remembered import note_refusal

        refused = None if error is None else error.format_message()
        note_refusal(self, " ".join(words), refused, getattr(error, "rule", None))

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
        """What this machine noted of the last refusal on this file, if nothing was stored
        since (``app.remembered.refusal_noted``)."""
        from app.remembered import refusal_noted

        return refusal_noted(self)

    # --- the tracker ------------------------------------------------------------------------
    def file_only(self, what: str) -> None:
        """Refuse, in one line, a command that works on a campaign file only."""
        if self.url is not None:
            said = lang._(
                "{command} works on a campaign file; on a club's server use pg_dump or "
                "grizzled export (docs/deploy.md)"
            )
            raise Refused(said.format(command=what))

    def log(
        self,
        command: CampaignCommand,
        summary: str,
        confirm: Confirm | None = None,
        seen: int | None = None,
    ) -> Recorded:
        """Record one action through the rules (``app.actions.record``), print what
        happened and what comes next (plain text wrapped to the terminal's width: rich is
        not needed for it); ``confirm``: asked with the events decided, before they are
        saved (it may refuse); ``seen``: the last log entry the person saw (refused if
        another was logged since: ``Tracker.log_action``)."""
        from app.actions import record

        with refusals():
            recorded = record(self, command, summary, confirm, seen)
        say(recorded.said)
        return recorded

    def warn(self, message: str) -> None:
        """Said on stderr at once: the work stands (``Session.warn``)."""
        stderr(message)

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


TURNED_TO_SPACES = frozenset("\t\n\x0b\x0c\r")  # what textwrap makes a space, ' ' aside


def wrapped(line: str, width: int) -> list[str]:
    """``textwrap.wrap(line, width)``. A line that already fits, with no space at its end
    and nothing textwrap turns into a space, is its own wrapping (an indent is kept):
    answered without importing ``textwrap``, whose regular expressions cost ~4 M
    instructions (1.6% of F) to compile, for the few short lines a command prints."""
    if line and len(line) <= width and not line[-1].isspace() and TURNED_TO_SPACES.isdisjoint(line):
        return [line]
    import textwrap

    return textwrap.wrap(line, width)


def print_wrapped(lines: list[str]) -> None:
    """Plain lines on stdout, each wrapped at the terminal's width (``COLUMNS``, else 80
    when stdout is not a terminal), as rich would wrap them."""
    width = terminal_width()
    for line in lines:
        click.echo("\n".join(wrapped(line, width) or [""]))


@contextmanager
def refusals() -> Iterator[None]:
    """Turn the engine's, tracker's and application's refusals into one-line exits (code
    1): the application's one line (``app.session.refusals``) as a click error."""
    from app.session import refusals as said_once

    try:
        with said_once():
            yield
    except errors.Refused as error:
        raise Refused(error.message, error.rule) from None


def say(lines: Iterable[Line]) -> None:
    """The application's lines: a warning on stderr, a line to copy as it is, the rest
    wrapped at the terminal's width."""
    for line in lines:
        if line.warning:
            stderr(line.text)
        elif line.wrap:
            print_wrapped([line.text])
        else:
            click.echo(line.text)


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
