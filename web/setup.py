"""The keeper's set-up page (issue 41): every step of a campaign that is not a move of a
chapter, on the phone, no terminal: creating the campaign (a file with none yet offers
only this), Skip Boot Camp, a Briefing, describing a numbered card, an Order, a Recruit or
a Helping Hand, starting a chapter (the tool may draw the tiles and the leader), a
Conclusion, the award of Helping Hands (with the command's question when fewer are taken
than earned), a ban, a One-shot game. Each form becomes the typed request of the same
application handler the ``grizzled`` command calls (``app.setup``): every check and
word is the application's. An error is one line on the page, with what the keeper
typed shown back (escaped by the template). A module's own forms (describing its cards),
its fields on the game's forms (the Briefing's and the One-shot's decks) and its choices
(a chapter's variant) are in its folder (``web.py``, found by web/modules.py, read with
web/forms.py): this file and its template name no module."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route
from starlette.templating import Jinja2Templates

from app import setup
from app.errors import Refused
from app.redact import redacted
from app.session import campaign_key
from voice import keeper as said
from voice import lang
from voice import setup as words
from web import forms, modules

FIELDS = 64  # a set-up form's fields (the campaign's: five players of three each)
TEXT = 2000  # characters a typed field may hold (a card's effect, as printed)
SEATS = 5  # players a campaign's form offers (the box's most)


@dataclass(frozen=True)
class Wiring:
    """What the set-up page shares with the companion (``web.app.create_app``): the file,
    the templates, the keepers' tokens, one write at a time, the file's last event, the
    request's language, the campaign the serve is bound to, and the phones' refresh."""

    db: Path | str
    templates: Jinja2Templates
    keepers: Any  # web.keeper.Keepers
    writing: asyncio.Lock
    last_event: Callable[[], int]
    speak: Callable[[Request], str]
    bound: Callable[[Request], str]
    refresh: Callable[[], Awaitable[None]]
    plain: Callable[..., Response]  # one line in the phone's language, where no page shows it


class Asked(Refused):
    """An award of fewer Helping Hands than earned: the page asks the question."""


def setup_routes(wiring: Wiring) -> list[Route]:
    """The set-up page's routes, mounted by the companion."""

    async def page(
        request: Request,
        error: str | None = None,
        typed: dict[str, str] | None = None,
        asked: str = "",
        status: int = 200,
    ) -> Response:
        number = wiring.keepers.number(request.path_params["token"])
        if number is None:
            return wiring.plain(request, said.NOT_A_KEEPER, 404)
        language = wiring.speak(request)
        await wiring.refresh()  # the campaign the file holds now (a keeper may have made it)
        bound = wiring.bound(request)
        view = setup.SetupView()
        try:
            view = await asyncio.to_thread(setup.setup_view, str(wiring.db), bound or None)
        except Refused as unreadable:
            error = error or redacted(str(unreadable), wiring.db)
        base = str(request.scope.get("root_path", "")).rstrip("/")
        context = {
            "view": view,
            "error": error,
            "asked": asked,
            "typed": typed or {},
            "token": request.path_params["token"],
            "base": base,
            "csrf": wiring.keepers.page_token(number),
            "event": await asyncio.to_thread(wiring.last_event),
            "campaign": campaign_key(view.name),
            "language": language,
            "threats": [(t, lang.threat_name(t)) for t in forms.THREATS],
            "seats": range(1, SEATS + 1),
            "tile_seats": _tile_seats(view),
            "words": words,
            "forms": modules.forms(),  # the modules' own forms, then their fields and choices
            "parts": {place: modules.fields(place) for place in ("briefing", "oneshot")},
            "choices": {"variant": modules.choices("variant")},
        }
        return wiring.templates.TemplateResponse(request, "setup.html", context, status_code=status)

    async def show(request: Request) -> Response:
        return await page(request)

    async def post(request: Request) -> Response:
        token = request.path_params["token"]
        number = wiring.keepers.number(token)
        if number is None:
            return wiring.plain(request, said.NOT_A_KEEPER, 404)
        try:
            fields = _form(await request.body())
        except Refused as refused:
            return wiring.plain(request, str(refused), 400)
        wiring.speak(request)
        await wiring.refresh()
        bound = wiring.bound(request)
        if fields.get("campaign", campaign_key(bound)) != campaign_key(bound):
            return wiring.plain(request, said.NOT_THIS_PAGE, 409)
        if wiring.keepers.was_spent(fields.get("csrf", ""), number):
            return await page(request, lang._(words.SENT_ALREADY), fields, status=409)
        if not wiring.keepers.page_is(fields.get("csrf", ""), number):
            return wiring.plain(request, said.NOT_THIS_PAGE, 403)
        by = wiring.keepers.names[number - 1]
        async with wiring.writing:
            now = await asyncio.to_thread(wiring.last_event)
            if fields.get("event") != str(now):
                return await page(request, lang._(said.STALE), fields, status=409)
            try:
                step = fields.get("step", "")
                await asyncio.to_thread(_write, str(wiring.db), bound or None, by, fields)
            except Asked as question:
                return await page(request, None, fields, str(question), 422)
            except Refused as refused:
                error = redacted(str(refused), wiring.db)
                return await page(request, error, fields, status=422)
            await wiring.refresh()
        base = str(request.scope.get("root_path", "")).rstrip("/")
        after = "" if step in ("start", "oneshot") else "/setup"
        return RedirectResponse(f"{base}/k/{token}{after}", 303)

    return [
        Route("/k/{token}/setup", show),
        Route("/k/{token}/setup", post, methods=["POST"]),
    ]


