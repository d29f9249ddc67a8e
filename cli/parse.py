"""Reading what a person typed: player names, cards, targets, tiles. Bad input is a usage
error (exit code 2) that says what was expected."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import TYPE_CHECKING

import click

from domain.limits import CARD_NUMBERS
from voice import lang
from voice.shown import shown

if TYPE_CHECKING:
    from domain.cards.catalogue import Catalogue
    from domain.chapter.commands import Choice

THREAT_NAMES = ("night", "snow", "rain", "shell", "gas", "whistle")
TILES = ("left", "right", "left2", "right2")
TILE_WORDS = {
    "l": "left",
    "r": "right",
    "ll": "left2",
    "rr": "right2",
    "2l": "left2",
    "2r": "right2",
}


def folded(name: str) -> str:
    """A name as typed on any keyboard: case and accents ignored (``Zoé`` is ``zoe``)."""
    parts = unicodedata.normalize("NFKD", name.strip().casefold())
    return "".join(c for c in parts if not unicodedata.combining(c))


def player(text: str, names: Iterable[str], what: str = "player") -> str:
    """The name a (case- and accent-insensitive, unambiguous prefix of a) player name
    means; the name written exactly, accents and all, wins over one that only folds alike."""
    names = list(names)
    word = folded(text)
    exact = [n for n in names if n.strip().casefold() == text.strip().casefold()]
    exact = exact or [n for n in names if folded(n) == word]
    found = exact or [n for n in names if folded(n).startswith(word)]
    if len(found) == 1:
        return found[0]
    listed = shown(", ".join(names))
    if not found:
        said = lang._("no {what} {name} at this table ({names})")
        raise click.BadParameter(said.format(what=lang._(what), name=repr(text), names=listed))
    raise click.BadParameter(
        lang._("{name} could be {names}").format(
            name=repr(text), names=shown(lang._(" or ").join(found))
        )
    )


def card(text: str, catalogue: Catalogue) -> str:
    """A card key from the notation (docs/notation.md); a number not yet described points
    to ``describe card``, a card banned from the campaign says after which chapter."""
    from domain.cards.notation import CardNotationError, parse_card

    word = text.strip().lower().lstrip("#")
    if word.isascii() and word.isdigit() and catalogue.by_number(int(word)) is None:
        raise click.BadParameter(
            lang._(
                "card number {number} has not been described in this campaign: describe it "
                "first with grizzled describe card {number} FACE"
            ).format(number=word)
        )
    try:
        return parse_card(text, catalogue, lang.current())
    except CardNotationError as error:
        from voice.refusal import message

        raise click.BadParameter(shown(banned(word) or message(error))) from None


def banned(word: str) -> str | None:
    """Why the card ``word`` names is not in the campaign any more: its last copy was
    banned after a lost chapter (None: it was not, or no campaign is at hand)."""
    from cli.context import Context
    from domain.cards.catalogue import base_catalogue
    from domain.cards.notation import CardNotationError, parse_card

    current = click.get_current_context(silent=True)
    found = current.find_object(Context) if current is not None else None
    if found is None:
        return None
    from app.errors import Refused

    try:
        state = found.state()
    except (click.ClickException, Refused):
        return None
    try:
        key = parse_card(word, base_catalogue())
    except CardNotationError:
        key = word
    for ban in reversed(state.bans):
        if ban.card == key and key not in state.catalogue:
            said = lang._("{card} was banned after {chapter}: it left the campaign's decks")
            return said.format(card=repr(word), chapter=lang.chapter_said(ban.chapter))
    return None


def target(text: str, names: Iterable[str], catalogue: Catalogue) -> tuple[str, str]:
    """``PLAYER:CARD``, e.g. ``ben:mute``."""
    who, sep, what = text.partition(":")
    if not sep or not who or not what:
        raise click.BadParameter(
            lang._("{text}: write PLAYER:CARD, e.g. ben:mute").format(text=repr(text))
        )
    return player(who, names), card(what, catalogue)


def tile(text: str) -> str:
    """A Support tile: left, right, left2, right2 (or l, r, ll, rr)."""
    word = text.strip().lower()
    word = TILE_WORDS.get(word, word)
    if word not in TILES:
        raise click.BadParameter(
            lang._("{text} is not a Support tile (left, right, left2, right2)").format(
                text=repr(text)
            )
        )
    return word


def withdrawal_tile(text: str) -> str | None:
    """The tile a withdrawal names: a Support tile, or ``none`` (no tile left, Solo)."""
    return None if text.strip().lower() == "none" else tile(text)


def number(text: str, low: int, high: int, what: str) -> int:
    """A whole number from ``low`` to ``high``, in the digits 0 to 9."""
    if text.isascii() and text.isdigit() and low <= int(text) <= high:
        return int(text)
    raise click.BadParameter(
        lang._("{text}: {what} is a number from {low} to {high}").format(
            text=repr(text), what=lang._(what), low=low, high=high
        )
    )


def numbers(text: str) -> tuple[int, ...]:
    """``12,13,14`` (or empty): card numbers."""
    words = [n for n in text.replace(" ", "").split(",") if n]
    if all(n.isascii() and n.isdigit() and 1 <= int(n) <= CARD_NUMBERS for n in words):
        return tuple(int(n) for n in words)
    raise click.BadParameter(
        lang._("{text}: write card numbers separated by commas, each from 1 to {most}").format(
            text=repr(text), most=CARD_NUMBERS
        )
    )


def threat(text: str) -> str:
    """A threat word or an unambiguous prefix (``mask`` is gas), in English or French
    (``nuit``, ``obus``), the table's language read first."""
    from domain.cards.notation import CardNotationError, threat_word

    try:
        return threat_word(text, lang.current())
    except CardNotationError:
        threats = ", ".join(lang.threat_name(t) for t in THREAT_NAMES)
        raise click.BadParameter(
            lang._("{text} is not a threat ({threats})").format(text=repr(text), threats=threats)
        ) from None


def choice(discards: tuple[str, ...], knock: str | None, catalogue: Catalogue) -> Choice | None:
    """What a player names for a card's once-rule (``--discard CARD``, ``--knock CARD``):
    None when nothing is named."""
    from domain.chapter.commands import Choice

    if not discards and knock is None:
        return None
    cards = tuple(card(word, catalogue) for text in discards for word in text.split(",") if word)
    return Choice(cards, card(knock, catalogue) if knock is not None else None)
