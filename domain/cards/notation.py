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

The French edition's words (*Les Poilus*, issue 45) are read as well, accents or not:
``nuit+obus``, ``pluie+gaz+piege``, ``muet``, ``phobie-gaz``, ``joyeux-noel``. A prefix is
read in the table's language first (``language``): ``n`` is night at an English table, and
at a French one ambiguous (nuit or neige); the other language's words are read when the
table's own name nothing. Whatever the words, the key is the same: what is stored does not
depend on the language it was typed in.
"""

from __future__ import annotations

import unicodedata

from domain.cards.catalogue import Catalogue, Threat, threat_key
from domain.errors import N_, W_, Alternatives, Worded

THREAT_WORDS: dict[str, str] = {t.value: t.value for t in Threat} | {"mask": "gas"}
MODIFIER_WORDS = ("trap", "luck")
CHRISTMAS_ALIASES = ("christmas", "xmas", "mc")
# Les Poilus' words, accents folded (what a person types), each for its English word.
FRENCH_THREATS = {
    "nuit": "night",
    "neige": "snow",
    "pluie": "rain",
    "obus": "shell",
    "gaz": "gas",
    "sifflet": "whistle",
    "masque": "gas",
}
FRENCH_MODIFIERS = {"piege": "trap", "chance": "luck"}
FRENCH_KNOCKS = {  # the Hard Knocks (Coups durs)
    "absent-minded": "distrait",
    "clumsy": "maladroit",
    "demoralized": "demoralise",
    "fearful": "peureux",
    "fragile": "fragile",
    "frenzied": "furieux",
    "hardheaded": "tetu",
    "mute": "muet",
    "panicked": "panique",
    "phobia": "phobie",
    "prideful": "orgueilleux",
    "selfish": "egoiste",
    "trauma": "traumatisme",
    "tyrannical": "tyrannique",
    "wounded": "blesse",
}
FRENCH_CHRISTMAS = ("joyeux-noel", "noel")
FRENCH_WORDS = {english: french for french, english in FRENCH_THREATS.items()} | {
    "gas": "gaz",
    "trap": "piege",
    "luck": "chance",
}
LANGUAGES = ("en", "fr")


def folded(text: str) -> str:
    """A word as any keyboard types it: lower case, accents dropped (``piège``, ``piege``)."""
    parts = unicodedata.normalize("NFD", text.strip().lower())
    return "".join(c for c in parts if not unicodedata.combining(c))


def _in_order(language: str) -> tuple[str, ...]:
    """The languages a word is read in: the table's first."""
    return (language, *(code for code in LANGUAGES if code != language))


def _threat_words(language: str) -> dict[str, str]:
    """The threat and modifier words of ``language``, each for its English word."""
    if language == "fr":
        return FRENCH_THREATS | FRENCH_MODIFIERS
    return THREAT_WORDS | {m: m for m in MODIFIER_WORDS}


class CardNotationError(Worded, ValueError):
    """The text does not name exactly one card of the catalogue (its words' form and facts
    kept, as a refusal's are: ``domain.errors.Worded``)."""


def _unique_prefix(word: str, names: tuple[str, ...], what: str) -> str:
    if word in names:
        return word
    matches = sorted({n for n in names if n.startswith(word)})
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise CardNotationError(N_("{word!r} is not a {what}"), word=word, what=what)
    raise CardNotationError(
        N_("{word!r} is ambiguous: {matches}"), word=word, matches=Alternatives(matches)
    )


def _threat_or_modifier(word: str, language: str = "en") -> str:
    """A threat or modifier word (an unambiguous prefix), read in the table's language
    first, then in the other: its English word."""
    languages = _in_order(language)
    for code in languages:
        if (exact := _threat_words(code).get(word)) is not None:
            return exact
    for code in languages:
        words = _threat_words(code)
        if {meaning for name, meaning in words.items() if name.startswith(word)}:
            found = _unique_prefix(word, tuple(words), W_("threat or trap/luck"))
            return words[found]
    what = W_("threat (night snow rain shell gas whistle) or trap/luck")
    if language == "fr":
        what = W_("threat (nuit neige pluie obus gaz sifflet) or trap/luck (piege/chance)")
    raise CardNotationError(N_("{word!r} is not a {what}"), word=word, what=what)


def threat_word(text: str, language: str = "en") -> str:
    """The threat a word names (an unambiguous prefix, in English or French): its English
    word, or a CardNotationError."""
    word = folded(text)
    found = _threat_or_modifier(word, language) if word else None
    if found not in THREAT_WORDS:
        raise CardNotationError(N_("{text!r} is not a threat"), text=text)
    return found


def french_key(key: str) -> str:
    """A Threat card's key in French words: ``nuit+obus+piege``."""
    return "+".join(FRENCH_WORDS.get(word, word) for word in key.split("+"))