def _tile_seats(view: setup.SetupView) -> list[str]:
    """Who draws a third Support tile, in seat order (a classic game of 2: the Chaplain
    last)."""
    seats = list(view.seats)
    if view.ruleset == "classic" and len(seats) == 2:
        seats.append(lang._(words.THE_CHAPLAIN))
    return seats


def _form(body: bytes) -> dict[str, str]:
    """A urlencoded form, each field's first value, bounded."""
    try:
        fields = parse_qs(body.decode("utf-8"), max_num_fields=FIELDS, strict_parsing=False)
    except (UnicodeDecodeError, ValueError) as error:
        raise Refused(said.NOT_A_FORM) from error  # said by the caller: no language yet
    return {key: values[0][:TEXT] for key, values in fields.items() if values}


def _write(where: str, campaign: str | None, by: str, fields: dict[str, str]) -> None:
    """The form's step logged through its application handler."""
    step = fields.get("step", "")
    if step == "new":
        setup.create_campaign(_new(where, by, fields))
    elif step == "start":
        setup.start_chapter(_start(where, campaign, by, fields))
    else:
        steps = {**STEPS, **{form.step: form.read for form in modules.forms()}}
        if step not in steps:
            raise Refused(lang._(words.NOT_A_STEP))
        asked = steps[step](fields, {"where": where, "campaign": campaign, "by": by})
        setup.enter(asked, fewer=None if fields.get("yes") == "1" else _ask)


def _ask(facts: str, question: str) -> None:
    raise Asked(question)


def _new(where: str, by: str, fields: dict[str, str]) -> setup.NewCampaign:
    seats = []
    for seat in range(1, SEATS + 1):
        name = forms.text(fields, f"player{seat}")
        if not name:
            continue
        seats.append(
            (name, forms.threat(fields.get(f"charm{seat}", "")), forms.text(fields, f"owner{seat}"))
        )
    if not seats:
        raise Refused(lang._(words.NO_PLAYERS))
    language = fields.get("lang") or None
    return setup.NewCampaign(
        where, forms.text(fields, "name"), fields.get("rules", ""), tuple(seats), language, by
    )


def _start(where: str, campaign: str | None, by: str, fields: dict[str, str]) -> setup.StartChapter:
    draw = fields.get("draw") == "1"
    variant = fields.get("variant") or "normal"
    tiles = tuple(fields[k] for k in sorted(f for f in fields if f.startswith("tile")))
    traps = {"on": True, "off": False}.get(fields.get("traps", ""))
    return setup.StartChapter(
        where,
        campaign,
        leader=forms.text(fields, "leader") or None,
        tiles=tiles if tiles and not draw and setup.takes_third_tiles(variant) else None,
        draw=draw,
        variant=variant,
        trials=forms.whole(fields, "trials", lang._(words.TRIALS_DECK), 1, 99),
        morale=forms.whole(fields, "morale", lang._(words.MORALE_RESERVE), 1, 99),
        traps=traps,
        by=by,
    )


def _skip(fields: dict[str, str], at: dict[str, Any]) -> setup.SetupStep:
    return setup.SkipBootCamp(**at)


