"""One-shot Game (Armistice rulebook p.14): a single game outside the campaign.

Follow the basic rules until victory or defeat, with all the Trial cards: a Trials deck of
30, the rest in the Morale Reserve (38 with the 68 Armistice cards; with the 59 base cards
the catalogue knows until the player describes more, 29); Traps, unless a beginner game
leaves them out and removes the Aggressive Hard Knock (#147); an Order of the Day deck of
12 by the difficulty chart; an optional Recruit deck of 5 random Recruits; each player
draws 2 Helping Hands and keeps 1. Orders, Recruits and Helping Hands are the player's
described cards: nothing is invented, and a deck the descriptions cannot fill is refused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

import msgspec
from msgspec.structs import replace

from domain.cards.catalogue import ORDER_DIFFICULTIES, Catalogue
from domain.chapter.commands import Chance, Seat, StartChapter, merged
from domain.chapter.moments import Module
from domain.chapter.setup import check_seats, decide_start_chapter
from domain.chapter.state import ChapterState
from domain.errors import N_, MissingOutcome, RuleViolation
from domain.events import Event
from domain.limits import TRIAL_CARDS
from domain.modules import orders, recruits

ONE_SHOT_TRIALS = 30
ORDER_CHART = {  # Orders of the Day by difficulty: easy, normal, hard (12 cards)
    "beginners": (4, 8, 0),
    "grizzled": (4, 4, 4),
    "veterans": (2, 4, 6),
}
RECRUIT_DECK = 5
AGGRESSIVE = 147  # the Hard Knock a beginner game without Traps removes


class OneShotRefused(RuleViolation):
    """A One-shot setup the rules or the described cards do not allow."""

    rule = "one-shot game"


# --- Commands and events -----------------------------------------------------------------
class StartOneShot(msgspec.Struct, frozen=True):
    """Set up a One-shot game. ``orders``/``recruit_deck``: the cards drawn, told at a
    real table (else drawn by chance), or a scenario's own decks (``difficulty`` scenario)."""

    seats: tuple[Seat, ...]
    difficulty: str = "grizzled"
    traps: bool = True
    recruits: bool = False
    leader: str | None = None
    orders: tuple[int, ...] | None = None
    recruit_deck: tuple[int, ...] | None = None
    third_tiles: tuple[str, ...] | None = None
    deck: tuple[str, ...] | None = None


class KeepHelpingHand(msgspec.Struct, frozen=True):
    """A player drew 2 Helping Hands for a One-shot game: one is kept, one discarded."""

    player: str
    kept: int
    discarded: int


class CardsSetAside(Event, frozen=True):
    """Trial cards taken out of this chapter at its setup, and why."""

    TYPE: ClassVar[str] = "CardsSetAside"
    cards: tuple[str, ...]
    reason: str


class HelpingHandKept(Event, frozen=True):
    """One-shot setup: a player drew two Helping Hands, kept one and discarded the other."""

    TYPE: ClassVar[str] = "HelpingHandKept"
    player: str
    kept: int
    discarded: int
    category: str


def _set_aside(state: ChapterState, event: CardsSetAside) -> ChapterState:
    return replace(state, set_aside=(*state.set_aside, *event.cards))


# The One-shot joins the chapter's rules like the Armistice modules: through the moments
# registry (domain/chapter/moments.py), installed by domain/__init__.py.
ONE_SHOT = Module("One-shot", evolvers={CardsSetAside: _set_aside})


# --- The decks ---------------------------------------------------------------------------
def _numbers(numbers: Sequence[int]) -> str:
    return ", ".join(f"#{n}" for n in sorted(numbers)) or "none"


def _check_described(known: Mapping[int, object], numbers: Sequence[int], what: str) -> None:
    if len(set(numbers)) != len(numbers):
        raise OneShotRefused(
            N_("{what}: each card once, got {numbers}"), what=what, numbers=_numbers(numbers)
        )
    missing = [n for n in numbers if n not in known]
    if missing:
        raise OneShotRefused(
            N_("{what} {missing} not described yet: describe them first"),
            what=what,
            missing=_numbers(missing),
        )


