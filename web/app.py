"""The companion's pages: the viewer's (``/``, read-only) and each keeper's (``/k/<token>``,
the token random and kept from one serve to the next (app/links.py), with the moves the
rules allow now: ``/k/<token>/act`` logs one, a tap sent again answered from the log), and
the stream of the board as it changes (``/events``: an update as each event is logged, a
heartbeat every ``PING`` seconds, which web/static/connection.js watches). Server-rendered;
every request body bounded; an error is one line on the page, never a traceback, and the
server keeps running."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import (
    FileResponse,
    HTMLResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from app.errors import NoCampaign, Refused
from app.links import Links, counted
from app.readings import written
from app.redact import redacted
from app.session import Session, campaign_key
from app.watch import Watched
from voice import keeper as said
from voice import lang
from web.keeper import (
    Keepers,
    Write,
    composer,
    form,
    read_menu,
    request_of,
    sections,
    write,
)
from web.limits import WRITE, asked_in, scope_headers
from web.reading import log_page, odds_lines, symbol, viewer_page
from web.setup import Wiring, setup_routes

HERE = Path(__file__).resolve().parent
MAX_BODY = 16 * 1024  # bytes: a write form is a few fields
POLL = 0.3  # seconds between two looks at the file (one task for every phone)
PUSHED = 1.0  # seconds a keeper's write waits for its board's push before closing its file
PING = 3.0  # seconds between two heartbeats on every stream (a phone 10 s without one says so)
RETRY_MS = 2000  # how soon a phone's stream that broke tries again (the browser's own retry)
JS = "text/javascript; charset=utf-8"
STREAM = "text/event-stream"
STREAM_HEADERS = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}


@dataclass(eq=False)
class _Listener:
    """A stream written to directly: its connection's writer, its phone's language, and
    the event and rendering it last sent."""

    write: Callable[[bytes], bool]
    language: str
    seen: int | None
    rendered: int | None


@dataclass
class _Shown:
    """The viewer's regions as last rendered, and the event they were built from."""

    event: int = -2  # none yet (-1: a server that did not answer, shown as such)
    regions: dict[str, str] = field(default_factory=dict)  # by language (issue 45)
    campaign: str = ""
    version: int = 0  # one more at each rendering: a setting changed shows at the same event
    odds: bool = False  # the group turned the odds on (a keeper's switch, or serve --odds)
    # the update every stream sends, by language: the regions, its id the event
    messages: dict[str, bytes] = field(default_factory=dict)
    looked: float = -1.0  # when the last look at the file began (the loop's clock)
    # set when the regions change, then replaced: a stream waits on it without a lock, so
    # a thousand streams cost one wake-up each and none can hold another up
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    beats: int = 0  # one more at each heartbeat: a stream that wakes and sees no update pings
    ping: bytes = b""  # the heartbeat every stream sends: the last event's number
    errors: dict[str, str] = field(default_factory=dict)  # why there is no board, by language
    # the streams written to directly (web/limits.py's WRITE): each update's chunk framed
    # once per language and written to each connection, no stream woken for it
    listeners: set[_Listener] = field(default_factory=set)
    frames: dict[str, bytes] = field(default_factory=dict)
    # the languages rendered at each update: the serve's, then each one a phone asked for
    # (a table in one language renders the board once an update, not once a language)
    languages: set[str] = field(default_factory=set)

    def beat(self) -> None:
        """A heartbeat: every stream woken at once (one timer for all, not one each)."""
        self.beats += 1
        self.ping = f"event: ping\ndata: {self.event}\n\n".encode()
        self._push(_chunk(self.ping))
        woken, self.changed = self.changed, asyncio.Event()
        woken.set()

    def _push(self, ping: bytes = b"") -> None:
        """The heartbeat (``ping``), else the update, written to every direct stream that
        has not had it; a stream whose connection is gone (or too far behind) let go."""
        gone = []
        for each in self.listeners:
            data = ping
            if not ping and (each.seen, each.rendered) != (self.event, self.version):
                each.seen, each.rendered = self.event, self.version
                data = self.frames.get(each.language, b"")
            if data and not each.write(data):
                gone.append(each)
        self.listeners.difference_update(gone)

    def written(
        self, event: int, regions: dict[str, str], campaign: str, errors: dict[str, str]
    ) -> None:
        """The regions a keeper's write read before its file closed: shown unless a look
        since found the file further on, a phone asked for another language meanwhile or
        the odds were turned on (then the tap's own look shows what it finds)."""
        if event >= self.event and self.languages <= regions.keys() and not self.odds:
            self.errors = errors
            self.show(event, regions, campaign)

    def show(self, event: int, regions: dict[str, str], campaign: str) -> None:
        """The regions rendered at ``event`` (in each language): every waiting stream woken."""
        self.event, self.regions, self.campaign = event, regions, campaign
        # made once for every stream of a language
        self.messages = {code: _sse(event, text).encode() for code, text in regions.items()}
        self.frames = {code: _chunk(message) for code, message in self.messages.items()}
        self.version += 1
        self._push()
        woken, self.changed = self.changed, asyncio.Event()
        woken.set()


