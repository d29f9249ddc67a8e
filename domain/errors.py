"""Every refusal of the rules engine: one base, one subclass per rule broken.

Each message names the player, the rule and the facts, in words a table understands.
"""

from __future__ import annotations


class RuleViolation(Exception):
    """A command the rules refuse; nothing is recorded."""

    rule = "rules"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class InvalidSetup(RuleViolation):
    rule = "setup"


class WrongPhase(RuleViolation):
    rule = "phase"


class NotYourTurn(RuleViolation):
    rule = "turn order"


class UnknownPlayer(RuleViolation):
    rule = "players"


class IntensityTooLow(RuleViolation):
    rule = "mission intensity"


class IntensityTooHigh(RuleViolation):
    rule = "mission intensity"


class CardNotInHand(RuleViolation):
    rule = "cards in hand"


class CardNotAvailable(RuleViolation):
    rule = "card count"


class CharmUnavailable(RuleViolation):
    rule = "good luck charm"


class SpeechRefused(RuleViolation):
    rule = "speech"


class NoWayOn(RuleViolation):
    """An action would leave the one whose turn it is with no legal action while the rules
    end neither the Mission nor the chapter (``legal.way_on``): refused, nothing recorded."""

    rule = "never stuck"


class WithdrawalRefused(RuleViolation):
    rule = "withdrawal"


class MustWithdraw(RuleViolation):
    rule = "forced withdrawal"


class SupportTileRefused(RuleViolation):
    rule = "support tile"


class SupportChoiceRefused(RuleViolation):
    rule = "support"


class MissingOutcome(RuleViolation):
    """A chance outcome the table must tell (a drawn card, a random tile)."""

    rule = "chance outcome"


class TargetRefused(RuleViolation):
    rule = "merry christmas"


class InvalidCorrection(RuleViolation):
    rule = "correction"


class NoChapter(RuleViolation):
    rule = "campaign"


class InvalidDescription(RuleViolation):
    rule = "card description"


class CampaignRuleViolation(RuleViolation):
    rule = "campaign"
