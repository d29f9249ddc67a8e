"""``why``: the last refusal (as a face noted it: the command line keeps it on this
machine), else the last decision the rules took by themselves, or one log entry, said by
the voice from the read models (``voice.why``), the states rebuilt without the rules'
replay (``projections.recall``)."""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING, Any

from app.errors import Refused
from voice import lang

if TYPE_CHECKING:
    from collections.abc import Sequence

    from app.session import Session
    from domain.campaign.flow import CampaignState
    from voice import Said
    from voice.decisions import Entry

LOOKED_AT_MOST = 200  # entries looked at for the last decision (a chapter's are a few dozen)


def explained(work: Session, entry: int | None, noted: dict[str, Any] | None = None) -> Said:
    """What ``why`` says: the last refusal (``noted``: what the face noted of it, if nothing
    was stored since) when no entry is asked, else the entry, else the last decision."""
    from app.readmodel import read_models
    from voice import why

    name = work.campaign_name()
    with read_models(work) as (conn, campaign):
        log = Log(conn, campaign["campaign_id"])
        if noted is not None and why.noted_well(noted, name):
            return why.refusal(noted, campaign["version"], *log.lately(campaign["version"]))
        if entry is not None:
            found = log.one(entry)
            if found is None:
                raise Refused(
                    lang._("there is no log entry #{entry}: the log ends at #{last}").format(
                        entry=entry, last=campaign["version"]
                    )
                )
            return log.explained(entry, *found)
        return log.last_decision() or why.nothing(campaign["version"])


class Log:
    """One campaign's log entries as ``why`` reads them (its states rebuilt once each)."""

    def __init__(self, conn: sqlite3.Connection, cid: str) -> None:
        from projections.recall import Recall

        self.conn, self.cid, self.recall = conn, cid, Recall(conn)

    def one(self, number: int) -> tuple[str, str, list[dict[str, Any]]] | None:
        from projections import entries

        return entries.one(self.conn, self.cid, number)

    def last_decision(self) -> Said | None:
        """The newest action on the line of play in which the rules decided something."""
        from projections.entries import with_types
        from voice import why

        for looked, (number, _) in enumerate(with_types(self.conn, self.cid, why.decided())):
            found = self.one(number)
            if looked >= LOOKED_AT_MOST or found is None:
                return None
            if why.may_decide(found[2]):
                said = self.explained(number, *found)
                if said.facts["decisions"]:
                    return said
        return None

    def lately(self, newest: int) -> tuple[CampaignState | None, Sequence[Entry]]:
        """The chapter's entries up to ``newest`` and the state just before them (none if
        the read models cannot rebuild it: the refusal is said without its facts)."""
        from projections import entries
        from projections.errors import ProjectionError

        try:
            seen = entries.chapter_before(self.conn, self.cid, newest + 1)
            return self.recall.state_at(self.cid, (seen[0][0] if seen else newest + 1) - 1), seen
        except ProjectionError:
            return None, []

    def explained(self, number: int, kind: str, summary: str, records: list[Any]) -> Said:
        """Entry ``number`` explained from the state just before it."""
        from projections import entries
        from projections.errors import ProjectionError
        from voice import why

        if kind != "ActionLogged":
            return why.not_an_action(number, kind, summary)
        try:
            before = self.recall.state_at(self.cid, number - 1)
            earlier = entries.chapter_before(self.conn, self.cid, number)
        except ProjectionError as error:
            raise Refused(str(error)) from None
        return why.entry(number, summary, before, records, earlier)
