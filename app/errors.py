"""The application's refusals: one line a person reads, and the rule broken if the rules
refused (``RuleViolation.rule``, for ``why``). Every face shows the line as it is: the
command line as its one error line (exit 1), the companion on the keeper's page."""

from __future__ import annotations


class Refused(Exception):
    """Nothing was recorded: the rules, the tracker or the file refused, said in one line."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule  # the rule's id (RuleViolation.rule), for ``why``; None: the tracker's

    def __str__(self) -> str:
        return self.message


class NoCampaign(Refused):
    """The file holds no campaign yet (a face may offer to create one)."""


class BadPlace(Exception):
    """What a face was given cannot name a campaign database at all (a usage error: the
    command line exits 2)."""


def failed(error: BaseException, db: str, where: str) -> tuple[str, bool] | None:
    """A failure of the campaign store in one line: SQLite's (or the event store's wrapping
    of it), naming the file ``db``; the event store library's or a club's server gone
    outside a save, naming ``where``, and True: a write then recorded nothing (a save says
    so itself); a stored event of a module the program does not play, in its words. None
    for any other error."""
    import sqlite3

    from domain.errors import NotPlayed

    if isinstance(error, NotPlayed):  # a stored event of a module this program does not play
        from voice.refusal import message

        return message(error), False
    if isinstance(error, sqlite3.Error) or isinstance(error.__cause__, sqlite3.Error):
        from tracker.dbfile import failure

        return str(failure(db, error)), False
    if any(c.__module__.startswith(("psycopg", "eventsourcing")) for c in type(error).__mro__):
        from tracker.store import failed as said

        return said(where, error), True
    return None
