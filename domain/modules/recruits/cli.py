"""Recruits' commands (``cli/modules.py``): ``grizzled recruit play`` and ``recruit
withdraw`` (the Recruit's turn, the Mission Leader choosing), ``describe recruit``,
``mission start``'s ``--recruit`` and ``--recruit-hand``, the Briefing's ``--recruits``
and the One-shot's ``--recruits`` and ``--recruit-deck``. Of the CLI's layer, though in
the module's folder: nothing of domain, app, voice or web imports it; the CLI finds it by
the folders' layout, the first time one of its commands is asked for."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from cli import parse
from cli.complete import complete_card, legal_cards
from cli.context import Context, pass_context
from cli.counts import CARD_NUMBER, CARDS, MORALE
from cli.describing import FORBID, REASON, enter, rule_option
from cli.modules import Added
from cli.params import TEXT, TITLE, WORD, choice_options
from cli.playing import chapter_of
from voice import lang
from voice import summary as said
from voice.lang import N_

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

    from domain.chapter.commands import Options

LEADER = "the Mission Leader (its last card: the Recruit's advantage)"
# The help ``choice_options`` composes with LEADER, whole, as the catalogue keeps it
CHOICE_HELPS = (
    N_(
        "The Hard Knock the Mission Leader (its last card: the Recruit's advantage) discards "
        "(knock-discard)."
    ),
    N_(
        "A card the Mission Leader (its last card: the Recruit's advantage) discards from hand "
        "(discard:N; repeat)."
    ),
)


def complete_recruit_card(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """The cards the Recruit may play now (none outside of its turn)."""

    def playable(actions: list[Any]) -> list[str]:
        from domain.modules.recruits import PlayRecruitCard

        return sorted({c.card for c in actions if isinstance(c, PlayRecruitCard)})

    return legal_cards(ctx, incomplete, playable)


@click.group()
def recruit() -> None:
    """The Recruit's turn: the Mission Leader chooses its action."""


@recruit.command("play")
@click.argument("card", type=WORD, shell_complete=complete_recruit_card)
@click.option(
    "--drawn",
    type=WORD,
    metavar="CARD",
    shell_complete=complete_card,
    help="The card a Trap drew from the Trials deck.",
)
@click.option("--target", type=WORD, metavar="PLAYER:CARD", help="Merry Christmas: the Hard Knock.")
@choice_options(LEADER)
@pass_context
def recruit_play(
    ctx: Context,
    card: str,
    drawn: str | None,
    target: str | None,
    discards: tuple[str, ...],
    knock: str | None,
) -> None:
    """The Recruit plays a card from its face-up hand (its last one: it departs and its
    advantage applies).

    Example: grizzled recruit play snow+gas
    """
    from domain.modules.recruits import PlayRecruitCard

    chapter = chapter_of(ctx.state())
    key = parse.card(card, chapter.catalogue)
    drawn_key = parse.card(drawn, chapter.catalogue) if drawn else None
    names = [p.name for p in chapter.players]
    aim = parse.target(target, names, chapter.catalogue) if target else None
    named = parse.choice(discards, knock, chapter.catalogue)
    ctx.log(PlayRecruitCard(key, drawn_key, aim, named), said.recruit_played(key))


@recruit.command("withdraw")
@pass_context
def recruit_withdraw(ctx: Context) -> None:
    """The Recruit withdraws (its Morale tokens count at the Morale Drop)."""
    from domain.modules.recruits import WithdrawRecruit

    ctx.log(WithdrawRecruit(), said.RECRUIT_WITHDREW)


@click.command("recruit")
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
    from domain.modules.recruits.steps import DescribeRecruit

    enter(
        ctx,
        DescribeRecruit(
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


def briefed(ctx: Context, typed: dict[str, Any]) -> dict[str, Any]:
    """A Briefing's Recruit deck."""
    return {"recruits": parse.numbers(typed["recruits"])}


def drawn(ctx: Context, typed: dict[str, Any]) -> dict[str, Any]:
    """A One-shot played with Recruits, and the 5 drawn (None: the tool draws them)."""
    deck = parse.numbers(typed["recruit_deck"]) or None
    return {"recruits": typed["recruits"], "recruit_deck": deck}


def entering(ctx: Context, typed: dict[str, Any]) -> Options:
    """A Mission's start given the Recruit that enters and its starting hand."""
    from domain.modules.recruits import entering_recruit

    hand = None
    if typed["recruit_hand"]:
        catalogue = chapter_of(ctx.state()).catalogue
        hand = tuple(parse.card(c, catalogue) for c in typed["recruit_hand"].split(",") if c)
    return entering_recruit(typed["recruit"], hand)


MISSION_START = Added(
    (
        click.Option(
            ["--recruit"],
            type=CARD_NUMBER,
            metavar="N",
            help="Recruits: the Recruit that enters (drawn from the Recruit deck).",
        ),
        click.Option(
            ["--recruit-hand"],
            type=WORD,
            metavar="CARD,CARD,...",
            help="Recruits: its starting hand, drawn face up from the Trials deck.",
        ),
    ),
    entering,
)


def in_deck(chapter: Any) -> list[tuple[str, str]]:
    """The Recruits still in their deck, with their names and texts (Tab in a table
    session, after ``--recruit``)."""
    from cli.table_complete import numbered
    from domain.modules.recruits.state import recruit_piles

    piles = recruit_piles(chapter)
    deck = piles.deck if piles is not None else ()
    return numbered(deck, chapter.catalogue.recruits, lang._("recruit not described"))


SESSION_VALUES = {"--recruit": in_deck}
OPTIONS = {
    "mission start": MISSION_START,
    "briefing": Added(
        (
            click.Option(
                ["--recruits"], type=WORD, default="", metavar="N,N,...", help="The Recruit deck."
            ),
        ),
        briefed,
    ),
    "oneshot start": Added(
        (
            click.Option(
                ["--recruits/--no-recruits"],
                default=False,
                show_default=True,
                help="Play with a deck of 5 random Recruits.",
            ),
            click.Option(
                ["--recruit-deck"],
                type=WORD,
                default="",
                metavar="N,N,...",
                help="The 5 Recruits drawn.",
            ),
        ),
        drawn,
    ),
}
COMMANDS = {"recruit": recruit}
SUBCOMMANDS = {"describe": {"recruit": describe_recruit}}

# What it adds to docs/cli.md's JSON schemas (``cli.modules.schema``: ``python -m cli.docgen``),
# by the place in the text it goes (``cli/docgen.py``: ``{modules:PLACE}``).
SCHEMA = (
    (
        "after legal",
        "recruit: {number, after, hand: [card], withdrawn, morale_tokens, name, effect, "
        "advantage}\n"
        "or null, ",
    ),
    ("texts", "`recruit`:\nthe Recruit's `effect` and departure `advantage`. "),
    ("briefings", "recruits, "),
)

# What it adds to the game's commands' help (``HELPS``: each the mark's WHERE in the help,
# its rank among the modules' (the Recruit's facts before the Orders'), its text;
# ``cli.modules.helps``): the facts ``grizzled correct`` sets.
HELPS = (
    (
        "correct",
        1,
        "recruit-hand CARD,CARD  the cards the Recruit holds face up\n"
        "recruit-tokens N     Morale tokens on the Recruit",
    ),
)
