"""A campaign: the Grizzled at the table, the box as the campaign knows it, chapter after
chapter, and (Armistice) Briefings, Conclusions, Helping Hands, bans and the score.

The Armistice campaign is Boot Camp (chapter 0) then chapters 1 to 9 in order; a classic
campaign is a series of games numbered from 1. Between chapters the Hard Knocks are
cleared (each chapter starts afresh) while Helping Hands, Friendship cards and bans carry
over.
"""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from domain.campaign.briefing import (
    Briefing,
    BriefingEntered,
    Conclusion,
    ConclusionEntered,
    EnterBriefing,
    EnterConclusion,
    boot_camp_is_a_tutorial,
    briefing_of,
    conclusion_of,
    decide_briefing,
    decide_conclusion,
    standing_traps,
)
from domain.campaign.language import LANGUAGES, ChooseLanguage, LanguageChosen
from domain.campaign.oneshot import (
    HelpingHandKept,
    KeepHelpingHand,
    StartOneShot,
    decide_keep_helping_hand,
    decide_start_one_shot,
)
from domain.campaign.rewards import (
    AwardHelpingHands,
    Ban,
    BanCard,
    BootCampSkipped,
    CardBanned,
    HelpingHandAwarded,
    HelpingHandPlayed,
    HelpingHandsUnclaimed,
    Holding,
    PlayHelpingHand,
    SkipBootCamp,
    Unclaimed,
    award,
    ban,
    board_after_bans,
    play_helping_hand,
    seat_named,
)
from domain.cards.box import (
    DescribeHelpingHand,
    DescribeOrder,
    DescribeRecruit,
    DescribeTrialCard,
    HelpingHandDescribed,
    OrderDescribed,
    RecruitDescribed,
    TrialCardDescribed,
    decide_describe,
    learn,
)
from domain.cards.catalogue import Catalogue, base_catalogue
from domain.chapter.commands import Chance, Seat, StartChapter, merged
from domain.chapter.corrections import CorrectFact, decide_correction
from domain.chapter.evolve import begin, evolve
from domain.chapter.rules import Ruleset
from domain.chapter.setup import check_seats, decide_start_chapter
from domain.chapter.state import ChapterState, Phase
from domain.engine import decide
from domain.errors import N_, CampaignRuleViolation, InvalidSetup, NoChapter
from domain.events import CampaignCreated, ChapterLost, ChapterStarted, ChapterWon, Event
from domain.limits import LAST_CHAPTER
from domain.modules import orders, recruits
from domain.modules.friendships import with_friendships
from domain.names import chapter_name
from domain.records import CampaignCommand as CampaignCommand


class ChapterResult(msgspec.Struct, frozen=True):
    """How a chapter ended."""

    number: int
    outcome: str
    detail: str
    morale_left: int


class CampaignState(msgspec.Struct, frozen=True):
    """A campaign: its table, catalogue, current chapter, results and Armistice facts."""

    name: str
    ruleset: str
    seats: tuple[Seat, ...]
    catalogue: Catalogue
    chapter: ChapterState | None = None
    chapter_number: int = 0
    results: tuple[ChapterResult, ...] = ()
    next_chapter: int = 1
    briefings: dict[int, Briefing] = msgspec.field(default_factory=dict)
    conclusions: dict[int, Conclusion] = msgspec.field(default_factory=dict)
    holdings: tuple[Holding, ...] = ()
    unclaimed: tuple[Unclaimed, ...] = ()
    bans: tuple[Ban, ...] = ()
    settled: tuple[int, ...] = ()
    kept: tuple[tuple[str, int, int], ...] = ()  # One-shot: (player, kept, discarded)
    language: str | None = None  # the table's language, once the group chose one

    @property
    def chapter_running(self) -> bool:
        """A chapter is set up and not over."""
        return self.chapter is not None and self.chapter.phase != Phase.OVER

    @property
    def armistice(self) -> bool:
        """An Armistice Edition campaign."""
        return self.ruleset == Ruleset.ARMISTICE

    @property
    def last_result(self) -> ChapterResult | None:
        """The chapter that ended last, if any."""
        return self.results[-1] if self.results else None

    @property
    def grizzled(self) -> tuple[tuple[str, str], ...]:
        """Each seat and the charm of the Grizzled it plays in the current (or last)
        chapter: a chapter may change it (notes, decision 4)."""
        if self.chapter is None:
            return tuple((s.name, s.charm) for s in self.seats)
        return tuple((p.name, p.charm) for p in self.chapter.players if p.charm is not None)

    @property
    def board(self) -> ChapterState | None:
        """The current (or last) chapter as its board shows it: a Hard Knock banned after
        it is no longer in front of its player."""
        return board_after_bans(self.chapter, self.chapter_number, self.bans)

    def held(self, player: str) -> tuple[Holding, ...]:
        """A player's Helping Hands not yet used (Friendship cards stay in play)."""
        return tuple(h for h in self.holdings if h.player == player and h.used_in is None)