def _parse_combination(text: str, language: str = "en") -> str:
    threats: list[str] = []
    trap, luck = False, 0
    for word in text.split("+"):
        if not word:
            raise CardNotationError(N_("{text!r} has an empty part between '+' signs"), text=text)
        part = _threat_or_modifier(word, language)
        if part == "trap":
            trap = True
        elif part == "luck":
            luck += 1
        elif part in threats:
            raise CardNotationError(N_("{text!r} names {part} twice"), text=text, part=part)
        else:
            threats.append(part)
    if not threats:
        raise CardNotationError(N_("{text!r} names no threat"), text=text)
    return threat_key(threats, trap, luck)


def _named_cards(catalogue: Catalogue, language: str = "en") -> dict[str, str]:
    """Every name a single word may mean in ``language``, mapped to its key."""
    if language == "fr":
        return _french_names(catalogue)
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


def _french_names(catalogue: Catalogue) -> dict[str, str]:
    """Every name a single French word may mean, mapped to its key."""
    names: dict[str, str] = {}
    for key, card in catalogue.cards.items():
        if card.merry_christmas:
            names.update({alias: key for alias in FRENCH_CHRISTMAS})
        elif card.hard_knock is not None:
            knock = FRENCH_KNOCKS.get(card.hard_knock, card.hard_knock)
            if not card.threats:
                names[knock] = key
                continue
            threat = FRENCH_WORDS[card.threats[0]]
            names[f"{knock}-{threat}"] = names[f"{threat}-{knock}"] = key
            if threat == "gaz":
                names[f"{knock}-masque"] = names[f"masque-{knock}"] = key
        elif len(card.threats) == 1 and not card.trap and not card.luck:
            names[FRENCH_WORDS[card.threats[0]]] = key
    return names


def parse_card(text: str, catalogue: Catalogue, language: str = "en") -> str:
    """The catalogue key that ``text`` names (in English or French, ``language`` the
    table's), or a CardNotationError saying why not."""
    word = folded(text).lstrip("#")
    if not word:
        raise CardNotationError(N_("no card given"))
    if word.isascii() and word.isdigit():  # not "²", which int() refuses
        card = catalogue.by_number(int(word))
        if card is None:
            raise CardNotationError(
                N_("card number {word} has not been described in this campaign"), word=word
            )
        return card.key
    if "+" in word:
        key = _parse_combination(word, language)
        if key not in catalogue:
            raise CardNotationError(
                N_("there is no {key} card in this campaign's catalogue"), key=key
            )
        return key
    languages = _in_order(language)
    named = {code: _named_cards(catalogue, code) for code in languages}
    for code in languages:
        if word in named[code]:
            return named[code][word]
    for code in languages:
        if (found := _parse_name(word, named[code], code)) is not None:
            return found
    raise CardNotationError(N_("{word!r} is not a Hard Knock or card name"), word=word)


def _parse_name(word: str, names: dict[str, str], language: str = "en") -> str | None:
    """A single word: a Hard Knock, Merry Christmas or a one-threat card, by unique prefix
    of the names of ``language`` (None: no name of it begins so).

    A word that begins a threat word (``ni``, ``sh``, ``w``) never silently becomes a
    Phobia or Trauma: those are written from their kind (``phobia-shell``) or in full.
    """
    if word in names:
        return names[word]
    words = THREAT_WORDS if language == "en" else FRENCH_THREATS
    threats = [t for t in words if t.startswith(word)]
    candidates = {
        n: k
        for n, k in names.items()
        if n.startswith(word) and not (threats and n.split("-")[0] in words)
    }
    keys = sorted(set(candidates.values()))
    if threats:
        hint = "a Threat card joins its threats with +, e.g. night+shell"
        if keys:
            raise CardNotationError(
                N_("{word!r} is ambiguous: {keys}, or the threat {threats} ({hint})"),
                word=word,
                keys=Alternatives(keys),
                threats=Alternatives(threats),
                hint=hint,
            )
        raise CardNotationError(N_("{word!r} alone names no card: {hint}"), word=word, hint=hint)
    if len(keys) == 1:
        return keys[0]
    if not keys:
        return None
    raise CardNotationError(N_("{word!r} is ambiguous: {keys}"), word=word, keys=Alternatives(keys))


def card_label(key: str, catalogue: Catalogue) -> str:
    """A readable name for a key (the key itself when the catalogue does not know it)."""
    card = catalogue.cards.get(key)
    if card is None:
        return key
    if card.merry_christmas:
        return "Merry Christmas"
    return card.name


def completions(prefix: str, catalogue: Catalogue, language: str = "en") -> list[str]:
    """Keys and names that start with ``prefix``, for shell completion: the table's
    language's first; the other's when its own offer none."""
    word = folded(prefix)
    for code in _in_order(language):
        names = set(_named_cards(catalogue, code))
        keys = catalogue.keys()
        names |= set(keys) if code == "en" else {french_key(k) for k in keys if "+" in k}
        found = sorted(n for n in names if n.startswith(word))
        if found:
            return found
    return []
