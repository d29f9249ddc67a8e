"""Names as a group reads them: a name is kept in NFC (the same letters typed on any
keyboard are the same text); one holding a character nobody sees (a zero-width space, a
bidirectional mark, Unicode's format characters) is refused; two names that read alike
(``skeleton``) are one name, so "Hostile" and "Hоstile" (a Cyrillic о) cannot be two
campaigns or two Grizzled at one table.

``skeleton`` is the name casefolded, in NFKC (the ``ﬁ`` ligature reads ``fi``, a
full-width ``Ａ`` an ``a``, a no-break space a space), with the common Cyrillic and Greek
look-alikes of Latin letters, and the digits 0 and 1, read as the letters they resemble
(``CONFUSABLES``: a small table after Unicode's confusables.txt, not the whole of it).
Pure functions.
"""

from __future__ import annotations

import unicodedata

# Lower-case letters (a name is casefolded first) that read as a Latin letter in most
# fonts, in their own case or in capitals: Cyrillic, then Greek, then the rest.
CONFUSABLES = str.maketrans(
    {
        "а": "a", "в": "b", "ԁ": "d", "е": "e", "ё": "e", "һ": "h", "н": "h", "і": "i",
        "ї": "i", "ј": "j", "к": "k", "ӏ": "l", "м": "m", "о": "o", "р": "p", "ԛ": "q",
        "ѕ": "s", "т": "t", "у": "y", "ү": "y", "х": "x", "ԝ": "w", "с": "c", "ӡ": "z",
        "α": "a", "β": "b", "ε": "e", "ζ": "z", "η": "h", "ι": "i", "κ": "k", "μ": "m",
        "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "y", "χ": "x", "ϲ": "c", "ϳ": "j",
        "ı": "i", "ɑ": "a", "ɡ": "g", "ꞵ": "b", "0": "o", "1": "l",
    }
)  # fmt: skip
# Characters that draw nothing but are not format characters (category Cf, refused as a
# whole): the combining grapheme joiner, Hangul fillers, Khmer's inherent vowels,
# Mongolian variation selectors, the variation selectors.
INVISIBLE = frozenset(
    {0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x3164, 0xFFA0, *range(0x180B, 0x1810)}
    | {*range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)}
)


def normal(name: str) -> str:
    """The name as it is kept: NFC, outer spaces off."""
    return unicodedata.normalize("NFC", name).strip()


def invisible(name: str) -> str | None:
    """The first character of ``name`` that draws nothing or reorders what follows (a
    format character: zero-width spaces and joiners, bidirectional marks, embeddings and
    isolates), as ``U+200B``; None if it holds none."""
    for char in name:
        if unicodedata.category(char) == "Cf" or ord(char) in INVISIBLE:
            return f"U+{ord(char):04X}"
    return None


def skeleton(name: str) -> str:
    """What ``name`` reads as: two names with the same skeleton are one name."""
    folded = unicodedata.normalize("NFKC", normal(name).casefold())
    return " ".join(folded.translate(CONFUSABLES).split())


def alike(name: str, others: list[str] | tuple[str, ...]) -> str | None:
    """The first of ``others`` that reads as ``name`` does, or None."""
    mine = skeleton(name)
    return next((other for other in others if skeleton(other) == mine), None)


def chapter_name(number: int) -> str:
    """``Boot Camp`` or ``chapter N``: a chapter as the group calls it."""
    return "Boot Camp" if number == 0 else f"chapter {number}"
