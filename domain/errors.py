"""Every refusal of the rules engine: one base, one subclass per rule broken.

Each message names the player, the rule and the facts, in words a table understands.

The rules do no I/O and speak no language but the code's: a refusal keeps its words'
form (``template``, marked with ``N_`` so ``make i18n`` lists it in the catalogue) and the
facts that fill it (``data``); the voice says it in the table's language
(``voice.refusal``), and ``message`` is its English, as it always was.
"""

from __future__ import annotations

from typing import cast


def N_(message: str) -> str:
    """Marks the words of a refusal (or a rule's name) for the voice's catalogue."""
    return message


class Words(str):
    """Words of the rules that fill a refusal (``play a card``, what the player was doing):
    the voice says them in the table's language; any other fact is said as it is."""

    __slots__ = ()


class Summary(str):
    """An action's summary as the record stores it (in English) that fills a refusal or a
    finding: the voice says it in the table's language (``voice.summary.said``)."""

    __slots__ = ()


class Alternatives(tuple[str, ...]):
    """Names that fill a refusal as alternatives (``neige or nuit``): the voice joins them
    with the table's own word for "or"."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return format(" or ".join(self), spec)


class Formed(str):
    """Words of the rules already filled in, that fill another refusal or a decision (a
    Hard Knock's reason inside Solo's refusal, or inside ``why``): the English as the
    string, its form (``template``, marked ``N_``) and facts kept for the voice to say."""

    template: str
    data: dict[str, object]

    def __new__(cls, template: str, **data: object) -> Formed:
        said = super().__new__(cls, template.format(**data) if data else template)
        said.template, said.data = template, data
        return said


class Counted(Formed):
    """Formed words that count: ``one`` for 1, ``several`` otherwise, each holding
    ``{count}``. The voice says them by its language's plural rule (``ngettext``). A call
    is marked for the catalogue as a plural (``make i18n``: ``-k Counted:1,2``)."""

    one: str
    several: str
    number: int

    def __new__(cls, one: str, several: str, count: int) -> Counted:
        said = cast("Counted", super().__new__(cls, one if count == 1 else several, count=count))
        said.one, said.several, said.number = one, several, count
        return said


class Capital(str):
    """Words that begin a sentence (a fact's sentence at a refusal's start): the English
    with its first letter upper-cased; the voice says ``words`` in the language in use and
    upper-cases its first letter the same way."""

    words: str

    def __new__(cls, words: str) -> Capital:
        said = super().__new__(cls, words[:1].upper() + words[1:])
        said.words = words
        return said


class Joined(str):
    """Formed words joined by ``; `` (what shows a file was chained), each said in turn."""

    parts: tuple[Formed, ...]

    def __new__(cls, parts: list[Formed]) -> Joined:
        said = super().__new__(cls, "; ".join(parts))
        said.parts = tuple(parts)
        return said


def W_(words: str) -> Words:
    """Marks ``words`` for the catalogue, as words the voice translates inside a refusal."""
    return Words(words)


class Worded(Exception):
    """A refusal that keeps its words' form (``template``, marked ``N_``) and its facts
    (``data``) for the voice to say in the table's language (``voice.refusal``); ``str()``
    and ``message`` are the English, filled in. The rules', the card notation's
    (``domain.cards.notation.CardNotationError``) and the tracker's
    (``tracker.errors.TrackerError``) refusals are of this kind."""

    def __init__(self, message: str = "", **data: object) -> None:
        said = message.format(**data) if data else message
        super().__init__(said)
        self.message = said
        self.template = message
        self.data = data


class NotPlayed(Worded):
    """A stored event this program cannot read: of a module it does not play (a house rule
    another program installed), or of none it knows. Reading on without it would replay
    the campaign under other rules than it was played, so the file is refused."""

    def __init__(self, kind: str) -> None:
        super().__init__(
            N_(
                "the campaign holds a {kind} event, of a module this program does not play: "
                "open it with the program that plays it"
            ),
            kind=str(kind)[:80],  # a name read from a file: bounded
        )


class RuleViolation(Worded):
    """A command the rules refuse; nothing is recorded."""

    rule = N_("rules")

    def __str__(self) -> str:
        return self.message


class InvalidSetup(RuleViolation):
    rule = N_("setup")


class WrongPhase(RuleViolation):
    rule = N_("phase")


class NotYourTurn(RuleViolation):
    rule = N_("turn order")


class UnknownPlayer(RuleViolation):
    rule = N_("players")


class IntensityTooLow(RuleViolation):
    rule = N_("mission intensity")


class IntensityTooHigh(RuleViolation):
    rule = N_("mission intensity")


class CardNotInHand(RuleViolation):
    rule = N_("cards in hand")


class CardNotAvailable(RuleViolation):
    rule = N_("card count")


class CharmUnavailable(RuleViolation):
    rule = N_("good luck charm")


class SpeechRefused(RuleViolation):
    rule = N_("speech")


class NoWayOn(RuleViolation):
    """An action would leave the one whose turn it is with no legal action while the rules
    end neither the Mission nor the chapter (``legal.way_on``): refused, nothing recorded."""

    rule = N_("never stuck")


class WithdrawalRefused(RuleViolation):
    rule = N_("withdrawal")


class MustWithdraw(RuleViolation):
    rule = N_("forced withdrawal")


class SupportTileRefused(RuleViolation):
    rule = N_("support tile")


class SupportChoiceRefused(RuleViolation):
    rule = N_("support")


class MissingOutcome(RuleViolation):
    """A chance outcome the table must tell (a drawn card, a random tile)."""

    rule = N_("chance outcome")


class TargetRefused(RuleViolation):
    rule = N_("merry christmas")


class InvalidCorrection(RuleViolation):
    rule = N_("correction")


class NoChapter(RuleViolation):
    rule = N_("campaign")


class InvalidDescription(RuleViolation):
    rule = N_("card description")


class CampaignRuleViolation(RuleViolation):
    rule = N_("campaign")
