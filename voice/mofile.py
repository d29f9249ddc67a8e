"""A compiled gettext catalogue (``.mo``) read as it lies on disk: each message looked up
when it is first said, by binary search in the file's table of originals (sorted as
Babel's ``pybabel compile`` writes it: by id, then context), where the standard library's
``GNUTranslations`` decodes every entry into a dictionary as it opens the catalogue
(~1,400 entries: ~2 ms of every French command, most of them never said). It answers
``gettext``, ``ngettext`` and ``pgettext`` as ``GNUTranslations`` does
(tests/voice/test_mofile.py compares every entry of the shipped catalogue)."""

from __future__ import annotations

import struct
from collections.abc import Callable

LITTLE, BIG = 0x950412DE, 0xDE120495  # the magic number, as each byte order writes it
CONTEXT = "\x04"  # between a message's context and its id (msgctxt)
PLURAL = "\x00"  # between a message's singular and plural ids, and between its plurals


class MoFile:
    """One ``.mo`` file's bytes and what was looked up in them (kept: a phrase said twice
    is searched once)."""

    def __init__(self, data: bytes) -> None:
        (magic,) = struct.unpack_from("<I", data)
        order = "<" if magic == LITTLE else ">" if magic == BIG else ""
        if not order:
            raise OSError("not a gettext catalogue (.mo)")
        _, self.count, self.originals, self.translations = struct.unpack_from(order + "4I", data, 4)
        self.data = data
        self.entry = struct.Struct(order + "2I")
        self.said: dict[tuple[str, str, bool], str | None] = {}
        self.plural = _plural_rule(self._translated("") or "")  # the header: the "" entry

    def _string(self, table: int, index: int) -> bytes:
        length, offset = self.entry.unpack_from(self.data, table + 8 * index)
        return self.data[offset : offset + length]

    def _translated(self, message: str, context: str = "", plural: bool = False) -> str | None:
        """The translation of ``message`` (in ``context``; its plural entry if ``plural``:
        every form, split by NUL), or None. Babel sorts a catalogue's entries by their id
        (a plural's: its singular), then their context; so does the search."""
        key = (message, context, plural)
        if key in self.said:
            return self.said[key]
        wanted, low, high = (message.encode(), context.encode()), 0, self.count
        found = None
        while low < high:
            middle = (low + high) // 2
            seen = _sorted_by(self._string(self.originals, middle))
            if seen < wanted:
                low = middle + 1
            elif seen > wanted:
                high = middle
            else:  # this id and context: its entry of the kind asked (at most two alike)
                for index in (middle, middle - 1, middle + 1):
                    if 0 <= index < self.count:
                        original = self._string(self.originals, index)
                        same = _sorted_by(original) == wanted
                        if same and (PLURAL.encode() in original) == plural:
                            found = self._string(self.translations, index).decode()
                            break
                break
        self.said[key] = found
        return found

    def gettext(self, message: str) -> str:
        found = self._translated(message)
        return message if found is None else found

    def pgettext(self, context: str, message: str) -> str:
        found = self._translated(message, context)
        return message if found is None else found

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        found = self._translated(singular, plural=True)
        if found is None:
            return singular if n == 1 else plural
        forms = found.split(PLURAL)
        index = self.plural(n)
        return forms[index] if index < len(forms) else forms[-1]


def _sorted_by(original: bytes) -> tuple[bytes, bytes]:
    """What Babel sorts a stored original by: its id (a plural's singular), its context
    (UTF-8 bytes sort as their characters do)."""
    context, mark, rest = original.partition(CONTEXT.encode())
    if not mark:
        context, rest = b"", original
    return rest.split(PLURAL.encode(), 1)[0], context


def _plural_rule(header: str) -> Callable[[int], int]:
    """The catalogue's plural rule (its header's ``Plural-Forms``), as ``gettext`` reads it;
    the English one where it says none."""
    for line in header.splitlines():
        name, _, value = line.partition(":")
        if name.strip().lower() == "plural-forms":
            for part in value.split(";"):
                key, _, expression = part.partition("=")
                if key.strip().lower() == "plural":
                    from gettext import c2py

                    return c2py(expression.strip())
    return lambda n: int(n != 1)
