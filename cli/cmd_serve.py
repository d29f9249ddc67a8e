"""``grizzled serve``: the phone companion (docs/companion.md) on this campaign file, or
on a club's server."""

from __future__ import annotations

import socket
import sys
from pathlib import Path

import click

from cli.context import Context, pass_context

INSTALL = "the companion needs its extra: pip install 'grizzled-tracker[web]'"


def _lan_address() -> str:
    """This machine's address on the table's network: the one its route out would use
    (a UDP socket connected sends nothing)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never reached, only routed
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def _qr(url: str) -> None:
    import segno

    segno.make(url, error="m").terminal(compact=True)


@click.command()
@click.option("--port", type=click.IntRange(1, 65535), default=8765, show_default=True)
@click.option("--lan", is_flag=True, help="Serve the table's network, not only this machine.")
@click.option(
    "--keepers",
    type=click.IntRange(1, 8),
    default=1,
    show_default=True,
    help="How many keepers (phones that log) get an address of their own.",
)
@click.option(
    "--odds",
    is_flag=True,
    help="Show the odds (grizzled odds) on every phone from the start; a keeper can turn "
    "them on and off.",
)
@click.option(
    "--name",
    "names",
    multiple=True,
    metavar="NAME",
    help="The name the log gives keeper 1's moves, then keeper 2's (repeat; default: keeper N).",
)
@pass_context
def serve(
    ctx: Context, port: int, lan: bool, keepers: int, odds: bool, names: tuple[str, ...]
) -> None:
    """Serve the board, Next line, log and score to the phones at the table.

    Example: grizzled serve --lan
    """
    try:
        import jinja2  # noqa: F401
        import segno  # noqa: F401
        import starlette  # noqa: F401
        import uvicorn
    except ImportError as error:
        raise click.ClickException(INSTALL) from error
    if len(names) > keepers or any(not n.strip() or len(n) > 40 for n in names):
        raise click.UsageError(f"--name: at most {keepers} names (--keepers), 1 to 40 characters")
    ctx.state()  # the first-sight check every command makes: a campaign to show
    from web.app import create_app, keeper_tokens

    tokens = keeper_tokens(keepers)
    host = _lan_address() if lan else "127.0.0.1"
    viewer = f"http://{host}:{port}/"
    click.echo(f"Viewer: {viewer}")
    if lan:
        _qr(viewer)
    named = [*names, *(f"keeper {n}" for n in range(len(names) + 1, keepers + 1))]
    for number, token in enumerate(tokens, 1):
        address = f"{viewer}k/{token}"
        click.echo(f"Keeper {number}: {address}")
        if lan:
            _qr(address)
    click.echo("Stop with Ctrl-C.")
    sys.stdout.flush()  # the addresses seen before the server starts, on a pipe too
    campaign = ctx.campaign_name()  # chosen now: every request names it
    app = create_app(ctx.url or Path(ctx.db), tokens, named, odds=odds, campaign=campaign)
    uvicorn.run(
        app,
        host="0.0.0.0" if lan else "127.0.0.1",
        port=port,
        log_level="warning",
        timeout_graceful_shutdown=2,  # open streams end with the server
    )


COMMANDS = [serve]
