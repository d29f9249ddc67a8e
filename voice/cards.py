"""What the campaign has learnt from its box, in words: where a card is now, the refusal
when it was never described (``card N``; its texts are the group's own), each Briefing
and Conclusion in one line (``box``), from the facts ``box --json`` gives. Loads no rules:
``card`` and ``box`` read the read model alone."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.limits import TRAPS_FROM
from voice import Said
from voice.lang import N_, _, chapter_said

RESULTS = (N_("won"), N_("lost"), N_("any"))  # a reward rule's result, as typed


def where(entry: dict[str, Any]) -> str:
    """Where a card is (``entry``: one of ``box --json``'s cards)."""
    return _("; ").join(entry["where"]) or _("in the box (not in play)")


def not_described(number: int) -> str:
    return _(
        "card #{number} is not described yet: grizzled describe card|order|recruit|hand "
        "{number} ..."
    ).format(number=number)


def traps_said(chapter: int, traps: bool, traps_off: bool) -> str:
    """Whether a Briefing's chapter plays with Traps, and why (it says so, or the campaign's
    rule from Chapter 4 on), in words."""
    if traps_off:
        return _("Traps off (the Briefing says so)")
    if traps or chapter < TRAPS_FROM:
        return _("Traps on") if traps else _("Traps off")
    return _("Traps on (the campaign's rule from Chapter {number})").format(number=TRAPS_FROM)


def _numbers(numbers: Sequence[int]) -> str:
    return ", ".join(f"#{n}" for n in numbers)


def briefing_line(b: Mapping[str, Any]) -> Said:
    """A Briefing in one line of ``box`` (``b``: one of ``box --json``'s briefings): its
    setup as the text, the chapter (and title) it is for as the fact ``heading``."""
    title = f" '{b['title']}'" if b["title"] else ""  # shown by the face, as the text is
    modules = (
        _(", Orders {numbers}").format(numbers=_numbers(b["orders"])) if b["orders"] else ""
    ) + (_(", Recruits {numbers}").format(numbers=_numbers(b["recruits"])) if b["recruits"] else "")
    tokens = (
        _(", {count} Speech tokens").format(count=b["speech_tokens"])
        if b["speech_tokens"] is not None
        else ""
    )
    notes = f". {b['notes']}" if b["notes"] else ""
    text = _(
        "Trials {trials}, Morale {morale}, first intensity {first}, {traps}{tokens}{modules}{notes}"
    ).format(
        trials=b["trials"],
        morale=b["morale"],
        first=b["first_intensity"],
        traps=traps_said(b["chapter"], b["traps"], b["traps_off"]),
        tokens=tokens,
        modules=modules,
        notes=notes,
    )
    return Said(
        text, "briefing", {"chapter": b["chapter"], "heading": chapter_said(b["chapter"]) + title}
    )


def conclusion_line(c: Mapping[str, Any]) -> Said:
    """A Conclusion in one line of ``box`` (``c``: one of ``box --json``'s conclusions): its
    reward rules and offer as the text, the chapter it concludes as the fact ``heading``."""
    rules = _("; ").join(
        _("{result}, at least {left} Morale left: {hands} Helping Hand(s)").format(
            result=_(r["result"]), left=r["morale_left"], hands=r["helping_hands"]
        )
        for r in c["rewards"]
    )
    offer = _numbers(c["offered"]) if c["offered"] else _("none")
    notes = f". {c['notes']}" if c["notes"] else ""
    text = _("{rules}; offers {offer}{notes}").format(
        rules=rules or _("no reward"), offer=offer, notes=notes
    )
    return Said(
        text, "conclusion", {"chapter": c["chapter"], "heading": chapter_said(c["chapter"])}
    )
