"""The keeper's phone: the words of each move it offers (the companion's keeper page).
Short labels a thumb reads on a button, composed once here so the web face writes none."""

from __future__ import annotations

from voice.lang import N_, _, pgettext, threat_name
from voice.shown import SHORT, shown

HARD_KNOCKS = N_("Hard Knocks")  # the card picker's group of the Hard Knock cards
UNDO_REASON = N_("why (shown struck through in every log)")
REVERT_TITLE = N_("Revert an entry")  # one action out, every later one decided again
REVERT_ENTRY = N_("entry #")
REVERT_REASON = N_("why it was wrong")
CORRECT_TITLE = N_("Correct a fact")  # the table and the tracker disagree
CORRECT_VALUE = N_("value (a number, a card, a tile...)")
CORRECT_REASON = N_("why the table and the tracker disagreed")
NO_PLAYER = N_("no player")
NO_ENTRY = N_("say which log entry to revert: its number")
NO_FACT = N_("pick the fact to correct")
NO_REASON = N_("say why the table and the tracker disagreed")


def no_player(fact: str) -> str:
    """A correction of a player's fact with no player picked."""
    return _("pick the player whose {fact} it is").format(fact=fact)


ODDS_TITLE = N_("Odds on every phone")  # the group's choice: public information only
ODDS_ON = N_("Show the odds")
ODDS_OFF = N_("Hide the odds")
# a viewer's page on a file with no campaign yet (the keeper's set-up page creates it)
NO_CAMPAIGN_YET = N_("No campaign yet: the keeper creates it on their phone.")


def fact_label(name: str, meaning: str) -> str:
    """A fact the keeper may correct, as its picker lists it."""
    return f"{name}: {meaning}"  # the rules' own words for it (domain.public)


COUNTED = N_("Your tap counted: it is logged as #{number} {summary}. It was not logged twice.")
NOT_COUNTED = N_("Your tap did not count: nothing was logged. Tap again if it should be.")
PORT_BUSY = N_("port {port} is in use (another grizzled serve?): choose another with --port")
# the one line a phone gets where there is no page to show it on
NOT_A_KEEPER = N_("Not a keeper's address.")
NOT_THIS_PAGE = N_("This page cannot log: reload the keeper's address.")
OTHER_CAMPAIGN = N_("This page names another campaign than {campaign}: nothing was logged.")
SAY_ON_OR_OFF = N_("Say on or off.")
UNKNOWN_HOST = N_("This companion does not answer to that address.")  # a foreign Host
FOREIGN = N_("Only the companion's own pages can log: nothing was logged.")  # an Origin
KEEPER_QR = N_("the keeper's QR code: grizzled serve --lan --keeper-qr")
NOT_A_FORM = N_("that request is not a form this page sends")
NOT_ALLOWED = N_("that move is not one the rules allow now")
NO_DRAWN = N_("pick the card that was drawn")
NO_CONDITION = N_("say how the Order's condition was met")
DEAL_ANYWAY = N_("{warning}: tick the box to deal anyway")
NO_RECRUIT = N_("say which Recruit enters and the cards of its starting hand")
TOO_LARGE = N_("Request body too large.")
FAILED = N_("The companion could not answer that request.")
BUSY = N_("Too many pages are following the board: close one, or try again in a minute.")
HEADROOM = N_(
    "only {files} open files allowed (ulimit -n): at most {streams} pages can follow the "
    "board at once"
)
STALE = N_("Someone logged meanwhile: nothing was logged; here is the board now.")


def group_of(threats: tuple[str, ...], hard_knock: str | None) -> str:
    """The card picker's group of a card: its first threat, or the Hard Knocks."""
    if hard_knock is not None or not threats:
        return HARD_KNOCKS
    return threats[0]


def play_label(card: str, target: tuple[str, str] | None = None) -> str:
    """A card to play; a Merry Christmas names the Hard Knock it discards."""
    if target is None:
        return card
    return _("{card}: {player}'s {knock}").format(
        card=card, player=shown(target[0], SHORT), knock=target[1]
    )


def charm_label(card: str) -> str:
    """A Good Luck Charm used on a card (its notation)."""
    return _("Charm: {card}").format(card=card)


def speech_label(threat: str) -> str:
    return _("Speech: {threat}").format(threat=threat_name(threat))


def withdraw_label(tile: str | None, removed: str | None) -> str:
    """A withdrawal, with the tile it plays (an Absent-minded player's removed first)."""
    said = _("Withdraw: {tile}").format(tile=tile or _("no tile"))
    return _("{said} (remove {tile})").format(said=said, tile=removed) if removed else said


def support_label(discards: tuple[str, ...], charm: bool) -> str:
    if charm:
        return _("Support: recover the Good Luck Charm")
    if discards:
        return _("Support: discard {cards}").format(cards=", ".join(discards))
    return _("Support: discard nothing")


