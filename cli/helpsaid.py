"""The CLI's help in the language in use (issue 45): a command's docstring and its options'
``help=`` texts are written in English and read by click when their module is imported, so
they are said when the help is shown (``Said.get_help``), looked up in the catalogue as
Babel extracted them (``voice.helpwords``). The English is kept on each command and option,
so a session that changes language shows the help in the new one.

Click's own words (``Usage:``, ``Options``, a usage error's ``Missing argument``) come from
click's modules through ``gettext``: ``click_speaks`` has them say the catalogue's, and
``cli/clickwords.py`` lists those messages for the catalogue."""

from __future__ import annotations

import sys

import click

from app.session import Session
from voice import lang
from voice.helpwords import shown

CLICK_MODULES = ("core", "decorators", "exceptions", "formatting", "parser", "types", "termui")


def click_speaks() -> None:
    """click's own messages said in the language in use (its modules call ``gettext``)."""
    for name in CLICK_MODULES:
        module = sys.modules.get(f"click.{name}")
        if module is None:
            continue
        if hasattr(module, "_"):
            module._ = lang._  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = lang.ngettext  # type: ignore[attr-defined]


def _said(kept: dict[str, str | None], holder: object, field: str) -> None:
    english = kept.setdefault(field, getattr(holder, field))
    if english is None or lang.current() == lang.ENGLISH:
        setattr(holder, field, english)
        return
    text = shown(english)
    said = lang._(text)
    setattr(holder, field, english if said == text else said)


def said(command: click.Command, ctx: click.Context | None = None) -> None:
    """A command's help, short help and options' help in the language in use; a group's
    commands' too (their one-line help in the list)."""
    kept = command.__dict__.setdefault("_english", {})
    for field in ("help", "short_help", "epilog"):
        _said(kept, command, field)
    for param in command.params:
        if isinstance(param, click.Option):
            _said(param.__dict__.setdefault("_english", {}), param, "help")
    if ctx is not None and (option := command.get_help_option(ctx)) is not None:
        option.help = lang._("Show this message and exit.")  # made once, in either language
    if isinstance(command, click.Group) and ctx is not None:
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            if sub is not None:
                said(sub)


class Said(click.Context):
    """A command's context whose help is said in the language in use."""

    def get_help(self) -> str:
        if isinstance(self.obj, Session):  # a command's help, its campaign known: its language
            from app.readmodel import follow_for_help

            follow_for_help(self.obj)
        said(self.command, self)
        return super().get_help()

    def get_usage(self) -> str:
        said(self.command, self)
        return super().get_usage()
