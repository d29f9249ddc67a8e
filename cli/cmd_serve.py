"""``grizzled serve``: the phone companion (docs/companion.md) on this campaign file, or
on a club's server."""

from __future__ import annotations

import socket
import sys
from pathlib import Path
from typing import Any

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
@click.option(
    "--host",
    "hosts",
    multiple=True,
    metavar="NAME",
    help="Another name the phones reach this machine by (repeat); only the addresses "
    "printed, localhost and these are answered.",
)
@click.option(
    "--bind",
    metavar="ADDRESS",
    help="The address to listen on (default: 127.0.0.1, or with --lan the address "
    "printed; 0.0.0.0 for every interface).",
)
@pass_context
def serve(
    ctx: Context,
    port: int,
    lan: bool,
    keepers: int,
    odds: bool,
    names: tuple[str, ...],
    hosts: tuple[str, ...],
    bind: str | None,
) -> None:
    """Serve the board, Next line, log and score to the phones at the table.

    Example: grizzled serve --lan
    """
    try:
        import jinja2  # noqa: F401
        import segno  # noqa: F401
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as error:
        raise click.ClickException(INSTALL) from error
    if len(names) > keepers or any(not n.strip() or len(n) > 40 for n in names):
        raise click.UsageError(f"--name: at most {keepers} names (--keepers), 1 to 40 characters")
    state = ctx.state()  # the first-sight check every command makes: a campaign to show
    from web.app import create_app, keeper_tokens

    campaign = state.name  # -c, GRIZZLED_CAMPAIGN, else the one chosen now: kept till the end
    tokens = keeper_tokens(keepers)
    host = _lan_address() if lan else "127.0.0.1"
    viewer = f"http://{host}:{port}/"
    click.echo(f"Campaign: {campaign}")
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
    where = ctx.url or Path(ctx.db)  # a server: its URL
    app = create_app(where, tokens, named, odds=odds, campaign=campaign)
    _run(app, bind or host, port, where, tokens, [host, *hosts, *([bind] if bind else [])])


def _run(app: Any, host: str, port: int, where: Any, tokens: list[str], names: list[str]) -> None:
    """uvicorn with the companion's bounds (web/limits.py): open files raised to the hard
    limit, streams and connections capped to fit them, slow clients dropped, the log
    rate-limited."""
    import uvicorn

    from web import limits

    files = limits.open_files()
    bounds = limits.limits_for(files)
    short = limits.headroom(bounds, files)
    if short:
        click.echo(f"Warning: {short}", err=True)
    limits.quiet_logging()
    from web.guard import Guard, host_names
    from web.health import Health

    capped = limits.StreamCap(app, bounds)
    health = Health(capped, where, tokens, capped)
    guarded = health.outside = Guard(health, host_names(*names))
    config = uvicorn.Config(
        guarded,
        host=host,
        port=port,
        http=limits.protocol(bounds),
        backlog=limits.BACKLOG,  # fewer taken at once than the files kept in reserve
        log_config=None,  # limits.quiet_logging's handler, rate-limited
        log_level="warning",
        access_log=False,
        timeout_keep_alive=limits.KEEP_ALIVE,
        h11_max_incomplete_event_size=limits.HEAD_BYTES,
        timeout_graceful_shutdown=2,  # open streams end with the server
    )
    uvicorn.Server(config).run()


COMMANDS = [serve]
