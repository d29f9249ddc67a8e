"""Chapter setup: seats, Support tiles, the two decks, Speech tokens, rule switches."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from domain.cards.catalogue import THREATS, Catalogue, support_tile_pool
from domain.chapter.commands import Chance, Seat, StartChapter
from domain.chapter.moments import INSTALLED
from domain.chapter.rules import (
    ARMISTICE_PLAYERS,
    CHAPLAIN,
    CLASSIC_PLAYERS,
    Ruleset,
    Variant,
    classic_deck_sizes,
    speech_tokens_for,
)
from domain.errors import N_, InvalidSetup, MissingOutcome
from domain.events import ChapterStarted
from domain.limits import TRIAL_CARDS
from domain.names import skeleton

RULESETS, VARIANTS = frozenset(Ruleset), frozenset(Variant)


def check_seats(ruleset: str, seats: tuple[Seat, ...]) -> None:
    """The Grizzled at the table suit the ruleset: names, charms, how many, who plays them."""
    names = [seat.name for seat in seats]
    folded = [skeleton(name) for name in names]  # what each reads as (domain.names)
    if len(set(folded)) != len(names):
        raise InvalidSetup(
            N_("setup: every Grizzled needs a different name, got {names}"), names=", ".join(names)
        )
    if skeleton(CHAPLAIN) in folded:
        raise InvalidSetup(
            N_("setup: {CHAPLAIN!r} is the name of the virtual 2-player Grizzled"),
            CHAPLAIN=CHAPLAIN,
        )
    for seat in seats:
        if seat.charm not in THREATS:
            raise InvalidSetup(
                N_("setup: {seat}'s charm {charm!r} is not a threat"),
                seat=seat.name,
                charm=seat.charm,
            )
    if ruleset == Ruleset.CLASSIC and len(seats) not in CLASSIC_PLAYERS:
        raise InvalidSetup(
            N_("setup: the classic game is for 2 to 5 players, not {seats_count}"),
            seats_count=len(seats),
        )
    if ruleset == Ruleset.ARMISTICE:
        # A mode where several Grizzled share a player (moments.py ``seats``) accepts
        # such seats or refuses them; the basic rules seat one Grizzled a player.
        for seating in INSTALLED.seats:
            if seating(seats):
                return
        if len(seats) not in ARMISTICE_PLAYERS:
            raise InvalidSetup(
                N_(
                    "setup: Armistice chapters are for 3 or 4 Grizzled at the table, not "
                    "{seats_count}"
                ),
                seats_count=len(seats),
            )
        if len({seat.owner or seat.name for seat in seats}) != len(seats):
            raise InvalidSetup(N_("setup: each Grizzled is played by a player of their own"))


def _sizes(cmd: StartChapter, total: int, players: int, box: int) -> tuple[int, int]:
    if cmd.ruleset == Ruleset.ARMISTICE:
        if cmd.trials is None or cmd.morale is None:
            raise InvalidSetup(
                N_(
                    "setup: an Armistice chapter takes its Trials and Morale sizes from "
                    "the Briefing: give both"
                )
            )
        trials, morale = cmd.trials, cmd.morale
        if cmd.deck is None:
            # notes, decision 7: the Briefing alone sizes the decks, up to the box's Trial
            # cards less the banned ones; cards not yet described are unseen slots
            _check_fits(trials, morale, box, "Trial cards in the box, less the banned ones")
            return trials, morale
    else:
        trials, morale = classic_deck_sizes(players, cmd.variant)
        if cmd.trials is not None:
            trials = cmd.trials
            morale = total - trials if cmd.morale is None else cmd.morale
        elif cmd.morale is not None:  # the Morale Reserve given alone: the rest are Trials
            morale = cmd.morale
            trials = total - morale
    _check_fits(trials, morale, total, "Trial cards of the catalogue")
    return trials, morale


def _check_fits(trials: int, morale: int, total: int, what: str) -> None:
    if trials < 1 or morale < 1 or trials + morale > total:
        raise InvalidSetup(
            N_(
                "setup: Trials {trials} + Morale {morale} must be positive and fit "
                "in the {total} {what}"
            ),
            trials=trials,
            morale=morale,
            total=total,
            what=what,
        )


@cache
def third_tile_pool(seats: int) -> tuple[str, ...]:
    """The Support tiles left in the box once each seat has its left and right ones, sorted
    (one pool per number of seats, counted once)."""
    pool = Counter(support_tile_pool(seats))
    pool.subtract({"left": seats, "right": seats})
    return tuple(sorted(pool.elements()))


def _third_tiles(cmd: StartChapter, seats: int, chance: Chance | None) -> tuple[str, ...]:
    pool = third_tile_pool(seats)
    if cmd.third_tiles is not None:
        if len(cmd.third_tiles) != seats:
            raise InvalidSetup(
                N_("setup: give one third Support tile for each of the {seats} seats"), seats=seats
            )
        if Counter(cmd.third_tiles) - Counter(pool):
            raise InvalidSetup(
                N_(
                    "setup: third tiles {third_tiles} are not in the box's remaining tiles ({pool})"
                ),
                third_tiles=", ".join(cmd.third_tiles),
                pool=", ".join(pool),
            )
        return cmd.third_tiles
    if chance is None:
        raise MissingOutcome(N_("setup: tell the third Support tile each player drew at random"))
    drawn: list[str] = []
    left = list(pool)  # stays sorted as drawn tiles leave it
    for _ in range(seats):
        tile = chance.pick(tuple(left))
        left.remove(tile)
        drawn.append(tile)
    return tuple(drawn)


def _decks(
    cmd: StartChapter, catalogue: Catalogue, sizes: tuple[int, int], chance: Chance | None
) -> tuple[tuple[str | None, ...], tuple[str | None, ...]]:
    trials, morale = sizes
    if cmd.deck is not None:
        if Counter(cmd.deck) - Counter(catalogue.deck()) or len(cmd.deck) < trials + morale:
            raise InvalidSetup(N_("setup: the given deck order is not drawn from the catalogue"))
        return cmd.deck[:trials], cmd.deck[trials : trials + morale]
    if chance is None:
        return (None,) * trials, (None,) * morale
    order = chance.shuffle(catalogue.deck())
    return order[:trials], order[trials : trials + morale]


# --- Orders of the Day and Recruits (domain/modules/orders.py, domain/modules/recruits.py) --------
def numbered_deck(
    numbers: tuple[int, ...] | None, what: str, armistice: bool, chance: Chance | None
) -> tuple[int, ...] | None:
    """A Briefing's deck of numbered cards (None: the module is not used), shuffled when the
    engine deals itself; at a real table its order is unknown."""
    if numbers is None:
        return None
    if not armistice:
        raise InvalidSetup(
            N_("setup: {what} belong to the Armistice Edition, not the classic game"), what=what
        )
    if len(set(numbers)) != len(numbers) or any(n < 1 for n in numbers):
        raise InvalidSetup(
            N_("setup: {what} are cards numbered 1 and up, each once: {numbers}"),
            what=what,
            numbers=numbers,
        )
    if chance is None:
        return tuple(numbers)
    return tuple(int(n) for n in chance.shuffle(tuple(str(n) for n in numbers)))


def decide_start_chapter(
    cmd: StartChapter, catalogue: Catalogue, chance: Chance | None = None, banned: int = 0
) -> ChapterStarted:
    """The setup of a chapter: at a real table decks are unseen counts (an Armistice one
    sized by its Briefing within the box's Trial cards less the ``banned`` ones)."""
    for own_setup in INSTALLED.setup:  # a module's own kind of chapter: Solo (moments.py)
        started: ChapterStarted | None = own_setup(cmd, catalogue, chance)
        if started is not None:
            return started
    if cmd.ruleset not in RULESETS:
        raise InvalidSetup(
            N_("setup: unknown ruleset {ruleset!r} (classic or armistice)"), ruleset=cmd.ruleset
        )
    if cmd.variant not in VARIANTS:
        raise InvalidSetup(
            N_("setup: unknown variant {variant!r} (normal, rookie, veteran)"), variant=cmd.variant
        )
    check_seats(cmd.ruleset, cmd.seats)
    armistice = cmd.ruleset == Ruleset.ARMISTICE
    chaplain = not armistice and len(cmd.seats) == 2
    names = tuple([seat.name for seat in cmd.seats]) + ((CHAPLAIN,) if chaplain else ())
    charms = tuple([seat.charm for seat in cmd.seats]) + ((None,) if chaplain else ())
    owners = tuple([seat.owner or seat.name for seat in cmd.seats]) + (("",) if chaplain else ())
    if cmd.leader is None and chance is None:
        raise MissingOutcome(N_("setup: say who is the first Mission Leader"))
    leader = cmd.leader or (chance.pick(names[: len(cmd.seats)]) if chance else "")
    if leader not in names or leader == CHAPLAIN:
        raise InvalidSetup(
            N_("setup: the first Mission Leader {leader!r} is not at the table"), leader=leader
        )
    first = cmd.first_intensity
    if armistice and first is None:
        raise InvalidSetup(
            N_("setup: an Armistice chapter takes its first intensity from the Briefing")
        )
    if first is not None and first < 1:
        raise InvalidSetup(
            N_("setup: the first intensity must be at least 1, not {first}"), first=first
        )
    thirds = _third_tiles(cmd, len(names), chance)
    # the engine deals itself only the cards it knows: then the catalogue bounds the decks
    box = TRIAL_CARDS - banned if chance is None else catalogue.total
    sizes = _sizes(cmd, catalogue.total, len(cmd.seats), box)
    trials, morale = _decks(cmd, catalogue, sizes, chance)
    traps = cmd.traps if cmd.traps is not None else (not armistice and cmd.variant != "rookie")
    decks: dict[str, Any] = {}  # a module's decks and numbers, in the modules' order
    for module_decks in INSTALLED.decks:  # (moments.py)
        decks.update(module_decks(cmd, armistice, chance))
    basic: dict[str, Any] = dict(
        ruleset=cmd.ruleset,
        variant=cmd.variant,
        players=names,
        charms=charms,
        owners=owners,
        chaplain=chaplain,
        tiles=tuple(("left", "right", third) for third in thirds),
        trials=trials,
        morale=morale,
        leader=leader,
        speech_tokens=cmd.speech_tokens
        if cmd.speech_tokens is not None
        else speech_tokens_for(len(cmd.seats)),
        traps=traps,
        first_intensity=first if first is not None else 3,
        first_intensity_exact=armistice,
        morale_drop_max=6 if armistice else None,
        hand_limit=13 if armistice else None,
    )
    return ChapterStarted(**(basic | decks) if decks else basic)
