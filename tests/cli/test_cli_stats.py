"""Statistics across the campaigns of a file (issue 32): ``grizzled stats`` reads the read
models and the standing actions' events, and says them as tables and terminal charts;
``--json`` gives the facts."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import Grizzled


@pytest.fixture
def demo(grizzled: Grizzled, tmp_path: Path) -> Grizzled:
    """The demo's chapter (cli/demo.py): Mission 1 failed on three shells, then Cy met
    Mute, Ann made a Speech and withdrew first, an undo of Ben's slip; Morale 34 -> 26."""
    path = tmp_path / "demo.sqlite"
    grizzled.ok("demo", "--db", str(path))
    return Grizzled(path, explicit=True)


@pytest.mark.backends
def test_a_lost_and_a_won_chapter_are_counted_with_how_they_ended(armistice: Grizzled):
    armistice.boot_camp(won=True)
    armistice.chapter(1, won=False)

    found = armistice.json("stats")
    out = armistice.ok("stats")

    assert [(c["chapter"], c["outcome"], c["mission"]) for c in found["chapters"]] == [
        (0, "won", 1),
        (1, "monument", 1),
    ]
    assert [c["morale_line"] for c in found["chapters"]] == [[20], [1, 0]]
    assert found["first_out"] == [["Ann", 2]]  # Ann withdrew first from both Missions
    lines = out.splitlines()
    assert lines[0] == "1 campaign, 2 chapters played: 1 won, 1 lost."
    assert "Autumn, chapter 1  lost: the Monument  1         0" in out
    assert "How the chapters ended:" in lines
    assert any(line.startswith("won ") and line.endswith(" 1") and "█" in line for line in lines)


def test_the_demo_chapter_counts_its_hard_knock_speech_first_out_morale_and_undo(demo: Grizzled):
    found = demo.json("stats")

    assert found["campaigns"] == ["Demo evening"]
    assert (found["hard_knocks"], found["speeches"], found["first_out"]) == (
        [["mute", 1]],
        [["Ann", 1]],
        [["Ann", 1]],  # nobody withdrew from Mission 1: it failed on three shells
    )
    (chapter,) = found["chapters"]
    assert (chapter["mission"], chapter["morale"]) == (2, 26)
    assert (chapter["morale_line"][0], chapter["morale_line"][-1]) == (34, 26)
    assert [(e["session"], e["actions"], e["undos"]) for e in found["evenings"]] == [
        ("demo evening", 16, 1)
    ]
    out = demo.ok("stats")
    assert "Hard Knocks met most:\nMute  █" in out
    assert "Morale Reserve through each chapter (after each Morale Drop):" in out


@pytest.mark.backends
def test_an_action_taken_back_is_not_counted(table: Grizzled):
    table.ok("play mute")  # Ann meets Mute ...
    table.ok("undo")  # ... but the group takes it back
    table.ok("play phobia-gas")  # she met a Phobia instead

    found = table.json("stats")

    assert found["hard_knocks"] == [["phobia-gas", 1]]
    assert found["evenings"][0]["undos"] == 1


def test_stats_is_readable_at_60_and_100_columns(demo: Grizzled, monkeypatch):
    for columns in (60, 100):
        monkeypatch.setenv("COLUMNS", str(columns))
        out = demo.ok("stats")
        assert max(len(line.rstrip()) for line in out.splitlines()) <= columns
        assert "Demo evening, chapter 1" in out


@pytest.mark.backends
def test_stats_counts_only_the_campaigns_named(table: Grizzled):
    table.ok("play mute")
    table.ok("branch 'What if' --at 3")  # before Ann's Mute

    every = table.json("stats")
    friday = table.json("stats Friday")

    assert every["campaigns"] == ["Friday", "What if"]
    assert every["branches"] == {"What if": ["Friday", 3]}
    said = " ".join(table.ok("stats").split())  # as read, whatever the terminal's width
    assert said.startswith(  # the branch's chapter apart from the campaign's own
        "2 campaigns (1 a what-if branch), 1 chapter played: 0 won, 0 lost, 1 being played; "
        "in the what-if branches: 1 chapter played: 0 won, 0 lost, 1 being played."
    )
    assert "What if, chapter 1 (what-if)" in said and "Friday, chapter 1 (what-if)" not in said
    assert every["hard_knocks"] == [["mute", 1]]
    assert friday["campaigns"] == ["Friday"]
    assert len(friday["chapters"]) == 1 and len(every["chapters"]) == 2
    assert table.refused("stats Nope").startswith("Error: there is no campaign called 'Nope'")


def test_stats_of_a_file_with_no_campaign_says_so_in_one_line(grizzled: Grizzled):
    assert "no campaign in" in grizzled.refused("stats")
