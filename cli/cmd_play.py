"""Playing a chapter: set it up, start Missions, the four actions, Support, corrections.

The four actions are for the active player unless ``-p NAME`` names another (the rules
then say whose turn it really is).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from cli import parse
from cli.complete import (
    complete_actor,
    complete_card,
    complete_fact,
    complete_legal_card,
    complete_player,
    complete_threat,
    complete_tile,
)
from cli.context import Context, Refused, pass_context
from cli.counts import CARDS, SPEECH
from cli.params import NAME, SEEN, TEXT, WORD, Chosen, Helped, HelpedOption
from cli.playing import PLAYER, chapter_of
from voice import lang
from voice import summary as said

if TYPE_CHECKING:
    from domain.campaign.flow import CampaignState
    from domain.cards.catalogue import Catalogue

# The four actions and Support: only the player whose turn it is (or who chooses) acts.
ACTOR = click.option(
    "-p",
    "--player",
    "who",
    type=NAME,
    metavar="NAME",
    shell_complete=complete_actor,
    help="Who acts (default: whose turn it is).",
)


def _actor(state: CampaignState, who: str | None) -> str:
    chapter = chapter_of(state)
    names = [p.name for p in chapter.players]
    if who:
        return parse.player(who, names)
    active = chapter.active_player
    if active is None:
        from voice import rooms

        turn = rooms.turn(state)  # a module's own actor's (the Recruit's, the leader choosing)
        if turn is not None:
            raise Refused(turn.refused, "turn order")
        raise Refused(
            lang._("nobody's turn: no Mission is being played (grizzled status)"), "phase"
        )
    return active.name


@click.group()
def chapter() -> None:
    """Start a chapter."""


@chapter.command("start")
@click.option(
    "--leader",
    type=NAME,
    metavar="NAME",
    shell_complete=complete_player,
    help="The first Mission Leader (the hairiest player; armistice: drawn at random).",
)
@click.option(
    "--tiles",
    type=WORD,
    metavar="T,T,...",
    help="Each seat's third Support tile, drawn at random, in seat order "
    "(a classic 2-player game adds the Chaplain's last): left, right, and with 4 or 5 "
    "Grizzled the double tiles left2, right2.",
)
@click.option(
    "--variant",
    cls=HelpedOption,  # the modules' own variants (Solo's), added to its choices and help
    type=Chosen(["normal", "rookie", "veteran"], "variant"),
    default="normal",
    show_default=True,
    help="Classic: rookie ignores Traps, veteran has 30 Trials cards{modules:variant}.",
)
@click.option("--trials", type=CARDS, help="Trials deck size (armistice: Briefing).")
@click.option("--morale", type=CARDS, help="Morale Reserve size.")
@click.option(
    "--first",
    "first_intensity",
    type=CARDS,
    help="First Mission intensity (armistice: the Briefing's).",
)
@click.option("--traps/--no-traps", default=None, help="Traps on or off (default: the rules').")
@click.option("--tokens", type=SPEECH, help="Speech tokens in play.")
@click.option(
    "--grizzled",
    "grizzled",
    type=WORD,
    multiple=True,
    metavar="PLAYER:CHARM",
    help="Armistice: a player takes another Grizzled this chapter, named by its charm "
    "(repeat), e.g. ann:snow. Default: the Grizzled of the last chapter.",
)
@pass_context
def chapter_start(
    ctx: Context,
    leader: str | None,
    tiles: str | None,
    variant: str,
    trials: int | None,
    morale: int | None,
    first_intensity: int | None,
    traps: bool | None,
    tokens: int | None,
    grizzled: tuple[str, ...],
) -> None:
    """Set up the next chapter (armistice: from its Briefing; a number given here
    replaces the Briefing's).

    Example: grizzled chapter start --leader ann --tiles left,right,left --grizzled ann:snow
    """
    from app.setup import StartChapter, start_chapter
    from cli.context import refusals, say

    state = ctx.state()
    names = [s.name for s in state.seats]
    asked = StartChapter(
        ctx.db,
        ctx.campaign_option,
        leader=parse.player(leader, names) if leader else None,
        tiles=tuple(parse.tile(t) for t in tiles.split(",")) if tiles else None,
        variant=variant,
        trials=trials,
        morale=morale,
        first_intensity=first_intensity,
        traps=traps,
        tokens=tokens,
        grizzled=tuple(_grizzled(text, names) for text in grizzled),
    )
    with refusals():
        recorded = start_chapter(asked, ctx)
    say(recorded.said)


def _grizzled(text: str, names: list[str]) -> tuple[str, str]:
    """``PLAYER:CHARM``: the player and the charm of the Grizzled they take."""
    who, sep, charm = text.partition(":")
    if not sep or not who.strip():
        raise click.BadParameter(
            lang._("{text}: write PLAYER:CHARM, e.g. ann:snow").format(text=repr(text))
        )
    return parse.player(who, names), parse.threat(charm)


@click.command()
@click.argument("card", type=WORD, shell_complete=complete_legal_card)
@ACTOR
@click.option(
    "--drawn",
    type=WORD,
    metavar="CARD",
    shell_complete=complete_card,
    help="The card a Trap drew from the Trials deck (revealed).",
)
@click.option(
    "--target",
    type=WORD,
    metavar="PLAYER:CARD",
    help="Merry Christmas: the Hard Knock it discards, e.g. ben:mute.",
)
@pass_context
def play(ctx: Context, card: str, who: str | None, drawn: str | None, target: str | None) -> None:
    """Play a Trial card from hand (the card is revealed).

    Example: grizzled play night+shell+trap --drawn rain+gas
    """
    from domain.chapter.commands import PlayCard

    state = ctx.state()
    chapter = chapter_of(state)
    actor = _actor(state, who)
    key = parse.card(card, chapter.catalogue)
    drawn_key = parse.card(drawn, chapter.catalogue) if drawn else None
    names = [p.name for p in chapter.players]
    aim = parse.target(target, names, chapter.catalogue) if target else None
    command = PlayCard(actor, key, drawn=drawn_key, target=aim)
    ctx.log(command, said.played(actor, key, drawn_key))


@click.command()
@click.argument("card", type=WORD, shell_complete=complete_legal_card)
@ACTOR
@pass_context
def charm(ctx: Context, card: str, who: str | None) -> None:
    """Use the Good Luck Charm on a No Man's Land card of its threat.

    Example: grizzled charm night+shell
    """
    from domain.chapter.commands import UseCharm

    state = ctx.state()
    actor = _actor(state, who)
    key = parse.card(card, chapter_of(state).catalogue)
    ctx.log(UseCharm(actor, key), said.charm(actor, key))


@click.command()
@click.argument("threat", type=WORD, shell_complete=complete_threat)
@ACTOR
@click.option(
    "-d",
    "--discard",
    "discards",
    type=WORD,
    multiple=True,
    metavar="PLAYER:CARD",
    help="A card another player discards thanks to the Speech (repeat).",
)
@pass_context
def speech(ctx: Context, threat: str, who: str | None, discards: tuple[str, ...]) -> None:
    """Make a Speech on a threat; others may each discard one card showing it.

    Example: grizzled speech gas -d ben:snow+gas -d cy:phobia-gas
    """
    from domain.chapter.commands import MakeSpeech

    state = ctx.state()
    chapter = chapter_of(state)
    actor = _actor(state, who)
    names = [p.name for p in chapter.players]
    pairs = tuple(parse.target(d, names, chapter.catalogue) for d in discards)
    named = parse.threat(threat)
    ctx.log(MakeSpeech(actor, named, pairs), said.speech(actor, named))


@click.command()
@click.argument("tile", type=WORD, required=False, shell_complete=complete_tile)
@ACTOR
@click.option(
    "--remove",
    type=WORD,
    metavar="TILE",
    shell_complete=complete_tile,
    help="Absent-minded: the tile that leaves the game first.",
)
@click.option(
    "--drawn",
    type=WORD,
    metavar="CARD",
    shell_complete=complete_card,
    help="Clumsy: the card drawn and played on withdrawing.",
)
@click.option("--target", type=WORD, metavar="PLAYER:CARD", help="Merry Christmas drawn by Clumsy.")
@pass_context
def withdraw(
    ctx: Context,
    tile: str | None,
    who: str | None,
    remove: str | None,
    drawn: str | None,
    target: str | None,
) -> None:
    """Withdraw, playing a Support tile face down (kept secret until the reveal).

    TILE: left or right (l, r); left2 or right2 (ll, rr), the double tiles, exist only
    with 4 or 5 Grizzled at the table. A player with no tile left names none, and so
    does a Solo Grizzled (the solo tile is drawn after: solo-support). Panicked:
    TILE is the one drawn at random from theirs (it may be left out when all theirs are alike).

    Example: grizzled withdraw left
    """
    from domain.chapter.commands import Withdraw

    state = ctx.state()
    chapter = chapter_of(state)
    actor = _actor(state, who)
    names = [p.name for p in chapter.players]
    command = Withdraw(
        actor,
        parse.withdrawal_tile(tile) if tile else None,
        discard_tile=parse.tile(remove) if remove else None,
        drawn=parse.card(drawn, chapter.catalogue) if drawn else None,
        target=parse.target(target, names, chapter.catalogue) if target else None,
    )
    ctx.log(command, said.withdrew(actor))


@click.command()
@ACTOR
@click.option(
    "--discard",
    "discards",
    type=WORD,
    multiple=True,
    metavar="CARD",
    shell_complete=complete_legal_card,
    help="A Hard Knock to discard (repeat, up to 2).",
)
@click.option("--charm", "recover", is_flag=True, help="Recover the Good Luck Charm.")
@pass_context
def support(ctx: Context, who: str | None, discards: tuple[str, ...], recover: bool) -> None:
    """The Support beneficiary takes their benefit.

    Example: grizzled support --discard mute --discard wounded
    """
    from domain.chapter.commands import ChooseSupport

    state = ctx.state()
    chapter = chapter_of(state)
    if who:
        name = parse.player(who, [p.name for p in chapter.players])
    elif chapter.support is not None:
        name = chapter.support.player
    else:
        raise Refused(lang._("nobody is waiting for a Support choice"), "support")
    keys = tuple(parse.card(d, chapter.catalogue) for d in discards)
    ctx.log(ChooseSupport(name, keys, recover), said.support(name))


@click.command(cls=Helped)  # the modules' facts at {modules:correct}
@click.argument("fact", type=WORD, shell_complete=complete_fact)
@click.argument("value", type=WORD, required=False)
@click.option(
    "-r", "--reason", type=TEXT, required=True, help="Why the table and the tracker disagreed."
)
@PLAYER
@SEEN
@pass_context
def correct(
    ctx: Context, fact: str, value: str | None, reason: str, who: str | None, seen: int | None
) -> None:
    """Set a fact anew when the table and the tracker disagree (listed in the audit).

    The rules then look again at what could now apply (three identical threats, 13 cards
    in hand, 4 Hard Knocks, the Monument, victory) and say what they decided. A correction
    that changes nothing is refused.

    \b
    Facts (-p PLAYER where a player is named):
      trials N             cards in the Trials deck
      morale N             cards in the Morale Reserve
      stock N              Speech tokens left in the stock
      hand N -p P          cards in a player's hand
      tokens N -p P        Speech tokens a player holds
      charm up|down -p P   a player's Good Luck Charm
      withdrawn yes|no -p P  whether a player has withdrawn from the Mission
      turn -p P            whose turn it is
      leader -p P          who holds the Mission Leader token
      nml-add CARD         a card in No Man's Land nobody logged
      nml-remove CARD      a card logged into No Man's Land that is not there
      knock-add CARD -p P  a Hard Knock in front of a player nobody logged
      knock-remove CARD -p P  a Hard Knock logged in front of a player, not there
      tile-add TILE -p P   a Support tile a player was given
      tile-remove TILE -p P  a Support tile that left a player
      tile-played TILE -p P  the Support tile a withdrawn player played face down
      hand-to-nml CARD -p P  a card from a player's hand to No Man's Land
      hand-to-discard CARD -p P  a card from a player's hand to the discard
      hand-to-knock CARD -p P  a Hard Knock from a player's hand in front of them
      {modules:correct}
      mission-end won|failed  the Mission ends now; Support and the resolution follow
      chapter-end won|lost  the chapter's result, declared (the reason says why)
    Example: grizzled correct trials 12 -r "we miscounted the deck"
    """
    from domain.chapter.corrections import CorrectFact
    from domain.public import correctable_facts

    facts = correctable_facts()
    if fact not in facts:
        raise click.BadParameter(
            lang._("{fact} is not a fact ({facts})").format(fact=repr(fact), facts=", ".join(facts))
        )
    state = ctx.state()
    chapter = chapter_of(state)
    name = parse.player(who, [p.name for p in chapter.players]) if who else None
    value = _fact_value(facts[fact].value, value, chapter.catalogue)
    ctx.log(CorrectFact(fact, value, reason, name), said.correction(fact, value, name), seen=seen)


def _fact_value(kind: str, value: str | None, catalogue: Catalogue) -> str | None:
    """What was typed for a fact, in the engine's words (cards by key, tiles by name)."""
    if not value:
        return value
    if kind == "card":
        return parse.card(value, catalogue)
    if kind == "cards":
        return ",".join(parse.card(word, catalogue) for word in value.split(",") if word.strip())
    if kind == "tile":
        return parse.tile(value)
    return value.strip().lower() if "/" in kind else value


COMMANDS = (
    chapter,
    play,
    charm,
    speech,
    withdraw,
    support,
    correct,
)
