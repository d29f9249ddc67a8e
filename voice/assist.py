"""What the assistant says (issue 32): the odds of the next card, the chance of a Mission
at each intensity and the hints for the active player, from public information only.

Each line is a ``Said``: its text and the facts behind it (a chance as a fraction and a
share, an estimate with its interval and playouts), so a face prints either.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import gcd
from typing import TYPE_CHECKING, Any, Protocol

from voice import Said

if TYPE_CHECKING:
    from domain.assist.mission import Estimate
    from domain.assist.odds import NextCard
    from domain.chapter.state import ChapterState

POLICY = (
    "the simulator's players: a safe card when there is one, the charm often once two alike "
    "show, a withdrawal when nothing is safe"
)

UNDER_WAY = "the chance of a Mission is estimated before it starts, as its leader chooses"


def no_chapter(step: str) -> str:
    """The refusal of odds and hints between chapters, with what the table does next."""
    return f"no chapter is running: no card to draw and no turn to hint (next: {step})"


def percent(share: float) -> str:
    """``32.2%``."""
    return f"{100 * share:.1f}%"


def chance(count: int, total: int) -> dict[str, Any]:
    """The facts of a chance of ``count`` in ``total``: exact (``"19/59"``, as ``Fraction``
    writes it reduced) and as a share (``float`` of that ``Fraction``: the same division,
    correctly rounded)."""
    if total == 0:
        return {"fraction": "0/1", "share": 0.0}
    common = gcd(count, total)
    return {"fraction": f"{count // common}/{total // common}", "share": count / total}


def _line(label: str, count: int, odds: NextCard, kind: str, **facts: Any) -> Said:
    facts = {**facts, **chance(count, odds.unseen)}
    if odds.uniform:
        text = f"  {label}: {count} of {odds.unseen}, {percent(count / odds.unseen)}"
    else:  # the unseen cards are not all as likely: the exact chance, reduced
        text = f"  {label}: {percent(count / odds.unseen)} ({facts['fraction']})"
    return Said(text, kind, facts)


def _cards(odds: NextCard) -> int:
    return odds.unseen if odds.cards < 0 else odds.cards


def next_card_lines(odds: NextCard, draws: bool = True) -> list[Said]:
    """The chances of the next card drawn from the Trials (by a Trap, by the deal); without
    ``draws`` (no Trap, no Clumsy: nothing is drawn during a Mission) nothing of failing."""
    unseen = _cards(odds)
    if not odds.exact:
        text = f"Next card drawn: no exact odds: {odds.reason}."
        return [Said(text, "next-card", {"unseen": unseen, "reason": odds.reason})]
    if odds.unseen == 0:
        return [Said("The Trials are empty: no card will be drawn.", "next-card", {"unseen": 0})]
    head = f"Next card drawn, from {unseen} unseen cards:"
    if odds.returned:
        head = (
            f"Next card drawn, from {unseen} unseen cards, {odds.returned} of them known to "
            "have gone back into the Trials with a failed Mission's No Man's Land:"
        )
    lines = [
        Said(head, "next-card", {"unseen": unseen, "returned": odds.returned}),
        _line("any Hard Knock", odds.knocks, odds, "hard-knock"),
    ]
    if draws:
        lines.append(_line("one that fails the Mission now", odds.failing, odds, "fails"))
    for threat, count in odds.showing.items():
        lines.append(_line(threat, count, odds, "threat", threat=threat))
    return lines


def next_card_json(odds: NextCard, draws: bool = True) -> dict[str, Any]:
    """The documented JSON of the next card's odds (no chance at all when none is exact;
    none of failing without ``draws``)."""
    if not odds.exact:
        return {
            "unseen": _cards(odds),
            "returned": odds.returned,
            "exact": False,
            "reason": odds.reason,
            "hard_knock": None,
            "fails_mission": None,
            "threats": None,
        }
    return {
        "unseen": _cards(odds),
        "returned": odds.returned,
        "exact": True,
        "reason": None,
        "hard_knock": chance(odds.knocks, odds.unseen),
        "fails_mission": chance(odds.failing, odds.unseen) if draws else None,
        "threats": {threat: chance(n, odds.unseen) for threat, n in odds.showing.items()},
    }


def mission_lines(
    leader: str,
    estimates: Sequence[Estimate],
    seed: int,
    refused: str | None,
    empties: tuple[int, int] | None = None,
) -> list[Said]:
    """The chance the Mission succeeds at each intensity ``leader`` may choose, what its
    Morale Drop costs and how often the chapter is lost within it, or why it is not
    estimated now (``refused``). ``empties``: the least intensity whose deal takes the
    whole Trials deck, and the deck's size (None: none does)."""
    if refused is not None:
        return [Said(f"No Mission odds: {refused}.", "mission", {"reason": refused})]
    playouts = estimates[0].playouts if estimates else 0
    head = (
        f"{leader} chooses the intensity; over {playouts:,} playouts each (seed {seed}; "
        f"{POLICY}): the chance the Mission succeeds (its 95% interval), the cards its Morale "
        "Drop moves on average, the chance the chapter is lost in it:"
    )
    lines = [Said(head, "mission", {"leader": leader, "playouts": playouts, "seed": seed})]
    for e in estimates:
        text = (
            f"  {_plural(e.intensity, 'card')} each: {percent(e.chance)} "
            f"({percent(e.low)} to {percent(e.high)}), Drop {e.drop:.1f}, "
            f"lost {percent(e.losing)}"
        )
        lines.append(Said(text, "intensity", estimate_json(e)))
    if empties is not None and any(e.intensity >= empties[0] for e in estimates):
        at, trials = empties
        text = (
            f"From {at} cards each the deal takes the whole Trials deck ({trials} cards): a Trap "
            "then draws nothing and a higher intensity deals no more, so the chance can rise "
            "there."
        )
        lines.append(Said(text, "deck-empties", {"intensity": at, "trials": trials}))
    return lines


