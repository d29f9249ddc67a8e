"""Domain events as sentences a table reads aloud: what happened, in the rules' words.

Names, reasons and card texts come from the campaign's file: each sentence is ``shown``
(control characters escaped) plain text, printed as it is (never read as rich markup).
Rich is not imported here: a logged action prints its narration without it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from domain.cards.catalogue import Catalogue
from domain.chapter.fact_words import fact_sentence
from domain.events import (
    CampaignCreated,
    CardDrawnAndPlayed,
    CardPlayed,
    CardsDealt,
    CardsDrawn,
    ChapterLost,
    ChapterStarted,
    ChapterWon,
    CharmUsed,
    Event,
    FactCorrected,
    HardKnockDiscarded,
    LeadershipPassed,
    MissionFailed,
    MissionLeaderTaken,
    MissionStarted,
    MissionSucceeded,
    MoraleDropped,
    PlayerWithdrew,
    SpeechMade,
    SupportRevealed,
    SupportTileDiscarded,
    SupportUsed,
)
from voice import NOBODY, Said, Secret, marked, refusal, rooms
from voice.lang import (
    N_,
    _,
    card_label,
    chapter_said,
    detail_said,
    language_name,
    ngettext,
    threat_name,
)
from voice.shown import quoted, shown

if TYPE_CHECKING:
    from domain.campaign.briefing import Conclusion
    from domain.campaign.flow import CampaignState
    from domain.campaign.rewards import HelpingHandPlayed
    from domain.cards.catalogue import Forbid, Rule
    from domain.modules.effects import CardEffect

T = TypeVar("T")
TILE_WORDS = {
    "left": N_("to the left"),
    "right": N_("to the right"),
    "left2": N_("2nd to the left"),
    "right2": N_("2nd to the right"),
}


def cards_said(count: int) -> str:
    """``1 card``, ``3 cards``."""
    return ngettext("{count} card", "{count} cards", count).format(count=count)


def _started(e: ChapterStarted, c: Catalogue) -> str:
    leader = _("{player} leads").format(player=e.leader)
    extra = _(" (with the Chaplain)") if e.chaplain else ""
    traps = _("Traps on") if e.traps else _("Traps off")
    seated = [p for p in e.players if p != "Chaplain"]
    grizzled = ""
    if e.ruleset == "armistice":  # a chapter may give a player another Grizzled
        charms = ", ".join(
            f"{p} {threat_name(c)}" for p, c in zip(e.players, e.charms, strict=True) if c
        )
        grizzled = _(" Grizzled (Good Luck Charm): {charms}.").format(charms=charms)
    return (
        _(
            "Chapter set up for {players}{extra}: Trials {trials}, Morale {morale}, "
            "{tokens} Speech tokens, {traps}. {leader}."
        ).format(
            players=", ".join(seated),
            extra=extra,
            trials=len(e.trials),
            morale=len(e.morale),
            tokens=e.speech_tokens,
            traps=traps,
            leader=leader,
        )
        + grizzled
    )


def _dealt(e: CardsDealt, c: Catalogue) -> str:
    counts = ", ".join(f"{p} {len(cards)}" for p, cards in zip(e.players, e.cards, strict=True))
    return _("Dealt: {counts}.").format(counts=counts)


def _played(e: CardPlayed, c: Catalogue) -> str:
    card = c.cards.get(e.card)
    if card is not None and card.merry_christmas:
        return _("{player} plays Merry Christmas.").format(player=e.player)
    if card is not None and card.hard_knock is not None:
        return _("{player} plays {card} in front of {player}.").format(
            player=e.player, card=card_label(e.card, c)
        )
    return _("{player} plays {card} in No Man's Land.").format(
        player=e.player, card=card_label(e.card, c)
    )


def _drawn_played(e: CardDrawnAndPlayed, c: Catalogue) -> str:
    cause = _("The Trap") if e.cause == "trap" else _("Clumsy")
    if e.card is None:
        return _("{cause} draws nothing: the Trials deck is empty.").format(cause=cause)
    return _("{cause} draws {card} for {player}, played at once.").format(
        cause=cause, card=card_label(e.card, c), player=e.player
    )


def _speech(e: SpeechMade, c: Catalogue) -> str:
    discards = _("; ").join(
        _("{player} discards {card}").format(player=p, card=card_label(k, c)) for p, k in e.discards
    )
    said = _("{player} makes a Speech on {threat}.").format(
        player=e.player, threat=threat_name(e.threat)
    )
    return said + (f" {discards}." if discards else "")


def _withdrew(e: PlayerWithdrew, c: Catalogue) -> str:
    if e.player == "Chaplain":
        if e.tile is None:
            return _("The Chaplain withdraws with no Support tile left to play.")
        return _("The Chaplain withdraws, his Support tile face down.")
    if e.tile:
        return _("{player} withdraws, a Support tile face down.").format(player=e.player)
    return _("{player} withdraws, no Support tile.").format(player=e.player)


def _revealed(e: SupportRevealed, c: Catalogue) -> str:
    if not e.gifts:
        return _("Support: no tile was played.")
    gifts = ", ".join(f"{g} {_(TILE_WORDS[t])} -> {r}" for g, t, r in e.gifts)
    counts = Counter(r for _g, _t, r in e.gifts).most_common()
    tie = len(counts) > 1 and counts[0][1] == counts[1][1]
    if e.beneficiary:
        who = _("{player} benefits").format(player=e.beneficiary)
        if e.discards is not None:
            who += ngettext(
                " (up to {count} Hard Knock: a card)",
                " (up to {count} Hard Knocks: a card)",
                e.discards,
            ).format(count=e.discards)
    else:
        who = _("a tie: nobody benefits") if tie else _("nobody benefits (a card in force says so)")
    return _("Support: {gifts}; {who}.").format(gifts=gifts, who=who)


def _used(e: SupportUsed, c: Catalogue) -> str:
    parts = [_("discards {card}").format(card=card_label(k, c)) for k in e.discarded]
    if e.charm_recovered:
        parts.append(_("recovers the Good Luck Charm"))
    did = _(" and ").join(parts) if parts else _("has nothing to discard")
    return f"{e.player} {did}."


def _passed(e: LeadershipPassed, c: Catalogue) -> str:
    token = (
        _(" {player} takes a Speech token.").format(player=e.speech_token_to)
        if e.speech_token_to
        else ""
    )
    return _("{player} is the Mission Leader.").format(player=e.leader) + token


def applied_text(label: str, applied: list[str], effect: bool) -> str:
    """What the tool applies of a card's text (``applied``: its parts in words) and what it
    leaves to the table: never advice to record again what the tool did."""
    if not applied:
        return text_only(label) if effect else ""
    rest = _(
        " Anything else its text says is done at the table, then recorded with "
        "'grizzled correct FACT VALUE -r \"{label}\"'."
    ).format(label=label)
    return _(" The tool applies: {rules}.").format(rules=_("; ").join(applied)) + (
        rest if effect else ""
    )


def enforced_words(forbids: tuple[Forbid, ...], rules: tuple[Rule, ...]) -> str:
    """What the tool applies of a card, in words: ``no Speech; the Morale Drop ...``."""
    from domain.cards.effects import rule_words

    return _("; ").join([f.words for f in forbids] + [rule_words(r) for r in rules])


def text_only(label: str) -> str:
    """What the table does with a card's text the tool does not apply."""
    return _(
        " The tool does not apply this text: if it changed the table, record it with "
        "'grizzled correct FACT VALUE -r \"{label}\"'."
    ).format(label=label)


