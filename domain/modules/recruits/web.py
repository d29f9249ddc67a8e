"""Recruits on the keeper's set-up page (web/modules.py): the form describing a Recruit,
the Briefing's Recruit deck, the One-shot's Recruits (played or not, the 5 drawn), their
labels, and how what was typed becomes the set-up step (``steps.py``) or the request's
``modules``. Of the web's layer, though in the module's folder: nothing of domain, app or
voice imports it; the page finds it by the folders' layout."""

from __future__ import annotations

from typing import Any

from domain.modules.recruits.steps import DescribeRecruit
from voice import lang
from voice import setup as words
from voice.lang import N_
from web import forms
from web.forms import Field, Form, Part

RECRUITS = N_("Recruits")
CARDS_IN_ITS_HAND = N_("Cards in its hand")


def _described(fields: dict[str, str], at: dict[str, Any]) -> DescribeRecruit:
    """The Recruit typed, described as ``describe recruit`` describes it."""
    return DescribeRecruit(
        **at,
        number=forms.needed(fields, "number", lang._(words.CARD_NUMBER), 1, 200),
        name=forms.text(fields, "name"),
        hand=forms.whole(fields, "hand", lang._(CARDS_IN_ITS_HAND), 1, 99) or 3,
        tokens=forms.whole(fields, "tokens", lang._(words.MORALE_TOKENS), 0, 99) or 1,
        effect=forms.text(fields, "effect"),
        advantage=forms.text(fields, "advantage"),
        forbids=forms.lines(fields, "forbids"),
        rules=forms.lines(fields, "rules"),
        advantage_rules=forms.lines(fields, "advantage_rules"),
        reason=forms.text(fields, "reason"),
    )


def _deck(fields: dict[str, str]) -> dict[str, Any]:
    """A Briefing's Recruit deck."""
    return {"recruits": forms.numbers(fields, "recruits", lang._(RECRUITS))}


def _drawn(fields: dict[str, str]) -> dict[str, Any]:
    """A One-shot played with Recruits, and the 5 drawn (None: the tool draws them)."""
    deck = forms.numbers(fields, "recruit_deck", lang._(RECRUITS)) or None
    return {"recruits": fields.get("recruits") == "1", "recruit_deck": deck}


FORMS = (
    Form(
        "recruit",
        N_("A Recruit"),
        N_("Describe the Recruit"),
        "describe-recruit",
        (
            Field("number", "number", words.CARD_NUMBER, required=True),
            Field("text", "name", N_("Name"), required=True),
            Field("number", "hand", CARDS_IN_ITS_HAND, default="3"),
            Field("number", "tokens", words.MORALE_TOKENS, default="1"),
            Field("lines", "effect", N_("Its special rule, as printed")),
            Field("lines", "advantage", N_("Its departure advantage, as printed")),
            Field("lines", "forbids", N_("What it forbids, one a line")),
            Field("lines", "rules", N_("Other rules, one a line")),
            Field("lines", "advantage_rules", N_("What its departure gives, one a line")),
            Field("text", "reason", N_("Why an earlier entry changes")),
        ),
        _described,
    ),
)
PARTS = {
    "briefing": Part(
        ((2, Field("text", "recruits", RECRUITS, hint=N_("numbers, e.g. 5"))),), _deck
    ),
    "oneshot": Part(
        (
            (1, Field("check", "recruits", RECRUITS)),
            (3, Field("text", "recruit_deck", N_("Recruits drawn"))),
        ),
        _drawn,
    ),
}
