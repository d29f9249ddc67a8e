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
from voice.lang import N_, _, ngettext, threat_name

if TYPE_CHECKING:
    from domain.assist.mission import Estimate
    from domain.assist.odds import NextCard
    from domain.chapter.state import ChapterState

POLICY = N_(
    "the simulator's players: a safe card when there is one, the charm often once two alike "
    "show, a withdrawal when nothing is safe"
)

UNDER_WAY = N_("the chance of a Mission is estimated before it starts, as its leader chooses")


def no_chapter(step: str) -> str:
    """The refusal of odds and hints between chapters, with what the table does next."""
    return _("no chapter is running: no card to draw and no turn to hint (next: {step})").format(
        step=step
    )


def percent(share: float) -> str:
    """``32.2%`` (in French ``32,2 %``)."""
    return _("{number}%").format(number=decimal(100 * share))


def decimal(number: float) -> str:
    """``3.1`` (in French ``3,1``): one decimal, as the language in use writes it."""
    return f"{number:.1f}".replace(".", _("."))


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
        text = _("  {label}: {count} of {unseen}, {percent}").format(
            label=label, count=count, unseen=odds.unseen, percent=percent(count / odds.unseen)
        )
    else:  # the unseen cards are not all as likely: the exact chance, reduced
        text = _("  {label}: {percent} ({fraction})").format(
            label=label, percent=percent(count / odds.unseen), fraction=facts["fraction"]
        )
    return Said(text, kind, facts)


def _cards(odds: NextCard) -> int:
    return odds.unseen if odds.cards < 0 else odds.cards


def next_card_lines(odds: NextCard, draws: bool = True) -> list[Said]:
    """The chances of the next card drawn from the Trials (by a Trap, by the deal); without
    ``draws`` (no Trap, no Clumsy: nothing is drawn during a Mission) nothing of failing."""
    unseen = _cards(odds)
    if not odds.exact:
        text = _("Next card drawn: no exact odds: {reason}.").format(reason=odds.reason)
        return [Said(text, "next-card", {"unseen": unseen, "reason": odds.reason})]
    if odds.unseen == 0:
        empty = _("The Trials are empty: no card will be drawn.")
        return [Said(empty, "next-card", {"unseen": 0})]
    head = _("Next card drawn, from {unseen} unseen cards:").format(unseen=unseen)
    if odds.returned:
        head = _(
            "Next card drawn, from {unseen} unseen cards, {returned} of them known to "
            "have gone back into the Trials with a failed Mission's No Man's Land:"
        ).format(unseen=unseen, returned=odds.returned)
    lines = [
        Said(head, "next-card", {"unseen": unseen, "returned": odds.returned}),
        _line(_("any Hard Knock"), odds.knocks, odds, "hard-knock"),
    ]
    if draws:
        lines.append(_line(_("one that fails the Mission now"), odds.failing, odds, "fails"))
    for threat, count in odds.showing.items():
        lines.append(_line(threat_name(threat), count, odds, "threat", threat=threat))
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
        said = _("No Mission odds: {reason}.").format(reason=_(refused))
        return [Said(said, "mission", {"reason": refused})]
    playouts = estimates[0].playouts if estimates else 0
    head = _(
        "{leader} chooses the intensity; over {playouts} playouts each (seed {seed}; "
        "{policy}): the chance the Mission succeeds (its {confidence} interval), the cards its "
        "Morale Drop moves on average, the chance the chapter is lost in it:"
    ).format(
        leader=leader,
        playouts=f"{playouts:,}".replace(",", _(",")),
        seed=seed,
        policy=_(POLICY),
        confidence=_("{number}%").format(number=95),
    )
    lines = [Said(head, "mission", {"leader": leader, "playouts": playouts, "seed": seed})]
    for e in estimates:
        each = ngettext("{count} card each", "{count} cards each", e.intensity)
        text = _("  {each}: {chance} ({low} to {high}), Drop {drop}, lost {lost}").format(
            each=each.format(count=e.intensity),
            chance=percent(e.chance),
            low=percent(e.low),
            high=percent(e.high),
            drop=decimal(e.drop),
            lost=percent(e.losing),
        )
        lines.append(Said(text, "intensity", estimate_json(e)))
    if empties is not None and any(e.intensity >= empties[0] for e in estimates):
        at, trials = empties
        text = _(
            "From {at} cards each the deal takes the whole Trials deck ({trials} cards): a Trap "
            "then draws nothing and a higher intensity deals no more, so the chance can rise "
            "there."
        ).format(at=at, trials=trials)
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