def _briefing(fields: dict[str, str], at: dict[str, Any]) -> setup.SetupStep:
    return setup.EnterBriefing(
        **at,
        chapter=forms.needed(fields, "chapter", lang._(words.CHAPTER), 0, 99),
        trials=forms.needed(fields, "trials", lang._(words.TRIALS_DECK), 1, 99),
        morale=forms.needed(fields, "morale", lang._(words.MORALE_RESERVE), 1, 99),
        first=forms.needed(fields, "first", lang._(words.FIRST_INTENSITY), 1, 99),
        traps={"on": True, "off": False}.get(fields.get("traps", "")),
        modules=modules.given("briefing", fields),
        tokens=forms.whole(fields, "tokens", lang._(words.SPEECH_TOKENS), 0, 99),
        title=forms.text(fields, "title"),
        notes=forms.text(fields, "notes"),
        reason=forms.text(fields, "reason"),
    )


def _card(fields: dict[str, str], at: dict[str, Any]) -> setup.SetupStep:
    kind = forms.text(fields, "kind").lower() or None
    if kind is None:
        threats, trap, luck = setup.threats_of(forms.text(fields, "face"))
    else:
        threat = fields.get("threat", "")
        threats, trap, luck = ((forms.threat(threat),) if threat else ()), False, 0
    return setup.DescribeCard(
        **at,
        number=forms.needed(fields, "number", lang._(words.CARD_NUMBER), 1, 200),
        threats=threats,
        trap=trap,
        luck=luck,
        kind=kind,
        value=forms.whole(fields, "value", lang._(words.HARD_KNOCKS_IT_COUNTS_FOR), 0, 9) or 1,
        acts_as=forms.text(fields, "acts_as").lower() or None,
        effect=forms.text(fields, "effect"),
        reason=forms.text(fields, "reason"),
    )


def _hand(fields: dict[str, str], at: dict[str, Any]) -> setup.SetupStep:
    return setup.DescribeHand(
        **at,
        number=forms.needed(fields, "number", lang._(words.CARD_NUMBER), 1, 200),
        name=forms.text(fields, "name"),
        category=fields.get("category", ""),
        rules=forms.lines(fields, "rules"),
        moment=fields.get("moment", ""),
        effect=forms.text(fields, "effect"),
        reason=forms.text(fields, "reason"),
    )


def _conclusion(fields: dict[str, str], at: dict[str, Any]) -> setup.SetupStep:
    rewards = []
    for row in (1, 2, 3):
        hands = forms.whole(fields, f"hands{row}", lang._(words.HELPING_HANDS_EARNED), 0, 9)
        if hands is None:
            continue
        left = forms.whole(fields, f"left{row}", lang._(words.MORALE_LEFT), 0, 99) or 0
        rewards.append((fields.get(f"result{row}") or "any", left, hands))
    return setup.EnterConclusion(
        **at,
        chapter=forms.needed(fields, "chapter", lang._(words.CHAPTER), 1, 99),
        rewards=tuple(rewards),
        offer=forms.numbers(fields, "offer", lang._(words.HELPING_HANDS_OFFERED)),
        notes=forms.text(fields, "notes"),
        reason=forms.text(fields, "reason"),
    )


def _award(fields: dict[str, str], at: dict[str, Any]) -> setup.SetupStep:
    awards = []
    for key in sorted(fields):
        number = key.removeprefix("hand-")
        if key.startswith("hand-") and number.isdigit() and fields[key]:
            awards.append((int(number), fields[key]))
    return setup.Award(**at, awards=tuple(awards))


def _ban(fields: dict[str, str], at: dict[str, Any]) -> setup.SetupStep:
    return setup.Ban(
        **at,
        player=fields.get("player", ""),
        card=forms.text(fields, "card"),
        source=fields.get("source") or "hand",
        reason=forms.text(fields, "reason"),
    )


def _oneshot(fields: dict[str, str], at: dict[str, Any]) -> setup.SetupStep:
    draw = fields.get("draw") == "1"
    tiles = tuple(fields[k] for k in sorted(f for f in fields if f.startswith("tile")))
    return setup.StartOneShot(
        **at,
        difficulty=fields.get("difficulty") or "grizzled",
        traps=fields.get("traps") == "1",
        leader=forms.text(fields, "leader") or None,
        tiles=None if draw or not tiles else tiles,
        draw=draw,
        modules=modules.given("oneshot", fields),
    )


STEPS: dict[str, Callable[[dict[str, str], dict[str, Any]], setup.SetupStep]] = {
    "skip": _skip,
    "briefing": _briefing,
    "card": _card,
    "hand": _hand,
    "conclusion": _conclusion,
    "award": _award,
    "ban": _ban,
    "oneshot": _oneshot,
}
