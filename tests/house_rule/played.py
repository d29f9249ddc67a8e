"""Importing this plays the house rule in this process: the one line that installs it,
given to the registry as its loader (or installed at once if a chapter already consulted
a moment), its face given to every face (``voice.rooms``) and its command to the command
line (``cli.modules``: ``grizzled rally``). The CLI tests run ``grizzled`` in a subprocess
that imports this first."""

from __future__ import annotations

from cli import modules
from domain import install_modules
from domain.chapter import moments
from tests.house_rule.face import HOUSE_FACE
from tests.house_rule.rule import HOUSE_RULE
from voice import rooms


def _install() -> None:
    install_modules(HOUSE_RULE)


moments.LOADER = _install
if type(moments.INSTALLED) is moments.Registry:  # already installed: play it from now on
    _install()
rooms.install((*rooms.installed(), HOUSE_FACE))
modules.install(("tests.house_rule.cli",))
