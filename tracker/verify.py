"""``grizzled verify``: everything a campaign file claims, checked against its events.

For each campaign: its events numbered 1, 2, 3... with none missing (a link in the chain
without its event is a deleted event); each event's content and hash equal to its link
in the chain (``tracker.integrity``): an event that differs was altered, one whose content
was recorded under another number was moved or swapped; every event replayed through
the rules, every snapshot equal to the replay at its number, every recorded action (and
every action a revert decided again) decided again by the rules on the state before it,
with the draws it recorded, leading to the events it recorded; the campaign's id equal to
its name's. A file that was ever chained (``chain_witness``) must keep its chain: a link
missing, a chain table dropped or a format mark set back is a downgrade, named. A
checkpoint written down earlier is proved extended by the record (a
removed tail or a rewritten past is caught). SQLite's own check of every page comes
first (``dbfile.check_integrity``); the read models are compared with a rebuild by the
command line (``cli.cmd_integrity``: the tracker does not know them).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any
from uuid import UUID

import msgspec

from domain.errors import N_, Formed, Joined, Summary
from tracker import dbfile, store
from tracker.checkpoint import CHAIN_TABLE, checkpoint, hex_of, matches, written_form
from tracker.errors import UnusableFile
from tracker.integrity import GENESIS, Link, chained, content_digest
from tracker.integrity import link as chain_link

if TYPE_CHECKING:
    from domain.campaign.flow import CampaignState
    from tracker.aggregate import Campaign
    from tracker.app import Tracker

PAGE = 500  # events replayed per read


class CampaignVerified(msgspec.Struct, frozen=True):
    """What verify found of one campaign."""

    name: str
    events: int
    checkpoint: str  # the head's speakable digest
    chained_from: int  # the first event chained as it was recorded (0: none yet)
    snapshots: int
    decided_again: int  # actions decided again by the rules
    without_command: int  # actions of an older file that recorded no command
    without_draws: int  # actions that drew at random without recording the draw
    findings: tuple[str, ...] = ()
    # The first event the chain vouches for, its link written as it was recorded (events
    # + 1: none). The events before it were chained on upgrade, or not at all: their
    # links prove only that nothing changed since, so only a checkpoint written down
    # vouches for them (``vouched_by``).
    chain_vouches_from: int = 1


def vouched_by(found: CampaignVerified, covered: int) -> int:
    """The first event that nothing vouches for (0: every one is), given the count of
    events a checkpoint written down covers (0: none given for this campaign)."""
    needed = found.chain_vouches_from - 1  # the events before the chain's span
    return 0 if covered >= needed else covered + 1


def verify_campaigns(tracker: Tracker) -> list[CampaignVerified]:
    """Every campaign of the tracker's file verified (SQLite's check comes first)."""
    if tracker.dialect == store.SQLITE:  # PostgreSQL checks its own pages
        dbfile.check_integrity(tracker.db_path)
    streams = store.streams(tracker)
    witness = chain_witness(tracker)
    downgraded = downgrade_findings(tracker, witness)
    found = []
    for stream in streams:
        verified = verify_campaign(tracker, stream, witness)
        if downgraded:
            verified = msgspec.structs.replace(verified, findings=(*downgraded, *verified.findings))
        found.append(verified)
        tracker.forget_recalled()  # the states its undos returned to: not needed again
    return found


def chain_witness(tracker: Tracker) -> str:
    """What shows the file was chained, in words ('' for a file never chained: only such
    a file may hold events without links). A file of format 2 was chained whole when it
    was marked (``dbfile.mark``); the chain's table is made only under format 2; and a
    packed action or a deflated snapshot is written only by a grizzled that chains. A
    forger who downgrades a file must remove all three (every action row unpacked), as
    much work as rewriting the chain itself."""
    said = []
    if _file_format(tracker) >= dbfile.FILE_FORMAT:
        said.append(Formed(N_("the file is marked format {format}"), format=dbfile.FILE_FORMAT))
    if _has_chain(tracker):
        said.append(Formed(N_("it holds the chain's table {table}"), table=CHAIN_TABLE))
    if store.holds_packed(tracker):
        said.append(Formed(N_("its rows were written by a grizzled that chains every event")))
    return Joined(said)


def downgrade_findings(tracker: Tracker, witness: str) -> list[str]:
    """A chained file set back: its format mark lowered, or its chain's table dropped."""
    if not witness:
        return []
    found: list[str] = []
    marked = _file_format(tracker)
    if marked < dbfile.FILE_FORMAT:
        found.append(
            Formed(
                N_(
                    "the file's format mark was set back to {marked}, but it was chained "
                    "({witness}): a downgrade"
                ),
                marked=marked,
                witness=witness,
            )
        )
    if not _has_chain(tracker):
        found.append(
            Formed(
                N_("the chain's table {table} was removed from a chained file ({witness})"),
                table=CHAIN_TABLE,
                witness=witness,
            )
        )
    return found


