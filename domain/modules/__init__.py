"""The Armistice Edition's optional modules, each its rules and its random play: Orders
of the Day (``orders``), Recruits (``recruits``), Solo (``solo``), Duo mode (``duo``),
Traps with Luck (``luck``).
Each joins a chapter's rules at the named moments of ``domain.chapter.moments`` through
one ``Module`` object; ``MODULES`` lists them, and ``domain/__init__.py`` installs it."""

from __future__ import annotations

from domain.chapter.moments import Module
from domain.modules.duo import DUO
from domain.modules.effects import EFFECTS
from domain.modules.luck.rules import LUCK
from domain.modules.orders.rules import ORDERS
from domain.modules.recruits.rules import RECRUITS
from domain.modules.solo import SOLO

MODULES: tuple[Module, ...] = (ORDERS, RECRUITS, EFFECTS, SOLO, DUO, LUCK)
