"""An action's summary: the few words the log shows for it (``grizzled log``), stored with
the action when it is logged. Each says what was asked in the words it was typed in
(``mission start 2, Order #21``, ``correction: tokens 2 -p Ann``)."""

from __future__ import annotations

from voice.lang import N_

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


# Reading a stored summary (issue 45): it is stored in the fixed English forms above (and
# the projection's, ``projections.log.summary``: a campaign created, an undo, what the
# events added after ': '), so the log reads it in the reader's language, whatever the
# language was when it was logged. What the group typed in it (names, a correction's
# words, a reason) stays as it is; a form not listed here is shown as it was stored.
_PLAYER = r"(?P<player>.+?)"
_CARD = r"(?P<card>[^ ]+)"
HEADS = (
    (
        r"campaign (?P<name>'.*') branched from (?P<origin>'.*') at #(?P<number>\d+)",
        N_("campaign {name} branched from {origin} at #{number}"),
    ),
    (r"campaign (?P<name>'.*') created", N_("campaign {name} created")),
    (
        r"campaign (?P<name>'.*') created \((?P<ruleset>\w*): (?P<seats>.*)\)",
        N_("campaign {name} created ({ruleset}: {seats})"),
    ),
    (r"undo (?P<versions>#\d+(?:, #\d+)*)", N_("undo {versions}")),
    (r"redo (?P<versions>#\d+(?:, #\d+)*)", N_("redo {versions}")),
    (
        r"revert of #(?P<number>\d+); decided again: (?P<versions>#\d+(?:, #\d+)*)",
        N_("revert of #{number}; decided again: {versions}"),
    ),
    (r"revert of #(?P<number>\d+)", N_("revert of #{number}")),
    (r"language (?P<code>\w+)", N_("language {code}")),
    (BOOT_CAMP_SKIPPED, N_("Boot Camp skipped")),
    (HANDS_AWARDED, N_("Helping Hands awarded")),
    (RECRUIT_WITHDREW, N_("the Recruit withdraws")),
    (REFILL, N_("refill the hand")),
    (SOLO_SUPPORT, N_("solo Support tile drawn")),
    (r"card #(?P<number>\d+) described", N_("card #{number} described")),
    (r"Order of the Day #(?P<number>\d+) described", N_("Order of the Day #{number} described")),
    (r"Recruit #(?P<number>\d+) described", N_("Recruit #{number} described")),
    (r"Helping Hand #(?P<number>\d+) described", N_("Helping Hand #{number} described")),
    (r"Briefing of chapter (?P<chapter>\d+)", N_("Briefing of chapter {chapter}")),
    (r"Conclusion of chapter (?P<chapter>\d+)", N_("Conclusion of chapter {chapter}")),
    (rf"{_CARD} banned from {_PLAYER}", N_("{card} banned from {player}")),
    (
        rf"{_PLAYER} plays Helping Hand #(?P<number>\d+)",
        N_("{player} plays Helping Hand #{number}"),
    ),
    (
        rf"{_PLAYER} keeps Helping Hand #(?P<number>\d+)",
        N_("{player} keeps Helping Hand #{number}"),
    ),
    (r"One-shot game \((?P<difficulty>.+)\)", N_("One-shot game ({difficulty})")),
    (r"chapter start \(leader (?P<leader>.+)\)", N_("chapter start (leader {leader})")),
    (r"chapter start", N_("chapter start")),
    (
        r"mission start (?P<intensity>\d+), Order #(?P<order>\d+)",
        N_("mission start {intensity}, Order #{order}"),
    ),
    (r"mission start (?P<intensity>\d+)", N_("mission start {intensity}")),
    (rf"the Recruit plays {_CARD}", N_("the Recruit plays {card}")),
    (
        rf"{_PLAYER} plays {_CARD} \(Trap draws (?P<drawn>[^ ]+)\)",
        N_("{player} plays {card} (Trap draws {drawn})"),
    ),
    (rf"{_PLAYER} plays {_CARD}", N_("{player} plays {card}")),
    (rf"{_PLAYER}'s charm on {_CARD}", N_("{player}'s charm on {card}")),
    (rf"{_PLAYER}'s Speech on (?P<threat>\w+)", N_("{player}'s Speech on {threat}")),
    (rf"{_PLAYER} withdraws", N_("{player} withdraws")),
    (rf"{_PLAYER} takes the Support", N_("{player} takes the Support")),
    (r"correction: (?P<typed>.*)", N_("correction: {typed}")),
    (r"Order #(?P<number>\d+) cancelled", N_("Order #{number} cancelled")),
)
TAILS = (
    (r"#(?P<number>\d+) to (?P<player>.+)", N_("#{number} to {player}")),
    (r"(?P<numbers>#\d+(?:, #\d+)*) not taken", N_("{numbers} not taken")),
    (r"Mission failed, 3 (?P<threat>\w+)", N_("Mission failed, 3 {threat}")),
    (r"Mission failed \(the table ends it\)", N_("Mission failed (the table ends it)")),
    (r"Mission succeeded", N_("Mission succeeded")),
    (r"chapter won", N_("chapter won")),
    (r"chapter lost", N_("chapter lost")),
    (r"chapter lost, (?P<detail>.+)", N_("chapter lost, {detail}")),
)
_TYPED = {"name", "origin", "seats", "player", "leader", "typed", "difficulty", "ruleset", "code"}


