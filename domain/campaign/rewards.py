"""The Armistice rewards: Helping Hands earned from a Conclusion, bans after a lost chapter,
Helping Hands played, and the campaign score (Victory Points against Negative Points).

The printed epilogue that turns the score into a text is not public: the score is the
two numbers, their difference, and every fact behind them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Protocol

import msgspec
from msgspec.structs import replace

from domain.chapter.commands import Choice
from domain.chapter.state import ChapterState, Phase
from domain.events import Event


class Holding(msgspec.Struct, frozen=True):
    """A Helping Hand a player acquired; ``used_in``: the chapter it was played in."""

    number: int
    player: str
    chapter: int
    category: str
    used_in: int | None = None
    source: str = "award"  # "award" (a Victory Point) or "one-shot" (drawn for one game)


class Ban(msgspec.Struct, frozen=True):
    """A Trial card banned after a lost chapter: it leaves the campaign's decks."""

    card: str
    player: str
    source: str  # "hand" or "knock"
    chapter: int
    reason: str = ""


class Unclaimed(msgspec.Struct, frozen=True):
    """A Helping Hand offered by a Conclusion and not taken."""

    number: int
    chapter: int


def board_after_bans(
    chapter: ChapterState | None, number: int, bans: Sequence[Ban]
) -> ChapterState | None:
    """Chapter ``number``'s board as it shows: once it is over, a Hard Knock banned after it
    has left the campaign and is no longer in front of its player. The chapter's state
    keeps the card (stored snapshots hold it); only what is shown changes."""
    gone = [(b.player, b.card) for b in bans if b.chapter == number and b.source == "knock"]
    if chapter is None or chapter.phase != Phase.OVER or not gone:
        return chapter
    players = []
    for player in chapter.players:
        knocks = list(player.hard_knocks)
        for who, card in gone:
            if who == player.name and card in knocks:
                knocks.remove(card)
        players.append(replace(player, hard_knocks=tuple(knocks)))
    return replace(chapter, players=tuple(players))


# --- commands ---------------------------------------------------------------------------
class AwardHelpingHands(msgspec.Struct, frozen=True):
    """Give the earned Helping Hands (number, player); the rest of the offer is unclaimed."""

    awards: tuple[tuple[int, str], ...]


class BanCard(msgspec.Struct, frozen=True):
    """After a lost chapter, ban a Trial card from a player's hand or Hard Knocks."""

    player: str
    card: str
    source: str = "hand"
    reason: str = ""  # why the group chose this card (shown in the log and the score)


class PlayHelpingHand(msgspec.Struct, frozen=True):
    """Play a Helping Hand (an Action replaces the player's action)."""

    player: str
    number: int
    note: str = ""
    choice: Choice | None = None  # what its rules need named: cards, a Hard Knock (effects)


class SkipBootCamp(msgspec.Struct, frozen=True):
    """Experienced players may skip Boot Camp and start with chapter 1."""


# --- events -------------------------------------------------------------------------------
class HelpingHandAwarded(Event, frozen=True):
    """A Helping Hand earned at a chapter's end went to a player (a Victory Point)."""

    TYPE: ClassVar[str] = "HelpingHandAwarded"
    number: int
    player: str
    chapter: int
    category: str


class HelpingHandsUnclaimed(Event, frozen=True):
    """Helping Hands offered and not taken (each a Negative Point)."""

    TYPE: ClassVar[str] = "HelpingHandsUnclaimed"
    numbers: tuple[int, ...]
    chapter: int


class CardBanned(Event, frozen=True):
    """A Trial card left the campaign (a Negative Point)."""

    TYPE: ClassVar[str] = "CardBanned"
    card: str
    player: str
    source: str
    chapter: int
    reason: str = ""  # absent from bans recorded before it was asked


class HelpingHandPlayed(Event, frozen=True):
    """A Helping Hand was played; an Action one took the player's turn."""

    TYPE: ClassVar[str] = "HelpingHandPlayed"
    player: str
    number: int
    category: str
    chapter: int
    note: str


class BootCampSkipped(Event, frozen=True):
    """The group skipped Boot Camp."""

    TYPE: ClassVar[str] = "BootCampSkipped"


# --- the score ----------------------------------------------------------------------------
class ScoreLine(msgspec.Struct, frozen=True):
    """One chapter's part of the score."""

    chapter: int
    result: str
    morale_left: int
    awarded: tuple[Holding, ...]
    unclaimed: tuple[int, ...]
    banned: tuple[Ban, ...]

    @property
    def victory_points(self) -> int:
        """Helping Hands acquired in this chapter."""
        return len(self.awarded)

    @property
    def negative_points(self) -> int:
        """Helping Hands not taken and cards banned in this chapter."""
        return len(self.unclaimed) + len(self.banned)


class Score(msgspec.Struct, frozen=True):
    """The campaign's score: Victory Points, Negative Points, the difference, per chapter."""

    lines: tuple[ScoreLine, ...]

    @property
    def victory_points(self) -> int:
        """Every Helping Hand acquired."""
        return sum(line.victory_points for line in self.lines)

    @property
    def negative_points(self) -> int:
        """Every Helping Hand not taken and every banned card."""
        return sum(line.negative_points for line in self.lines)

    @property
    def difference(self) -> int:
        """Victory Points minus Negative Points."""
        return self.victory_points - self.negative_points


class Ended(Protocol):
    """How a chapter ended, as the score reads it (``flow.ChapterResult``)."""

    @property
    def number(self) -> int: ...
    @property
    def outcome(self) -> str: ...
    @property
    def morale_left(self) -> int: ...


class Scored(Protocol):
    """What the score reads of a campaign (``flow.CampaignState``): how each chapter ended
    and the rewards recorded. The flow keeps the rewards' records, so this module does not
    import it back."""

    @property
    def results(self) -> Sequence[Ended]: ...
    @property
    def holdings(self) -> Sequence[Holding]: ...
    @property
    def unclaimed(self) -> Sequence[Unclaimed]: ...
    @property
    def bans(self) -> Sequence[Ban]: ...


def score(state: Scored) -> Score:
    """The score of a campaign, chapter by chapter, from its recorded facts."""
    lines = []
    for result in state.results:
        n = result.number
        lines.append(
            ScoreLine(
                n,
                result.outcome,
                result.morale_left,
                tuple(h for h in state.holdings if h.chapter == n and h.source == "award"),
                tuple(u.number for u in state.unclaimed if u.chapter == n),
                tuple(b for b in state.bans if b.chapter == n),
            )
        )
    return Score(tuple(lines))
