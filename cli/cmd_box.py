"""The Armistice campaign: describing cards, Briefings, Conclusions, Helping Hands, bans."""

from __future__ import annotations

from typing import Any

import click

from cli import modules, parse
from cli.complete import complete_card, complete_player
from cli.context import Context, Refused, interactive, pass_context, usage
from cli.counts import CARD_NUMBER, CARDS, CHAPTER, KNOCK_VALUE, SPEECH
from cli.describing import EFFECT, REASON, enter, rule_option
from cli.params import NAME, TEXT, TITLE, WORD, OneOf, choice_options
from domain.limits import CARD_NUMBERS, HELPING_HANDS, TRIAL_CARDS
from voice import lang
from voice import summary as said


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
    enter(
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

    enter(
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
@click.option("--tokens", type=SPEECH, help="Speech tokens, if the Briefing says.")
@click.option("--title", type=TITLE, default="")
@click.option("--notes", type=TEXT, default="", help="Extra setup, as printed.")
@REASON
@pass_context
def briefing(
    ctx: Context,
    /,
    chapter: int,
    trials: int,
    morale: int,
    first_intensity: int,
    traps: bool | None,
    tokens: int | None,
    title: str,
    notes: str,
    reason: str,
    **typed: Any,
) -> None:
    """Enter a chapter's Briefing (0 is Boot Camp): its numbers and modules.

    Example: grizzled briefing 1 --trials 20 --morale 40 --first 2
    """
    from app import setup

    enter(
        ctx,
        setup.EnterBriefing(
            where=ctx.db,
            campaign=ctx.campaign_option,
            chapter=chapter,
            trials=trials,
            morale=morale,
            first=first_intensity,
            traps=traps,
            tokens=tokens,
            modules=_modules("briefing", ctx, typed),  # each module's deck
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
    enter(ctx, entered)


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
    enter(ctx, asked, None if yes else _ask_fewer)


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
    enter(ctx, asked)


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
    /,
    difficulty: str,
    traps: bool,
    leader: str | None,
    tiles: str | None,
    **typed: Any,
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
        leader=parse.player(leader, names) if leader else None,
        tiles=tuple(parse.tile(t) for t in tiles.split(",")) if tiles else None,
        modules=_modules("oneshot start", ctx, typed),  # the Orders drawn, the Recruits
    )
    enter(ctx, asked)


@click.command("skip-boot-camp")
@pass_context
def skip_boot_camp(ctx: Context) -> None:
    """Experienced players start the campaign with chapter 1."""
    from app.setup import SkipBootCamp

    enter(ctx, SkipBootCamp(where=ctx.db, campaign=ctx.campaign_option))


def _modules(command: str, ctx: Context, typed: dict[str, Any]) -> dict[str, Any]:
    """What the modules' options typed give the application's request (its ``modules``: by
    the domain command's fields)."""
    return {
        key: value
        for added in modules.added(command)
        for key, value in added.of(ctx, typed).items()
    }


COMMANDS = (describe, briefing, conclusion, award, ban, helping, oneshot, skip_boot_camp)
# A module's own: its cards described (``describe order``) and its options, from its
# folder (cli/modules.py), among the game's where the help always listed them.
modules.extend(describe, "describe")
modules.extend(briefing, "briefing", before="tokens")
modules.extend(oneshot_start, "oneshot start", before="traps")
