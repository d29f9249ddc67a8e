"""The card catalogue: Trial cards, threats, Hard Knocks, the Grizzled and their charms.

A card in play is named by its *key*, a canonical string such as ``night+shell``,
``night+shell+trap``, ``phobia-gas`` or ``merry-christmas``. Copies of one key are
interchangeable at the table, so places hold keys and the catalogue knows how many
copies of each key exist. Armistice cards are numbered and not public: the player
describes them and the catalogue is extended at run time (``Catalogue.described``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from enum import StrEnum
from functools import cache
from typing import Any

import msgspec
from msgspec.structs import replace

from domain.memo import last_answer


class Threat(StrEnum):
    """The six threats, in the canonical order used in card keys."""

    NIGHT = "night"
    SNOW = "snow"
    RAIN = "rain"
    SHELL = "shell"
    GAS = "gas"
    WHISTLE = "whistle"


THREATS: tuple[str, ...] = tuple(t.value for t in Threat)  # the six, in key order
THREAT_ORDER: dict[str, int] = {threat: i for i, threat in enumerate(THREATS)}


class HardKnock(StrEnum):
    """Hard Knock kinds whose effect the engine applies (Armistice may add others)."""

    WOUNDED = "wounded"
    TRAUMA = "trauma"
    PHOBIA = "phobia"
    MUTE = "mute"
    TYRANNICAL = "tyrannical"
    DEMORALIZED = "demoralized"
    FRAGILE = "fragile"
    FEARFUL = "fearful"
    PANICKED = "panicked"
    FRENZIED = "frenzied"
    SELFISH = "selfish"
    HARDHEADED = "hardheaded"
    PRIDEFUL = "prideful"
    CLUMSY = "clumsy"
    ABSENT_MINDED = "absent-minded"


MERRY_CHRISTMAS = "merry-christmas"


class CardType(msgspec.Struct, frozen=True):
    """One kind of Trial card and how many copies of it are in the box."""

    key: str
    threats: tuple[str, ...] = ()
    trap: bool = False
    luck: int = 0
    hard_knock: str | None = None
    value: int = 0
    merry_christmas: bool = False
    copies: int = 1
    effect: str = ""
    numbers: tuple[int, ...] = ()
    acts_as: str | None = None  # a new Hard Knock: the known kind whose rules it follows

    @property
    def kind(self) -> str | None:
        """The Hard Knock kind whose rules apply: the one it acts as, else its own."""
        return self.acts_as or self.hard_knock

    @property
    def is_threat(self) -> bool:
        """A Threat card goes to No Man's Land."""
        return self.hard_knock is None and not self.merry_christmas

    @property
    def name(self) -> str:
        """A readable name: ``night+shell (trap)``, ``Phobia (gas)``, ``Merry Christmas``."""
        if self.merry_christmas:
            return "Merry Christmas"
        if self.hard_knock is not None:
            title = self.hard_knock.replace("-", " ").title().replace(" ", "-")
            return f"{title} ({self.threats[0]})" if self.threats else title
        extras = (" (trap)" if self.trap else "") + (f" (luck x{self.luck})" if self.luck else "")
        return "+".join(self.threats) + extras


def threat_key(threats: tuple[str, ...] | list[str], trap: bool = False, luck: int = 0) -> str:
    """The canonical key of a Threat card: threats in canonical order, then trap and luck."""
    parts = sorted(threats, key=THREAT_ORDER.__getitem__)
    parts += ["trap"] if trap else []
    parts += ["luck"] * luck
    return "+".join(parts)


def hard_knock_key(kind: str, threats: tuple[str, ...] | list[str] = ()) -> str:
    """The canonical key of a Hard Knock: ``mute``, ``phobia-gas``, ``trauma-night``."""
    return f"{kind}-{threats[0]}" if threats else kind


def _card_from_json(raw: dict[str, Any]) -> CardType:
    threats = tuple(sorted(raw.get("threats", ()), key=THREAT_ORDER.__getitem__))
    if raw.get("merry_christmas"):
        key = MERRY_CHRISTMAS
    elif raw.get("hard_knock"):
        key = hard_knock_key(raw["hard_knock"], threats)
    else:
        key = threat_key(threats, raw.get("trap", False), raw.get("luck", 0))
    return CardType(
        key=key,
        threats=threats,
        trap=bool(raw.get("trap", False)),
        luck=int(raw.get("luck", 0)),
        hard_knock=raw.get("hard_knock"),
        value=int(raw.get("value", 1 if raw.get("hard_knock") else 0)),
        merry_christmas=bool(raw.get("merry_christmas", False)),
        copies=int(raw.get("copies", 1)),
        effect=raw.get("effect", ""),
    )


