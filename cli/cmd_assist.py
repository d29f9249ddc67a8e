"""The assistant at the table (issue 32): odds and hints from public information only."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from cli.context import Context, Refused, pass_context, print_wrapped
from cli.params import Count

if TYPE_CHECKING:
    from domain.assist.mission import Estimate
    from domain.chapter.state import ChapterState

JSON = click.option("--json", "as_json", is_flag=True, help="Plain JSON (see docs/cli.md).")
PLAYOUTS_MOST = 100_000  # ~1 minute per intensity: every input bounded in time
SEED_MOST = 2**32 - 1


def running_chapter(ctx: Context) -> ChapterState:
    """The chapter being played, or a refusal. Read from the read models, it is decoded
    alone (``readmodel.projected_board``: the campaign's own records neither decoded nor
    imported); between chapters, or where the file keeps no read models, the campaign's
    state says what comes next."""
    if ctx.reads_models():
        from cli.readmodel import projected_board

        chapter = projected_board(ctx)
        if chapter is not None and chapter.phase.value != "over":
            return chapter
    state = ctx.state()
    chapter = state.chapter
    if chapter is None or chapter.phase.value == "over":
        from voice.assist import no_chapter
        from voice.next_step import next_step

        raise Refused(no_chapter(next_step(state)))
    return chapter


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
    import random

    from domain.assist.unseen import draws_in_mission, next_draw
    from voice import assist as said

    chapter = running_chapter(ctx)
    seed = random.SystemRandom().randrange(SEED_MOST + 1) if seed is None else seed
    leader = chapter.players[chapter.leader].name
    estimates: tuple[Estimate, ...] = ()
    refused: str | None = said.UNDER_WAY
    empties: tuple[int, int] | None = None
    if chapter.phase.value == "preparation":  # the simulator is loaded only to be run
        from domain.assist.mission import NoEstimate, deck_emptied, mission_odds

        try:
            estimates, refused = mission_odds(chapter, random.Random(seed), playouts), None
            empties = deck_emptied(chapter)
        except NoEstimate as why:
            refused = str(why)
    card = next_draw(chapter)
    draws = draws_in_mission(chapter)
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
    mission_said = said.mission_lines(leader, estimates, seed, refused, empties)
    lines = said.next_card_lines(card, draws) + mission_said
    print_wrapped([line.text for line in lines])


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
