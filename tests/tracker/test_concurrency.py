"""Two writers, one campaign, one file: every action either stored exactly once or
refused, the stream's versions contiguous, never a corrupted stream.

First two real OS processes log corrections into the same campaign at once; then two
trackers in one process interleave at chosen moments, so the retry and the refusal
after a lost race are each seen happening every time.
"""

from __future__ import annotations

import json
import subprocess
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from domain.chapter.commands import PlayCard, Seat, StartChapter, StartMission
from domain.chapter.corrections import CorrectFact
from domain.events import FactCorrected
from domain.records import from_record
from tests.tracker.history import stored_history
from tracker.aggregate import Campaign
from tracker.app import Tracker
from tracker.errors import ConcurrentChange, Moved, NoSuchEvent

OpenTracker = Callable[..., Tracker]

SEATS = (Seat("Ann", "night"), Seat("Ben", "snow"), Seat("Cy", "rain"))
SETUP = StartChapter("classic", SEATS, leader="Ann", third_tiles=("left", "right", "left"))
ACTIONS = 120  # per process

# A writer: waits for "go", then logs corrections and reports each one: accepted, or
# refused (a lost race, or the other writer set the same count just before: nothing to
# correct). It waits for SQLite's write lock up to a minute: twelve writers on two loaded
# cores waited past the default 5 s ("database is locked"); what is tested here is that
# nothing is lost or doubled, not how long a lock is waited for.
WRITER = """
import json, sys
from domain.chapter.corrections import CorrectFact
from domain.errors import InvalidCorrection
from tracker.app import Tracker
from tracker.errors import ConcurrentChange

db, who, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
tracker = Tracker(db, by=who, session="race", lock_timeout=60)
print("ready", flush=True)
sys.stdin.readline()
for k in range(count):
    reason = f"proc {who} #{k}"
    try:
        logged = tracker.log_action("Race", CorrectFact("stock", k % 6, reason))
    except (ConcurrentChange, InvalidCorrection) as refused:
        report = {"reason": reason, "refused": str(refused)}
    else:
        report = {"reason": reason, "version": logged.version, "retried": logged.retried}
    print(json.dumps(report), flush=True)
tracker.close()
"""


def test_two_processes_logging_into_one_campaign_at_once_store_each_accepted_action_once(
    open_tracker: OpenTracker,
    spawn: Callable[..., subprocess.Popen[str]],
    db: Path,
    stored_versions: Callable[[str], list[int]],
) -> None:
    tracker = open_tracker()
    tracker.create_campaign("Race", "classic", SEATS)
    tracker.log_action("Race", SETUP)
    writers = [spawn(WRITER, str(db), who, str(ACTIONS)) for who in ("one", "two")]
    for writer in writers:
        assert writer.stdout is not None and writer.stdout.readline() == "ready\n"
    for writer in writers:  # both start together
        assert writer.stdin is not None
        writer.stdin.write("go\n")
        writer.stdin.flush()

    results = [writer.communicate(timeout=120) for writer in writers]

    assert [writer.returncode for writer in writers] == [0, 0], [err for _, err in results]
    reports = [json.loads(line) for out, _ in results for line in out.splitlines()]
    assert len(reports) == 2 * ACTIONS
    accepted = {r["reason"]: r["version"] for r in reports if "version" in r}
    refused = {r["reason"] for r in reports if "refused" in r}
    assert len(accepted) + len(refused) == 2 * ACTIONS
    # What is stored: contiguous versions, and exactly the accepted corrections, once each.
    versions = stored_versions("Race")
    assert versions == list(range(1, len(versions) + 1))
    stream = {e.originator_version: e for e in tracker.events.get(tracker.campaign("Race").id)}
    reasons: Counter[str] = Counter()
    for version, event in stream.items():
        if isinstance(event, Campaign.ActionLogged) and version > 2:
            [correction] = [from_record(r) for r in event.events]
            assert isinstance(correction, FactCorrected)
            assert accepted.get(correction.reason) == version, correction.reason
            reasons[correction.reason] += 1
    assert reasons == Counter(accepted.keys()), "an accepted action is missing or stored twice"
    assert not refused & set(reasons), "a refused action was stored"
    assert len(versions) == 2 + len(accepted)
    # Each action followed the one before it: no lost update hides behind a retry.
    assert [stream[v].parent for v in versions[1:]] == versions[:-1]
    assert tracker.line_of_play("Race") == versions[1:]
    last = max(accepted, key=accepted.__getitem__)
    chapter = tracker.state("Race").chapter
    assert chapter is not None and chapter.speech_stock == int(last.rsplit("#")[1]) % 6


class Interrupted(Tracker):
    """A tracker under which another table logs right after each load, while they last."""

    meanwhile: list[Callable[[], object]]

    def campaign(self, name: str, version: int | None = None) -> Campaign:
        loaded = super().campaign(name, version)
        if version is None and getattr(self, "meanwhile", None):
            self.meanwhile.pop(0)()
        return loaded


