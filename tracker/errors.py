"""The tracker's own errors, in words a player understands; library errors end here."""

from __future__ import annotations

from domain.errors import Worded


class TrackerError(Worded):
    """Something the tracker refuses or cannot do; nothing was recorded. As a rule's
    refusal, it keeps its words' form and facts for the voice to say
    (``domain.errors.Worded``); ``str()`` is the English."""


class CampaignNotFound(TrackerError):
    """No campaign of that name in this database."""


class CampaignExists(TrackerError):
    """A campaign of that name already exists."""


class ConcurrentChange(TrackerError):
    """Someone else logged into the campaign at the same moment."""


class Moved(ConcurrentChange):
    """The campaign moved on after an undo, a redo, a revert or a correction was decided
    (another event was stored after the one it was decided on): it is never decided again
    on a head nobody saw, so nothing was recorded."""


class NothingToUndo(TrackerError):
    """Fewer actions are left than the undo asks for."""


class NothingToRedo(TrackerError):
    """No undo to take back (or a new action was logged since)."""


class NotOnCurrentLine(TrackerError):
    """The chosen log entry is not an action of the current line of play."""


class RevertRefused(TrackerError):
    """A revert would leave a later action refused by the rules: nothing was recorded."""


class DatabaseError(TrackerError):
    """The database file cannot be opened, read or written."""


class NoSuchEvent(TrackerError):
    """No log entry has that number."""


class UnusableFile(TrackerError):
    """The file is not a grizzled campaign file we can use: another application's, damaged,
    or holding what our program never writes (nothing was written to it)."""


class NoCampaignFile(UnusableFile):
    """The file is missing or holds no campaign yet (nothing was written to it)."""