def create_app(
    db: Path | str,
    tokens: list[str],
    names: list[str] | None = None,
    odds: bool = False,
    campaign: str = "",
    links: Links | None = None,
) -> Starlette:
    """The companion for the campaign file ``db`` (or the club's server whose URL it is),
    its keepers holding ``tokens`` (named ``names`` in the log; ``keeper 1``,
    ``keeper 2``... by default); the odds shown from the start if ``odds``. It shows and
    writes into ``campaign`` whatever ``campaign use`` chooses meanwhile (``app.state``;
    without one, the file's current campaign at each reading). ``links`` keeps the taps
    tried across a restart (app/links.py; default: for this serve only)."""
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    templates.env.add_extension("jinja2.ext.i18n")  # {{ _("...") }}: the language in use
    templates.env.install_gettext_callables(  # type: ignore[attr-defined]
        lang._, lang.ngettext, newstyle=True, pgettext=lang.pgettext
    )
    templates.env.globals["symbol"] = symbol  # the threats' symbols, drawn inline
    default = lang.current()  # the serve's (--lang, the locale): a phone may ask another
    shown = _Shown(odds=odds)
    watched = Watched(db)
    keepers = Keepers(tokens, list(names or ()))
    links = links if links is not None else Links(None, 0)
    writing = asyncio.Lock()  # one write at a time, its event number checked under it

    shown.languages.add(default)

    def regions(
        languages: list[str], session: Session | None = None
    ) -> tuple[dict[str, str], str, dict[str, str]]:
        """The viewer's regions as the file reads now, or the one line saying why not, in
        each of ``languages`` (the ones phones asked for); the campaign they show; and that
        line, if any, by language (a keeper's moves say it too). Read in ``session`` if
        given (a keeper's write's, before it closes: ``shown_before_close``)."""
        texts, shows, errors = {}, "", {}
        lang.CHOSEN.set(True)  # each language in turn, whatever the campaign's own
        for code in languages:
            lang.use(code)
            page, error, odds = None, None, None
            try:
                page = viewer_page(db, campaign or None, session)
            except NoCampaign:  # the keeper's set-up page creates it: no command to type
                error = lang._(said.NO_CAMPAIGN_YET)
            except Refused as unreadable:
                error = errors[code] = redacted(str(unreadable), db)
            if page is not None and shown.odds:
                odds = [redacted(line, db) for line in odds_lines(db, page.campaign)]
            texts[code] = templates.get_template("regions.html").render(
                page=page, error=error, odds=odds, odds_title=said.ODDS_TITLE
            )
            shows = page.campaign if page is not None else ""
        return texts, shows, errors

    def speak(request: Request) -> str:
        """The language of this request: ``?lang=`` (the page's switch), the phone's
        earlier choice (a cookie), its browser's ``Accept-Language``, else the serve's."""
        asked = lang.supported(request.query_params.get("lang"))
        asked = asked or lang.supported(request.cookies.get("lang"))
        code = asked or lang.from_accept(request.headers.get("accept-language")) or default
        lang.CHOSEN.set(True)  # the phone's: a campaign's own language does not override it
        return lang.use(code)

    def plain(request: Request, message: str, status: int, **fields: str) -> Response:
        """One line for a phone where there is no page to show it on, in its language."""
        speak(request)
        return PlainTextResponse(lang._(message).format(**fields), status_code=status)

    rendering = asyncio.Lock()  # one look (and one rendering) at a time, for every phone

    async def refresh(again: bool = False) -> None:
        """Look at the file; if it has a new last event (or ``again``: a setting changed),
        render the regions once for every page and stream and wake the streams. The
        reading runs in a thread: the server goes on answering meanwhile."""
        asked = asyncio.get_running_loop().time()
        async with rendering:
            if shown.looked >= asked and not again:
                return  # a look that began after this one was asked for has just ended
            shown.looked = asyncio.get_running_loop().time()
            languages = sorted(shown.languages)
            event, found = await asyncio.to_thread(look, shown.event, again, languages)
            if found is None:
                return
            text, campaign, shown.errors = found
            shown.show(event, text, campaign)

    def look(
        seen: int, again: bool, languages: list[str]
    ) -> tuple[int, tuple[dict[str, str], str, dict[str, str]] | None]:
        """The file's last event, and the regions if it is not ``seen`` (or ``again``): one
        thread's work, not two (a tap's board reaches the phones a hand-over sooner)."""
        event = watched.last_event()
        return event, (regions(languages) if event != seen or again else None)

    def shown_before_close(languages: list[str]) -> Callable[[Session], None] | None:
        """What a keeper's write does once its move is saved and the read models caught
        up, before its file is closed (the checkpoint, what this machine remembers of the
        file): the regions read in its unit of work and handed to the event loop, which
        pushes them to every phone. None when the odds are shown (read after the close)."""
        if shown.odds:
            return None
        loop = asyncio.get_running_loop()

        def show(work: Session) -> None:
            with written(work, campaign or None) as event:  # the regions' campaign
                if event is None:
                    return
                text, shows, errors = regions(languages, work)
            pushed = threading.Event()

            def push() -> None:
                try:
                    shown.written(event, text, shows, errors)
                finally:
                    pushed.set()

            loop.call_soon_threadsafe(push)
            # the close's work waits for the push: it would take the interpreter from it
            pushed.wait(PUSHED)

        return show

    async def wanted(language: str) -> None:
        """A phone asks for ``language``: rendered from now on, and now if it was not."""
        if language not in shown.languages:
            shown.languages.add(language)
            await refresh(again=True)

    async def watch() -> None:
        beat = asyncio.get_running_loop().time() + PING
        while True:
            with contextlib.suppress(Exception):  # an unreadable moment: look again
                await refresh()
            if asyncio.get_running_loop().time() >= beat:
                shown.beat()
                beat = asyncio.get_running_loop().time() + PING
            await asyncio.sleep(POLL)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        task = asyncio.create_task(watch())
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            watched.close()

    def kept_menu(event: int, campaign: str) -> dict[str, Any] | None:
        """The moves at ``event`` if they were read while it was the last event."""
        return keepers.menus.get((event, f"{campaign}\n{lang.current()}"))

    async def menu_at(event: int, campaign: str) -> dict[str, Any]:
        """The moves the rules allow at ``event``: read once, kept while it is the last."""
        said = f"{campaign}\n{lang.current()}"  # its labels are in the phone's language
        if (event, said) in keepers.menus:
            return keepers.menus[(event, said)]
        menu = await asyncio.to_thread(read_menu, db, campaign)
        if await asyncio.to_thread(watched.last_event) == event:  # not logged meanwhile
            keepers.remember(event, said, menu)
        return menu

    async def moves(token: str, number: int, error: str | None = None, base: str = "") -> str:
        """The keeper's moves region, built on the board the page shows."""
        event, campaign = shown.event, shown.campaign
        error = error or shown.errors.get(lang.current())  # no board: no moves, and why
        menu: dict[str, Any] = {"moves": [], "drawable": [], "facts": [], "players": []}
        if campaign:
            try:
                menu = await menu_at(event, campaign)
            except Refused as unreadable:
                error = error or redacted(str(unreadable), db)
        return templates.get_template("moves.html").render(
            token=token,
            event=event,
            csrf=keepers.page_token(number),
            campaign=campaign_key(campaign),
            base=base,
            error=error,
            sections=sections(menu["moves"]),
            composer=composer(menu),
            drawable=menu["drawable"],
            turn=menu.get("turn", ""),
            drawn_label=said.drawn_label,
            undo_reason=said.UNDO_REASON,
            odds=shown.odds,
            facts=menu.get("facts", []),
            players=menu.get("players", []),
            words=said,
        )

    async def render(
        request: Request, keeper: int | None, error: str | None = None, status: int = 200
    ) -> Response:
        language = speak(request)
        await wanted(language)
        await refresh()  # the file as it is now; rendered once whoever asks
        regions = shown.regions.get(language, "")
        page = {"regions": regions, "event": shown.event, "keeper": keeper, "moves": ""}
        page["version"] = shown.version
        page["token"] = ""
        page["base"] = base = _base(request)
        page["language"] = language
        page["languages"] = [
            (code, lang.language_name(code, native=True)) for code in lang.LANGUAGES
        ]
        if keeper is not None:
            page["token"] = request.path_params["token"]
            page["moves"] = await moves(request.path_params["token"], keeper, error, base)
        answer = templates.TemplateResponse(request, "page.html", page, status_code=status)
        if lang.supported(request.query_params.get("lang")):  # the switch: kept for this phone
            answer.set_cookie("lang", language, max_age=365 * 24 * 3600, samesite="strict")
        return answer

    async def statistics(request: Request) -> Response:
        # a look back over every campaign: read when asked, not pushed
        from web.stats import stats_page

        language = speak(request)
        pieces, error = [], None
        try:
            pieces = await asyncio.to_thread(stats_page, db)
        except Refused as unreadable:
            error = redacted(str(unreadable), db)
        # a keeper's page asked: its link goes back in the phone's history (the keeper's
        # address is never in a link a keeper might share)
        back = request.query_params.get("from") == "keeper"
        base = _base(request)
        page = {"pieces": pieces, "error": error, "back": back, "base": base}
        page["language"] = language
        return templates.TemplateResponse(request, "stats.html", page)

    async def whole_log(request: Request) -> Response:
        # the whole log, a page at a time, read when asked: a viewer's board carries only
        # its newest entries (app.readings.LOG_SHOWN), pushed at every tap
        language = speak(request)
        asked = request.query_params.get("skip", "0")
        skip = int(asked) if asked.isdigit() and len(asked) < 10 else 0
        page, error = None, None
        try:
            page = await asyncio.to_thread(log_page, db, bound(request) or None, skip)
        except NoCampaign:
            error = lang._(said.NO_CAMPAIGN_YET)
        except Refused as unreadable:
            error = redacted(str(unreadable), db)
        back = request.query_params.get("from") == "keeper"
        fields = {"page": page, "error": error, "back": back, "base": _base(request)}
        fields["language"] = language
        return templates.TemplateResponse(request, "log.html", fields)

    def bound(request: Request) -> str:
        return str(request.app.state.campaign or shown.campaign)

    async def viewer(request: Request) -> Response:
        return await render(request, None)

    async def worker(request: Request) -> Response:
        # served from the root, so that it may keep this companion's pages (its scope)
        headers = {"Cache-Control": "no-cache"}
        return FileResponse(HERE / "static" / "sw.js", headers=headers, media_type=JS)

    def keeper_number(request: Request) -> int | None:
        return keepers.number(request.path_params["token"])

    async def keeper(request: Request) -> Response:
        number = keeper_number(request)
        if number is None:
            return plain(request, said.NOT_A_KEEPER, 404)
        return await render(request, number)

    async def keeper_moves(request: Request) -> Response:
        number = keeper_number(request)
        if number is None:
            return plain(request, said.NOT_A_KEEPER, 404)
        await wanted(speak(request))
        await refresh()
        return HTMLResponse(await moves(request.path_params["token"], number, base=_base(request)))

    async def keeper_form(request: Request) -> tuple[int, dict[str, str]] | Response:
        """A keeper's posted form and which keeper sent it: its token, its body (bounded,
        a form) and this serve's page token checked; else the refusal (404, 400, 403)."""
        number = keeper_number(request)
        if number is None:
            return plain(request, said.NOT_A_KEEPER, 404)
        try:
            fields = form(await request.body())
        except Refused as refused:
            return plain(request, str(refused), 400)
        bound = request.app.state.campaign or shown.campaign
        if fields.get("campaign", campaign_key(bound)) != campaign_key(bound):
            return plain(request, said.OTHER_CAMPAIGN, 409, campaign=bound)
        version = links.tried(_tap_key(fields), number)
        if version is not None:  # sent again (a timeout, a restart): never tried twice
            return await answered(request, number, version)
        if keepers.was_spent(fields.get("csrf", ""), number):  # sent twice: the new board
            speak(request)
            return await answer(request, number, lang._(said.STALE), 409)
        if not keepers.page_is(fields.get("csrf", ""), number):  # a page of another serve
            speak(request)  # (a tap tried is kept first: this one was not, nor logged)
            return await answer(request, number, lang._(said.NOT_COUNTED), 403)
        return number, fields

    async def answered(request: Request, number: int, version: int) -> Response:
        """The keeper's page, saying whether its tap tried on ``version`` counted: the
        log's entry after it, if this keeper logged it."""
        speak(request)
        bound = request.app.state.campaign or shown.campaign
        try:
            async with writing:  # the same tap's first try, if still under way, ends first
                by = keepers.names[number - 1]
                entry = await asyncio.to_thread(counted, db, bound, version, by)
        except Refused as unreadable:
            return await answer(request, number, redacted(str(unreadable), db), 503)
        if entry is None:
            return await answer(request, number, lang._(said.NOT_COUNTED), 409)
        line = lang._(said.COUNTED).format(number=entry["version"], summary=entry["summary"])
        return await answer(request, number, line)

    async def act(request: Request) -> Response:
        """One move logged: the keeper's token, this serve's page token and the event the
        page was built on (a stale page: 409 and the new board), then the application's
        handler, run in a thread (the server answers meanwhile)."""
        checked = await keeper_form(request)
        if isinstance(checked, Response):
            return checked
        number, fields = checked
        speak(request)
        stale = lang._(said.STALE)
        async with writing:
            bound = request.app.state.campaign or shown.campaign  # serve's, not `use`'s
            seen = _event_id(fields.get("event"))
            # the page's menu, kept as it was read at its event: whether that is still the
            # last one is asked in the write's own thread, before anything is written
            menu = None if seen is None else kept_menu(seen, bound)
            if seen is not None and menu is not None:
                now = seen
            else:
                now = await asyncio.to_thread(watched.last_event)
                if fields.get("event") != str(now):
                    return await answer(request, number, stale, 409)
            try:  # the move as the page's menu (the rules at its event) names it
                if menu is None:
                    menu = await menu_at(now, bound)
                    if await asyncio.to_thread(watched.last_event) != now:  # logged meanwhile
                        return await answer(request, number, stale, 409)
                name = keepers.names[number - 1]
                asked = request_of(menu, fields, db, bound, name)
                tried = int(menu.get("version") or 0)  # kept before it is tried
                then = shown_before_close(sorted(shown.languages))
                key, yes = _tap_key(fields), fields.get("yes") == "1"
                tap = (key, number, tried, now)
                if not await asyncio.to_thread(tried_then_written, tap, asked, yes, then):
                    return await answer(request, number, stale, 409)  # logged meanwhile
            except Refused as refused:
                return await answer(request, number, redacted(str(refused), db), 422)
            await refresh()  # every phone sees it now, not at the watcher's next look
        if request.headers.get("hx-request"):  # the page's script: the moves and the board
            return await answer(request, number)
        return RedirectResponse(f"{_base(request)}/k/{request.path_params['token']}", 303)

    def tried_then_written(
        tap: tuple[str, int, int, int],
        asked: Write,
        yes: bool,
        then: Callable[[Session], None] | None,
    ) -> bool:
        """If the file's last event is still the page's, the tap (its key, its keeper, the
        campaign's version tried, the page's event) kept as tried (app/links.py), then its
        move written: one thread's work, for the companion's writes are one at a time
        (``writing``); False, nothing written, if another event was logged meanwhile."""
        key, number, tried, seen = tap
        if watched.last_event() != seen:
            return False
        links.tap(key, number, tried)
        write(asked, yes, then)
        return True

    async def answer(
        request: Request, keeper: int, error: str | None = None, status: int = 200
    ) -> Response:
        """The keeper's page after a tap: the whole page (no script), or for the page's
        script (htmx) its moves and, swapped beside them, the board (the tap's answer is
        then 200 whatever it says, so that it is shown; ``X-Grizzled-Status`` says it)."""
        if not request.headers.get("hx-request"):
            return await render(request, keeper, error, status)
        language = speak(request)
        await wanted(language)
        await refresh()
        board = shown.regions.get(language, "")
        part = await moves(request.path_params["token"], keeper, error, _base(request))
        live = f'<div id="live" hx-swap-oob="innerHTML" data-event="{shown.event}">{board}</div>'
        return HTMLResponse(part + live, headers={"X-Grizzled-Status": str(status)})

    async def switch_odds(request: Request) -> Response:
        """A keeper turns the odds on or off for every phone (public information only:
        ``grizzled odds``); no event is logged."""
        checked = await keeper_form(request)
        if isinstance(checked, Response):
            return checked
        _, fields = checked
        if fields.get("odds") not in ("on", "off"):
            return plain(request, said.SAY_ON_OR_OFF, 400)
        shown.odds = fields["odds"] == "on"
        await refresh(again=True)
        return RedirectResponse(f"{_base(request)}/k/{request.path_params['token']}", 303)

    async def events(request: Request) -> Response:
        # The event the phone last has: its stream's last id on a reconnect, else the one
        # its page was built from (``?after=``), so an update older than the page is not
        # pushed over it.
        seen = _event_id(request.headers.get("last-event-id"))
        if seen is None:
            seen = _event_id(request.query_params.get("after"))
        rendered = _event_id(request.query_params.get("v"))  # the page's rendering, if said
        language = speak(request)
        await wanted(language)

        async def stream() -> AsyncIterator[bytes]:
            # Each stream waits on the one event every update and heartbeat sets: no timer
            # of its own, and the update's bytes made once per language, handed over as is.
            nonlocal seen, rendered
            await refresh()  # the file as it is now, not as the watcher last saw it
            if rendered is None and shown.event == seen:
                rendered = shown.version  # a reconnect at the last event: it has this one
            yield f"retry: {RETRY_MS}\nevent: ping\ndata: {shown.event}\n\n".encode()
            while True:
                if shown.event == seen and shown.version == rendered:
                    await shown.changed.wait()
                if shown.event == seen and shown.version == rendered:
                    yield shown.ping
                    continue
                seen, rendered = shown.event, shown.version  # new, or the odds switched
                yield shown.messages.get(language, b"")

        write = request.scope.get("extensions", {}).get(WRITE)
        if write is not None and request.scope.get("http_version") == "1.1":
            return _Pushed(shown, _Listener(write, language, seen, rendered), refresh)
        return StreamingResponse(stream(), media_type=STREAM, headers=STREAM_HEADERS)

    app = Starlette(
        routes=[
            Route("/", viewer),
            Route("/stats", statistics),
            Route("/log", whole_log),
            Route("/sw.js", worker),
            Route("/k/{token}", keeper),
            Route("/k/{token}/moves", keeper_moves),
            Route("/k/{token}/act", act, methods=["POST"]),
            Route("/k/{token}/odds", switch_odds, methods=["POST"]),
            Route("/events", events),
            *setup_routes(  # the campaign's set-up steps (issue 41)
                Wiring(
                    db,
                    templates,
                    keepers,
                    writing,
                    watched.last_event,
                    speak,
                    bound,
                    refresh,
                    plain,
                )
            ),
            Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
        ],
        exception_handlers={_TooLarge: _too_large, Exception: _one_line},
        lifespan=lifespan,
    )
    app.add_middleware(_Bounded)
    app.state.campaign = campaign
    return app


