"""An action's summary: the few words the log shows for it (``grizzled log``), stored with
the action when it is logged. Each says what was asked in the words it was typed in
(``mission start 2, Order #21``, ``correction: tokens 2 -p Ann``)."""

from __future__ import annotations

BOOT_CAMP_SKIPPED = "Boot Camp skipped"
HANDS_AWARDED = "Helping Hands awarded"
RECRUIT_WITHDREW = "the Recruit withdraws"
REFILL = "refill the hand"
SOLO_SUPPORT = "solo Support tile drawn"


def language(code: str) -> str:
    """``language fr``: the table's language chosen (issue 45)."""
    return f"language {code}"


def numbered(card: str, number: int) -> str:
    """``Order of the Day #21`` (``card``: ``card``, ``Order of the Day``, ...)."""
    return f"{card} #{number}"


def described(card: str, number: int) -> str:
    """``Order of the Day #21 described``."""
    return f"{numbered(card, number)} described"


def briefing(chapter: int) -> str:
    return f"Briefing of chapter {chapter}"


def conclusion(chapter: int) -> str:
    return f"Conclusion of chapter {chapter}"


def banned(card: str, player: str) -> str:
    return f"{card} banned from {player}"


def hand_played(player: str, number: int) -> str:
    return f"{player} plays Helping Hand #{number}"


def hand_kept(player: str, number: int) -> str:
    return f"{player} keeps Helping Hand #{number}"


def one_shot(difficulty: str) -> str:
    return f"One-shot game ({difficulty})"


def chapter_start(leader: str | None) -> str:
    return f"chapter start{f' (leader {leader})' if leader else ''}"


def mission_start(intensity: int, order: int | None) -> str:
    kept = f", Order #{order}" if order else ""
    return f"mission start {intensity}{kept}"


def played(player: str, card: str, drawn: str | None) -> str:
    extra = f" (Trap draws {drawn})" if drawn else ""
    return f"{player} plays {card}{extra}"


def charm(player: str, card: str) -> str:
    return f"{player}'s charm on {card}"


def speech(player: str, threat: str) -> str:
    return f"{player}'s Speech on {threat}"


def withdrew(player: str) -> str:
    return f"{player} withdraws"


def support(player: str) -> str:
    return f"{player} takes the Support"


def correction(fact: str, value: str | None, player: str | None) -> str:
    """``correction: tokens 2 -p Ann``, as typed."""
    said = ("correction:", fact, value or "", f"-p {player}" if player else "")
    return " ".join(word for word in said if word)


def order_cancelled(number: int) -> str:
    return f"Order #{number} cancelled"


def recruit_played(card: str) -> str:
    return f"the Recruit plays {card}"
