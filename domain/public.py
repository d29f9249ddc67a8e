"""The rules' answers a face asks for, beside deciding a command (``engine``) and the legal
actions (``legal``): whose turn it is, what a correction may set, how a card's rules are
written. Every face asks here (the command line, the table session, the phone companion)
and none imports the rules' internals (``tests/test_import_graph.py``, the faces' wall).

Pure functions of a chapter's state or of what was typed: no I/O, no words of the game
(those are the voice's). Each imports the part of the rules it reads when first asked, so
a face pays only for the questions it asks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from domain.cards.catalogue import Forbid, Rule
    from domain.chapter.facts import Fact
    from domain.chapter.state import ChapterState


def acting_player(chapter: ChapterState | None) -> str | None:
    """The Grizzled whose turn it is during a Mission (None: nobody's, or the Recruit's)."""
    from domain.chapter.queries import acting_player as acting

    return acting(chapter)


def recruit_acts(chapter: ChapterState) -> bool:
    """Whether the Recruit (Recruits module) takes the turn now, not a Grizzled."""
    from domain.modules.recruits.state import recruit_acts as acts

    return acts(chapter)


def knock_gave_way(chapter: ChapterState, player: str) -> tuple[str, tuple[str, ...]] | None:
    """When a Hard Knock's restriction gives way to the cards in force on this player's
    turn ("the Order of the Day has priority"): that restriction, said, and the cards in
    force that forbid every action it left; None otherwise."""
    from domain.chapter.guards import find_player
    from domain.modules.effects import gave_way

    return gave_way(chapter, find_player(chapter, player))


def correctable_facts() -> Mapping[str, Fact]:
    """The facts ``CorrectFact`` may set, by name: what each means, whether it names a
    player, the kind of value it takes."""
    from domain.chapter.facts import correctable

    return correctable()


def parse_forbids(texts: tuple[str, ...], what: str) -> tuple[Forbid, ...]:
    """What a card forbids while in play, read from the effects vocabulary (docs/campaign.md);
    an ``InvalidDescription`` names a word it does not know."""
    from domain.cards.effects import parse_forbids as parse

    return parse(texts, what)


def parse_rules(texts: tuple[str, ...], place: str, what: str) -> tuple[Rule, ...]:
    """The rules a card applies at ``place``, read from the effects vocabulary; an
    ``InvalidDescription`` names a word it does not know."""
    from domain.cards.effects import parse_rules as parse

    return parse(texts, place, what)


def third_tiles_taken(variant: str) -> bool:
    """Whether each seat takes a third Support tile at the start of a chapter of this
    variant (a module's own variant may say no: Solo's, with its solo tiles)."""
    from domain.chapter.moments import INSTALLED

    return bool(INSTALLED.variants.get(variant, True))


def house_rules() -> tuple[str, ...]:
    """The names of the modules played beyond the game's own (a program's house rules, as
    ``tests/house_rule`` installs one), in the order installed: () for the game as played.
    What the legal actions were decided under, for a read model that keeps them. Loads no
    rule while none was consulted yet and the game's own loader is the one given, nor the
    registry itself while nothing imported it (no program gave its rules, none installed:
    importing it costs a read ~1.5 M instructions, ~0.6% of F)."""
    import sys

    moments = sys.modules.get("domain.chapter.moments")
    if moments is None:
        return ()
    unfilled = type(moments.INSTALLED) is not moments.Registry
    if unfilled and moments.LOADER is moments.install_the_domain_s:
        return ()
    from domain.campaign.oneshot import ONE_SHOT
    from domain.modules import MODULES

    own = {module.name for module in (*MODULES, ONE_SHOT)}
    return tuple(module.name for module in moments.INSTALLED.modules if module.name not in own)


def shown(state: ChapterState) -> dict[str, Any]:
    """What the installed modules show on the public board of this chapter, by a row's
    name (``Module.shows``; a row whose value is None now is left out), in the order the
    modules are installed: plain data, which the read models keep."""
    from domain.chapter import moments

    found = ((name, show(state)) for name, show in moments.INSTALLED.shows.items())
    return {name: value for name, value in found if value is not None}


def third_tiles(seats: int) -> tuple[str, ...]:
    """The Support tiles left in the box once each of ``seats`` seats has its left and
    right ones: the pool each seat's third tile is drawn from at random."""
    from domain.chapter.setup import third_tile_pool

    return third_tile_pool(seats)
