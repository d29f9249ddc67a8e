"""What is shown of a text from outside (voice/shown.py): printable text as it is, every
hidden character escaped; the search is skipped for printable text, which is only right
because every hidden character is one ``str.isprintable`` refuses."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from cli.params import problem
from voice.shown import HIDDEN, SURROGATES, holds, shown


def test_every_hidden_character_is_one_isprintable_refuses() -> None:
    for chars in (HIDDEN, SURROGATES):
        pattern = re.compile(chars)
        printable = [c for c in map(chr, range(0x110000)) if pattern.match(c) and c.isprintable()]
        assert printable == []


@given(st.text(alphabet=st.characters(codec=None), max_size=40))
def test_shown_escapes_exactly_the_hidden_characters(text: str) -> None:
    out = shown(text)
    assert re.search(HIDDEN, out) is None
    assert holds(HIDDEN, text) == (re.search(HIDDEN, text) is not None)
    if re.search(HIDDEN, text) is None:
        assert out == text


def test_the_escapes_a_terminal_sees() -> None:
    assert shown("Ann\x1b]0;owned\x07") == "Ann\\x1b]0;owned\\x07"
    assert shown("line\nnext\ttab") == "line\\nnext\\ttab"
    assert shown("caf\udce9") == "caf\\xe9"  # a byte that was not UTF-8
    assert shown("\u202eevil") == "\\u202eevil"
    assert shown("Émile, 1914 — ça va") == "Émile, 1914 — ça va"


def test_an_argument_with_hidden_characters_or_bad_bytes_is_refused() -> None:
    assert problem("Anselme", 40) is None
    assert "not valid UTF-8" in (problem("caf\udce9", 40) or "")
    assert "control character" in (problem("a\x1bb", 40) or "")
    assert "control character" in (problem("a\u2028b", 40) or "")
