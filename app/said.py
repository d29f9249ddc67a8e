"""What the application hands a face to show: the voice's lines, each saying how a face may
show it. Plain slotted records (``voice.Record``): a command that only reads says its
lines without loading msgspec."""

from __future__ import annotations

from voice import Record


class Line(Record):
    """One line the voice said: ``wrap``: wrapped at a terminal's width (False: a line to
    copy as it is written, a checkpoint); ``warning``: the work stands but the person
    should read it (the command line says it on stderr)."""

    __slots__ = ("text", "warning", "wrap")
    text: str
    wrap: bool
    warning: bool

    def __init__(self, text: str, wrap: bool = True, warning: bool = False) -> None:
        self._set(text=text, wrap=wrap, warning=warning)


def lines(texts: list[str]) -> list[Line]:
    """Plain lines, each wrapped at a terminal's width."""
    return [Line(text) for text in texts]