def decide_create_campaign(name: str, ruleset: str, seats: tuple[Seat, ...]) -> CampaignCreated:
    """Open a campaign; the seats are checked as a chapter setup would check them."""
    if not name.strip():
        raise InvalidSetup(N_("a campaign needs a name"))
    if ruleset not in set(Ruleset):
        raise InvalidSetup(
            N_("unknown ruleset {ruleset!r} (classic or armistice)"), ruleset=ruleset
        )
    check_seats(ruleset, seats)
    return CampaignCreated(
        name.strip(), ruleset, tuple((s.name, s.charm, s.owner or s.name) for s in seats)
    )


def decide_branch_campaign(original: CampaignCreated, name: str, at: int) -> CampaignCreated:
    """A what-if branch of the campaign ``original`` opened, as it stood after log entry
    ``at``: the same ruleset and Grizzled under a name of its own."""
    if not name.strip():
        raise InvalidSetup(N_("a campaign needs a name"))
    if at < 1:
        raise InvalidSetup(N_("log entries are numbered from 1, not {at}"), at=at)
    return replace(original, name=name.strip(), branched_from=original.name, branched_at=at)


def start_campaign(event: CampaignCreated, catalogue: Catalogue | None = None) -> CampaignState:
    """The state of a new campaign (an Armistice campaign opens with Boot Camp)."""
    seats = tuple(Seat(name, charm, owner) for name, charm, owner in event.seats)
    first = 0 if event.ruleset == Ruleset.ARMISTICE else 1
    return CampaignState(
        event.name, event.ruleset, seats, catalogue or base_catalogue(), next_chapter=first
    )


# --- deciding ---------------------------------------------------------------------------
def boot_camp_refusal(state: CampaignState, command: object) -> CampaignRuleViolation | None:
    """Why an award, a ban or a Conclusion is refused because Boot Camp is a tutorial
    (notes, decision 6), or None. Only deciding refuses: old files replay as they were."""
    last = state.last_result
    after = last is not None and last.number == 0 and not state.chapter_running
    match command:
        case EnterConclusion() if command.conclusion.chapter == 0:
            return boot_camp_is_a_tutorial("it has no Conclusion to enter")
        case AwardHelpingHands() if after:
            return boot_camp_is_a_tutorial("it earns no Helping Hand")
        case BanCard() if after:
            return boot_camp_is_a_tutorial("no card is banned after it")
    return None


def _check_rewards_settled(state: CampaignState) -> None:
    last = state.last_result
    if not state.armistice or last is None or last.number == 0:
        return  # Boot Camp needs no Conclusion (notes, decision 6)
    conclusion = state.conclusions.get(last.number)
    if conclusion is None:
        raise CampaignRuleViolation(
            N_(
                "enter the Conclusion of {number} first: its reward rule says how "
                "many Helping Hands the group earns"
            ),
            number=chapter_name(last.number),
        )
    if conclusion.offered and last.number not in state.settled:
        raise CampaignRuleViolation(
            N_("award the Helping Hands of {number} first"), number=chapter_name(last.number)
        )


