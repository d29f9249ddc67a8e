"""Campaign databases for the benchmarks, built once and cached under ``bench/.cache/``.

A campaign is a classic campaign played by the seeded random-play simulator
(``domain.simulate.random_command``), chapter after chapter, with about one undo in a
hundred actions (one to three actions back; some redone). Every action is recorded as
``Tracker.log_action`` records it (``decide_campaign``, then ``Campaign.ActionLogged``
triggered with the same fields, then ``save``) and every undo and redo as
``Tracker.undo`` / ``Tracker.redo`` do (``ActionsUndone`` / ``ActionsRedone`` naming the
action they return to), except that the aggregate is kept in memory instead of being
loaded from the store before each action, it is saved every 25 events (one transaction
each), and each snapshot (every 25 events, as the tracker's ``snapshotting_intervals``)
is taken from the aggregate in memory, as the tracker takes it, and the older ones let go
as the tracker lets them go. The stored events, snapshots
and notification order are what the tracker would have written, at ~0.5 ms an event
instead of ~5 ms plus an undo's scan of the whole stream.

The main campaign (four players) is played once: when it passes 1,000, 5,000 and 50,000
events (at the first action after which the active player may play a card at a real
table) the file is copied as it stands then and its read models projected, so the small
campaigns are exactly the big one's beginning, as a player would have had it on disk.
The rebuild database is that campaign at exactly 50,000 events followed by ten more
campaigns of 5,000 events (two to four players), played in a second process meanwhile.
"""

from __future__ import annotations

import hashlib
import json
import random
import shutil
import sqlite3
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import closing
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from domain.campaign.flow import CampaignState, decide_campaign
from domain.codec import encode_campaign, encode_command
from domain.events import to_record
from domain.simulate import RandomChance, random_command, random_setup
from tracker.aggregate import Campaign
from tracker.app import SNAPSHOT_INTERVAL, Tracker, _describe
from tracker.chance import Recording

ROOT = Path(__file__).resolve().parent.parent
CACHE = Path(__file__).resolve().parent / ".cache"
FIXTURE_VERSION = 3  # bump when the way campaigns are built changes
CAMPAIGN = "Bench campaign"
SEED = 7
SIZES = (1_000, 5_000, 50_000)  # campaigns for the CLI, copied on the way
MAIN_PART = 50_000  # the main campaign's events in the rebuild database
OTHERS = 10  # more campaigns in the rebuild database ...
OTHER_EVENTS = 5_000  # ... of this many events each: 100,000 events in all
UNDO_RATE = 0.01  # about one undo per hundred actions
REDO_RATE = 0.3  # of undos, how many are taken back (right away, before another action)
Log = Callable[[str], None]


@dataclass(frozen=True)
class Fixture:
    """A campaign database and the action the CLI benchmark logs on it."""

    path: Path
    events: int
    action: tuple[str, ...]  # grizzled arguments, e.g. ("play", "night+shell")
    # every action the bench logs on it (play, withdraw, speech, charm when open)
    actions: dict[str, tuple[str, ...]]

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "path": str(self.path)}