def estimate_json(e: Estimate) -> dict[str, Any]:
    """One intensity's estimate as JSON facts."""
    return {
        "intensity": e.intensity,
        "chance": e.chance,
        "low": e.low,
        "high": e.high,
        "successes": e.successes,
        "playouts": e.playouts,
        "morale_drop": e.drop,
        "chapter_lost": e.losing,
        "chapter_won": e.won / e.playouts if e.playouts else 0.0,
        "dropped": e.dropped,
        "lost": e.lost,
        "won": e.won,
    }


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# each hint's words from its facts (domain/assist/hints.py)
HINT_WORDS = {
    "play-fails": lambda f: (
        f"a {f['threat']} card here is the third {f['threat']}: the Mission fails"
    ),
    "play-trap": lambda f: (
        "a Trap here draws the Trials' top card into No Man's Land after its own threats: "
        + "; ".join(_trap_risk(risk, len(f["risks"]) > 1) for risk in f["risks"])
    ),
    "play-knock": lambda f: (
        f"a Hard Knock here lies in front of {f['player']}: "
        f"{f['weight'] + 1} counted ({f['weight'] + 2} if Wounded); 4 lose the chapter"
    ),
    "charm": lambda f: (
        f"your charm can take the {f['threat']} card in No Man's Land"
        if f["cards"] == 1
        else f"your charm can take one of the {f['cards']} {f['threat']}s in No Man's Land"
    ),
    "speech": lambda f: (
        f"a Speech ({_plural(f['tokens'], 'token')} left): each other player "
        "may discard a card with the threat named"
    ),
    "withdraw": lambda f: (
        f"withdrawing, {f['player']} is the last out: the Mission succeeds and, with no card "
        "left to play, the chapter is won"
        if f.get("won")
        else f"withdrawing, {f['player']} is the last out: the Mission succeeds, then Morale "
        f"drops {f['drop']} of the {f['morale']} in the Reserve"
        if f["last"]
        else f"withdrawing, {f['player']} plays a Support tile face down and leaves the Mission"
    ),
    "two-alike": lambda f: f"two {f['threat']} show: a third fails the Mission",
    "three-knocks": lambda f: f"{f['player']} counts 3 Hard Knocks: one more loses the chapter",
    "hand-limit": lambda f: (
        f"{f['held']} cards in hands: a deal of one card each brings "
        f"{f['limit']} or more, which loses the chapter"
    ),
    "monument": lambda f: (
        f"the Morale Reserve holds {f['morale']}: a Drop of {f['drop']} "
        "now would show the Monument and lose the chapter"
    ),
    "morale-low": lambda f: (
        f"the Morale Reserve holds {f['morale']}: a Drop of {f['drop']} "
        f"now leaves {f['morale'] - f['drop']}, the Monument is near"
    ),
}


