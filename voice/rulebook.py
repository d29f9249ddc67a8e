"""Where a rule is written: every rule the engine refuses with or decides by, in our own
words, with its place in the seed rulebooks (/work/shared/seeds/), kept in one place.

A refusal's rule is its ``RuleViolation.rule`` (domain/errors.py and the modules' own);
a decision's is one of ``DECISIONS``. ``section`` and ``page`` are the Armistice Edition
rulebook's (armistice-rulebook.txt: pages as the book prints them or cites them, "see
Support, p.7"; ``None`` where the seed gives no page for that part); ``base`` is the
heading of the 2015 rulebook (base-rulebook.md, which prints no page numbers). A rule the
books leave to the table (what the tracker must be told, a correction) names no section.
No text is copied from the books: ``words`` are ours.
"""

from __future__ import annotations

from typing import Any

from voice import Record
from voice.lang import N_, _


class Rule(Record):
    """One rule: its id, our words, and where the rulebooks put it."""

    __slots__ = ("base", "page", "rule", "section", "words")
    rule: str
    words: str
    section: str | None
    page: int | None
    base: str | None

    def __init__(
        self, rule: str, words: str, section: str | None, page: int | None, base: str | None
    ) -> None:
        self._set(rule=rule, words=words, section=section, page=page, base=base)

    def place(self) -> str:
        """Where to read it: ``Armistice rulebook, The Actions, p.6; base rulebook, Make a
        Speech``, or that it is the tracker's own rule."""
        places = []  # the English books' sections: said so in another language (issue 45)
        if self.section is not None:
            page = _(", p.{page}").format(page=self.page) if self.page is not None else ""
            places.append(_("Armistice rulebook, {section}").format(section=self.section) + page)
        if self.base is not None:
            places.append(_("base rulebook, {section}").format(section=self.base))
        return _("; ").join(places) or _("the tracker's own rule (not in the rulebooks)")

    def facts(self) -> dict[str, Any]:
        """The rule as --json gives it."""
        return {
            "rule": self.rule,
            "words": _(self.words),
            "section": self.section,
            "page": self.page,
            "base_section": self.base,
            "place": self.place(),
        }


_ACTIONS = "The Actions"
_RESOLUTION = "Mission Resolution"
_TOOL = None  # the tracker's own rule: the books leave it to the table

