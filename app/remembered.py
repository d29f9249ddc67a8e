"""What this machine remembers of a campaign file, outside it (in the data directory,
``tracker.config.data_dir``): the campaign a person chose to act on (``campaign use``),
and the last command refused on the file with the newest stored event then, so that an
undo right after can say the refusal recorded nothing (and not take back the action
before it unawares), and ``why`` can explain it: never in the campaign's record.

Both are JSON objects keyed by the file's real path; a file that cannot be read is
remembered as nothing. The campaign chosen is read by every command that names none, so
it is kept by ``app.session`` (``chosen``, ``remember``), which every command imports."""

from __future__ import annotations

import json
import os
from contextlib import suppress
from typing import TYPE_CHECKING, Any

from app.session import data_file, refusals, remember, write_kept

if TYPE_CHECKING:
    from app.session import Session

LAST_REFUSAL = "last-refusal.json"  # the last refused command on each file, on this machine


def use(work: Session, name: str) -> str:
    """``campaign use``: the campaign ``name`` (refused if the file holds none so named)
    made the current one of its file; its name as kept."""
    with refusals():
        kept = work.tracker().state(name).name
    remember(work.db, kept)
    return kept


def note_refusal(work: Session, command: str, refused: str | None, rule: str | None) -> None:
    """The command refused on ``work``'s file (its words; the line said and the rule's id,
    if known) noted with the newest stored event now."""
    noted: dict[str, Any] = {"command": command, "newest": work.newest()}
    if refused is not None:
        noted.update(refused=refused, rule=rule)
        with suppress(Exception):  # none to name: the note is the file's, still kept
            noted["campaign"] = work.campaign_name()
    write_kept(LAST_REFUSAL, work.db, noted)


def refusal_noted(work: Session) -> dict[str, Any] | None:
    """What this machine noted of the last refusal on ``work``'s file (``command``,
    ``newest``, and since ``why``: ``refused``, its line, and ``rule``, its id), if
    nothing was stored since."""
    try:
        with open(data_file(LAST_REFUSAL), encoding="utf-8") as f:
            noted = json.load(f).get(os.path.realpath(work.db))
    except (OSError, ValueError, AttributeError):
        return None
    if not isinstance(noted, dict) or noted.get("newest") != work.newest():
        return None
    if not isinstance(noted.get("command"), str):
        return None
    return noted
