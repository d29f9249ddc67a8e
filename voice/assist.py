"""What the assistant says (issue 32): the odds of the next card, the chance of a Mission
at each intensity and the hints for the active player, from public information only.

Each line is a ``Said``: its text and the facts behind it (a chance as a fraction and a
share, an estimate with its interval and playouts), so a face prints either.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from voice import Said

if TYPE_CHECKING:
    from domain.assist.mission import Estimate
    from domain.assist.odds import NextCard

POLICY = (
    "the simulator's players: a safe card when there is one, the charm often once two alike "
    "show, a withdrawal when nothing is safe"
)


def percent(share: float) -> str:
    """``32.2%``."""
    return f"{100 * share:.1f}%"


def chance(value: Fraction) -> dict[str, Any]:
    """A chance's facts: exact (``"19/59"``) and as a share."""
    return {"fraction": f"{value.numerator}/{value.denominator}", "share": float(value)}


def _line(label: str, value: Fraction, unseen: int, kind: str, **facts: Any) -> Said:
    count = value * unseen
    text = f"  {label}: {int(count)} of {unseen}, {percent(float(value))}"
    return Said(text, kind, {**facts, **chance(value)})


def next_card_lines(odds: NextCard) -> list[Said]:
    """The chances of the next card drawn from the Trials (by a Trap, by the deal)."""
    if odds.unseen == 0:
        return [Said("The Trials are empty: no card will be drawn.", "next-card", {"unseen": 0})]
    lines = [
        Said(
            f"Next card drawn, from {odds.unseen} unseen cards:",
            "next-card",
            {"unseen": odds.unseen},
        ),
        _line("any Hard Knock", odds.hard_knock, odds.unseen, "hard-knock"),
        _line("one that fails the Mission now", odds.fails_mission, odds.unseen, "fails"),
    ]
    for threat, value in odds.threat.items():
        lines.append(_line(threat, value, odds.unseen, "threat", threat=threat))
    return lines


def next_card_json(odds: NextCard) -> dict[str, Any]:
    """The documented JSON of the next card's odds."""
    return {
        "unseen": odds.unseen,
        "hard_knock": chance(odds.hard_knock),
        "fails_mission": chance(odds.fails_mission),
        "threats": {threat: chance(value) for threat, value in odds.threat.items()},
    }


def mission_lines(
    leader: str, estimates: Sequence[Estimate], seed: int, refused: str | None
) -> list[Said]:
    """The chance the Mission succeeds at each intensity ``leader`` may choose, or why it
    is not estimated now (``refused``)."""
    if refused is not None:
        return [Said(f"No Mission odds: {refused}.", "mission", {"reason": refused})]
    playouts = estimates[0].playouts if estimates else 0
    head = (
        f"{leader} chooses the intensity; the Mission succeeds, over {playouts:,} playouts each "
        f"(seed {seed}; {POLICY}):"
    )
    lines = [Said(head, "mission", {"leader": leader, "playouts": playouts, "seed": seed})]
    for e in estimates:
        text = (
            f"  {e.intensity} cards each: {percent(e.chance)} "
            f"(95% interval {percent(e.low)} to {percent(e.high)})"
        )
        lines.append(Said(text, "intensity", estimate_json(e)))
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
    }
