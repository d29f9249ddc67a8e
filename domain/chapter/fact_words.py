"""What a correction set, in words: "Max holds the Mission Leader token".

The same sentence says what a correction did and, with ``already``, why one that would
change nothing is refused ("Ann's charm is already up: nothing to correct").
"""

from __future__ import annotations

from domain.cards.catalogue import Catalogue
from domain.cards.notation import card_label
from domain.chapter.facts import ModuleFact
from domain.chapter.moments import INSTALLED
from domain.events import FactCorrected

TILES = {
    "left": "'to the left'",
    "right": "'to the right'",
    "left2": "'2nd to the left'",
    "right2": "'2nd to the right'",
}
# {p}: the player, {v}: the value in words, {a}: "already " when nothing would change.
SENTENCES = {
    "trials": "the Trials deck {a}holds {v}",
    "morale": "the Morale Reserve {a}holds {v}",
    "stock": "the stock {a}holds {v}",
    "hand": "{p} {a}holds {v}",
    "tokens": "{p} {a}holds {v}",
    "charm": "{p}'s charm is {a}{v}",
    "turn": "it is {a}{p}'s turn",
    "leader": "{p} {a}holds the Mission Leader token",
    "nml-add": "{v} is in No Man's Land",
    "nml-remove": "{v} left No Man's Land for the discard",
    "knock-add": "{p} has {v} in front of them",
    "knock-remove": "{v} left {p}'s Grizzled for the discard",
    "tile-add": "{p} was given the Support tile {v}",
    "tile-remove": "{p}'s Support tile {v} left the game",
    "tile-played": "{p} has {a}played the Support tile {v} face down",
    "hand-to-nml": "{v} went from {p}'s hand to No Man's Land",
    "hand-to-discard": "{v} went from {p}'s hand to the discard",
    "hand-to-knock": "{v} went from {p}'s hand in front of them",
    "mission-end": "the Mission ends now, {v}",
    "chapter-end": "the chapter is declared {v}",
}
WITHDRAWN = {"yes": "{p} has {a}withdrawn from the Mission", "no": "{p} is {a}in the Mission"}


NOUNS = {
    "trials": "card",
    "morale": "card",
    "hand": "card",
    "stock": "Speech token",
    "tokens": "Speech token",
}


def _counted(count: int, noun: str) -> str:
    return f"{count} {noun}{'s' if count != 1 else ''}"


def _value(event: FactCorrected, catalogue: Catalogue) -> str:
    value = event.value
    if event.fact in NOUNS and isinstance(value, int):
        return _counted(value, NOUNS[event.fact])
    if event.fact.startswith("tile-"):
        return TILES.get(str(value), str(value))
    module_fact: ModuleFact | None = INSTALLED.facts.get(event.fact)
    if module_fact is not None:  # a module's own fact says its value
        return module_fact.words(value, catalogue)
    if isinstance(value, str) and value in catalogue.cards:
        return card_label(value, catalogue)
    return str(value)


def fact_sentence(event: FactCorrected, catalogue: Catalogue, already: bool = False) -> str:
    """What the correction set, as a sentence without its full stop."""
    if event.fact == "withdrawn":
        template = WITHDRAWN.get(str(event.value), WITHDRAWN["yes"])
    else:
        module_fact = INSTALLED.facts.get(event.fact)
        own = module_fact.sentence if module_fact is not None else None
        template = own or SENTENCES.get(event.fact, event.fact + " set to {v}")
    said = template.format(
        p=event.player or "", v=_value(event, catalogue), a="already " if already else ""
    )
    return said