def _start_chapter(
    state: CampaignState, cmd: StartChapter, chance: Chance | None
) -> tuple[Event, ...]:
    if state.chapter_running:
        raise CampaignRuleViolation(
            N_("{chapter_number} is still being played"),
            chapter_number=chapter_name(state.chapter_number),
        )
    if cmd.ruleset != state.ruleset:
        raise InvalidSetup(N_("this campaign plays the {ruleset} rules"), ruleset=state.ruleset)
    number = state.next_chapter
    cmd = replace(cmd, seats=_chapter_seats(state, cmd), grizzled=())
    if state.armistice:
        if number > LAST_CHAPTER:
            raise CampaignRuleViolation(N_("the campaign is over: chapter 9 was its last"))
        _check_rewards_settled(state)
        briefing = state.briefings.get(number)
        if briefing is None and cmd.trials is None:
            raise CampaignRuleViolation(
                N_("enter the Briefing of {number} first (or give its numbers)"),
                number=chapter_name(number),
            )
        if briefing is not None:
            cmd = from_briefing(cmd, briefing)
        elif cmd.traps is None and standing_traps(number):
            cmd = replace(cmd, traps=True)
    return (decide_start_chapter(cmd, state.catalogue, chance, banned=len(state.bans)),)


def _chapter_seats(state: CampaignState, cmd: StartChapter) -> tuple[Seat, ...]:
    """The campaign's seats keep the players; each chapter may give a player another
    Grizzled, so another charm (notes, decision 4), else the previous chapter's."""
    charms = dict(state.grizzled) if state.chapter is not None else {}
    charms.update((seat_named(state, name), charm) for name, charm in cmd.grizzled)
    if not charms:
        return cmd.seats
    return tuple(replace(seat, charm=charms.get(seat.name, seat.charm)) for seat in cmd.seats)


def from_briefing(cmd: StartChapter, briefing: Briefing) -> StartChapter:
    """A chapter setup completed with the Briefing's numbers and modules; a number the
    setup gives itself replaces the Briefing's."""
    return replace(
        cmd,
        trials=briefing.trials if cmd.trials is None else cmd.trials,
        morale=briefing.morale if cmd.morale is None else cmd.morale,
        first_intensity=(
            briefing.first_intensity if cmd.first_intensity is None else cmd.first_intensity
        ),
        traps=briefing.traps_in_play if cmd.traps is None else cmd.traps,
        speech_tokens=briefing.speech_tokens if cmd.speech_tokens is None else cmd.speech_tokens,
        options=merged(
            orders.order_deck_options(
                (briefing.orders or None) if orders.orders_briefed(cmd) is None else None
            ),
            recruits.recruit_deck_options(
                (briefing.recruits or None) if recruits.recruits_briefed(cmd) is None else None
            ),
            cmd.options,
        ),
    )


def helping_hands_due(state: CampaignState) -> tuple[int, int] | None:
    """The Helping Hands the chapter that ended last earns and offers, while they wait to
    be awarded; None when no award is due."""
    last = state.last_result
    if not state.armistice or last is None or state.chapter_running or last.number == 0:
        return None
    conclusion = state.conclusions.get(last.number)
    if conclusion is None or last.number in state.settled:
        return None
    result = "won" if last.outcome == "won" else "lost"
    return conclusion.earned(result, last.morale_left), len(conclusion.offered)


