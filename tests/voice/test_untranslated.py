"""Every string a player may read in the voice, the CLI and the companion is wrapped for
gettext, or listed with the reason it is not words of the table's language (issue 45):
``tests/voice/untranslated.py`` finds them, ``tests/voice/untranslated_allowed.py`` lists
the exceptions."""

from __future__ import annotations

from tests.voice import untranslated
from tests.voice.untranslated_allowed import ALLOWED, SAID_ELSEWHERE


def test_every_string_of_two_words_or_more_is_wrapped_or_allowed_with_a_reason() -> None:
    found = {
        name: left
        for name, path in untranslated.modules()
        if (left := untranslated.unwrapped(name, untranslated.counted(path)[0]))
    }

    assert not found, (
        "English-only strings (wrap them: _, N_, ngettext, pgettext, and make i18n; or, if no "
        f"player reads them as words, list them with a reason in untranslated_allowed.py): {found}"
    )


def test_every_allowed_string_is_still_in_its_module() -> None:
    held = {name: set(untranslated.counted(path)[0]) for name, path in untranslated.modules()}

    stale = {
        (name, s)
        for name, reasons in ALLOWED.items()
        for strings in reasons.values()
        for s in strings
        if s not in held.get(name, set())
    }

    assert not stale, f"listed but no longer there (remove them): {sorted(stale)}"


def test_rule_ids_and_compare_rows_allowed_are_messages_of_the_catalogue() -> None:
    from tests.voice.test_catalogue import extracted

    messages = {message for _context, message in extracted()}  # as make i18n extracts them

    missing = {
        s
        for reasons in ALLOWED.values()
        for reason, strings in reasons.items()
        if reason in SAID_ELSEWHERE
        for s in strings
        if s not in messages
    }

    assert not missing, f"said through _() but not in the catalogue: {sorted(missing)}"


def test_the_scanner_counts_a_sentence_in_an_f_string_and_skips_a_wrapped_one(tmp_path) -> None:
    module = tmp_path / "said.py"
    module.write_text(
        "from voice.lang import _\n"
        "def f(name, n):\n"
        '    """A docstring is not said."""\n'
        '    print(f"{name} withdrew")\n'
        '    print(_("{name} withdrew").format(name=name))\n'
        '    print(f"Backed up {n} events")\n'
        '    return f"{name} ({n})", "key"\n',
        "utf-8",
    )

    said, helps = untranslated.counted(module)

    assert sorted(said) == ["Backed up {} events", "{} withdrew"]
    assert helps == []