def said(summary: str) -> str:
    """A stored summary in the language in use (``Ann joue nuit+obus : Mission échouée, 3
    obus``); English as it was stored."""
    from voice import lang

    if lang.current() == lang.ENGLISH or not summary:
        return summary
    import re

    for form, message in HEADS:
        found = re.fullmatch(f"{form}(?:: (?P<tail>.*))?", summary, re.DOTALL)
        if found is None:
            continue
        fields = {k: _word(k, v) for k, v in found.groupdict().items() if k != "tail"}
        head = lang._(message).format(**fields)
        tail = found.group("tail")
        if tail is None:
            return head
        if form.startswith(("undo", "redo")):  # what follows is the group's reason
            return lang._("{said}: {reason}").format(said=head, reason=tail)
        return lang._("{said}: {more}").format(said=head, more=_tails(tail))
    return summary


def _tails(tail: str) -> str:
    """What the events added, each said (``Mission failed, 3 shell``, ``#31 to Ann``)."""
    import re

    from voice import lang

    said = []
    for part in re.split(r", (?=#\d+ to |Mission |chapter )", tail):
        for form, message in TAILS:
            found = re.fullmatch(form, part, re.DOTALL)
            if found is not None:
                fields = {k: _word(k, v) for k, v in found.groupdict().items()}
                said.append(lang._(message).format(**fields))
                break
        else:
            said.append(part)
    return ", ".join(said)


def _word(field: str, value: str | None) -> str:
    """A field of a stored summary as the language in use says it: a card in its notation
    (``nuit+obus+piège``, ``muet``), a threat by its name, a chapter's detail; what the
    group typed as it is."""
    from voice import lang

    if value is None or field in _TYPED:
        return value or ""
    if field in ("card", "drawn"):
        return notation(value)
    if field == "threat":
        return lang.threat_name(value)
    if field == "detail":
        return lang.detail_said(value)
    return value


def notation(key: str) -> str:
    """A card as its notation is typed in the language in use: ``night+shell+trap``,
    ``nuit+obus+piège``; ``mute``, ``muet`` (what the French notation reads back)."""
    from voice import lang

    if lang.current() == lang.ENGLISH:
        return key
    base, _sep, extra = key.partition(" (")  # a label: night+shell (trap), (luck x2)
    said = "+".join(_token(t) for t in base.split("+"))
    if not extra:
        return said
    if extra == "trap)":
        return said + lang._(" (trap)")
    if extra.startswith("luck x") and extra[6:-1].isdigit():
        return said + lang._(" (luck x{count})").format(count=extra[6:-1])
    return f"{said} ({extra}"


def _token(token: str) -> str:
    """One word of a card's notation in the language in use (``night``: ``nuit``)."""
    from voice import lang

    if token in lang.THREATS:
        return lang.threat_name(token)
    if token in ("trap", "luck"):
        return lang._(NOTATION[token])
    if token == "merry-christmas":
        return lang._("Merry Christmas").lower().replace(" ", "-")
    title = token.replace("-", " ").title().replace(" ", "-")
    if title in lang.KNOCKS:
        return lang._(title).lower()
    if "-" in token:  # a Hard Knock with its threat: phobia-gas, phobie-gaz
        return "-".join(_token(part) for part in token.split("-"))
    return token


NOTATION = {"trap": N_("trap"), "luck": N_("luck")}
