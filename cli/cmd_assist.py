"""The assistant at the table (issue 32): odds and hints from public information only."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from cli.context import Context, pass_context, print_wrapped, refusals
from cli.params import Count

if TYPE_CHECKING:
    from domain.chapter.state import ChapterState

JSON = click.option("--json", "as_json", is_flag=True, help="Plain JSON (see docs/cli.md).")
PLAYOUTS_MOST = 100_000  # ~1 minute per intensity: every input bounded in time
SEED_MOST = 2**32 - 1


def running_chapter(ctx: Context) -> ChapterState:
    """The chapter being played, or a refusal (``app.readings.running_chapter``)."""
    from app.readings import running_chapter as running

    with refusals():
        return running(ctx)


@click.command()
@JSON
@click.option(
    "--playouts",
    type=Count(1, PLAYOUTS_MOST),
    default=2_000,
    show_default=True,
    help="Monte Carlo playouts for each intensity of the Mission to come.",
)
@click.option(
    "--seed",
    type=Count(0, SEED_MOST),
    help="Seed the playouts: the same seed, the same estimate (default: a new one, shown).",
)
@pass_context
def odds(ctx: Context, as_json: bool, playouts: int, seed: int | None) -> None:
    """The chances of the next card drawn (a Hard Knock, each threat, a third that fails
    the Mission), from the cards nobody can see; before a Mission, the chance it succeeds
    at each intensity, by Monte Carlo. Never reads a hand.

    Example: grizzled odds --seed 7
    """
    from app.readings import Reading
    from app.readings import odds as read_odds
    from voice import assist as said

    with refusals():
        found = read_odds(Reading(ctx.db), playouts, seed, session=ctx)
    card, estimates, refused, seed = found.card, found.estimates, found.refused, found.seed
    leader, draws, empties = found.leader, found.draws, found.empties
    if as_json:
        mission = [said.estimate_json(e) for e in estimates] if refused is None else None
        ctx.print_json(
            {
                "next_card": said.next_card_json(card, draws),
                "mission": {
                    "leader": leader,
                    "playouts": playouts,
                    "seed": seed,
                    "policy": said.POLICY,
                    "intensities": mission,
                    "deck_empties_at": empties[0] if empties and mission else None,
                    "reason": refused,
                },
            }
        )
        return
    print_wrapped(found.lines())


@click.command()
@JSON
@pass_context
def hint(ctx: Context, as_json: bool) -> None:
    """For the player whose turn it is, what each action would do now, with certainty (a
    third threat, a Trap, a Hard Knock, the charm, the last withdrawal), and the table's
    warnings (two alike, 3 Hard Knocks, the 13-card limit, the Morale Reserve, the
    Monument). Never reads a hand.

    Example: grizzled hint
    """
    from domain.assist.hints import hints
    from domain.public import acting_player
    from voice import assist as said

    chapter = running_chapter(ctx)
    actions, warnings = hints(chapter)
    player = acting_player(chapter)
    if as_json:
        ctx.print_json(said.hints_json(player, actions, warnings))
        return
    print_wrapped([line.text for line in said.hint_lines(player, actions, warnings)])


COMMANDS = (odds, hint)
