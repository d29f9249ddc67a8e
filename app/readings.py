"""The readings: what a page or a command reads, each a handler taking a ``Reading`` (where,
which campaign) and returning data: the public board (``status --json``'s document), the
log's entries, the score, the moves the rules allow now, the odds, the statistics. Each
opens a session for reading only (the file's first-sight check, the read models caught up
first: ``app.readmodel``) and closes it, unless the face passes its own.

The documents are plain JSON data (what ``--json`` prints): every face reads the same."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from app.errors import Refused
from app.session import Session
from app.unit import opened
from voice import Record, lang

if TYPE_CHECKING:
    from domain.assist.mission import Estimate
    from domain.chapter.state import ChapterState

PLAYOUTS = 2_000  # Monte Carlo playouts for each intensity of the Mission to come


class Reading(Record):
    """What a reading reads: a campaign file (or a club's server by its URL) and the
    campaign (None: the file's only one)."""

    __slots__ = ("campaign", "where")
    where: str
    campaign: str | None

    def __init__(self, where: str, campaign: str | None = None) -> None:
        self._set(where=str(where), campaign=campaign)


@contextmanager
def reading(request: Reading, session: Session | None = None) -> Iterator[Session]:
    """The face's session, or one of the reading's own, for reading only."""
    if session is not None:
        yield session
        return
    with opened(request.where, request.campaign, "read") as own:
        yield own


def _plain(data: Any) -> Any:
    """A document as ``--json`` prints it: plain JSON data (tuples as lists, keys as
    strings, anything else as its text)."""
    return json.loads(json.dumps(data, default=str))


def board(request: Reading, session: Session | None = None) -> dict[str, Any]:
    """The public board with what comes next (``status --json``)."""
    from app.readmodel import status_document

    with reading(request, session) as work:
        return dict(_plain(status_document(work)))


LOG_SHOWN = 30  # the newest entries of the log a viewer's page carries
LOG_PAGE = 200  # the entries of one page of the whole log (``log_page``)


class Page(Record):
    """What a viewer's page reads at once: the board, the newest ``LOG_SHOWN`` entries of
    the log and how many it holds in all (``logged``: a page pushed to every phone at
    every tap does not grow with the campaign; the rest is read when asked, ``log_page``)
    and the score, in one unit of work (one check of the file, one catch-up)."""

    __slots__ = ("board", "log", "logged", "score")
    board: dict[str, Any]
    log: list[dict[str, Any]]
    score: dict[str, Any]
    logged: int

    def __init__(
        self,
        board: dict[str, Any],
        log: list[dict[str, Any]],
        score: dict[str, Any],
        logged: int | None = None,
    ) -> None:
        self._set(board=board, log=log, score=score, logged=len(log) if logged is None else logged)


class LogPage(Record):
    """One page of a campaign's whole log: its entries (oldest first), how many newer ones
    come before it (``skip``) and how many the log holds in all."""

    __slots__ = ("campaign", "log", "logged", "skip")
    campaign: str
    log: list[dict[str, Any]]
    skip: int
    logged: int

    def __init__(self, campaign: str, log: list[dict[str, Any]], skip: int, logged: int) -> None:
        self._set(campaign=campaign, log=log, skip=skip, logged=logged)


def page(request: Reading, session: Session | None = None) -> Page:
    """The board, the log and the score of the campaign, read in one session (the face's,
    if it passes one: ``written``)."""
    from app.readmodel import one_connection, status_document

    with reading(request, session) as work, one_connection(work):
        doc = _plain(status_document(work))
        work.campaign_option = doc["campaign"]  # the campaign the board shows, for the rest
        log, logged = _entries(work, LOG_SHOWN, 0)
        revealed(work, log)
        return Page(doc, log, score(request, work), logged)


def log_page(request: Reading, skip: int) -> LogPage:
    """``LOG_PAGE`` entries of the campaign's log, after the ``skip`` newest ones, with
    their Supports revealed as a viewer's page says them."""
    with reading(request) as work:
        log, logged = _entries(work, LOG_PAGE, skip)
        revealed(work, log)
        return LogPage(work.campaign_name(), log, skip, logged)


def _entries(work: Session, last: int | None, skip: int) -> tuple[list[dict[str, Any]], int]:
    """The ``last`` entries of the log before its ``skip`` newest (None: every entry), and
    how many it holds (one read of the read models, on the page's connection)."""
    from app.readmodel import read_models
    from projections.queries import LogFilter, history, log_count

    with read_models(work) as (conn, campaign):
        found = history(conn, campaign, last=last, only=LogFilter(), skip=skip)
        return list(_plain(found)), log_count(conn, campaign["campaign_id"], LogFilter())


@contextmanager
def written(work: Session, campaign: str | None) -> Iterator[int | None]:
    """Readings of ``campaign`` (None: the file's only one) in a unit of work that has just
    written in it on a campaign file (the page the phones are shown), before it closes:
    on one connection to the read models, opened by SQLite alone while the event store
    holds the file. The file's last event then; None where the reading would not be this
    unit's (a club's server, no read models, another campaign, several and none named):
    read as any other reading, after the close."""
    from app.readmodel import one_connection, written_models
    from projections import queries
    from tracker import store

    if work.url is not None:
        yield None
        return
    written_models(work)
    with one_connection(work):
        held, name = work.held, work.campaign_name()
        if held is not None and campaign is None:  # the only one, as a reading finds it
            rows = queries.campaigns(held)
            campaign = rows[0]["campaign"] if len(rows) == 1 else None
        if held is None or campaign != name:
            yield None
        else:
            yield store.newest_position(store.OnConnection(held))


REVEALS = frozenset({"SupportRevealed", "SupportUsed"})  # public once the rules reveal them
REVEALS_SAID = 10  # the newest entries whose Support is said (one a Mission)


def revealed(work: Session, log: list[dict[str, Any]]) -> None:
    """Each of the newest entries holding a Support reveal gains ``revealed``: the tiles
    (who gave which to whom), who benefits and the benefit chosen, in the narration's
    words. The rules reveal them in that entry; the tiles played face down before it are
    never read here."""
    from app.readmodel import read_models
    from domain.cards.catalogue import base_catalogue
    from domain.records import from_record
    from projections import entries as stored
    from voice.narrate import sentence

    holding = [e for e in reversed(log) if REVEALS.intersection(e.get("events") or ())]
    if not holding:
        return
    catalogue = base_catalogue()
    with read_models(work) as (conn, campaign):
        for entry in holding[:REVEALS_SAID]:
            found = stored.one(conn, campaign["campaign_id"], int(entry["version"]))
            events = [from_record(r) for r in (found[2] if found else [])]
            shown = [e for e in events if type(e).__name__ in REVEALS]
            entry["revealed"] = [sentence(e, catalogue) for e in shown]


def entries(request: Reading, session: Session | None = None) -> list[dict[str, Any]]:
    """Every entry of the campaign's log (``log --all --json``)."""
    with reading(request, session) as work:
        return _entries(work, None, 0)[0]


def score(request: Reading, session: Session | None = None) -> dict[str, Any]:
    """The campaign's score (``score --json``)."""
    from voice.facts import score_json

    with reading(request, session) as work:
        return dict(_plain(score_json(work.state(), None)))


def menu(request: Reading) -> dict[str, Any]:
    """The moves the rules allow now (``app.moves``), the file only read, with the
    campaign's last event then."""
    from app.moves import menu as moves

    with reading(request) as work:
        work.read_state = None  # the whole campaign from the events: every rule at hand
        state = work.state()
        loaded = work.loaded()
        version = loaded.version if loaded is not None else 0
        return moves(state, version)


def running_chapter(work: Session) -> ChapterState:
    """The chapter being played, or a refusal. Read from the read models, it is decoded
    alone (``readmodel.projected_board``: the campaign's own records neither decoded nor
    imported); between chapters, or where the file keeps no read models, the campaign's
    state says what comes next."""
    if work.reads_models():
        from app.readmodel import projected_board

        chapter = projected_board(work)
        if chapter is not None and chapter.phase.value != "over":
            return chapter
    state = work.state()
    chapter = state.chapter
    if chapter is None or chapter.phase.value == "over":
        from voice.assist import no_chapter
        from voice.next_step import next_step

        raise Refused(no_chapter(next_step(state)))
    return chapter


class Odds(Record):
    """The chances of the next card drawn and, before a Mission, of its success at each
    intensity (Monte Carlo: ``playouts`` each, from ``seed``; ``refused``: why none)."""

    __slots__ = ("card", "draws", "empties", "estimates", "leader", "playouts", "refused", "seed")
    card: Any
    draws: Any
    empties: tuple[int, int] | None
    leader: str
    estimates: tuple[Estimate, ...]
    refused: str | None
    seed: int
    playouts: int

    def __init__(self, **fields: Any) -> None:
        self._set(**{name: fields[name] for name in self.__slots__})

    def lines(self) -> list[str]:
        """The odds as ``grizzled odds`` says them, line by line."""
        from voice import assist as said

        found = said.next_card_lines(self.card, self.draws)
        found += said.mission_lines(
            self.leader, self.estimates, self.seed, self.refused, self.empties
        )
        return [line.text for line in found]


def odds(
    request: Reading,
    playouts: int = PLAYOUTS,
    seed: int | None = None,
    session: Session | None = None,
) -> Odds:
    """The odds from public information only (``seed``: None draws a new one)."""
    import random

    from domain.assist.unseen import draws_in_mission, next_draw
    from voice import assist as said

    with reading(request, session) as work:
        chapter = running_chapter(work)
    seed = random.SystemRandom().randrange(2**32) if seed is None else seed
    leader = chapter.players[chapter.leader].name
    estimates: tuple[Estimate, ...] = ()
    refused: str | None = said.UNDER_WAY
    empties: tuple[int, int] | None = None
    if chapter.phase.value == "preparation":  # the simulator is loaded only to be run
        from domain.assist.mission import NoEstimate, deck_emptied, mission_odds

        try:
            estimates, refused = mission_odds(chapter, random.Random(seed), playouts), None
            empties = deck_emptied(chapter)
        except NoEstimate as why:
            from voice.refusal import message

            refused = message(why)  # the rules' words, in the language in use
    return Odds(
        card=next_draw(chapter),
        draws=draws_in_mission(chapter),
        empties=empties,
        leader=leader,
        estimates=estimates,
        refused=refused,
        seed=seed,
        playouts=playouts,
    )


def stats(request: Reading, names: tuple[str, ...] = ()) -> dict[str, Any]:
    """Statistics across the campaigns of the file, or those named (``stats --json``)."""
    with reading(request) as work:
        return dict(_plain(stats_of(work, names)))


def stats_of(work: Session, names: tuple[str, ...]) -> dict[str, Any]:
    """``stats`` in a session already open."""
    from app.readmodel import file_read_models
    from projections import queries
    from projections.stats import file_stats
    from voice.shown import quoted

    with file_read_models(work) as conn:
        every = queries.campaigns(conn)
        chosen = every
        if names:
            by_name = {row["campaign"].casefold(): row for row in every}
            chosen = []
            for name in dict.fromkeys(names):
                row = by_name.get(name.strip().casefold())
                if row is None:
                    raise Refused(
                        lang._("there is no campaign called {name} in {where}").format(
                            name=quoted(name), where=work.where
                        )
                    )
                chosen.append(row)
        _follow_one(work, chosen if names else every, bool(names))
        found: dict[str, Any] = file_stats(conn, chosen)
        return found


def _follow_one(work: Session, rows: list[Any], named: bool) -> None:
    """A reading of the whole file speaks the language of the campaign it is about: the
    first named, else the current one, else the only one (issue 45)."""
    from voice import lang

    wanted = (work.campaign_option or "").strip().casefold()
    if named or not wanted:
        row = rows[0] if rows and (named or len(rows) == 1) else None
    else:
        row = next((r for r in rows if r["campaign"].casefold() == wanted), None)
    if row is not None:
        lang.follow(row.get("language"))


def last_event(where: str) -> int:
    """The number of the last event stored at ``where`` (0: none yet)."""
    from app.watch import Watched

    watched = Watched(where)
    try:
        return watched.last_event()
    finally:
        watched.close()
