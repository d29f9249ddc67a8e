"""voice.mofile answers every entry of the shipped French catalogue as the standard
library's GNUTranslations does: each message, each context's, each plural at counts 0 to
3 and 21; and a message it does not hold is itself (the English rule for plurals)."""

from __future__ import annotations

import gettext
from pathlib import Path

from voice import lang
from voice.mofile import CONTEXT, PLURAL, MoFile

MO = Path(lang.LOCALE) / "fr" / "LC_MESSAGES" / "grizzled.mo"


def test_every_entry_reads_as_gnu_translations_reads_it() -> None:
    data = MO.read_bytes()
    with MO.open("rb") as file:
        gnu = gettext.GNUTranslations(file)
    ours = MoFile(data)
    originals = {key for key in gnu._catalog if isinstance(key, str) and key}  # type: ignore[attr-defined]
    plurals = {key[0] for key in gnu._catalog if isinstance(key, tuple)}  # type: ignore[attr-defined]
    assert len(originals) > 1000 and plurals  # the whole catalogue is compared
    for key in originals:
        context, mark, message = key.rpartition(CONTEXT)
        if mark:
            assert ours.pgettext(context, message) == gnu.pgettext(context, message), key
        else:
            assert ours.gettext(key) == gnu.gettext(key), key
    table = ours.count
    for index in range(table):  # the plural entries, by their stored originals
        original = ours._string(ours.originals, index).decode()
        if PLURAL in original:
            singular, plural = original.split(PLURAL)
            for n in (0, 1, 2, 3, 21):
                assert ours.ngettext(singular, plural, n) == gnu.ngettext(singular, plural, n)
    assert ours.gettext("not a message of the catalogue") == "not a message of the catalogue"
    assert ours.ngettext("one thing", "{n} things", 2) == "{n} things"
    assert ours.pgettext("nowhere", "night") == "night"
