"""The catalogues (issue 45): every message the voice, the CLI and the pages say has a
French entry, none fuzzy, each with the English one's placeholders; the compiled ``.mo``
the program reads says what the ``.po`` says.

The messages are extracted from the code as ``make i18n`` does (Babel, ``babel.cfg``), so a
sentence wrapped in ``_()`` and not yet translated fails here, not at a French table."""

from __future__ import annotations

import gettext
import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po

from voice import lang

ROOT = Path(__file__).resolve().parents[2]
PO = Path(lang.LOCALE) / "fr" / "LC_MESSAGES" / "grizzled.po"
MO = PO.with_suffix(".mo")
FIELD = re.compile(r"(?<!\{)\{([^{}]*)\}|%\((\w+)\)s")  # str.format's, and Jinja's


@cache
def extracted() -> dict[tuple[str | None, str], tuple[str, ...]]:
    """Every message of the code: (context, id) -> its ids (one, or singular and plural)."""
    from babel.messages import frontend

    parse = getattr(frontend, "parse_mapping_cfg", None) or frontend.parse_mapping
    with open(ROOT / "babel.cfg", encoding="utf-8") as cfg:
        methods, options = parse(cfg)
    found = {}
    for _, _, message, _, context in extract_from_dir(
        str(ROOT), methods, options, keywords={**DEFAULT_KEYWORDS, "W_": None}
    ):
        ids = (message,) if isinstance(message, str) else tuple(message)
        found[(context, ids[0])] = ids
    return found


def french() -> dict[tuple[str | None, str], object]:
    with open(PO, "rb") as file:
        return {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in read_po(file)}


def fields(text: str) -> set[tuple[str, str]]:
    return set(FIELD.findall(text))


def problems(messages: dict, entries: dict) -> list[str]:  # type: ignore[type-arg]
    """What is wrong with ``entries`` (the .po's) for ``messages`` (the code's)."""
    wrong = []
    for key, ids in sorted(messages.items(), key=lambda k: (k[0][0] or "", k[0][1])):
        entry = entries.get(key)
        strings = () if entry is None else entry.string  # type: ignore[attr-defined]
        strings = (strings,) if isinstance(strings, str) else tuple(strings)
        if entry is None or not all(strings):
            wrong.append(f"no French entry: {key[1]!r}")
        elif entry.fuzzy:  # type: ignore[attr-defined]
            wrong.append(f"fuzzy: {key[1]!r}")
        elif any(fields(s) != fields(ids[-1] if i else ids[0]) for i, s in enumerate(strings)):
            wrong.append(f"placeholders differ: {key[1]!r} -> {strings!r}")
    return wrong


def test_every_message_of_the_code_has_a_french_entry_with_its_placeholders() -> None:
    messages = extracted()
    assert len(messages) > 30  # the messages were found
    wrong = problems(messages, french())
    assert not wrong, f"{len(wrong)} entries:\n" + "\n".join(wrong)


def test_a_missing_a_fuzzy_and_a_misplaced_entry_are_each_caught() -> None:
    from babel.messages.catalog import Catalog

    catalog = Catalog(locale="fr")
    catalog.add("{player}'s turn", "au tour de {joueur}")
    catalog.add("Next: {step}", "Ensuite : {step}", flags=("fuzzy",))
    entries = {(m.context, m.id): m for m in catalog if m.id}
    messages = {
        (None, "{player}'s turn"): ("{player}'s turn",),
        (None, "Next: {step}"): ("Next: {step}",),
        (None, "the campaign is over"): ("the campaign is over",),
    }

    assert [w.split(":")[0] for w in problems(messages, entries)] == [
        "fuzzy",
        "no French entry",
        "placeholders differ",
    ]


