"""What-if branches: a campaign forked at a log entry into a new campaign of the same file.

The branch is an ordinary stream. Its first event, ``Campaign.Created``, holds the
original's creation record under the new name, naming the original and the entry
(``CampaignCreated.branched_from``, ``branched_at``); then one ``ActionLogged`` for each
action that stood right after that entry (the line of play then: an undone action is not
on it, a revert stands for the actions it decided again), with its own command, summary,
domain events and draws, each the next one's parent. So the branch's state is the state
``replay --at N`` shows, its log reads like the original's line, an undo or a revert works
in it as anywhere, and the original's stream is only read: it never changes.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

import msgspec

from domain.campaign.flow import CampaignState, decide_branch_campaign
from domain.errors import N_
from domain.events import CampaignCreated, to_record
from domain.records import from_record
from tracker.aggregate import Campaign, is_revert
from tracker.errors import UnusableFile


class Branched(msgspec.Struct, frozen=True):
    """A branch recorded: its name, the original's, the entry it was forked at, the
    actions copied and the branch's state (the original's right after that entry)."""

    name: str
    original: str
    at: int
    actions: int
    version: int
    state: CampaignState


class Step(msgspec.Struct, frozen=True):
    """One action of the line copied into the branch."""

    summary: str
    command: dict[str, Any] | None
    events: list[dict[str, Any]]
    draws: list[list[Any]] | None


def fork(
    original: Campaign,
    at: int,
    name: str,
    id_: UUID,
    first: Any,
    actions: list[Any],
    who: Any,
    every: int,
) -> tuple[Campaign, dict[int, Any]]:
    """The branch ``name`` (its id ``id_``) of ``original`` loaded as it stood right after
    entry ``at``, to be saved: its first event the original's creation (``first``) renamed,
    naming the original and ``at``; then ``actions``, the stored actions of the line then,
    copied; ``who`` logs it. With it, its snapshots at every ``every``-th version, taken
    as it is built (the tracker would otherwise load each one back from the store)."""
    created = from_record(first.record)
    assert isinstance(created, CampaignCreated)
    record = decide_branch_campaign(created, name, at)
    branch = Campaign._create(Campaign.Created, id=id_, record=to_record(record), **who)
    snapshots: dict[int, Any] = {}
    for step in line_steps(actions):
        branch.trigger_event(
            Campaign.ActionLogged,
            summary=step.summary,
            command=step.command,
            events=step.events,
            parent=branch.head,
            draws=step.draws,
            **who,
        )
        if branch.version % every == 0:
            snapshots[branch.version] = Campaign.Snapshot.take(branch)
    if msgspec.structs.replace(branch.state, name=original.state.name) != original.state:
        raise UnusableFile(  # the line's events do not lead where the stream stood
            N_(
                "{state!r} cannot be branched at #{at}: its actions, applied again, "
                "do not give the board as it stood then (grizzled verify checks the "
                "file)"
            ),
            state=original.state.name,
            at=at,
        )
    return branch, snapshots


def line_steps(actions: list[Any]) -> list[Step]:
    """The stored actions of a line (oldest first) as the steps that give its state: a
    logged action as itself, a revert as each action it decided again."""
    steps: list[Step] = []
    for action in actions:
        if is_revert(action):
            steps += [
                Step(r["summary"], r["command"], list(r["events"]), r.get("draws") or None)
                for r in action.reapplied
            ]
        else:
            steps.append(Step(action.summary, action.command, list(action.events), action.draws))
    return steps