def _file_format(tracker: Tracker) -> int:
    if tracker.dialect == store.POSTGRES:  # chained from its first event: the newest format
        return dbfile.FILE_FORMAT
    return store.format_mark(tracker)


def stored_rows(tracker: Tracker, stream: str) -> list[tuple[int, str, Any]]:
    """A campaign's stored events as they are in the file: version, topic, state (bytes,
    or text where a hand edit left text)."""
    rows = store.event_rows(tracker, stream)
    return [(int(v), str(t), s) for v, t, s in rows]


def stored_links(tracker: Tracker, stream: str) -> dict[int, Link]:
    """A campaign's links as the chain table holds them (none in a file from before it)."""
    if not store.has_chain(tracker):
        return {}
    rows = store.chain_links(tracker, stream)
    return {int(v): Link(int(v), "", hex_of(h), bool(u)) for v, h, u in rows}


class ChainChecked(msgspec.Struct, frozen=True):
    """A campaign's events against its chain: how many, the head's hash, the findings."""

    events: int
    head: str
    findings: list[str]


def linked_pages(
    tracker: Tracker, stream: str, chain: bool | None = None
) -> Iterator[list[tuple[int, str, Any, Any]]]:
    """A campaign's events a page at a time: version, topic, state and the hash its link
    holds (None: no link), so a whole campaign never sits in memory (``chain``: whether
    the file has a chain table, if the caller asked already)."""
    if chain is None:
        chain = _has_chain(tracker)
    after = 0
    while True:
        page = store.linked_page(tracker, stream, after, PAGE, chain)
        if not page:
            return
        yield [(int(v), str(t), s, h) for v, t, s, h in page]
        after = int(page[-1][0])


def check_chain(tracker: Tracker, stream: str, witness: str | None = None) -> ChainChecked:
    """Verify's first checks (continuity, then the chain), a page at a time. In a file
    that was chained (``witness``: what shows it; asked here if not given) every event
    must have its link: the first without one is where the chain was cut."""
    chain = _has_chain(tracker)
    if witness is None:
        witness = chain_witness(tracker)
    count = after = 0
    expected, previous = 1, GENESIS
    gap: int | None = None
    found: list[str] | None = None  # the chain's finding; None: still comparing
    for page in linked_pages(tracker, stream, chain):
        for version, topic, state, stored in page:
            if gap is None and version != expected:
                gap = expected
            expected, after, count = version + 1, version, count + 1
            content = content_digest(topic, state)
            previous = chain_link(previous, version, content)
            if found is None:
                computed = Link(version, content, previous)
                held = None if stored is None else Link(version, "", hex_of(stored))
                found = _link_finding(tracker, stream, computed, held, chain, witness)
    last = _chain_value(tracker, stream, "max(originator_version)", chain)
    if gap is None and last is not None and last > after:
        gap = after + 1
    findings = _gap(tracker, stream, gap, max(after, last or 0), chain) if gap else []
    return ChainChecked(count, previous if count else "", findings or found or [])


