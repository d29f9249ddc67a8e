"""What the voice says, structured: a piece's text as a face prints it, the facts behind it
(plain data: a face prints them as JSON or marks the text up with them), and its secrets.

A secret is a fact only one player may see (the Support tile they played face down, the
cards in their hand) or nobody at the table (a deck's order). The text never holds a
secret: it is the same for every viewer. ``public`` drops every secret, ``seen_by`` keeps a
viewer's own, so a face that shows one viewer (a phone on the table) builds what it shows
with one of them and cannot leak a secret by forgetting to.

Plain NamedTuples, no msgspec: ``grizzled status`` says its board without loading it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

NOBODY = ""  # the owner of a secret no player sees (a deck's order, a shuffled pile)


class Secret(NamedTuple):
    """A fact behind a piece that only ``owner`` may see (``NOBODY``: no one at the table)."""

    fact: str
    value: Any
    owner: str = NOBODY


class Span(NamedTuple):
    """A part of a piece's text, and what it names (``kind``: ``player``, ``card``,
    ``threat``, ... or '' for plain words; ``value`` the fact it stands for, e.g. a card's
    key where the text says its label), so a face can style or link it."""

    text: str
    kind: str = ""
    value: Any = None


class Said(NamedTuple):
    """One piece of what a player reads: ``text`` as printed, ``kind`` what it says (an
    event's type, ``next``, a board row's name), ``facts`` the public facts behind it,
    ``secrets`` the facts only some may see, ``spans`` the text in parts where a face
    styles them (empty: the text is one plain span)."""

    text: str
    kind: str
    facts: Mapping[str, Any]
    secrets: tuple[Secret, ...] = ()
    spans: tuple[Span, ...] = ()

    def parts(self) -> tuple[Span, ...]:
        """The text in spans: ``spans``, or the whole text as one plain span."""
        return self.spans or (Span(self.text),)


def public(said: Said) -> Said:
    """What anyone may see of ``said``: its text and public facts, no secret."""
    return said._replace(secrets=()) if said.secrets else said


def seen_by(said: Said, viewer: str) -> Said:
    """What ``viewer`` (a player's name) may see of ``said``: the public part and the
    secrets that are theirs."""
    own = tuple(s for s in said.secrets if s.owner == viewer and viewer != NOBODY)
    return said._replace(secrets=own)


def joined(spans: tuple[Span, ...]) -> str:
    """The text that ``spans`` spell."""
    return "".join(span.text for span in spans)