def order_deck(
    catalogue: Catalogue,
    difficulty: str,
    told: tuple[int, ...] | None = None,
    chance: Chance | None = None,
) -> tuple[int, ...]:
    """The 12 Orders of the Day the chart asks for this difficulty, as told (checked against
    the chart) or drawn at random among the described ones of each level; ``scenario``:
    the told deck as it is."""
    if difficulty != "scenario" and difficulty not in ORDER_CHART:
        raise OneShotRefused(
            N_("difficulty {difficulty!r}: beginners, grizzled, veterans (or scenario)"),
            difficulty=difficulty,
        )
    orders = catalogue.orders
    if told is not None:
        _check_described(orders, told, "Orders of the Day")
        if difficulty != "scenario":
            counts = tuple(
                sum(orders[n].difficulty == lv for n in told) for lv in ORDER_DIFFICULTIES
            )
            if counts != ORDER_CHART[difficulty]:
                raise OneShotRefused(
                    N_(
                        "the {difficulty} chart asks for {difficulty2} Orders of the Day, "
                        "not {counts}"
                    ),
                    difficulty=difficulty,
                    difficulty2=_chart(difficulty),
                    counts=_counts(counts),
                )
        return told
    if difficulty == "scenario":
        raise OneShotRefused(N_("a scenario game brings its own Order of the Day deck: give it"))
    drawn: list[int] = []
    for level, wanted in zip(ORDER_DIFFICULTIES, ORDER_CHART[difficulty], strict=True):
        pool = tuple(sorted(n for n, card in orders.items() if card.difficulty == level))
        if len(pool) < wanted:
            raise OneShotRefused(
                N_(
                    "the {difficulty} chart asks for {wanted} {level} Orders of the Day "
                    "and only {pool_count} are described ({pool}): describe more first"
                ),
                difficulty=difficulty,
                wanted=wanted,
                level=level,
                pool_count=len(pool),
                pool=_numbers(pool),
            )
        if wanted and chance is None:
            raise MissingOutcome(
                N_("say which 12 Orders of the Day were drawn ({difficulty})"),
                difficulty=_chart(difficulty),
            )
        drawn += _draw(pool, wanted, chance)
    return tuple(drawn)


def recruit_deck(
    catalogue: Catalogue, told: tuple[int, ...] | None = None, chance: Chance | None = None
) -> tuple[int, ...]:
    """5 Recruits drawn at random among the described ones (or the ones told)."""
    recruits = catalogue.recruits
    if told is not None:
        _check_described(recruits, told, "Recruits")
        return told
    pool = tuple(sorted(recruits))
    if len(pool) < RECRUIT_DECK:
        raise OneShotRefused(
            N_(
                "a Recruit deck is 5 random Recruits and only {pool_count} are "
                "described ({pool}): describe more first, or play without Recruits"
            ),
            pool_count=len(pool),
            pool=_numbers(pool),
        )
    if chance is None:
        raise MissingOutcome(N_("say which 5 Recruits were drawn for the Recruit deck"))
    return _draw(pool, RECRUIT_DECK, chance)


def _draw(pool: tuple[int, ...], count: int, chance: Chance | None) -> tuple[int, ...]:
    if count == 0 or chance is None:
        return ()
    return tuple(int(n) for n in chance.shuffle(tuple(str(n) for n in pool))[:count])


def _chart(difficulty: str) -> str:
    return _counts(ORDER_CHART[difficulty])


def _counts(counts: Sequence[int]) -> str:
    return " / ".join(f"{n} {level}" for n, level in zip(counts, ORDER_DIFFICULTIES, strict=True))


# --- The setup ---------------------------------------------------------------------------
class OneShotPlan(msgspec.Struct, frozen=True):
    """What a One-shot setup decided: the chapter's setup, the cards set aside, the Order of
    the Day and Recruit decks, and what the table should know about the sizes."""

    start: StartChapter
    set_aside: tuple[str, ...]
    orders: tuple[int, ...]
    recruits: tuple[int, ...] | None
    notes: tuple[str, ...]


def _beginner_set_aside(cmd: StartOneShot, catalogue: Catalogue) -> tuple[str, ...]:
    if cmd.traps:
        return ()
    if cmd.difficulty != "beginners":
        raise OneShotRefused(
            N_("Traps may be left out only in a beginner game, not at the {difficulty} level"),
            difficulty=cmd.difficulty,
        )
    aggressive = catalogue.by_number(AGGRESSIVE)
    if aggressive is None:
        raise OneShotRefused(
            N_(
                "a beginner game without Traps also removes the Aggressive Hard "
                "Knock (#147): describe card 147 first (the engine does not invent "
                "it), or play with Traps"
            )
        )
    return (aggressive.key,)


