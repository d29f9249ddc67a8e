"""The table's language (issue 45): every word the voice, the CLI and the companion's pages
say, in English or in French.

The words are written in English in the code and looked up, at the moment they are said,
in the gettext catalogue of the language in use (``voice/locale/fr/LC_MESSAGES/
grizzled.po``, managed with Babel: ``make i18n`` extracts and updates it; the compiled
``.mo`` beside it is read as it lies, ``voice.mofile``). English needs no
catalogue: a message is its own English.

The language in use is a context variable (one command of the CLI; one request of the
companion, each in its own context): ``use("fr")`` chooses it, ``chosen(...)`` reads
what was asked (``--lang``, then the locale: ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
``LANG``). What the group typed (names, reasons, card texts) never goes through here.
"""

from __future__ import annotations

import os
from contextvars import ContextVar
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from domain.cards.catalogue import Catalogue
    from voice.mofile import MoFile


LANGUAGES = ("en", "fr")  # English first: the words the code is written in
ENGLISH = "en"
DOMAIN = "grizzled"
LOCALE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")  # no pathlib: 2 ms
_CATALOGUES: dict[str, MoFile] = {}
_IN_USE: ContextVar[MoFile | None] = ContextVar("language", default=None)
_CODE: ContextVar[str] = ContextVar("language_code", default=ENGLISH)
CHOSEN: ContextVar[bool] = ContextVar("language_chosen", default=False)  # --lang said it


def supported(text: str | None) -> str | None:
    """The language a code or locale names (``fr``, ``fr_FR.UTF-8``, ``fr-CA``), None for
    one not spoken here."""
    if not text:
        return None
    code = text.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    if code in ("c", "posix"):
        return ENGLISH
    return code if code in LANGUAGES else None


def from_locale(environ: dict[str, str] | None = None) -> str:
    """The language of the locale, as gettext reads it (``LANGUAGE``'s list first, then
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG``); English when none is spoken here."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if not value:
            continue
        for entry in value.split(":"):
            if (found := supported(entry)) is not None:
                return found
        if name != "LANGUAGE":  # the first locale set decides, as gettext's order says
            return ENGLISH
    return ENGLISH


def from_accept(header: str | None) -> str | None:
    """The first language a browser's ``Accept-Language`` prefers that is spoken here."""
    ranked = []
    for i, part in enumerate((header or "")[:500].split(",")):
        tag, _sep, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                continue
        if (found := supported(tag)) is not None and weight > 0:
            ranked.append((-weight, i, found))
    return min(ranked)[2] if ranked else None


def catalogue(code: str) -> MoFile | None:
    """The compiled catalogue of a language, read once and looked up as it is said
    (``voice.mofile``); None for English."""
    if code == ENGLISH:
        return None
    if code not in _CATALOGUES:
        from voice.mofile import MoFile  # here: an English command never imports it

        with open(os.path.join(LOCALE, code, "LC_MESSAGES", f"{DOMAIN}.mo"), "rb") as file:
            _CATALOGUES[code] = MoFile(file.read())
    return _CATALOGUES[code]


def use(code: str) -> str:
    """Speak ``code`` from now on in this context; returns it."""
    if code not in LANGUAGES:
        raise ValueError(f"{code!r} is not a language spoken here ({', '.join(LANGUAGES)})")
    _IN_USE.set(catalogue(code))
    _CODE.set(code)
    return code


def begin(environ: dict[str, str] | None = None) -> str:
    """A command begins: the locale's language, until ``--lang`` or the campaign's says
    otherwise; returns it."""
    CHOSEN.set(False)
    return use(from_locale(environ))


def follow(campaign: str | None) -> None:
    """The campaign's own language, when it chose one and ``--lang`` chose none."""
    if campaign is not None and campaign in LANGUAGES and not CHOSEN.get():
        use(campaign)


def current() -> str:
    """The language in use."""
    return _CODE.get()


