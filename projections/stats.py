"""Statistics across the campaigns of a file, read from the read models (``grizzled
stats``, issue 32): stdlib sqlite3 and the stored events' decoder only, no rules loaded.

Each chapter's result, Missions and Morale left come from ``chapter_state``; the facts no
table keeps (a Hard Knock met, the first to withdraw from each Mission, a Speech, each
Morale Drop) from the domain events of the actions that stand (``event_log.undone`` = 0;
a revert stands for the actions it decided again), read a page at a time; the undos per
evening from ``event_log`` (an evening is a session of play). A what-if branch is a
campaign of its own: the actions it copied count in it too.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from typing import Any

from projections.queries import branched_from
from projections.stored import read_versions

Row = dict[str, Any]
PAGE = 500  # actions read at a time: the memory a long file needs stays bounded
# A Threat card's key is its threats, then ``trap`` and ``luck`` (domain.cards.catalogue):
# any other key a card played is a Hard Knock (``phobia-gas``) or Merry Christmas.
THREAT_PARTS = frozenset({"night", "snow", "rain", "shell", "gas", "whistle", "trap", "luck"})
MERRY_CHRISTMAS = "merry-christmas"


def chapters(conn: sqlite3.Connection, campaign_ids: list[str]) -> list[Row]:
    """Each chapter played of the campaigns ``campaign_ids``, in their order then by
    number: its result (None while it runs), how it was lost, its Missions, the Morale
    Reserve left."""
    found: list[Row] = []
    for campaign_id in campaign_ids:
        cursor = conn.execute(
            "SELECT campaign, chapter, chapter_name, phase, outcome, outcome_detail, mission, "
            "morale FROM chapter_state WHERE campaign_id = ? ORDER BY chapter",
            (campaign_id,),
        )
        names = [d[0] for d in cursor.description]
        found += [dict(zip(names, values, strict=True)) for values in cursor]
    return found


def evenings(conn: sqlite3.Connection, campaign_ids: list[str]) -> list[Row]:
    """Each session of play (evening) of those campaigns, in the order it began: its
    name, the actions it logged, the undos it recorded, the day it began."""
    marks = ",".join("?" * len(campaign_ids))
    rows = conn.execute(
        "SELECT session, sum(kind = 'ActionLogged'), sum(kind = 'ActionsUndone'), min(time) "
        f"FROM event_log WHERE campaign_id IN ({marks}) AND kind != 'Created' "
        "GROUP BY session ORDER BY min(time), session",
        campaign_ids,
    ).fetchall()
    return [
        {"session": s, "actions": int(a), "undos": int(u), "began": str(t)[:10]}
        for s, a, u, t in rows
    ]


def standing_events(conn: sqlite3.Connection, campaign_id: str) -> list[tuple[int, Row]]:
    """The domain event records of a campaign's standing actions, oldest first, each with
    the chapter the action left the campaign in."""
    rows = conn.execute(
        "SELECT version, chapter FROM event_log WHERE campaign_id = ? AND undone = 0 "
        "AND kind IN ('ActionLogged', 'ActionReverted') ORDER BY version",
        (campaign_id,),
    ).fetchall()
    found: list[tuple[int, Row]] = []
    for start in range(0, len(rows), PAGE):
        page = dict(rows[start : start + PAGE])
        for event in read_versions(conn, campaign_id, list(page)):
            found += [(page[event.version] or 0, record) for record in event.records()]
    return found


class Tally:
    """What the standing events of the campaigns say, counted: Hard Knocks met, who
    withdrew first from each Mission, Speeches made, and each chapter's Morale after its
    setup and after each Morale Drop."""

    def __init__(self) -> None:
        self.hard_knocks: Counter[str] = Counter()
        self.first_out: Counter[str] = Counter()
        self.speeches: Counter[str] = Counter()
        self.morale: dict[tuple[str, int], list[int]] = {}

    def add(self, campaign: str, events: list[tuple[int, Row]]) -> None:
        """Count one campaign's standing events (``standing_events``)."""
        withdrawn_yet = True  # until a Mission starts
        for chapter, record in events:
            kind, data = record.get("type"), record.get("data") or {}
            line = self.morale.setdefault((campaign, chapter), [])
            match kind:
                case "ChapterStarted":
                    line[:] = [len(data.get("morale") or ())]
                case "MissionStarted":
                    withdrawn_yet = False
                case "PlayerWithdrew" if not withdrawn_yet:
                    self.first_out[str(data.get("player"))] += 1
                    withdrawn_yet = True
                case "SpeechMade":
                    self.speeches[str(data.get("player"))] += 1
                case "CardPlayed" | "CardDrawnAndPlayed" if is_hard_knock(data.get("card")):
                    self.hard_knocks[str(data["card"])] += 1
                case "MoraleDropped" if line:
                    line.append(max(0, line[-1] - int(data.get("count") or 0)))
                case "FactCorrected" if data.get("fact") == "morale" and line:
                    value = data.get("value")
                    line += [value] if type(value) is int else []


def is_hard_knock(card: object) -> bool:
    """Whether a card played (its key) is a Hard Knock."""
    if not isinstance(card, str) or card == MERRY_CHRISTMAS:
        return False
    return not set(card.split("+")) <= THREAT_PARTS


def file_stats(conn: sqlite3.Connection, campaigns: list[Row]) -> Row:
    """The statistics of ``campaigns`` (their ``campaigns`` rows): the chapters, the
    evenings and the tallies of their standing events."""
    ids = [c["campaign_id"] for c in campaigns]
    tally = Tally()
    for campaign in campaigns:
        tally.add(campaign["campaign"], standing_events(conn, campaign["campaign_id"]))
    played = chapters(conn, ids)
    for chapter in played:  # the line ends where the read model's board stands
        line = tally.morale.get((chapter["campaign"], chapter["chapter"])) or []
        now = chapter["morale"]
        chapter["morale_line"] = [*line, now] if not line or line[-1] != now else line
    branches = {c["campaign"]: branched_from(conn, c["campaign_id"]) for c in campaigns}
    return {
        "campaigns": [c["campaign"] for c in campaigns],
        "branches": {name: list(origin) for name, origin in branches.items() if origin},
        "chapters": played,
        "evenings": evenings(conn, ids) if ids else [],
        "hard_knocks": tally.hard_knocks.most_common(),
        "first_out": tally.first_out.most_common(),
        "speeches": tally.speeches.most_common(),
    }
