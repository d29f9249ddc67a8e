"""Each event evolved once less on the write path (issue 40): the read models take the
state after a logged action from the tracker that logged it (``app.actions.record``), not
by evolving the action's events a second time, and hold what a rebuild gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from app import actions
from domain.chapter.commands import Withdraw
from tests.cli.conftest import Grizzled
from tests.projections.conftest import all_rows, rebuilt_copy


def test_a_logged_action_is_not_evolved_again_by_the_read_models(
    table: Grizzled, db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import projections.project as project

    evolved: list[object] = []
    real = project.evolve_campaign

    def counted(state: object, event: object) -> object:
        evolved.append(event)
        return real(state, event)  # type: ignore[arg-type]

    monkeypatch.setattr(project, "evolve_campaign", counted)
    recorded = actions.log_action(actions.LogAction(str(db), None, Withdraw("ann", "left")))
    assert recorded.events and evolved == []  # the tracker's state, not evolved again
    assert recorded.said[-1].text.startswith("Next:")
    monkeypatch.setattr(project, "evolve_campaign", real)
    assert all_rows(db) == rebuilt_copy(db, tmp_path)
