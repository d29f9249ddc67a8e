"""click's own words a player may read (usage errors, the help's headings), listed for the
catalogue (issue 45): click says them through ``gettext`` (``cli.helpsaid.click_speaks``
has it say the catalogue's), so ``make i18n`` finds them here. Never imported: a list for
Babel, each message exactly as click 8 writes it."""

from __future__ import annotations

from voice.lang import N_, ngettext

CLICK = (
    N_("%(prog)s, version %(version)s"),
    N_("Aborted!"),
    N_("Commands"),
    N_("Error: {message}"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Invalid value: {message}"),
    N_("Missing argument"),
    N_("Missing command."),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Missing parameter: {param_name}"),
    N_("Missing {param_type}"),
    N_("No such command {name!r}."),
    N_("No such option {name!r}."),
    N_("Option {name!r} does not take a value."),
    N_("Options"),
    N_("Positional arguments"),
    N_("Show the version and exit."),
    N_("Show this message and exit."),
    N_("Try '{command} {option}' for help."),
    N_("Usage:"),
    N_("default: {default}"),
    N_("env var: {var}"),
    N_("file"),
    N_("directory"),
    N_("path"),
    N_("{name} {filename!r} does not exist."),
    N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is a file."),
    N_("{name} {filename!r} is not readable."),
    N_("{name} {filename!r} is not writable."),
    N_("{value!r} is not a valid boolean. Recognized values: {states}"),
    N_("{value!r} is not a valid {number_type}."),
    N_("{value} is not in the range {range}."),
    N_("Do you want to continue?"),
    N_("Error: invalid input"),
    N_("Repeat for confirmation"),
    N_("Error: The two entered values do not match."),
)
PLURALS = (
    lambda n: ngettext("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)", n),
    lambda n: ngettext(
        "Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})", n
    ),
    lambda n: ngettext(
        "Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments.", n
    ),
    lambda n: ngettext("{value!r} is not {choice}.", "{value!r} is not one of {choices}.", n),
    lambda n: ngettext(
        "Takes {nargs} values but 1 was given.", "Takes {nargs} values but {len} were given.", n
    ),
)
