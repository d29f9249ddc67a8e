"""``why``: the rule behind the last refusal, the last decision the rules took by
themselves, or any log entry (words in voice/why.py, rules in voice/rulebook.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from cli.context import Context, Refused, pass_context, print_wrapped
from cli.params import LOG_ENTRY

if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Sequence

    from domain.campaign.flow import CampaignState
    from voice import Said
    from voice.decisions import Entry

LOOKED_AT_MOST = 200  # entries looked at for the last decision (a chapter's are a few dozen)


@click.command()
@click.argument("entry", type=LOG_ENTRY, required=False)
@click.option("--json", "as_json", is_flag=True, help="Plain JSON (see docs/cli.md).")
@pass_context
def why(ctx: Context, entry: int | None, as_json: bool) -> None:
    """Why: the last command refused (kept on this machine only, never in the campaign's
    record), else the last decision the rules took by themselves (a Mission failed or won,
    Support to nobody on a tie, a Morale Drop's size, a chapter won or lost, a Trap or the
    Luck that cancelled it, a Hard Knock's effect, the Mission Leader token passing, Merry
    Christmas's discard, a Speech, the Chaplain's tile, an Order of the Day discarded, a Recruit
    entering or departing, a card's effect, a Hard Knock giving way to an Order of the Day,
    Solo's refills and Support tile), or log entry
    ENTRY: the rule in our words and where the rulebooks say it, the facts that triggered
    it and the log entries they come from.

    Example: grizzled why     grizzled why 14 --json
    """
    said = explained(ctx, entry)
    if as_json:
        ctx.print_json({"text": said.text, **said.facts})
        return
    print_wrapped(said.text.splitlines())


def explained(ctx: Context, entry: int | None) -> Said:
    """What ``why`` says: the last refusal if nothing was stored since, else the entry."""
    from cli.readmodel import read_models
    from voice import why

    name = ctx.campaign_name()
    noted = None
    if entry is None:
        ctx.tracker()  # the file's last event, to tell a refusal still standing
        noted = ctx.refusal_noted()
    with read_models(ctx) as (conn, campaign):
        log = Log(conn, campaign["campaign_id"])
        if noted is not None and why.noted_well(noted, name):
            return why.refusal(noted, campaign["version"], *log.lately(campaign["version"]))
        if entry is not None:
            found = log.one(entry)
            if found is None:
                raise Refused(
                    f"there is no log entry #{entry}: the log ends at #{campaign['version']}"
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

        for looked, (number, _) in enumerate(with_types(self.conn, self.cid, why.DECIDED)):
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


COMMANDS = (why,)
