"""Setting a campaign up, by any face (issue 41): creating it, starting a chapter (the third
Support tiles and the first leader drawn here when the group lets the tool draw them), and
entering an Armistice chapter's ending (a Conclusion, an award of Helping Hands, a ban)
with the checks the rules leave to the application: Boot Camp earns and bans nothing, a
Hard Knock in front of a player is banned ``--from knock``, and an award of fewer Helping
Hands than earned asks first. Each handler takes a typed request and returns what was
recorded (``app.actions.Recorded``); the command line and the keeper's page call the same.

``setup_view`` reads what a set-up page needs: the campaign (or none yet), its seats and
the chapter to come, which steps are due, the Helping Hands offered."""

from __future__ import annotations

import secrets
import unicodedata
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import msgspec

from app.actions import LogAction, Recorded, record, unit
from app.errors import Refused
from app.said import Line
from app.session import refusals
from voice import lang
from voice import setup as words

if TYPE_CHECKING:
    from app.session import Session
    from domain.campaign.flow import CampaignState
    from domain.campaign.rewards import BanCard
    from tracker.app import Tracker

NAME_MOST = 40  # a campaign's or a player's name (as the command line's NAME)
RULESETS = ("classic", "armistice")
LANGUAGES = ("en", "fr")
# Asked with the facts and the question when fewer Helping Hands are taken than earned
# (the Negative Points it adds); it may refuse by raising.
Fewer = Callable[[str, str], None]


class NewCampaign(msgspec.Struct, frozen=True):
    """A campaign to create: its name, rules, the Grizzled in seat order (name, charm's
    threat, and in a Duo game the person who plays it: "" otherwise), its language."""

    where: str
    name: str
    ruleset: str
    seats: tuple[tuple[str, str, str], ...]
    language: str | None = None
    by: str | None = None


