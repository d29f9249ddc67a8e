"""Undo, redo and revert under random play: whatever is taken back, restored or decided
again, the tracker's state is the state the surviving actions lead to, and nothing stored
is lost.

A Hypothesis state machine logs random legal commands (the engine dealing itself from a
seeded generator) into a real SQLite file and mixes in undos of 1-3 actions, undos back
to a chosen action, redos, and reverts of a chosen past action. A model of the line of
play and of the redo stack says what each must do; after every step the stored stream is
checked. A revert's result is checked against deciding the surviving commands again from
the campaign's creation, each with the draws it recorded; a revert the rules refuse
records nothing.
"""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    precondition,
    rule,
    run_state_machine_as_test,
)
from msgspec.structs import replace

from domain.campaign.briefing import Conclusion, EnterConclusion
from domain.campaign.flow import CampaignState, decide_campaign, evolve_campaign, start_campaign
from domain.chapter.commands import StartChapter
from domain.chapter.corrections import CorrectFact
from domain.codec import decode_command
from domain.errors import RuleViolation
from domain.events import CampaignCreated
from domain.records import from_record
from domain.simulate import RandomChance, random_command, random_setup
from tracker.aggregate import Campaign
from tracker.app import Tracker, campaign_id
from tracker.chance import Replaying
from tracker.errors import NothingToRedo, NothingToUndo, NotOnCurrentLine, RevertRefused

NAME = "Random war"
# (ruleset, players, Trials and Morale sizes): short decks make chapters end within reach.
TABLES = [
    ("classic", 2, (4, 5)),
    ("classic", 3, (5, 6)),
    ("classic", 4, (8, 10)),
    ("classic", 5, None),
    ("armistice", 3, None),
]


