"""The Armistice campaign: describing cards, Briefings, Conclusions, Helping Hands, bans."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from cli import parse
from cli.complete import complete_card, complete_player
from cli.context import Context, Refused, interactive, pass_context, refusals, usage
from cli.counts import CARD_NUMBER, CARDS, CHAPTER, KNOCK_VALUE, MORALE, SPEECH
from cli.params import NAME, TEXT, TITLE, WORD, OneOf, choice_options
from domain.limits import CARD_NUMBERS, HELPING_HANDS, PLAYERS, TRIAL_CARDS
from voice import summary as said

if TYPE_CHECKING:
    from domain.campaign.flow import CampaignState
    from domain.campaign.rewards import BanCard
    from domain.cards.catalogue import Forbid, Rule
    from domain.records import CampaignCommand

F = TypeVar("F", bound=Callable[..., Any])

REASON = click.option(
    "-r",
    "--reason",
    type=TEXT,
    default="",
    help="Why an earlier entry changes (required when it does).",
)
EFFECT = click.option("--effect", type=TEXT, default="", help="Its text, as printed.")
FORBID = click.option(
    "--forbid",
    "forbids",
    type=WORD,
    multiple=True,
    metavar="ACTION",
    help="What it forbids while in play, enforced by the tool (repeat): speech, charm, "
    "withdraw-holding:N (no withdrawal holding N or more cards) or play:THREAT.",
)


def rule_option(flag: str, dest: str, help: str) -> Callable[[F], F]:
    """A repeatable option of rules from the effects vocabulary (docs/campaign.md)."""
    return click.option(flag, dest, type=WORD, multiple=True, metavar="RULE", help=help)


def _restrictions(forbids: tuple[str, ...], what: str) -> tuple[Forbid, ...]:
    from domain.public import parse_forbids

    with refusals():  # a word the vocabulary does not know: one line naming the syntax
        return parse_forbids(forbids, what)


def _rules(texts: tuple[str, ...], place: str, what: str) -> tuple[Rule, ...]:
    from domain.public import parse_rules

    with refusals():
        return parse_rules(texts, place, what)


@click.group()
def describe() -> None:
    """Teach the campaign a numbered card, the first time it appears."""


@describe.command("card")
@click.argument("number", type=CARD_NUMBER)
@click.argument("face", type=WORD)
@click.option(
    "--knock",
    "kind",
    type=WORD,
    metavar="KIND",
    help="A Hard Knock: its kind (e.g. aggressive); FACE gives its threat or 'none'.",
)
@click.option(
    "--value",
    type=KNOCK_VALUE,
    default=1,
    show_default=True,
    help="Hard Knocks it counts for the defeat check.",
)
@click.option(
    "--acts-as",
    type=WORD,
    metavar="KIND",
    help="A new Hard Knock whose rules are a known kind's (e.g. fearful): the tool applies them.",
)
@EFFECT
@REASON
@pass_context
def describe_card(
    ctx: Context,
    number: int,
    face: str,
    kind: str | None,
    value: int,
    acts_as: str | None,
    effect: str,
    reason: str,
) -> None:
    """A Trial card: FACE in card notation (e.g. rain+gas+luck), or --knock KIND.

    Example: grizzled describe card 147 none --knock aggressive --acts-as fearful --effect "..."
    """
    from domain.cards.box import DescribeTrialCard

    threats: tuple[str, ...] = ()
    trap, luck = False, 0
    if kind is None:
        for word in face.lower().split("+"):
            if word in ("trap", "t"):
                trap = True
            elif word in ("luck", "l"):
                luck += 1
            else:
                threats += (parse.threat(word),)
    elif face.lower() != "none":
        threats = (parse.threat(face),)
    if acts_as is not None and kind is None:
        raise usage("--acts-as is for a Hard Knock (--knock KIND)")
    command = DescribeTrialCard(number, threats, trap, luck, kind, value, effect, reason, acts_as)
    ctx.log(command, said.described("card", number))


@describe.command("order")
@click.argument("number", type=CARD_NUMBER)
@click.argument("name", type=TITLE)
@click.option(
    "--difficulty",
    type=OneOf(["easy", "normal", "hard"]),
    default="normal",
    show_default=True,
)
@click.option(
    "--minimum",
    "minimums",
    type=WORD,
    multiple=True,
    metavar="PLAYERS:N",
    help="Minimum intensity for a player count, e.g. 3:2 (repeat).",
)
@click.option(
    "--threat", "threats", type=WORD, multiple=True, help="A threat it adds to No Man's Land."
)
@click.option(
    "--lasting",
    type=TEXT,
    default="",
    metavar="CONDITION",
    help="It stays in play until this cancellation condition is met.",
)
@FORBID
@rule_option(
    "--rule",
    "rules",
    "Another rule the tool applies while it is in play (repeat): allow:speech|withdraw|play, "
    "drop-min:N, drop-max:N, support:none, support-discards:N, draw:N@withdraw, or (lasting) "
    "cancel:withdraw-draw:N.",
)
@EFFECT
@REASON
@pass_context
def describe_order(
    ctx: Context,
    number: int,
    name: str,
    difficulty: str,
    minimums: tuple[str, ...],
    threats: tuple[str, ...],
    lasting: str,
    forbids: tuple[str, ...],
    rules: tuple[str, ...],
    effect: str,
    reason: str,
) -> None:
    """An Order of the Day; --forbid and --rule give what the tool then enforces while it is
    in play, --effect its text.

    Example: grizzled describe order 12 "Hold the line" --minimum 3:2 --minimum 4:2
    --forbid speech --effect "..."
    """
    from domain.cards.box import DescribeOrder
    from domain.cards.catalogue import OrderCard

    what = said.numbered("Order of the Day", number)
    restrictions = _restrictions(forbids, what)
    given = _rules(rules, "order", what)

    pairs = []
    for text in minimums:
        players, _, low = text.partition(":")
        if not players.isdigit() or not low.isdigit():
            raise click.BadParameter(f"{text!r}: write PLAYERS:MINIMUM, e.g. 3:2")
        pairs.append(
            (
                parse.number(players, 1, PLAYERS, "a number of players"),
                parse.number(low, 1, TRIAL_CARDS, "a minimum intensity"),
            )
        )
    card = OrderCard(
        number,
        name,
        difficulty,
        tuple(pairs),
        tuple(parse.threat(t) for t in threats),
        bool(lasting),
        lasting,
        effect,
        restrictions,
        given,
    )
    ctx.log(DescribeOrder(card, reason), said.described("Order of the Day", number))


@describe.command("recruit")
@click.argument("number", type=CARD_NUMBER)
@click.argument("name", type=TITLE)
@click.option(
    "--hand",
    type=CARDS,
    default=3,
    show_default=True,
    help="Cards in its starting hand.",
)
@click.option(
    "--tokens",
    type=MORALE,
    default=1,
    show_default=True,
    help="Morale tokens placed on it when it withdraws.",
)
@click.option("--effect", type=TEXT, default="", help="Its special rule, as printed.")
@click.option("--advantage", type=TEXT, default="", help="Its departure advantage, as printed.")
@FORBID
@rule_option(
    "--rule",
    "rules",
    "A rule of its effect the tool applies while it is in play (repeat): "
    "allow:speech|withdraw|play, drop-min:N, drop-max:N, support:none, support-discards:N "
    "or draw:N@withdraw.",
)
@rule_option(
    "--advantage-rule",
    "advantage_rules",
    "What its departure gives the Mission Leader, applied by the tool (repeat): draw:N, "
    "discard:N, knock-discard, tokens:N, charm or reserve:N.",
)
@REASON
@pass_context
def describe_recruit(
    ctx: Context,
    number: int,
    name: str,
    hand: int,
    tokens: int,
    effect: str,
    advantage: str,
    forbids: tuple[str, ...],
    rules: tuple[str, ...],
    advantage_rules: tuple[str, ...],
    reason: str,
) -> None:
    """A Recruit; --forbid and --rule give what the tool enforces while it is in play,
    --advantage-rule what its departure gives.

    Example: grizzled describe recruit 3 "Young Jules" --hand 2 --advantage-rule tokens:1
    """
    from domain.cards.box import DescribeRecruit
    from domain.cards.catalogue import RecruitCard

    what = said.numbered("Recruit", number)
    card = RecruitCard(
        number,
        name,
        hand,
        tokens,
        effect,
        advantage,
        _restrictions(forbids, what),
        _rules(rules, "in-force", what),
        _rules(advantage_rules, "once", what),
    )
    ctx.log(DescribeRecruit(card, reason), said.described("Recruit", number))


@describe.command("hand")
@click.argument("number", type=CARD_NUMBER)
@click.argument("name", type=TITLE)
@click.argument("category", type=OneOf(["action", "event", "friendship"]))
@rule_option(
    "--rule",
    "rules",
    "What it does, applied by the tool (repeat). Action or Event, once when played: draw:N, "
    "discard:N, knock-discard, tokens:N, charm or reserve:N. Friendship, for the campaign: "
    "allow:speech|withdraw|play, drop-min:N, drop-max:N or support-discards:N.",
)
@click.option(
    "--when",
    "moment",
    type=OneOf(["mission-start", "withdraw", "support"]),
    help="An Event card: the moment it is played at.",
)
@EFFECT
@REASON
@pass_context
def describe_hand(
    ctx: Context,
    number: int,
    name: str,
    category: str,
    rules: tuple[str, ...],
    moment: str | None,
    effect: str,
    reason: str,
) -> None:
    """A Helping Hand: action, event or friendship; --rule gives what the tool applies.

    Example: grizzled describe hand 31 "A letter from home" event --when withdraw --rule tokens:1
    """
    from domain.cards.box import DescribeHelpingHand
    from domain.cards.catalogue import HelpingHandCard

    place = "friendship" if category == "friendship" else "once"
    given = _rules(rules, place, said.numbered("Helping Hand", number))
    card = HelpingHandCard(number, name, category, effect, given, moment or "")
    ctx.log(DescribeHelpingHand(card, reason), said.described("Helping Hand", number))


@click.command()
@click.argument("chapter", type=CHAPTER)
@click.option("--trials", type=CARDS, required=True)
@click.option("--morale", type=CARDS, required=True)
@click.option(
    "--first",
    "first_intensity",
    type=CARDS,
    required=True,
    help="The first Mission's intensity.",
)
@click.option(
    "--traps/--no-traps",
    default=None,
    help="What the Briefing says of Traps. Unsaid: off before Chapter 4, on from it.",
)
@click.option(
    "--orders", type=WORD, default="", metavar="N,N,...", help="The Order of the Day deck."
)
@click.option("--recruits", type=WORD, default="", metavar="N,N,...", help="The Recruit deck.")
@click.option("--tokens", type=SPEECH, help="Speech tokens, if the Briefing says.")
@click.option("--title", type=TITLE, default="")
@click.option("--notes", type=TEXT, default="", help="Extra setup, as printed.")
@REASON
@pass_context
def briefing(
    ctx: Context,
    chapter: int,
    trials: int,
    morale: int,
    first_intensity: int,
    traps: bool | None,
    orders: str,
    recruits: str,
    tokens: int | None,
    title: str,
    notes: str,
    reason: str,
) -> None:
    """Enter a chapter's Briefing (0 is Boot Camp): its numbers and modules.

    Example: grizzled briefing 1 --trials 20 --morale 40 --first 2
    """
    from domain.campaign.briefing import Briefing, EnterBriefing

    entered = Briefing(
        chapter,
        trials,
        morale,
        first_intensity,
        traps is True,
        parse.numbers(orders),
        parse.numbers(recruits),
        tokens,
        title,
        notes,
        traps_off=traps is False,
    )
    ctx.log(EnterBriefing(entered, reason), said.briefing(chapter))


@click.command()
@click.argument("chapter", type=CHAPTER)
@click.option(
    "--reward",
    "rewards",
    type=WORD,
    multiple=True,
    metavar="RESULT:LEFT:HANDS",
    help="With RESULT (won/lost/any) and at least LEFT cards left in the Morale "
    "Reserve, HANDS Helping Hands are earned (repeat).",
)
@click.option(
    "--offer", type=WORD, default="", metavar="N,N,...", help="The Helping Hands offered."
)
@click.option("--notes", type=TEXT, default="")
@REASON
@pass_context
def conclusion(
    ctx: Context, chapter: int, rewards: tuple[str, ...], offer: str, notes: str, reason: str
) -> None:
    """Enter a chapter's Conclusion (Boot Camp has none): its reward rule and Helping Hands offered.

    Example: grizzled conclusion 1 --reward won:0:2 --reward lost:5:1 --offer 31,32,33
    """
    from domain.campaign.briefing import Conclusion, EnterConclusion, RewardRule

    rules = []
    for text in rewards:
        parts = text.split(":")
        if len(parts) != 3 or not parts[1].isdigit() or not parts[2].isdigit():
            raise click.BadParameter(f"{text!r}: write RESULT:LEFT:HANDS, e.g. won:10:2")
        left = parse.number(parts[1], 0, TRIAL_CARDS, "the Morale Reserve left")
        hands = parse.number(parts[2], 0, HELPING_HANDS, "a number of Helping Hands")
        rules.append(RewardRule(parts[0], left, hands))
    entered = Conclusion(chapter, tuple(rules), parse.numbers(offer), notes)
    command = EnterConclusion(entered, reason)
    _log_reward(ctx, ctx.state(), command, said.conclusion(chapter))


def _log_reward(ctx: Context, state: CampaignState, command: CampaignCommand, summary: str) -> None:
    """Log an award, a ban or a Conclusion (``state``: the campaign as the command just
    loaded it); refused because Boot Camp is a tutorial (notes, decision 6), the line
    names the command that comes instead."""
    from domain.campaign.flow import boot_camp_refusal
    from domain.campaign.rewards import BanCard
    from voice.refusal import refused_then

    refusal = boot_camp_refusal(state, command)
    if refusal is not None:
        raise Refused(refused_then(refusal, state), refusal.rule)
    if isinstance(command, BanCard) and command.source == "hand":
        _knock_not_hand(state, command)
    ctx.log(command, summary)


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


def _confirm_fewer(state: CampaignState, command: CampaignCommand, taken: int, yes: bool) -> None:
    """Fewer Helping Hands than earned: the group may, once it knows the Negative Points
    it adds (notes, decision 9). An award the rules refuse is refused before asking."""
    from domain.campaign.flow import decide_campaign, helping_hands_due
    from voice.score import fewer_hands

    due = helping_hands_due(state)
    if due is None or taken >= due[0] or yes:
        return
    with refusals():
        decide_campaign(state, command)
    facts, question = fewer_hands(taken, *due)
    if not interactive():
        raise Refused(f"{facts}; add --yes to confirm")
    click.confirm(question, abort=True)


@click.command()
@click.argument("awards", type=WORD, nargs=-1, metavar="NUMBER:PLAYER...")
@click.option("-y", "--yes", is_flag=True, help="Take fewer than earned without asking.")
@pass_context
def award(ctx: Context, awards: tuple[str, ...], yes: bool) -> None:
    """Give the earned Helping Hands (fewer asks first, or --yes); the rest are Negative Points.

    Example: grizzled award 31:ann 33:ben     (no argument: take none)
    """
    from domain.campaign.rewards import AwardHelpingHands

    state = ctx.state()
    names = [s.name for s in state.seats]
    pairs = []
    for text in awards:
        number, sep, who = text.partition(":")
        if not sep or not number.isdigit():
            raise click.BadParameter(f"{text!r}: write NUMBER:PLAYER, e.g. 31:ann")
        pairs.append(
            (parse.number(number, 1, CARD_NUMBERS, "a card number"), parse.player(who, names))
        )
    command = AwardHelpingHands(tuple(pairs))
    _confirm_fewer(state, command, len(pairs), yes)
    _log_reward(ctx, state, command, said.HANDS_AWARDED)


@click.command()
@click.argument("player", type=NAME, shell_complete=complete_player)
@click.argument("card", type=WORD, shell_complete=complete_card)
@click.option(
    "--from",
    "source",
    type=OneOf(["hand", "knock"]),
    default="hand",
    show_default=True,
    help="From the player's hand or their Hard Knocks.",
)
@click.option("-r", "--reason", type=TEXT, default="", help="Why this card (kept and shown).")
@pass_context
def ban(ctx: Context, player: str, card: str, source: str, reason: str) -> None:
    """After a lost chapter, ban one Trial card from the campaign (a Negative Point).

    Example: grizzled ban ben wounded --from knock -r "it cost us chapter 3"
    """
    from domain.campaign.rewards import BanCard

    state = ctx.state()
    if state.chapter is None:
        raise click.UsageError("no chapter was played yet")
    name = parse.player(player, [p.name for p in state.chapter.players])
    key = parse.card(card, state.chapter.catalogue)
    command = BanCard(name, key, source, reason)
    _log_reward(ctx, state, command, said.banned(key, name))


@click.group()
def helping() -> None:
    """Helping Hands in play."""


@helping.command("play")
@click.argument("number", type=CARD_NUMBER)
@click.option(
    "-p",
    "--player",
    "who",
    type=NAME,
    metavar="NAME",
    shell_complete=complete_player,
    help="Who plays it (default: whose turn it is).",
)
@click.option("--note", type=TEXT, default="", help="What it did at the table (for the log).")
@choice_options("its player")
@pass_context
def helping_play(
    ctx: Context,
    number: int,
    who: str | None,
    note: str,
    discards: tuple[str, ...],
    knock: str | None,
) -> None:
    """Play a Helping Hand (an Action one replaces the player's action); the rules the
    group gave it apply at once.

    Example: grizzled helping play 31 --knock mute --note "Ben shook it off"
    """
    from domain.campaign.rewards import PlayHelpingHand
    from domain.public import acting_player

    state = ctx.state()
    names = [s.name for s in state.seats]
    if who:
        name = parse.player(who, names)
    else:
        name = acting_player(state.chapter) or usage("say who plays it: -p NAME")
    named = parse.choice(discards, knock, state.catalogue)
    command = PlayHelpingHand(name, number, note, named)
    ctx.log(command, said.hand_played(name, number))


@helping.command("keep")
@click.argument("player", type=NAME, shell_complete=complete_player)
@click.argument("kept", type=CARD_NUMBER)
@click.argument("discarded", type=CARD_NUMBER)
@pass_context
def helping_keep(ctx: Context, player: str, kept: int, discarded: int) -> None:
    """One-shot game: a player drew 2 Helping Hands, keeps one and discards the other.

    Example: grizzled helping keep ann 31 44
    """
    from domain.campaign.oneshot import KeepHelpingHand

    name = parse.player(player, [s.name for s in ctx.state().seats])
    ctx.log(KeepHelpingHand(name, kept, discarded), said.hand_kept(name, kept))


@click.group()
def oneshot() -> None:
    """A One-shot game (armistice rules, outside the campaign's chapters)."""


@oneshot.command("start")
@click.option(
    "--difficulty",
    type=OneOf(["beginners", "grizzled", "veterans", "scenario"]),
    default="grizzled",
    show_default=True,
    help="Builds the 12-card Order of the Day deck by the rulebook's chart.",
)
@click.option(
    "--orders",
    type=WORD,
    default="",
    metavar="N,N,...",
    help="The Orders of the Day drawn for the deck (at a real table).",
)
@click.option(
    "--recruits/--no-recruits",
    default=False,
    show_default=True,
    help="Play with a deck of 5 random Recruits.",
)
@click.option(
    "--recruit-deck", type=WORD, default="", metavar="N,N,...", help="The 5 Recruits drawn."
)
@click.option(
    "--traps/--no-traps",
    default=True,
    show_default=True,
    help="Traps (beginners may leave them out, and Aggressive #147 with them).",
)
@click.option("--leader", type=NAME, metavar="NAME", shell_complete=complete_player)
@click.option(
    "--tiles", type=WORD, metavar="T,T,...", help="Each seat's third Support tile, in seat order."
)
@pass_context
def oneshot_start(
    ctx: Context,
    difficulty: str,
    orders: str,
    recruits: bool,
    recruit_deck: str,
    traps: bool,
    leader: str | None,
    tiles: str | None,
) -> None:
    """Set up a One-shot game: Trials 30, Morale the rest, Orders of the Day by difficulty.

    Example: grizzled oneshot start --difficulty grizzled --leader ann --tiles left,right,left
    """
    from domain.campaign.oneshot import StartOneShot

    state = ctx.state()
    names = [s.name for s in state.seats]
    command = StartOneShot(
        state.seats,
        difficulty,
        traps,
        recruits,
        leader=parse.player(leader, names) if leader else None,
        orders=parse.numbers(orders) or None,
        recruit_deck=parse.numbers(recruit_deck) or None,
        third_tiles=tuple(parse.tile(t) for t in tiles.split(",")) if tiles else None,
    )
    ctx.log(command, said.one_shot(difficulty))


@click.command("skip-boot-camp")
@pass_context
def skip_boot_camp(ctx: Context) -> None:
    """Experienced players start the campaign with chapter 1."""
    from domain.campaign.rewards import SkipBootCamp

    ctx.log(SkipBootCamp(), said.BOOT_CAMP_SKIPPED)


COMMANDS = (describe, briefing, conclusion, award, ban, helping, oneshot, skip_boot_camp)
