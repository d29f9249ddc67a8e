"""Builders for chapters with the Armistice modules (Orders of the Day, Recruits).

The Order and Recruit cards here are SYNTHETIC TEST DATA, invented for the engine's tests:
the printed cards are not public (shared/reference/cards.md), so none of these is, or
pretends to be, a real card. Their numbers (900 and up) and names say so.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from domain.cards.catalogue import CardType, Catalogue, OrderCard, RecruitCard, base_catalogue
from domain.chapter.commands import Seat, StartChapter, merged
from domain.chapter.evolve import begin
from domain.chapter.setup import decide_start_chapter
from domain.chapter.state import ChapterState
from domain.modules.orders import order_deck_options
from domain.modules.recruits import recruit_deck_options
from tests.domain.builders import CHARMS, rigged_deck

# (number, name, minimum by player count, threats, lasting)
SYNTHETIC_ORDERS = (
    OrderCard(901, "Synthetic order A: quiet sector", "easy", ((3, 1), (4, 1))),
    OrderCard(
        902,
        "Synthetic order B: shelling",
        "hard",
        ((3, 2), (4, 2)),
        ("shell",),
        True,
        "synthetic: a withdrawing player draws 2 cards",
    ),
    OrderCard(903, "Synthetic order C: heavy rain", "normal", ((3, 2), (4, 3)), ("rain",)),
    OrderCard(
        904,
        "Synthetic order D: night watch",
        "hard",
        ((3, 3), (4, 2)),
        ("night",),
        True,
        "synthetic: the leader draws 1 card",
    ),
    OrderCard(905, "Synthetic order E: roll call", "easy", ((3, 1), (4, 1))),
    OrderCard(906, "Synthetic order F: gas alert", "normal", ((3, 2), (4, 2)), ("gas",)),
    OrderCard(
        907,
        "Synthetic order G: whistles",
        "normal",
        ((3, 1), (4, 2)),
        ("whistle",),
        True,
        "synthetic: any player draws 3 cards",
    ),
    OrderCard(908, "Synthetic order H: snowfall", "easy", (), ("snow",)),
)
SYNTHETIC_RECRUITS = (
    RecruitCard(951, "Synthetic recruit A", hand=3, morale_tokens=1),
    RecruitCard(952, "Synthetic recruit B", hand=2, morale_tokens=0),
    RecruitCard(953, "Synthetic recruit C", hand=4, morale_tokens=2),
    RecruitCard(954, "Synthetic recruit D", hand=1, morale_tokens=1),
    RecruitCard(955, "Synthetic recruit E", hand=3, morale_tokens=3),
)
ORDER_NUMBERS = tuple(card.number for card in SYNTHETIC_ORDERS)
RECRUIT_NUMBERS = tuple(card.number for card in SYNTHETIC_RECRUITS)


@cache
def synthetic_catalogue() -> Catalogue:
    """The base Trial cards plus the synthetic Orders and Recruits, as if described."""
    catalogue = base_catalogue()
    for card in (*SYNTHETIC_ORDERS, *SYNTHETIC_RECRUITS):
        catalogue = catalogue.learnt(card)
    return catalogue


# Test data: made-up Luck cards (which Armistice cards carry Luck is not public), one of
# them in several copies (several printed numbers), one with two Luck symbols.
RAIN_LUCK = CardType(key="rain+luck", threats=("rain",), luck=1)
GAS_WHISTLE_LUCK = CardType(key="gas+whistle+luck", threats=("gas", "whistle"), luck=1)
SHELL_LUCK2 = CardType(key="shell+luck2", threats=("shell",), luck=2)


# Two more synthetic orders showing night, like the lasting Order D: with a Trauma they can
# make 3 identical threats active when a Mission starts (Decision 3).
NIGHT_ORDERS = (
    OrderCard(
        909,
        "Synthetic order I: night raid",
        "hard",
        ((3, 1), (4, 1)),
        ("night",),
        True,
        "synthetic: the leader draws 1 card",
    ),
    OrderCard(910, "Synthetic order J: dark sector", "normal", ((3, 1), (4, 1)), ("night",)),
)
LUCKY_ORDER_NUMBERS = (*ORDER_NUMBERS, *(card.number for card in NIGHT_ORDERS))


@cache
def lucky_catalogue() -> Catalogue:
    """The synthetic catalogue and the night orders, plus made-up Luck cards: three
    rain+luck, a gas+whistle+luck and a shell+luck2 with two Luck symbols."""
    catalogue = synthetic_catalogue()
    for number in (991, 992, 993):
        catalogue = catalogue.described(number, RAIN_LUCK)
    catalogue = catalogue.described(None, GAS_WHISTLE_LUCK).described(None, SHELL_LUCK2)
    for card in NIGHT_ORDERS:
        catalogue = catalogue.learnt(card)
    return catalogue


def prepare(
    hands: dict[str, Sequence[str]],
    *,
    then: Sequence[str] = (),
    orders: tuple[int, ...] | None = None,
    recruits: tuple[int, ...] | None = None,
    leader: str | None = None,
    trials: int | None = None,
    owners: dict[str, str] | None = None,
    catalogue: Catalogue | None = None,
    known: bool = True,
    traps: bool | None = None,
) -> ChapterState:
    """An Armistice chapter set up, waiting for its first Mission, whose deal (at the
    Briefing's intensity = the hand size) gives ``hands``, the Trials deck then holding
    ``then`` (or ``trials`` cards). ``known``: the engine knows every deck's order (the
    order and Recruit decks lie top first as given); else it is a real table."""
    catalogue = catalogue or synthetic_catalogue()
    names = list(hands)
    leader = leader or names[0]
    seat = names.index(leader)
    deck = rigged_deck(hands, names[seat:] + names[:seat], then, catalogue)
    intensity = len(next(iter(hands.values())))
    trials = trials if trials is not None else intensity * len(names) + len(then)
    setup = StartChapter(
        "armistice",
        tuple(Seat(n, CHARMS[n], (owners or {}).get(n, "")) for n in names),
        leader=leader,
        trials=trials,
        morale=catalogue.total - trials,
        first_intensity=intensity,
        third_tiles=(("left", "right") * len(names))[: len(names)],
        deck=deck if known else None,
        traps=traps,
        options=merged(order_deck_options(orders), recruit_deck_options(recruits)),
    )
    return begin(decide_start_chapter(setup, catalogue), catalogue)
