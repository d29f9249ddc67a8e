"""The board as a phone draws it (the companion's viewer and keeper pages), from the public
``status --json`` document (``doc``, every text in it ``shown``): whose turn in a banner,
what comes next in the table's words (never a command's syntax), the decks as counts and a
bar, No Man's Land as cards, each player's row, the score in words. Plain data a template
lays out; every word here, in the language in use."""

from __future__ import annotations

from typing import Any

from voice.board import THREATS, label
from voice.lang import N_, _, detail_said, pgettext, threat_name
from voice.shown import SHORT, shown

Doc = dict[str, Any]

LEADER_MARK = N_("Mission Leader")  # what the terminal's grid marks "L"
TURN_MARK = N_("plays now")  # what the terminal's grid marks "*"
NOTHING_SCORED = N_("No points scored yet: a chapter scores when it ends.")
LOG_TITLE = N_("The log, newest first")
COMMAND = N_("The command:")  # the keeper's small type under the Next line
NML_TITLE = N_("No Man's Land")
KNOCKS_TITLE = N_("Hard Knocks:")
SCORE_TITLE = N_("Score")


def titles() -> dict[str, str]:
    """The board's headings, in the language in use."""
    return {
        "nml": _(NML_TITLE),
        "log": _(LOG_TITLE),
        "command": _(COMMAND),
        "knocks": _(KNOCKS_TITLE),
        "score": _(SCORE_TITLE),
    }


def symbols(key: str) -> list[str]:
    """The symbols a card shows (its threats, ``trap``, ``luck``), in key order; none for
    a Hard Knock or a Merry Christmas (a key not made of symbols)."""
    parts = key.split("+")
    if all(p in THREATS or p in ("trap", "luck") for p in parts):
        return parts
    return []


def banner(doc: Doc) -> str:
    """Whose turn it is, or who decides what now, in a line."""
    phase, legal = doc.get("phase"), doc.get("legal") or {}
    if phase is None:
        return _("No chapter started yet.")
    if phase == "preparation":
        return _("{leader} chooses the intensity").format(leader=shown(doc["leader"], SHORT))
    if phase == "support":
        who = doc.get("support_pending")  # the beneficiary's name
        if isinstance(who, str) and who:
            return _("{player} chooses the Support benefit").format(player=shown(who, SHORT))
        return _("The Support is chosen")
    if phase == "over":
        return (
            _("The chapter is won.") if doc.get("outcome") == "won" else _("The chapter is lost.")
        )
    player = legal.get("player") or doc.get("turn")
    turn = pgettext("banner", "{player}'s turn")  # a banner's own: it starts a line
    return turn.format(player=shown(player, SHORT)) if player else ""


def next_words(doc: Doc) -> str:
    """What comes next, as the table says it: ``Ann: play a card, use the Good Luck Charm
    or withdraw`` (from what anyone sees: the hand's size, the charm and No Man's Land, the
    Speech tokens); between Missions and chapters, who decides what."""
    phase = doc.get("phase")
    if phase == "mission" and doc.get("turn"):
        return _mission_moves(doc)
    if phase == "preparation":
        return _("{leader}: choose the Mission's intensity (how many cards each is dealt)").format(
            leader=shown(doc["leader"], SHORT)
        )
    if phase == "support":
        return banner(doc)
    if phase == "over":
        return _("The chapter is over: the keeper ends it and starts the next.")
    return banner(doc) if phase is None else _("The keeper starts a chapter.")


def _mission_moves(doc: Doc) -> str:
    """The moves open to the player whose turn it is, as far as the table can see."""
    found = [p for p in doc.get("players") or () if p["name"] == doc["turn"]]
    name = shown(doc["turn"], SHORT)
    if not found:
        return pgettext("banner", "{player}'s turn").format(player=name)
    player = found[0]
    if "fearful" in (player.get("hard_knocks") or ()):
        return _("{player}: must withdraw (Fearful)").format(player=name)
    in_nml = {t for key in doc.get("no_mans_land") or () for t in symbols(key)}
    moves = [_("play a card")] if player.get("hand") else []
    if player.get("charm_up") and player.get("charm") in in_nml:
        moves.append(_("use the Good Luck Charm"))
    if player.get("speech_tokens"):
        moves.append(_("make a Speech"))
    moves.append(_("withdraw"))
    said = (
        moves[0]
        if len(moves) == 1
        else _("{moves} or {last}").format(moves=", ".join(moves[:-1]), last=moves[-1])
    )
    return _("{player}: {moves}").format(player=name, moves=said)


