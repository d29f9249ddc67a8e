"""Every record grizzled stores, listed once: the domain events and the commands, by the
name each is stored under (an event's ``TYPE``, a command's class name).

The lists are the allow-list storage resolves names with (``from_record`` below,
``codec.decode_command``): a name not listed here is never turned into an object, and
nothing registers itself on import, so what is known does not depend on what happens to
have been imported. Beside them, the events of the modules a program installs
(``Module.recorded``: a house rule's, ``tests/house_rule``) are resolved from the
installed registry; a name neither knows is refused (``errors.NotPlayed``).

Why a module of its own. Each class lives beside its rule (a Briefing's event in
``campaign/briefing.py``, a Recruit's in ``modules/recruits/events.py``) and those modules import
``domain.events`` for the ``Event`` base, so ``events.py`` cannot import them back (a
cycle); ``codec.py`` stores the campaign state, so it imports ``campaign/flow.py``, which
needs ``CampaignCommand`` from here (another cycle). Here the list sits between the two:
it imports every module that defines a record and is imported by the flow and the codec;
``from_record``, which reads a stored event, lives here for that reason. It costs what
deciding costs already (the chapter's rules); the CLI's ``status`` never imports it.
"""

from __future__ import annotations

from typing import Any, TypeAlias, get_args

import msgspec

from domain import events
from domain.annotations import RESOLVED, resolve
from domain.campaign import briefing, language, oneshot, rewards
from domain.cards import box
from domain.chapter import commands, corrections
from domain.modules import effects, orders, recruits
from domain.modules.solo import commands as solo_commands
from domain.modules.solo import rules as solo

# What a campaign is told to do: the chapter's commands (with its modules' and Solo's), a
# correction, and the campaign's own. ``decide_campaign`` takes exactly these, so mypy
# refuses a new command until it is listed here.
CampaignCommand: TypeAlias = (
    commands.ChapterCommand
    | orders.CancelOrder
    | recruits.PlayRecruitCard
    | recruits.WithdrawRecruit
    | solo_commands.RefillHand
    | solo_commands.DrawSoloSupport
    | commands.StartChapter
    | corrections.CorrectFact
    | box.DescribeCommand
    | briefing.EnterBriefing
    | briefing.EnterConclusion
    | rewards.AwardHelpingHands
    | rewards.BanCard
    | rewards.PlayHelpingHand
    | rewards.SkipBootCamp
    | language.ChooseLanguage
    | oneshot.StartOneShot
    | oneshot.KeepHelpingHand
)

COMMANDS: tuple[type, ...] = get_args(CampaignCommand)

EVENTS: tuple[type[events.Event], ...] = (
    # the campaign and its chapters
    events.CampaignCreated,
    events.ChapterStarted,
    events.MissionStarted,
    events.CardsDealt,
    events.CardsDrawn,
    events.CardPlayed,
    events.CardDrawnAndPlayed,
    events.HardKnockDiscarded,
    events.MissionLeaderTaken,
    events.CharmUsed,
    events.SpeechMade,
    events.SupportTileDiscarded,
    events.PlayerWithdrew,
    events.MissionFailed,
    events.MissionSucceeded,
    events.SupportRevealed,
    events.SupportUsed,
    events.MoraleDropped,
    events.LeadershipPassed,
    events.ChapterWon,
    events.ChapterLost,
    events.FactCorrected,
    # the box as the campaign learns it
    box.TrialCardDescribed,
    box.OrderDescribed,
    box.RecruitDescribed,
    box.HelpingHandDescribed,
    # Briefings and Conclusions, rewards, the One-shot game
    briefing.BriefingEntered,
    briefing.ConclusionEntered,
    rewards.HelpingHandAwarded,
    rewards.HelpingHandsUnclaimed,
    rewards.CardBanned,
    rewards.HelpingHandPlayed,
    rewards.BootCampSkipped,
    language.LanguageChosen,
    oneshot.CardsSetAside,
    oneshot.HelpingHandKept,
    # Orders of the Day, Recruits, Solo mode
    orders.OrderChosen,
    orders.OrderDiscarded,
    orders.OrderCancelled,
    effects.CardEffect,
    recruits.RecruitArrived,
    recruits.RecruitPlayed,
    recruits.RecruitWithdrew,
    recruits.RecruitDeparted,
    solo.SoloHandFilled,
    solo.SoloCardPlayed,
    solo.SoloRefillGivenUp,
    solo.SoloMissionEnded,
    solo.SoloSupportDrawn,
)

EVENT_TYPES: dict[str, type[events.Event]] = {cls.TYPE: cls for cls in EVENTS}
COMMAND_TYPES: dict[str, type] = {cls.__name__: cls for cls in COMMANDS}


def from_record(record: dict[str, Any]) -> events.Event:
    """The event a stored record describes, upcast to the current version (lists become
    the tuples the fields declare); only the types listed here, and the events of the
    modules the program plays (``Module.recorded``), are ever resolved: any other is
    refused (``NotPlayed``), never skipped."""
    cls = EVENT_TYPES.get(record["type"])
    upcasters = events.UPCASTERS
    if cls is None:
        cls, upcasters = _module_event(record["type"])
    data = record["data"]
    version = int(record.get("v", 1))
    while version < cls.VERSION:
        data = upcasters[(cls.TYPE, version)](dict(data))
        version += 1
    if cls not in RESOLVED:
        resolve(cls)
    return msgspec.convert(data, cls)


def _module_event(name: str) -> tuple[type[events.Event], Any]:
    """The class of a module's stored event and the modules' upcasters, from the modules
    the program plays (``moments.INSTALLED``: installed now if no chapter asked yet)."""
    from domain.chapter.moments import INSTALLED
    from domain.errors import NotPlayed

    cls = INSTALLED.recorded.get(name)
    if cls is None:
        raise NotPlayed(name)
    return cls, INSTALLED.upcasters