_TABLE = (
    # --- refusals: each RuleViolation.rule --------------------------------------------
    Rule(
        N_("rules"),
        N_("a move is taken only when the rules allow it at this moment of the game"),
        "Basic Rules",
        4,
        "The Mission",
    ),
    Rule(
        N_("setup"),
        N_(
            "a chapter starts from a whole table: the players and their Grizzled, three Support "
            "tiles each, a Trials deck on the Peace card, a Morale Reserve on the Monument and a "
            "Mission Leader"
        ),
        "Chapters Setup",
        4,
        "Setup",
    ),
    Rule(
        N_("phase"),
        N_(
            "a Mission goes in steps (the Leader sets the intensity and the cards are dealt, the "
            "players act, then Support, the checks and the Morale Drop): each move belongs to its "
            "step"
        ),
        "Start of the Mission",
        5,
        "Overview of a Mission",
    ),
    Rule(
        N_("turn order"),
        N_(
            "the players act one at a time round the table from the Mission Leader, one action "
            "each turn; a player who withdrew acts no more in this Mission"
        ),
        _ACTIONS,
        6,
        "The Mission",
    ),
    Rule(
        N_("players"),
        N_(
            "only the players seated at this campaign's table take part; each is named as the "
            "campaign knows them"
        ),
        "Chapters Setup",
        4,
        "Setup",
    ),
    Rule(
        N_("mission intensity"),
        N_(
            "the Mission Leader chooses how many cards each player is dealt: at least one (at "
            "least 3 in the base game's first Mission, or what the Briefing or an Order of the "
            "Day asks), never more than the Trials deck can give"
        ),
        "Start of the Mission",
        5,
        "Preparation: Intensity",
    ),
    Rule(
        N_("cards in hand"),
        N_("a player plays or discards only cards that are in their own hand"),
        f"{_ACTIONS}: Play a Trial card",
        6,
        "Play a Trials card from their hand",
    ),
    Rule(
        N_("card count"),
        N_(
            "the box holds a fixed number of copies of each card: no more can be in play than the "
            "copies not yet seen elsewhere"
        ),
        "Game Contents",
        3,
        "Card Breakdown",
    ),
    Rule(
        N_("good luck charm"),
        N_(
            "a face-up Good Luck Charm discards one card of its threat from No Man's Land; the "
            "Grizzled then turns face down until Support gives the charm back"
        ),
        f"{_ACTIONS}: Use a Good Luck Charm",
        6,
        "Use a Good Luck Charm",
    ),
    Rule(
        N_("speech"),
        N_(
            "a player with a Speech token names one threat; every other player still in the "
            "Mission may discard one card of it from hand; the token is then spent"
        ),
        f"{_ACTIONS}: Make a Speech",
        6,
        "Make a Speech",
    ),
    Rule(
        N_("withdrawal"),
        N_(
            "withdrawing ends a player's part in the Mission and lays one Support tile face down "
            "if they have one left"
        ),
        f"{_ACTIONS}: Withdraw",
        6,
        "Withdraw and play a Support tile",
    ),
    Rule(
        N_("forced withdrawal"),
        N_(
            "a Hard Knock can leave a player no choice but to withdraw (Fearful, with two "
            "identical threats active); nothing else is allowed then"
        ),
        "Hard Knocks",
        None,
        "Section Clarifications: Hard Knocks",
    ),
    Rule(
        N_("support tile"),
        N_(
            "each player holds their own Support tiles (to the left, to the right, and with more "
            "players the double ones); a tile played leaves their supply"
        ),
        f"{_ACTIONS}: Withdraw",
        6,
        "Withdraw and play a Support tile",
    ),
    Rule(
        N_("support"),
        N_(
            "at the end of a Mission the Support tiles are revealed; the one player who received "
            "strictly the most chooses their benefit (Hard Knocks to discard, the charm back); a "
            "tie helps nobody; after a failed Mission only the tiles of players who withdrew count"
        ),
        f"{_RESOLUTION}: 1. Reveal Support",
        7,
        "Support",
    ),
    Rule(
        N_("chance outcome"),
        N_(
            "what a real table draws, deals or shuffles is told to the tracker, which never "
            "invents a card or a tile"
        ),
        _TOOL,
        None,
        None,
    ),
    Rule(
        N_("merry christmas"),
        N_(
            "Merry Christmas (not a Hard Knock) discards one Hard Knock from any player: a target "
            "is named only with it, and only a Hard Knock in front of a player"
        ),
        f"{_ACTIONS}: Play a Trial card",
        6,
        "Card Breakdown",
    ),
    Rule(
        N_("correction"),
        N_(
            "a correction sets a fact the table got wrong to a value the rules allow, and is "
            "logged with its reason"
        ),
        _TOOL,
        None,
        None,
    ),
    Rule(
        N_("odds"),
        N_(
            "the odds of a Mission are estimated before it starts, from what the whole table may "
            "see, by dealing the unseen cards out again: never from a hand, and only where the "
            "simulator plays every rule in force"
        ),
        _TOOL,
        None,
        None,
    ),
    Rule(
        N_("campaign"),
        N_(
            "a campaign plays its chapters in order from Boot Camp on; a chapter's rewards and "
            "ban are settled before the next chapter starts"
        ),
        "Playing the Campaign",
        8,
        None,
    ),
    Rule(
        N_("card description"),
        N_(
            "the Armistice cards are numbered and their texts are not public: the group describes "
            "a card in its own words, once, before or when it is first revealed"
        ),
        _TOOL,
        None,
        None,
    ),
    Rule(
        N_("recruits"),
        N_(
            "a Recruit enters after the deal when none is in play, the Recruit deck has one and "
            "the Trials deck can give its hand; it plays in turn with its own hand, gives its Hard "
            "Knocks to the Mission Leader, counts its Morale tokens at the Drop, and departs with "
            "its advantage once its hand is played out"
        ),
        "Recruits",
        None,
        None,
    ),
    Rule(
        N_("orders of the day"),
        N_(
            "each Mission adds an Order of the Day: its minimum intensity, its advantage or "
            "restriction while it lasts, and its cancellation condition; one without such a "
            "condition is discarded once Support is over"
        ),
        "The Orders of the Day",
        None,
        None,
    ),
    Rule(
        N_("never stuck"),
        N_(
            "no action may leave the one whose turn it is without a legal action while the Mission "
            "and the chapter go on: the rules always give a way on"
        ),
        _TOOL,
        None,
        None,
    ),
    Rule(
        N_("order priority"),
        N_(
            "an Order of the Day beats a Hard Knock: when the Orders in play forbid every action "
            "a Hard Knock leaves the player, the Hard Knock's restriction gives way"
        ),
        "The Orders of the Day",
        None,
        None,
    ),
    Rule(
        N_("card effects"),
        N_(
            "an Armistice card does what its text (as the group described it) says, and a Helping "
            "Hand beats any other rule"
        ),
        "Helping Hands",
        9,
        None,
    ),
    Rule(
        N_("solo mode"),
        N_(
            "Solo plays three Grizzled in turn from one hand, with Traps and the four Solo "
            "Support tiles, and no Speech; the hand may be topped up to 3 right after each card "
            "played, and a top-up skipped ends them for the Mission; the Solo tile drawn at "
            "Support names the Grizzled who benefits, or nobody"
        ),
        "Solo Mode",
        None,
        None,
    ),
    Rule(
        N_("one-shot game"),
        N_(
            "a One-shot game is played outside the campaign from 30 Trial cards, with the Orders "
            "and Recruits chosen for it and one Helping Hand each; beginners may leave the Traps "
            "out, and the Aggressive Hard Knock leaves the deck with them"
        ),
        "One-shot Game",
        None,
        None,
    ),
    # --- decisions the rules take by themselves (DECISIONS) ---------------------------
    Rule(
        N_("mission failed"),
        N_(
            "a Mission fails as soon as three identical threats are active: the threats on the "
            "cards in No Man's Land and the Phobias and Traumas of players who have not withdrawn; "
            "the cards of No Man's Land go back into the Trials deck"
        ),
        "End of the Mission",
        5,
        "End of the Mission",
    ),
    Rule(
        N_("mission succeeded"),
        N_(
            "a Mission succeeds when every player has withdrawn with fewer than three identical "
            "threats active; No Man's Land is discarded"
        ),
        "End of the Mission",
        5,
        "End of the Mission",
    ),
    Rule(
        N_("support tie"),
        N_(
            "when two or more players received the most Support tiles, nobody benefits; each "
            "keeps the tiles they received"
        ),
        f"{_RESOLUTION}: 1. Reveal Support",
        7,
        "Support",
    ),
    Rule(
        N_("hard knocks defeat"),
        N_(
            "after Support, a player with four or more Hard Knocks (Wounded counts two) loses "
            "the chapter for the whole group"
        ),
        f"{_RESOLUTION}: 2. Check Hard Knocks",
        7,
        "Defeat Condition",
    ),
    Rule(
        N_("chapter won"),
        N_(
            "the chapter is won when a Mission ends with the Trials deck empty (the Peace card "
            "visible) and no card left in any hand"
        ),
        f"{_RESOLUTION}: 3. Check Chapter",
        7,
        "Victory Condition",
    ),
    Rule(
        N_("morale drop"),
        N_(
            "when the chapter goes on, as many cards as are left in all hands leave the Morale "
            "Reserve for the Trials deck: at least 3 (each Demoralized player adds one "
            "and the least becomes 4), and under the Armistice rules at most 6"
        ),
        f"{_RESOLUTION}: 4. Morale Drop",
        7,
        "Morale Drop",
    ),
    Rule(
        N_("monument"),
        N_("the chapter is lost when the Morale Reserve runs out and the Monument card shows"),
        f"{_RESOLUTION}: 5. Check Chapter",
        7,
        "Morale Drop: Defeat Condition",
    ),
    Rule(
        N_("hands"),
        N_(
            "under the Armistice rules 13 or more cards held by the players together lose the "
            "chapter at once (Helping Hands do not count)"
        ),
        f"{_RESOLUTION}: 5. Check Chapter",
        7,
        None,
    ),
    Rule(
        N_("declared"),
        N_("the table ended the chapter itself, with a correction and its reason"),
        _TOOL,
        None,
        None,
    ),
    Rule(
        N_("trap"),
        N_(
            "a card with a Trap symbol makes its player draw the top Trials card and play it at "
            "once (a Trap on the drawn card is ignored; a Luck symbol in No Man's Land cancels "
            "one Trap); a drawn Hard Knock goes to that player"
        ),
        "The Traps",
        None,
        "Trap Cards",
    ),
    Rule(
        N_("hard knock"),
        N_(
            "a Hard Knock played goes in front of its player and acts at once, until Support "
            "discards it or the chapter ends"
        ),
        _ACTIONS,
        6,
        "Play a Trials card from their hand",
    ),
    Rule(
        N_("hard knock effect"),
        N_(
            "some Hard Knocks act by themselves: Frenzied draws two more cards after each deal, "
            "Clumsy draws the top Trials card and plays it on withdrawing"
        ),
        "Hard Knocks",
        None,
        "Section Clarifications: Hard Knocks",
    ),
    Rule(
        N_("mission leader"),
        N_(
            "when the chapter goes on after the Morale Drop, the leader's token passes to the "
            "player on the left and the one who held it gains a Speech token if the stock still "
            "has one; a Tyrannical player takes the token on playing that Hard Knock and holds "
            "on to it"
        ),
        f"{_RESOLUTION}: 6. Next Mission",
        7,
        "Morale Drop",
    ),
    Rule(
        N_("chaplain"),
        N_(
            "in a base game of two, a virtual third Grizzled, the Chaplain, plays only Support: "
            "with no cards and never leading, he withdraws at each Preparation with one of his "
            "tiles picked at random"
        ),
        None,
        None,
        "2 Player Game",
    ),
    Rule(
        N_("luck"),
        N_(
            "each Luck symbol on a card in No Man's Land stops one Trap from springing: the next "
            "Trap played from a hand draws nothing and that symbol is spent; it leaves with its "
            "card"
        ),
        "The Traps: Luck Symbol",
        None,
        None,
    ),
)

RULES: dict[str, Rule] = {rule.rule: rule for rule in _TABLE}

# The decisions the rules take by themselves, each explained by ``why``.
DECISIONS = (
    "mission failed",
    "mission succeeded",
    "support",
    "support tie",
    "hard knocks defeat",
    "chapter won",
    "morale drop",
    "monument",
    "hands",
    "declared",
    "trap",
    "hard knock",
    "hard knock effect",
    "mission leader",
    "luck",
    "chaplain",
    "merry christmas",
    "orders of the day",
    "order priority",
    "recruits",
    "solo mode",
    "card effects",
    "one-shot game",
)


def rule(rule_id: str) -> Rule:
    """The rule of this id; an id the table does not know is said as the engine's general
    rule, under its own id (a house rule's refusal)."""
    found = RULES.get(rule_id)
    return found if found is not None else RULES["rules"]._replace(rule=rule_id)
