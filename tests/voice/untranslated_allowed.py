"""The strings ``tests/voice/untranslated.py`` finds in the voice, the CLI, the companion and app/
that are not sentences of the table's language, each with the reason it stays as it is
(issue 45). ``tests/voice/test_untranslated.py`` fails on any string of two words or more
that is neither wrapped for gettext (``_``, ``N_``, ``ngettext``, ``pgettext``) nor listed
here, and on a listed string its file no longer holds. A player-readable sentence is
wrapped and translated, never listed: list only what no player reads as words."""

from __future__ import annotations

# A rule's id (``RuleViolation.rule``, a decision's rule): a key of voice/rulebook.py's
# RULES, said through ``_()`` where it is shown; the test checks each is a message of the
# catalogue (marked ``N_`` where the rule is defined).
RULE_ID = "a rule's id, said through _() where it is shown (a message of the catalogue)"
# The English rulebooks' own section titles, quoted as printed: `why` says in French that
# the section is the English book's (we have no French book's sections: docs/glossary.md).
BOOK_SECTION = "the English rulebook's section title, quoted as the book prints it"
# The keys of compare's rows: said through _() by voice.whatif.ROWS (catalogue messages).
ROW_KEY = "a row's key of compare, said through voice.whatif.ROWS (a message of the catalogue)"
# An action's summary is stored with the action in English (the record's words), and read
# back by the patterns of voice/summary.py that say it in the table's language.
STORED = "a stored summary's English form or the pattern that reads it back (voice.summary)"
# A value stored or compared in English, never shown as it is.
STORED_VALUE = "a value of the record or a read model, compared, never shown as words"
# A command's syntax as typed: the notation is the command line's, in either language.
SYNTAX = "a command's syntax as it is typed (the command line's words, in either language)"
STYLE = "a rich style name"
PATTERN = "a regular expression"
TYPOGRAPHY = "voice.typography's own patterns and its report to make i18n (French already)"
PROTOCOL = "HTTP, server-sent events, HTML or a Content-Security-Policy header: no words"
METRICS = "a Prometheus metric's HELP text, read by monitoring tools (grizzled serve --health)"
OPERATOR_LOG = "the server's own log lines for its operator (web.limits.FewLines)"
DEVELOPER = "a programming error's message (a broken install or a module's registry)"
HELP_PART = (
    "a part of a composed help text whose whole forms are cli.params.CHOICE_HELPS (or its "
    "module's CHOICE_HELPS)"
)
SESSION = "the demo's session id in the record, never shown"
ANNOTATION = "a type annotation written as a string"
COUNT = "a threat and its count in the notation (nuit x2): the threat said, x the count"
SQL = "an SQL statement"
MATCHED = "an English error of the tracker or the store, matched to tell what happened"
ROOM_NAME = "a module room's name: the module's own, matched with its rules' (voice.Room)"
KEEPER_NAME = "a keeper's default name, recorded as the author of its writes (a name)"

SAID_ELSEWHERE = (RULE_ID, ROW_KEY)  # reasons whose strings must be catalogue messages

ALLOWED: dict[str, dict[str, tuple[str, ...]]] = {
    "voice/__init__.py": {
        DEVELOPER: ("{} is frozen",),
        ANNOTATION: ("str | None", "str | None"),
    },
    "voice/board.py": {
        COUNT: ("{} x{}",),
    },
    "voice/decisions.py": {
        RULE_ID: (
            "card effects",
            "chapter won",
            "hard knock",
            "hard knock effect",
            "hard knocks defeat",
            "mission failed",
            "mission succeeded",
            "morale drop",
            "support tie",
        ),
    },
    "voice/decisions_table.py": {
        RULE_ID: (
            "card effects",
            "merry christmas",
            "mission leader",
            "one-shot game",
            "order priority",
        ),
    },
    "voice/facts.py": {
        STORED_VALUE: ("in play",),
    },
    "voice/mofile.py": {
        DEVELOPER: ("not a gettext catalogue (.mo)",),
    },
    "voice/next_step.py": {
        SYNTAX: (
            " --chaplain-tile RANDOM-TILE",
            "--drawn CARD",
            "--remove TILE",
            "charm CARD",
            "grizzled briefing {number} --trials N --morale N --first N",
            "grizzled chapter start --leader NAME --tiles TILE,TILE,...",
            "play CARD",
            "speech THREAT",
        ),
    },
    "voice/refusal.py": {
        STORED_VALUE: ("Boot Camp",),
    },
    "voice/rooms.py": {
        DEVELOPER: ("{} and another module both claim {}",),
    },
    "voice/rulebook.py": {
        BOOK_SECTION: (
            "2 Player Game",
            "Basic Rules",
            "Card Breakdown",
            "Chapters Setup",
            "Defeat Condition",
            "End of the Mission",
            "Game Contents",
            "Hard Knocks",
            "Helping Hands",
            "Make a Speech",
            "Mission Resolution",
            "Morale Drop",
            "Morale Drop: Defeat Condition",
            "One-shot Game",
            "Overview of a Mission",
            "Play a Trials card from their hand",
            "Playing the Campaign",
            "Preparation: Intensity",
            "Section Clarifications: Hard Knocks",
            "Solo Mode",
            "Start of the Mission",
            "The Actions",
            "The Mission",
            "The Orders of the Day",
            "The Traps",
            "The Traps: Luck Symbol",
            "Trap Cards",
            "Use a Good Luck Charm",
            "Victory Condition",
            "Withdraw and play a Support tile",
            "{}: 1. Reveal Support",
            "{}: 2. Check Hard Knocks",
            "{}: 3. Check Chapter",
            "{}: 4. Morale Drop",
            "{}: 5. Check Chapter",
            "{}: 6. Next Mission",
            "{}: Make a Speech",
            "{}: Play a Trial card",
            "{}: Use a Good Luck Charm",
        ),
        RULE_ID: (
            "card effects",
            "chapter won",
            "hard knock",
            "hard knock effect",
            "hard knocks defeat",
            "merry christmas",
            "mission failed",
            "mission leader",
            "mission succeeded",
            "morale drop",
            "one-shot game",
            "order priority",
            "orders of the day",
            "solo mode",
            "support tie",
        ),
    },
    "voice/stats.py": {
        STORED_VALUE: (
            "Boot Camp",
            "chapter {}",
        ),
    },
    "voice/summary.py": {
        STORED: (
            " (Trap draws {})",
            "#(?P<number>\\d+) to (?P<player>.+)",
            "(?P<numbers>#\\d+(?:, #\\d+)*) not taken",
            ", (?=#\\d+ to |Mission |chapter )",
            "-p {}",
            "Boot Camp skipped",
            "Briefing of chapter (?P<chapter>\\d+)",
            "Briefing of chapter {}",
            "Conclusion of chapter (?P<chapter>\\d+)",
            "Conclusion of chapter {}",
            "Helping Hand #(?P<number>\\d+) described",
            "Helping Hands awarded",
            "Mission failed \\(the table ends it\\)",
            "Mission failed, 3 (?P<threat>\\w+)",
            "Mission succeeded",
            "One-shot game ({})",
            "One-shot game \\((?P<difficulty>.+)\\)",
            "Order #(?P<number>\\d+) cancelled",
            "Order #{} cancelled",
            "Order of the Day #(?P<number>\\d+) described",
            "Recruit #(?P<number>\\d+) described",
            "campaign (?P<name>'.*') branched from (?P<origin>'.*') at #(?P<number>\\d+)",
            "campaign (?P<name>'.*') created",
            "campaign (?P<name>'.*') created \\((?P<ruleset>\\w*): (?P<seats>.*)\\)",
            "card #(?P<number>\\d+) described",
            "chapter lost",
            "chapter lost, (?P<detail>.+)",
            "chapter start",
            "chapter start \\(leader (?P<leader>.+)\\)",
            "chapter start{}",
            "correction: (?P<typed>.*)",
            "language (?P<code>\\w+)",
            "language {}",
            "luck x",
            "mission start (?P<intensity>\\d+)",
            "mission start (?P<intensity>\\d+), Order #(?P<order>\\d+)",
            "mission start {}{}",
            "redo (?P<versions>#\\d+(?:, #\\d+)*)",
            "refill the hand",
            "revert of #(?P<number>\\d+)",
            "revert of #(?P<number>\\d+); decided again: (?P<versions>#\\d+(?:, #\\d+)*)",
            "solo Support tile drawn",
            "the Recruit plays {}",
            "the Recruit withdraws",
            "undo (?P<versions>#\\d+(?:, #\\d+)*)",
            "{} banned from {}",
            "{} described",
            "{} keeps Helping Hand #(?P<number>\\d+)",
            "{} keeps Helping Hand #{}",
            "{} plays Helping Hand #(?P<number>\\d+)",
            "{} plays Helping Hand #{}",
            "{} plays {}",
            "{} plays {} \\(Trap draws (?P<drawn>[^ ]+)\\)",
            "{} plays {}{}",
            "{} takes the Support",
            "{} withdraws",
            "{}'s Speech on (?P<threat>\\w+)",
            "{}'s Speech on {}",
            "{}'s charm on {}",
        ),
        RULE_ID: ("chapter won",),
    },
    "voice/table.py": {
        SYNTAX: (
            "  play: {}",
            " --drawn CARD",
            " --remove {}",
        ),
        COUNT: ("{} x{}",),
    },
    "voice/typography.py": {
        TYPOGRAPHY: (
            "(?<=[\\w}\\)»%'.])[ \\u00a0\\u202f]?([:;!?])(?=[\\s\\\"»)]|$)",
            "Arguments positionnels",
            "{} French entries given their no-break spaces",
        ),
    },
    "voice/whatif.py": {
        ROW_KEY: (
            "Morale Reserve",
            "Negative Points",
            "No Man's Land",
            "Speech stock",
            "Trials deck",
            "Victory Points",
            "branched from",
            "chapters won",
        ),
    },
    "voice/why.py": {
        STORED_VALUE: ("this machine",),
    },
    "voice/why_facts.py": {
        PATTERN: ("(?<!\\w){} is {}{}\\b",),
        RULE_ID: (
            "card count",
            "card effects",
            "cards in hand",
            "chance outcome",
            "forced withdrawal",
            "good luck charm",
            "merry christmas",
            "mission intensity",
            "support tile",
            "turn order",
        ),
        ANNOTATION: ("str | None",),
    },
    "cli/board.py": {
        STYLE: ("bold red",),
    },
    "cli/cmd_box.py": {
        HELP_PART: ("its player",),
        SYNTAX: ("oneshot start",),  # the command the modules' options extend (cli/modules.py)
    },
    "cli/cmd_mission.py": {
        SYNTAX: ("mission start",),
    },
    "domain/modules/orders/cli.py": {
        SYNTAX: ("mission start", "oneshot start"),
    },
    "cli/cmd_cards.py": {
        STYLE: ("bold underline",),
    },
    "cli/cmd_play.py": {
        RULE_ID: ("turn order",),
    },
    "cli/modules.py": {
        DEVELOPER: ("{} and another module both name {}",),
    },
    "domain/modules/recruits/cli.py": {
        HELP_PART: ("the Mission Leader (its last card: the Recruit's advantage)",),
        SYNTAX: ("mission start", "oneshot start"),
    },
    "cli/cmd_serve.py": {
        KEEPER_NAME: ("keeper {}",),
    },
    "cli/logview.py": {
        STYLE: ("strike dim",),
    },
    "cli/main.py": {
        SYNTAX: (
            " (grizzled {} --help)",
            "[cyan]> {}[/cyan]",
        ),
        SESSION: ("demo evening",),
    },
    "cli/render.py": {
        STYLE: ("strike dim",),
    },
    "cli/table_demo.py": {
        SYNTAX: (
            "campaign new 'Demo evening' --rules classic -p ann:night -p ben:snow -p cy:rain",
            "chapter start --leader a --tiles l,r,l",
            "grizzled chapter start --leader a --tiles l,r,l",
            "grizzled chapter start --leader ann --tiles left,right,left",
            "grizzled mission start 1",
            "grizzled mission start 3",
            "grizzled play mu",
            "grizzled play mute",
            "grizzled play n+g",
            "grizzled play n+sh+t --drawn r+w",
            "grizzled play n+w",
            "grizzled play night+gas",
            "grizzled play night+shell+trap --drawn rain+whistle",
            "grizzled play night+whistle",
            "grizzled play r+sh",
            "grizzled play rain+shell",
            "grizzled play sh+g",
            "grizzled play shell+gas",
            "grizzled play sn+g",
            "grizzled play sn+r",
            "grizzled play sn+w",
            "grizzled play snow+gas",
            "grizzled play snow+rain",
            "grizzled play snow+whistle",
            "grizzled speech g -d b:sn+g -d c:r+g",
            "grizzled speech gas -d ben:snow+gas -d cy:rain+gas",
            "grizzled undo",
            "grizzled withdraw l",
            "grizzled withdraw left",
            "grizzled withdraw r",
            "grizzled withdraw right",
            "n+sh+t r+w",
            "s g b:sn+g c:r+g",
            "w l",
            "w r",
        ),
    },
    "cli/table_words.py": {
        PATTERN: ("(?<=[('])grizzled (?=[a-z])",),
    },
    "web/app.py": {
        PROTOCOL: (
            '<div id="live" hx-swap-oob="innerHTML" data-event="{}">{}</div>',
            "data: {}\n",
            "event: ping\ndata: {}\n\n",
            "id: {}\nevent: board\n{}\n",
            "retry: {}\nevent: ping\ndata: {}\n\n",
            "text/javascript; charset=utf-8",
        ),
    },
    "web/guard.py": {
        PROTOCOL: (
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
            "connect-src 'self'; manifest-src 'self'; worker-src 'self'; form-action 'self'; "
            "frame-ancestors 'none'; base-uri 'none'",
        ),
    },
    "web/health.py": {
        METRICS: (
            "# HELP grizzled_{} {}",
            "# TYPE grizzled_{} {}",
            "Event streams open now.",
            "Event streams refused: too many open.",
            "Keepers' writes that were logged.",
            "Requests answered, by status class.",
            "Requests refused (4xx), the defences' refusals included.",
            "Requests that failed (5xx).",
            "The store's last event number (-1: not reachable).",
            "grizzled_{} {}",
            'grizzled_{}{status="{}"} {}',
        ),
    },
    "web/keeper.py": {
        KEEPER_NAME: ("keeper {}",),
    },
    "web/limits.py": {
        OPERATOR_LOG: (
            "%(levelname)s: %(message)s",
            "{} (traceback left out)",
            "{} ({} more lines were left out)",
        ),
    },
    "web/reading.py": {
        PROTOCOL: (
            ' role="img" aria-label="[a-z]+"',
            "<svg [^>]*?viewBox",
            '<svg width="{}" height="{}" aria-hidden="true" focusable="false" class="sym"',
        ),
    },
    "domain/modules/luck/face.py": {
        ROOM_NAME: ("Traps with Luck",),
    },
    "domain/modules/orders/face.py": {
        ROOM_NAME: ("Orders of the Day",),
        RULE_ID: ("orders of the day",),
        SYNTAX: (" --order N", " --order N --back N"),
    },
    "domain/modules/recruits/face.py": {
        SYNTAX: (" --recruit N --recruit-hand CARD,CARD,...",),
    },
    "domain/modules/solo/face.py": {
        RULE_ID: ("solo mode",),
    },
    "app/actions.py": {
        DEVELOPER: ("a revert names its action",),
    },
    "app/database.py": {
        DEVELOPER: ("a club's server",),
    },
    "app/chapter_end.py": {
        SQL: (
            " AND chapter IN ({})",
            "SELECT chapter, max(version), max({}) FROM event_log WHERE campaign_id = ? AND "
            "undone = 0 AND kind IN ('ActionLogged', 'ActionReverted') AND ({}){} GROUP BY chapter",
            "SELECT max(chapter) FROM event_log WHERE campaign_id = ?",
            "SELECT max(chapter) FROM event_log WHERE campaign_id = ? AND chapter < ?",
            "instr(event_types, '\"ChapterWon\"') + instr(event_types, '\"ChapterLost\"') > 0",
        ),
        STORED_VALUE: (
            "Boot Camp",
            "chapter {}",
        ),
    },
    "app/integrity.py": {
        SQL: (
            "ATTACH DATABASE ? AS kept",
            "PRAGMA kept.cache_size = {}",
            "SELECT position, schema FROM projection_position WHERE name = ?",
            "SELECT {} FROM {}.{} ORDER BY {}",
        ),
        MATCHED: (
            "is not a regular file",
            "not a grizzled campaign file",
        ),
    },
    "app/pages.py": {
        STORED_VALUE: ("not taken",),
    },
    "app/readmodel.py": {
        SQL: ("SELECT state FROM projection_campaigns WHERE campaign_id = ?",),
        DEVELOPER: ("a club's server: its cache is read as any other reading",),
    },
    "app/redact.py": {
        MATCHED: ("server at",),
    },
    "app/setup.py": {
        STORED: ("Helping Hand",),
        DEVELOPER: ("not a set-up step: {}",),
    },
    "domain/modules/orders/steps.py": {
        STORED: ("Order of the Day",),
    },
}
