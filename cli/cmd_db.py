"""The database itself, as its owner keeps it: ``grizzled db upgrade`` on a club's server."""

from __future__ import annotations

import click

from cli.context import Context, Refused, pass_context, refusals
from voice.lang import _


@click.group("db")
def db() -> None:
    """The campaign database itself (a club's PostgreSQL server: docs/deploy.md)."""


@db.command("upgrade")
@pass_context
def upgrade(ctx: Context) -> None:
    """Make, or bring up to date, grizzled's tables and functions on a club's PostgreSQL
    server, as the database's owner (the devices' roles may only read, insert and call
    them). Run once before the first campaign, and after upgrading grizzled.

    Example: grizzled --db postgresql://owner@club-server/grizzled?schema=north db upgrade
    """
    if ctx.url is None:
        raise Refused(
            _(
                "db upgrade is for a club's PostgreSQL server: a campaign file is brought up "
                "to date by the first command that writes it"
            )
        )
    from app.database import upgrade as upgrade_server

    with refusals():
        shown = upgrade_server(ctx)
    said = _(
        "The database {name} holds grizzled's tables and functions, up to date: the devices "
        "may log there (their roles: docs/deploy.md)."
    )
    click.echo(said.format(name=shown))


COMMANDS = (db,)
