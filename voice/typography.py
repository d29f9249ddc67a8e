"""French typography for the catalogue (issue 45), as the French rulebook prints it: a
no-break space before ``:``, ``;``, ``!`` and ``?`` (``Mission 1 :``, never ``Mission 1:``)
and inside « » quotes, so a line never breaks between a word and its colon.

``make i18n`` runs it on the French catalogue after Babel's update (``python -m
voice.typography PO``); tests/voice/test_catalogue.py fails on an entry it would change.
A colon that is notation stays as it is: ``ann:nuit``, ``3:2``, ``draw:N@withdraw``,
``postgresql://`` (no space after it), and so does a ``?`` typed as the table session's
short form (``, ? ce qui est permis``: no word before it)."""

from __future__ import annotations

import re
import sys

NBSP = "\u00a0"
# a word, a placeholder, a closing bracket or quote, then maybe a space, then the mark,
# then a space, a quote, a bracket or the end: the mark is punctuation, not notation
_MARK = re.compile(r"(?<=[\w}\)»%'.])[ \u00a0\u202f]?([:;!?])(?=[\s\"»)]|$)")
_LEADING = re.compile(r"^[ \u202f]([:;!?])(?=[\s\"»)]|$)")  # a fragment said after a word
_HEADINGS = {"Options", "Commandes", "Arguments positionnels"}  # click adds the ':' itself


def french(text: str) -> str:
    """``text`` with French typography's no-break spaces."""
    if not text:
        return text
    if text in _HEADINGS:
        return text + NBSP
    said = _MARK.sub(lambda m: NBSP + m.group(1), text)
    said = _LEADING.sub(lambda m: NBSP + m.group(1), said)
    return said.replace("« ", "«" + NBSP).replace(" »", NBSP + "»")


def main(path: str) -> int:
    """Set the typography of every French entry of the catalogue at ``path``."""
    from babel.messages.pofile import read_po, write_po

    with open(path, "rb") as file:
        catalogue = read_po(file)
    changed = 0
    for message in catalogue:
        if not message.id:
            continue
        before = message.string
        if isinstance(before, str):
            message.string = french(before)
        elif before is not None:
            message.string = tuple(french(s) for s in before)
        changed += message.string != before
    if changed:
        with open(path, "wb") as file:
            write_po(file, catalogue, width=100, no_location=True, sort_output=True)
    print(f"{changed} French entries given their no-break spaces")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1]))