def language_name(code: str, native: bool = False) -> str:
    """A language's name, in the language in use: ``French``, ``français`` (``native``:
    in its own language, as a switch between them lists it: ``English``, ``Français``)."""
    names = {"en": N_("English"), "fr": N_("French")}
    if native:
        found = catalogue(code)
        return names[code] if found is None else found.gettext(names[code]).capitalize()
    return _(names[code]) if code in names else code


def _(message: str) -> str:
    """``message`` in the language in use."""
    found = _IN_USE.get()
    return message if found is None else found.gettext(message)


def each(words: tuple[str, ...]) -> tuple[str, ...]:
    """Each of ``words`` (marked with ``N_``: a grid's columns) in the language in use."""
    return words if _IN_USE.get() is None else tuple(_(w) if w else w for w in words)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural of a message, as the language in use counts ``count``."""
    found = _IN_USE.get()
    if found is None:
        return singular if count == 1 else plural
    return found.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in use, as ``context`` means it (a threat's name)."""
    found = _IN_USE.get()
    return message if found is None else found.pgettext(context, message)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue; it is said (``_``) where it is shown."""
    return message


# The game's own words, said in the language in use: the threats, the Hard Knocks (what
# a card is named by, never what the group typed on a card of their own).
THREATS = (N_("night"), N_("snow"), N_("rain"), N_("shell"), N_("gas"), N_("whistle"))
KNOCKS = (
    N_("Absent-Minded"),
    N_("Clumsy"),
    N_("Demoralized"),
    N_("Fearful"),
    N_("Fragile"),
    N_("Frenzied"),
    N_("Hardheaded"),
    N_("Mute"),
    N_("Panicked"),
    N_("Phobia"),
    N_("Prideful"),
    N_("Selfish"),
    N_("Trauma"),
    N_("Tyrannical"),
    N_("Wounded"),
)


def threat_name(threat: str) -> str:
    """A threat's name in the language in use (``nuit``); a word not of the game as it is."""
    return _(threat) if threat in THREATS else threat


def card_label(key: str, catalogue: Catalogue) -> str:
    """A card's readable name in the language in use: ``night+shell (trap)``, in French
    ``nuit+obus (piège)``; the key itself when the catalogue does not know it."""
    from domain.cards.notation import card_label as english

    if _IN_USE.get() is None:
        return english(key, catalogue)
    card = catalogue.cards.get(key)
    if card is None:
        return key
    if card.merry_christmas:
        return _("Merry Christmas")
    if card.hard_knock is not None:
        title = card.hard_knock.replace("-", " ").title().replace(" ", "-")
        title = _(title) if title in KNOCKS else title
        return f"{title} ({threat_name(card.threats[0])})" if card.threats else title
    extras = (_(" (trap)") if card.trap else "") + (
        _(" (luck x{count})").format(count=card.luck) if card.luck else ""
    )
    return "+".join(threat_name(t) for t in card.threats) + extras


# The domain's own words stored in an event (a chapter lost: ``ChapterLost.detail``), each
# of a fixed form: said in the language in use; what the group typed stays as it is.
DETAILS = (
    (
        r"the Morale Reserve is exhausted: the Monument is visible",
        N_("the Morale Reserve is exhausted: the Monument is visible"),
    ),
    (
        r"(?P<player>.+) has (?P<count>\d+) Hard Knocks \(4 or more\)",
        N_("{player} has {count} Hard Knocks (4 or more)"),
    ),
    (
        r"(?P<count>\d+) cards in hands \((?P<limit>\d+) or more\)",
        N_("{count} cards in hands ({limit} or more)"),
    ),
)


def detail_said(detail: str) -> str:
    """Why a chapter was lost, as the rules stored it, in the language in use."""
    if _IN_USE.get() is None:
        return detail
    import re

    for form, message in DETAILS:
        if (found := re.fullmatch(form, detail)) is not None:
            return _(message).format(**found.groupdict())
    return detail


def chapter_said(number: int) -> str:
    """``Boot Camp`` or ``chapter N`` (``domain.names.chapter_name``) in the language in use."""
    return _("Boot Camp") if number == 0 else _("chapter {number}").format(number=number)
