"""Checkpoints: the chain's head as people say it aloud and write it on the chapter sheet,
``K7QX-M2PA-3FTR-WB3D-F @ 412`` (80 bits of the hash in base32, a check character, and
the count of events it covers), and read back as they wrote it. The standard library
only: ``campaign show`` lists the chapters' checkpoints without loading msgspec or the
event store (``tracker.integrity`` makes the chain).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from domain.errors import N_, Formed

CHAIN_TABLE = "grizzled_chain"
DIGEST_GROUPS = 4  # of four base32 characters each: 80 bits


def hex_of(stored: Any) -> str:
    """A hash as the chain table keeps it (32 bytes) in hex; text edited in, as it is."""
    return stored.hex() if isinstance(stored, bytes) else str(stored)


ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"  # base32 (RFC 4648): no 0, 1, 8 or 9
CHECKPOINT_MOST = 64  # characters a written checkpoint may take (a printed one is 27)
COUNT_DIGITS = 12


class WrittenCheckpoint(NamedTuple):
    """A checkpoint as read back: its 16 letters, its count, and whether it carried its
    check character (one printed before the check character did not)."""

    letters: str
    events: int  # the count it covers
    checked: bool


def check_character(letters: str, count: int | str) -> str:
    """The check character of a checkpoint: its letters (base32 values) then its count's
    digits, read as a polynomial over GF(32) at a primitive element. Any one character
    changed, or two neighbours swapped, changes it (at most 28 symbols: fewer than 31).
    The count is read as written: a leading zero is a slip too."""
    value = 0
    for symbol in [ALPHABET.index(c) for c in letters] + [int(d) for d in str(count)]:
        value = ((value << 1) ^ (0b100101 if value & 0b10000 else 0)) ^ symbol  # x^5+x^2+1
    return ALPHABET[value]


def _letters(head: str) -> str:
    """The first 80 bits of a hash in base32 (RFC 4648, as ``base64.b32encode`` writes
    ten bytes: sixteen letters, no padding), without importing ``base64`` for them."""
    bits = int.from_bytes(bytes.fromhex(head)[:10], "big")
    return "".join(ALPHABET[(bits >> shift) & 31] for shift in range(75, -1, -5))


def checkpoint(head: str, count: int) -> str:
    """The speakable digest of a chain's head covering ``count`` events, with its check
    character last: ``K7QX-M2PA-3FTR-WB3D-F @ 412``."""
    return written_form(_letters(head), count)


def written_form(letters: str, count: int) -> str:
    """A checkpoint's 16 letters and count as it is printed (with its check character)."""
    groups = [letters[i : i + 4] for i in range(0, 4 * DIGEST_GROUPS, 4)]
    return f"{'-'.join(groups)}-{check_character(letters, count)} @ {count}"


def read_checkpoint(text: str) -> WrittenCheckpoint | Formed:
    """A checkpoint as written down (case, spaces and dashes as they come), or why it is
    not one, in words the voice says (a slip the check character catches says "typo").
    One pass over at most ``CHECKPOINT_MOST`` characters: no pattern that could go
    quadratic."""
    if len(text) > CHECKPOINT_MOST:
        said = N_("it is {length} characters long; a checkpoint is at most {most}")
        return Formed(said, length=len(text), most=CHECKPOINT_MOST)
    before, at, after = text.rpartition("@")
    digits = after.strip()
    if not at or not digits.isascii() or not digits.isdigit() or len(digits) > COUNT_DIGITS:
        return Formed(N_("it does not end in @ and the count of events"))
    letters = "".join(c for c in before if c != "-" and not c.isspace()).upper()
    if len(letters) not in (4 * DIGEST_GROUPS, 4 * DIGEST_GROUPS + 1):
        said = N_("it has {count} letters before the @, where a checkpoint has 17")
        return Formed(said, count=len(letters))
    if len(letters) == 4 * DIGEST_GROUPS and len(before.replace("-", " ").split()) == 5:
        return Formed(N_("this checkpoint has a typo: a letter is missing (it has 16 of its 17)"))
    wrong = next((c for c in letters if c not in ALPHABET), None)
    if wrong is not None:
        said = N_("this checkpoint has a typo: {letter} is not one of its letters (A-Z, 2-7)")
        return Formed(said, letter=repr(wrong))
    count, digest = int(digits), letters[: 4 * DIGEST_GROUPS]
    checked = len(letters) > len(digest)
    if checked and letters[-1] != check_character(digest, digits):
        return Formed(
            N_(
                "this checkpoint has a typo: its check character does not match its letters "
                "and count (copy it again from where it was written)"
            )
        )
    return WrittenCheckpoint(digest, count, checked)


def parse_checkpoint(text: str) -> tuple[str, int] | None:
    """A checkpoint's letters and count, or None if it is not one (``read_checkpoint``
    says why)."""
    read = read_checkpoint(text)
    return None if isinstance(read, str) else (read.letters, read.events)


def matches(head: str, letters: str) -> bool:
    """The chain's hash ``head`` is the one a checkpoint's letters were taken from."""
    return _letters(head) == letters
