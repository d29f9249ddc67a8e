"""What the commands that log a chapter's actions share, the game's (cli/cmd_play.py) and a
module's from its folder (cli/modules.py): ``-p NAME`` for who acts, and the chapter being
played. Small, so that a module's command does not load the game's."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from cli.complete import complete_player
from cli.context import Refused
from cli.params import NAME
from voice import lang

if TYPE_CHECKING:
    from domain.campaign.flow import CampaignState
    from domain.chapter.state import ChapterState

PLAYER = click.option(
    "-p",
    "--player",
    "who",
    type=NAME,
    metavar="NAME",
    shell_complete=complete_player,
    help="Who acts (default: whose turn it is).",
)


def chapter_of(state: CampaignState) -> ChapterState:
    """The chapter being played, or a refusal naming how to start one."""
    if state.chapter is None:
        raise Refused(lang._("no chapter has been started yet: grizzled chapter start"), "campaign")
    return state.chapter
