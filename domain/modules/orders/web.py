"""Orders of the Day on the keeper's set-up page (web/modules.py): the form describing an
Order, the Briefing's Order deck and the One-shot's Orders drawn, their labels, and how
what was typed becomes the set-up step (``steps.py``) or the request's ``modules``. Of the
web's layer, though in the module's folder: nothing of domain, app or voice imports
it; the page finds it by the folders' layout."""

from __future__ import annotations

from typing import Any

from app.errors import Refused
from domain.modules.orders.steps import DescribeOrder
from voice import lang
from voice import setup as words
from voice.lang import N_
from web import forms
from web.forms import Field, Form, Part

ORDERS = N_("Orders of the Day")
ORDERS_DRAWN = N_("Orders of the Day drawn")


def _minimums(fields: dict[str, str]) -> tuple[tuple[int, int], ...]:
    """The minimum intensity by players, typed PLAYERS:MINIMUM (``3:2 4:2``)."""
    pairs = []
    for word in forms.text(fields, "minimums").replace(",", " ").split():
        players, _, low = word.partition(":")
        if not (players.isdigit() and low.isdigit() and len(players + low) < 5):
            line = lang._(words.MINIMUM_SYNTAX)
            raise Refused(line.format(text=repr(word)))
        pairs.append((int(players), int(low)))
    return tuple(pairs)


def _described(fields: dict[str, str], at: dict[str, Any]) -> DescribeOrder:
    """The Order of the Day typed, described as ``describe order`` describes it."""
    return DescribeOrder(
        **at,
        number=forms.needed(fields, "number", lang._(words.CARD_NUMBER), 1, 200),
        name=forms.text(fields, "name"),
        difficulty=fields.get("difficulty") or "normal",
        minimums=_minimums(fields),
        threats=forms.threats(fields, "threat-"),
        lasting=forms.text(fields, "lasting"),
        forbids=forms.lines(fields, "forbids"),
        rules=forms.lines(fields, "rules"),
        effect=forms.text(fields, "effect"),
        reason=forms.text(fields, "reason"),
    )


def _deck(fields: dict[str, str]) -> dict[str, Any]:
    """A Briefing's Order of the Day deck."""
    return {"orders": forms.numbers(fields, "orders", lang._(ORDERS))}


def _drawn(fields: dict[str, str]) -> dict[str, Any]:
    """A One-shot's Orders of the Day drawn at the table (None: the tool draws them)."""
    return {"orders": forms.numbers(fields, "orders", lang._(ORDERS)) or None}


DIFFICULTIES = (("normal", N_("normal")), ("easy", N_("easy")), ("hard", N_("hard")))
FORMS = (
    Form(
        "order",
        N_("An Order of the Day"),
        N_("Describe the Order"),
        "describe-order",
        (
            Field("number", "number", words.CARD_NUMBER, required=True),
            Field("text", "name", N_("Name"), required=True),
            Field("pick", "difficulty", N_("Difficulty"), options=DIFFICULTIES),
            Field("text", "minimums", N_("Minimum intensity by players"), hint=N_("e.g. 3:2 4:2")),
            Field("threats", "threat-", N_("Threats it adds")),
            Field("text", "lasting", N_("Lasting until")),
            Field(
                "lines",
                "forbids",
                N_("What it forbids, one a line"),
                hint=N_("speech, charm, withdraw-holding:N, play:THREAT"),
            ),
            Field("lines", "rules", N_("Other rules, one a line")),
            Field("lines", "effect", N_("Its text, as printed")),
            Field("text", "reason", N_("Why an earlier entry changes")),
        ),
        _described,
    ),
)
PARTS = {
    "briefing": Part(
        ((1, Field("text", "orders", ORDERS, hint=N_("numbers, e.g. 12,13"))),), _deck
    ),
    "oneshot": Part(
        (
            (
                2,
                Field(
                    "text", "orders", ORDERS_DRAWN, hint=N_("numbers, or empty: drawn by the tool")
                ),
            ),
        ),
        _drawn,
    ),
}
