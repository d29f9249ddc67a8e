"""A refusal as a player reads it: the rule broken and the domain's own message (which
names the player, the rule and the facts), and where the table goes from there."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from domain.campaign.flow import CampaignState
    from domain.errors import RuleViolation


def refused(error: RuleViolation) -> str:
    """``Refused (turn order): it is Ben's turn, not Ann's``; a chance outcome the table
    must tell points to the command's help, which says how to tell it."""
    from domain.errors import MissingOutcome

    said = f"Refused ({error.rule}): {error}"
    return f"{said} (see the command's --help)" if isinstance(error, MissingOutcome) else said


def refused_then(error: RuleViolation, state: CampaignState) -> str:
    """A refusal that names what comes instead: ``Refused (...): ... Next: ...``."""
    from voice.next_step import next_step

    return f"{refused(error)}. Next: {next_step(state)}"


def knock_not_hand(error: RuleViolation, card: str, player: str) -> str:
    """A ban from a hand of a card that is one of the player's Hard Knocks: the rule, and
    the option that bans it from there."""
    return (
        f"Refused ({error.rule}): {card} is a Hard Knock in front of {player}, not a card "
        "in their hand: ban it with --from knock"
    )
