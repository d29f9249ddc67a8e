"""The read-model tables: names, columns and keys, as data (stdlib only).

The runner creates the tables from this description (with sqlite-utils); the query
functions and docs/projections.md name the same columns (a test checks the docs). The
tables live in the campaign database itself, next to ``stored_events``.
"""

from __future__ import annotations

from typing import NamedTuple

# Bump when a table or its meaning changes: a read model of another schema is rebuilt.
# 12: an undo of a revert gives back the boards the line it puts back left (they were
# kept as the revert had left them): files caught up before are rebuilt once.
# 13: chapter_state.luck_spent, the Luck cards whose symbol cancelled a Trap, and the
# event_log's summaries say how a Mission or a chapter ended (issue 27).
# 14: chapter_state.house_rules, the house rules its legal actions were decided under
# (status decides them again when it plays other rules); campaign_box keeps the document
# alone (the voice words its Briefings and Conclusions).
# 15: the event_log's reason holds a Helping Hand's note, what the group typed for the log.
# 16: campaigns.language, the table's language the group chose (issue 45).
# 17: chapter_state.modules, what the modules show on the public board (``Module.shows``).
# 18: the modules' piles are module rows like any other (issue 40): chapter_state's
# luck_spent, orders, recruit and solo columns leave, and the Luck in force and spent, the
# Orders', the Recruits' and Solo's piles are the ``luck``, ``orders``, ``recruit`` and
# ``solo`` entries of chapter_state.modules, each given by its module (``Module.shows``).
SCHEMA = 18
POSITION_NAME = "read_models"


class Table(NamedTuple):
    """One read-model table: columns in order (name -> SQLite type) and its primary key."""

    name: str
    columns: dict[str, type]
    pk: tuple[str, ...]
    indexes: tuple[tuple[str, ...], ...] = ()


CAMPAIGNS = Table(
    "campaigns",
    {
        "campaign_id": str,
        "campaign": str,
        "ruleset": str,
        "seats": str,
        "charms": str,
        "briefings": str,
        "chapter": int,
        "chapter_running": int,
        "next_chapter": int,
        "language": str,
        "head": int,
        "version": int,
        "created_at": str,
        "created_by": str,
        "updated_at": str,
    },
    ("campaign_id",),
)

CHAPTER_STATE = Table(
    "chapter_state",
    {
        "campaign_id": str,
        "campaign": str,
        "chapter": int,
        "chapter_name": str,
        "title": str,
        "ruleset": str,
        "variant": str,
        "traps": int,
        "phase": str,
        "mission": int,
        "turn": str,
        "recruit_turn": int,
        "leader": str,
        "trials": int,
        "morale": int,
        "discard": int,
        "set_aside": str,
        "cards_in_hands": int,
        "nml": str,
        "nml_threats": str,
        "threats": str,
        "speech_stock": int,
        "mission_failed": int,
        "support_beneficiary": str,
        "outcome": str,
        "outcome_detail": str,
        "legal": str,
        "modules": str,
        "house_rules": str,
    },
    ("campaign_id", "chapter"),
)

CHAPTER_PLAYERS = Table(
    "chapter_players",
    {
        "campaign_id": str,
        "campaign": str,
        "chapter": int,
        "seat": int,
        "player": str,
        "owner": str,
        "chaplain": int,
        "charm": str,
        "charm_up": int,
        "hand_size": int,
        "hand_known": str,
        "hard_knocks": str,
        "hard_knock_weight": int,
        "speech_tokens": int,
        "tiles": int,
        "tile_played": int,
        "withdrawn": int,
        "is_leader": int,
        "is_turn": int,
    },
    ("campaign_id", "chapter", "seat"),
)

HELPING_HANDS = Table(
    "helping_hands",
    {
        "campaign_id": str,
        "campaign": str,
        "seq": int,
        "number": int,
        "name": str,
        "category": str,
        "text": str,
        "rules": str,
        "player": str,
        "chapter": int,
        "status": str,
        "used": int,
        "used_in": int,
    },
    ("campaign_id", "seq"),
)

CAMPAIGN_SCORE = Table(
    "campaign_score",
    {
        "campaign_id": str,
        "campaign": str,
        "chapter": int,
        "chapter_name": str,
        "result": str,
        "won": int,
        "morale_left": int,
        "victory_points": int,
        "not_taken": int,
        "banned": int,
        "negative_points": int,
        "difference": int,
        "total_victory": int,
        "total_negative": int,
        "total_difference": int,
    },
    ("campaign_id", "chapter"),
)

BANS = Table(
    "bans",
    {
        "campaign_id": str,
        "campaign": str,
        "seq": int,
        "chapter": int,
        "chapter_name": str,
        "card": str,
        "player": str,
        "source": str,
        "reason": str,
        "event": int,
    },
    ("campaign_id", "seq"),
)

REWARD_READINGS = Table(
    "reward_readings",
    {
        "campaign_id": str,
        "campaign": str,
        "seq": int,
        "chapter": int,
        "said": str,
    },
    ("campaign_id", "seq"),
)

# Every point of the score and the action whose events hold it, whether that action
# stands or not (``event_log.undone`` says): ``score --explain`` and each ban's action read
# these few rows instead of every action's events.
SCORE_FACTS = Table(
    "score_facts",
    {
        "campaign_id": str,
        "version": int,
        "seq": int,
        "type": str,
        "kind": str,
        "chapter": int,
        "what": str,
    },
    ("campaign_id", "version", "seq"),
)

EVENT_LOG = Table(
    "event_log",
    {
        "campaign_id": str,
        "campaign": str,
        "version": int,
        "notification_id": int,
        "kind": str,
        "summary": str,
        "who": str,
        "session": str,
        "time": str,
        "chapter": int,
        "event_types": str,
        "parent": int,
        "actions": str,
        "head": int,
        "reason": str,
        "undone": int,
    },
    ("campaign_id", "version"),
    indexes=(("campaign_id", "chapter"),),
)

CAMPAIGN_BOX = Table(
    "campaign_box",
    {
        "campaign_id": str,
        "campaign": str,
        "document": str,
    },
    ("campaign_id",),
)

# Bookkeeping of the runner (not for players): where it stands, and each campaign's
# state in the domain's plain form (domain.codec), to resume without replaying.
PROJECTION_POSITION = Table(
    "projection_position",
    {"name": str, "position": int, "schema": int},
    ("name",),
)

PROJECTION_CAMPAIGNS = Table(
    "projection_campaigns",
    {
        "campaign_id": str,
        "campaign": str,
        "version": int,
        "head": int,
        "created_at": str,
        "created_by": str,
        "updated_at": str,
        "state": bytes,
    },
    ("campaign_id",),
)

READ_MODELS = (
    CAMPAIGNS,
    CHAPTER_STATE,
    CHAPTER_PLAYERS,
    HELPING_HANDS,
    CAMPAIGN_SCORE,
    BANS,
    REWARD_READINGS,
    EVENT_LOG,
    SCORE_FACTS,
    CAMPAIGN_BOX,
)
BOOKKEEPING = (PROJECTION_POSITION, PROJECTION_CAMPAIGNS)
ALL_TABLES = (*READ_MODELS, *BOOKKEEPING)
