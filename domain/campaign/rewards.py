"""The Armistice rewards: Helping Hands earned from a Conclusion, bans after a lost chapter,
Helping Hands played, and the campaign score (Victory Points against Negative Points):
their commands, events, what the campaign keeps of them and the rules that decide them.

The printed epilogue that turns the score into a text is not public: the score is the
two numbers, their difference, and every fact behind them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, Protocol

import msgspec
from msgspec.structs import replace

from domain.campaign.briefing import Conclusion
from domain.cards.catalogue import Catalogue
from domain.chapter.commands import Choice, Seat
from domain.chapter.guards import check_in_hand, check_turn, find_player
from domain.chapter.outcome import Outcome
from domain.chapter.state import ChapterState, Phase
from domain.errors import N_, W_, CampaignRuleViolation, NoChapter
from domain.events import Event
from domain.modules.effects import MOMENT_WORDS, event_moment_now, once
from domain.names import chapter_name


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


# --- Deciding the rewards ---------------------------------------------------------------
class Campaign(Scored, Protocol):
    """What the rewards' rules read of a campaign (``flow.CampaignState``, which imports
    this module: it is not imported back)."""

    @property
    def armistice(self) -> bool: ...
    @property
    def last_result(self) -> Ended | None: ...
    @property
    def chapter_running(self) -> bool: ...
    @property
    def chapter(self) -> ChapterState | None: ...
    @property
    def chapter_number(self) -> int: ...
    @property
    def conclusions(self) -> Mapping[int, Conclusion]: ...
    @property
    def settled(self) -> Sequence[int]: ...
    @property
    def catalogue(self) -> Catalogue: ...
    @property
    def seats(self) -> Sequence[Seat]: ...
    def held(self, player: str) -> Sequence[Holding]: ...


def award(state: Campaign, cmd: AwardHelpingHands) -> tuple[Event, ...]:
    """The Helping Hands the chapter that ended last earns, to the players named."""
    last = state.last_result
    if not state.armistice or last is None or state.chapter_running:
        raise CampaignRuleViolation(N_("Helping Hands are awarded when an Armistice chapter ends"))
    name = chapter_name(last.number)
    conclusion = state.conclusions.get(last.number)
    if conclusion is None:
        raise CampaignRuleViolation(N_("enter the Conclusion of {name} first"), name=name)
    if last.number in state.settled:
        raise CampaignRuleViolation(
            N_("the Helping Hands of {name} were already awarded"), name=name
        )
    earned = conclusion.earned(last.outcome if last.outcome == "won" else "lost", last.morale_left)
    if len(cmd.awards) > earned:
        raise CampaignRuleViolation(
            N_(
                "{name} earns {earned} Helping Hand ({morale_left} cards left "
                "in the Morale Reserve), not {awards_count}"
            )
            if earned == 1
            else N_(
                "{name} earns {earned} Helping Hands ({morale_left} cards left "
                "in the Morale Reserve), not {awards_count}"
            ),
            name=name,
            earned=earned,
            morale_left=last.morale_left,
            awards_count=len(cmd.awards),
        )
    numbers = [n for n, _ in cmd.awards]
    if len(set(numbers)) != len(numbers):
        raise CampaignRuleViolation(N_("a Helping Hand can go to one player only"))
    events: list[Event] = []
    for number, player in cmd.awards:
        if number not in conclusion.offered:
            offered = ", ".join(f"#{n}" for n in conclusion.offered)
            raise CampaignRuleViolation(
                N_("{name} offers {offered}, not #{number}"),
                name=name,
                offered=offered,
                number=number,
            )
        card = state.catalogue.helping_hands.get(number)
        if card is None:
            raise CampaignRuleViolation(
                N_("describe Helping Hand #{number} first (name, category)"), number=number
            )
        seat = seat_named(state, player)
        events.append(HelpingHandAwarded(number, seat, last.number, card.category))
    left = tuple(n for n in conclusion.offered if n not in numbers)
    if left:
        events.append(HelpingHandsUnclaimed(left, last.number))
    return tuple(events)


def seat_named(state: Campaign, player: str) -> str:
    """The seat a player's name stands for (any case)."""
    for seat in state.seats:
        if seat.name.casefold() == player.casefold():
            return seat.name
    names = ", ".join(s.name for s in state.seats)
    raise CampaignRuleViolation(
        N_("there is no player {player!r} in this campaign ({names})"), player=player, names=names
    )


