"""One model of the public information about the cards (issue 43): which copies are seen,
which are unseen and where each of them may lie. Odds, hints and playouts all read it.

The chapter's cards: the catalogue's copies (classic: the box's, less the bans; Armistice:
the numbered cards the group described, which are the chapter's only when there are as
many as the chapter holds: else its composition is not known and nothing is exact).
A copy is *seen* when it lies face up (``unseen.face_up``); every other copy is unseen.

Until a Mission fails, every face-down place is as likely as any other to hold any unseen
copy. After a failure the No Man's Land cards are known to lie in the Trials deck, shuffled
in among its face-down cards; deals, draws and plays then move them, unseen, into hands.
The model follows the chapter's public trail (``chapter/trail.py``) from the failure and
keeps every way the returned cards may have gone (``Way``: for each group of them, how many
still lie in the shuffled part of the Trials and in each hand, and their keys) with its
exact probability. A deal gives one card at a time round the table, as the engine deals.
The other unseen copies, the *anonymous* ones, lie uniformly at random in the remaining
places. Past ``returned.MOST_WAYS`` ways (several failures, their cards dealt round every
hand) the fold stops and says so: nothing is printed as exact rather than wait seconds.

"Exact" means: over every way the shuffles could have fallen (each shuffle uniform),
weighing each by how well it explains what the table saw, where a card played from a hand
is as likely to be any of that hand's cards (the choice of a card tells only that it was
held). ``tests/domain/test_assist_public.py`` checks it against brute-force enumeration.
"""

from __future__ import annotations

import random
from collections import Counter

from domain.assist.places import Keys, Public, Way, minus
from domain.chapter.state import ChapterState
from domain.modules.recruits.state import recruit_in_play

__all__ = [
    "Public",
    "Way",
    "dealt",
    "face_up",
    "played_from_hand",
    "public",
    "publics_after_play",
    "unseen_keys",
]


def chapter_copies(state: ChapterState) -> tuple[Counter[str], str]:
    """Every copy of the chapter's cards by key, and why it is not known ('' when it is)."""
    cards = state.catalogue.cards
    if not state.rules.armistice:
        return Counter({key: card.copies for key, card in cards.items()}), ""
    numbered = Counter({key: len(card.numbers) for key, card in cards.items() if card.numbers})
    held = state.total_cards + len(state.set_aside)
    if sum(numbered.values()) != held:
        return numbered, (
            f"the group has described {sum(numbered.values())} numbered Trial cards and this "
            f"chapter holds {held}: which cards are in it is not known"
        )
    return numbered, ""


def face_up(state: ChapterState) -> Counter[str]:
    """Copies of each key the table can see or knows are gone (never a hand's cards)."""
    seen: Counter[str] = Counter(state.nml)
    seen.update(state.discard)
    seen.update(state.set_aside)
    for player in state.players:
        seen.update(player.hard_knocks)
    recruit = recruit_in_play(state)
    if recruit is not None:  # a Recruit's hand lies face up
        seen.update(recruit.hand)
    return seen


def unseen_keys(state: ChapterState) -> Keys:
    """Every copy nobody can see, as keys (one per copy, in the catalogue's order)."""
    copies, _ = chapter_copies(state)
    seen = face_up(state)
    keys: list[str] = []
    for key in state.catalogue.cards:
        keys.extend([key] * max(0, copies[key] - seen[key]))
    return tuple(keys)


def public(state: ChapterState) -> Public:
    """The public model of the chapter's face-down cards."""
    unseen = unseen_keys(state)
    _, reason = chapter_copies(state)
    hands = tuple(p.hand_size for p in state.players)
    if not state.trail:
        segments = ((len(state.trials), False),) if state.trials else ()
        ways = ((Way(()), 1),)
        return Public(unseen, segments, ways, hands, reason)
    from domain.assist.returned import fold  # (fractions: only after a failure)

    return fold(state, unseen, reason)


def played_from_hand(state: ChapterState, seat: int, key: str) -> ChapterState:
    """The table once the player at ``seat`` has played ``key`` from their hand into No
    Man's Land, face up (the public trail, once begun, says so; the hand is not read)."""
    from msgspec.structs import replace

    played = replace(state, nml=(*state.nml, key))
    if state.trail:
        played = replace(played, trail=(*state.trail, ("play", str(seat), key)))
    return played


def publics_after_play(state: ChapterState, seat: int, keys: Keys) -> dict[str, Public]:
    """``public(played_from_hand(state, seat, key))`` for each of ``keys``, the trail of a
    failure followed once for them all (not once per key: each fold costs milliseconds)."""
    if not state.trail:
        return {key: public(played_from_hand(state, seat, key)) for key in keys}
    unseen = unseen_keys(state)
    played: dict[str, tuple[Keys, str]] = {}
    models: dict[str, Public] = {}
    for key in keys:
        table = played_from_hand(state, seat, key)
        left = unseen_keys(table)
        if key in unseen and left == minus(unseen, key):
            played[key] = (left, chapter_copies(table)[1])
        else:  # no copy of it was unseen: the played table's own fold
            models[key] = public(table)
    if played:
        from domain.assist.returned import folds_after_play

        models |= folds_after_play(state, unseen, seat, played)
    return {key: models[key] for key in keys}


def dealt(state: ChapterState, model: Public, rng: random.Random) -> ChapterState:
    """One table consistent with what is public, drawn with its probability: a way the
    returned cards lie, then the anonymous copies shuffled into every other face-down place
    (no card the engine knows in a hand is kept)."""
    from msgspec.structs import replace

    way = _drawn_way(model, rng)
    known: list[str] = []  # the returned cards in the Trials' shuffled part
    mine: list[list[str]] = [[] for _ in state.players]  # and in each hand
    for inside, hands, keys in way.groups:
        order = list(keys)
        rng.shuffle(order)  # which card of the group lies in which of its places
        known += order[:inside]
        at = inside
        for seat, n in enumerate(hands):
            mine[seat] += order[at : at + n]
            at += n
    held = way.hidden()
    anonymous = list((Counter(model.unseen) - held).elements()) if held else list(model.unseen)
    rng.shuffle(anonymous)
    at = 0
    trials: list[str] = []
    for size, shuffled in model.segments:
        part = (known if shuffled else []) + anonymous[at : at + size - len(known) * shuffled]
        at += size - len(known) * shuffled
        if shuffled and known:
            rng.shuffle(part)
        trials += part
    players = []
    for player, own in zip(state.players, mine, strict=True):
        size = player.hand_size - len(own)
        hand = tuple(sorted((*own, *anonymous[at : at + size])))
        players.append(replace(player, hand=hand, hidden=0))
        at += size
    morale = tuple(anonymous[at : at + len(state.morale)])
    return replace(state, trials=tuple(trials), players=tuple(players), morale=morale)


def _drawn_way(model: Public, rng: random.Random) -> Way:
    if len(model.ways) == 1:
        return model.ways[0][0]
    pick, total = rng.random(), sum(weight for _, weight in model.ways)
    for way, weight in model.ways:
        pick -= weight / total  # (whole numbers of any size: a true division)
        if pick < 0:
            return way
    return model.ways[-1][0]