def verify_campaign(tracker: Tracker, stream: str, witness: str | None = None) -> CampaignVerified:
    """One campaign verified (see the module docstring). The events are read a page at a
    time with their links beside them, so a whole campaign never sits in memory; the
    chain table is asked for the rest (issue 17: every command under 40 MB)."""
    chain = _has_chain(tracker)
    checked = check_chain(tracker, stream, witness)
    count, findings = checked.events, list(checked.findings)
    chained_from = _chained_from(tracker, stream, count, chain)
    findings += _upgraded_late(tracker, stream, chained_from, chain)
    vouches_from = chained_from if chained_from > 0 else count + 1
    findings += _upgraded_written(tracker, stream, vouches_from, chain)
    replayed = _Replay(tracker, UUID(stream))
    findings += replayed.run()
    head = checked.head
    return CampaignVerified(
        replayed.name or _created_name(tracker, stream),
        count,
        checkpoint(head, count) if head else "",
        chained_from,
        replayed.snapshots,
        replayed.decided_again,
        replayed.without_command,
        replayed.without_draws,
        tuple(findings),
        vouches_from,
    )


def _chain_value(tracker: Tracker, stream: str, what: str, chain: bool, **only: Any) -> Any:
    """One aggregate of a campaign's links (None without a chain table; ``only``: as
    ``store.chain_value``)."""
    return store.chain_value(tracker, stream, what, **only) if chain else None


def _link_finding(
    tracker: Tracker, stream: str, computed: Link, held: Link | None, chain: bool, witness: str
) -> list[str] | None:
    """What one event's link says, the events before it having held: a finding, [] when
    the comparing stops without one (an event recorded before the chain, not chained
    yet), None to go on. An event whose hash differs from its link has a content that
    differs from what was recorded there, or its link was edited; one recorded at another
    number (its content chained after that number's predecessor gives that number's
    link) is named as moved."""
    version = computed.version
    if held is None and witness:
        return [
            Formed(
                N_(
                    "event #{version} has no link in the chain, in a file that was chained "
                    "({witness}): the chain was cut or removed from #{version} on"
                ),
                version=version,
                witness=witness,
            )
        ]
    if held is None:
        later = _chain_value(tracker, stream, "1", chain, above=version)
        removed = N_("event #{version} has no link in the chain (it was removed)")
        return [Formed(removed, version=version)] if later else []
    if held.hash == computed.hash:
        return None
    elsewhere = _recorded_at(computed.content, version, stored_links(tracker, stream))
    if elsewhere is not None:
        return [
            Formed(
                N_(
                    "event #{version} is out of place: it is what was recorded as event "
                    "#{elsewhere} (events swapped or moved)"
                ),
                version=version,
                elsewhere=elsewhere,
            )
        ]
    return [
        Formed(
            N_(
                "event #{version} was altered after it was recorded: it differs from its "
                "link in the chain (or the link was edited)"
            ),
            version=version,
        )
    ]


def _has_chain(tracker: Tracker) -> bool:
    return store.has_chain(tracker)


def _gap(tracker: Tracker, stream: str, number: int, last: int, chain: bool) -> list[str]:
    """The first missing event: a gap in the numbers, or a link whose event is gone."""
    held = _chain_value(tracker, stream, "1", chain, at=number)
    if held:
        missing = N_("event #{number} is missing: it was recorded (the chain holds its link)")
        return [Formed(missing, number=number)]
    return [
        Formed(
            N_("event #{number} is missing (the events run 1 to {last})"), number=number, last=last
        )
    ]


def _chained_from(tracker: Tracker, stream: str, events: int, chain: bool) -> int:
    """The first event chained as it was recorded (the ones before it were recorded
    before the chain and chained on upgrade); 0 when none is linked, one past the last
    when every event was chained on upgrade (``dbfile.mark``)."""
    written = _chain_value(tracker, stream, "min(originator_version)", chain, written=True)
    if written is not None:
        return int(written)
    links = _chain_value(tracker, stream, "count(*)", chain) or 0
    return events + 1 if links and links == events and events else 0


def _upgraded_late(tracker: Tracker, stream: str, chained_from: int, chain: bool) -> list[str]:
    """Links made on upgrade after the chain had started: their first links were removed
    and the events chained again as they stood then."""
    if chained_from <= 0 or not chain:
        return []
    first, last = store.upgraded_range(tracker, stream, chained_from)
    if first is None:
        return []
    return [
        Formed(
            N_(
                "events #{first} to #{last} were chained after the fact: their links had "
                "been removed from the chain"
            ),
            first=first,
            last=last,
        )
    ]