def _check_offer(state: CampaignState, conclusion: Conclusion) -> None:
    """A Conclusion offers Helping Hands still in the campaign's box: one a player holds,
    or one not taken after an earlier chapter ("stored behind the Negative Points tab",
    armistice rulebook, Helping Hands), is out of it."""
    here = conclusion.chapter
    for number in conclusion.offered:
        held = next((h for h in state.holdings if h.number == number and h.chapter != here), None)
        if held is not None:
            raise CampaignRuleViolation(
                N_(
                    "Helping Hand #{number} is {player}'s since {chapter}: a Conclusion "
                    "offers only cards still in the box"
                ),
                number=number,
                player=held.player,
                chapter=chapter_name(held.chapter),
            )
        left = next((u for u in state.unclaimed if u.number == number and u.chapter != here), None)
        if left is not None:
            raise CampaignRuleViolation(
                N_(
                    "Helping Hand #{number} was not taken after {chapter}: it lies "
                    "behind the Negative Points tab, out of the campaign's box"
                ),
                number=number,
                chapter=chapter_name(left.chapter),
            )


def decide_campaign(
    state: CampaignState, command: CampaignCommand, chance: Chance | None = None
) -> tuple[Event, ...]:
    """The events a command leads to in this campaign, or a RuleViolation."""
    refusal = boot_camp_refusal(state, command)
    if refusal is not None:
        raise refusal
    match command:
        case StartChapter():
            return _start_chapter(state, command, chance)
        case EnterBriefing():
            known = command.briefing.chapter in state.briefings
            return (decide_briefing(known, command),)
        case EnterConclusion():
            _check_offer(state, command.conclusion)
            known = command.conclusion.chapter in state.conclusions
            return (decide_conclusion(known, command),)
        case ChooseLanguage():
            if command.language not in LANGUAGES:
                raise CampaignRuleViolation(
                    N_("{language!r} is not a language spoken here ({LANGUAGES})"),
                    language=command.language,
                    LANGUAGES=", ".join(LANGUAGES),
                )
            return (LanguageChosen(command.language),)
        case SkipBootCamp():
            if not state.armistice or state.next_chapter != 0:
                raise CampaignRuleViolation(N_("Boot Camp is skipped only before it is played"))
            return (BootCampSkipped(),)
        case AwardHelpingHands():
            return award(state, command)
        case BanCard():
            return (ban(state, command),)
        case PlayHelpingHand():
            return play_helping_hand(state, command)
        case StartOneShot():
            return _start_one_shot(state, command, chance)
        case KeepHelpingHand():
            earlier = [HelpingHandKept(p, k, d, "") for p, k, d in state.kept]
            return (decide_keep_helping_hand(state.catalogue, state.seats, earlier, command),)
        case DescribeTrialCard() | DescribeOrder() | DescribeRecruit() | DescribeHelpingHand():
            return (decide_describe(state.catalogue, command),)
    if state.chapter is None:
        raise NoChapter(N_("no chapter has been started in this campaign yet"))
    if isinstance(command, CorrectFact):
        return tuple(decide_correction(state.chapter, command, chance).events)
    # what is left is a chapter command
    return decide(state.chapter, command, chance)


def _start_one_shot(
    state: CampaignState, command: StartOneShot, chance: Chance | None
) -> tuple[Event, ...]:
    if state.chapter_running:
        raise CampaignRuleViolation(
            N_("{chapter_number} is still being played"),
            chapter_number=chapter_name(state.chapter_number),
        )
    if not state.armistice:
        raise CampaignRuleViolation(N_("a One-shot game plays the armistice rules"))
    return decide_start_one_shot(command, state.catalogue, chance)


# --- evolving ---------------------------------------------------------------------------
def _with_catalogue(state: CampaignState, catalogue: Catalogue) -> CampaignState:
    chapter = state.chapter
    if chapter is not None and chapter.phase != Phase.OVER:
        chapter = replace(chapter, catalogue=catalogue)
    return replace(state, catalogue=catalogue, chapter=chapter)