class Created(msgspec.Struct, frozen=True):
    """The campaign created (its name as kept), its state and the voice's lines."""

    name: str
    state: CampaignState
    said: tuple[Line, ...]


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a campaign's or a player's name, or None."""
    from domain.names import invisible

    if not name.strip():
        return lang._("a name cannot be empty")
    if any(unicodedata.category(c) == "Cc" for c in name):
        return lang._("a name is printable text on one line")
    if len(name) > NAME_MOST:
        return lang._("{name}: a name is at most {most} characters").format(
            name=repr(name), most=NAME_MOST
        )
    found = invisible(name)
    if found is not None:
        return lang._("{name} holds an invisible character ({found})").format(
            name=repr(name), found=found
        )
    return None


def create_campaign(request: NewCampaign, session: Session | None = None) -> Created:
    """Create the campaign, then record its language if one is chosen."""
    from domain.chapter.commands import Seat
    from voice.next_step import next_line
    from voice.score import created

    if request.ruleset not in RULESETS:
        raise Refused(lang._("the rules are classic or armistice"))
    if request.language is not None and request.language not in LANGUAGES:
        raise Refused(lang._("the language is en or fr"))
    for text in (request.name, *(s[0] for s in request.seats), *(s[2] for s in request.seats)):
        if text and (why := name_problem(text)):
            raise Refused(why)
    if request.language is not None:
        lang.follow(request.language)  # the group's words read in it
    # a player's name kept as the command line always kept it: capitalised
    seats = tuple(
        Seat(n.strip().capitalize(), charm, owner.strip()) for n, charm, owner in request.seats
    )
    with unit(request.where, None, request.by, session) as work:
        if work._tracker is None:
            work.access = "create"
        with refusals():
            state = work.tracker().create_campaign(request.name, request.ruleset, seats)
        work.saved(1)
        if request.language is not None:
            state = _language(work, state.name, request.language)
        said = created(state.name, request.ruleset, [(s.name, s.charm) for s in seats])
        lines = (*(Line(w, warning=True) for w in work.warned), Line(said), Line(next_line(state)))
        return Created(state.name, state, lines)


def fresh_store(path: str, by: str, session: str) -> Tracker:
    """The event store of a new campaign file at ``path`` (the demo's), its actions
    logged by ``by`` in the session named ``session``."""
    from tracker.app import Tracker

    with refusals():
        return Tracker(path, by=by, session=session)


def _language(work: Session, name: str, language: str) -> CampaignState:
    """Record the campaign's language (an event: it may change later)."""
    from domain.campaign.language import ChooseLanguage
    from voice.summary import language as summary

    with refusals():
        logged = work.tracker().log_action(
            name, ChooseLanguage(language), summary=summary(language)
        )
    work.saved(logged.version, logged.before)
    return logged.state


class StartChapter(msgspec.Struct, frozen=True):
    """The next chapter set up: its first leader and each seat's third Support tile in
    seat order, each drawn at random here when None and the group lets the tool draw
    (``draw``); the rest as ``grizzled chapter start`` takes them."""

    where: str
    campaign: str | None
    leader: str | None = None
    tiles: tuple[str, ...] | None = None
    draw: bool = False
    variant: str = "normal"
    trials: int | None = None
    morale: int | None = None
    first_intensity: int | None = None
    traps: bool | None = None
    tokens: int | None = None
    grizzled: tuple[tuple[str, str], ...] = ()
    by: str | None = None


def start_chapter(request: StartChapter, session: Session | None = None) -> Recorded:
    """Start the next chapter on the campaign's seats; what chance decides at a real table
    (the tiles, an Armistice chapter's leader) drawn here if the group asked."""
    from domain.chapter import commands
    from domain.public import third_tiles as third_tile_pool
    from voice import summary

    with unit(request.where, request.campaign, request.by, session) as work:
        state = work.state()
        seats = len(state.seats) + (
            1 if state.ruleset == "classic" and len(state.seats) == 2 else 0
        )
        tiles, leader = request.tiles, request.leader
        if request.draw and tiles is None and takes_third_tiles(request.variant):
            tiles = _drawn(third_tile_pool(seats), seats)
        if request.draw and leader is None:
            leader = secrets.choice([s.name for s in state.seats])
        command = commands.StartChapter(
            state.ruleset,
            state.seats,
            request.variant,
            leader=leader,
            trials=request.trials,
            morale=request.morale,
            first_intensity=request.first_intensity,
            speech_tokens=request.tokens,
            traps=request.traps,
            third_tiles=tiles,
            grizzled=request.grizzled,
        )
        return record(work, command, summary.chapter_start(command.leader))


def takes_third_tiles(variant: str) -> bool:
    """Whether each seat takes a third Support tile at the start of a chapter of this
    variant (the modules' registry: a module's own variant may say no, Solo's)."""
    from domain.public import third_tiles_taken

    return third_tiles_taken(variant)


def _drawn(pool: tuple[str, ...], count: int) -> tuple[str, ...]:
    """``count`` tiles drawn at random from ``pool``, without putting any back."""
    left, drawn = list(pool), []
    for _ in range(min(count, len(left))):
        drawn.append(left.pop(secrets.randbelow(len(left))))
    return tuple(drawn)


def log_reward(
    request: LogAction, session: Session | None = None, fewer: Fewer | None = None
) -> Recorded:
    """Log a Conclusion, an award or a ban: refused because Boot Camp is a tutorial (notes,
    decision 6) with the line naming what comes instead; a ban ``from hand`` of a Hard
    Knock in front of the player refused naming ``from knock``; an award of fewer Helping
    Hands than earned asks ``fewer`` first (None: the group already said yes), once the
    rules accept it."""
    from domain.campaign.flow import boot_camp_refusal
    from domain.campaign.rewards import AwardHelpingHands, BanCard
    from voice.refusal import refused_then

    command = request.command
    with unit(request.where, request.campaign, request.by, session) as work:
        state = work.state()
        refusal = boot_camp_refusal(state, command)
        if refusal is not None:
            raise Refused(refused_then(refusal, state), refusal.rule)
        if isinstance(command, BanCard) and command.source == "hand":
            _knock_not_hand(state, command)
        if isinstance(command, AwardHelpingHands) and fewer is not None:
            _ask_fewer(state, command, len(command.awards), fewer)
        return record(work, command, request.summary, seen=request.seen)


def _knock_not_hand(state: CampaignState, command: BanCard) -> None:
    """A Hard Knock in front of the player that their hand cannot hold: the refusal names
    ``--from knock``."""
    from domain.campaign.flow import decide_campaign
    from domain.errors import RuleViolation
    from voice.refusal import knock_not_hand

    chapter = state.chapter
    if chapter is None or command.card not in chapter.player(command.player).hard_knocks:
        return
    try:
        decide_campaign(state, command)
    except RuleViolation as error:
        raise Refused(knock_not_hand(error, command.card, command.player), error.rule) from None


def _ask_fewer(state: CampaignState, command: Any, taken: int, fewer: Fewer) -> None:
    """Fewer Helping Hands than earned: the group may, once it knows the Negative Points
    it adds (notes, decision 9). An award the rules refuse is refused before asking."""
    from domain.campaign.flow import decide_campaign, helping_hands_due
    from voice.score import fewer_hands

    due = helping_hands_due(state)
    if due is None or taken >= due[0]:
        return
    with refusals():
        decide_campaign(state, command)
    fewer(*fewer_hands(taken, *due))


class SetupView(msgspec.Struct, frozen=True):
    """What a set-up page shows: the campaign (``name`` "" for none yet), its rules and
    seats, the chapter to come, the steps due now (first the next: ``new``, ``skip``,
    ``briefing``, ``start``, ``conclusion``, ``award``, ``ban``, ``oneshot``), the Helping
    Hands offered (number, name), the ones earned, the players of the last chapter (a
    ban's), the third tiles in the box, and the Next line."""

    name: str = ""
    ruleset: str = ""
    seats: tuple[str, ...] = ()
    running: bool = False
    chapter: int = 0
    due: tuple[str, ...] = ("new",)
    offered: tuple[tuple[int, str], ...] = ()
    earned: int = 0
    players: tuple[str, ...] = ()
    tiles: tuple[str, ...] = ()
    next: str = ""
    ended: int | None = None  # the chapter whose ending is entered now (Conclusion, award, ban)


def setup_view(where: str, campaign: str | None) -> SetupView:
    """The set-up page's facts, the file only read (none yet: the creation form)."""
    from app.unit import opened

    with opened(where, campaign, "read") as work:
        if campaign is None and work.url is None:
            from tracker.dbfile import inspect

            with refusals():
                if inspect(where) in ("missing", "empty", "blank"):
                    return SetupView()
        with refusals():
            if not work.tracker().campaigns():
                return SetupView()
        work.read_state = None  # the whole campaign: its Conclusions and catalogue
        return _view(work.state())


def _view(state: CampaignState) -> SetupView:
    from app.chapter_end import may_ban
    from domain.campaign.flow import helping_hands_due
    from domain.public import third_tiles as third_tile_pool
    from voice.next_step import next_line

    last = state.last_result
    running = state.chapter_running
    ended = last.number if last is not None and not running else None
    due: list[str] = []
    if not running and state.armistice:
        if last is None and not state.results and state.next_chapter == 0:
            due.append("skip")
        if ended not in (None, 0) and ended not in state.conclusions:
            due.append("conclusion")
        if helping_hands_due(state) is not None:
            due.append("award")
        if may_ban(state):
            due.append("ban")
        if state.next_chapter not in state.briefings:
            due.append("briefing")
    if not running:
        due.append("start")
    offered: tuple[tuple[int, str], ...] = ()
    earned = 0
    hands = helping_hands_due(state)
    if hands is not None and ended is not None:
        earned = hands[0]
        offered = tuple((n, _hand_name(state, n)) for n in state.conclusions[ended].offered)
    board = state.board
    seats = len(state.seats) + (1 if state.ruleset == "classic" and len(state.seats) == 2 else 0)
    return SetupView(
        name=state.name,
        ruleset=state.ruleset,
        seats=tuple(s.name for s in state.seats),
        running=running,
        chapter=state.next_chapter,
        due=tuple(due),
        offered=offered,
        earned=earned,
        players=tuple(p.name for p in board.players) if board is not None else (),
        tiles=tuple(dict.fromkeys(third_tile_pool(seats))),
        next=next_line(state),
        ended=ended,
    )


def _hand_name(state: CampaignState, number: int) -> str:
    card = state.catalogue.helping_hands.get(number)
    return card.name if card is not None else ""


# --- the Armistice campaign's steps, as typed requests ------------------------------------
class Step(msgspec.Struct, frozen=True, kw_only=True):
    """Where a set-up step is logged: the file (or server), the campaign, who logs."""

    where: str
    campaign: str | None = None
    by: str | None = None


class SkipBootCamp(Step, frozen=True, kw_only=True):
    """Experienced players start the campaign with chapter 1."""


class EnterBriefing(Step, frozen=True, kw_only=True):
    """A chapter's Briefing (0: Boot Camp), its numbers and modules as printed (``modules``:
    by the Briefing's field, what a module's part of it says: its deck)."""

    chapter: int
    trials: int
    morale: int
    first: int
    traps: bool | None = None  # unsaid: off before chapter 4, on from it
    tokens: int | None = None
    title: str = ""
    notes: str = ""
    reason: str = ""
    modules: dict[str, Any] = msgspec.field(default_factory=dict)  # each module's deck


class DescribeCard(Step, frozen=True, kw_only=True):
    """A numbered Trial card: its threats, Trap and Good Luck symbols, or a Hard Knock's
    kind (``kind``: its threat then in ``threats``, if any)."""

    number: int
    threats: tuple[str, ...] = ()
    trap: bool = False
    luck: int = 0
    kind: str | None = None
    value: int = 1
    acts_as: str | None = None
    effect: str = ""
    reason: str = ""


class ModuleStep(Step, frozen=True, kw_only=True):
    """A module's own set-up step, from its folder (``domain/modules/<name>/steps.py``: an
    Order of the Day or a Recruit described): it says the domain's command it logs and the
    log's summary (``command``), and ``enter`` logs it as any other step."""

    def command(self) -> tuple[Any, str]:
        """The domain's command for the step and its summary for the log."""
        raise NotImplementedError


class DescribeHand(Step, frozen=True, kw_only=True):
    """A Helping Hand: action, event (played at ``moment``) or friendship."""

    number: int
    name: str
    category: str
    rules: tuple[str, ...] = ()
    moment: str = ""
    effect: str = ""
    reason: str = ""


class EnterConclusion(Step, frozen=True, kw_only=True):
    """A chapter's Conclusion: its reward rules (result, Morale Reserve left at least,
    Helping Hands earned) and the Helping Hands offered."""

    chapter: int
    rewards: tuple[tuple[str, int, int], ...] = ()
    offer: tuple[int, ...] = ()
    notes: str = ""
    reason: str = ""


class Award(Step, frozen=True, kw_only=True):
    """The Helping Hands taken, each (number, player); the rest are Negative Points."""

    awards: tuple[tuple[int, str], ...] = ()


class Ban(Step, frozen=True, kw_only=True):
    """After a lost chapter: one Trial card (a key, or as typed) banned from a player's
    hand or Hard Knocks."""

    player: str
    card: str
    source: str = "hand"
    reason: str = ""


class StartOneShot(Step, frozen=True, kw_only=True):
    """A One-shot game on the campaign's seats (tiles and leader drawn here if ``draw``;
    ``modules``: by the One-shot's field, what a module's options say: whether it is played,
    its cards drawn at the table, None for unsaid)."""

    difficulty: str = "grizzled"
    traps: bool = True
    leader: str | None = None
    tiles: tuple[str, ...] | None = None
    draw: bool = False
    modules: dict[str, Any] = msgspec.field(default_factory=dict)


SetupStep = (
    SkipBootCamp
    | EnterBriefing
    | DescribeCard
    | ModuleStep
    | DescribeHand
    | EnterConclusion
    | Award
    | Ban
    | StartOneShot
)


def enter(
    request: SetupStep, session: Session | None = None, fewer: Fewer | None = None
) -> Recorded:
    """Log one set-up step through the rules (a Conclusion, an award or a ban through
    ``log_reward``'s checks; ``fewer``: asked before an award of fewer Helping Hands
    than earned, None when the group already said yes)."""
    rewarding = isinstance(request, EnterConclusion | Award | Ban)
    with unit(request.where, request.campaign, request.by, session) as work:
        if isinstance(request, StartOneShot | Ban):
            command, summary = _with_state(request, work.state())
        else:
            command, summary = _command(request)
        asked = LogAction(request.where, request.campaign, command, summary, request.by)
        if rewarding:
            return log_reward(asked, work, fewer)
        return record(work, command, summary)


def _command(request: SetupStep) -> tuple[Any, str]:
    """The domain's command for a step and its summary for the log."""
    from domain.campaign import briefing as entered
    from domain.campaign.rewards import AwardHelpingHands
    from domain.campaign.rewards import SkipBootCamp as Skip
    from domain.cards import box, catalogue
    from voice import summary as said

    match request:
        case SkipBootCamp():
            return Skip(), said.BOOT_CAMP_SKIPPED
        case EnterBriefing():
            briefing = entered.Briefing(
                request.chapter,
                request.trials,
                request.morale,
                request.first,
                request.traps is True,
                speech_tokens=request.tokens,
                title=request.title,
                notes=request.notes,
                traps_off=request.traps is False,
                **request.modules,
            )
            return entered.EnterBriefing(briefing, request.reason), said.briefing(request.chapter)
        case DescribeCard():
            if request.acts_as is not None and request.kind is None:
                raise Refused(lang._("acts as is for a Hard Knock (its kind)"))
            command = box.DescribeTrialCard(
                request.number,
                request.threats,
                request.trap,
                request.luck,
                request.kind,
                request.value,
                request.effect,
                request.reason,
                request.acts_as,
            )
            return command, said.described("card", request.number)
        case ModuleStep():
            return request.command()
        case DescribeHand():
            place = "friendship" if request.category == "friendship" else "once"
            given = rules_read(request.rules, place, said.numbered("Helping Hand", request.number))
            hand = catalogue.HelpingHandCard(
                request.number,
                request.name,
                request.category,
                request.effect,
                given,
                request.moment,
            )
            summary = said.described("Helping Hand", request.number)
            return box.DescribeHelpingHand(hand, request.reason), summary
        case EnterConclusion():
            rules = tuple(entered.RewardRule(*rule) for rule in request.rewards)
            conclusion = entered.Conclusion(request.chapter, rules, request.offer, request.notes)
            concluded = entered.EnterConclusion(conclusion, request.reason)
            return concluded, said.conclusion(request.chapter)
        case Award():
            return AwardHelpingHands(request.awards), said.HANDS_AWARDED
    raise AssertionError(f"not a set-up step: {type(request).__name__}")


def _with_state(request: StartOneShot | Ban, state: CampaignState) -> tuple[Any, str]:
    """The command of a step that names what the campaign holds (its seats, its cards)."""
    from domain.campaign.oneshot import StartOneShot as OneShot
    from domain.campaign.rewards import BanCard
    from voice import summary as said

    if isinstance(request, Ban):
        if state.chapter is None:
            raise Refused(lang._("no chapter was played yet"))
        from app.moves import card

        key = card(request.card, state.chapter.catalogue)
        return BanCard(request.player, key, request.source, request.reason), said.banned(
            key, request.player
        )
    seats = len(state.seats)
    tiles, leader = request.tiles, request.leader
    if request.draw and tiles is None:
        from domain.public import third_tiles as third_tile_pool

        tiles = _drawn(third_tile_pool(seats), seats)
    if request.draw and leader is None:
        leader = secrets.choice([s.name for s in state.seats])
    command = OneShot(
        state.seats,
        request.difficulty,
        request.traps,
        leader=leader,
        third_tiles=tiles,
        **request.modules,
    )
    return command, said.one_shot(request.difficulty)


def forbids_read(texts: tuple[str, ...], what: str) -> Any:
    """What a described card forbids, read from the effects vocabulary; refused in one line
    naming the syntax."""
    from domain.public import parse_forbids

    with refusals():  # a word the vocabulary does not know: one line naming the syntax
        return parse_forbids(texts, what)


def rules_read(texts: tuple[str, ...], place: str, what: str) -> Any:
    """The rules a described card applies at ``place``, read from the effects vocabulary."""
    from domain.public import parse_rules

    with refusals():
        return parse_rules(texts, place, what)


def threats_of(text: str) -> tuple[tuple[str, ...], bool, int]:
    """A Trial card's face typed in the notation (``rain+gas+luck``, ``night+trap``): its
    threats, whether it holds a Trap, how many Good Luck symbols."""
    from domain.cards.notation import CardNotationError, threat_word

    threats: tuple[str, ...] = ()
    trap, luck = False, 0
    for word in (w.strip() for w in text.lower().split("+") if w.strip()):
        if word in ("trap", "t"):
            trap = True
        elif word in ("luck", "l"):
            luck += 1
        else:
            try:
                threats += (threat_word(word, lang.current()),)
            except CardNotationError:
                raise Refused(lang._(words.NOT_A_THREAT).format(text=repr(word))) from None
    return threats, trap, luck
