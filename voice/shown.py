"""What is shown of a text that came from outside: an argument, or a database someone
else handed over. Control characters become visible escapes and never reach the terminal
(an ESC in a stored name could set the window's title or clear the screen); a byte that
was not UTF-8, which Python keeps as a lone surrogate, is shown as the byte (``\\xe9``);
a very long value is cut with an ellipsis.

What is shown is plain text: it is printed with ``click.echo`` or drawn as rich ``Text``,
never put into a rich markup string, so a stored ``[link=...]`` stays words.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

# C0 and C1 controls and DEL; line and paragraph separators; the bidirectional embeddings,
# overrides and isolates that reorder what follows them; lone surrogates. Every one of them
# is a character ``str.isprintable`` refuses (tests/cli/test_shown.py checks them all), so
# printable text is never searched, and the expression (its ranges cost ~1 ms to compile)
# is compiled the first time a text is not printable.
HIDDEN = "[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
SURROGATES = "[\ud800-\udfff]"  # how Python keeps bytes that were not UTF-8
# French typography's no-break spaces (voice.typography), which ``str.isprintable`` refuses
# and ``HIDDEN`` does not hold: a text with them alone is printable text, not searched.
TYPESET = str.maketrans("\u00a0\u202f", "  ")
NAMED = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}
BREAKS = "[ \t\n\r]+"  # what an error line reads as one space
LONG = 2000  # the longest free text an argument may be (cli/params.py): shown whole
LINE = 200  # a summary or a reason in a table: a line or two (``log --json`` has it whole)
SHORT = 60  # a name or a card in a table cell
CUT = "..."


def _visible(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    if char in NAMED:
        return NAMED[char]
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def shown(text: object, most: int = LONG) -> str:
    """``text`` safe to print: each control character as a visible escape (ESC is
    ``\\x1b``), cut with an ellipsis after ``most`` characters, escapes counted. A file
    may hold a number or nothing where a text belongs: it is shown as such."""
    text = text if isinstance(text, str) else str(text)
    if len(text) > most:
        text = text[: most - len(CUT)] + CUT
    if _printable(text):
        return text
    text = _pattern(HIDDEN).sub(_visible, text)  # up to 6 characters for one
    return text if len(text) <= most else text[: most - len(CUT)] + CUT


def error_line(message: str, most: int = LONG) -> str:
    """An error as one line on stderr: its line breaks and tabs as spaces, each control
    character escaped as ``shown`` escapes it, and every other character
    ``str.isprintable`` refuses as its code (a format character: a zero-width space
    ``\\u200b``, a bidirectional mark ``\\u200f``, a soft hyphen ``\\u00ad``; a space other
    than the space, ``\\u00a0``; a private or unassigned one), so what the group typed
    stays recognisable and a look-alike is told apart from what it mimics; cut with an
    ellipsis after ``most`` characters."""
    line = shown(_pattern(BREAKS).sub(" ", message).strip(), most)
    if line.isprintable():
        return line
    kept = _typeset(line)
    line = "".join(c if c.isprintable() or i in kept else code(c) for i, c in enumerate(line))
    return line if len(line) <= most else line[: most - len(CUT)] + CUT


def _typeset(line: str) -> frozenset[int]:
    """Where a French line's no-break spaces are its typography (``voice.typography``:
    before ``: ; ! ?``, inside « »): kept as spaces; any other, and every one in English,
    is shown as its code."""
    from voice import lang

    if lang.current() == lang.ENGLISH:
        return frozenset()
    return frozenset(m.start() for m in _pattern("\u00a0(?=[:;!?»])|(?<=«)\u00a0").finditer(line))


def code(char: str) -> str:
    """A character as its code in an escape, ``\\u200b`` (``\\U000e0041`` past U+FFFF)."""
    number = ord(char)
    return f"\\u{number:04x}" if number <= 0xFFFF else f"\\U{number:08x}"


@cache
def _pattern(chars: str) -> re.Pattern[str]:
    return re.compile(chars)


def holds(chars: str, text: str) -> bool:
    """Whether ``text`` holds one of ``chars`` (``HIDDEN`` or ``SURROGATES``)."""
    return not _printable(text) and _pattern(chars).search(text) is not None


def _printable(text: str) -> bool:
    """Whether ``text`` holds none of ``HIDDEN``: printable, French typography's no-break
    spaces aside (``TYPESET``), so no expression need search it."""
    return text.isprintable() or text.translate(TYPESET).isprintable()


def shown_all(value: Any, most: int = LONG) -> Any:
    """A document read from a database (dicts, lists, values) with every text in it
    ``shown``: what the board draws from the read models."""
    if isinstance(value, str):
        return shown(value, most)
    if isinstance(value, dict):
        return {shown_all(k, most): shown_all(v, most) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [shown_all(v, most) for v in value]
    return value


def quoted(text: object, most: int = SHORT) -> str:
    """``'text'`` shown, for a message that names what was given."""
    return f"'{shown(text, most)}'"


# What JSON leaves raw of ``HIDDEN`` (it escapes C0 itself), as UTF-8 bytes: DEL, the C1
# controls (CSI is \x9b), the line and paragraph separators, the bidirectional
# embeddings, overrides and isolates. They can stand only inside a JSON string.
RAW_IN_JSON = rb"\x7f|\xc2[\x80-\x9f]|\xe2\x80[\xa8-\xae]|\xe2\x81[\xa6-\xa9]"


def _escaped(match: re.Match[bytes]) -> bytes:
    return b"\\u%04x" % ord(match.group().decode())


def terminal_json(line: bytes) -> bytes:
    """A line of JSON (UTF-8) safe to print to a terminal: what a terminal must not see
    written as the JSON escape of the same character (the same JSON, read back)."""
    return _bytes_pattern().sub(_escaped, line)


@cache
def _bytes_pattern() -> re.Pattern[bytes]:
    return re.compile(RAW_IN_JSON)
