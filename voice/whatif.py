"""What a what-if branch says (the fork recorded, where a branch came from) and what
``compare`` shows: two campaigns' boards and scores side by side."""

from __future__ import annotations

from typing import Any

from voice import Said
from voice.board import label, player_cells, player_lines, rows, shown_board, threats
from voice.lang import N_, _, ngettext
from voice.shown import SHORT, quoted, shown

Doc = dict[str, Any]


def branched(name: str, original: str, at: int, actions: int) -> Said:
    """``Campaign 'What if' branched from 'Friday' at #12 (9 actions): 'Friday' is
    unchanged.``"""
    said = ngettext(
        "Campaign {name} branched from {original} at #{at} ({count} action): {original} is "
        "unchanged.",
        "Campaign {name} branched from {original} at #{at} ({count} actions): {original} is "
        "unchanged.",
        actions,
    )
    return Said(
        said.format(name=quoted(name), original=quoted(original), at=at, count=actions),
        "branched",
        {"campaign": name, "branched_from": original, "branched_at": at, "actions": actions},
    )


def branch_of(original: str | None, at: int | None) -> str:
    """``a branch of 'Friday' at #12``, or nothing for a campaign that is no branch."""
    if original is None or at is None:
        return ""
    return _("a branch of {original} at #{at}").format(original=quoted(original), at=at)


# --- compare: two campaigns' board and score side by side -----------------------------

# The rows of ``compare``, said in the language in use (the facts keep these words); a
# player's row is the player's name, as the group typed it.
ROWS = frozenset(
    (
        N_("branched from"),
        N_("chapter"),
        N_("turn"),
        N_("Trials deck"),
        N_("Morale Reserve"),
        N_("Speech stock"),
        N_("No Man's Land"),
        N_("threats"),
        N_("result"),
        N_("chapters won"),
        N_("Victory Points"),
        N_("Negative Points"),
        N_("score"),
    )
)


def _board_cells(doc: Doc) -> dict[str, str]:
    """What ``compare`` shows of one board (a ``status --json`` document, ``shown``), by
    row: the chapter, the decks, No Man's Land, the threats, each player, the result."""
    if doc.get("phase") is None:
        return {"chapter": _("no chapter started yet")}
    header = rows(doc)[0].text
    where = header.split(" - ", 1)[1] if " - " in header else header
    cells = {
        "chapter": where,
        "turn": doc["turn"] or "-",
        "Trials deck": str(doc["trials"]),
        "Morale Reserve": str(doc["morale"]),
        "Speech stock": str(doc["speech_stock"]),
        "No Man's Land": ", ".join(label(k) for k in doc["no_mans_land"]) or _("empty"),
        "threats": threats(doc).text.removeprefix(_("Threats: ")),
    }
    for player in doc["players"]:
        name = shown(player["name"], SHORT)
        said = " ".join(player_lines(player_cells(doc, player))).split(": ", 1)[1]
        cells[name] = " ".join(said.split())
    if doc["phase"] == "over":
        detail = doc["outcome_detail"]
        won = doc["outcome"] == "won"
        cells["result"] = _("won") if won else _("lost: {detail}").format(detail=detail)
    return cells


def _score_cells(score: Doc) -> dict[str, str]:
    """What ``compare`` shows of one score (``projections.queries.score``)."""
    chapters = score["chapters"]
    won = sum(1 for c in chapters if c["won"])
    return {
        "chapters won": _("{won} of {played}").format(
            won=won, played=len(chapters) + score.get("earlier", 0)
        ),
        "Victory Points": str(score["victory_points"]),
        "Negative Points": str(score["negative_points"]),
        "score": str(score["difference"]),
    }


def _origin(score: Doc) -> dict[str, str]:
    """Where a branch came from (``branched_from``: the original and the entry, or None)."""
    origin = score.get("branched_from")
    at = _("{original} at #{at}").format(original=quoted(origin[0]), at=origin[1]) if origin else ""
    return {"branched from": at or "-"}


def compared(a: tuple[Doc, Doc], b: tuple[Doc, Doc]) -> list[Said]:
    """Two campaigns' boards and scores (``status --json`` document, score) side by side:
    one ``Said`` a row, its text ``what: A | B``, its facts what, a, b and whether they
    differ; where each came from, every row of the boards in the board's order, then the
    score."""
    left = {**_origin(a[1]), **_board_cells(shown_board(a[0])), **_score_cells(a[1])}
    right = {**_origin(b[1]), **_board_cells(shown_board(b[0])), **_score_cells(b[1])}
    order = list(left) + [what for what in right if what not in left]
    said = []
    for what in order:
        x, y = left.get(what, "-"), right.get(what, "-")
        facts = {"what": what, "a": x, "b": y, "differs": x != y}
        row = _(what) if what in ROWS else what
        said.append(Said(_("{what}: {a} | {b}").format(what=row, a=x, b=y), "compared", facts))
    return said


def compare_heading(a: str, b: str, differ: int) -> str:
    """``'Friday' and 'What if': 5 rows differ (marked *).``"""
    rows_ = ngettext("{count} row differs", "{count} rows differ", differ).format(count=differ)
    same = (
        _("the same board and score") if differ == 0 else _("{rows} (marked *)").format(rows=rows_)
    )
    return _("{a} and {b}: {same}.").format(a=quoted(a), b=quoted(b), same=same)