def cache_key() -> str:
    """A hash of the code that decides what is stored: the rules, the tracker, this
    module (and ``FIXTURE_VERSION``). The read models are brought up to date by the
    benchmarks themselves (``catch_up``), so projections/ is not part of it."""
    digest = hashlib.sha256(str(FIXTURE_VERSION).encode())
    paths = [Path(__file__).resolve()]
    for folder in ("domain", "tracker"):
        paths += sorted(p for p in (ROOT / folder).rglob("*") if p.suffix in (".py", ".json"))
    for path in paths:
        digest.update(path.relative_to(ROOT).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def fixtures(log: Log = print) -> tuple[dict[int, Fixture], Path, float]:
    """The CLI campaigns by size, the rebuild database, and the seconds spent building
    them (0 when the cache had them)."""
    folder = CACHE / cache_key()
    manifest = folder / "manifest.json"
    if manifest.is_file():
        data = json.loads(manifest.read_text())
        campaigns = {
            int(size): Fixture(
                folder / f["path"],
                f["events"],
                tuple(f["action"]),
                {kind: tuple(argv) for kind, argv in f["actions"].items()},
            )
            for size, f in data["campaigns"].items()
        }
        rebuild = folder / data["rebuild"]
        if rebuild.is_file() and all(f.path.is_file() for f in campaigns.values()):
            return campaigns, rebuild, 0.0
    if CACHE.is_dir():
        shutil.rmtree(CACHE)  # fixtures of other code: never reused
    folder.mkdir(parents=True)
    log(f"building the campaign fixtures in {folder} (reused while the code is unchanged)")
    start = time.perf_counter()
    campaigns, rebuild = _build(folder, log)
    elapsed = time.perf_counter() - start
    manifest.write_text(
        json.dumps(
            {
                "campaigns": {
                    str(k): {**v.to_json(), "path": v.path.name} for k, v in campaigns.items()
                },
                "rebuild": rebuild.name,
                "seconds": round(elapsed, 1),
            },
            indent=1,
        )
    )
    log(f"  built in {elapsed:.0f} s")
    return campaigns, rebuild, elapsed


def _build(folder: Path, log: Log) -> tuple[dict[int, Fixture], Path]:
    from projections.runner import rebuild

    with ProcessPoolExecutor(1) as pool:
        others = pool.submit(_play_others, folder / "others.sqlite")
        stream = folder / "main.sqlite"
        campaigns: dict[int, Fixture] = {}
        wanted = list(SIZES)
        part = folder / "rebuild.sqlite"
        for events, action, state in _play(
            stream, CAMPAIGN, SEED, 4, SIZES[-1], [*SIZES], MAIN_PART
        ):
            if action is None:
                _copy(stream, part)
                continue
            size = wanted.pop(0)
            target = folder / f"campaign-{size}.sqlite"
            _copy(stream, target)
            _check_stored(target, state)
            rebuild(target)
            _checkpoint(target)
            campaigns[size] = Fixture(target, events, action["play"], action)
            log(f"  campaign of {events:,} events")
        _append(part, others.result())
    rebuild(part)  # a file in use has its read models: the rebuild drops them first
    _checkpoint(part)
    stream.unlink()
    for extra in ("-wal", "-shm"):
        Path(f"{stream}{extra}").unlink(missing_ok=True)
    log(f"  rebuild database of {_count(part):,} events")
    return campaigns, part


def _play_others(path: Path) -> Path:
    """The other campaigns of the rebuild database, in one file."""
    for number in range(OTHERS):
        name, players = f"{CAMPAIGN} {number + 2}", 2 + number % 3
        for _ in _play(path, name, SEED + 1 + number, players, OTHER_EVENTS, [], None):
            pass
    _checkpoint(path)
    return path


def _play(
    path: Path,
    name: str,
    seed: int,
    players: int,
    total: int,
    cuts: list[int],
    exact: int | None,
) -> Iterator[tuple[int, dict[str, tuple[str, ...]] | None, CampaignState]]:
    """Play a campaign into ``path`` until it has ``total`` events and every cut is
    passed. At each cut (the first action at or after it after which a card can be
    played) yield (events, the CLI action, the state); at exactly ``exact`` events yield
    (events, None, the state)."""
    rng = random.Random(seed)
    builder = _Builder(path, name, rng, players)
    campaign = builder.campaign
    try:
        while campaign.version < total or cuts:
            roll = rng.random()
            if campaign.redo and roll < REDO_RATE:
                builder.redo()
            elif campaign.head > 10 and roll < UNDO_RATE:
                builder.undo(rng.choice((1, 1, 1, 2, 3)))
            else:
                builder.log()
            if campaign.version == exact:
                builder.flush()
                yield campaign.version, None, campaign.state
            if cuts and campaign.version >= cuts[0]:
                action = cli_action(campaign.state)
                if action is not None:
                    builder.flush()
                    cuts = cuts[1:]
                    yield campaign.version, action, campaign.state
        builder.flush()
    finally:
        builder.tracker.close()


class _Tracker(Tracker):
    """The tracker, snapshots taken by hand (from the aggregate in memory)."""

    name = "grizzled"
    snapshotting_intervals = {}  # noqa: RUF012 - the builder takes them
    is_snapshotting_enabled = True


class _Builder:
    """Logs one campaign into an aggregate kept in memory (see the module's docstring)."""

    KEEP = 64  # states kept for undo and redo (they go back at most a few actions)

    def __init__(self, path: Path, name: str, rng: random.Random, players: int) -> None:
        self.rng = rng
        self.chance = RandomChance(rng)
        self.tracker = _Tracker(path, chance=self.chance, by="bench", session="bench evening")
        self.setup = random_setup(rng, "classic", players)
        self.tracker.create_campaign(name, "classic", self.setup.seats)
        self.campaign: Campaign = self.tracker.campaign(name)
        self.parents: dict[int, int] = {}
        self.states: dict[int, CampaignState] = {1: self.campaign.state}
        self.snapshotted = 0

    def log(self) -> None:
        """The next action, as ``Tracker.log_action`` records it (without the load)."""
        campaign, tracker = self.campaign, self.tracker
        state = campaign.state
        if state.chapter is None or not state.chapter_running:
            command: Any = self.setup
        else:
            command = random_command(state.chapter, self.rng)
        chance = Recording(self.chance)  # as the tracker: its draws are kept (verify)
        events = decide_campaign(state, command, chance)
        parent = campaign.head
        campaign.trigger_event(
            Campaign.ActionLogged,
            summary=_describe(command),
            command=encode_command(command),
            events=[to_record(e) for e in events],
            draws=chance.draws or None,
            parent=parent,
            logged_by=tracker.by,
            session=tracker.session,
        )
        self.parents[campaign.version] = parent
        self._after()

    def undo(self, steps: int) -> None:
        """``Tracker.undo``: the last ``steps`` standing actions, the state before them."""
        chain: list[int] = []
        version = self.campaign.head
        while len(chain) < steps and version != 1:
            chain.append(version)
            version = self.parents[version]
        self._restore(Campaign.ActionsUndone, chain, version, reason="misplayed")

    def redo(self) -> None:
        """``Tracker.redo``: the last undo taken back."""
        actions = self.campaign.redo[-1]
        self._restore(Campaign.ActionsRedone, actions, max(actions))

    def _restore(self, kind: Any, actions: list[int], head: int, **reason: str) -> None:
        tracker = self.tracker
        self.campaign.state = self._state_at(head)  # as Tracker._restore: kept by the apply
        self.campaign.trigger_event(
            kind,
            actions=sorted(actions),
            **reason,
            head=head,
            logged_by=tracker.by,
            session=tracker.session,
        )
        self._after()

    def _state_at(self, version: int) -> CampaignState:
        if version in self.states:
            return self.states[version]
        self.flush()
        return self.tracker.state(self.campaign.name, version)

    def _after(self) -> None:
        campaign = self.campaign
        self.states[campaign.head] = campaign.state
        if len(self.states) > self.KEEP:
            del self.states[next(iter(self.states))]
        if campaign.version % SNAPSHOT_INTERVAL == 0:
            self.flush()

    def flush(self) -> None:
        """Save the pending events, and the snapshot due at this version."""
        campaign = self.campaign
        self.tracker.save(campaign)
        version = campaign.version
        if version % SNAPSHOT_INTERVAL == 0 and version != self.snapshotted:
            snapshots = self.tracker.snapshots
            assert snapshots is not None  # the tracker snapshots every 25 events
            snapshots.put([Campaign.Snapshot.take(campaign)])
            self.tracker.prune_snapshots(campaign.id, version)
            self.snapshotted = version


def _check_stored(path: Path, state: CampaignState) -> None:
    """The tracker, loading the campaign from the file (snapshot and events), finds the
    state the builder had in memory."""
    tracker = Tracker(path)
    try:
        stored = tracker.state(CAMPAIGN)
    finally:
        tracker.close()
    if encode_campaign(stored) != encode_campaign(state):
        raise RuntimeError(f"{path}: the stored campaign differs from the one played")


def cli_action(state: Any) -> dict[str, tuple[str, ...]] | None:
    """What the active player may do at a real table (no chance needed, no Trap, no
    Merry Christmas, no discard asked) that leaves the Mission going, as grizzled
    arguments: ``{"play": ("play", key), "withdraw": ..., "speech": ..., "charm": ...}``
    (the charm only when it is open); None unless a card, a withdrawal and a Speech are."""
    from domain.chapter.state import Phase
    from domain.legal import charms, plays, speeches, withdrawals

    chapter = state.chapter
    if chapter is None or chapter.phase != Phase.MISSION or chapter.active_player is None:
        return None
    player = chapter.active_player
    found: dict[str, tuple[str, ...]] = {}
    for kind, options in (
        ("play", plays(chapter, player)),
        ("withdraw", withdrawals(chapter, player)),
        ("speech", speeches(chapter, player)),
        ("charm", charms(chapter, player)),
    ):
        for command in options:
            argv = _argv(state, kind, command)
            if argv is not None:
                found[kind] = argv
                break
    return found if {"play", "withdraw", "speech"} <= set(found) else None


def _argv(state: Any, kind: str, command: Any) -> tuple[str, ...] | None:
    """``command`` as grizzled arguments, if it needs no more than them and keeps the
    Mission going (the same events with or without a table's answers)."""
    from domain.errors import RuleViolation

    if getattr(command, "target", None) is not None or getattr(command, "discards", None):
        return None
    card = getattr(command, "card", None)
    if card is not None:
        known = state.chapter.catalogue[card]
        if known.trap or known.merry_christmas:
            return None
    try:
        events = decide_campaign(state, command, None)
    except RuleViolation:
        return None
    ended = {"MissionSucceeded", "MissionFailed", "ChapterWon", "ChapterLost"}
    if any(type(e).__name__ in ended for e in events):
        return None
    value = {"play": card, "charm": card, "speech": getattr(command, "threat", None)}.get(
        kind, getattr(command, "tile", None)
    )
    return (kind, value) if value is not None else None


def _copy(source: Path, target: Path) -> None:
    """A consistent copy through SQLite's backup API (WAL included)."""
    target.unlink(missing_ok=True)
    with closing(sqlite3.connect(source)) as src, closing(sqlite3.connect(target)) as dst:
        src.backup(dst)


def _checkpoint(path: Path) -> None:
    """Fold the WAL into the file, so copying the file copies the database."""
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def _append(target: Path, source: Path) -> None:
    """The stored events and snapshots of ``source`` after those of ``target``, in their
    order: as if its campaigns had been logged afterwards."""
    with closing(sqlite3.connect(target)) as conn:
        conn.execute("ATTACH DATABASE ? AS other", (str(source),))
        with conn:
            conn.execute(
                "INSERT INTO main.stored_events (originator_id, originator_version, topic, state) "
                "SELECT originator_id, originator_version, topic, state FROM other.stored_events "
                "ORDER BY rowid"
            )
            conn.execute("INSERT INTO main.stored_snapshots SELECT * FROM other.stored_snapshots")
        conn.execute("DETACH DATABASE other")
    _checkpoint(target)
    source.unlink()


def _count(path: Path) -> int:
    with closing(sqlite3.connect(path)) as conn:
        return int(conn.execute("SELECT count(*) FROM stored_events").fetchone()[0])