@pytest.fixture
def race(open_tracker: OpenTracker, db: Path) -> Iterator[tuple[Interrupted, Tracker]]:
    """Ann's tracker (interrupted on demand) and Ben's, on one file, a Mission running."""
    ben = open_tracker(by="ben")
    ben.create_campaign("Race", "classic", SEATS)
    ben.log_action("Race", SETUP)
    ben.log_action("Race", StartMission(3))
    ann = Interrupted(db, by="ann")
    ann.meanwhile = []
    yield ann, ben
    ann.close()


@pytest.mark.backends
def test_a_command_that_lost_a_race_is_decided_again_on_the_new_state_and_says_so(
    race: tuple[Interrupted, Tracker], stored_versions: Callable[[str], list[int]]
) -> None:
    ann, ben = race
    ann.meanwhile = [lambda: ben.log_action("Race", CorrectFact("stock", 3, "the box held 3"))]

    logged = ann.log_action("Race", PlayCard("Ann", "night+shell"))

    assert logged.retried and logged.version == 5
    assert stored_versions("Race") == [1, 2, 3, 4, 5]
    history = stored_history(ben, "Race")
    assert [(e.version, e.logged_by) for e in history[3:]] == [(4, "ben"), (5, "ann")]
    assert ann.campaign("Race").state == logged.state
    assert logged.state.chapter and logged.state.chapter.nml == ("night+shell",)
    assert logged.state.chapter.speech_stock == 3


@pytest.mark.backends
def test_a_command_decided_on_a_campaign_loaded_before_another_table_logged_is_decided_again(
    race: tuple[Interrupted, Tracker], stored_versions: Callable[[str], list[int]]
) -> None:
    ann, ben = race
    loaded = ann.campaign("Race")  # as the CLI loads it to read the command's arguments
    ben.log_action("Race", CorrectFact("stock", 3, "recount"))

    logged = ann.log_action("Race", PlayCard("Ann", "night+shell"), loaded=loaded)

    assert logged.retried and logged.version == 5
    assert stored_versions("Race") == [1, 2, 3, 4, 5]
    assert logged.state.chapter and logged.state.chapter.nml == ("night+shell",)
    assert logged.state.chapter.speech_stock == 3


@pytest.mark.backends
def test_a_correction_decided_before_another_table_logged_is_refused_not_decided_again(
    race: tuple[Interrupted, Tracker], stored_versions: Callable[[str], list[int]]
) -> None:
    ann, ben = race
    loaded = ann.campaign("Race")  # Ann counted the stock on the table she saw
    ben.log_action("Race", PlayCard("Ann", "night+shell"))
    ann.meanwhile = [lambda: ben.log_action("Race", CorrectFact("stock", 2, "Ben recounts"))]

    with pytest.raises(
        Moved,
        match=r"^the campaign moved meanwhile \(#4 PlayCard player=Ann card=night\+shell, "
        r"logged by ben\): nothing was corrected; look at the log, then correct "
        r"again if it is still meant$",
    ):
        ann.log_action("Race", CorrectFact("stock", 3, "recount"), loaded=loaded)
    with pytest.raises(Moved, match=r"\(#5 CorrectFact .*, logged by ben\): nothing was corr"):
        ann.log_action("Race", CorrectFact("stock", 3, "recount"))  # it lost the race

    assert stored_versions("Race") == [1, 2, 3, 4, 5]
    assert {e.logged_by for e in stored_history(ben, "Race")} == {"ben"}


@pytest.mark.backends
def test_a_write_given_the_head_it_saw_is_refused_once_another_was_logged_after_it(
    race: tuple[Interrupted, Tracker], stored_versions: Callable[[str], list[int]]
) -> None:
    ann, ben = race
    ben.log_action("Race", PlayCard("Ann", "night+shell"))  # #4, after the #3 Ann saw
    ben.log_action("Race", PlayCard("Ben", "snow+rain"))

    for write, said in (
        (lambda: ann.undo("Race", seen=3), "nothing was taken back; look at the log, then undo"),
        (lambda: ann.undo_to("Race", 2, seen=3), "nothing was taken back"),
        (lambda: ann.revert("Race", 3, seen=3), "nothing was reverted; look at the log, then rev"),
        (lambda: ann.log_action("Race", PlayCard("Cy", "rain+gas"), seen=3), "nothing was logg"),
    ):
        with pytest.raises(
            Moved,
            match=rf"\(#4 PlayCard player=Ann card=night\+shell, logged by ben, and 1 "
            rf"more\): {said}",
        ):
            write()
    ann.undo("Race", seen=5)  # the head Ann saw now: #5 taken back
    with pytest.raises(Moved, match="nothing was brought back; look at the log, then redo"):
        ann.redo("Race", seen=5)
    with pytest.raises(NoSuchEvent, match="there is no log entry #7: the log ends at #6"):
        ann.undo("Race", seen=7)

    assert stored_versions("Race") == [1, 2, 3, 4, 5, 6]


