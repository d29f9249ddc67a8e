"""Briefings and Conclusions: each chapter's cards, entered once by the player.

The printed texts are not public, so nothing here is invented: a Briefing gives a
chapter's setup numbers and modules, a Conclusion its reward rule (how many Helping
Hands the group earns from the cards left in the Morale Reserve) and the Helping Hands
it offers. Entering one again is a correction and needs a reason.
"""

from __future__ import annotations

from typing import ClassVar

import msgspec

from domain.errors import N_, CampaignRuleViolation
from domain.events import Event, copy_fields
from domain.limits import LAST_CHAPTER, SPEECH_TOKENS, TRAPS_FROM, TRIAL_CARDS
from domain.names import chapter_name

CHAPTERS = range(0, LAST_CHAPTER + 1)  # 0 is Boot Camp, then chapters 1 to 9
RESULTS = ("won", "lost", "any")


def boot_camp_is_a_tutorial(what: str) -> CampaignRuleViolation:
    """Boot Camp is a tutorial ("The Rewards: Read only at the end of Chapter 1"): it earns
    no Helping Hand, allows no ban and has no Conclusion (notes, decision 6)."""
    return CampaignRuleViolation(
        N_(
            "Boot Camp is a tutorial and its Rewards are read only at the end of "
            "Chapter 1: {what}; go on to chapter 1"
        ),
        what=what,
    )


class Briefing(msgspec.Struct, frozen=True):
    """A chapter's setup, as its Briefing card says."""

    chapter: int
    trials: int
    morale: int
    first_intensity: int
    traps: bool = False
    orders: tuple[int, ...] = ()
    recruits: tuple[int, ...] = ()
    speech_tokens: int | None = None
    title: str = ""
    notes: str = ""
    traps_off: bool = False  # the Briefing says this chapter plays without Traps

    @property
    def traps_in_play(self) -> bool:
        """Traps (and Luck) in this chapter: from Chapter 4 on unless the Briefing says no."""
        return self.traps or (self.chapter >= TRAPS_FROM and not self.traps_off)


def standing_traps(chapter: int) -> bool:
    """Traps in a chapter whose Briefing says nothing of them (notes, decision 5)."""
    return chapter >= TRAPS_FROM


class RewardRule(msgspec.Struct, frozen=True):
    """With this result and at least ``morale_left`` cards in the Reserve: ``helping_hands``."""

    result: str
    morale_left: int
    helping_hands: int


class Conclusion(msgspec.Struct, frozen=True):
    """A chapter's Conclusion: its reward rules and the Helping Hands it offers."""

    chapter: int
    rewards: tuple[RewardRule, ...]
    offered: tuple[int, ...] = ()
    notes: str = ""

    def earned(self, result: str, morale_left: int) -> int:
        """How many Helping Hands the group earns: the best rule that applies, else 0."""
        rules = [
            r for r in self.rewards if r.result in (result, "any") and r.morale_left <= morale_left
        ]
        return max((r.helping_hands for r in rules), default=0)


class EnterBriefing(msgspec.Struct, frozen=True):
    """Record a chapter's Briefing (again: a correction, with a reason)."""

    briefing: Briefing
    reason: str = ""


class EnterConclusion(msgspec.Struct, frozen=True):
    """Record a chapter's Conclusion (again: a correction, with a reason)."""

    conclusion: Conclusion
    reason: str = ""


class BriefingEntered(Event, frozen=True):
    """A chapter's Briefing, as the player read it from the card."""

    TYPE: ClassVar[str] = "BriefingEntered"
    chapter: int
    trials: int
    morale: int
    first_intensity: int
    traps: bool
    orders: tuple[int, ...]
    recruits: tuple[int, ...]
    speech_tokens: int | None
    title: str
    notes: str
    reason: str
    traps_off: bool = False


class ConclusionEntered(Event, frozen=True):
    """A chapter's Conclusion: reward rules (result, Morale left, Helping Hands) and offer."""

    TYPE: ClassVar[str] = "ConclusionEntered"
    chapter: int
    rewards: tuple[tuple[str, int, int], ...]
    offered: tuple[int, ...]
    notes: str
    reason: str


def _check_chapter(number: int, what: str) -> None:
    if number not in CHAPTERS:
        raise CampaignRuleViolation(
            N_("{what}: the campaign has Boot Camp (0) and chapters 1 to 9"), what=what
        )