def _upgraded_written(tracker: Tracker, stream: str, before: int, chain: bool) -> list[str]:
    """Links before event ``before`` (where the chain as recorded starts: those after it
    are ``_upgraded_late``'s) that say their events were chained on upgrade, of events a
    grizzled that chains wrote (a packed action: ``chain_witness``), which linked each as
    it was recorded: the links were removed, or marked, and made again after the fact."""
    if not chain:
        return []
    first, last = store.upgraded_packed(tracker, stream, before)
    if first is None:
        return []
    said = (
        Formed(N_("event #{first}"), first=first)
        if first == last
        else Formed(N_("events #{first} to #{last}"), first=first, last=last)
    )
    return [
        Formed(
            N_(
                "the links of {events} say they were chained on upgrade, but a grizzled that "
                "chains every event wrote them: their links were removed or marked after the fact"
            ),
            events=said,
        )
    ]


def _created_name(tracker: Tracker, stream: str) -> str:
    """The name its creation gave a campaign that cannot be replayed (else its id)."""
    return store.created_name(tracker, stream) or stream


def _recorded_at(content: str, version: int, links: dict[int, Link]) -> int | None:
    """The other number an event of this content was recorded at, if any."""
    for number, stored in links.items():
        if number == version:
            continue
        before = links.get(number - 1)
        previous = GENESIS if number == 1 else (before.hash if before is not None else None)
        if previous is not None and chain_link(previous, number, content) == stored.hash:
            return number
    return None


def checkpoint_finding(
    rows: list[tuple[int, str, Any]], letters: str, count: int, checked: bool = True
) -> str:
    """Why the record does not extend a checkpoint ('' if it does); ``checked``: it
    carried its check character, so it was copied right (one printed before the check
    character was added may also have been miscopied)."""
    said = written_form(letters, count)
    versions = [version for version, _, _ in rows]
    held = next((n for n, v in enumerate(versions) if v != n + 1), len(versions))
    if held < count:
        return Formed(
            N_(
                "the record does not extend checkpoint {checkpoint}: it holds events #1 to "
                "#{held} of the {count} the checkpoint covers (events after #{held} were removed)"
            ),
            checkpoint=said,
            held=held,
            count=count,
        )
    computed = chained(rows[:count])
    if count < 1 or not matches(computed[-1].hash, letters):
        why = Formed(
            N_("the past was rewritten")
            if checked
            else N_(
                "the past was rewritten, or the checkpoint was miscopied: one written without "
                "its check character cannot tell"
            )
        )
        return Formed(
            N_(
                "the record does not extend checkpoint {checkpoint}: its events #1 to #{count} "
                "are not the ones the checkpoint was taken from ({why})"
            ),
            checkpoint=said,
            count=count,
            why=why,
        )
    return ""


