"""Shell completion: commands come from click; player names, cards, threats and tiles
from here. Enable it with ``eval "$(_GRIZZLED_COMPLETE=bash_source grizzled)"`` (see
docs/cli.md). A completion never fails: it offers nothing rather than an error, and never
a name or card from the file that ``shown`` would have to escape (the shell prints what
it offers).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from click import Context, Parameter

from cli.parse import THREAT_NAMES, TILES
from voice import lang
from voice.shown import shown

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

    from domain.chapter.state import ChapterState


def _offered(words: Iterable[str]) -> list[CompletionItem]:
    """The words as click's completion items (click's completion module is imported only
    when the shell asks: a logged action does not pay for it)."""
    from click.shell_completion import CompletionItem

    return [CompletionItem(word) for word in words]


def _state(ctx: Context) -> object | None:
    root = ctx.find_root()
    try:
        from app.session import located
        from cli.context import Context as Grizzled

        db, url = located(root.params.get("db"))
        if url is not None:  # a club's server: never asked while a word is typed
            return None
        grizzled = Grizzled(db, root.params.get("campaign"))
        return grizzled.state()
    except Exception:
        return None


def complete_player(ctx: Context, param: Parameter, incomplete: str) -> list[CompletionItem]:
    """Names of the Grizzled at the table."""
    state = _state(ctx)
    seats = getattr(state, "seats", ())
    names = [s.name for s in seats if shown(s.name) == s.name]
    return _offered(n for n in names if n.lower().startswith(incomplete.lower()))


def complete_actor(ctx: Context, param: Parameter, incomplete: str) -> list[CompletionItem]:
    """Who may act now: the player whose turn it is, or the Support beneficiary."""
    from domain.chapter.state import Phase

    chapter = getattr(_state(ctx), "chapter", None)
    if chapter is None:
        return []
    actor = chapter.active_player if chapter.phase == Phase.MISSION else None
    pending = chapter.support if chapter.phase == Phase.SUPPORT else None
    names = [actor.name] if actor else [pending.player] if pending else []
    return _offered(n for n in names if shown(n) == n and n.lower().startswith(incomplete.lower()))


def complete_card(ctx: Context, param: Parameter, incomplete: str) -> list[CompletionItem]:
    """Card notation: keys and names of the campaign's catalogue."""
    from domain.cards.catalogue import base_catalogue
    from domain.cards.notation import completions

    state = _state(ctx)
    catalogue = getattr(state, "catalogue", None) or base_catalogue()
    found = completions(incomplete, catalogue, lang.current())
    return _offered(c for c in found if shown(c) == c)


def complete_legal_card(ctx: Context, param: Parameter, incomplete: str) -> list[CompletionItem]:
    """The cards the command takes now: for ``play`` and ``charm`` the board's ``legal``
    entries of the player whose turn it is (a hidden hand: every card still unseen), for
    ``support --discard`` the beneficiary's Hard Knocks. None outside of it."""
    chapter = getattr(_state(ctx), "chapter", None)
    cards = [] if chapter is None else _cards_now(chapter, ctx.info_name)
    return _starting(cards, incomplete)


def legal_cards(
    ctx: Context, incomplete: str, playable: Callable[[list[Any]], list[str]]
) -> list[CompletionItem]:
    """The cards a module's command takes now (the Recruit's), ``playable`` picking them
    from the rules' legal actions; none outside of a chapter."""
    from domain.legal import legal_actions

    chapter = getattr(_state(ctx), "chapter", None)
    return _starting([] if chapter is None else playable(list(legal_actions(chapter))), incomplete)


def _starting(cards: list[str], incomplete: str) -> list[CompletionItem]:
    word = incomplete.lower()
    return _offered(c for c in cards if c.startswith(word) and shown(c) == c)


def _cards_now(chapter: ChapterState, command: str | None) -> list[str]:
    from domain.chapter.commands import ChooseSupport
    from domain.chapter.state import Phase
    from domain.legal import legal_actions, legal_summary

    if command in ("play", "charm"):
        legal = legal_summary(chapter) if chapter.phase == Phase.MISSION else {}
        return list(legal.get(command, ()))
    actions = legal_actions(chapter)
    return sorted({k for c in actions if isinstance(c, ChooseSupport) for k in c.discard})


def complete_threat(ctx: Context, param: Parameter, incomplete: str) -> list[CompletionItem]:
    """The six threats."""
    return _offered(t for t in THREAT_NAMES if t.startswith(incomplete.lower()))


def complete_tile(ctx: Context, param: Parameter, incomplete: str) -> list[CompletionItem]:
    """The Support tiles this command takes now: the tiles the player whose turn it is may
    withdraw with (``--remove``: the ones an Absent-minded player may remove first;
    ``--chaplain-tile``: the Chaplain's, as a Mission starts). None outside of that."""
    word = incomplete.lower()
    return _offered(t for t in _tiles_now(_state(ctx), param.name) if t.startswith(word))


def _tiles_now(state: object, option: str | None) -> list[str]:
    from domain.chapter.state import Phase
    from domain.legal import legal_summary

    chapter = getattr(state, "chapter", None)
    if chapter is None:
        return []
    if option == "chaplain_tile":
        starting = chapter.phase == Phase.PREPARATION
        tiles = {t for p in chapter.players if p.chaplain and starting for t in p.tiles}
    else:
        legal = legal_summary(chapter) if chapter.phase == Phase.MISSION else {}
        tiles = set(legal.get("remove" if option == "remove" else "withdraw", ()))
    return sorted(tiles & set(TILES))  # our own words only, whatever the file says


def complete_fact(ctx: Context, param: Parameter, incomplete: str) -> list[CompletionItem]:
    """The facts ``correct`` sets, each with what it means."""
    from click.shell_completion import CompletionItem

    from domain.public import correctable_facts

    word = incomplete.lower()
    facts = correctable_facts().items()
    return [CompletionItem(n, help=f.meaning) for n, f in facts if n.startswith(word)]
