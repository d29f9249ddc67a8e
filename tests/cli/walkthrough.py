"""Writes docs/walkthrough.md and docs/campaign.md by running real sessions:
``python -m tests.cli.walkthrough``.

Each page is prose and commands. The commands run, in order, through click's CliRunner on
a fresh database in a temporary directory with fixed settings (who logs, the session, no
colour, 100 columns), and each one's output (stdout and stderr, as a terminal shows
them) is pasted under it. A command marked ``$!`` must be refused; any other must
succeed, or the page is not written. The only thing that changes from run to run is the
clock, so the log's times are shown as ``hh:mm``, its days as ``Ddd DD Mmm YYYY`` and JSON
times as ``...``.

tests/cli/test_walkthrough.py regenerates both pages and fails when the committed files
differ; tests/cli/test_cli_chapter.py plays the walkthrough's chapter and checks it.
"""

from __future__ import annotations

import re
import shlex
import sys
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path

from click.testing import CliRunner, Result

ROOT = Path(__file__).resolve().parents[2]
WALKTHROUGH = ROOT / "docs" / "walkthrough.md"
CAMPAIGN = ROOT / "docs" / "campaign.md"
ENV = {
    "GRIZZLED_USER": "ann",
    "GRIZZLED_SESSION": "friday evening",
    "NO_COLOR": "1",
    "COLUMNS": "100",
    "LINES": "60",
    "GRIZZLED_CAMPAIGN": None,
    "FORCE_COLOR": None,
    "TTY_COMPATIBLE": None,
    "TTY_INTERACTIVE": None,
}
CLOCK = re.compile(r"(?<![\d:])\d{2}:\d{2}(?![\d:])")
DAY = re.compile(r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{2} [A-Z][a-z]{2} \d{4}\b")
JSON_TIME = re.compile(r'"time": "[^"]*"')
CHECKPOINT = re.compile(r"\b[A-Z2-7]{4}(?:-[A-Z2-7]{4}){3}-[A-Z2-7] @ ")  # of the times it covers

Part = str  # prose (Markdown), "$ grizzled ..." (must succeed) or "$! grizzled ..." (refused)

# --- the walkthrough: a whole chapter of the base game -----------------------------------
INTRO = """# Walkthrough: a whole chapter at the table

Friday evening. Ann, Ben and Cy play a chapter of *The Grizzled* (the 2015 base game) with
their own cards, and Ann logs every action on her laptop with `grizzled`. Nobody tells the
tracker what is in the decks or in anyone's hand: decks and hands are counts, and a card
becomes known when it is played. Each command below is what Ann typed; under it is what
`grizzled` printed.

To keep the page short, the chapter is set up with a Trials deck of 10 cards and a Morale
Reserve of 20 (`--trials 10 --morale 20`); at a normal game, plain `grizzled chapter start`
deals the rulebook's 25 and 34.

This page is written by `python -m tests.cli.walkthrough`, which runs these commands on a
fresh database (a test fails when the page is out of date). Only the clock is hidden: the
log shows `hh:mm` where yours shows the time, and `Ddd DD Mmm YYYY` where it shows the day."""

CHAPTER: tuple[Part, ...] = (
    """## Setting up

Ann creates the campaign with the three Grizzled in seat order, clockwise, each with the
threat of their Good Luck Charm. The database lives in her data directory (`--db` or
`GRIZZLED_DB` chooses another file).""",
    "$ grizzled campaign new Friday --rules classic -p ann:night -p ben:snow -p cy:rain",
    """Ann, the hairiest, is the first Mission Leader. Each player drew a third Support tile
at random; Ann tells the tracker which, in seat order.""",
    "$ grizzled chapter start --leader ann --tiles left,right,left --trials 10 --morale 20",
    """## Mission 1: a Trap, and three shells

The first Mission has an intensity of at least 3: three cards each, dealt face down. The
tracker only counts them.""",
    "$ grizzled mission start 3",
    """Ann plays night+shell with a Trap on it. The Trap draws the top card of the Trials deck,
which is played at once: Ann turns it over (snow+whistle) and says so with `--drawn`.""",
    "$ grizzled play night+shell+trap --drawn snow+whistle",
    """It is Ben's turn, but Cy, eager, puts rain+gas down first. Ann logs it for Cy with
`-p cy`, and the tracker refuses: one line on stderr, exit code 1, nothing recorded. Cy
takes her card back and Ben plays his.""",
    "$! grizzled play rain+gas -p cy",
    "$ grizzled play rain+gas",
    """Cy plays Mute: a Hard Knock goes in front of the player who plays it, and a Mute
Grizzled cannot make a Speech. Then Ann plays rain+shell, and a look at the board shows
two shells (and two rains) in No Man's Land: the `!` is the warning.""",
    "$ grizzled play mute",
    "$ grizzled play rain+shell",
    "$ grizzled status",
    """Ben plays shell+gas: the third shell.""",
    "$ grizzled play shell+gas",
    """The Mission fails. No Man's Land goes back into the Trials deck, nobody had withdrawn
so there is no Support, and the Morale Drop moves one card from the Morale Reserve to the
Trials deck for each card still in hands (4). Ben leads next, and Ann, the former
leader, takes a Speech token.""",
    """## Mission 2: a Speech, a slip taken back, and Support

Ben chooses intensity 2. He plays night+gas, Cy plays rain+whistle.""",
    "$ grizzled mission start 2",
    "$ grizzled play night+gas",
    "$ grizzled play rain+whistle",
    """Ann spends her Speech token on gas: each other player may discard one card showing
gas. Ben discards snow+gas; Cy discards the Phobia of gas she was holding.""",
    "$ grizzled speech gas -d ben:snow+gas -d cy:phobia-gas",
    """Ben plays snow+shell. Cy says it was snow+whistle, so Ann takes the action back with
`undo` and a reason for the log. Ben turns the card over again: it is snow+shell after
all, and Ann puts it back with `redo`. Nothing is ever deleted: the undo and the redo are
both in the log.""",
    "$ grizzled play snow+shell",
    '$ grizzled undo -r "Cy thought it was snow+whistle"',
    "$ grizzled redo",
    """Cy uses her Good Luck Charm (rain) on rain+whistle: the card leaves No Man's Land and
her charm turns face down. Ann plays night+rain.""",
    "$ grizzled charm rain+whistle",
    "$ grizzled play night+rain",
    """Ben has no card left and withdraws, playing a Support tile face down. The tracker is
told which tile, and shows it to nobody until the reveal.""",
    "$ grizzled withdraw left",
    "$ grizzled play snow+rain",
    "$ grizzled withdraw right",
    "$ grizzled withdraw left",
    """Everyone is out: the Mission succeeds and the tiles are revealed. Two of them point
to Cy, so she benefits. In the base game that is up to two Hard Knocks discarded *or* the
charm recovered; Cy has Mute and a face-down charm, so she has a real choice and the
tracker waits for it.""",
    "$ grizzled status",
    """Cy discards Mute, to speak again. Then comes the Morale Drop: 3 cards (the minimum;
3 are left in hands), and Cy leads the next Mission.""",
    "$ grizzled support --discard mute",
    """## Mission 3: peace

Cy chooses intensity 2, which deals the last 6 cards of the Trials deck. If this Mission
succeeds with every hand empty, the chapter is won. Ben took a Speech token when he
passed the lead, and uses it on rain: Ann discards rain+shell and Cy her Trauma of rain.
Ann's charm (night) clears night+snow.""",
    "$ grizzled mission start 2",
    "$ grizzled play night+snow",
    "$ grizzled play shell+whistle",
    "$ grizzled speech rain -d ann:rain+shell -d cy:trauma-rain",
    "$ grizzled play gas+whistle",
    "$ grizzled charm night+snow",
    "$ grizzled play rain+gas",
    "$ grizzled withdraw left",
    """Cy is out with an empty hand. Two gas and two whistles: the board says which threats
are one card from failure, and what Ann may do.""",
    "$ grizzled status",
    """Ann and Ben play their last cards: night+shell, night+snow+rain, and Merry Christmas
(with no Hard Knock in play, it discards nothing). Then both withdraw.""",
    "$ grizzled play night+shell",
    "$ grizzled play night+snow+rain",
    "$ grizzled play merry-christmas",
    "$ grizzled withdraw right",
    "$ grizzled withdraw left",
    """The Trials deck is empty and so is every hand: the war is over for this chapter.

## Looking back

The log holds every action in order, who logged it and when; an undone action says
`(undone)` (and is struck through on a terminal); #13 was undone, then redone. `score`
lists the chapters played, and `replay --at` shows the board right after any log entry:
here, right after the failed Mission (entry 8).""",
    "$ grizzled log",
    "$ grizzled score",
    "$ grizzled replay --at 8",
    """Every read command also speaks JSON (`status --json`, `log --json`, `score --json`,
`replay --json`; see [the reference](cli.md)). To start another chapter, type
`grizzled chapter start` again.""",
)

# The next evening, logged in a table session: "$ grizzled table" then the lines typed.
TABLE_EVENING: tuple[Part, ...] = (
    """## The next evening, in a table session

A week later the same group plays again. This time Ann opens one `grizzled table` session
for the whole evening: the board is drawn again after every action, the prompt says whose
turn it is and what they may do, and she types only the move. Any `grizzled` command works
without `grizzled`; a bare card plays it for whoever's turn it is (a second card is the one
its Trap drew), `c` uses the charm, `s` makes a Speech, `w` withdraws, `m` starts a Mission,
`u` and `r` undo and redo, `?` lists what is legal now. Each action is recorded the moment
it is accepted, exactly as the command would record it; on a terminal Tab completes cards,
tiles and players, and Up recalls lines from earlier evenings. Below, what Ann typed
follows each prompt.""",
    "$ grizzled table\n"
    "chapter start --leader ben --tiles r,l,l --trials 10 --morale 20\n"
    "m 3\n"
    "n+sh+t sn+w\n"
    "r+g\n"
    "?\n"
    "c n+sh\n"
    "c n+sh+t\n"
    "w x\n"
    "w r\n"
    "u\n"
    "w l\n"
    "n+sh\n"
    "sn+g\n"
    "w r\n"
    "w l\n"
    "q",
    """A refused line records nothing and says why in one line, as the command would (the
card in No Man's Land is the one with the Trap); the session goes on. The Mission ends as
it would with the commands: the Support, the Morale Drop, the next Mission Leader, and the
prompt asks for the next Mission. Ann leaves for the night with `q`: everything is
already recorded, and `grizzled table` tomorrow starts where this stopped.

If someone logs from another device meanwhile, the session shows it while the prompt
waits (and reads the file again before each line), with the board as it now stands; a
`u` typed then is not run, for it would take back what the other device logged: look at
the board, then type it again if it is still meant.""",
)

# --- the Armistice campaign ----------------------------------------------------------------
CAMPAIGN_INTRO = """# Running the Armistice campaign

The Armistice Edition is a campaign: Boot Camp, then chapters 1 to 9, over many
evenings. Between chapters the Hard Knocks are cleared, while Helping Hands, Friendship
cards and bans carry over, and the campaign ends with a score. `grizzled` remembers all
of it: the group enters each Briefing, Conclusion and new card once, and the tracker
checks the rest.

**grizzled ships no card text.** The Briefings, Conclusions, numbered Trial cards, Orders
of the Day, Recruits and Helping Hands are not public, so the group describes them from
its own box the first time each one appears. On this page every name or text in angle
brackets, like `"<text on the card>"`, is a placeholder: type what your card says.
The numbers are made up too (deck sizes, reward rules, card numbers other than the Hard
Knock Aggressive, #147), and the chapters are tiny so the page stays short: copy yours
from the cards.

This page is written by `python -m tests.cli.walkthrough`, which runs these commands on a
fresh database; for a whole chapter at the table see the [walkthrough](walkthrough.md),
for every option the [reference](cli.md)."""

ARMISTICE: tuple[Part, ...] = (
    """## A new campaign

An Armistice campaign is for 3 or 4 Grizzled (2 players play Duo mode, two Grizzled
each: `-p ann:night@Ann`).""",
    "$ grizzled campaign new Autumn --rules armistice -p ann:night -p ben:snow -p cy:rain",
    """A group that knows the game may skip Boot Camp (`grizzled skip-boot-camp`, before it
is played). This one plays it.

## Entering a Briefing

A chapter starts from its Briefing, and the tracker will not guess one.""",
    "$! grizzled chapter start",
    """The Briefing gives the Trials and Morale sizes, the first Mission's intensity, and
which modules are in play: `--traps` (from chapter 4), `--orders` and `--recruits` (the
numbers of the Order of the Day and Recruit decks), `--tokens` when it sets the Speech
tokens, and `--notes` for any extra setup as printed. It is entered once; `chapter start`
then needs only the first Mission Leader (drawn at random in this edition) and the third
Support tiles drawn.""",
    '$ grizzled briefing 0 --trials 3 --morale 20 --first 1 --title "<title on the card>"'
    ' --notes "<extra setup, as printed>"',
    "$ grizzled chapter start --leader ann --tiles left,left,right",
    """## Describing a new Trial card

Armistice Trial cards are numbered. Ann's first card is one the tracker has never seen,
a card showing rain and gas with a Luck symbol, so it is refused until it is described.
A face is written in [card notation](notation.md): threats joined with `+`, then `+trap`,
and `+luck` once per Luck symbol. From then on its number names it.""",
    "$ grizzled mission start 1",
    "$! grizzled play rain+gas+luck",
    "$ grizzled describe card 60 rain+gas+luck",
    "$ grizzled play 60",
    "$ grizzled play shell+whistle",
    "$ grizzled play snow+rain",
    "$ grizzled withdraw left",
    "$ grizzled withdraw left",
    "$ grizzled withdraw left",
    """## Boot Camp is a tutorial

The rulebook's Rewards are "Read only at the end of Chapter 1": Boot Camp, won or lost,
earns no Helping Hand, bans no card and has no Conclusion to enter. The next step is
chapter 1's Briefing.""",
    "$! grizzled award",
    """## A chapter with another Grizzled

"At the beginning of each Chapter, each player chooses a Grizzled card": `chapter start
--grizzled PLAYER:CHARM` gives a player another Grizzled (its charm) for this chapter and
the ones after, until changed again. The players stay in their seats. Cy takes the gas
Grizzled for chapter 1.""",
    "$ grizzled briefing 1 --trials 3 --morale 20 --first 1",
    "$ grizzled chapter start --leader ben --tiles left,left,right --grizzled cy:gas",
    "$ grizzled mission start 1",
    "$ grizzled play night+snow",
    "$ grizzled play shell+whistle",
    "$ grizzled play snow+rain",
    "$ grizzled withdraw left",
    "$ grizzled withdraw left",
    "$ grizzled withdraw left",
    """## Entering a Conclusion, awarding Helping Hands

At the end of a chapter its Conclusion is entered: the reward rule and the Helping Hands
it offers. Each `--reward RESULT:LEFT:HANDS` reads "with this result (`won`, `lost` or
`any`) and at least LEFT cards left in the Morale Reserve, the group earns HANDS Helping
Hands"; the best rule that applies counts.""",
    "$ grizzled conclusion 1 --reward won:0:2 --reward lost:0:1 --offer 201,202,203",
    """A Helping Hand is described before it is given: its name, its kind (`action`,
`event` or `friendship`) and its text.""",
    "$! grizzled award 201:ann 202:ben",
    '$ grizzled describe hand 201 "<name on the card>" action --effect "<text on the card>"',
    '$ grizzled describe hand 202 "<name on the card>" friendship --effect "<text on the card>"',
    '$ grizzled describe hand 203 "<name on the card>" event --effect "<text on the card>"',
    """Chapter 1 was won with 20 cards left, which earns two. A group may take fewer than
it earned, but every Helping Hand not taken is a Negative Point, so `award` asks first
(at a terminal; elsewhere it wants `--yes`) and says how many.""",
    "$! grizzled award 201:ann 202:ben 203:cy",
    "$! grizzled award 201:ann",
    """The group gives both to Ann and Ben; the third, not taken, is a Negative Point.""",
    "$ grizzled award 201:ann 202:ben",
    """## A Hard Knock the tracker has never seen

Chapter 2. Ben leads and plays night+snow; Cy plays a Hard Knock that is new to the
campaign: Aggressive, card #147. A Hard Knock is described with `--knock KIND`, its threat
(or `none`) as the face, and `--value` when it counts more than one for the four-Hard-Knocks
defeat. The engine knows no rule for a new kind: the table applies its text, kept with
`--effect`. The placeholder below is **not** the card's text; copy yours from the card.""",
    "$ grizzled briefing 2 --trials 3 --morale 1 --first 1",
    "$ grizzled chapter start --leader ben --tiles left,left,right",
    "$ grizzled mission start 1",
    "$ grizzled play night+snow",
    '$ grizzled describe card 147 none --knock aggressive --effect "<text of card #147, as'
    ' printed>"',
    "$ grizzled play 147",
    """## Correcting a description

Cy reads her card again: it counts as two Hard Knocks. Describing a card again is a
correction: it needs a reason, and both descriptions stay in the log (the same goes for
entering a Briefing or a Conclusion again).""",
    '$! grizzled describe card 147 none --knock aggressive --value 2 --effect "<text of card'
    ' #147, as printed>"',
    '$ grizzled describe card 147 none --knock aggressive --value 2 --effect "<text of card'
    ' #147, as printed>" -r "misread the card: it counts as two Hard Knocks"',
    "$ grizzled status",
    """## Playing a Helping Hand

It is Ann's turn. Instead of an action she plays the Action Helping Hand she earned in
chapter 1, and the turn passes to Ben. An Event Helping Hand is played the same way,
when its text says; a Friendship card took effect when it was given and stays in play.
`--note` keeps what it did at the table, in your words.""",
    '$ grizzled helping play 201 --note "<what it did at the table>"',
    """## A lost chapter and a ban

Everyone withdraws, Ann still holding a card: the Morale Drop empties the Reserve and the
Monument shows.""",
    "$ grizzled withdraw left",
    "$ grizzled withdraw left",
    "$ grizzled withdraw left",
    '$ grizzled describe hand 204 "<name on the card>" event --effect "<text on the card>"',
    '$ grizzled describe hand 205 "<name on the card>" action --effect "<text on the card>"',
    '$ grizzled describe hand 206 "<name on the card>" action --effect "<text on the card>"',
    "$ grizzled conclusion 2 --reward won:0:2 --reward lost:0:1 --offer 204,205,206",
    "$ grizzled award 205:cy",
    """After a lost chapter the group may ban one Trial card: from a player's hand
(`--from hand`, the default, naming the card they reveal) or a Hard Knock in front of a
player (`--from knock`). It leaves the campaign's decks and counts as a Negative Point.""",
    "$ grizzled ban cy 147 --from knock",
    """## Orders of the Day

From chapter 2 on a Briefing lists the Order of the Day deck (`--orders`). Each order is
described once, like any other card: its difficulty, its minimum intensity per player
count (`--minimum PLAYERS:N`, repeated), any threat it adds (`--threat`), `--lasting
CONDITION` when it stays in play until its cancellation condition is met, and what it
forbids while in play, for the tracker to enforce (`--forbid speech`, `charm`,
`withdraw-holding:N` or `play:THREAT`, repeated).""",
    '$ grizzled describe order 12 "<name on the card>" --effect "<text on the card>"',
    '$ grizzled describe order 13 "<name on the card>" --lasting "<cancellation condition on'
    ' the card>" --effect "<text on the card>" --forbid play:gas',
    "$ grizzled briefing 3 --trials 3 --morale 20 --first 1 --orders 12,13",
    "$ grizzled chapter start --leader cy --tiles left,left,right",
    """At the start of each Mission the Mission Leader draws two orders, keeps one (it goes
into No Man's Land) and puts the other back on top of the deck: `mission start` says
which with `--order` and `--back`.""",
    "$! grizzled mission start 1",
    "$ grizzled mission start 1 --order 13 --back 12",
    """The board shows what the group typed where it applies: each Order in play with its
text and its cancellation condition, the Recruit with its rule and departure advantage,
each player's Helping Hands (a Friendship card lasts the campaign) and the Briefing's
title and notes; the "Next:" line names the Orders in play after the command (the table
applies their texts). `status --json` gives the same (`orders_in_play`, `helping_hands`,
`briefing`).""",
    "$ grizzled status",
    """What an Order in play forbids is refused, naming the Order.""",
    "$! grizzled play rain+gas",
    "$ grizzled play night+snow",
    "$ grizzled play shell+whistle",
    "$ grizzled play snow+rain",
    """Order #13 lasts until its condition is met. When the table sees it met, `order cancel`
takes it out of No Man's Land, with how it was met (`-p NAME --draws N` when its
condition makes someone draw cards).""",
    '$ grizzled order cancel 13 -r "<how its condition was met>"',
    "$ grizzled withdraw left",
    "$ grizzled withdraw left",
    "$ grizzled withdraw left",
    '$ grizzled describe hand 207 "<name on the card>" event --effect "<text on the card>"',
    "$ grizzled conclusion 3 --reward won:0:1 --offer 207",
    "$ grizzled award 207:ben",
    """## Effects the tracker applies

Besides `--forbid`, a card's description may carry rules from a small vocabulary, built
on what the rulebook says these cards do; the tracker then applies them at the right
moment and names the card in every refusal (`docs/rules.md` lists the engine's readings):

- while an Order is in play, a Recruit is in play (`--rule`) or a Friendship is held
  (for the campaign): `allow:speech`, `allow:withdraw`, `allow:play` (the Hard Knocks that
  forbid a Speech or a withdrawal, or force one, give way; a Friendship's only for its
  holder), `drop-min:N` and `drop-max:N` (the Morale Drop closing the Mission),
  `support:none` (nobody benefits from Support), `support-discards:N`, `draw:N@withdraw`
  (a player who withdraws draws N);
- a lasting Order's condition: `cancel:withdraw-draw:N` (a player who has withdrawn this
  Mission draws N to discard it: the tracker checks who and how many, and offers it in
  the "Next:" line);
- once, when an Action or Event Helping Hand is played (for its player; an Event card's
  moment with `--when mission-start|withdraw|support`) or when a Recruit leaves
  (`--advantage-rule`, for the Mission Leader): `draw:N`, `discard:N` (the cards named
  with `--discard CARD`), `knock-discard` (`--knock CARD`), `tokens:N`, `charm`,
  `reserve:N` (N Trials cards to the Morale Reserve);
- a new Hard Knock may act as a known kind (`describe card N none --knock KIND
  --acts-as fearful`): its weight and threat are its own, its rules that kind's.

What the vocabulary cannot say stays text: the tracker shows it when the card comes into
play and says how to record what it did (`grizzled correct ... -r "Order #12"`).""",
    '$ grizzled describe order 14 "<name on the card>" --minimum 3:2 --forbid speech --rule'
    ' drop-max:3 --effect "<text on the card>"',
    '$ grizzled describe order 15 "<name on the card>" --threat shell --lasting "<cancellation'
    ' condition on the card>" --rule cancel:withdraw-draw:3 --effect "<text on the card>"',
    '$ grizzled describe hand 208 "<name on the card>" event --when withdraw --rule tokens:1'
    ' --effect "<text on the card>"',
    '$ grizzled describe recruit 6 "<name on the card>" --hand 2 --tokens 1 --advantage-rule'
    ' knock-discard --advantage "<advantage on the card>"',
    '$! grizzled describe order 16 "<name on the card>" --rule "draw:2"',
    "$ grizzled card 15",
    """## Recruits, and Traps from chapter 4

From chapter 3 on a Briefing lists the Recruit deck (`--recruits`). A Recruit is described
once: its starting hand, the Morale tokens it takes when it withdraws, its rule and its
departure advantage. After a Mission's deal a Recruit enters if none is in play: `mission
start` says which (`--recruit`) and the cards it drew face up (`--recruit-hand`). It acts
after the player to the Mission Leader's right, and on its turn the Mission Leader
chooses: `recruit play CARD` or `recruit withdraw`.""",
    '$ grizzled describe recruit 5 "<name on the card>" --hand 2 --tokens 1 --effect'
    ' "<rule on the card>" --advantage "<departure advantage on the card>"',
    """Chapter 4 is also the first with Traps: from it on they are a standing rule of the
campaign ("Read only before playing Chapter 4"), on unless a Briefing says `--no-traps`,
so this Briefing does not mention them and the tracker says they are on.""",
    "$ grizzled briefing 4 --trials 5 --morale 20 --first 1 --recruits 5",
    "$ grizzled chapter start --leader ann --tiles left,left,right",
    "$ grizzled mission start 1 --recruit 5 --recruit-hand night+snow,shell+gas",
    "$ grizzled play night+shell",
    "$ grizzled play snow+gas",
    """A correction sets what the table sees when the log says otherwise (`correct --help`
lists every fact: decks, hands, tokens, tiles, a named card moved, the Recruit, Orders,
the end of a Mission or of the chapter). It needs a reason, says in words what it set,
and the rules look again at what could now apply; one that changes nothing is refused.""",
    "$ grizzled correct stock 4 -r 'a token rolled under the table'",
    "$! grizzled correct charm up -p ann -r 'checking'",
    """**Every correction, at a practice table.** To show each fact a correction sets, here
is a chapter the group once logged badly, in a campaign of its own: `campaign new` makes
Slips the current campaign, and `campaign use Autumn` comes back below. Slips is an
Armistice campaign whose chapter 1 has Order of the Day #12 (a shell) and Recruit #5.""",
    "$ grizzled campaign new Slips --rules armistice -p ann:night -p ben:snow -p cy:rain",
    '$ grizzled describe order 12 "<name on the card>" --threat shell --effect "<text on the'
    ' card>"',
    '$ grizzled describe recruit 5 "<name on the card>" --hand 2 --tokens 1 --effect "<rule on'
    ' the card>" --advantage "<departure advantage on the card>"',
    "$ grizzled skip-boot-camp",
    "$ grizzled briefing 1 --trials 25 --morale 30 --first 2 --orders 12 --recruits 5",
    "$ grizzled chapter start --leader ann --tiles left,right,left",
    "$ grizzled mission start 2 --order 12 --recruit 5 --recruit-hand snow+whistle,rain+gas",
    "$ grizzled play night+gas",
    "$ grizzled play snow+shell",
    """Ann counts the Trials deck: 16 cards, not 17. The Recruit's face-up hand was typed
wrong. Then Cy says she put rain+shell down while Ann was typing: with the Order's shell
and Ben's that makes three shells, and the rules, looking again after the correction, fail
the Mission at once. Support, the Order's discard, the Morale Drop and the next Mission
Leader follow, as after any failed Mission.""",
    '$ grizzled correct trials 16 -r "we counted the Trials deck"',
    '$ grizzled correct recruit-hand snow+whistle,rain+whistle -r "it drew rain+whistle, not'
    ' rain+gas"',
    '$ grizzled correct hand-to-nml rain+shell -p cy -r "Cy put it down while Ann was typing"',
    """Between Missions: Ben had handed the token on to Cy, a Speech token of the stock was
in Ann's pocket, and the Morale Reserve is counted again. Nothing can end here, so each
correction is followed by what comes next.""",
    '$ grizzled correct leader -p cy -r "Ben handed the token on to Cy"',
    '$ grizzled correct stock 3 -r "a token of the stock was in Ann\'s pocket"',
    '$ grizzled correct tokens 2 -p ann -r "the token from the stock"',
    '$ grizzled correct morale 26 -r "we counted the Morale Reserve"',
    """Mission 2: Cy, the Recruit and Ann play. Then a run of slips comes out. Ben skipped
his turn, and the table plays on from Cy. Cy had used her Good Luck Charm on rain+gas:
the card leaves No Man's Land for the discard and her charm is down (the "Next:" line no
longer offers it). Ann had played Mute while the laptop was closed; Ben had put
Demoralized from his hand in front of him; Ann's Speech had let Cy discard snow+gas; the
Recruit had played shell+gas. A Helping Hand gave Ben a 'to the right' tile, and he had
put a 'to the left' one back in the box.""",
    "$ grizzled mission start 2",
    "$ grizzled play rain+gas",
    "$ grizzled recruit play snow+whistle",
    "$ grizzled play night+snow",
    '$ grizzled correct turn -p cy -r "Ben skipped his turn"',
    '$ grizzled correct nml-remove rain+gas -r "Cy used her charm on it"',
    '$ grizzled correct charm down -p cy -r "Cy used her charm"',
    '$ grizzled correct knock-add mute -p ann -r "Ann played it while the laptop was closed"',
    '$ grizzled correct hand-to-knock demoralized -p ben -r "Ben put it in front of himself"',
    '$ grizzled correct hand-to-discard snow+gas -p cy -r "Ann\'s Speech let Cy discard it"',
    '$ grizzled correct nml-add shell+gas -r "the Recruit played it"',
    '$ grizzled correct tile-add right -p ben -r "a Helping Hand gave it"',
    '$ grizzled correct tile-remove left -p ben -r "Ben put it back in the box"',
    """Cy withdraws, and the log has her 'to the right' tile: she laid 'to the left'. Ann
had withdrawn too (without a tile: `tile-played` would add one), and a Grizzled out of
the Mission cannot be given the turn. The board shows the corrected table.""",
    "$ grizzled withdraw right",
    '$ grizzled correct tile-played left -p cy -r "Cy laid her left tile"',
    '$ grizzled correct withdrawn yes -p ann -r "Ann withdrew while we were talking"',
    '$! grizzled correct turn -p ann -r "Ann\'s turn?"',
    "$ grizzled status",
    """A card's text ends the Mission now: `mission-end won` (or `failed`), and the Support
phase and the resolution follow. Cy's tile goes to Ann, who discards Mute.""",
    '$ grizzled correct mission-end won -r "<the card\'s text>"',
    """Mission 3. A card's text brings Order #12 back from the discard into No Man's Land;
Ben holds 5 cards, not 4; the Recruit took a Morale token; then Order #12 is discarded
again. Late in the evening the group stops and declares the chapter's result with its
reason (`chapter-end won` or `lost`). `log --kind correction` lists every correction and
why it was made.""",
    "$ grizzled mission start 2",
    '$ grizzled correct order-add 12 -r "<the card\'s text>"',
    '$ grizzled correct hand 5 -p ben -r "Ben drew one more card"',
    '$ grizzled correct recruit-tokens 1 -r "<the card\'s text>"',
    '$ grizzled correct order-remove 12 -r "<the card\'s text>"',
    '$ grizzled correct chapter-end lost -r "we stopped for the night and count it lost"',
    "$ grizzled log --kind correction",
    """Back to Autumn: `campaign use` makes it the current campaign again, and chapter 4
goes on at Cy's turn.""",
    "$ grizzled campaign use Autumn",
    "$ grizzled play rain+whistle",
    "$ grizzled recruit play night+snow",
    "$ grizzled withdraw left",
    "$ grizzled withdraw left",
    "$ grizzled withdraw left",
    """Its last card played, the Recruit departs (the table applies its departure
advantage), and with everyone out the Mission succeeds: no chapter is won while a
Recruit is in play, but this one has left.""",
    "$ grizzled recruit play shell+gas",
    """## The score

The score is the Helping Hands acquired (Victory Points) against those not taken and the
banned cards (Negative Points). `score --explain` lists every point with the log entry
that recorded it, so the group can audit it; `campaign show` sums up the campaign.""",
    "$ grizzled score --explain",
    "$ grizzled campaign show",
    """Chapter 4's Conclusion comes next, and so on to chapter 9; after it, `score
--explain` is the campaign's final audit. Everything above is in the log, corrections
included, and `grizzled undo` takes back a mistake, even across a chapter's end.""",
    """## Luck against a Trap, and a deal that would lose

From chapter 4 Traps are on, and a Luck symbol in No Man's Land cancels the next Trap
("Each Luck symbol cancels one Trap symbol"; the rules notes, decision 1): the board says
which Luck is in force and which is spent, and the play whose Trap it cancels says so. A
practice campaign, Luck, shows it in a Boot Camp played with Traps.""",
    "$ grizzled campaign new Luck --rules armistice -p ann:night -p ben:snow -p cy:rain",
    "$ grizzled briefing 0 --trials 20 --morale 20 --first 2 --traps",
    "$ grizzled chapter start --leader ann --tiles left,left,right",
    "$ grizzled mission start 2",
    "$ grizzled describe card 42 night+luck",
    "$ grizzled play 42",
    "$ grizzled status",
    "$! grizzled play rain+gas+trap --drawn snow+shell",
    "$ grizzled play rain+gas+trap",
    """Everyone withdraws still holding cards. Before the next deal the Next line counts the
cards in hands and says from which intensity they would reach 13, which loses the chapter
at once ("If the players ever have 13 or more cards in hand collectively, the game is
lost!"). Such a deal is legal, so `mission start` asks first, or needs `--yes` without a
terminal.""",
    "$ grizzled withdraw left",
    "$ grizzled withdraw left",
    "$ grizzled withdraw right",
    "$! grizzled mission start 3",
    "$ grizzled mission start 1",
    """## Duo and Solo

Two players play Duo mode: each plays two Grizzled, and `@NAME` after a Grizzled says who
plays it (the seats stay in table order). Each campaign in the file is its own; the
newest is the current one (`grizzled campaign use NAME` to switch).""",
    "$ grizzled campaign new Pair --rules armistice -p ann:night@Ann -p bea:snow@Ann"
    " -p cy:rain@Cy -p dan:gas@Cy",
    """A player alone plays Solo mode: three Grizzled played by the same person, one single
hand, and `chapter start --variant solo` (no Support tiles to draw: the solo Support tile
is drawn at the end of each Mission). Solo mode is played with Traps, even in Boot Camp.""",
    "$ grizzled campaign new Alone --rules armistice -p ann:night@me -p ben:snow@me -p cy:rain@me",
    "$ grizzled briefing 0 --trials 30 --morale 20 --first 3 --traps",
    "$ grizzled chapter start --variant solo --leader ann",
    "$ grizzled mission start 3",
)


# --- running a session -------------------------------------------------------------------
def commands(parts: Sequence[Part]) -> Iterator[tuple[list[str], bool]]:
    """Each command of a page as arguments (without ``grizzled``) and whether it must
    succeed."""
    for part in parts:
        if part.startswith("$"):
            refused = part.startswith("$!")
            words = shlex.split(part[2:] if refused else part[1:])
            assert words[0] == "grizzled", part
            yield words[1:], not refused


def clean(args: Sequence[str], output: str) -> str:
    """A command's output without the clock (and the checkpoints, digests of the times
    too) and trailing spaces."""
    if args and args[0] == "log" and "--json" not in args:
        output = DAY.sub("Ddd DD Mmm YYYY", CLOCK.sub("hh:mm", output))
    output = JSON_TIME.sub('"time": "..."', output)
    output = CHECKPOINT.sub("XXXX-XXXX-XXXX-XXXX-X @ ", output)
    return "\n".join(line.rstrip() for line in output.rstrip().splitlines())


def run(parts: Sequence[Part], workdir: Path) -> list[str]:
    """Run a page's commands on a fresh database; the page's Markdown blocks."""
    env = {**ENV, "GRIZZLED_DB": str(workdir / "grizzled.sqlite")}
    env["XDG_DATA_HOME"] = str(workdir / "data")
    runner = CliRunner(env=env)
    from cli.main import main

    blocks: list[str] = []
    console: list[str] = []
    for part in parts:
        if part.startswith(TABLE):
            console.append(_table(runner, part))
            continue
        if not part.startswith("$"):
            if console:
                blocks.append("```console\n" + "\n\n".join(console) + "\n```")
                console = []
            blocks.append(part)
            continue
        ((args, must_succeed),) = commands([part])
        result = runner.invoke(main, args)
        check(part, result, must_succeed)
        typed = part[3:] if part.startswith("$!") else part[2:]
        console.append(f"$ {typed}\n{clean(args, result.output)}".rstrip())
    if console:
        blocks.append("```console\n" + "\n\n".join(console) + "\n```")
    return blocks


TABLE = "$ grizzled table\n"


def _table(runner: CliRunner, part: str) -> str:
    """A table session: the lines after the first are typed; what it printed."""
    from cli.main import main

    typed = part.removeprefix(TABLE)
    result = runner.invoke(main, ["table"], input=typed + "\n")
    check(part.splitlines()[0], result, must_succeed=True)
    return f"$ grizzled table\n{clean([], result.output)}"


def check(part: str, result: Result, must_succeed: bool) -> None:
    """A page never shows a command that ended otherwise than the page says."""
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise RuntimeError(f"{part}: {result.exception!r}") from result.exception
    if must_succeed and result.exit_code != 0:
        raise RuntimeError(f"{part} failed ({result.exit_code}): {result.output}")
    if not must_succeed and result.exit_code == 0:
        raise RuntimeError(f"{part} was expected to be refused: {result.output}")


def page(intro: str, parts: Sequence[Part]) -> str:
    """A whole page."""
    with tempfile.TemporaryDirectory(prefix="grizzled-walkthrough-") as workdir:
        blocks = run(parts, Path(workdir))
    return "\n\n".join([intro, *blocks]) + "\n"


def walkthrough() -> str:
    """docs/walkthrough.md."""
    return page(INTRO, (*CHAPTER, *TABLE_EVENING))


def campaign() -> str:
    """docs/campaign.md."""
    return page(CAMPAIGN_INTRO, ARMISTICE)


PAGES = ((WALKTHROUGH, walkthrough), (CAMPAIGN, campaign))


def main() -> int:
    """Write both pages."""
    for path, render in PAGES:
        path.write_text(render(), "utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