@pytest.mark.backends
def test_a_command_decided_on_the_campaign_the_caller_loaded_is_logged_without_a_retry(
    race: tuple[Interrupted, Tracker], stored_versions: Callable[[str], list[int]]
) -> None:
    ann, _ = race
    loaded = ann.campaign("Race")

    logged = ann.log_action("Race", PlayCard("Ann", "night+shell"), loaded=loaded)

    assert not logged.retried and logged.version == 4
    assert stored_versions("Race") == [1, 2, 3, 4]
    assert ann.campaign("Race").state == logged.state


@pytest.mark.backends
def test_a_command_the_rules_refuse_after_a_lost_race_is_refused_as_a_concurrent_change(
    race: tuple[Interrupted, Tracker], stored_versions: Callable[[str], list[int]]
) -> None:
    ann, ben = race
    ann.meanwhile = [lambda: ben.log_action("Race", PlayCard("Ann", "night+shell"))]

    with pytest.raises(ConcurrentChange, match=r"changed while this was being logged.*Ben's turn"):
        ann.log_action("Race", PlayCard("Ann", "night+gas"))

    assert stored_versions("Race") == [1, 2, 3, 4]
    assert [e.logged_by for e in stored_history(ben, "Race")] == ["ben"] * 4


@pytest.mark.backends
def test_a_command_that_keeps_losing_races_gives_up_and_records_nothing(
    race: tuple[Interrupted, Tracker],
    stored_versions: Callable[[str], list[int]],
) -> None:
    ann, ben = race
    ann.retry_seconds = 0.3  # Ben logs after every one of Ann's loads, for as long as she tries
    # the tracker's clock moves 0.05 s at each look and its pauses wait for nothing: how many
    # times Ann tries in 0.3 s is the same however busy the machine is (it was 3 on a loaded one)
    clock = iter(k * 0.05 for k in range(10_000))
    ann.clock = lambda: next(clock)
    ann.pause = lambda seconds: None
    ann.meanwhile = [
        lambda k=k: ben.log_action("Race", CorrectFact("stock", k % 2 + 1, "Ben recounts"))
        for k in range(1_000)
    ]

    with pytest.raises(ConcurrentChange, match=r"kept changing .* for 0\.3 s: nothing was"):
        ann.log_action("Race", PlayCard("Ann", "night+shell"))

    races = 1_000 - len(ann.meanwhile)
    assert races == 7  # at 0, 0.05, ... 0.3 s: past the old count of three, then on time
    assert stored_versions("Race") == list(range(1, 3 + races + 1))
    assert {e.logged_by for e in stored_history(ben, "Race")} == {"ben"}


@pytest.mark.backends
def test_a_command_that_loses_five_races_in_a_row_is_still_recorded_once(
    race: tuple[Interrupted, Tracker], stored_versions: Callable[[str], list[int]]
) -> None:
    ann, ben = race
    ann.meanwhile = [
        lambda k=k: ben.log_action("Race", CorrectFact("stock", k % 2 + 1, "Ben recounts"))
        for k in range(5)
    ]

    logged = ann.log_action("Race", PlayCard("Ann", "night+shell"))

    assert logged.retried and logged.version == 9
    assert stored_versions("Race") == list(range(1, 10))
    assert [e.logged_by for e in stored_history(ben, "Race")][-1] == "ann"


@pytest.mark.backends
def test_an_undo_or_redo_that_lost_a_race_is_refused_and_records_nothing(
    race: tuple[Interrupted, Tracker], stored_versions: Callable[[str], list[int]]
) -> None:
    ann, ben = race
    ben.undo("Race", reason="wrong intensity")  # v4: redo is possible
    ann.meanwhile = [
        lambda: ben.log_action("Race", StartMission(4)),
        lambda: ben.log_action("Race", PlayCard("Ann", "night+shell")),
    ]

    with pytest.raises(Moved, match=r"meanwhile \(#5 StartMission .*, logged by ben\): nothing"):
        ann.redo("Race")
    with pytest.raises(
        Moved, match=r"meanwhile \(#6 PlayCard player=Ann card=night\+shell, logged by ben\)"
    ):
        ann.undo("Race", reason="Ann's card was another")

    assert stored_versions("Race") == [1, 2, 3, 4, 5, 6]
    assert ben.line_of_play("Race") == [2, 5, 6]


