"""The types of every argument and option: a count within what the box holds
(cli/counts.py), a log entry number SQLite can look up, a text that is valid UTF-8,
printable on one line and of a sane length. Anything else is a usage error (exit code 2)
whose message quotes the value escaped and cut, never echoed whole.

``check_argv`` looks at the raw arguments before click parses them, for what no type
sees (an unknown option or command holding bytes that are not UTF-8, or a NUL).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Any, TypeVar

import click

from voice.lang import N_, _
from voice.shown import HIDDEN, LONG, SURROGATES, code, holds, quoted

NAME_MOST = 40  # a campaign's or a player's name
TITLE_MOST = 60  # a Briefing's title, an Order's, a Recruit's or a Helping Hand's name
WORD_MOST = 200  # a card, a tile, a list of numbers: read further by cli/parse.py
TEXT_MOST = LONG  # a reason, a card's effect, notes
LOG_ENTRIES = 2**31 - 1  # log entry numbers (SQLite's integers stop at 2**63 - 1)
F = TypeVar("F", bound=Callable[..., Any])


def problem(text: str, most: int) -> str | None:
    """Why ``text`` cannot be an argument (bytes that are not UTF-8, a control character,
    more than ``most`` characters), or None."""
    if holds(SURROGATES, text):
        said = _("{text} is not valid UTF-8 (is the terminal set to another encoding?)")
        return said.format(text=quoted(text))
    if holds(HIDDEN, text):
        said = _("{text} holds a control character: write printable text on one line")
        return said.format(text=quoted(text))
    if len(text) > most:
        said = _("{text} is {length} characters long: at most {most}")
        return said.format(text=quoted(text), length=len(text), most=most)
    return None


def check_argv(args: list[str]) -> str | None:
    """A one-line usage message for the first raw argument holding bytes that are not
    UTF-8 (lone surrogates) or a NUL, else None."""
    for number, arg in enumerate(args, 1):
        if holds(SURROGATES, arg):
            return _("argument {number} {arg} is not valid UTF-8").format(
                number=number, arg=quoted(arg)
            )
        if "\0" in arg:
            return _("argument {number} {arg} holds a NUL character").format(
                number=number, arg=quoted(arg)
            )
    return None


class Path(click.Path):
    """click's ``Path``, its name (the option's metavar: PATH, CHEMIN) said in the language
    in use when it is shown, not the one in use when the option was made: the shared
    ``--db`` is made once, at a command's first use (``cli.main``), and a process may
    speak French then and English later (the reference, ``cli.docgen``)."""

    @property
    def name(self) -> str:
        if self.file_okay and not self.dir_okay:
            return _("file")
        return _("directory") if self.dir_okay and not self.file_okay else _("path")

    @name.setter
    def name(self, said: str) -> None:  # click names it as it is made: said when shown
        pass


class Checked(click.ParamType):  # type: ignore[type-arg]
    """A type whose raw text is checked first (``problem``), then converted."""

    most = WORD_MOST

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and (why := problem(value, self.most)):
            self.fail(why, param, ctx)
        return super().convert(value, param, ctx)


class Text(Checked, click.types.StringParamType):
    """Printable text on one line, at most ``most`` characters."""

    def __init__(self, name: str, most: int) -> None:
        self.name, self.most = name, most


class Name(Text):
    """A name (a campaign's, a player's, a card's): kept in NFC, and refused if it holds a
    character nobody sees (``domain.names``)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not holds(SURROGATES, value):
            value = unicodedata.normalize("NFC", value)
            if problem(value, self.most) is None and (why := unseen(value)):
                self.fail(why, param, ctx)
        return super().convert(value, param, ctx)


def unseen(name: str) -> str | None:
    """Why ``name`` cannot be a name (it holds a character nobody sees), or None."""
    if name.isascii():  # every character of ASCII is seen (a control one is refused apart)
        return None
    from domain.names import invisible

    found = invisible(name)
    if found is None:
        return None
    seen = "".join(code(c) if invisible(c) else c for c in name)
    said = _("{name} holds an invisible character ({found}): type the name as it reads")
    return said.format(name=quoted(seen), found=found)


def name_refused(name: str) -> str | None:
    """Why a name read from a file (an export's campaign) is one the command line refuses
    everywhere (``Name``: a control character, too long, a character nobody sees, or not
    kept as a typed name is: NFC, no outer spaces), or None."""
    from domain.names import normal

    why = problem(name, NAME_MOST) or unseen(name)
    if why is None and normal(name) != name:
        why = _("{name} is not written as a typed name is kept (NFC, no outer spaces)").format(
            name=quoted(name)
        )
    return why


class Count(Checked, click.IntRange):
    """A whole number from ``low`` to ``high``."""

    def __init__(self, low: int, high: int) -> None:
        super().__init__(low, high)


class OneOf(Checked, click.Choice):  # type: ignore[type-arg]
    """One of a few words."""


class _Composed:
    """A help text with a mark where the modules add their part (``{modules:WHERE}``,
    ``voice.helpwords.composed``), composed the first time it is read: the modules' CLI
    files are imported then (``cli.modules.helps``), not when the command that holds it is."""

    def __get__(self, holder: object, kind: type | None = None) -> str | None:
        text: str | None = holder.__dict__.get("_help")
        if text is not None and "{modules:" in text:
            from cli.modules import helps
            from voice.helpwords import composed

            text = holder.__dict__["_help"] = composed(text, helps)
        return text

    def __set__(self, holder: object, text: str | None) -> None:
        holder.__dict__["_help"] = text


class Helped(click.Command):
    """A command of the game's whose help lists what the modules add (the facts ``correct``
    sets): ``help`` composed the first time it is read."""

    help = _Composed()


class HelpedOption(click.Option):
    """An option of the game's whose help says what the modules add to it (a variant of
    ``chapter start``): ``help`` composed the first time it is read."""

    help = _Composed()


class Chosen(OneOf):
    """One of a few words and those the modules add (``cli.modules.choices``: ``--variant``'s
    Solo), found the first time the choices are read."""

    def __init__(self, words: list[str], where: str) -> None:
        self.where: str | None = where
        super().__init__(words)

    @property
    def choices(self) -> tuple[str, ...]:
        if self.where is not None:
            from cli.modules import choices

            self.__dict__["_choices"] = (*self.__dict__["_choices"], *choices(self.where))
            self.where = None
        found: tuple[str, ...] = self.__dict__["_choices"]
        return found

    @choices.setter
    def choices(self, words: tuple[str, ...]) -> None:
        self.__dict__["_choices"] = tuple(words)


NAME = Name("name", NAME_MOST)
TITLE = Name("text", TITLE_MOST)
WORD = Text("text", WORD_MOST)
TEXT = Text("text", TEXT_MOST)
# The counts of the game are in cli/counts.py (the box's limits, domain/limits.py): this
# module is imported by every command, and importing the domain loads the whole rulebook.
LOG_ENTRY = Count(1, LOG_ENTRIES)
CHAPTER_PLAYED = Count(0, LOG_ENTRIES)  # classic campaigns play on: no last chapter
# What a take-back or a correction was decided on: the campaign's last log entry as the
# person saw it (the table session and the companion pass the board's); it is refused,
# nothing recorded, if another entry was logged since (tracker.app.Tracker.as_seen).
SEEN = click.option(
    "--seen",
    type=LOG_ENTRY,
    metavar="EVENT",
    help="The last log entry as you saw it: refused, nothing recorded, if another was "
    "logged since (default: the last one when the command reads the campaign).",
)


# The help ``choice_options`` composes, whole, as the catalogue keeps it (cli.helpsaid says
# an option's help by looking the whole text up): one pair for each ``what`` it is given.
CHOICE_HELPS = (
    N_("The Hard Knock its player discards (knock-discard)."),
    N_("A card its player discards from hand (discard:N; repeat)."),
)  # a module's own pair is beside the command that gives its ``what`` (the Recruit's)


def choice_options(what: str) -> Callable[[F], F]:
    """``--discard CARD`` (repeat) and ``--knock CARD``: what a card's rule needs named."""

    def decorate(command: F) -> F:
        command = click.option(
            "--knock",
            type=WORD,
            metavar="CARD",
            help=f"The Hard Knock {what} discards (knock-discard).",
        )(command)
        return click.option(
            "--discard",
            "discards",
            type=WORD,
            multiple=True,
            metavar="CARD",
            help=f"A card {what} discards from hand (discard:N; repeat).",
        )(command)

    return decorate
