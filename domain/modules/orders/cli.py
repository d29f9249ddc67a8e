"""Orders of the Day's commands (``cli/modules.py``): ``grizzled order cancel`` and
``describe order``, ``mission start``'s ``--order`` and ``--back``, the Briefing's and the
One-shot's ``--orders``. Of the CLI's layer, though in the module's
folder: nothing of domain, app, voice or web imports it; the CLI finds it by the folders'
layout, the first time one of its commands is asked for."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from cli import parse
from cli.context import Context, pass_context
from cli.counts import CARD_NUMBER, DRAWS
from cli.describing import EFFECT, FORBID, REASON, enter, rule_option
from cli.modules import Added
from cli.params import TEXT, TITLE, WORD, OneOf
from cli.playing import PLAYER, chapter_of
from domain.limits import PLAYERS, TRIAL_CARDS
from voice import lang
from voice import summary as said

if TYPE_CHECKING:
    from domain.chapter.commands import Options


@click.group()
def order() -> None:
    """Orders of the Day in play."""


@order.command("cancel")
@click.argument("number", type=CARD_NUMBER)
@click.option(
    "-r",
    "--reason",
    type=TEXT,
    default="",
    help="How its cancellation condition was met (required unless the tool checks it).",
)
@PLAYER
@click.option(
    "--draws",
    type=DRAWS,
    default=0,
    show_default=True,
    help="Trials cards the player draws into hand, if the condition says so.",
)
@pass_context
def order_cancel(ctx: Context, number: int, reason: str, who: str | None, draws: int) -> None:
    """A lasting Order of the Day's cancellation condition is met: it leaves No Man's Land.

    Example: grizzled order cancel 12 -r "Ann drew 3 cards" -p ann --draws 3
    """
    from domain.modules.orders import CancelOrder

    state = ctx.state()
    name = parse.player(who, [p.name for p in chapter_of(state).players]) if who else None
    ctx.log(CancelOrder(number, reason, name, draws), said.order_cancelled(number))


@click.command("order")
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
    from domain.modules.orders.steps import DescribeOrder

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
    enter(
        ctx,
        DescribeOrder(
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


def kept(ctx: Context, typed: dict[str, Any]) -> Options:
    """A Mission's start given the order the leader keeps and the one put back on top."""
    from domain.modules.orders import kept_orders

    return kept_orders(typed["order"], typed["order_back"])


def deck(ctx: Context, typed: dict[str, Any]) -> dict[str, Any]:
    """A Briefing's Order of the Day deck."""
    return {"orders": parse.numbers(typed["orders"])}


def drawn(ctx: Context, typed: dict[str, Any]) -> dict[str, Any]:
    """A One-shot's Orders of the Day drawn at the table (None: the tool draws them)."""
    return {"orders": parse.numbers(typed["orders"]) or None}


MISSION_START = Added(
    (
        click.Option(
            ["--order"],
            type=CARD_NUMBER,
            metavar="N",
            help="Orders of the Day: the order the leader keeps.",
        ),
        click.Option(
            ["--back", "order_back"],
            type=CARD_NUMBER,
            metavar="N",
            help="Orders of the Day: the other order drawn, put back on top of the deck.",
        ),
    ),
    kept,
)


def in_deck(chapter: Any) -> list[tuple[str, str]]:
    """The Orders of the Day still in their deck, with their names and texts (Tab in a
    table session, after ``--order``)."""
    from cli.table_complete import numbered
    from domain.modules.orders import order_piles

    piles = order_piles(chapter)
    deck = piles.deck if piles is not None else ()
    return numbered(deck, chapter.catalogue.orders, lang._("order not described"))


SESSION_VALUES = {"--order": in_deck}
OPTIONS = {
    "mission start": MISSION_START,
    "briefing": Added(
        (
            click.Option(
                ["--orders"],
                type=WORD,
                default="",
                metavar="N,N,...",
                help="The Order of the Day deck.",
            ),
        ),
        deck,
    ),
    "oneshot start": Added(
        (
            click.Option(
                ["--orders"],
                type=WORD,
                default="",
                metavar="N,N,...",
                help="The Orders of the Day drawn for the deck (at a real table).",
            ),
        ),
        drawn,
    ),
}
COMMANDS = {"order": order}
SUBCOMMANDS = {"describe": {"order": describe_order}}

# What it adds to docs/cli.md's JSON schemas (``cli.modules.schema``: ``python -m cli.docgen``),
# by the place in the text it goes (``cli/docgen.py``: ``{modules:PLACE}``).
SCHEMA = (
    (
        "after legal",
        "orders: [number in play],\n"
        "orders_in_play: [{number, name, effect, threats: [threat], lasting, cancellation,\n"
        "forbids: [words]}],\n",
    ),
    (
        "texts",
        "`orders_in_play`: each Order of the Day in play (`orders` gives their numbers), "
        "with what\n"
        "it adds to No Man's Land, what it `forbids` (in words, as a refusal says it) and, when\n"
        "`lasting`, its `cancellation` condition. ",
    ),
    (
        "next",
        " When it is a player's turn, `next` names the Orders\n"
        "in play with their texts after the command, in parentheses: the table applies them.",
    ),
    ("briefings", "orders, "),
)

# What it adds to the game's commands' help (``HELPS``: each the mark's WHERE in the help,
# its rank among the modules', its text; ``cli.modules.helps``): the facts ``grizzled
# correct`` sets.
HELPS = (
    (
        "correct",
        2,
        "order-add N          an Order of the Day placed in No Man's Land\n"
        "order-remove N       an Order of the Day cancelled (to the discard)",
    ),
)
