"""The set-up page's forms as data (issue 40, "a module is one room for every face"): a
``Field`` says how the page draws one field (web/templates/setup.html's ``field`` macro), a
``Form`` a whole set-up form of a module's (an Order of the Day described), a ``Part`` the
fields a module adds to a form of the game's (the Briefing's decks) and what they give
its request; and the readers of what was typed, each refusing in one line naming the
field. The game's forms (web/setup.py) and the modules' web files
(``domain/modules/<name>/web.py``, found by web/modules.py) read their fields with them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app.errors import Refused
from voice import lang
from voice import setup as words

THREATS = ("night", "snow", "rain", "shell", "gas", "whistle")


@dataclass(frozen=True)
class Field:
    """One field as the page draws it: its ``kind`` (``number``, ``text``, ``lines``,
    ``pick``, ``check``, or ``threats``: a box for each threat, named ``name`` and the
    threat), its name in the form, its label and hint (messages, said in the page's
    language), its value before anything is typed, whether it is required, a pick's
    ``options`` (each its value and its message) and ``empty`` (the message of the empty
    choice), whether a check is ``on`` before anything is typed."""

    kind: str
    name: str
    label: str
    default: str = ""
    required: bool = False
    hint: str = ""
    options: tuple[tuple[str, str], ...] = ()
    empty: str = ""
    on: bool = False


@dataclass(frozen=True)
class Form:
    """A set-up form of a module's own (folded under "Describe a card"): its ``step`` (the
    form's hidden field), its title and button (messages), the button's test id, its
    fields in order, and ``read``: the step's request from what was typed and where it is
    logged (the file, the campaign, who)."""

    step: str
    title: str
    button: str
    testid: str
    fields: tuple[Field, ...]
    read: Callable[[dict[str, str], dict[str, Any]], Any]


@dataclass(frozen=True)
class Part:
    """What a module adds to a form of the game's: its fields, each with its rank among
    the modules' (the order the page lists them), and ``read``: what they give the
    request's ``modules`` (the domain command's fields, by name)."""

    fields: tuple[tuple[int, Field], ...]
    read: Callable[[dict[str, str]], dict[str, Any]]


# --- reading what was typed ----------------------------------------------------------------
def text(fields: dict[str, str], name: str) -> str:
    """What was typed in ``name``, its spaces around trimmed."""
    return fields.get(name, "").strip()


def whole(fields: dict[str, str], name: str, label: str, low: int, high: int) -> int | None:
    """A whole number typed in ``name`` (None: left empty)."""
    typed = text(fields, name)
    if not typed:
        return None
    if typed.isascii() and typed.isdigit() and len(typed) < 6 and low <= int(typed) <= high:
        return int(typed)
    line = lang._(words.NUMBER_FROM)
    raise Refused(line.format(label=label, low=low, high=high))


def needed(fields: dict[str, str], name: str, label: str, low: int, high: int) -> int:
    """A whole number that must be typed."""
    found = whole(fields, name, label, low, high)
    if found is None:
        raise Refused(lang._(words.HOW_MANY).format(label=label))
    return found


def numbers(fields: dict[str, str], name: str, label: str) -> tuple[int, ...]:
    """Card numbers separated by commas (or spaces)."""
    found = [w for w in text(fields, name).replace(",", " ").split() if w]
    if all(w.isascii() and w.isdigit() and len(w) < 5 and 1 <= int(w) <= 200 for w in found):
        return tuple(int(w) for w in found)
    line = lang._(words.CARD_NUMBERS)
    raise Refused(line.format(label=label))


def lines(fields: dict[str, str], name: str) -> tuple[str, ...]:
    """One entry a line (the effects vocabulary: forbids, rules)."""
    return tuple(line.strip() for line in fields.get(name, "").splitlines() if line.strip())


def threat(word: str) -> str:
    """A threat's word, as the forms send it."""
    if word not in THREATS:
        raise Refused(lang._(words.NOT_A_THREAT).format(text=repr(word)))
    return word


def threats(fields: dict[str, str], name: str) -> tuple[str, ...]:
    """The threats ticked in a ``threats`` field (``name`` and the threat), in the box's
    order."""
    return tuple(t for t in THREATS if fields.get(f"{name}{t}") == "1")