def test_the_compiled_catalogue_says_what_the_po_says() -> None:
    with open(MO, "rb") as file:
        compiled = gettext.GNUTranslations(file)
    stale = []
    for (context, msgid), entry in french().items():
        if not msgid or entry.fuzzy:  # type: ignore[attr-defined]
            continue
        string = entry.string  # type: ignore[attr-defined]
        if isinstance(string, str):
            said = compiled.pgettext(context, msgid) if context else compiled.gettext(msgid)
            stale += [msgid] if said != string else []
        else:
            plural = entry.id[1]  # type: ignore[attr-defined]
            said = compiled.ngettext(msgid, plural, 1), compiled.ngettext(msgid, plural, 5)
            stale += [msgid] if said != (string[0], string[-1]) else []
    assert not stale, f"make i18n: the .mo is older than the .po for {stale[:5]}"


def test_every_french_entry_has_the_french_rulebook_s_no_break_spaces() -> None:
    from voice.typography import french as typeset

    wrong = []
    for (_context, msgid), entry in french().items():
        strings = entry.string  # type: ignore[attr-defined]
        for string in (strings,) if isinstance(strings, str) else strings:
            if msgid and string != typeset(string):
                wrong.append(f"{msgid!r} -> {string!r}")
    assert not wrong, f"make i18n sets them; {len(wrong)} entries:\n" + "\n".join(wrong[:20])


@pytest.mark.parametrize(
    ("text", "typeset"),
    [
        (
            "Mission {number}: grizzled mission start",
            "Mission {number}\u00a0: grizzled mission start",
        ),
        ("Erreur : {message}", "Erreur\u00a0: {message}"),
        (" ; {player} prend un jeton", "\u00a0; {player} prend un jeton"),
        ("a-t-il été refusé ?", "a-t-il été refusé\u00a0?"),
        ("les branches « et si »", "les branches «\u00a0et si\u00a0»"),
        ("p. ex. -p ann:nuit, 3:2, draw:N@withdraw", "p. ex. -p ann:nuit, 3:2, draw:N@withdraw"),
        ("postgresql://user@host:port/db?schema=n", "postgresql://user@host:port/db?schema=n"),
        ("y [N] pourquoi, ? ce qui est permis", "y [N] pourquoi, ? ce qui est permis"),
    ],
)
def test_french_typography_spaces_punctuation_and_leaves_notation(text: str, typeset: str) -> None:
    from voice.typography import french as typeset_french

    assert typeset_french(text) == typeset


@pytest.mark.parametrize(
    ("environ", "spoken"),
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANGUAGE": "de:fr", "LANG": "de_DE.UTF-8"}, "fr"),
        ({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}, "en"),
        ({"LC_MESSAGES": "fr_CA", "LANG": "en_GB"}, "fr"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_locale_chooses_the_language_as_gettext_reads_it(
    environ: dict[str, str], spoken: str
) -> None:
    assert lang.from_locale(environ) == spoken


def test_a_browser_s_first_language_spoken_here_is_chosen() -> None:
    assert lang.from_accept("de-DE,fr-FR;q=0.8,en;q=0.5") == "fr"
    assert lang.from_accept("en-GB,fr;q=0.9") == "en"
    assert lang.from_accept("fr;q=0,en;q=0.1") == "en"
    assert lang.from_accept("de, it;q=x") is None
    assert lang.from_accept(None) is None


def test_a_sentence_reads_in_the_language_in_use_and_english_is_untouched() -> None:
    from contextvars import copy_context

    from voice.next_step import losing_deal_words

    def said(code: str) -> str:
        lang.use(code)
        return losing_deal_words(3, "14 cards in hands (13 or more)")

    assert copy_context().run(said, "fr") == (
        "l'intensité 3 perd le chapitre aussitôt\u00a0: 14 cartes en main (13 ou plus)"
    )
    assert copy_context().run(said, "en") == (
        "intensity 3 loses the chapter at once: 14 cards in hands (13 or more)"
    )
    assert lang.current() == "en"  # each context its own: this one never chose