def unstopped(text: str) -> str:
    """A typed text without its own full stop, where a sentence of ours ends after it (one
    full stop, not two; an ellipsis stays)."""
    return text[:-1] if text.endswith(".") and not text.endswith("..") else text


def _helping_played(e: HelpingHandPlayed, c: Catalogue) -> str:
    """``Ben plays Helping Hand #31 (Letter): "text".`` and what the tool does of it."""
    card = c.helping_hands.get(e.number)
    name = f" ({card.name})" if card else ""
    note = f": {unstopped(e.note)}" if e.note else ""
    said = _("{player} plays Helping Hand #{number}{name}{note}.").format(
        player=e.player, number=e.number, name=name, note=note
    )
    if e.category == "action":
        said += _(" It was their action.")
    if card is None or not card.effect:
        return said
    said += _(" It says: {text}.").format(text=unstopped(card.effect))
    return (
        said
        if card.rules
        else said + text_only(_("Helping Hand #{number}").format(number=e.number))
    )


def _effect(e: CardEffect, c: Catalogue) -> str:
    """``Helping Hand #31 Letter: Ben takes 1 Speech token.``"""
    word = e.rule.partition(":")[0].partition("@")[0]
    n = len(e.cards)
    match word:
        case "draw":
            did = _("{player} draws {cards}").format(player=e.player, cards=cards_said(n))
            did += _(" on withdrawing") if "@" in e.rule else ""
        case "discard":
            unseen = _("an unseen card")
            cards = ", ".join(card_label(k, c) if k else unseen for k in e.cards)
            did = _("{player} discards {cards}").format(
                player=e.player, cards=cards or _("nothing")
            )
        case "knock-discard":
            did = _("{player} discards {cards}").format(
                player=e.player, cards=card_label(e.cards[0] or "", c)
            )
        case "tokens":
            did = ngettext(
                "{player} takes {count} Speech token",
                "{player} takes {count} Speech tokens",
                e.tokens,
            ).format(player=e.player, count=e.tokens)
        case "charm":
            did = _("{player}'s Good Luck Charm is face up again").format(player=e.player)
        case _:
            did = _("{cards} go from the Trials deck to the Morale Reserve").format(
                cards=cards_said(n)
            )
    return f"{e.source}: {did}."