def _trap_risk(f: dict[str, Any], named: bool) -> str:
    """One group of Traps that risk the same: how often the card drawn fails the Mission
    (``named``: the group's cards said, where other Traps risk otherwise)."""
    cards = " or ".join(f["cards"]) if named else "any of them"
    if not f["exact"]:
        return f"with {cards}, the chance is not known (the chapter's cards are not)"
    if f["uniform"]:
        return f"with {cards}, {f['failing']} of the {f['unseen']} unseen cards fail the Mission"
    share = f["failing"] / f["unseen"] if f["unseen"] else 0.0
    fraction = chance(f["failing"], f["unseen"])["fraction"]
    return f"with {cards}, the Mission fails {percent(share)} of the time ({fraction})"


class HintLike(Protocol):
    """A hint (domain/assist/hints.py): its kind and facts."""

    @property
    def kind(self) -> str: ...

    @property
    def facts(self) -> dict[str, Any]: ...


def hint_lines(
    player: str | None, actions: Sequence[HintLike], warnings: Sequence[HintLike]
) -> list[Said]:
    """The hints for ``player`` (None: nobody's turn), then the warnings, a line each."""
    lines = []
    if player is None and actions:
        lines.append(Said("What each action does now:", "turn", {}))
    if player is not None:
        lines.append(
            Said(f"{player}'s turn, what each action does now:", "turn", {"player": player})
        )
        if not actions:
            lines.append(Said("  nothing is certain: any card here is safe", "none", {}))
    for hint in actions:
        lines.append(Said(f"  {HINT_WORDS[hint.kind](hint.facts)}", hint.kind, hint.facts))
    if warnings:
        lines.append(Said("Warnings:", "warnings", {}))
    else:
        lines.append(Said("No warning.", "warnings", {}))
    for hint in warnings:
        lines.append(Said(f"  {HINT_WORDS[hint.kind](hint.facts)}", hint.kind, hint.facts))
    return lines


def hints_json(
    player: str | None, actions: Sequence[HintLike], warnings: Sequence[HintLike]
) -> dict[str, Any]:
    """The documented JSON of the hints: each with its kind, text and facts."""

    def one(hint: HintLike) -> dict[str, Any]:
        return {"kind": hint.kind, "text": HINT_WORDS[hint.kind](hint.facts), **hint.facts}

    return {
        "player": player,
        "actions": [one(h) for h in actions],
        "warnings": [one(h) for h in warnings],
    }


def session_hints(chapter: ChapterState | None) -> list[str]:
    """The hints and warnings as the table session's ``?`` adds them (none without a chapter
    under way)."""
    if chapter is None or chapter.phase.value == "over":
        return []
    from domain.assist.hints import hints

    actions, warnings = hints(chapter)
    lines = hint_lines(None, actions, warnings)
    return [line.text for line in lines if line.kind != "warnings" or warnings]