def _base(request: Request) -> str:
    """Where this app is mounted (``/c/<campaign>`` when serve serves several; else "")."""
    return str(request.scope.get("root_path", "")).rstrip("/")


def _tap_key(fields: dict[str, str]) -> str:
    """A tap's idempotency key: its page's token (good for one write) and what it asks
    (the same form sent again has the same key; another move from that page has not)."""
    asked = "\0".join(f"{k}={v}" for k, v in sorted(fields.items()) if k != "csrf")
    return f"{fields.get('csrf', '')}:{hashlib.sha256(asked.encode()).hexdigest()[:16]}"


def _chunk(data: bytes) -> bytes:
    """``data`` as one chunk of an HTTP/1.1 response's chunked body (none if empty: an
    empty chunk would end the response)."""
    return b"%x\r\n%b\r\n" % (len(data), data) if data else b""


class _Pushed(Response):
    """A stream written to by ``_Shown`` directly (uvicorn's connection, web/limits.py):
    its head and first message sent here, then this only waits for its phone to leave."""

    def __init__(self, shown: _Shown, listener: _Listener, refresh: Any) -> None:
        super().__init__(media_type=STREAM, headers=STREAM_HEADERS)
        self.raw_headers = [(k, v) for k, v in self.raw_headers if k != b"content-length"]
        self.shown, self.listener, self.refresh = shown, listener, refresh

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        shown, listener = self.shown, self.listener
        await self.refresh()  # the file as it is now, not as the watcher last saw it
        await send({"type": "http.response.start", "status": 200, "headers": self.raw_headers})
        if listener.rendered is None and shown.event == listener.seen:
            listener.rendered = shown.version  # a reconnect at the last event: it has this one
        first = f"retry: {RETRY_MS}\nevent: ping\ndata: {shown.event}\n\n".encode()
        if (listener.seen, listener.rendered) != (shown.event, shown.version):
            listener.seen, listener.rendered = shown.event, shown.version
            first += shown.messages.get(listener.language, b"")
        if not listener.write(_chunk(first)):  # (nothing awaited since: none missed)
            return
        shown.listeners.add(listener)
        try:
            while (await receive())["type"] != "http.disconnect":
                pass
        finally:
            shown.listeners.discard(listener)


def _event_id(header: str | None) -> int | None:
    """The event a phone last received (``Last-Event-ID``), if it says a number."""
    return int(header) if header and header.isdigit() and len(header) < 19 else None


def _sse(event: int, regions: str) -> str:
    """One update of the stream: the regions, its id the event they were built from."""
    data = "".join(f"data: {line}\n" for line in regions.splitlines())
    return f"id: {event}\nevent: board\n{data}\n"


class _TooLarge(Exception):
    """A request body sent in chunks grew past ``MAX_BODY`` bytes."""


async def _too_large(request: Request, error: Exception) -> Response:
    return PlainTextResponse(asked_in(request.headers, said.TOO_LARGE), status_code=413)


async def _one_line(request: Request, error: Exception) -> Response:
    return PlainTextResponse(asked_in(request.headers, said.FAILED), status_code=500)


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
            line = asked_in(scope_headers(scope), said.TOO_LARGE)
            await PlainTextResponse(line, status_code=413)(scope, receive, send)
            return
        seen = 0

        async def bounded():  # type: ignore[no-untyped-def]
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                raise _TooLarge
            return message

        await self.app(scope, bounded, send)
