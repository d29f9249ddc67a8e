"""What a correction set, in words: "Max holds the Mission Leader token".

The same sentence says what a correction did and, with ``already``, why one that would
change nothing is refused ("Ann's charm is already up: nothing to correct").
"""

from __future__ import annotations

from domain.cards.catalogue import Catalogue
from domain.cards.notation import card_label
from domain.chapter.facts import ModuleFact
from domain.chapter.moments import INSTALLED
from domain.errors import N_, W_, Counted, Formed
from domain.events import FactCorrected

TILES = {
    "left": W_("'to the left'"),
    "right": W_("'to the right'"),
    "left2": W_("'2nd to the left'"),
    "right2": W_("'2nd to the right'"),
}
# {p}: the player, {v}: the value in words, {a}: "already " when nothing would change.
SENTENCES = {
    "trials": N_("the Trials deck {a}holds {v}"),
    "morale": N_("the Morale Reserve {a}holds {v}"),
    "stock": N_("the stock {a}holds {v}"),
    "hand": N_("{p} {a}holds {v}"),
    "tokens": N_("{p} {a}holds {v}"),
    "charm": N_("{p}'s charm is {a}{v}"),
    "turn": N_("it is {a}{p}'s turn"),
    "leader": N_("{p} {a}holds the Mission Leader token"),
    "nml-add": N_("{v} is in No Man's Land"),
    "nml-remove": N_("{v} left No Man's Land for the discard"),
    "knock-add": N_("{p} has {v} in front of them"),
    "knock-remove": N_("{v} left {p}'s Grizzled for the discard"),
    "tile-add": N_("{p} was given the Support tile {v}"),
    "tile-remove": N_("{p}'s Support tile {v} left the game"),
    "tile-played": N_("{p} has {a}played the Support tile {v} face down"),
    "hand-to-nml": N_("{v} went from {p}'s hand to No Man's Land"),
    "hand-to-discard": N_("{v} went from {p}'s hand to the discard"),
    "hand-to-knock": N_("{v} went from {p}'s hand in front of them"),
    "mission-end": N_("the Mission ends now, {v}"),
    "chapter-end": N_("the chapter is declared {v}"),
}
WITHDRAWN = {
    "yes": N_("{p} has {a}withdrawn from the Mission"),
    "no": N_("{p} is {a}in the Mission"),
}
ALREADY = W_("already ")  # {a}: a correction that would change nothing
PLAIN = {  # a value that is a word: a charm's side, a Mission's or a chapter's end
    "up": W_("up"),
    "down": W_("down"),
    "won": W_("won"),
    "failed": W_("failed"),
    "lost": W_("lost"),
}


CARDS = frozenset({"trials", "morale", "hand"})  # facts that count cards
TOKENS = frozenset({"stock", "tokens"})  # facts that count Speech tokens


def _value(event: FactCorrected, catalogue: Catalogue) -> str:
    value = event.value
    if event.fact in CARDS and isinstance(value, int):
        return Counted("{count} card", "{count} cards", value)
    if event.fact in TOKENS and isinstance(value, int):
        return Counted("{count} Speech token", "{count} Speech tokens", value)
    if event.fact.startswith("tile-"):
        return TILES.get(str(value), str(value))
    module_fact: ModuleFact | None = INSTALLED.facts.get(event.fact)
    if module_fact is not None:  # a module's own fact says its value
        return module_fact.words(value, catalogue)
    if isinstance(value, str) and value in PLAIN:
        return PLAIN[value]
    if isinstance(value, str) and value in catalogue.cards:
        return card_label(value, catalogue)
    return str(value)


def fact_sentence(event: FactCorrected, catalogue: Catalogue, already: bool = False) -> Formed:
    """What the correction set, as a sentence without its full stop: its words' form and
    facts kept (``Formed``) for the voice to say in the table's language."""
    if event.fact == "withdrawn":
        template = WITHDRAWN.get(str(event.value), WITHDRAWN["yes"])
    else:
        module_fact = INSTALLED.facts.get(event.fact)
        own = module_fact.sentence if module_fact is not None else None
        template = own or SENTENCES.get(event.fact, "")
    value = _value(event, catalogue)
    if not template:  # a fact no sentence words
        return Formed(N_("{fact} set to {v}"), fact=event.fact, v=value)
    return Formed(template, p=event.player or "", v=value, a=ALREADY if already else "")