def _helping_hands(count: int) -> str:
    return ngettext("{count} Helping Hand", "{count} Helping Hands", count).format(count=count)


def _result(result: str) -> str:
    """A chapter's result in words: ``won``, ``lost``, ``any result``."""
    words = {"won": N_("won"), "lost": N_("lost"), "any": N_("any result")}
    return _(words[result]) if result in words else result


def reward_words(conclusion: Conclusion) -> str:
    """A Conclusion's reward rules in words: ``won with at least 10 Morale left: 2 Helping
    Hands; lost: 1 Helping Hand``."""
    rules = []
    for rule in conclusion.rewards:
        result = _result(rule.result)
        left = (
            _(" with at least {count} Morale left").format(count=rule.morale_left)
            if rule.morale_left
            else ""
        )
        rules.append(f"{result}{left}: {_helping_hands(rule.helping_hands)}")
    return _("; ").join(rules) or _("no reward")


def chapter_end(state: CampaignState) -> str:
    """At the end of an Armistice chapter: its Conclusion's reward rule and what this
    result earns ('' for Boot Camp, the base game, or a Conclusion not entered yet: the
    Next line says to enter it)."""

    last = state.last_result
    if last is None or not state.armistice or last.number == 0:
        return ""
    name = chapter_said(last.number)
    conclusion = state.conclusions.get(last.number)
    if conclusion is None:
        return ""
    result = "won" if last.outcome == "won" else "lost"
    earned = conclusion.earned(result, last.morale_left)
    return _(
        "Conclusion of {name}: {rules}. This result ({result}, {count} Morale left) earns {earned}."
    ).format(
        name=name,
        rules=reward_words(conclusion),
        result=_result(result),
        count=last.morale_left,
        earned=_helping_hands(earned),
    )


def corrected(reason: str) -> str:
    """`` Corrected: REASON.`` after a description that changed an earlier one ('' for none)."""
    return _(" Corrected: {reason}.").format(reason=reason) if reason else ""


