"""The rules of The Grizzled and its Armistice Edition, as pure functions over frozen state.

No I/O, no clock, no randomness: chance outcomes come in from outside and are recorded in
the events. The house follows the rulebooks' parts (docs/architecture.md): ``cards``,
``chapter``, ``modules``, ``campaign``; the front doors are ``engine`` (``decide`` /
``execute``), ``legal`` (``legal_actions``), ``simulate``, ``codec``, ``events`` (the
stored records), ``errors`` and ``limits``.
"""

from domain.chapter.moments import install
from domain.modules import MODULES

# The one place the Armistice modules join the chapter's rules (domain/chapter/moments.py):
# here, so that importing any part of the domain, even one chapter function, plays them all.
# The price: importing anything under ``domain`` (even ``domain.limits``) loads the rules.
install(MODULES)