def _threat(f: dict[str, Any]) -> str:
    return threat_name(f["threat"])


# each hint's words from its facts (domain/assist/hints.py)
HINT_WORDS = {
    "play-fails": lambda f: _(
        "a {threat} card here is the third {threat}: the Mission fails"
    ).format(threat=_threat(f)),
    "play-trap": lambda f: (
        _("a Trap here draws the Trials' top card into No Man's Land after its own threats: ")
        + _("; ").join(_trap_risk(risk, len(f["risks"]) > 1) for risk in f["risks"])
    ),
    "play-knock": lambda f: _(
        "a Hard Knock here lies in front of {player}: "
        "{counted} counted ({wounded} if Wounded); 4 lose the chapter"
    ).format(player=f["player"], counted=f["weight"] + 1, wounded=f["weight"] + 2),
    "charm": lambda f: (
        _("your charm can take the {threat} card in No Man's Land").format(threat=_threat(f))
        if f["cards"] == 1
        else _("your charm can take one of the {cards} {threat}s in No Man's Land").format(
            cards=f["cards"], threat=_threat(f)
        )
    ),
    "speech": lambda f: ngettext(
        "a Speech ({tokens} token left): each other player "
        "may discard a card with the threat named",
        "a Speech ({tokens} tokens left): each other player "
        "may discard a card with the threat named",
        f["tokens"],
    ).format(tokens=f["tokens"]),
    "withdraw": lambda f: (
        _(
            "withdrawing, {player} is the last out: the Mission succeeds and, with no card "
            "left to play, the chapter is won"
        ).format(player=f["player"])
        if f.get("won")
        else _(
            "withdrawing, {player} is the last out: the Mission succeeds, then Morale "
            "drops {drop} of the {morale} in the Reserve"
        ).format(player=f["player"], drop=f["drop"], morale=f["morale"])
        if f["last"]
        else _(
            "withdrawing, {player} plays a Support tile face down and leaves the Mission"
        ).format(player=f["player"])
    ),
    "two-alike": lambda f: _("two {threat} show: a third fails the Mission").format(
        threat=_threat(f)
    ),
    "three-knocks": lambda f: _("{player} counts 3 Hard Knocks: one more loses the chapter").format(
        player=f["player"]
    ),
    "hand-limit": lambda f: _(
        "{held} cards in hands: a deal of one card each brings "
        "{limit} or more, which loses the chapter"
    ).format(held=f["held"], limit=f["limit"]),
    "monument": lambda f: _(
        "the Morale Reserve holds {morale}: a Drop of {drop} "
        "now would show the Monument and lose the chapter"
    ).format(morale=f["morale"], drop=f["drop"]),
    "morale-low": lambda f: _(
        "the Morale Reserve holds {morale}: a Drop of {drop} "
        "now leaves {left}, the Monument is near"
    ).format(morale=f["morale"], drop=f["drop"], left=f["morale"] - f["drop"]),
}


def _trap_risk(f: dict[str, Any], named: bool) -> str:
    """One group of Traps that risk the same: how often the card drawn fails the Mission
    (``named``: the group's cards said, where other Traps risk otherwise)."""
    from voice.summary import notation

    cards = _(" or ").join(map(notation, f["cards"])) if named else _("any of them")
    if not f["exact"]:
        return _("with {cards}, the chance is not known (the chapter's cards are not)").format(
            cards=cards
        )
    if f["uniform"]:
        return _("with {cards}, {failing} of the {unseen} unseen cards fail the Mission").format(
            cards=cards, failing=f["failing"], unseen=f["unseen"]
        )
    share = f["failing"] / f["unseen"] if f["unseen"] else 0.0
    fraction = chance(f["failing"], f["unseen"])["fraction"]
    return _("with {cards}, the Mission fails {percent} of the time ({fraction})").format(
        cards=cards, percent=percent(share), fraction=fraction
    )


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
        lines.append(Said(_("What each action does now:"), "turn", {}))
    if player is not None:
        turn = _("{player}'s turn, what each action does now:").format(player=player)
        lines.append(Said(turn, "turn", {"player": player}))
        if not actions:
            lines.append(Said(_("  nothing is certain: any card here is safe"), "none", {}))
    for hint in actions:
        lines.append(Said(f"  {HINT_WORDS[hint.kind](hint.facts)}", hint.kind, hint.facts))
    if warnings:
        lines.append(Said(_("Warnings:"), "warnings", {}))
    else:
        lines.append(Said(_("No warning."), "warnings", {}))
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
