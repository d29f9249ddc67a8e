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
from voice import lang
from voice import summary as said

if TYPE_CHECKING:
    from app.setup import Fewer, SetupStep

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
    from app import setup

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
        raise usage(lang._("--acts-as is for a Hard Knock (--knock KIND)"))
    _enter(
        ctx,
        setup.DescribeCard(
            where=ctx.db,
            campaign=ctx.campaign_option,
            number=number,
            threats=threats,
            trap=trap,
            luck=luck,
            kind=kind,
            value=value,
            acts_as=acts_as,
            effect=effect,
            reason=reason,
        ),
    )


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
    lang.N_(
        "Another rule the tool applies while it is in play (repeat): allow:speech|withdraw|play, "
        "drop-min:N, drop-max:N, support:none, support-discards:N, draw:N@withdraw, or (lasting) "
        "cancel:withdraw-draw:N."
    ),
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
    from app import setup

    pairs = []
    for text in minimums:
        players, _, low = text.partition(":")
        if not players.isdigit() or not low.isdigit():
            from voice.setup import MINIMUM_SYNTAX

            raise click.BadParameter(lang._(MINIMUM_SYNTAX).format(text=repr(text)))
        pairs.append(
            (
                parse.number(players, 1, PLAYERS, lang.N_("a number of players")),
                parse.number(low, 1, TRIAL_CARDS, lang.N_("a minimum intensity")),
            )
        )
    _enter(
        ctx,
        setup.DescribeOrder(
            where=ctx.db,
            campaign=ctx.campaign_option,
            number=number,
            name=name,
            difficulty=difficulty,
            minimums=tuple(pairs),
            threats=tuple(parse.threat(t) for t in threats),
            lasting=lasting,
            forbids=forbids,
            rules=rules,
            effect=effect,
            reason=reason,
        ),
    )


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
    lang.N_(
        "A rule of its effect the tool applies while it is in play (repeat): "
        "allow:speech|withdraw|play, drop-min:N, drop-max:N, support:none, support-discards:N "
        "or draw:N@withdraw."
    ),
)
@rule_option(
    "--advantage-rule",
    "advantage_rules",
    lang.N_(
        "What its departure gives the Mission Leader, applied by the tool (repeat): draw:N, "
        "discard:N, knock-discard, tokens:N, charm or reserve:N."
    ),
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
    from app import setup

    _enter(
        ctx,
        setup.DescribeRecruit(
            where=ctx.db,
            campaign=ctx.campaign_option,
            number=number,
            name=name,
            hand=hand,
            tokens=tokens,
            effect=effect,
            advantage=advantage,
            forbids=forbids,
            rules=rules,
            advantage_rules=advantage_rules,
            reason=reason,
        ),
    )


@describe.command("hand")
@click.argument("number", type=CARD_NUMBER)
@click.argument("name", type=TITLE)
@click.argument("category", type=OneOf(["action", "event", "friendship"]))
@rule_option(
    "--rule",
    "rules",
    lang.N_(
        "What it does, applied by the tool (repeat). Action or Event, once when played: draw:N, "
        "discard:N, knock-discard, tokens:N, charm or reserve:N. Friendship, for the campaign: "
        "allow:speech|withdraw|play, drop-min:N, drop-max:N or support-discards:N."
    ),
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
    from app import setup

    _enter(
        ctx,
        setup.DescribeHand(
            where=ctx.db,
            campaign=ctx.campaign_option,
            number=number,
            name=name,
            category=category,
            rules=rules,
            moment=moment or "",
            effect=effect,
            reason=reason,
        ),
    )


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
    from app import setup

    _enter(
        ctx,
        setup.EnterBriefing(
            where=ctx.db,
            campaign=ctx.campaign_option,
            chapter=chapter,
            trials=trials,
            morale=morale,
            first=first_intensity,
            traps=traps,
            orders=parse.numbers(orders),
            recruits=parse.numbers(recruits),
            tokens=tokens,
            title=title,
            notes=notes,
            reason=reason,
        ),
    )


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
    from app import setup

    rules = []
    for text in rewards:
        parts = text.split(":")
        if len(parts) != 3 or not parts[1].isdigit() or not parts[2].isdigit():
            said = lang._("{text}: write RESULT:LEFT:HANDS, e.g. won:10:2")
            raise click.BadParameter(said.format(text=repr(text)))
        left = parse.number(parts[1], 0, TRIAL_CARDS, lang.N_("the Morale Reserve left"))
        hands = parse.number(parts[2], 0, HELPING_HANDS, lang.N_("a number of Helping Hands"))
        rules.append((parts[0], left, hands))
    entered = setup.EnterConclusion(
        where=ctx.db,
        campaign=ctx.campaign_option,
        chapter=chapter,
        rewards=tuple(rules),
        offer=parse.numbers(offer),
        notes=notes,
        reason=reason,
    )
    _enter(ctx, entered)


def _enter(ctx: Context, request: SetupStep, fewer: Fewer | None = None) -> None:
    """Log a set-up step through the application (``app.setup.enter``), print its lines."""
    from app.setup import enter
    from cli.context import say

    with refusals():
        recorded = enter(request, ctx, fewer)
    say(recorded.said)


def _ask_fewer(facts: str, question: str) -> None:
    """Fewer Helping Hands than earned: asked at a terminal, else refused naming --yes."""
    if not interactive():
        raise Refused(lang._("{facts}; add --yes to confirm").format(facts=facts))
    click.confirm(question, abort=True)


@click.command()
@click.argument("awards", type=WORD, nargs=-1, metavar="NUMBER:PLAYER...")
@click.option("-y", "--yes", is_flag=True, help="Take fewer than earned without asking.")
@pass_context
def award(ctx: Context, awards: tuple[str, ...], yes: bool) -> None:
    """Give the earned Helping Hands (fewer asks first, or --yes); the rest are Negative Points.

    Example: grizzled award 31:ann 33:ben     (no argument: take none)
    """
    from app import setup

    state = ctx.state()
    names = [s.name for s in state.seats]
    pairs = []
    for text in awards:
        number, sep, who = text.partition(":")
        if not sep or not number.isdigit():
            said = lang._("{text}: write NUMBER:PLAYER, e.g. 31:ann")
            raise click.BadParameter(said.format(text=repr(text)))
        pairs.append(
            (
                parse.number(number, 1, CARD_NUMBERS, lang.N_("a card number")),
                parse.player(who, names),
            )
        )
    asked = setup.Award(where=ctx.db, campaign=ctx.campaign_option, awards=tuple(pairs))
    _enter(ctx, asked, None if yes else _ask_fewer)


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
    from app import setup

    state = ctx.state()
    if state.chapter is None:
        raise click.UsageError(lang._("no chapter was played yet"))
    name = parse.player(player, [p.name for p in state.chapter.players])
    key = parse.card(card, state.chapter.catalogue)
    asked = setup.Ban(
        where=ctx.db,
        campaign=ctx.campaign_option,
        player=name,
        card=key,
        source=source,
        reason=reason,
    )
    _enter(ctx, asked)


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
        name = acting_player(state.chapter) or usage(lang._("say who plays it: -p NAME"))
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
    from app import setup

    names = [s.name for s in ctx.state().seats]
    asked = setup.StartOneShot(
        where=ctx.db,
        campaign=ctx.campaign_option,
        difficulty=difficulty,
        traps=traps,
        recruits=recruits,
        leader=parse.player(leader, names) if leader else None,
        orders=parse.numbers(orders),
        recruit_deck=parse.numbers(recruit_deck),
        tiles=tuple(parse.tile(t) for t in tiles.split(",")) if tiles else None,
    )
    _enter(ctx, asked)


@click.command("skip-boot-camp")
@pass_context
def skip_boot_camp(ctx: Context) -> None:
    """Experienced players start the campaign with chapter 1."""
    from app.setup import SkipBootCamp

    _enter(ctx, SkipBootCamp(where=ctx.db, campaign=ctx.campaign_option))


COMMANDS = (describe, briefing, conclusion, award, ban, helping, oneshot, skip_boot_camp)