ORDER_DIFFICULTIES = ("easy", "normal", "hard")


# The effects vocabulary (domain/cards/effects.py): what an Order forbids while in play.
FORBIDDEN_ACTIONS = ("speech", "charm", "withdraw-holding", "play")


class Forbid(msgspec.Struct, frozen=True):
    """One kind of action a card forbids while it is in play: ``action`` is one of
    ``FORBIDDEN_ACTIONS``; ``holding`` the least hand that may not withdraw
    (``withdraw-holding``); ``threat`` the threat no played card may show (``play``)."""

    action: str
    holding: int = 0
    threat: str = ""

    @property
    def text(self) -> str:
        """The words it is written in: ``speech``, ``withdraw-holding:3``, ``play:gas``."""
        value = {"withdraw-holding": self.holding, "play": self.threat}.get(self.action)
        return self.action if value is None else f"{self.action}:{value}"

    @property
    def words(self) -> str:
        """What it forbids, as a refusal says it: ``no Speech``, ``no gas card played``."""
        if self.action == "withdraw-holding":
            return f"no withdrawal while holding {self.holding} or more cards"
        if self.action == "play":
            return f"no card showing {self.threat} played"
        return "no Speech" if self.action == "speech" else "no Good Luck Charm"


class Rule(msgspec.Struct, frozen=True):
    """One effect of the vocabulary other than a restriction (``domain/cards/effects.py``
    says each word, what it does and on which cards it may be written): ``word`` names it,
    ``n`` its count, ``value`` its action or mode, ``moment`` when it applies."""

    word: str
    n: int = 0
    value: str = ""
    moment: str = ""

    @property
    def text(self) -> str:
        """The words it is written in: ``allow:speech``, ``drop-max:4``, ``draw:2@withdraw``."""
        said = self.word
        if self.value:
            said += f":{self.value}"
        if self.n or self.word in NUMBERED_RULES:
            said += f":{self.n}"
        return said + (f"@{self.moment}" if self.moment else "")


NUMBERED_RULES = frozenset(
    {"drop-min", "drop-max", "support-discards", "draw", "tokens", "reserve", "discard"}
)


class OrderCard(msgspec.Struct, frozen=True):
    """An Order of the Day, as the player described it (the texts are not public)."""

    number: int
    name: str
    difficulty: str = "normal"  # one of ORDER_DIFFICULTIES
    minimum: tuple[tuple[int, int], ...] = ()  # (players, minimum intensity) pairs
    threats: tuple[str, ...] = ()  # threats it adds to No Man's Land while in play
    lasting: bool = False  # stays in play until its cancellation condition is met
    cancellation: str = ""
    effect: str = ""
    forbids: tuple[Forbid, ...] = ()  # the actions it forbids while in play (effects.py)
    rules: tuple[Rule, ...] = ()  # the other effects the engine applies (effects.py)

    def minimum_for(self, players: int) -> int:
        """The minimum intensity it sets for a table of ``players`` (1 if not given)."""
        return dict(self.minimum).get(players, 1)


class RecruitCard(msgspec.Struct, frozen=True):
    """A Recruit, as the player described it."""

    number: int
    name: str
    hand: int = 3  # cards in its starting hand
    morale_tokens: int = 1  # Morale tokens placed on it when it withdraws
    effect: str = ""
    advantage: str = ""
    forbids: tuple[Forbid, ...] = ()  # what it forbids while in play (effects.py)
    rules: tuple[Rule, ...] = ()  # its effect's rules while in play (effects.py)
    advantage_rules: tuple[Rule, ...] = ()  # what its departure gives (effects.py)


HELPING_HAND_CATEGORIES = ("action", "event", "friendship")


class HelpingHandCard(msgspec.Struct, frozen=True):
    """A Helping Hand, as the player described it: Action, Event or Friendship."""

    number: int
    name: str
    category: str
    effect: str = ""
    rules: tuple[Rule, ...] = ()  # what it does, played or held (effects.py)
    moment: str = ""  # an Event card: the moment it may be played at (effects.py)


