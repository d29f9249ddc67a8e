"""``grizzled table``: one running session on a campaign, a few keystrokes per action.

Each line runs the same click commands as the one-shot CLI, in this process, on one
long-lived context (``Grizzled.run_kept``): the same rules, events, refusals and
narration, and each accepted action committed at once by the tracker, as the CLI commits
it. The board is drawn again after every action. Before each line the campaign is read
again from the file (and a waiting prompt looks every few seconds), so what another
device logged meanwhile is picked up and shown; a line that would take something back
(undo, redo, revert, a correction) is then not run, for the person to look at the board
first; one that runs names the last event the board showed (``--seen``), so that what
another device logs after the line was read refuses it rather than moves it. The upkeep
(the read models' catch-up) waits until the board is drawn. The short forms are read in
``cli.table_words`` (the session's words are said by ``voice.table``), Tab's offers in
``cli.table_complete``, the prompt drawn by ``cli.table_prompt``, the campaign kept in
memory by the tracker (``tracker.kept``).

On a terminal the prompt is prompt_toolkit's (completion, history kept in the data
directory, the board in one line under it); without one (a pipe, a script) lines are
read plainly and echoed after the prompt, so that a transcript reads like the session.
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from app import errors
from app import table as at_table
from cli import modules, table_words
from cli.context import Context, Refused, pass_context, refusals
from voice import lang
from voice import table as said
from voice.shown import error_line, shown

if TYPE_CHECKING:
    from domain.campaign.flow import CampaignState

# Lines not run when another device logged since the prompt was drawn: they take back or
# set anew what the person may not have seen yet. When run, each names the board's last
# event (--seen): refused if another device logs before it is saved.
HELD_BACK = frozenset({"undo", "redo", "revert", "correct"})
Reader = Callable[[str], str]
# The options that would send one command to another campaign or file.
ELSEWHERE = frozenset({"-c", "--campaign", "--db"})


class Session:
    """A campaign open at the table: its state as last read, and how to run a line."""

    def __init__(self, ctx: Context, *, echo: bool = False) -> None:
        self.ctx = ctx
        self.echo = echo
        self.untidy = False  # recorded since the read models last caught up
        self.seen_waiting = False  # picked up while the prompt waited (see watch)
        self._drawn: tuple[int, int, str, str] | None = None  # version, width, prompt, toolbar
        ctx.catch_up_later = True  # after the board is drawn: see tidy
        ctx.in_session = True  # refusals' hints in the session's own forms
        self.name = ctx.campaign_name()
        ctx.campaign_option = self.name  # pinned: a campaign created elsewhere changes nothing
        from cli.main import LAZY

        self.commands = frozenset(LAZY) | frozenset(modules.commands()) | table_words.OUTSIDE
        self.state: CampaignState | None = None
        self.version = 0
        self.load()

    # --- the campaign as the file holds it -----------------------------------------------
    def load(self) -> None:
        """Read the campaign again (what this session or another device logged)."""
        with refusals():
            self.state, self.version = at_table.read_again(self.ctx, self.name)
        lang.follow(self.state.language)  # the campaign's language (issue 45)

    def follow(self) -> bool:
        """Whether the file at the session's path was replaced since it was opened (a
        restore renames another file into place: ``tracker.follow``); if so, say so,
        re-open the file there, checked whole as any file first seen, and show its board."""
        if not at_table.replaced(self.ctx):
            return False
        if at_table.gone(self.ctx):  # kept open: its writes are refused (follow)
            raise Refused(
                lang._(
                    "the campaign file {path} is no longer there (moved or deleted since the "
                    "session opened it): nothing more is recorded; leave (q)"
                ).format(path=shown(self.ctx.db))
            )
        self.ctx.close_tracker()
        self.untidy = False  # what was recorded went to the replaced file, moved away
        self.load()  # checked whole first, as any file this machine has not seen
        self.say(
            lang._(
                "The campaign file {path} was replaced (restored?) since it was opened: "
                "re-opened and checked. The board now:"
            ).format(path=shown(self.ctx.db))
        )
        self.show_board()
        return True

    def pick_up(self) -> bool:
        """Read the campaign again (in the file now at the session's path: ``follow``); if
        another device logged meanwhile, say so and show the board as it stands. Whether
        something was picked up."""
        if self.follow():
            return True
        before = self.version
        self.load()
        if self.version == before:
            return False
        self.say(said.elsewhere(before, self.version))
        self.show_board()
        return True

    def watch(self) -> bool:
        """While the prompt waits: whether another device logged since the campaign was
        last read (a file that cannot be read just now: not yet; the next line says why)."""
        try:
            return at_table.logged_since(self.ctx, self.name, self.version)
        except Exception:
            return False

    def pick_up_waiting(self) -> None:
        """What another device logged while the prompt waited, shown above it; the line
        typed next counts as typed after a change (an undo is then not run)."""
        if self.pick_up():
            self.seen_waiting = True

    # --- a line ----------------------------------------------------------------------------
    def prompt(self) -> str:
        """Whose turn it is and what is expected."""
        return self._drawing()[0]

    def toolbar(self) -> str:
        """The board in one line, under the prompt."""
        return self._drawing()[1]

    def _drawing(self) -> tuple[str, str]:
        """The prompt and the toolbar, worked out once per state of the campaign (the
        prompt draws them again at every key)."""
        width = self.ctx.console().width
        if self._drawn is None or self._drawn[:2] != (self.version, width):
            prompt = said.prompt(self.state, width)
            under = said.toolbar(self.state, width)
            self._drawn = (self.version, width, prompt, under)
        return self._drawn[2], self._drawn[3]

    def handle(self, text: str, prompt: str = "") -> bool:
        """Run one typed line; False when it ends the session."""
        if self.echo:  # what was typed, as the terminal would have shown it
            click.echo(f"{prompt}{shown(text)}")
        try:
            words = shlex.split(text)
        except ValueError as error:
            told = lang._("Error: {error} (quote with ' or \")").format(error=error)
            click.echo(error_line(told), err=True)
            return True
        line = table_words.read_line(words, self.state, self.commands)
        if line.own == "quit":
            return False
        changed = self.pick_up() or self.seen_waiting
        self.seen_waiting = False
        if line.refused:
            click.echo(error_line(line.refused), err=True)
        elif line.own:
            self.own(line.own)
        elif why := self.not_run(line.args, changed):
            click.echo(error_line(why), err=True)
        elif line.args:
            code = self.run(line.args)
            if code == 1 and line.assigned is not None and line.args[0] == "play":
                self.say(said.turn_hint(line.assigned))  # refused for whom it named
        return True

    @staticmethod
    def not_run(args: list[str], changed: bool) -> str | None:
        """Why the session does not run a command (one line), or None: ``changed``, the
        campaign changed since the prompt was drawn."""
        if not args:
            return None
        if args[0] in table_words.OUTSIDE:
            return lang._("Error: {command} is not run inside a table session").format(
                command=args[0]
            )
        if any(arg.partition("=")[0] in ELSEWHERE for arg in args):
            return lang._(
                "Error: a session stays on its campaign and file: for another, leave (q) and "
                "start one there (grizzled table -c NAME, --db PATH)"
            )
        if changed and args[0] in HELD_BACK:
            return lang._(
                "Not run: the campaign changed meanwhile; look at the board, then type "
                "{command} again if it is still meant"
            ).format(command=shown(args[0]))
        return None

    def run(self, args: list[str]) -> int:
        """One CLI command in this process, on the session's open campaign file; a line
        that takes back or corrects, decided on the board as shown (``--seen``)."""
        from cli.main import main

        if args[0] in HELD_BACK:
            args = [args[0], f"--seen={self.version}", *args[1:]]
        code = main.run_kept(args, self.ctx)
        before = self.version
        self.load()
        if self.version != before:
            self.untidy = True
            self.show_board()
        return code

    def tidy(self) -> None:
        """After an action's board is drawn, before the next prompt: the read models catch
        up with it (a read command would catch them up itself, but sqlite3 or Datasette
        would not), and the file as the session left it is remembered as one this machine
        wrote (``tracker.trust``), so that a command run meanwhile in another process does
        not check it whole again (the one-shot CLI does both as it records and closes)."""
        if not self.untidy:
            return
        self.untidy = False
        reason = at_table.tidy(self.ctx)  # another file there now: the next line re-opens it
        if reason is not None:  # recorded all the same: the next command catches up
            told = lang._("The read models catch up next time ({reason}).").format(reason=reason)
            click.echo(error_line(told), err=True)

    def own(self, word: str) -> None:
        """The session's own words: what is legal, the board, the short forms."""
        if word == "legal":
            from voice.assist import session_hints

            chapter = self.state.chapter if self.state is not None else None
            lines = said.legal_lines(self.state) + session_hints(chapter)
        elif word == "board":
            self.show_board(folded=False)
            return
        else:
            lines = list(lang.each(said.help_lines()))
        for line in lines:
            self.say(line)

    # --- output ------------------------------------------------------------------------------
    def show_board(self, folded: bool = True) -> None:
        """The board as it stands, under a rule (``folded``: the cards' texts behind ``b``,
        so that the board, the last action and the prompt fit a small terminal)."""
        from cli.render import board

        if self.state is None:
            return
        console = self.ctx.console()
        console.rule(style="dim")
        console.print(board(self.state, folded))

    def say(self, line: str) -> None:
        """A line of the session's own, wrapped to the terminal's width, never markup."""
        from rich.text import Text

        self.ctx.console().print(Text(line))

    def start(self) -> None:
        """What the session shows first: where it is, how to leave, the board, what next."""
        from voice.next_step import next_line

        self.say(said.welcome(self.name))
        self.show_board()
        if self.state is not None:
            self.say(next_line(self.state))

    def end(self) -> None:
        """The last line: where the log ends."""
        self.say(said.farewell(self.version))


def run(session: Session, read: Reader) -> None:
    """The session's loop: a line read after the prompt, run, until ``q`` or the input ends
    (Ctrl-D); Ctrl-C at the prompt only clears the line. A file that cannot be read again
    for a moment (locked by another writer) is one error line, and the session goes on."""
    session.start()
    while True:
        prompt = session.prompt()
        try:
            text = read(prompt)
        except EOFError:
            break
        except KeyboardInterrupt:
            continue
        try:
            if not session.handle(text, prompt):
                break
        except click.ClickException as error:  # the file could not be read again just now
            said = lang._("Error: {error}").format(error=error.format_message())
            click.echo(error_line(said), err=True)
        except errors.Refused as error:  # the application's: the same one line
            click.echo(error_line(lang._("Error: {error}").format(error=error)), err=True)
        session.tidy()
    session.tidy()
    session.end()


def plain_reader(stream: Any = None) -> Reader:
    """Lines read from a stream that is not a terminal (stdin by default)."""

    def read(prompt: str) -> str:
        line = (stream or sys.stdin).readline()
        if not line:
            raise EOFError
        return str(line).rstrip("\r\n")

    return read


@click.command()
@pass_context
def table(ctx: Context) -> None:
    """A running session at the table: the board after every action, the prompt saying
    whose turn it is, every command without 'grizzled', and short forms: a bare card
    plays it (n+sh+t r+wh: its Trap drew rain+whistle), c CARD charm, s THREAT P:CARD
    Speech, w TILE withdraw, m N Mission, u / r [REASON] undo / redo, y [N] why, ? what is
    legal, q leave.
    Every action is recorded at once, as with the CLI.

    Example: grizzled table -c Friday
    """
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    session = Session(ctx, echo=not interactive)
    from cli.table_prompt import prompt_reader

    run(session, prompt_reader(session) if interactive else plain_reader())


COMMANDS = (table,)