def mission_label(intensity: int, order: int | None, back: int | None, name: str = "") -> str:
    """A Mission start, with the Order of the Day kept (its name) and the one put back, as
    the command's narration numbers them."""
    said = _("Mission at intensity {intensity}").format(intensity=intensity)
    if order is not None:
        said += _(", keep Order #{number}").format(number=order) + (f" ({name})" if name else "")
    return _("{said}, #{number} back").format(said=said, number=back) if back is not None else said


def recruit_option(number: int, name: str) -> str:
    """A Recruit the keeper may say is on top of its deck."""
    said = _("Recruit #{number}").format(number=number)
    return f"{said} ({name})" if name else said


def recruit_label(card: str | None) -> str:
    return _("Recruit plays {card}").format(card=card) if card else _("Recruit withdraws")


def order_cancel_label(
    order: int, name: str = "", player: str | None = None, draws: int = 0
) -> str:
    """A lasting Order of the Day cancelled; by a withdrawn player drawing, for a condition
    the tool checks."""
    said = _("Cancel Order #{number}").format(number=order) + (f" ({name})" if name else "")
    if player is None:
        return said
    return _("{said}: {player} draws {count}").format(
        said=said, player=shown(player, SHORT), count=draws
    )


ORDER_DRAWER = N_("who draws")  # if the Order's condition says so
NOBODY_DRAWS = N_("nobody draws")
ORDER_DRAWS = N_("cards drawn")
NO_DRAWS = N_("say how many cards are drawn: a number")


def helping_label(number: int, player: str, name: str = "") -> str:
    """A Helping Hand to play, as the command's narration names it."""
    said = _("{player} plays Helping Hand #{number}").format(
        player=shown(player, SHORT), number=number
    )
    return f"{said} ({name})" if name else said


HAND_DISCARDS = N_("cards it discards (up to {n}): CARD,CARD")
HAND_KNOCK = N_("Hard Knock it discards")
NO_KNOCK = N_("pick the Hard Knock its player discards")


def drawn_label(kind: str) -> str:
    """The picker of the card drawn from the Trials deck (a Trap, Clumsy)."""
    return _("Card the Trap drew") if kind == "play" else _("Card drawn (Clumsy)")


KINDS = {  # the keeper page's sections, in the order a turn offers them
    "mission": N_("Start the Mission"),
    "play": N_("Play"),
    "charm": N_("Good Luck Charm"),
    "speech": N_("Speech"),
    "withdraw": N_("Withdraw"),
    "support": N_("Support"),
    "recruit": N_("The Recruit"),
    "order": N_("Orders of the Day"),
    "helping": N_("Helping Hands"),
}


def section_title(kind: str, group: str) -> str:
    """A section of the keeper's moves: the kind, and for cards the threat group."""
    title = _(KINDS[kind]) if kind in KINDS else kind
    return f"{title}: {group}" if group else title


def turn_heading(player: str | None, recruit: str | None = None, support: str | None = None) -> str:
    """Whose moves the keeper's page offers, above them: a player's, the Recruit's (the
    Mission Leader ``recruit`` chooses), the Support beneficiary's."""
    if recruit is not None:
        return _("The Recruit's turn, {leader} chooses").format(leader=shown(recruit, SHORT))
    if support is not None:
        return _("{player} chooses the Support benefit").format(player=shown(support, SHORT))
    turn = pgettext("banner", "{player}'s turn")  # it starts a line
    return turn.format(player=shown(player, SHORT)) if player else ""


COMPOSER_TITLE = N_("Play a card")  # the card composer: its symbols, its name or its number
COMPOSER_HINT = N_("Tap its symbols, then the card.")
COMPOSER_PLAY = N_("Play these symbols")
DRAWN_TITLE = N_("The card the Trap drew")
DRAWN_HINT = N_("Tap its symbols, then the card drawn.")
DRAWN_PLAY = N_("Drawn: these symbols")
TRAP = N_("Trap")
LUCK = N_("Luck")
NUMBERED = N_("card number")  # an Armistice card, by the number printed on it
PLAY_NUMBER = N_("Play by number")
OTHER_CARD = N_("Another card")  # back from the drawn card to the composer
NO_CARD = N_("tap the card's symbols, its name or its number")


def no_number(number: int) -> str:
    """An Armistice card number that no card the player may play was described as."""
    return _("no card that can be played now is numbered {number}").format(number=number)


def not_unseen(key: str) -> str:
    """A card the composer named that cannot be unseen now (or may not be played)."""
    from voice.board import label

    return _("{card} cannot be among the unseen cards now").format(card=label(key))


def symbol_name(symbol: str) -> str:
    """A composer toggle's name: a threat's, Trap's or Luck's."""
    from voice.lang import threat_name

    if symbol == "trap":
        return _(TRAP)
    if symbol == "luck":
        return _(LUCK)
    return threat_name(symbol)
