"""Every error line escapes what a reader cannot see (issue 39): a format character (a
zero-width space, a bidirectional mark, a soft hyphen), a space other than the space, a
control character, whatever command's error quotes it, so "Fri\\u200bday" is never read
as "Friday" and a right-to-left mark never reorders the line; the rest of what the group
typed stays as typed."""

from __future__ import annotations

import re
import sys
import unicodedata

import pytest

from tests.cli.conftest import Grizzled
from voice.shown import HIDDEN

# One of each kind: format characters (Cf: zero-width space, joiners, the bidirectional
# marks, embeddings, overrides and isolates, the Arabic letter mark, a word joiner, the
# byte order mark, the soft hyphen, a tag), spaces other than the space (Zs), the line
# and paragraph separators, C0 and C1 controls and DEL, a private character.
UNSEEN = (
    "\u200b\u200c\u200d\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068"
    "\u2069\u2060\ufeff\u00ad\U000e0041"
    "\u00a0\u1680\u2002\u2007\u2009\u200a\u202f\u205f\u3000"
    "\u2028\u2029\x01\x1b\x7f\x85\x9b\ue000"
)


def escape(char: str) -> str:
    """How an error line shows ``char``: a control character of Latin-1 as ``voice.shown``
    always did (``\\x1b``), any other as its code (``\\u200f``)."""
    code = ord(char)
    if re.match(HIDDEN, char) and code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


COMMANDS = {
    "an unknown campaign": (("-c", "Fri{}day", "status"), "Fri{}day"),
    "a bad card": (("play", "nig{}ht"), "nig{}ht"),
    "a reason too long": (("undo", "-r", "wh{}y" + "x" * 2000), "wh{}yxx"),
    "an extra argument": (("support", "an{}n"), "an{}n"),
    "a bad checkpoint": (("verify", "--checkpoint", "AB{}CD @ 4"), "AB{}CD @ 4"),
    "an unknown command": (("pl{}ay",), "pl{}ay"),
}


@pytest.mark.parametrize(("args", "typed"), COMMANDS.values(), ids=COMMANDS.keys())
def test_an_error_line_escapes_every_character_nobody_sees(
    table: Grizzled, args: tuple[str, ...], typed: str
) -> None:
    for char in UNSEEN:
        result = table(*(arg.format(char) for arg in args))

        assert result.exit_code in (1, 2) and result.stdout == "", repr(char)
        (line,) = result.stderr.splitlines()
        assert line.startswith("Error: ") and line.isprintable(), line
        said = {typed.format(escape(char)), typed.format(repr(char)[1:-1])}  # ours, or repr's
        assert any(form in line for form in said), line  # what was typed, recognisable


def test_every_character_isprintable_refuses_is_escaped_and_the_rest_kept() -> None:
    from voice.shown import error_line

    kinds = {"Cc", "Cf", "Zs", "Zl", "Zp"}  # and three private and unassigned ones
    unseen = [
        c
        for c in map(chr, range(sys.maxunicode + 1))
        if unicodedata.category(c) in kinds and c not in " \t\n\r"
    ] + ["\ue000", "\U000f0000", "\U0010fffe"]
    assert len(unseen) > 200
    for char in unseen:
        line = error_line(f"'a{char}b'")
        assert line.isprintable() and line == f"'a{escape(char)}b'", repr(char)
    kept = "Émile, 1914 — ça va 🙂 ב"
    assert error_line(f"Error: {kept}\n  (see --help)") == f"Error: {kept} (see --help)"


def test_an_error_line_stays_within_its_length_whatever_it_escapes() -> None:
    from voice.shown import error_line

    line = error_line("\u200f" * 1000, 390)
    assert len(line) == 390 and line.endswith("...") and line.isprintable()
