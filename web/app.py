"""The companion's pages: the viewer's (``/``, read-only) and each keeper's (``/k/<token>``,
the token random per serve). Server-rendered; every request body bounded; an error is one
line on the page, never a traceback, and the server keeps running."""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from web.reading import Unreadable, viewer_page

HERE = Path(__file__).resolve().parent
MAX_BODY = 16 * 1024  # bytes: a write form is a few fields


def keeper_tokens(count: int) -> list[str]:
    """``count`` fresh keeper tokens, unguessable, new at each serve."""
    return [secrets.token_urlsafe(18) for _ in range(count)]


def create_app(db: Path, tokens: list[str]) -> Starlette:
    """The companion for the campaign file ``db``, its keepers holding ``tokens``."""
    templates = Jinja2Templates(directory=str(HERE / "templates"))

    def render(request: Request, keeper: int | None) -> Response:
        try:
            page = viewer_page(db)
        except Unreadable as error:
            return templates.TemplateResponse(
                request, "page.html", {"page": None, "error": str(error), "keeper": keeper}
            )
        return templates.TemplateResponse(
            request, "page.html", {"page": page, "error": None, "keeper": keeper}
        )

    async def viewer(request: Request) -> Response:
        return render(request, None)

    async def keeper(request: Request) -> Response:
        token = request.path_params["token"]
        if token not in tokens:
            return PlainTextResponse("Not a keeper's address.", status_code=404)
        return render(request, tokens.index(token) + 1)

    app = Starlette(
        routes=[
            Route("/", viewer),
            Route("/k/{token}", keeper),
            Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
        ],
        exception_handlers={Exception: _one_line},
    )
    app.add_middleware(_Bounded)
    return app


async def _one_line(request: Request, error: Exception) -> Response:
    return PlainTextResponse("The companion could not answer that request.", status_code=500)


class _Bounded:
    """Refuses a request whose body is over ``MAX_BODY`` bytes (HTTP 413), declared or
    sent, before any route reads it."""

    def __init__(self, app: Callable[..., Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:  # type: ignore[no-untyped-def]
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or ()).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
            await PlainTextResponse("Request body too large.", status_code=413)(
                scope, receive, send
            )
            return
        seen = 0

        async def bounded():  # type: ignore[no-untyped-def]
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                raise ValueError("request body too large")
            return message

        await self.app(scope, bounded, send)
