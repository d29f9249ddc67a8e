"""The demo chapter (``cli.demo.SCRIPT``) as a person logging it types it: with the
one-shot CLI, each command in full as docs/walkthrough.md writes them, and in a table
session (``grizzled table``), with its short forms and the card notation's short
prefixes. The tests log both and find the demo's campaign; ``make bench`` counts the
keystrokes."""

from __future__ import annotations

# The campaign is created before either (the same words in both: not counted).
CREATE = "campaign new 'Demo evening' --rules classic -p ann:night -p ben:snow -p cy:rain"

# One line per entry of cli.demo.SCRIPT, in its order.
CLI_LINES = (
    "grizzled chapter start --leader ann --tiles left,right,left",
    "grizzled mission start 3",
    "grizzled play night+shell+trap --drawn rain+whistle",
    "grizzled play snow+gas",
    "grizzled play shell+gas",
    "grizzled play rain+shell",
    "grizzled mission start 1",
    "grizzled play night+gas",
    "grizzled play mute",
    "grizzled speech gas -d ben:snow+gas -d cy:rain+gas",
    "grizzled play snow+rain",
    "grizzled undo",
    "grizzled play snow+whistle",
    "grizzled play night+whistle",
    "grizzled withdraw right",
    "grizzled withdraw left",
    "grizzled withdraw left",
)
# The CLI with the same short card prefixes and tile letters as the session.
CLI_SHORT_LINES = (
    "grizzled chapter start --leader a --tiles l,r,l",
    "grizzled mission start 3",
    "grizzled play n+sh+t --drawn r+w",
    "grizzled play sn+g",
    "grizzled play sh+g",
    "grizzled play r+sh",
    "grizzled mission start 1",
    "grizzled play n+g",
    "grizzled play mu",
    "grizzled speech g -d b:sn+g -d c:r+g",
    "grizzled play sn+r",
    "grizzled undo",
    "grizzled play sn+w",
    "grizzled play n+w",
    "grizzled withdraw r",
    "grizzled withdraw l",
    "grizzled withdraw l",
)
SESSION_LINES = (
    "chapter start --leader a --tiles l,r,l",
    "m 3",
    "n+sh+t r+w",
    "sn+g",
    "sh+g",
    "r+sh",
    "m 1",
    "n+g",
    "mu",
    "s g b:sn+g c:r+g",
    "sn+r",
    "u",
    "sn+w",
    "n+w",
    "w r",
    "w l",
    "w l",
)


def keystrokes(lines: tuple[str, ...]) -> int:
    """The keys pressed to type ``lines``: each character, and Enter after each line."""
    return sum(len(line) + 1 for line in lines)
