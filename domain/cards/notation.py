"""Card notation: what a person types at the table, parsed into catalogue keys.

The notation needs no quoting in a shell and accepts any unambiguous prefix:

- a Threat card joins its threat words with ``+`` in any order: ``night+shell``,
  ``sh+n``; ``mask`` is another word for ``gas``;
- ``+trap`` (or ``+t``) names the copy with a Trap: ``night+shell+trap``;
- ``+luck`` (or ``+l``) adds a Luck symbol (Armistice): ``rain+gas+luck``;
- a Hard Knock by name: ``wounded``, ``mute``, ``absent`` (absent-minded),
  ``phobia-gas`` (or ``gas-phobia``), ``trauma-night``;
- ``merry-christmas`` (also ``christmas``, ``xmas``, ``mc``);
- a printed catalogue number the campaign has learnt: ``56`` (Armistice cards).
"""

from __future__ import annotations

from domain.cards.catalogue import Catalogue, Threat, threat_key

THREAT_WORDS: dict[str, str] = {t.value: t.value for t in Threat} | {"mask": "gas"}
MODIFIER_WORDS = ("trap", "luck")
CHRISTMAS_ALIASES = ("christmas", "xmas", "mc")


class CardNotationError(ValueError):
    """The text does not name exactly one card of the catalogue."""


def _unique_prefix(word: str, names: tuple[str, ...], what: str) -> str:
    if word in names:
        return word
    matches = sorted({n for n in names if n.startswith(word)})
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise CardNotationError(f"{word!r} is not a {what}")
    raise CardNotationError(f"{word!r} is ambiguous: {' or '.join(matches)}")


def _threat_or_modifier(word: str) -> str:
    names = (*THREAT_WORDS, *MODIFIER_WORDS)
    found = _unique_prefix(word, names, "threat (night snow rain shell gas whistle) or trap/luck")
    return THREAT_WORDS.get(found, found)


def _parse_combination(text: str) -> str:
    threats: list[str] = []
    trap, luck = False, 0
    for word in text.split("+"):
        if not word:
            raise CardNotationError(f"{text!r} has an empty part between '+' signs")
        part = _threat_or_modifier(word)
        if part == "trap":
            trap = True
        elif part == "luck":
            luck += 1
        elif part in threats:
            raise CardNotationError(f"{text!r} names {part} twice")
        else:
            threats.append(part)
    if not threats:
        raise CardNotationError(f"{text!r} names no threat")
    return threat_key(threats, trap, luck)


def _named_cards(catalogue: Catalogue) -> dict[str, str]:
    """Every name a single word may mean, mapped to its key."""
    names: dict[str, str] = {}
    for key, card in catalogue.cards.items():
        if card.merry_christmas:
            names.update({alias: key for alias in (key, *CHRISTMAS_ALIASES)})
        elif card.hard_knock is not None:
            names[key] = key
            if card.threats:
                names[f"{card.threats[0]}-{card.hard_knock}"] = key
                if card.threats[0] == "gas":
                    names[f"{card.hard_knock}-mask"] = key
                    names[f"mask-{card.hard_knock}"] = key
        elif len(card.threats) == 1 and not card.trap and not card.luck:
            names[key] = key
    return names


def parse_card(text: str, catalogue: Catalogue) -> str:
    """The catalogue key that ``text`` names, or a CardNotationError saying why not."""
    word = text.strip().lower().lstrip("#")
    if not word:
        raise CardNotationError("no card given")
    if word.isascii() and word.isdigit():  # not "²", which int() refuses
        card = catalogue.by_number(int(word))
        if card is None:
            raise CardNotationError(f"card number {word} has not been described in this campaign")
        return card.key
    if "+" in word:
        key = _parse_combination(word)
        if key not in catalogue:
            raise CardNotationError(f"there is no {key} card in this campaign's catalogue")
        return key
    return _parse_name(word, _named_cards(catalogue))


def _parse_name(word: str, names: dict[str, str]) -> str:
    """A single word: a Hard Knock, Merry Christmas or a one-threat card, by unique prefix.

    A word that begins a threat word (``ni``, ``sh``, ``w``) never silently becomes a
    Phobia or Trauma: those are written from their kind (``phobia-shell``) or in full.
    """
    if word in names:
        return names[word]
    threats = [t for t in THREAT_WORDS if t.startswith(word)]
    candidates = {
        n: k
        for n, k in names.items()
        if n.startswith(word) and not (threats and n.split("-")[0] in THREAT_WORDS)
    }
    keys = sorted(set(candidates.values()))
    if threats:
        hint = "a Threat card joins its threats with +, e.g. night+shell"
        if keys:
            raise CardNotationError(
                f"{word!r} is ambiguous: {' or '.join(keys)}, or the threat {' or '.join(threats)} "
                f"({hint})"
            )
        raise CardNotationError(f"{word!r} alone names no card: {hint}")
    if len(keys) == 1:
        return keys[0]
    if not keys:
        raise CardNotationError(f"{word!r} is not a Hard Knock or card name")
    raise CardNotationError(f"{word!r} is ambiguous: {' or '.join(keys)}")


def card_label(key: str, catalogue: Catalogue) -> str:
    """A readable name for a key (the key itself when the catalogue does not know it)."""
    card = catalogue.cards.get(key)
    if card is None:
        return key
    if card.merry_christmas:
        return "Merry Christmas"
    return card.name


def completions(prefix: str, catalogue: Catalogue) -> list[str]:
    """Keys and names that start with ``prefix``, for shell completion."""
    word = prefix.lower()
    names = set(_named_cards(catalogue)) | set(catalogue.keys())
    return sorted(n for n in names if n.startswith(word))
