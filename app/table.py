"""A table session's work between its lines (``grizzled table``: one unit of work kept
open for the evening): the campaign read again as the file holds it, whether another
device logged or another file was put in its place (a restore), and the upkeep once a
line's board is drawn: the read models caught up, the file remembered as one this machine
wrote (``tracker.trust``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.session import refusals

if TYPE_CHECKING:
    from app.session import Session
    from domain.campaign.flow import CampaignState


def read_again(work: Session, name: str) -> tuple[CampaignState, int]:
    """The campaign ``name`` as the file holds it now, and its version."""
    with refusals():
        campaign = work.tracker().campaign(name)
    return campaign.state, campaign.version


def logged_since(work: Session, name: str, version: int) -> bool:
    """Whether the file was replaced, or the campaign logged past ``version``, since."""
    tracker = work.tracker()
    return tracker.file_replaced() or tracker.campaign(name).version != version


def replaced(work: Session) -> bool:
    """Whether the file at the session's path is no longer the one it opened (a restore
    renamed another into place, or it is gone: ``tracker.follow``)."""
    tracker = work._tracker
    return tracker is not None and tracker.file_replaced()


def gone(work: Session) -> bool:
    """Whether no file is at the session's path now (moved or deleted)."""
    from tracker.dbfile import identity

    return identity(work.db) is None


def tidy(work: Session) -> object | None:
    """The read models caught up with what the session recorded, and the file remembered
    as this machine left it, unless another file is there now (the next line re-opens and
    checks it). Why the read models catch up next time, if they could not now."""
    from projections.runner import catch_up
    from tracker import trust
    from tracker.follow import replaced as elsewhere

    tracker = work._tracker
    if tracker is not None and elsewhere(work.db, tracker.opened):
        return None
    failed = None
    try:
        catch_up(work.db)
    except Exception as error:  # recorded all the same: the next command catches up
        failed = getattr(error, "reason", error)
    trust.remember(work.db)
    return failed