def _campaign_event(state: CampaignState, event: Event) -> CampaignState | None:
    match event:
        case ChapterStarted():
            number = state.next_chapter
            chapter = with_friendships(begin(event, state.catalogue), _friendships(state))
            return replace(state, chapter=chapter, chapter_number=number, next_chapter=number + 1)
        case BriefingEntered():
            return replace(state, briefings={**state.briefings, event.chapter: briefing_of(event)})
        case ConclusionEntered():
            conclusion = conclusion_of(event)
            return replace(state, conclusions={**state.conclusions, event.chapter: conclusion})
        case BootCampSkipped():
            return replace(state, next_chapter=1)
        case LanguageChosen():
            return replace(state, language=event.language)
        case HelpingHandAwarded():
            holding = Holding(event.number, event.player, event.chapter, event.category)
            settled = tuple(sorted({*state.settled, event.chapter}))
            return replace(state, holdings=(*state.holdings, holding), settled=settled)
        case HelpingHandsUnclaimed():
            left = tuple(Unclaimed(n, event.chapter) for n in event.numbers)
            settled = tuple(sorted({*state.settled, event.chapter}))
            return replace(state, unclaimed=(*state.unclaimed, *left), settled=settled)
        case CardBanned():
            ban = Ban(event.card, event.player, event.source, event.chapter, event.reason)
            state = replace(state, bans=(*state.bans, ban))
            return _with_catalogue(state, state.catalogue.without(event.card))
        case HelpingHandPlayed():
            return _played(state, event)
        case HelpingHandKept():
            holding = Holding(
                event.kept, event.player, state.chapter_number, event.category, source="one-shot"
            )
            kept = (*state.kept, (event.player, event.kept, event.discarded))
            return _befriended(replace(state, holdings=(*state.holdings, holding), kept=kept))
        case TrialCardDescribed() | OrderDescribed() | RecruitDescribed() | HelpingHandDescribed():
            return _with_catalogue(state, learn(state.catalogue, event))
    return None


def _friendships(state: CampaignState) -> tuple[tuple[str, int], ...]:
    """The Friendship cards the players hold: "used immediately and remain in play for all
    subsequent Chapters" (armistice rulebook, Helping Hands)."""
    return tuple((h.player, h.number) for h in state.holdings if h.category == "friendship")


def _befriended(state: CampaignState) -> CampaignState:
    """The chapter being played knows the Friendships held now (a One-shot's kept card)."""
    if state.chapter is None or state.chapter.phase == Phase.OVER:
        return state
    return replace(state, chapter=with_friendships(state.chapter, _friendships(state)))


def _played(state: CampaignState, event: HelpingHandPlayed) -> CampaignState:
    holdings = list(state.holdings)
    for i, h in enumerate(holdings):
        if h.player == event.player and h.number == event.number and h.used_in is None:
            holdings[i] = replace(h, used_in=event.chapter)
            break
    chapter = state.chapter
    if event.category == "action" and chapter is not None:
        chapter = replace(chapter, turn=chapter.next_seat(chapter.index(event.player)))
    return replace(state, holdings=tuple(holdings), chapter=chapter)


# The events the campaign evolves on itself; every other event is its chapter's, and goes
# straight to ``evolve``.
_CAMPAIGN_LEVEL = frozenset(
    {
        ChapterStarted,
        BriefingEntered,
        ConclusionEntered,
        BootCampSkipped,
        LanguageChosen,
        HelpingHandAwarded,
        HelpingHandsUnclaimed,
        CardBanned,
        HelpingHandPlayed,
        HelpingHandKept,
        TrialCardDescribed,
        OrderDescribed,
        RecruitDescribed,
        HelpingHandDescribed,
    }
)
_CHAPTER_ENDS = (ChapterWon, ChapterLost)


def evolve_campaign(state: CampaignState, event: Event) -> CampaignState:
    """The campaign after one event."""
    if type(event) in _CAMPAIGN_LEVEL:
        changed = _campaign_event(state, event)
        if changed is not None:
            return changed
    if state.chapter is None:
        raise ValueError(f"{event.TYPE} before any chapter started")
    chapter = evolve(state.chapter, event)
    state = replace(state, chapter=chapter)
    if isinstance(event, _CHAPTER_ENDS):
        result = ChapterResult(
            state.chapter_number, chapter.outcome or "", chapter.outcome_detail, len(chapter.morale)
        )
        state = replace(state, results=(*state.results, result))
    return state
