"""Taking one past action out of a campaign: every later action decided again on top of
the state before it, each with its own command and the chance it drew (``redecide``).

The rules may now refuse some of them: the answer says which and why, and the caller
records nothing then. A draw is never re-rolled: an action that drew at random inside the
tool draws again what it recorded (``Replaying``); one that recorded no draw is decided
with no chance at all, as at a real table.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec

from domain.campaign.flow import CampaignState, decide_campaign
from domain.chance import Draw, Replaying
from domain.codec import decode_command
from domain.errors import N_, Formed, RuleViolation, Summary
from domain.events import Event, to_record
from domain.replay import evolved


class Later(msgspec.Struct, frozen=True):
    """An action after the one taken out: its number, its summary, its command as stored
    (``domain.codec``) and what it drew at random (none at a real table)."""

    of: int
    summary: str
    command: dict[str, Any]
    draws: list[Draw] = msgspec.field(default_factory=list)


class Again(msgspec.Struct, frozen=True):
    """A later action decided again: the events it leads to now and the draws it used
    (None when it drew nothing)."""

    action: Later
    events: tuple[Event, ...]
    draws: list[Draw] | None

    def record(self) -> dict[str, Any]:
        """Its stored form, as a revert's event keeps it (``reapplied``)."""
        stored: dict[str, Any] = {
            "of": self.action.of,
            "summary": self.action.summary,
            "command": self.action.command,
            "events": [to_record(e) for e in self.events],
        }
        if self.draws is not None:
            stored["draws"] = self.draws
        return stored


class Refused(msgspec.Struct, frozen=True):
    """A later action the rules now refuse, and why."""

    action: Later
    reason: str

    def said(self) -> Formed:
        """``#7 PlayCard ... (the rule's words)``."""
        return Formed(
            N_("#{number} {summary} ({reason})"),
            number=self.action.of,
            summary=Summary(self.action.summary),
            reason=self.reason,
        )


class Redecided(msgspec.Struct, frozen=True):
    """Every later action decided again: those the rules accept (``reapplied``, in order)
    and the state after them; those they refuse (``refused``), each skipped."""

    state: CampaignState
    reapplied: tuple[Again, ...]
    refused: tuple[Refused, ...]


def redecide(base: CampaignState, later: Iterable[Later]) -> Redecided:
    """Each later action decided again on ``base``, oldest first, each on the state the
    ones accepted before it led to; a refused one (or one whose stored command no longer
    reads) is listed and skipped."""
    state = base
    reapplied: list[Again] = []
    refused: list[Refused] = []
    for action in later:
        chance = Replaying(action.draws) if action.draws else None
        try:
            events = decide_campaign(state, decode_command(action.command), chance)
        except (RuleViolation, KeyError, TypeError, ValueError) as error:
            words = (
                Formed(error.template, **error.data)  # the rule's words, said in any language
                if isinstance(error, RuleViolation)
                else str(error)
            )
            refused.append(Refused(action, words))
            continue
        state = evolved(state, events)
        used = chance.used if chance is not None and chance.used else None
        reapplied.append(Again(action, events, used))
    return Redecided(state, tuple(reapplied), tuple(refused))