def decks(doc: Doc) -> dict[str, Any]:
    """The Trials deck and the Morale Reserve as counts and a bar's two parts (percent of
    the cards in both): the game is won when both are empty, lost when the Reserve is."""
    trials, morale = int(doc.get("trials") or 0), int(doc.get("morale") or 0)
    whole = max(trials + morale, 1)
    return {
        "trials": trials,
        "morale": morale,
        "trials_part": round(100 * trials / whole, 1),
        "morale_part": round(100 * morale / whole, 1),
        "trials_said": _("Trials deck: {count}").format(count=trials),
        "morale_said": _("Morale Reserve: {count}").format(count=morale),
        "speech_said": _("Speech tokens in the stock: {count}").format(
            count=doc.get("speech_stock", 0)
        ),
    }


def strip(doc: Doc) -> list[str]:
    """The summary that stays on screen while the keeper taps: whose turn, the Mission,
    No Man's Land, the decks."""
    nml = len(doc.get("no_mans_land") or ())
    mission = doc["mission"] + 1 if doc.get("phase") == "preparation" else doc.get("mission")
    return [
        _("Mission {number}").format(number=mission),
        _("No Man's Land {count}").format(count=nml),
        _("Trials {count}").format(count=doc.get("trials", 0)),
        _("Morale {count}").format(count=doc.get("morale", 0)),
    ]


def cards(doc: Doc) -> list[dict[str, Any]]:
    """No Man's Land, a card each: its symbols and its name."""
    return [{"symbols": symbols(key), "label": label(key)} for key in doc.get("no_mans_land") or ()]


def threat_counts(doc: Doc) -> list[dict[str, Any]]:
    """The threats in play by kind: the count, and what it means (two: one more fails)."""
    counts = doc.get("threats") or {}
    found = []
    for threat in THREATS:
        n = int(counts.get(threat) or 0)
        if n:
            warn = _("one more fails the Mission") if n == 2 else ""
            said = _("{threat} ×{count}").format(threat=threat_name(threat), count=n)
            found.append({"symbol": threat, "said": said, "warn": warn, "count": n})
    return found


def players(doc: Doc) -> list[dict[str, Any]]:
    """Each player's row: the name, whether Mission Leader or playing now (in words), the
    Good Luck Charm, Speech tokens, hand, Support tiles, Hard Knocks by name."""
    found = []
    for player in doc.get("players") or ():
        name = player["name"]
        marks = [_(LEADER_MARK)] if name == doc.get("leader") else []
        marks += [_(TURN_MARK)] if name == doc.get("turn") else []
        withdrawn = bool(player.get("withdrawn")) and doc.get("phase") == "mission"
        marks += [_("withdrawn")] if withdrawn else []
        charm = player.get("charm")
        if charm is None:
            charm_said = _("no Good Luck Charm")
        elif player.get("charm_up"):
            charm_said = _("Good Luck Charm: {threat}").format(threat=threat_name(charm))
        else:
            charm_said = _("Good Luck Charm used ({threat})").format(threat=threat_name(charm))
        facts = [charm_said]
        if not player.get("chaplain"):
            facts.append(_("hand {count}").format(count=player.get("hand", 0)))
        facts.append(_("Speech {count}").format(count=player.get("speech_tokens", 0)))
        facts.append(_("Support tiles {count}").format(count=player.get("support_tiles", 0)))
        found.append(
            {
                "name": shown(name, SHORT),
                "marks": marks,
                "turn": name == doc.get("turn"),
                "charm": charm if player.get("charm_up") else None,
                "facts": facts,
                "knocks": [label(k) for k in player.get("hard_knocks") or ()],
            }
        )
    return found


def result(doc: Doc) -> str:
    """The chapter's end, in a line (empty while it is played)."""
    if doc.get("phase") != "over":
        return ""
    if doc.get("outcome") == "won":
        return _("The chapter is won.")
    return _("The chapter is lost: {detail}.").format(
        detail=detail_said(doc.get("outcome_detail", ""))
    )


def score_words(score: Any) -> list[str]:
    """The campaign's score in words; a sentence when nothing is scored yet."""
    if not isinstance(score, dict) or "victory_points" not in score:
        return []
    won, lost = score.get("victory_points", 0), score.get("negative_points", 0)
    if not won and not lost and not score.get("chapters"):
        return [_(NOTHING_SCORED)]
    return [
        _("Victory points {won}, negative points {lost}: {difference} in all").format(
            won=won, lost=lost, difference=score.get("difference", 0)
        )
    ]
