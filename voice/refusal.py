"""A refusal as a player reads it: the rule broken and the domain's own message (which
names the player, the rule and the facts), and where the table goes from there."""

from __future__ import annotations

from typing import TYPE_CHECKING

from voice.lang import _

if TYPE_CHECKING:
    from domain.campaign.flow import CampaignState
    from domain.errors import RuleViolation


def refused(error: RuleViolation) -> str:
    """``Refused (turn order): it is Ben's turn, not Ann's``; a chance outcome the table
    must tell points to the command's help, which says how to tell it."""
    from domain.errors import MissingOutcome

    said = _("Refused ({rule}): {message}").format(rule=error.rule, message=error)
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
    ).format(rule=error.rule, card=card, player=player)