def sentence(e: Event, c: Catalogue, game: str = "chapter") -> str:
    """The sentence for one event (``game``: what is won or lost, the ``chapter`` of a
    campaign or the base game's one ``game``)."""
    match e:
        case CampaignCreated():
            return _("Campaign {name} opened ({ruleset} rules).").format(
                name=repr(e.name), ruleset=e.ruleset
            )
        case ChapterStarted():
            return _started(e, c)
        case MissionStarted():
            return _("Mission {mission}: {player} sets intensity {intensity}.").format(
                mission=e.mission, player=e.leader, intensity=e.intensity
            )
        case CardsDealt():
            return _dealt(e, c)
        case CardsDrawn():
            return _("{player} is Frenzied and draws {cards}.").format(
                player=e.player, cards=cards_said(len(e.cards))
            )
        case CardPlayed():
            return _played(e, c)
        case CardDrawnAndPlayed():
            return _drawn_played(e, c)
        case HardKnockDiscarded():
            return _("{player}'s {card} is discarded.").format(
                player=e.player, card=card_label(e.card, c)
            )
        case MissionLeaderTaken():
            return _("{player} is Tyrannical and takes the Mission Leader token.").format(
                player=e.player
            )
        case CharmUsed():
            return _("{player}'s Good Luck Charm discards {card}.").format(
                player=e.player, card=card_label(e.card, c)
            )
        case SpeechMade():
            return _speech(e, c)
        case SupportTileDiscarded():
            return _("{player} is Absent-minded: one Support tile leaves the game.").format(
                player=e.player
            )
        case PlayerWithdrew():
            return _withdrew(e, c)
        case MissionFailed():
            if e.threat:
                return _(
                    "Mission failed: 3 {threat}. No Man's Land is shuffled into the Trials deck."
                ).format(threat=threat_name(e.threat))
            return _(
                "Mission failed (the table ends it). No Man's Land is shuffled into the Trials "
                "deck."
            )
        case MissionSucceeded():
            return _("Mission succeeded: No Man's Land is discarded.")
        case SupportRevealed():
            return _revealed(e, c)
        case SupportUsed():
            return _used(e, c)
        case MoraleDropped():
            return ngettext(
                "Morale drops: {count} card moves to the Trials deck.",
                "Morale drops: {count} cards move to the Trials deck.",
                len(e.cards),
            ).format(count=len(e.cards))
        case LeadershipPassed():
            return _passed(e, c)
        case ChapterWon():
            return (
                _("Peace! The game is won.") if game == "game" else _("Peace! The chapter is won.")
            )
        case ChapterLost():
            lost = _("The game is lost: {detail}.") if game == "game" else None
            return (lost or _("The chapter is lost: {detail}.")).format(
                detail=detail_said(e.detail)
            )
        case FactCorrected():
            return _("Correction: {fact} ({reason}).").format(
                fact=refusal.said(fact_sentence(e, c)), reason=e.reason
            )
    told = rooms.sentence(e, c)  # a module's own event, in its room's words
    return _campaign_sentence(e, c) if told is None else told


