"""What Tab offers in a table session (``grizzled table``): what can be typed now, from the
campaign's state. Cards that can still be unseen (a hand nobody has seen may hold any),
the tiles the player still holds, players, threats, a Speech's discards, and what a
module's option takes, from its CLI file (its Orders of the Day, its Recruits with their
text as the board shows it: ``numbered``). Pure functions: no terminal, no file.
Names from the file that ``shown`` would escape are never offered."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from cli import modules
from cli.parse import THREAT_NAMES, TILE_WORDS, TILES
from cli.table_words import OUTSIDE, SHORT_FORMS, card_key, is_card
from voice.shown import shown
from voice.table import summary

if TYPE_CHECKING:
    from domain.campaign.flow import CampaignState
    from domain.chapter.state import ChapterState


def candidates(
    words: list[str], state: CampaignState | None, commands: frozenset[str]
) -> list[tuple[str, str]]:
    """What Tab offers for the last word of ``words`` (the one being typed, maybe empty):
    (text, what it is). Cards that can still be unseen, the tiles the player still holds,
    players, threats; a module's option's values (Orders of the Day, Recruits, with their
    text)."""
    *before, word = words or [""]
    chapter = state.chapter if state is not None else None
    offered = _offered(before, state, chapter, commands)
    low = word.lower()
    found = [(text, meta) for text, meta in offered if text.lower().startswith(low)]
    if not found and low and state is not None:  # a card in short notation: n+sh
        key = card_key(low, state)
        found = [(text, meta) for text, meta in offered if text == key]
    return found


def _offered(
    before: list[str],
    state: CampaignState | None,
    chapter: ChapterState | None,
    commands: frozenset[str],
) -> list[tuple[str, str]]:
    legal = summary(state)
    if not before:
        cards = [(c, "play") for c in legal.get("play", ())]
        own = [(w, " ".join(SHORT_FORMS[w][0])) for w in SHORT_FORMS]
        return own + cards + [(c, "command") for c in sorted(commands - OUTSIDE)]
    last = before[-1]
    if last in ("-p", "--player") and state is not None:
        return [(p.name, "player") for p in state.seats if shown(p.name) == p.name]
    values = modules.session_values()  # a module's option's (``--order``: cli/modules.py)
    if last in values and chapter is not None:
        return values[last](chapter)
    if last in ("--drawn", "--discard") and chapter is not None:
        return [(k, "unseen") for k in sorted(chapter.catalogue.cards) if chapter.unseen(k) > 0]
    head = SHORT_FORMS.get(before[0], ((before[0],), False))[0][0]
    if is_card(before[0], state) and head not in commands:
        head = "play"
    return _arguments(head, before, legal, chapter)


def _arguments(
    head: str, before: list[str], legal: dict[str, Any], chapter: ChapterState | None
) -> list[tuple[str, str]]:
    if head == "play" and (len(before) == 1 and before[0] == "play"):
        return [(c, "play") for c in legal.get("play", ())]
    if head == "play" and chapter is not None:  # a Trap's draw: a card still unseen
        return [(k, "drawn") for k in sorted(chapter.catalogue.cards) if chapter.unseen(k) > 0]
    if head == "charm":
        return [(c, "charm") for c in legal.get("charm", ())]
    if head == "withdraw":
        tiles = [t for t in legal.get("withdraw", ()) if t in TILES]
        short = {v: k for k, v in TILE_WORDS.items() if len(k) <= len(v) and k[0] != "2"}
        return [(t, "tile") for t in tiles] + [(short[t], t) for t in tiles if t in short]
    if head == "speech" and len(before) == 1:
        return [(t, "threat") for t in THREAT_NAMES]
    if head == "speech" and chapter is not None:
        return _discards(before[1], legal, chapter)
    return []


def _discards(threat: str, legal: dict[str, Any], chapter: ChapterState) -> list[tuple[str, str]]:
    """``player:card`` for every other player and each unseen card showing the threat."""
    speaker = legal.get("player")
    cards = [
        k
        for k, card in sorted(chapter.catalogue.cards.items())
        if threat in card.threats and chapter.unseen(k) > 0
    ]
    names = [p.name.lower() for p in chapter.players if p.name != speaker]
    return [(f"{n}:{k}", "discard") for n in names if shown(n) == n for k in cards]


def numbered(
    deck: Iterable[int], described: Mapping[int, Any], undescribed: str
) -> list[tuple[str, str]]:
    """The numbered cards still in a module's deck (its Orders of the Day, its Recruits),
    each with its name and text as the board shows them (``undescribed`` for a card the
    campaign was not taught)."""
    offered = []
    for number in sorted(set(deck)):
        card = described.get(number)
        name, text = (card.name, card.effect) if card is not None else ("", "")
        said = f"{name}: {text}" if name and text else name or text or undescribed
        offered.append((str(number), shown(said, 80)))
    return offered