class _Replay:
    """A campaign replayed a page at a time: snapshots compared, actions decided again."""

    def __init__(self, tracker: Tracker, stream: UUID) -> None:
        self.tracker, self.stream = tracker, stream
        self.name = ""
        self.snapshots = self.decided_again = self.without_command = self.without_draws = 0
        self.findings: list[str] = []
        self.recent: dict[int, CampaignState] = {}  # the states after the last events

    def run(self) -> list[str]:
        try:
            self._replay()
        except UnusableFile as error:
            return [*self.findings, str(error)]
        except (TypeError, ValueError) as error:  # a row a hand edit left as text
            unread = N_("an event cannot be read ({kind}: {error})")
            return [*self.findings, Formed(unread, kind=type(error).__name__, error=str(error))]
        return self.findings

    def _replay(self) -> None:
        from tracker.app import campaign_id
        from tracker.checks import RECENT, _apply, _returned, _snapshots, snapshot_holds

        campaign: Campaign | None = None
        recent = self.recent
        while True:
            version = campaign.version if campaign is not None else 0
            events = list(self.tracker.events.get(self.stream, gt=version, limit=PAGE))
            if not events:
                break
            wanted = _snapshots(self.tracker, self.stream, version, events[-1].originator_version)
            self.snapshots += len(wanted)
            for event in events:
                if campaign is not None and not self.findings:
                    self._decide_again(campaign.state, event)
                campaign = _apply(event, _returned(self.tracker, event, campaign, recent))
                recent[campaign.version] = campaign.state
                if len(recent) > RECENT:
                    del recent[next(iter(recent))]
                expected = wanted.get(campaign.version)
                if expected is not None and not snapshot_holds(expected, campaign):
                    self.findings.append(
                        Formed(
                            N_(
                                "the snapshot at #{version} differs from the replay of the "
                                "events before it"
                            ),
                            version=campaign.version,
                        )
                    )
        if campaign is not None:
            self.name = campaign.name
            if campaign_id(campaign.name) != self.stream:
                self.findings.append(
                    Formed(
                        N_("campaign {name} is stored under another campaign's id"),
                        name=repr(campaign.name),
                    )
                )

    def _decide_again(self, state: CampaignState, event: Any) -> None:
        """An action's command decided again on the state before it, with its draws."""
        from domain.codec import decode_campaign
        from tracker.aggregate import Campaign, is_revert

        version = event.originator_version
        if isinstance(event, Campaign.ActionLogged):
            if event.command is None:
                self.without_command += 1
                return
            self._compare(version, event.summary, state, event.command, event.draws, event.events)
        elif is_revert(event):
            if event.base is not None:  # recorded by an older version: the state itself
                state = decode_campaign(event.base)
            else:
                known = self.recent.get(event.parent)
                state = (
                    known if known is not None else self.tracker.recall(self.stream, event.parent)
                )
            for again in event.reapplied:
                said = f"{again['summary']}, decided again by the revert"
                state = self._compare(
                    version, said, state, again["command"], again.get("draws"), again["events"]
                )

    def _compare(
        self,
        version: int,
        summary: str,
        state: CampaignState,
        command: dict[str, Any],
        draws: list[Any] | None,
        recorded: list[dict[str, Any]],
    ) -> CampaignState:
        """One command decided again; the state after what it recorded."""
        from domain.campaign.flow import decide_campaign
        from domain.codec import decode_command
        from domain.errors import MissingOutcome, RuleViolation
        from domain.events import to_record
        from tracker.chance import Replaying

        said = summary[:80]
        try:
            chance = Replaying(draws) if draws else None
            events = decide_campaign(state, decode_command(command), chance)
        except MissingOutcome:
            if draws:
                raise
            self.without_draws += 1  # drawn by a simulation that kept no draws: replayed only
            return _evolved(state, recorded)
        except (RuleViolation, KeyError, TypeError, ValueError) as error:
            refused = N_("event #{version} ({action}): the rules refuse it ({error})")
            found = Formed(refused, version=version, action=Summary(said), error=error)
            self.findings.append(found)
            return state
        self.decided_again += 1
        if _plain([to_record(e) for e in events]) != _recorded(recorded):
            self.findings.append(
                Formed(
                    N_(
                        "event #{version} ({action}): decided again by the rules, it leads to "
                        "other events than it recorded"
                    ),
                    version=version,
                    action=Summary(said),
                )
            )
        return _evolved(state, recorded)


def _evolved(state: CampaignState, recorded: list[dict[str, Any]]) -> CampaignState:
    """The state after an action's recorded events."""
    from domain.campaign.flow import evolve_campaign
    from domain.records import from_record

    for record in recorded:
        state = evolve_campaign(state, from_record(record))
    return state


def _recorded(recorded: list[dict[str, Any]]) -> Any:
    """An action's recorded events as they read now: a field an older version did not
    record yet reads as its default (as the replay reads it), so an old file's actions
    compare equal to the same actions decided again."""
    from domain.events import to_record
    from domain.records import from_record

    return _plain([to_record(from_record(record)) for record in recorded])


def _plain(value: Any) -> Any:
    """Data as JSON would give it back (tuples as lists, enums as values)."""
    return msgspec.json.decode(msgspec.json.encode(value))