def ban(state: Campaign, cmd: BanCard) -> CardBanned:
    """A card banned after a lost Armistice chapter, from a hand or a player's Hard Knocks."""
    last, chapter = state.last_result, state.chapter
    if not state.armistice or last is None or chapter is None or state.chapter_running:
        raise CampaignRuleViolation(N_("a card is banned when an Armistice chapter is lost"))
    if last.outcome == "won":
        raise CampaignRuleViolation(
            N_("{number} was won: a card is banned only after a lost chapter"),
            number=chapter_name(last.number),
        )
    if any(b.chapter == last.number for b in state.bans):
        raise CampaignRuleViolation(
            N_("a card was already banned after {number}"), number=chapter_name(last.number)
        )
    player = find_player(chapter, cmd.player)
    if cmd.source == "knock":
        if cmd.card not in player.hard_knocks:
            raise CampaignRuleViolation(
                N_("{player} has no {card} in front of them"), player=player.name, card=cmd.card
            )
    elif cmd.source == "hand":
        check_in_hand(chapter, player, cmd.card)
    else:
        raise CampaignRuleViolation(N_("a banned card comes from a hand or a player's Hard Knocks"))
    return CardBanned(cmd.card, player.name, cmd.source, last.number, cmd.reason.strip())


def play_helping_hand(state: Campaign, cmd: PlayHelpingHand) -> tuple[Event, ...]:
    """The card played and, for the rules the group gave it, what they do at once for its
    player: "In case of conflict with another rule, the effects of a Helping Hand card take
    precedence" (armistice rulebook)."""
    played = _helping_hand_played(state, cmd)
    chapter = state.chapter
    card = state.catalogue.helping_hands.get(cmd.number)
    assert chapter is not None
    if card is None:
        return (played,)
    name = find_player(chapter, played.player).name
    if card.moment and not event_moment_now(chapter, chapter.player(name), card.moment):
        raise CampaignRuleViolation(
            N_("Helping Hand #{number} {card} is played {MOMENT_WORDS}"),
            number=card.number,
            card=card.name,
            MOMENT_WORDS=MOMENT_WORDS[card.moment],
        )
    if not card.rules:
        if cmd.choice is not None:
            raise CampaignRuleViolation(
                N_("Helping Hand #{number} {card} names nothing"),
                number=card.number,
                card=card.name,
            )
        return (played,)
    o = Outcome(chapter)
    once(o, f"Helping Hand #{card.number} {card.name}", card.rules, name, cmd.choice or Choice())
    return (played, *o.events)


def _helping_hand_played(state: Campaign, cmd: PlayHelpingHand) -> HelpingHandPlayed:
    player = seat_named(state, cmd.player)
    holding = next((h for h in state.held(player) if h.number == cmd.number), None)
    if holding is None:
        raise CampaignRuleViolation(
            N_("{player} holds no Helping Hand #{number}"), player=player, number=cmd.number
        )
    if holding.category == "friendship":
        raise CampaignRuleViolation(
            N_(
                "Helping Hand #{number} is a Friendship card: it took effect when it "
                "was acquired and stays in play"
            ),
            number=cmd.number,
        )
    if state.chapter is None or not state.chapter_running:
        raise NoChapter(N_("a Helping Hand is played during a chapter"))
    if holding.category == "action":
        check_turn(
            state.chapter, player, W_("play an Action Helping Hand (it replaces the action)")
        )
    return HelpingHandPlayed(
        player, cmd.number, holding.category, state.chapter_number, cmd.note.strip()
    )
