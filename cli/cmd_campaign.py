"""Campaigns: create, list, choose the current one, show one."""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING

import click

from cli.context import Context, pass_context, print_wrapped, refusals
from cli.params import NAME, NAME_MOST, WORD, OneOf, unseen
from voice import lang
from voice.facts import campaign_json
from voice.shown import SHORT, shown

if TYPE_CHECKING:
    pass

RULESETS = ("classic", "armistice")
LANGUAGES = ("en", "fr")


def _seat(text: str) -> tuple[str, str, str]:
    """``NAME:CHARM`` or ``NAME:CHARM@OWNER`` (Duo)."""
    from cli.parse import THREAT_NAMES, threat

    spec, _, owner = unicodedata.normalize("NFC", text).partition("@")
    name, sep, charm = spec.partition(":")
    if not sep or not name.strip():
        said = lang._("{text}: write NAME:CHARM, e.g. ann:night (Duo: ann:night@Ann)")
        raise click.BadParameter(said.format(text=repr(text)))
    if max(len(name.strip()), len(owner.strip())) > NAME_MOST:
        said = lang._("{text}: a name is at most {most} characters")
        raise click.BadParameter(said.format(text=repr(text), most=NAME_MOST))
    if why := unseen(name) or unseen(owner):
        raise click.BadParameter(why)
    try:
        found = threat(charm) if charm.strip() and charm.strip().lower() != "mask" else ""
    except click.BadParameter:
        found = ""
    if not found:
        said = lang._("{text}: the charm is one of {charms}")
        raise click.BadParameter(said.format(text=repr(text), charms=", ".join(THREAT_NAMES)))
    return name.strip().capitalize(), found, owner.strip()


@click.group()
def campaign() -> None:
    """Create, list, choose and show campaigns."""


@campaign.command("new")
@click.argument("name", type=NAME)
@click.option(
    "--rules",
    type=OneOf(RULESETS),
    default="classic",
    show_default=True,
    help="classic (2015 base game) or armistice (2018 campaign).",
)
@click.option(
    "-p",
    "--player",
    "players",
    type=WORD,
    multiple=True,
    required=True,
    metavar="NAME:CHARM",
    help="A Grizzled in seat order (clockwise), e.g. -p ann:night. Duo: ann:night@Ann.",
)
@click.option(
    "--lang",
    "language",
    type=OneOf(LANGUAGES),
    help="The campaign's language (en or fr): every command on it speaks it, unless "
    "given another with grizzled --lang.",
)
@pass_context
def new(ctx: Context, name: str, rules: str, players: tuple[str, ...], language: str) -> None:
    """Create a campaign and make it the current one.

    Example: grizzled campaign new Friday --rules classic -p ann:night -p ben:snow -p cy:rain
    """
    from app.setup import NewCampaign, create_campaign
    from cli.context import say

    if language is not None:
        lang.follow(language)  # the group's words read in it (the charms: nuit, obus)
    seats = tuple(_seat(p) for p in players)
    ctx.access = "create"
    with refusals():
        made = create_campaign(NewCampaign(ctx.db, name, rules, seats, language), ctx)
    ctx.remember_campaign(made.name)
    say(made.said)


@campaign.command("lang")
@click.argument("language", type=OneOf(LANGUAGES))
@pass_context
def language_(ctx: Context, language: str) -> None:
    """Choose the language the current campaign speaks (en or fr): its narration, Next
    line, board and refusals. What is recorded is the same in every language.

    Example: grizzled campaign lang fr
    """
    from domain.campaign.language import ChooseLanguage
    from voice.summary import language as summary

    lang.follow(language)
    ctx.log(ChooseLanguage(language), summary(language))


@campaign.command("list")
@click.option("--json", "as_json", is_flag=True, help="Plain JSON: a list of names.")
@pass_context
def list_(ctx: Context, as_json: bool) -> None:
    """List the campaigns in the database (the current one is marked)."""
    from app.database import campaigns

    with refusals():  # a file not made yet holds none; a server is asked (not the cache)
        names = campaigns(ctx)
    if as_json:
        ctx.print_json(names)
        return
    if not names:
        said = lang._("No campaign in {where} yet: grizzled campaign new NAME -p ...")
        click.echo(said.format(where=shown(ctx.where)))
    current = ctx.remembered_campaign()
    for name in names:
        click.echo(f"{'*' if name == current else ' '} {shown(name, SHORT)}")


@campaign.command("use")
@click.argument("name", type=NAME)
@pass_context
def use(ctx: Context, name: str) -> None:
    """Make NAME the current campaign of this database."""
    from app.remembered import use as chosen

    with refusals():
        kept = chosen(ctx, name)
    click.echo(lang._("Current campaign: {name}").format(name=shown(kept, SHORT)))


@campaign.command("show")
@click.argument("name", type=NAME, required=False)
@click.option("--json", "as_json", is_flag=True, help="Plain JSON (see docs/cli.md).")
@pass_context
def show(ctx: Context, name: str | None, as_json: bool) -> None:
    """Show a campaign: rules, Grizzled, chapters played, Helping Hands, bans, and each
    chapter's checkpoint for the chapter sheet."""
    from app.chapter_end import campaign_checkpoints, checkpoint_lines
    from cli.render import SCORE_PAGE, campaign_panel

    if name:
        ctx.campaign_option = name
    if not as_json:
        from app.pages import campaign_page
        from cli.render import campaign_page_view

        page = campaign_page(ctx, SCORE_PAGE, ctx.state, RECENT)  # the read models' rows
        if page is not None:
            from voice.score import chapter_grizzled_lines

            ctx.console().print(campaign_page_view(page))
            print_wrapped(chapter_grizzled_lines(page["seats"], page["chapters"]))
            print_wrapped(checkpoint_lines(*page["checkpoints"]))
            return
    state = ctx.state()
    if as_json:
        checkpoints, _ = campaign_checkpoints(ctx, lambda: state)
        from app.pages import chapter_grizzled

        _, chapters = chapter_grizzled(ctx, None)
        ctx.print_json({**campaign_json(state), "chapters": chapters, "checkpoints": checkpoints})
        return
    ctx.console().print(campaign_panel(state))
    print_wrapped(_grizzled_lines(ctx, SCORE_PAGE))
    print_wrapped(checkpoint_lines(*campaign_checkpoints(ctx, lambda: state, RECENT)))


def _grizzled_lines(ctx: Context, last: int | None) -> list[str]:
    """``campaign show``'s lines of the chapters whose Grizzled are not the campaign's first
    (none when every chapter kept them)."""
    from app.pages import chapter_grizzled
    from voice.score import chapter_grizzled_lines

    return chapter_grizzled_lines(*chapter_grizzled(ctx, last))


# The text lists the checkpoints of the newest chapters (an Armistice campaign's ten
# whole); --json lists every one.
RECENT = 10


COMMANDS = (campaign,)
