"""``grizzled serve``: the phone companion (docs/companion.md) on this campaign file, or
on a club's server."""

from __future__ import annotations

import socket
import sys
from pathlib import Path
from typing import Any

import click

from cli.context import Context, pass_context, refusals
from voice import lang

INSTALL = lang.N_("the companion needs its extra: pip install -e '.[web]' (in grizzled's folder)")


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
    "-c",
    "--campaign",
    "campaigns",
    multiple=True,
    metavar="NAME",
    help="The campaign to serve (repeat to serve several, each at /c/<name>/); default: "
    "grizzled's own -c, GRIZZLED_CAMPAIGN, else the one chosen now.",
)
@click.option(
    "--bind",
    metavar="ADDRESS",
    help="The address to listen on (default: 127.0.0.1, or with --lan the address "
    "printed; 0.0.0.0 for every interface).",
)
@click.option(
    "--keeper-qr",
    is_flag=True,
    help="With --lan, print each keeper's QR code too (anyone who sees the screen can "
    "scan it; the viewer's is always printed).",
)
@click.option(
    "--new-keeper-link",
    is_flag=True,
    help="Give the keepers new addresses: the old ones stop working (a keeper's address "
    "is otherwise kept from one serve to the next).",
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
    campaigns: tuple[str, ...],
    bind: str | None,
    keeper_qr: bool,
    new_keeper_link: bool,
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
        raise click.ClickException(lang._(INSTALL)) from error
    if len(names) > keepers or any(not n.strip() or len(n) > 40 for n in names):
        said = lang._("--name: at most {keepers} names (--keepers), 1 to 40 characters")
        raise click.UsageError(said.format(keepers=keepers))
    chosen = []  # each campaign served, as its state names it
    for name in campaigns or (None,):
        if name is not None:
            ctx.campaign_option, ctx.read_state = name, None
        elif _none_yet(ctx):  # the keeper's page offers the campaign's creation (issue 41)
            chosen.append("")
            continue
        chosen.append(ctx.state().name)  # the first-sight check every command makes
    from app.links import Links, links_file
    from web.app import create_app

    host = _lan_address() if lan else "127.0.0.1"
    listening = _listen(bind or host, port)  # a busy port: one line, before any address
    named = [*names, *(f"keeper {n}" for n in range(len(names) + 1, keepers + 1))]
    where = ctx.url or Path(ctx.db)  # a server: its URL
    apps, every_token = {}, []
    for campaign in dict.fromkeys(chosen):  # kept till the end, whatever `campaign use` says
        path = f"/c/{_slug(campaign)}" if len(chosen) > 1 else ""
        links = Links(links_file(where, campaign), keepers, renew=new_keeper_link)
        tokens = links.tokens
        every_token += tokens
        _addresses(campaign, f"http://{host}:{port}{path}/", tokens, lan, keeper_qr)
        apps[path] = create_app(where, tokens, named, odds=odds, campaign=campaign, links=links)
    click.echo(lang._("Stop with Ctrl-C."))
    sys.stdout.flush()  # the addresses seen before the server starts, on a pipe too
    app = apps[""] if "" in apps else _several(apps)
    answered = [host, *hosts, *([bind] if bind else [])]
    _run(app, listening, where, every_token, answered)


def _none_yet(ctx: Context) -> bool:
    """Whether the file holds no campaign yet (none named, none remembered)."""
    from app.database import campaigns

    with refusals():
        return not campaigns(ctx)


def _listen(host: str, port: int) -> socket.socket:
    """The server's socket, bound now: a port in use is said in one line (exit 1)."""
    import errno

    from voice import keeper as said

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as error:
        sock.close()
        if error.errno == errno.EADDRINUSE:
            raise click.ClickException(lang._(said.PORT_BUSY).format(port=port)) from None
        raise click.ClickException(f"{host}:{port}: {error.strerror}") from None
    return sock


def _addresses(campaign: str, viewer: str, tokens: list[str], lan: bool, qr: bool) -> None:
    """The campaign served, its viewer's address and each keeper's: with --lan the
    viewer's QR code, the keepers' only if asked (``--keeper-qr``)."""
    from voice import keeper as said

    if campaign:
        click.echo(lang._("Campaign: {name}").format(name=campaign))
    else:
        click.echo(lang._("No campaign yet: create it on the keeper's page."))
    click.echo(lang._("Viewer: {address}").format(address=viewer))
    if lan:
        _qr(viewer)
    for number, token in enumerate(tokens, 1):
        click.echo(
            lang._("Keeper {number}: {address}").format(number=number, address=f"{viewer}k/{token}")
        )
        if lan and qr:
            _qr(f"{viewer}k/{token}")
    if lan and not qr and tokens:
        click.echo(f"({lang._(said.KEEPER_QR)})")


def _slug(name: str) -> str:
    """A campaign's name as a path: letters and digits, the rest dashes."""
    return "-".join("".join(c if c.isalnum() else " " for c in name.casefold()).split()) or "c"


def _several(apps: dict[str, Any]) -> Any:
    """One app serving each campaign's companion at its own path (each one's watcher
    started with it)."""
    import contextlib

    from starlette.applications import Starlette
    from starlette.responses import PlainTextResponse
    from starlette.routing import Mount, Route

    @contextlib.asynccontextmanager
    async def lifespan(app: Any) -> Any:
        async with contextlib.AsyncExitStack() as stack:
            for each in apps.values():
                await stack.enter_async_context(each.router.lifespan_context(each))
            yield

    async def index(request: Any) -> Any:
        return PlainTextResponse("\n".join(f"{path}/" for path in apps))

    routes = [Route("/", index), *(Mount(path, app=each) for path, each in apps.items())]
    return Starlette(routes=routes, lifespan=lifespan)


def _run(app: Any, sock: socket.socket, where: Any, tokens: list[str], names: list[str]) -> None:
    """uvicorn with the companion's bounds (web/limits.py): open files raised to the hard
    limit, streams and connections capped to fit them, slow clients dropped, the log
    rate-limited."""
    import uvicorn

    from app.watch import serving
    from web import limits

    serving()  # its threads share the file (issue 39)

    files = limits.open_files()
    bounds = limits.limits_for(files)
    short = limits.headroom(bounds, files)
    if short:
        click.echo(lang._("Warning: {warning}").format(warning=short), err=True)
    limits.quiet_logging()
    from web.guard import Guard, host_names
    from web.health import Health

    capped = limits.StreamCap(app, bounds)
    health = Health(capped, where, tokens, capped)
    guarded = health.outside = Guard(health, host_names(*names))
    config = uvicorn.Config(
        guarded,
        http=limits.protocol(bounds),
        backlog=limits.BACKLOG,  # fewer taken at once than the files kept in reserve
        log_config=None,  # limits.quiet_logging's handler, rate-limited
        log_level="warning",
        access_log=False,
        timeout_keep_alive=limits.KEEP_ALIVE,
        h11_max_incomplete_event_size=limits.HEAD_BYTES,
        timeout_graceful_shutdown=2,  # open streams end with the server
    )
    uvicorn.Server(config).run(sockets=[sock])


COMMANDS = [serve]