def _campaign_sentence(e: Event, c: Catalogue) -> str:
    """Sentences of the campaign's, the box's and the card effects' events (their modules
    load only when needed; a module's own event is said by its room, ``voice.rooms``)."""
    from domain.campaign.briefing import (
        BriefingEntered,
        ConclusionEntered,
    )
    from domain.campaign.language import LanguageChosen
    from domain.campaign.oneshot import CardsSetAside, HelpingHandKept
    from domain.campaign.rewards import (
        BootCampSkipped,
        CardBanned,
        HelpingHandAwarded,
        HelpingHandPlayed,
        HelpingHandsUnclaimed,
    )
    from domain.cards.box import HelpingHandDescribed, TrialCardDescribed
    from domain.modules.effects import CardEffect
    from voice.cards import traps_said

    match e:
        case TrialCardDescribed():
            what = _("Hard Knock {kind}").format(kind=e.hard_knock) if e.hard_knock else e.key
            if e.acts_as:
                what += _(", acting as {kind} (the tool applies its rules)").format(
                    kind=e.acts_as.title()
                )
            said = _("Trial card #{number} learnt: {what}.").format(number=e.number, what=what)
            return said + corrected(e.reason)
        case HelpingHandDescribed():
            said = _("Helping Hand #{number} learnt: {name} ({category}).")
            return said.format(number=e.number, name=e.name, category=e.category) + corrected(
                e.reason
            )
        case BriefingEntered():
            title = f" {quoted(e.title)}" if e.title else ""
            said = _(
                "Briefing of {chapter}{title}: Trials {trials}, Morale {morale}, first "
                "intensity {intensity}, {traps}."
            ).format(
                chapter=chapter_said(e.chapter),
                title=title,
                trials=e.trials,
                morale=e.morale,
                intensity=e.first_intensity,
                traps=traps_said(e.chapter, e.traps, e.traps_off),
            )
            return said + corrected(e.reason)
        case ConclusionEntered():
            offer = ", ".join(f"#{n}" for n in e.offered) or _("no Helping Hand")
            said = _("Conclusion of {chapter}: offers {offer}.").format(
                chapter=chapter_said(e.chapter), offer=offer
            )
            return said + corrected(e.reason)
        case BootCampSkipped():
            return _("Boot Camp skipped: the campaign starts with chapter 1.")
        case HelpingHandAwarded():
            return _("{player} receives Helping Hand #{number} (a Victory Point).").format(
                player=e.player, number=e.number
            )
        case HelpingHandsUnclaimed():
            left = ", ".join(f"#{n}" for n in e.numbers)
            return _("Not taken: {numbers} ({count} Negative Point(s)).").format(
                numbers=left, count=len(e.numbers)
            )
        case CardBanned():
            if e.source == "hand":
                said = _(
                    "{card} from {player}'s hand is banned from the campaign (a Negative Point)."
                )
            else:
                said = _(
                    "{card} from {player}'s Hard Knocks is banned from the campaign (a Negative "
                    "Point)."
                )
            return said.format(card=e.card, player=e.player)
        case HelpingHandPlayed():
            return _helping_played(e, c)
        case CardEffect():
            return _effect(e, c)
        case HelpingHandKept():
            return _(
                "{player} keeps Helping Hand #{kept} for this game and discards #{discarded}."
            ).format(player=e.player, kept=e.kept, discarded=e.discarded)
        case CardsSetAside():
            cards = ", ".join(card_label(k, c) for k in e.cards)
            return _("Set aside for this chapter: {cards} ({reason}).").format(
                cards=cards, reason=e.reason
            )
        case LanguageChosen():
            return _("The table speaks {language} from now on.").format(
                language=language_name(e.language)
            )
    return e.TYPE


# The facts of an event only some may see, by event type: the field, and whose it is
# (a field naming the player, or ``NOBODY``); a field held per player (``players``) is
# split into one secret per player.
SECRET_FIELDS: dict[str, tuple[tuple[str, str], ...]] = {
    "ChapterStarted": (("trials", NOBODY), ("morale", NOBODY), ("tiles", "players")),
    "CardsDealt": (("cards", "players"),),
    "CardsDrawn": (("cards", "player"),),
    "PlayerWithdrew": (("tile", "player"),),
    "SupportTileDiscarded": (("tile", "player"),),
    "MissionFailed": (("trials", NOBODY),),
    "MoraleDropped": (("cards", NOBODY),),
    "CardEffect": (("cards", "player"),),  # the cards it drew: the discarded are said
}


def event_facts(e: Event) -> tuple[dict[str, Any], tuple[Secret, ...]]:
    """An event's fields as plain data: the public ones, and the secrets (a withdrawn
    player's Support tile is theirs until Support reveals it; a deck's order is nobody's)."""
    from msgspec.structs import asdict

    facts = asdict(e)
    secrets = []
    fields = SECRET_FIELDS.get(e.TYPE) or rooms.secrets(e)
    if e.TYPE == "CardEffect" and not facts["rule"].startswith("draw"):
        fields = ()  # the cards it discarded are said aloud
    for field, owner in fields:
        value = facts.pop(field)
        if owner == "players":
            secrets += [Secret(field, v, p) for p, v in zip(e.players, value, strict=True)]  # type: ignore[attr-defined]
        elif owner == NOBODY:
            secrets.append(Secret(field, value))
        else:
            who = facts.get(owner)
            # the Chaplain is no player: his tile is nobody's to see
            secrets.append(Secret(field, value, who if who and who != "Chaplain" else NOBODY))
    return {"type": e.TYPE, **facts}, tuple(secrets)


