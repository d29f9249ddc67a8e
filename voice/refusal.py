"""A refusal as a player reads it: the rule broken and the domain's own message (which
names the player, the rule and the facts), and where the table goes from there."""

from __future__ import annotations

from typing import TYPE_CHECKING

from voice import lang
from voice.lang import _

if TYPE_CHECKING:
    from domain.campaign.flow import CampaignState
    from domain.cards.notation import CardNotationError
    from domain.errors import RuleViolation


def message(error: RuleViolation | CardNotationError | Exception) -> str:
    """The rules' own words of a refusal, in the language in use: its form
    (``RuleViolation.template``) said, filled with its facts; the words of the rules among
    them (``domain.errors.Words``) said too, what the group typed as it is."""
    from domain.errors import Formed

    template = getattr(error, "template", None)
    if lang.current() == lang.ENGLISH or template is None:
        return str(error)
    data = {k: _fact(v) for k, v in getattr(error, "data", {}).items()}
    if isinstance(template, Formed):  # words formed where they were found: said whole
        return str(_fact(template))
    return _(template).format(**data) if data else _(template)


def said(value: object) -> str:
    """A fact of the rules (a Hard Knock's reason, ``domain.errors.Formed``) in the language
    in use."""
    return str(_fact(value))


def _fact(value: object) -> object:
    """One fact of a refusal as the language in use says it: the rules' words translated,
    alternatives joined by its "or", a card named in its notation; anything else as it is."""
    from domain.errors import Alternatives, Capital, Counted, Formed, Joined, Summary, Worded, Words
    from voice.summary import notation
    from voice.summary import said as summary_said

    if isinstance(value, Counted):  # by the language's plural rule
        return lang.ngettext(value.one, value.several, value.number).format(count=value.number)
    if isinstance(value, Capital):  # a sentence's start: its first letter upper-cased
        words = str(_fact(value.words))
        return words[:1].upper() + words[1:]
    if isinstance(value, Formed):  # words of the rules already filled: said whole
        return _(value.template).format(**{k: _fact(v) for k, v in value.data.items()})
    if isinstance(value, Joined):
        return _("; ").join(str(_fact(part)) for part in value.parts)
    if isinstance(value, Worded):  # a refusal inside a finding (verify's)
        return message(value)
    if isinstance(value, Words):
        return _(value)
    if isinstance(value, Summary):
        return summary_said(value)
    if isinstance(value, Alternatives):
        return _(" or ").join(notation(v) for v in value)
    if isinstance(value, str) and (value == "Boot Camp" or value.startswith("chapter ")):
        number = value[len("chapter ") :]  # domain.names.chapter_name's two forms
        if value == "Boot Camp" or number.isdigit():
            return lang.chapter_said(0 if value == "Boot Camp" else int(number))
    return value


def refused(error: RuleViolation) -> str:
    """``Refused (turn order): it is Ben's turn, not Ann's``; a chance outcome the table
    must tell points to the command's help, which says how to tell it."""
    from domain.errors import MissingOutcome

    said = _("Refused ({rule}): {message}").format(rule=_(error.rule), message=message(error))
    if isinstance(error, MissingOutcome):
        return _("{refusal} (see the command's --help)").format(refusal=said)
    return said


def refused_then(error: RuleViolation, state: CampaignState) -> str:
    """A refusal that names what comes instead: ``Refused (...): ... Next: ...``."""
    from voice.next_step import next_step

    return _("{refusal}. Next: {step}").format(refusal=refused(error), step=next_step(state))


def knock_not_hand(error: RuleViolation, card: str, player: str) -> str:
    """A ban from a hand of a card that is one of the player's Hard Knocks: the rule, and
    the option that bans it from there."""
    return _(
        "Refused ({rule}): {card} is a Hard Knock in front of {player}, not a card in their "
        "hand: ban it with --from knock"
    ).format(rule=_(error.rule), card=card, player=player)