# A writer into a campaign named on its command line (as WRITER, which writes into Race).
NAMED_WRITER = (
    WRITER.replace('"Race"', "name")
    .replace(
        "db, who, count = sys.argv[1], sys.argv[2], int(sys.argv[3])",
        "db, who, count, name = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]",
    )
    .replace('"refused": str(refused)}', '"refused": str(refused), "kind": type(refused).__name__}')
)
SHARED, ALONE = 40, 20  # actions per writer: 4 into one campaign, 8 each into its own


def started(
    spawn: Callable[..., subprocess.Popen[str]], db: Path, jobs: list[tuple[str, int, str]]
) -> list[subprocess.Popen[str]]:
    """The writers (who, how many actions, which campaign), each ready, then all let go."""
    writers = [spawn(NAMED_WRITER, str(db), who, str(n), name) for who, n, name in jobs]
    for writer in writers:
        assert writer.stdout is not None and writer.stderr is not None
        assert writer.stdout.readline() == "ready\n", writer.stderr.read()
    for writer in writers:
        assert writer.stdin is not None
        writer.stdin.write("go\n")
        writer.stdin.flush()
    return writers


def accepted_once(tracker: Tracker, name: str, accepted: dict[str, int]) -> None:
    """The campaign holds each accepted correction once, at the version it was given,
    every action after the one before it, and nothing else."""
    stream = {e.originator_version: e for e in tracker.events.get(tracker.campaign(name).id)}
    assert sorted(stream) == list(range(1, len(stream) + 1))
    stored: dict[str, int] = {}
    for version, event in stream.items():
        if isinstance(event, Campaign.ActionLogged) and version > 2:
            [correction] = [from_record(r) for r in event.events]
            assert isinstance(correction, FactCorrected)
            assert correction.reason not in stored, f"stored twice: {correction.reason}"
            stored[correction.reason] = version
            assert event.parent == version - 1
    assert stored == accepted


@pytest.mark.backends
def test_four_writers_into_one_campaign_and_eight_into_their_own_lose_and_double_nothing(
    open_tracker: OpenTracker, spawn: Callable[..., subprocess.Popen[str]], db: Path
) -> None:
    tracker = open_tracker()
    names = ["Race", *(f"Table {n}" for n in range(8))]
    for name in names:
        tracker.create_campaign(name, "classic", SEATS)
        tracker.log_action(name, SETUP)
    jobs = [(f"shared{n}", SHARED, "Race") for n in range(4)]
    jobs += [(f"alone{n}", ALONE, f"Table {n}") for n in range(8)]

    writers = started(spawn, db, jobs)
    results = [writer.communicate(timeout=600) for writer in writers]

    assert [w.returncode for w in writers] == [0] * 12, [err[-400:] for _, err in results]
    reports = {
        name: [
            json.loads(line)
            for (out, _), (_, _, n) in zip(results, jobs, strict=True)
            if n == name
            for line in out.splitlines()
        ]
        for name in names
    }
    assert sum(len(r) for r in reports.values()) == 4 * SHARED + 8 * ALONE == 320
    for name in names:
        accepted = {r["reason"]: r["version"] for r in reports[name] if "version" in r}
        refusals = [(r["kind"], r["refused"]) for r in reports[name] if "refused" in r]
        accepted_once(tracker, name, accepted)
        assert len(accepted) + len(refusals) == (SHARED * 4 if name == "Race" else ALONE)
        for kind, said in refusals:  # one line: someone else logged first, or the rules
            assert "\n" not in said
            assert kind == "InvalidCorrection" or (
                kind == "Moved"  # a correction is never decided again on another head
                and name == "Race"
                and said.startswith("the campaign moved meanwhile (#")
                and "nothing was corrected" in said
            ), (kind, said)


KILLED_WRITER = """
import sys
from domain.chapter.corrections import CorrectFact
from tracker.app import Tracker

tracker = Tracker(sys.argv[1], by="killed", session="cut")
for k in range(100000):
    tracker.log_action("Race", CorrectFact("stock", k % 6, f"killed #{k}"))
    print(k, flush=True)
"""


@pytest.mark.backends
def test_a_writer_killed_mid_write_leaves_nothing_half_written(
    open_tracker: OpenTracker, spawn: Callable[..., subprocess.Popen[str]], db: Path
) -> None:
    from tracker.checks import check_file
    from tracker.verify import verify_campaigns

    tracker = open_tracker()
    tracker.create_campaign("Race", "classic", SEATS)
    tracker.log_action("Race", SETUP)
    writer = spawn(KILLED_WRITER, str(db))
    assert writer.stdout is not None
    for _ in range(30):  # well into its writes
        assert writer.stdout.readline()
    writer.kill()
    writer.wait()

    reader = open_tracker(access="read")
    checked = check_file(reader)
    (verified,) = verify_campaigns(reader)
    assert verified.findings == ()
    assert checked.events == verified.events >= 32
    logged = tracker.log_action("Race", CorrectFact("stock", 3, "after the cut"))
    assert logged.version == verified.events + 1
