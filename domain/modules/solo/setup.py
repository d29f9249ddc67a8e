"""Solo mode's setup (Armistice, rulebook p.15): choose 3 Grizzled, remove the Hard Knocks
Panicked (56), Selfish (57), Frenzied (58), Absent-Minded (61), Tyrannical (105) and Mute
(107), Trials deck 30 cards and the Morale Reserve the rest, Traps, no Speeches, the 4
solo Support tiles; the Mission Leader token goes to the first active Grizzled.
"""

from __future__ import annotations

from collections import Counter

from domain.cards.catalogue import THREATS, Catalogue
from domain.chapter.commands import Chance, Seat, StartChapter
from domain.chapter.rules import CHAPLAIN, Ruleset
from domain.chapter.state import Slot
from domain.errors import N_, InvalidSetup, MissingOutcome
from domain.events import ChapterStarted
from domain.modules.solo.state import SOLO_GRIZZLED, SOLO_HAND, VARIANT, solo_set_aside

SOLO_TRIALS = 30
# "Follow the Basic Rules (see p.4)": a Morale Drop of at most 6 (Duo's 7 is Duo's alone)
SOLO_MORALE_DROP_MAX = 6


def _check_solo_setup(cmd: StartChapter) -> None:
    if cmd.ruleset != Ruleset.ARMISTICE:
        raise InvalidSetup(
            N_("setup: Solo mode is an Armistice mode, not a {ruleset} one"), ruleset=cmd.ruleset
        )
    names = [seat.name for seat in cmd.seats]
    if len(names) != SOLO_GRIZZLED:
        raise InvalidSetup(
            N_("setup: in Solo mode one person plays 3 Grizzled, not {names_count}"),
            names_count=len(names),
        )
    if len({n.casefold() for n in names}) != len(names) or CHAPLAIN in names:
        raise InvalidSetup(
            N_("setup: the 3 Grizzled need different names, got {names}"), names=", ".join(names)
        )
    for seat in cmd.seats:
        if seat.charm not in THREATS:
            raise InvalidSetup(
                N_("setup: {seat}'s charm {charm!r} is not a threat"),
                seat=seat.name,
                charm=seat.charm,
            )
    if len({seat.owner for seat in cmd.seats if seat.owner}) > 1:
        raise InvalidSetup(N_("setup: in Solo mode one person plays all 3 Grizzled"))
    refusals = (
        (cmd.traps is False, "Solo mode is played with Traps"),
        (cmd.speech_tokens not in (None, 0), "Solo mode is played without Speeches"),
        (cmd.third_tiles is not None, "Solo mode uses its 4 solo Support tiles, no third tile"),
        (cmd.first_intensity not in (None, SOLO_HAND), "the Solo starting hand is 3 cards"),
    )
    for refused, rule in refusals:
        if refused:
            raise InvalidSetup(N_("setup: {rule}"), rule=rule)


def solo_seats(seats: tuple[Seat, ...]) -> bool:
    """One person playing 3 Grizzled is Solo mode's seating (a Solo campaign's table)."""
    return len(seats) == SOLO_GRIZZLED and len({seat.owner or seat.name for seat in seats}) == 1


def _solo_decks(
    cmd: StartChapter, box: tuple[str, ...], chance: Chance | None
) -> tuple[tuple[Slot, ...], tuple[Slot, ...]]:
    trials = cmd.trials if cmd.trials is not None else SOLO_TRIALS
    morale = cmd.morale if cmd.morale is not None else len(box) - trials
    if trials < 1 or morale < 1 or trials + morale > len(box):
        raise InvalidSetup(
            N_(
                "setup: Trials {trials} + Morale {morale} must be positive and fit "
                "in the {box_count} Trial cards left once the Solo Hard Knocks are "
                "removed"
            ),
            trials=trials,
            morale=morale,
            box_count=len(box),
        )
    if cmd.deck is not None:
        if Counter(cmd.deck) - Counter(box) or len(cmd.deck) < trials + morale:
            raise InvalidSetup(N_("setup: the given deck order is not drawn from the Solo deck"))
        order: tuple[Slot, ...] = cmd.deck
    elif chance is not None:
        order = chance.shuffle(box)
    else:
        order = (None,) * (trials + morale)
    return order[:trials], order[trials : trials + morale]


def decide_start_solo(
    cmd: StartChapter, catalogue: Catalogue, chance: Chance | None = None
) -> ChapterStarted:
    """A Solo setup: 3 Grizzled, six Hard Knocks out, Trials 30 and Morale the rest, Traps,
    no Speeches, the solo tiles; the first Mission Leader token holder is told or drawn."""
    _check_solo_setup(cmd)
    names = tuple(seat.name for seat in cmd.seats)
    if cmd.leader is None and chance is None:
        raise MissingOutcome(N_("setup: say which Grizzled takes the Mission Leader token first"))
    leader = cmd.leader or (chance.pick(names) if chance else "")
    if leader not in names:
        raise InvalidSetup(
            N_("setup: the first Mission Leader {leader!r} is not one of the 3"), leader=leader
        )
    set_aside = solo_set_aside(catalogue)
    box = list(catalogue.deck())
    for key in set_aside:
        box.remove(key)
    trials, morale = _solo_decks(cmd, tuple(box), chance)
    return ChapterStarted(
        ruleset=Ruleset.ARMISTICE,
        variant=VARIANT,
        players=names,
        charms=tuple(seat.charm for seat in cmd.seats),
        owners=tuple(seat.owner or "solo" for seat in cmd.seats),
        chaplain=False,
        tiles=((),) * SOLO_GRIZZLED,
        trials=trials,
        morale=morale,
        leader=leader,
        speech_tokens=0,
        traps=True,
        first_intensity=SOLO_HAND,
        first_intensity_exact=True,
        morale_drop_max=SOLO_MORALE_DROP_MAX,
        hand_limit=13,
    )
