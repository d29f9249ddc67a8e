"""The documented JSON of the read commands (docs/cli.md). Plain data, no rich.

A Support tile played face down is never shown, only that one was played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from domain.campaign.flow import CampaignState
    from domain.campaign.known import RewardReading


def result(outcome: str | None) -> str | None:
    """``won``, ``lost`` or None (not over), from the reason code ``outcome``."""
    if outcome is None:
        return None
    return "won" if outcome == "won" else "lost"


def hands_held(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The Helping Hands held now (a Friendship card: in play for the campaign), from
    ``helping_hands`` rows, with their texts as described."""
    return [
        {
            "player": row["player"],
            "number": row["number"],
            "name": row["name"],
            "category": row["category"],
            "text": row["text"] or "",
            "rules": row.get("rules") or "",
            "lasting": row["status"] == "in play",
        }
        for row in rows
        if row["status"] in ("held", "in play")
    ]


def briefing(briefings: dict[str, Any] | None, chapter: int) -> dict[str, Any] | None:
    """The chapter's Briefing title and notes (None: no Briefing entered)."""
    found = (briefings or {}).get(str(chapter))
    return None if found is None else {"title": found["title"], "notes": found["notes"]}


def kept(values: dict[str, Any] | None) -> dict[str, Any]:
    """The rows the modules show (``Module.shows``) that the ``status`` document keeps at
    its top level, after ``no_mans_land`` (Luck's ``luck``: ``voice.rooms.documented``)."""
    from voice.rooms import documented

    return documented(values)[0]


def shows(values: dict[str, Any] | None) -> dict[str, Any]:
    """The other rows the modules show, under ``modules`` in the ``status`` document;
    nothing while none shows one, so the document is what it was without them."""
    from voice.rooms import documented, documented_keys

    own = documented_keys()  # the rows the document gives keys of their own (``piles``)
    rest = {k: v for k, v in documented(values)[1].items() if k not in own}
    return {"modules": rest} if rest else {}


def piles(values: dict[str, Any] | None, mission: int, after: str = "legal") -> dict[str, Any]:
    """The document's keys for the game's modules' rows (documented before modules showed
    rows, docs/cli.md) that follow its key ``after``, from the rows the modules show, as
    their rooms give them (``voice.rooms.piles``; their empty values while none shows)."""
    from voice.rooms import piles as given

    return given(values, mission, after)


def chapter_json(state: CampaignState) -> dict[str, Any]:
    """The board: decks, No Man's Land, players, whose turn, what phase, what is legal."""
    from domain.legal import legal_summary
    from domain.public import shown
    from projections.campaign import briefings, helping_hand_rows
    from voice.next_step import next_step

    chapter = state.chapter
    base = {
        "campaign": state.name,
        "ruleset": state.ruleset,
        "chapter": state.chapter_number,
        "next": next_step(state),
    }
    if chapter is None:
        return {**base, "phase": None}
    counts = chapter.threat_counts()
    return {
        **base,
        "phase": str(chapter.phase),
        "mission": chapter.mission,
        "leader": chapter.players[chapter.leader].name,
        "turn": chapter.active_player.name if chapter.active_player else None,
        "trials": len(chapter.trials),
        "discard": len(chapter.discard),
        "morale": len(chapter.morale),
        "speech_stock": chapter.speech_stock,
        "traps": chapter.rules.traps,
        "no_mans_land": list(chapter.nml),
        **kept(modules := shown(chapter)),
        "threats": {t: counts[t] for t in sorted(counts)},
        "support_pending": chapter.support.player if chapter.support else None,
        "outcome": chapter.outcome,
        "result": result(chapter.outcome),
        "outcome_detail": chapter.outcome_detail,
        "players": [
            {
                "name": p.name,
                "charm": p.charm,
                "charm_up": p.charm_up,
                "hand": p.hand_size,
                "known_cards": list(p.hand),
                "hard_knocks": list(p.hard_knocks),
                "hard_knock_weight": chapter.hard_knock_weight(p),
                "speech_tokens": p.speech_tokens,
                "support_tiles": len(p.tiles),
                "tile_played": p.played_tile is not None,
                "withdrawn": p.withdrawn,
                "chaplain": p.chaplain,
            }
            for p in chapter.players
        ],
        "legal": legal_summary(chapter),
        **piles(modules, chapter.mission),
        "helping_hands": hands_held(helping_hand_rows("", state)),
        "briefing": briefing(briefings(state), state.chapter_number),
        **piles(modules, chapter.mission, "briefing"),
        **shows(modules),
    }