class UndoRedoMachine(RuleBasedStateMachine):
    """Random play with undos and redos, checked against a model of the line of play."""

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.path = folder / "grizzled.sqlite"
        self.tracker: Tracker | None = None
        self.reader = sqlite3.connect(self.path)
        self.rng = random.Random()
        self.setup: StartChapter | None = None
        self.line: list[int] = []  # the versions of the actions that stand
        self.redos: list[list[int]] = []  # what each undo since the last action took back
        self.stored = 0  # events stored so far
        self.now: CampaignState | None = None  # the state the tracker last returned
        self.replayed: dict[int, CampaignState] = {}  # by version: replay of its line
        self.prefix: dict[int, list[int]] = {}  # a revert: the line before the action it took
        self.replaced: dict[int, list[int]] = {}  # a revert: the line it replaced

    # --- the table ------------------------------------------------------------------------
    @initialize(seed=st.integers(0, 2**32 - 1), table=st.sampled_from(TABLES))
    def open_campaign(self, seed: int, table: tuple[str, int, tuple[int, int] | None]) -> None:
        ruleset, players, decks = table
        self.rng.seed(seed)
        self.tracker = Tracker(self.path, chance=RandomChance(self.rng), session="random")
        self.setup = random_setup(self.rng, ruleset, players)
        if decks is not None:
            self.setup = replace(self.setup, trials=decks[0], morale=decks[1])
        self.now = self.tracker.create_campaign(NAME, ruleset, self.setup.seats)
        self.recorded()
        self.act()
        self.check()

    @rule(commands=st.integers(1, 8))
    def play(self, commands: int) -> None:
        for _ in range(commands):
            self.act()
            self.check()

    @rule(steps=st.integers(1, 3))
    def undo(self, steps: int) -> None:
        tracker = self.opened
        if steps > len(self.line):
            with pytest.raises(NothingToUndo):
                tracker.undo(NAME, steps, reason="random")
            self.check()
            return
        undone = tracker.undo(NAME, steps, reason=f"take back {steps}")
        taken, self.line = self.line[-steps:], self.line[:-steps]
        if taken[0] in self.replaced:  # a revert taken back: the line it replaced is back
            self.line = self.replaced[taken[0]]
        assert list(undone.actions) == taken
        self.redos.append(taken)
        self.recorded(undone.version, undone.state)
        self.check()

    @precondition(lambda self: len(self.line) > 0)
    @rule(data=st.data())
    def undo_to(self, data: st.DataObject) -> None:
        # Back to an earlier action, or to the campaign's creation (event #1).
        target = data.draw(st.sampled_from([1, *self.line[:-1]]), label="back to")
        undone = self.opened.undo_to(NAME, target, reason="back to an earlier action")
        cut = self.line.index(target) + 1 if target != 1 else 0
        taken, self.line = self.line[cut:], self.line[:cut]
        assert list(undone.actions) == taken
        self.redos.append(taken)
        self.recorded(undone.version, undone.state)
        self.check()

    @precondition(lambda self: self.now is not None and self.now.chapter_running)
    @rule(stock=st.integers(0, 5))
    def correct(self, stock: int) -> None:
        """A correction most later actions do not depend on: one a revert can take out
        while keeping them (random play's own actions each decide whose turn it is)."""
        try:
            logged = self.opened.log_action(NAME, CorrectFact("stock", stock, "recounted"))
        except RuleViolation:
            self.check()
            return
        self.line.append(logged.version)
        self.redos = []
        self.recorded(logged.version, logged.state)
        self.check()

    @precondition(lambda self: len(self.line) > 0)
    @rule(data=st.data())
    def revert(self, data: st.DataObject) -> None:
        target = data.draw(st.sampled_from(self.line), label="revert")
        tracker = self.opened
        if isinstance(self.stream()[target], Campaign.ActionReverted):
            with pytest.raises(NotOnCurrentLine):
                tracker.revert(NAME, target, reason="random")
            self.check()
            return
        try:
            reverted = tracker.revert(NAME, target, reason="take one back")
        except RevertRefused as refused:
            event("revert refused")
            assert "Nothing was recorded" in str(refused)
            self.check()
            return
        event(f"revert recorded, {min(len(reverted.reapplied), 3)}+ actions decided again")
        cut = self.line.index(target)
        self.prefix[reverted.version] = self.line[:cut]
        self.replaced[reverted.version] = self.line
        self.line = [*self.line[:cut], reverted.version]
        self.redos = []
        self.recorded(reverted.version, reverted.state)
        assert reverted.state == self.decide_line()
        self.check()

    @rule()
    def redo(self) -> None:
        tracker = self.opened
        if not self.redos:
            with pytest.raises(NothingToRedo):
                tracker.redo(NAME)
            self.check()
            return
        redone = tracker.redo(NAME)
        restored = self.redos.pop()
        assert list(redone.actions) == restored
        if restored[0] in self.prefix:  # a revert again: on top of what came before it
            self.line = list(self.prefix[restored[0]])
        self.line += restored
        self.recorded(redone.version, redone.state)
        self.check()

    # --- what must always hold ----------------------------------------------------------------
    def check(self) -> None:
        """After every step: the stream grew by exactly what was recorded, the line of
        play is the model's, and the state is what the surviving actions lead to."""
        tracker = self.opened
        (count, newest) = self.reader.execute(
            "SELECT count(*), max(originator_version) FROM stored_events WHERE originator_id = ?",
            (campaign_id(NAME).hex,),
        ).fetchone()
        assert count == newest == self.stored, "the stream lost, skipped or gained events"
        assert tracker.line_of_play(NAME) == self.line
        assert tracker.state(NAME) == self.now == self.replay_line()

    def teardown(self) -> None:
        self.reader.close()
        if self.tracker is not None:
            self.tracker.close()

    # --- helpers --------------------------------------------------------------------------------
    @property
    def opened(self) -> Tracker:
        assert self.tracker is not None
        return self.tracker

    def act(self) -> None:
        """Log a random legal command (a new chapter once one is over)."""
        command: Any = self.setup
        if self.now and self.now.chapter and self.now.chapter_running:
            command = random_command(self.now.chapter, self.rng)
        elif (
            self.now
            and self.now.armistice
            and self.now.last_result is not None
            and self.now.last_result.number != 0  # Boot Camp has no Conclusion (decision 6)
            and (self.now.last_result.number not in self.now.conclusions)
        ):
            # An Armistice chapter ends with its Conclusion (here one that offers nothing).
            command = EnterConclusion(Conclusion(self.now.last_result.number, ()))
        logged = self.opened.log_action(NAME, command)
        self.line.append(logged.version)
        self.redos = []
        self.recorded(logged.version, logged.state)

    def recorded(self, version: int | None = None, state: CampaignState | None = None) -> None:
        """One more event is stored (at ``version``, when the tracker said which)."""
        self.stored += 1
        assert version is None or version == self.stored
        self.now = state or self.now

    def stream(self) -> dict[int, Any]:
        return {e.originator_version: e for e in self.opened.events.get(campaign_id(NAME))}

    def decide_line(self) -> CampaignState:
        """The campaign decided again from its creation: each surviving command (a
        revert's: those it decided again) through the rules, with the draws it recorded."""
        stream = self.stream()
        created = from_record(stream[1].record)
        assert isinstance(created, CampaignCreated)
        state = start_campaign(created)
        for version in self.line:
            action = stream[version]
            if isinstance(action, Campaign.ActionReverted):
                commands = [(a["command"], a.get("draws") or []) for a in action.reapplied]
            else:
                commands = [(action.command, action.draws or [])]
            for command, draws in commands:
                chance = Replaying(draws) if draws else None
                for decided in decide_campaign(state, decode_command(command), chance):
                    state = evolve_campaign(state, decided)
        return state

    def replay_line(self) -> CampaignState:
        """The campaign rebuilt from its creation and the domain events of the actions
        that stand, and nothing else: no undo or redo record, no snapshot. (The replay up
        to each action is kept: an action always follows the same actions.)"""
        stream = self.stream()
        if not self.replayed:
            created = from_record(stream[1].record)
            assert isinstance(created, CampaignCreated)
            self.replayed[1] = start_campaign(created)
        previous = 1
        for version in self.line:
            if version not in self.replayed:
                action = stream[version]
                state = self.replayed[previous]
                for record in action.events:  # a revert's: those it decided again
                    state = evolve_campaign(state, from_record(record))
                self.replayed[version] = state
            previous = version
        return self.replayed[previous]


def test_undo_redo_and_revert_always_leave_the_state_the_surviving_actions_lead_to(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    run_state_machine_as_test(
        lambda: UndoRedoMachine(tmp_path_factory.mktemp("undo-redo")),
        settings=settings(
            max_examples=25,
            stateful_step_count=30,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )
