"""Writes docs/cli.md from the commands themselves: ``python -m cli.docgen``.

A test regenerates it and fails when the file differs, so the reference never drifts
from the commands.
"""

from __future__ import annotations

import inspect
import sys
import textwrap
from pathlib import Path

import click

from cli.params import LOG_ENTRIES, NAME_MOST, TEXT_MOST, TITLE_MOST
from domain.limits import CARD_NUMBERS, SPEECH_TOKENS, TRIAL_CARDS

HEADER = """# CLI reference

Generated from the commands by `python -m cli.docgen` (a test fails when this file is
stale). For a whole evening at the table, see the [walkthrough](walkthrough.md); for the
Armistice campaign, [campaign](campaign.md); for card names, [notation](notation.md).

## Everywhere

- `--db PATH` (or `GRIZZLED_DB`), before the command or after it: the campaign database.
  Default: your data directory (`$XDG_DATA_HOME/grizzled/grizzled.sqlite`,
  `~/.local/share/...` on Linux). A file path: not empty, not `:memory:` or a `file:`
  URI, not a folder, fifo or device. Only `campaign new` and `demo` create a file; the
  read commands (`status`, `log`, `score`, `replay`, `campaign list/show/use`) create and
  write nothing, so a read-only file can be read. Another application's SQLite file is
  refused untouched; a file this machine has not seen is checked whole on its first
  command ([reliability](reliability.md)). Or a club's PostgreSQL server,
  `postgresql://user@host:port/dbname` (`?schema=club` or `POSTGRES_SCHEMA` for a club's
  schema; the password from `PGPASSWORD` or a pgpass file, never printed): every device
  logs there, and keeps its read models in a cache of its own ([deploy](deploy.md)).
- `-c NAME` / `--campaign NAME` (or `GRIZZLED_CAMPAIGN`), before or after the command:
  the campaign to act on. Default: the one chosen with `grizzled campaign use`, or the only
  one in the file.
- `--lang en|fr`, before the command: the language grizzled speaks (issue 45). Default:
  the campaign's own (`campaign new --lang fr`, `campaign lang fr`), else the locale
  (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`). Cards may be typed in French in any
  language (`nu+ob`, `muet`: [notation](notation.md)); what is recorded is the same. The
  narration, the board, the Next line, why, the score, the log (its stored summaries read
  in the reader's language), the assistant, the statistics, the session, every refusal
  and the commands' `--help` and usage errors are said in French, with the French
  rulebook's no-break space before `: ; ! ?` ([glossary](glossary.md)); this reference is
  the English one. The help and a usage error said before a campaign is read follow
  `--lang`, else the locale; `why` names the English rulebooks' sections, and says so.
- `GRIZZLED_USER` (who logs, default your login name) and `GRIZZLED_SESSION` (the evening,
  default today's date) are recorded with every event.
- The four actions (`play`, `charm`, `speech`, `withdraw`) act for the player whose turn
  it is; `-p NAME` names someone else (the rules then check whose turn it really is).
  Names may be shortened to any unambiguous prefix, case ignored.
- Exit codes: `0` done; `2` the command was mistyped (unknown card, player, option,
  a `--db` that is not a path); `1` refused (a rule, a missing campaign, a file that is
  not a usable campaign file). Either way one line on stderr says why, and nothing was
  recorded. Once an action is saved the command ends with `0` whatever happens next:
  `Recorded as #N; the board catches up next time (database is locked)` on stderr when
  the board could not be brought up to date (the next command does it).
{bounds}
- `NO_COLOR` turns colours off. `--json` prints plain JSON (schemas below).
- `GRIZZLED_SPEEDUPS=0` leaves the standard library as it is: the two speed tricks the
  command installs ([architecture](architecture.md)) are off; it prints the same, slower.
- Shell completion (commands, player names, cards, threats, tiles; during a Mission only
  what the command takes now: who acts, the cards they may play or charm, their tiles):
  `eval "$(_GRIZZLED_COMPLETE=bash_source grizzled)"` in `~/.bashrc`
  (`zsh_source` for zsh, `fish_source` for fish).

## JSON output

`status --json` and `replay --at N --json`:
`{campaign, ruleset, chapter, next, phase, mission, leader, turn, trials, discard,
morale, speech_stock, traps, no_mans_land: [card], luck: {in_force: [card], spent: [card]},
threats: {threat: count}, support_pending,
outcome, result, outcome_detail, players: [{name, charm, charm_up, hand, known_cards,
hard_knocks, hard_knock_weight, speech_tokens, support_tiles, tile_played, withdrawn,
chaplain}], legal: {player, must_withdraw, play: [card], play_any_hidden, charm:
[card], speech, withdraw: [tile], remove: [tile], draws{modules:legal}}, \
{modules:after legal}helping_hands: [{player, number, name, category, text, lasting}], briefing:
{title, notes} or null{modules:after briefing}}`, and `modules:
{row: value}` when a module installed beyond the game's own shows a row on the board
(`Module.shows`; absent otherwise). A Support tile
played face down is never shown, only `tile_played`. `trials`, `discard` and `morale`: the
cards in the Trials deck, the discard pile and the Morale Reserve. `phase`: `preparation`,
`mission`, `support`, {modules:phases}`over`, or null before the first chapter. `result`: `won`,
`lost`, or null while the chapter is played; `outcome` says why: `won` (Peace: the
Trials deck and every hand are empty after a Mission), or the defeat `hard-knocks` (a
player with 4 Hard Knocks or more, Wounded counting 2), `monument` (the Morale Drop
exhausted the Morale Reserve) or `hands` (13 or more cards in hands in an Armistice
chapter, checked whenever cards enter hands and after the Morale Drop); `outcome_detail`
says it in words. `traps`: whether Traps (and Luck) are in play this chapter (Armistice:
from Chapter 4 on unless the Briefing says otherwise).

The texts are the group's own, as typed with `describe`, `briefing` and `conclusion`
(the Armistice texts are not public; `""` or a null name: not described yet).
{modules:texts}`helping_hands`: the Helping Hands held
now, by player (`lasting`: a Friendship card, in play for the rest of the campaign; one
played leaves the list). `briefing`: the chapter's Briefing title and notes (null: no
Briefing entered, or the base game).{modules:next}

`legal` (`{}` while it is nobody's turn): what the player whose turn it is may do now,
each entry accepted as a command. `play CARD` for each of `play` (every card still
unseen too when `play_any_hidden`: part of the hand is unknown), `charm CARD` for each
of `charm`, `speech THREAT` when `speech`, `withdraw TILE` for each of `withdraw`
(`none`: `withdraw` naming no tile, none being left; a Panicked player names the one
drawn at random among these), with `--remove TILE` for one of `remove` (Absent-minded:
the tile that leaves the game first) and `--drawn CARD` when `draws` (Clumsy: the
Trials card drawn){modules:legal words}.
`must_withdraw`: Fearful with 2 identical threats, withdrawing is the only action.
What chance decides is told with the command: a Trap's draw (`play --drawn`), a Merry
Christmas's target (`--target`).

`log --json [--last N] [--chapter N] [--session S] [--since DATE] [--kind KIND]`:
`[{version, kind, summary, time, logged_by, session, chapter, undone, events: [type],
actions: [version], reason}]`, oldest first (`time`: ISO 8601 UTC; `chapter`: the chapter
being played or just ended; `reason`: why, as the group said, or empty). `--json` is never
cut to a screenful.

`score --json [--explain]`: `{campaign, chapters: [{chapter, result, morale_left,
victory_points, negative_points, unclaimed: [number], banned: [card], reward: {concluded,
rule: [result, morale_left, helping_hands] or null, earned, taken, unclaimed} or null}],
victory_points, negative_points, difference, explanation: [{kind, chapter, what,
event, logged_by, time}]}`. A chapter's `result` here is its reason code, as
`status --json`'s `outcome`: `won`, `hard-knocks`, `monument` or `hands`. `reward` (Armistice):
how the chapter's Helping Hands were decided: whether its Conclusion was entered, the rule
that applied (the one earning most), and how many were earned, taken and not taken.

`campaign show --json`: `{name, ruleset, seats: [{name, charm, owner}], chapter,
chapter_running, next_chapter, results: [{chapter, outcome, detail, morale_left}],
helping_hands: [{number, name, player, chapter, category, used_in}], unclaimed: [{number,
chapter}], bans: [{card, player, source, chapter, reason}], victory_points,
negative_points, chapters: [{chapter, grizzled: [{name, charm}]}], checkpoints: [{chapter,
chapter_name, event, checkpoint}]}`. `seats` are the Grizzled of `campaign new`; `chapters`
gives each chapter's Grizzled and charms as chosen at its start (`chapter start
--grizzled`); the text lists the chapters whose Grizzled differ from the heading's. A
result's
`outcome` is the same reason code, its `detail` the words. `checkpoints`: each chapter
whose ending is entered whole, with the checkpoint printed then for its chapter sheet and
the event it covers up to (an Armistice chapter waiting for its Conclusion or award has
none yet).
`campaign list --json`: `[name]`.

`card N --json`: `[{number, kind, name, facts: {what: text}, where: [text]}]`, one entry
per kind the number was described as (`kind`: Trial card, Order of the Day, Recruit,
Helping Hand; `facts`: what the group typed; `where`: empty while the card is in the box).
`box --json`: `{cards: [the same entries], briefings: [{chapter, trials, morale,
first_intensity, traps, traps_off, {modules:briefings}speech_tokens, title, notes}],
conclusions: [{chapter, rewards: [[result, morale_left, helping_hands]], offered,
notes}]}`.

`why [N] --json`: `{text, about, ...}`. A refusal (`about`: `refusal`): `command` (as
typed), `refused` (its line), `rule` (`{rule, words, section, page, base_section, place}`,
or null when the tracker refused, not a rule of the game), `entries` (the log's last
entry then), `facts`: `[{fact, said, entry, since_start}]` (each fact the refusal rests
on, in words, with the log entry that last set it, or the chapter's start entry when
`since_start`; the fact `decided`, the Hard Knock that decided the refusal, also has
`player` and `card`) and `kept`: `this machine` (refusals are never in the campaign's record). An
entry (`about`: `entry`): `entry`, `summary` and `decisions`: `[{decision, rule, facts,
because, entries}]`, each a decision the rules took by themselves (`rule` as above;
`facts` its facts as data; `because` in words; `entries`: the log entries they come from).
Nothing to explain: `about` null and no decision.

`replay --at N --json` adds `undone_by`: the undo that took entry N back later, or
null while it stands.

`replay --json`: the `status --json` document of each step, with `event`, `summary` and
`outcomes` (how a Mission or the chapter ended with that action, in words; empty when
it went on).

`compare A B --json` (each side `CAMPAIGN` or `CAMPAIGN@N`): `{campaigns: [A, B],
entries: [N or null, M or null], rows: [{what, a, b, differs}], boards: [the two `status
--json` documents; at an entry, the `replay --at N --json` one], scores:
[{victory_points, negative_points, difference, chapters: [the `campaign_score` rows],
earlier, branched_from: [original, entry] or null}]}`; `rows` are the lines `compare`
prints (`what`: `branched from`, `chapter`, `turn`, a deck, `No Man's Land`, `threats`, a
Grizzled's name, `result`, `chapters won`, the points and `score`).

`stats --json [CAMPAIGN]...`: `{campaigns: [name], branches: {name: [original, entry]}
(the what-if branches among them), chapters: [{campaign, chapter,
chapter_name, phase, outcome, outcome_detail, mission, morale, morale_line}], evenings:
[{session, actions, undos, began}], hard_knocks: [[card, count]], first_out: [[player,
count]], speeches: [[player, count]]}`: each chapter's `outcome` (null while it is played),
`mission` the Missions started, `morale` the Morale Reserve left and `morale_line` the
Reserve at setup, after each Morale Drop (or a correction) and where it stands; the
counts are of the actions that stand, most first (`first_out`: who withdrew first from
each Mission).

## Commands
"""


BOUNDS = textwrap.fill(
    f"- Bounds: counts stay within what the box holds ({TRIAL_CARDS} Trial cards, "
    f"{SPEECH_TOKENS} Speech tokens, card numbers up to {CARD_NUMBERS}) and log entry "
    f"numbers up to {LOG_ENTRIES} (exit `2` past them); a text is valid UTF-8, printable "
    f"on one line, and at most {NAME_MOST} characters for a name, {TITLE_MOST} for a "
    f"title, {TEXT_MOST} for a reason, an effect or notes. A name is kept in NFC; one "
    "holding an invisible character (a zero-width space, a bidirectional mark) is "
    "refused, and so is a campaign's or a Grizzled's name that reads as another's "
    "(`Hоstile` with a Cyrillic `о`). What a command prints from a "
    "campaign file shows control characters as escapes (`\\x1b`), so a file from "
    "elsewhere cannot drive the terminal; `export -` to a terminal writes them as JSON "
    "escapes (to a pipe or a file: the exact bytes). An error line shows every character "
    "that draws nothing or is not the space as its code (`\\u200f`, `\\u00a0`); `import` "
    "refuses a campaign name the command line refuses.",
    width=88,
    subsequent_indent="  ",
)
"""The "Everywhere" line on bounds, from the constants themselves."""


def _commands(group: click.Group, prefix: str) -> list[tuple[str, click.Command]]:
    found = []
    ctx = click.Context(group)
    for name in sorted(group.list_commands(ctx)):
        command = group.get_command(ctx, name)
        if command is None or command.hidden:
            continue
        path = f"{prefix} {name}"
        if isinstance(command, click.Group):
            found.extend(_commands(command, path))
        else:
            found.append((path, command))
    return found


def _as_written(doc: str) -> str:
    """A command's docstring as written in its module (a summary line, then the rest
    indented four spaces): Python 3.13 strips a docstring's indentation, 3.11 and 3.12
    keep it, and the reference is the same on each."""
    first, *rest = inspect.cleandoc(doc).splitlines() or [""]
    return "\n".join([first, *(f"    {line}" if line else "" for line in rest)])


def _section(path: str, command: click.Command) -> str:
    ctx = click.Context(command, info_name=path)
    usage = " ".join(command.collect_usage_pieces(ctx))
    lines = [f"### `{path}`", "", f"`{path} {usage}`", ""]
    help_text = _as_written(command.help or "").replace("\b\n", "")
    lines += [help_text.strip(), ""]
    options = [p for p in command.params if isinstance(p, click.Option)]
    if options:
        lines += ["| option | meaning |", "|---|---|"]
        for option in options:
            record = option.get_help_record(ctx)
            if record:
                flags, meaning = record
                flags = flags.replace("|", "/")
                lines.append(f"| `{flags}` | {meaning.replace('|', '/')} |")
        lines.append("")
    return "\n".join(lines)


def render() -> str:
    """The whole reference, in English whatever the process spoke before (a command said
    in French earlier in the same process leaves French in use: the tests')."""
    from cli.helpsaid import said
    from cli.main import main
    from voice import lang

    spoken = lang.current()
    lang.use("en")
    try:
        commands = _commands(main, "grizzled")
        for _path, command in commands:
            said(command)  # its help as written, if a French one was said before
        sections = [_section(path, command) for path, command in commands]
    finally:
        lang.use(spoken)
    return _schemas(HEADER.replace("{bounds}", BOUNDS, 1)) + "\n" + "\n".join(sections)


def _schemas(text: str) -> str:
    """The JSON schemas with what the modules add to them at each ``{modules:PLACE}``
    (their CLI files' ``SCHEMA``, cli/modules.py), composed as a help text's marks are
    (``voice.helpwords.composed``)."""
    from cli import modules
    from voice.helpwords import composed

    return composed(text, lambda place: [modules.schema(place)])


def documented_commands() -> list[str]:
    """Every command path, e.g. ``grizzled chapter start``."""
    from cli.main import main

    return [path for path, _ in _commands(main, "grizzled")]


TARGET = Path(__file__).resolve().parent.parent / "docs" / "cli.md"

if __name__ == "__main__":
    TARGET.write_text(render(), "utf-8")
    print(f"wrote {TARGET}", file=sys.stderr)