def campaign_json(state: CampaignState) -> dict[str, Any]:
    """A campaign: rules, Grizzled, results, Helping Hands, bans, score."""
    from domain.campaign.rewards import score

    total = score(state)
    return {
        "name": state.name,
        "ruleset": state.ruleset,
        "seats": [{"name": s.name, "charm": s.charm, "owner": s.owner} for s in state.seats],
        "chapter": state.chapter_number,
        "chapter_running": state.chapter_running,
        "next_chapter": state.next_chapter,
        "results": [
            {
                "chapter": r.number,
                "outcome": r.outcome,
                "detail": r.detail,
                "morale_left": r.morale_left,
            }
            for r in state.results
        ],
        "helping_hands": [
            {
                "number": h.number,
                "name": _hand_name(state, h.number),
                "player": h.player,
                "chapter": h.chapter,
                "category": h.category,
                "used_in": h.used_in,
            }
            for h in state.holdings
        ],
        "unclaimed": [{"number": u.number, "chapter": u.chapter} for u in state.unclaimed],
        "bans": [
            {
                "card": b.card,
                "player": b.player,
                "source": b.source,
                "chapter": b.chapter,
                "reason": b.reason,
            }
            for b in state.bans
        ],
        "victory_points": total.victory_points,
        "negative_points": total.negative_points,
    }


def _reward(reading: RewardReading | None) -> dict[str, Any] | None:
    """How a chapter's Helping Hands were decided (null: a classic game)."""
    if reading is None:
        return None
    rule = reading.rule
    return {
        "concluded": reading.concluded,
        "rule": None if rule is None else [rule.result, rule.morale_left, rule.helping_hands],
        "earned": reading.earned,
        "taken": reading.taken,
        "unclaimed": reading.unclaimed,
    }


def _hand_name(state: CampaignState, number: int) -> str | None:
    """A Helping Hand's name as the group described it (None: not described)."""
    card = state.catalogue.helping_hands.get(number)
    return card.name if card is not None else None


def score_json(state: CampaignState, facts: list[dict[str, Any]] | None) -> dict[str, Any]:
    """The score per chapter, the totals, and (``--explain``) every fact behind them."""
    from domain.campaign.known import reward_readings
    from domain.campaign.rewards import score

    total = score(state)
    readings = {r.chapter: r for r in reward_readings(state)}
    data: dict[str, Any] = {
        "campaign": state.name,
        "chapters": [
            {
                "chapter": line.chapter,
                "result": line.result,
                "morale_left": line.morale_left,
                "victory_points": line.victory_points,
                "negative_points": line.negative_points,
                "unclaimed": list(line.unclaimed),
                "banned": [b.card for b in line.banned],
                "reward": _reward(readings.get(line.chapter)),
            }
            for line in total.lines
        ],
        "victory_points": total.victory_points,
        "negative_points": total.negative_points,
        "difference": total.difference,
    }
    if facts is not None:
        data["explanation"] = facts  # projections.queries.score_facts
    return data


def seen_board(doc: dict[str, Any], viewer: str | None = None) -> dict[str, Any]:
    """The board document as ``viewer`` (a player's name) may see it, or as anyone may
    (None: a screen the whole table reads): no other player's known cards, and what is
    legal now (which names the cards and tiles in hand) only for the player it is for.
    The Support tiles played face down are never in the document (``tile_played``)."""
    players = [
        p if p["name"] == viewer else {**p, "known_cards": []} for p in doc.get("players") or ()
    ]
    legal = doc.get("legal")
    mine = legal if legal and legal.get("player") == viewer else {}
    seen = {**doc, "legal": mine} if "legal" in doc else dict(doc)
    return {**seen, "players": players} if "players" in doc else seen