def decide_briefing(known: bool, cmd: EnterBriefing) -> BriefingEntered:
    """Check a Briefing and decide its event."""
    b = cmd.briefing
    what = f"the Briefing of {chapter_name(b.chapter)}"
    _check_chapter(b.chapter, what)
    if b.trials < 1 or b.morale < 1 or b.first_intensity < 1:
        raise CampaignRuleViolation(
            N_("{what}: Trials, Morale and the first intensity are at least 1"), what=what
        )
    if b.trials + b.morale > TRIAL_CARDS:
        raise CampaignRuleViolation(
            N_(
                "{what}: Trials {trials} + Morale {morale} do not fit in the box's "
                "{TRIAL_CARDS} Trial cards"
            ),
            what=what,
            trials=b.trials,
            morale=b.morale,
            TRIAL_CARDS=TRIAL_CARDS,
        )
    if b.first_intensity > b.trials:
        raise CampaignRuleViolation(
            N_(
                "{what}: first intensity {first_intensity}, but the Trials deck "
                "holds {trials} cards"
            ),
            what=what,
            first_intensity=b.first_intensity,
            trials=b.trials,
        )
    if b.speech_tokens is not None and not 0 <= b.speech_tokens <= SPEECH_TOKENS:
        raise CampaignRuleViolation(
            N_("{what}: {speech_tokens} Speech tokens (the box holds {SPEECH_TOKENS})"),
            what=what,
            speech_tokens=b.speech_tokens,
            SPEECH_TOKENS=SPEECH_TOKENS,
        )
    if b.traps and b.traps_off:
        raise CampaignRuleViolation(N_("{what}: Traps are either on or off"), what=what)
    if known and not cmd.reason.strip():
        raise CampaignRuleViolation(
            N_("{what} is already entered: a change needs a reason"), what=what
        )
    return copy_fields(BriefingEntered, b, reason=cmd.reason.strip())


def decide_conclusion(known: bool, cmd: EnterConclusion) -> ConclusionEntered:
    """Check a Conclusion and decide its event."""
    c = cmd.conclusion
    what = f"the Conclusion of {chapter_name(c.chapter)}"
    _check_chapter(c.chapter, what)
    if c.chapter == 0:
        raise boot_camp_is_a_tutorial("it has no Conclusion to enter")
    for rule in c.rewards:
        if rule.result not in RESULTS:
            raise CampaignRuleViolation(
                N_("{what}: a reward rule is for won, lost or any result"), what=what
            )
        if rule.morale_left < 0 or rule.helping_hands < 0:
            raise CampaignRuleViolation(N_("{what}: reward numbers cannot be negative"), what=what)
        if rule.morale_left > TRIAL_CARDS:
            raise CampaignRuleViolation(
                N_(
                    "{what}: {morale_left} cards left in the Morale Reserve, but the box "
                    "holds {TRIAL_CARDS} Trial cards"
                ),
                what=what,
                morale_left=rule.morale_left,
                TRIAL_CARDS=TRIAL_CARDS,
            )
    most = max((r.helping_hands for r in c.rewards), default=0)
    if most > len(c.offered):
        raise CampaignRuleViolation(
            N_("{what}: a rule earns {most} Helping Hands but only {offered_count} are offered"),
            what=what,
            most=most,
            offered_count=len(c.offered),
        )
    if len(set(c.offered)) != len(c.offered):
        raise CampaignRuleViolation(N_("{what}: a Helping Hand is offered twice"), what=what)
    if known and not cmd.reason.strip():
        raise CampaignRuleViolation(
            N_("{what} is already entered: a change needs a reason"), what=what
        )
    rewards = tuple((r.result, r.morale_left, r.helping_hands) for r in c.rewards)
    return copy_fields(ConclusionEntered, c, rewards=rewards, reason=cmd.reason.strip())


def briefing_of(event: BriefingEntered) -> Briefing:
    """The Briefing an event recorded."""
    return copy_fields(Briefing, event)


def conclusion_of(event: ConclusionEntered) -> Conclusion:
    """The Conclusion an event recorded."""
    return copy_fields(Conclusion, event, rewards=tuple(RewardRule(*r) for r in event.rewards))
