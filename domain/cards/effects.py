"""The effects a group attaches to a card it describes: a small vocabulary the engine
applies, built on the rules it already has (issue 14, "Effects the engine enforces").

The first words are an Order of the Day's restrictions (Armistice rulebook, "The Orders
of the Day": "an advantage or restriction"): while the Order is in No Man's Land it
forbids one kind of action. Each is written the same way everywhere, in the CLI's
``--forbid``, in the stored ``OrderDescribed`` event and in the docs:

- ``speech``: no Speech;
- ``charm``: no Good Luck Charm;
- ``withdraw-holding:N``: a player holding N or more cards may not withdraw;
- ``play:THREAT``: no card showing that threat may be played.

What the vocabulary cannot say stays the card's text, shown on the board. The threats an
Order adds and its minimum intensity are already the card's own fields
(``OrderCard.threats``, ``OrderCard.minimum``), which the engine applies.
"""

from __future__ import annotations

from domain.cards.catalogue import THREATS, Forbid
from domain.errors import InvalidDescription

FORBID_SYNTAX = "speech, charm, withdraw-holding:N or play:THREAT"


def parse_forbid(text: str) -> Forbid:
    """The restriction ``text`` names (``speech``, ``charm``, ``withdraw-holding:N``,
    ``play:THREAT``); InvalidDescription names the syntax otherwise."""
    action, colon, value = text.strip().lower().partition(":")
    if action in ("speech", "charm") and not colon:
        return Forbid(action)
    if action == "withdraw-holding" and value.isdigit() and int(value) >= 1:
        return Forbid(action, holding=int(value))
    if action == "play" and value in THREATS:
        return Forbid(action, threat=value)
    raise InvalidDescription(f"{text!r} is not a restriction the engine knows ({FORBID_SYNTAX})")


def parse_forbids(texts: tuple[str, ...], what: str) -> tuple[Forbid, ...]:
    """Each restriction of a description, once each, in the order given."""
    found: list[Forbid] = []
    for text in texts:
        try:
            forbid = parse_forbid(text)
        except InvalidDescription as error:
            raise InvalidDescription(f"{what}: {error}") from None
        if forbid in found:
            raise InvalidDescription(f"{what}: {forbid.text} is forbidden twice")
        found.append(forbid)
    return tuple(found)
