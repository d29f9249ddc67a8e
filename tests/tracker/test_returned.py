"""An undo, a redo or a revert is applied with the state it returns to given with it
(``Campaign.returned``, ``Campaign.take_back``): whatever state the campaign holds when
the event is applied, the state after it is the one given."""

from __future__ import annotations

import random
from collections.abc import Callable

from domain.chapter.commands import Seat, StartChapter
from domain.simulate import RandomChance, random_command
from tracker.aggregate import Campaign
from tracker.app import Tracker, campaign_id

NAME = "Friday"
SEATS = (Seat("Ann", "night"), Seat("Ben", "snow"), Seat("Cy", "rain"))


def played(open_tracker: Callable[..., Tracker], actions: int) -> Tracker:
    """A campaign of a chapter's start and ``actions`` random actions after it."""
    rng = random.Random(5)
    tracker = open_tracker(chance=RandomChance(rng))
    tracker.create_campaign(NAME, "classic", SEATS)
    state = tracker.log_action(NAME, StartChapter("classic", SEATS, leader="Ann")).state
    for _ in range(actions):
        assert state.chapter is not None and state.chapter_running
        state = tracker.log_action(NAME, random_command(state.chapter, rng)).state
    return tracker


def test_a_stored_undo_applied_to_the_campaign_as_it_was_returns_to_the_state_given(
    open_tracker: Callable[..., Tracker],
) -> None:
    tracker = played(open_tracker, 4)
    undone = tracker.undo(NAME, 3, reason="wrong card")
    before = tracker.campaign(NAME, undone.version - 1)  # the line's end, as it was
    (event,) = tracker.events.get(campaign_id(NAME), gt=undone.version - 1)
    recalled = tracker.recall(campaign_id(NAME), undone.head)
    assert before.state != recalled

    after = before.returned(event, recalled)

    assert after.state == recalled == undone.state
    assert (after.head, after.version) == (undone.head, undone.version)


def test_a_new_revert_starts_from_the_state_given_not_the_campaigns_own(
    open_tracker: Callable[..., Tracker],
) -> None:
    tracker = played(open_tracker, 3)
    line = tracker.line_of_play(NAME)
    campaign = tracker.campaign(NAME)
    base = tracker.recall(campaign.id, line[-2])  # take the last action out: nothing after

    campaign.take_back(
        Campaign.ActionReverted,
        base,
        reverted=line[-1],
        actions=[line[-1]],
        reason="",
        parent=line[-2],
        replaced=campaign.head,
        reapplied=[],
        logged_by="test",
        session="test",
    )

    assert campaign.state == base
    assert campaign.head == campaign.version