# The facts that name a player, a card or a threat in an event's sentence: a face may
# mark them up (a name, a card linked to what it does).
PLAYER_FACTS = ("player", "leader", "beneficiary", "speech_token_to")
CARD_FACTS = ("card",)


def _marks(facts: dict[str, Any], c: Catalogue) -> list[tuple[str, str, Any]]:
    marks: list[tuple[str, str, Any]] = []
    for name in PLAYER_FACTS:
        if isinstance(facts.get(name), str):
            marks.append((shown(facts[name]), "player", facts[name]))
    for name in CARD_FACTS:
        if isinstance(facts.get(name), str):
            marks.append((shown(card_label(facts[name], c)), "card", facts[name]))
    if isinstance(facts.get("threat"), str):
        marks.append((threat_name(facts["threat"]), "threat", facts["threat"]))
    return marks


def said(e: Event, c: Catalogue, game: str = "chapter") -> Said:
    """One event said: its sentence (``shown``), its facts, its secrets, and the spans
    that name its player, card and threat."""
    facts, secrets = event_facts(e)
    text = shown(sentence(e, c, game))
    return Said(text, e.TYPE, facts, secrets, marked(text, _marks(facts, c)))


def narration(
    events: Sequence[Event],
    catalogue: Catalogue,
    ruleset: str = "",
    campaign: CampaignState | None = None,
) -> list[Said]:
    """What happened, a piece per event (and a Luck that cancelled a Trap, a chapter's
    reward rule at its end); the base game (``classic``) is one game, won or lost, where a
    campaign's chapter is. With ``campaign`` (the state after the events), a chapter's end
    says its Conclusion's reward rule."""

    def extra(text: str, kind: str, facts: Callable[[], dict[str, Any]]) -> Said:
        return Said(text, kind, facts())

    return _told(events, catalogue, ruleset, campaign, said, extra)


def _told(
    events: Sequence[Event],
    catalogue: Catalogue,
    ruleset: str,
    campaign: CampaignState | None,
    one: Callable[[Event, Catalogue, str], T],
    extra: Callable[[str, str, Callable[[], dict[str, Any]]], T],
) -> list[T]:
    """``narration`` with each event said by ``one`` and each line of ours by ``extra``
    (its text, kind and facts): pieces, or only the texts to print."""
    game = "game" if ruleset == "classic" else "chapter"
    told = []
    for i, e in enumerate(events):
        told.append(one(e, catalogue, game))
        for kind, text, facts in rooms.tells(e, events[i + 1 : i + 2], campaign):
            told.append(extra(shown(text), kind, partial(dict, facts)))  # Luck: a Trap cancelled
        if campaign is not None and isinstance(e, ChapterWon | ChapterLost):
            end = chapter_end(campaign)
            if end:
                told.append(extra(shown(end), "ChapterReward", lambda: _reward_facts(campaign)))
    return told


def _reward_facts(campaign: CampaignState) -> dict[str, Any]:
    last = campaign.last_result
    assert last is not None  # a chapter's end was said
    result = "won" if last.outcome == "won" else "lost"
    conclusion = campaign.conclusions[last.number]
    earned = conclusion.earned(result, last.morale_left)
    return {"chapter": last.number, "result": result, "earned": earned}


def narrate(
    events: Sequence[Event],
    catalogue: Catalogue,
    ruleset: str = "",
    campaign: CampaignState | None = None,
) -> list[str]:
    """One sentence per event, ``shown``, ready to print: ``narration``'s texts, without
    the facts and spans a logged action does not print."""

    def text(e: Event, c: Catalogue, game: str) -> str:
        return shown(sentence(e, c, game))

    def extra(said: str, kind: str, facts: Callable[[], dict[str, Any]]) -> str:
        return said

    return _told(events, catalogue, ruleset, campaign, text, extra)