class Catalogue(msgspec.Struct, frozen=True):
    """Every Trial card type known to a campaign, by key, with copy counts."""

    cards: dict[str, CardType] = msgspec.field(default_factory=dict)
    orders: dict[int, OrderCard] = msgspec.field(default_factory=dict)
    recruits: dict[int, RecruitCard] = msgspec.field(default_factory=dict)
    helping_hands: dict[int, HelpingHandCard] = msgspec.field(default_factory=dict)
    # Each card's ``kind`` by key, computed from the cards whenever a catalogue is made
    # (read on the rules' hot paths, where a property costs a call each time; never
    # stored: ``codec.encode_catalogue`` writes the fields above)
    kind_of: dict[str, str | None] = msgspec.field(default_factory=dict)

    def __post_init__(self) -> None:
        kinds = {key: card.kind for key, card in self.cards.items()}
        msgspec.structs.force_setattr(self, "kind_of", kinds)

    def __getitem__(self, key: str) -> CardType:
        return self.cards[key]

    def __contains__(self, key: object) -> bool:
        return key in self.cards

    def __iter__(self) -> Iterator[str]:
        return iter(self.cards)

    def __hash__(self) -> int:
        return hash(tuple(self.cards.values()))

    def learnt(self, card: OrderCard | RecruitCard | HelpingHandCard) -> Catalogue:
        """The catalogue with a described Order, Recruit or Helping Hand (replacing one of
        the same number: a correction of its description)."""
        if isinstance(card, OrderCard):
            return replace(self, orders={**self.orders, card.number: card})
        if isinstance(card, RecruitCard):
            return replace(self, recruits={**self.recruits, card.number: card})
        return replace(self, helping_hands={**self.helping_hands, card.number: card})

    def without(self, key: str) -> Catalogue:
        """The catalogue with one copy of a card fewer (a banned card leaves the campaign)."""
        card = self.cards[key]
        cards = dict(self.cards)
        if card.copies > 1:
            cards[key] = replace(card, copies=card.copies - 1)
        else:
            del cards[key]
        return replace(self, cards=cards)

    def keys(self) -> tuple[str, ...]:
        """Every key, in catalogue order."""
        return tuple(self.cards)

    @property
    @last_answer  # every chapter asks its catalogue, mostly the one base catalogue
    def total(self) -> int:
        """How many physical Trial cards the catalogue describes."""
        return sum(card.copies for card in self.cards.values())

    @last_answer
    def deck(self) -> tuple[str, ...]:
        """Every physical card once, as keys, in catalogue order (shuffle it outside)."""
        return tuple(card.key for card in self.cards.values() for _ in range(card.copies))

    def by_number(self, number: int) -> CardType | None:
        """The card type a printed catalogue number was described as, if any."""
        for card in self.cards.values():
            if number in card.numbers:
                return card
        return None

    def forget_number(self, number: int) -> Catalogue:
        """The catalogue with a number unlearnt (before it is described as another face).

        A card the base game does not have, known only through its numbers, loses the
        copy that number stood for.
        """
        old = self.by_number(number)
        if old is None:
            return self
        numbers = tuple(n for n in old.numbers if n != number)
        cards = dict(self.cards)
        if old.key in base_catalogue().cards or old.copies > len(old.numbers):
            cards[old.key] = replace(old, numbers=numbers)
        elif numbers:
            cards[old.key] = replace(old, numbers=numbers, copies=old.copies - 1)
        else:
            del cards[old.key]
        return replace(self, cards=cards)

    def described(self, number: int | None, card: CardType) -> Catalogue:
        """The catalogue with a card the player described (a number learns its face).

        A new face is added; a known face gains the number, and one more copy when more
        numbers are described for it than the copies already counted.
        """
        cards = dict(self.cards)
        old = cards.get(card.key)
        numbers = () if old is None else old.numbers
        if number is not None and number not in numbers:
            numbers = (*numbers, number)
        copies = max(old.copies if old else 0, len(numbers), 1 if old is None else 0)
        base = card if old is None else old
        effect = card.effect or base.effect
        cards[card.key] = replace(base, copies=copies, effect=effect, numbers=numbers)
        return replace(self, cards=cards)


class Grizzled(msgspec.Struct, frozen=True):
    """A Grizzled character and the threat of their Good Luck Charm."""

    name: str
    charm: str


@cache
def _base_data() -> dict[str, Any]:
    # Package data next to this module (importlib.resources costs ~5 ms of start-up).
    with open(os.path.join(os.path.dirname(__file__), "data", "base_game.json"), "rb") as f:
        data: dict[str, Any] = json.load(f)
    return data


@cache
def base_catalogue() -> Catalogue:
    """The 59 Trial cards of the 2015 base game (cards.md)."""
    cards = [_card_from_json(raw) for raw in _base_data()["trial_cards"]]
    return Catalogue({card.key: card for card in cards})


@cache
def grizzled_roster() -> tuple[Grizzled, ...]:
    """The six Grizzled with their charms (single source: a campaign may override)."""
    return tuple(Grizzled(g["name"], g["charm"]) for g in _base_data()["grizzled"])


def support_tile_pool(players: int) -> dict[str, int]:
    """The Support tiles in the box; the double tiles are not used with 2 or 3 players."""
    pool = dict(_base_data()["support_tiles"])
    if players <= 3:
        pool.pop("left2")
        pool.pop("right2")
    return pool