def plan_one_shot(
    cmd: StartOneShot, catalogue: Catalogue, chance: Chance | None = None
) -> OneShotPlan:
    """Check a One-shot setup and decide its decks (the deal itself is the chapter's)."""
    check_seats("armistice", cmd.seats)
    set_aside = _beginner_set_aside(cmd, catalogue)
    box = catalogue
    for key in set_aside:
        box = box.without(key)
    orders = order_deck(catalogue, cmd.difficulty, cmd.orders, chance)
    recruits = recruit_deck(catalogue, cmd.recruit_deck, chance) if cmd.recruits else None
    if not cmd.recruits and cmd.recruit_deck is not None:
        raise OneShotRefused(N_("a Recruit deck was given but the game is set up without Recruits"))
    if box.total <= ONE_SHOT_TRIALS:
        raise OneShotRefused(
            N_("the catalogue holds {total} Trial cards: 30 go to the Trials"), total=box.total
        )
    morale = box.total - ONE_SHOT_TRIALS
    start = StartChapter(
        "armistice",
        cmd.seats,
        leader=cmd.leader,
        trials=ONE_SHOT_TRIALS,
        morale=morale,
        first_intensity=1,
        traps=cmd.traps,
        third_tiles=cmd.third_tiles,
        deck=cmd.deck,
    )
    return OneShotPlan(start, set_aside, orders, recruits, _notes(catalogue, box, set_aside))


def _notes(catalogue: Catalogue, box: Catalogue, set_aside: tuple[str, ...]) -> tuple[str, ...]:
    full = TRIAL_CARDS - len(set_aside) - ONE_SHOT_TRIALS
    notes = [
        f"Trials deck {ONE_SHOT_TRIALS}, Morale Reserve {box.total - ONE_SHOT_TRIALS}: the rest "
        f"of the {box.total} Trial cards the catalogue knows"
        + (
            f" ({full} with the {TRIAL_CARDS - len(set_aside)} cards of the full "
            "Armistice deck; describe the others to play with them)"
            if catalogue.total < TRIAL_CARDS
            else ""
        )
    ]
    if set_aside:
        notes.append("no Traps (a beginner game): the Aggressive Hard Knock (#147) is set aside")
    notes.append("no Briefing: each Mission's intensity is at least its Order of the Day's")
    return tuple(notes)


def decide_start_one_shot(
    cmd: StartOneShot, catalogue: Catalogue, chance: Chance | None = None
) -> tuple[Event, ...]:
    """The One-shot chapter's first events: it starts (the first intensity is chosen like
    any other, at least the kept order's minimum) and the cards set aside leave it."""
    plan = plan_one_shot(cmd, catalogue, chance)
    box = catalogue
    for key in plan.set_aside:
        box = box.without(key)
    decks = orders.order_deck_options(plan.orders), recruits.recruit_deck_options(plan.recruits)
    start = replace(plan.start, options=merged(*decks))
    started = replace(decide_start_chapter(start, box, chance), first_intensity_exact=False)
    if not plan.set_aside:
        return (started,)
    return started, CardsSetAside(plan.set_aside, "a beginner game without Traps")


# --- Helping Hands -----------------------------------------------------------------------
def decide_keep_helping_hand(
    catalogue: Catalogue,
    seats: tuple[Seat, ...],
    earlier: Sequence[HelpingHandKept],
    cmd: KeepHelpingHand,
) -> HelpingHandKept:
    """Each Grizzled at the table draws 2 Helping Hands once and keeps 1 (Duo: each of the
    4); both must be described and not drawn by anyone before."""
    names = [seat.name for seat in seats]
    if cmd.player not in names:
        raise OneShotRefused(
            N_("there is no {player!r} at this table ({names})"),
            player=cmd.player,
            names=", ".join(names),
        )
    if any(e.player == cmd.player for e in earlier):
        raise OneShotRefused(
            N_("{player} has drawn their 2 Helping Hands already"), player=cmd.player
        )
    pair = (cmd.kept, cmd.discarded)
    _check_described(catalogue.helping_hands, pair, "Helping Hands")
    gone = {n for e in earlier for n in (e.kept, e.discarded)}
    drawn = sorted(gone & set(pair))
    if drawn:
        raise OneShotRefused(
            N_("{player} cannot draw {drawn}: another player drew it already"),
            player=cmd.player,
            drawn=_numbers(drawn),
        )
    category = catalogue.helping_hands[cmd.kept].category
    return HelpingHandKept(cmd.player, cmd.kept, cmd.discarded, category)


def draw_helping_hands(
    catalogue: Catalogue, earlier: Sequence[HelpingHandKept], chance: Chance
) -> tuple[int, int]:
    """Two Helping Hands drawn at random among the described ones nobody drew yet."""
    gone = {n for e in earlier for n in (e.kept, e.discarded)}
    pool = tuple(sorted(n for n in catalogue.helping_hands if n not in gone))
    if len(pool) < 2:
        raise OneShotRefused(
            N_("only {pool_count} described Helping Hand(s) left to draw: describe more first"),
            pool_count=len(pool),
        )
    first, second = _draw(pool, 2, chance)
    return first, second
