"""Commands: what the table asks the engine to do, in the imperative.

Chance outcomes the table knows and the engine cannot (a card a Trap draws from an
unseen deck, a Panicked player's random tile) travel in the command; when the engine
deals itself it asks a ``Chance`` instead.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Protocol

import msgspec

Target = tuple[str, str]  # (player, Hard Knock key): the card a Merry Christmas discards
# What the installed modules were told in a command, by the name each module gives it
# (``Module.options``), sorted by name, None left out: the chapter carries them to the
# modules' moments without reading them. Stored flat, under those names (``codec``).
Options = tuple[tuple[str, Any], ...]


class Chance(Protocol):
    """Where random outcomes come from, outside the rules (a seeded RNG in simulation)."""

    def shuffle(self, cards: tuple[str, ...]) -> tuple[str, ...]:
        """The cards in a random order."""
        ...

    def pick(self, options: tuple[str, ...]) -> str:
        """One of the options at random."""
        ...


class Seat(msgspec.Struct, frozen=True):
    """A Grizzled at the table: its name, its charm's threat, who plays it (Duo)."""

    name: str
    charm: str
    owner: str = ""


class StartChapter(msgspec.Struct, frozen=True):
    """Set up a chapter. Armistice needs the Briefing's numbers; classic derives them."""

    ruleset: str
    seats: tuple[Seat, ...]
    variant: str = "normal"
    leader: str | None = None
    trials: int | None = None
    morale: int | None = None
    first_intensity: int | None = None
    speech_tokens: int | None = None
    traps: bool | None = None
    third_tiles: tuple[str, ...] | None = None
    deck: tuple[str, ...] | None = None
    options: Options = ()  # the modules' decks the Briefing names (None: not used)
    # A campaign chapter: (seat, charm) for each Grizzled chosen anew for this chapter; the
    # others keep the previous chapter's (rules-notes, decision 4).
    grizzled: tuple[tuple[str, str], ...] = ()


class StartMission(msgspec.Struct, frozen=True, gc=False):
    """The Mission Leader sets the intensity; cards are dealt."""

    intensity: int
    chaplain_tile: str | None = None
    options: Options = ()  # what the modules were told: the cards drawn at a real table


class Option(NamedTuple):
    """A module's option (``Module.options``): the command that carries it, and the type
    its value is read back into from storage."""

    command: type
    kind: Any


def options(**named: Any) -> Options:
    """Options in their one form: sorted by name, None left out (so a command built here
    equals the one read back from storage)."""
    given = [(name, value) for name, value in named.items() if value is not None]
    if len(given) > 1:
        given.sort()
    return tuple(given)


def option(command: StartChapter | StartMission, name: str) -> Any:
    """The value a command gives a module's option, None when not given."""
    for key, value in command.options:
        if key == name:
            return value
    return None


def merged(*parts: Options) -> Options:
    """Several modules' options as one command's."""
    return tuple(sorted(pair for part in parts for pair in part))


class PlayCard(msgspec.Struct, frozen=True, gc=False):
    """Play a Trial card from hand (``drawn``: the card a Trap reveals from an unseen deck)."""

    player: str
    card: str
    drawn: str | None = None
    target: Target | None = None


class UseCharm(msgspec.Struct, frozen=True, gc=False):
    """Discard a No Man's Land card showing the player's charm threat."""

    player: str
    card: str


class MakeSpeech(msgspec.Struct, frozen=True, gc=False):
    """Spend a Speech token on a threat; others may each discard one matching card."""

    player: str
    threat: str
    discards: tuple[tuple[str, str], ...] = ()


class Withdraw(msgspec.Struct, frozen=True, gc=False):
    """Withdraw with a face-down Support tile (Absent-minded first discards one)."""

    player: str
    tile: str | None = None
    discard_tile: str | None = None
    drawn: str | None = None
    target: Target | None = None


class ChooseSupport(msgspec.Struct, frozen=True, gc=False):
    """The Support beneficiary discards Hard Knocks and/or recovers the charm."""

    player: str
    discard: tuple[str, ...] = ()
    recover_charm: bool = False


class ModuleCommand(msgspec.Struct, frozen=True, gc=False):
    """A command a module defines in its own room (an Order's cancellation): the chapter
    knows only that modules may bring commands, decided by the module (moments.py
    ``commands``)."""


class Choice(msgspec.Struct, frozen=True, gc=False):
    """What a player names when a card's once-rule needs it (domain/cards/effects.py):
    ``cards`` discarded from their hand, the Hard Knock ``knock`` they discard."""

    cards: tuple[str, ...] = ()
    knock: str | None = None


ChapterCommand = StartMission | PlayCard | UseCharm | MakeSpeech | Withdraw | ChooseSupport
Command = ChapterCommand | ModuleCommand  # what a chapter is asked to do (a module's: its own)
