"""Every command a module offers is reachable through the lazy group, and only those: the
CLI's own modules' and the game modules' from their folders (cli/modules.py)."""

from __future__ import annotations

import click

from cli import (
    cmd_assist,
    cmd_box,
    cmd_branch,
    cmd_campaign,
    cmd_cards,
    cmd_db,
    cmd_integrity,
    cmd_mission,
    cmd_play,
    cmd_read,
    cmd_serve,
    cmd_why,
    modules,
    table,
)
from cli.main import main


def test_the_lazy_group_offers_exactly_the_commands_the_modules_define():
    ctx = click.Context(main)
    defined = {
        c.name
        for m in (
            cmd_assist,
            cmd_campaign,
            cmd_db,
            cmd_branch,
            cmd_play,
            cmd_mission,
            cmd_box,
            cmd_read,
            cmd_cards,
            cmd_integrity,
            cmd_serve,
            cmd_why,
            table,
        )
        for c in m.COMMANDS
    } | {c.name for c in modules.commands().values()}
    assert {"order", "recruit", "refill", "solo-support"} <= defined  # the game modules'
    assert set(main.list_commands(ctx)) == defined | {"demo"}
    for name in defined:
        command = main.get_command(ctx, name)
        assert command is not None and command.name == name
