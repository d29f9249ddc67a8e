"""The named moments at which the Armistice modules join a chapter's rules, and the one
registry of the modules installed.

The chapter's basic rules never import a module (Orders of the Day, Recruits, Solo).
Each module describes itself once, as a ``Module`` listing the hooks it has at these
moments. ``domain/__init__.py`` is the one place that says which modules are played: it
gives this registry a loader when the package is first imported, and the registry calls
it the first time a chapter consults a moment, so every chapter function, even called
directly, plays every module, while importing a light part of the domain (its errors,
its limits: what ``grizzled status`` needs) loads no rules at all. This is
boardgame.io's plugin model: plugins join its reducer at fixed points. We chose it over
hooks each module appended to lists in the files it extends (the order of imports then
decided what the rules were) and over checks of what happens to be imported. A moment is
consulted as a plain loop over a tuple the registry prepared at install time, so the
engine's hot paths cost what a direct call did.

The moments, in the order a chapter meets them:

- ``setup``: a module with its own kind of chapter sets it up (Solo); None: the basic setup.
- ``begin``: once ``ChapterStarted`` is applied, each module lays its part of the table.
- ``start_choices``: what the Mission Leader may announce besides the intensity, as
  (kept, put back) pairs (Orders: the order kept and the one put back).
- ``minimum``: the least intensity a Mission may start with (Orders: the kept order's).
- ``before_deal``: a Mission starts, before ``MissionStarted`` (Orders: draw and keep one).
- ``after_deal``: the Mission's cards are dealt (Recruits: a Recruit enters).
- ``before_action``: one of the four actions is about to be decided; a hook may refuse it
  with a ``RuleViolation`` naming its card (the card effects to come).
- ``knocks_yield``: whether the Hard Knocks that restrict the active player give way
  now ("In case of conflict with a Hard Knock, the Order of the Day has priority": an
  Order's restrictions would otherwise leave no action the Hard Knocks allow).
- ``allows``: whether a card lifts the Hard Knocks restricting a player's action
  (``speech``, ``withdraw``, ``play``: a card that allows it, domain/cards/effects.py).
- ``trap``: a Trap sprang for a player (its drawn card was played).
- ``after_action``: the action's events are applied, before the Mission's end is checked.
- ``mission_end``: the Mission failed or succeeded (every way of playing a chapter).
- ``support``: when the Support is revealed, whether anybody benefits and how many Hard
  Knocks the beneficiary may discard (None: as the rules say).
- ``after_support``: the Support phase of a Mission is over, before the defeat checks and
  the Morale Drop (Orders: the spent orders are discarded).
- ``morale_drop``: the number of cards the Morale Drop takes, which a hook may change.
- ``chapter_end``: the chapter is won or lost.
- ``evolvers``: how each of the module's own events changes the chapter.
- ``commands``: the module's own commands, decided (Orders' cancellation, the Recruit's turn).
- ``actions``: the module's own commands that are legal now.
- ``plays_chapter`` with ``decide`` and ``legal``: a module that plays every command of
  the chapters it owns (Solo: one hand, solo tiles); ``legal`` says None where the basic
  rules list the commands (Solo's Support choice); ``support_phase``: what follows when
  a correction ended one of its Missions, given who held the turn (Solo: a solo tile is
  due), where the basic rules reveal the Support tiles.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:  # types only: this module is imported by domain/__init__ and stays light
    from domain.cards.catalogue import Catalogue
    from domain.chapter.commands import Chance, Command, StartChapter, StartMission
    from domain.chapter.state import ChapterState, Player
    from domain.events import ChapterStarted, Event

    Setup = Callable[[StartChapter, Catalogue, Chance | None], ChapterStarted | None]
    LayOut = Callable[[ChapterState, ChapterStarted], ChapterState]
    Minimum = Callable[[ChapterState, StartMission], int]
    StartChoices = Callable[[ChapterState], list[tuple[int | None, int | None]]]
    BeforeAction = Callable[[ChapterState, Command], None]
    KnocksYield = Callable[[ChapterState], bool]
    Allows = Callable[[ChapterState, Player, str], bool]
    SupportRule = Callable[[ChapterState], tuple[bool, int | None]]
    AfterAction = Callable[[Any, Command], None]  # (an Outcome, the command)
    Trap = Callable[[Any, str], None]  # (an Outcome, the player whose Trap sprang)
    SupportPhase = Callable[[Any, str], None]  # (an Outcome, who held the turn)
    Moment = Callable[[Any], None]  # (an Outcome)
    MoraleDrop = Callable[[ChapterState, int], int]
    Step = Callable[[Any, StartMission], None]  # (an Outcome, the command)
    AfterSupport = Callable[[Any], None]  # (an Outcome)
    Evolver = Callable[[ChapterState, Any], ChapterState]
    Decider = Callable[[ChapterState, Any, Chance | None], Any]  # -> an Outcome
    Actions = Callable[[ChapterState], list[Command]]
    Owns = Callable[[ChapterState], bool]
    Legal = Callable[[ChapterState], tuple[Command, ...] | None]


class Module(NamedTuple):
    """One module's hooks, by moment (None or empty: it does not join at that moment)."""

    name: str
    setup: Setup | None = None
    begin: LayOut | None = None
    start_choices: StartChoices | None = None
    minimum: Minimum | None = None
    before_deal: Step | None = None
    after_deal: Step | None = None
    after_support: AfterSupport | None = None
    before_action: BeforeAction | None = None
    knocks_yield: KnocksYield | None = None
    allows: Allows | None = None
    support: SupportRule | None = None
    trap: Trap | None = None
    after_action: AfterAction | None = None
    mission_end: Moment | None = None
    morale_drop: MoraleDrop | None = None
    chapter_end: Moment | None = None
    evolvers: Mapping[type[Event], Evolver] = {}
    commands: Mapping[type[Command], Decider] = {}
    actions: Actions | None = None
    plays_chapter: Owns | None = None
    decide: Decider | None = None
    legal: Legal | None = None
    support_phase: SupportPhase | None = None


def _hooks(modules: tuple[Module, ...], moment: str) -> tuple[Any, ...]:
    found = (getattr(module, moment) for module in modules)
    return tuple(hook for hook in found if hook is not None)


def _merged(modules: tuple[Module, ...], moment: str) -> dict[type, Any]:
    """One table of a moment's mappings; two modules claiming one type is an error."""
    table: dict[type, Any] = {}  # type -> Evolver or Decider
    for module in modules:
        for kind, hook in getattr(module, moment).items():
            if kind in table:
                raise ValueError(f"{module.name} and another module both claim {kind.__name__}")
            table[kind] = hook
    return table


class Registry:
    """The installed modules and, per moment, the hooks to call, prepared once."""

    __slots__ = (
        "actions",
        "after_action",
        "after_deal",
        "after_support",
        "allows",
        "before_action",
        "before_deal",
        "begin",
        "chapter_end",
        "commands",
        "evolvers",
        "knocks_yield",
        "minimum",
        "mission_end",
        "modules",
        "morale_drop",
        "owners",
        "setup",
        "start_choices",
        "support",
        "trap",
    )
    modules: tuple[Module, ...]
    setup: tuple[Setup, ...]
    begin: tuple[LayOut, ...]
    start_choices: tuple[StartChoices, ...]
    minimum: tuple[Minimum, ...]
    before_deal: tuple[Step, ...]
    after_deal: tuple[Step, ...]
    after_support: tuple[AfterSupport, ...]
    before_action: tuple[BeforeAction, ...]
    knocks_yield: tuple[KnocksYield, ...]
    allows: tuple[Allows, ...]
    support: tuple[SupportRule, ...]
    trap: tuple[Trap, ...]
    after_action: tuple[AfterAction, ...]
    mission_end: tuple[Moment, ...]
    morale_drop: tuple[MoraleDrop, ...]
    chapter_end: tuple[Moment, ...]
    actions: tuple[Actions, ...]
    evolvers: dict[type, Evolver]
    commands: dict[type, Decider]
    owners: tuple[tuple[Callable[[ChapterState], bool], Module], ...]

    def fill(self, modules: tuple[Module, ...]) -> None:
        """Prepare every moment's hooks for these modules, in their order (nothing changes
        when two modules claim one event or command)."""
        evolvers, commands = _merged(modules, "evolvers"), _merged(modules, "commands")
        self.modules = modules
        self.setup = _hooks(modules, "setup")
        self.begin = _hooks(modules, "begin")
        self.start_choices = _hooks(modules, "start_choices")
        self.minimum = _hooks(modules, "minimum")
        self.before_deal = _hooks(modules, "before_deal")
        self.after_deal = _hooks(modules, "after_deal")
        self.after_support = _hooks(modules, "after_support")
        self.before_action = _hooks(modules, "before_action")
        self.knocks_yield = _hooks(modules, "knocks_yield")
        self.allows = _hooks(modules, "allows")
        self.support = _hooks(modules, "support")
        self.trap = _hooks(modules, "trap")
        self.after_action = _hooks(modules, "after_action")
        self.mission_end = _hooks(modules, "mission_end")
        self.morale_drop = _hooks(modules, "morale_drop")
        self.chapter_end = _hooks(modules, "chapter_end")
        self.actions = _hooks(modules, "actions")
        self.evolvers, self.commands = evolvers, commands
        self.owners = tuple((m.plays_chapter, m) for m in modules if m.plays_chapter is not None)

    def owner(self, state: ChapterState) -> Module | None:
        """The module that plays every command of this chapter (Solo), if any."""
        for plays_chapter, module in self.owners:
            if plays_chapter(state):
                return module
        return None


class _Unfilled(Registry):
    """The registry before any module is installed. A moment consulted then: the loader the
    domain gave (``domain/__init__.py``) installs them, once; filled, it is a plain
    ``Registry`` again, whose moments are plain slots (a class with ``__getattr__`` makes
    every read of its attributes slower, ~300 instructions, ~250 times a chapter)."""

    __slots__ = ()

    def __getattr__(self, name: str) -> Any:
        """A moment consulted before any module was installed: install them, then answer."""
        loader = LOADER
        if name not in Registry.__slots__ or loader is None:
            raise AttributeError(name)
        loader()
        return object.__getattribute__(self, name)

    def fill(self, modules: tuple[Module, ...]) -> None:
        """``Registry.fill``, then a plain ``Registry`` from now on."""
        super().fill(modules)
        object.__setattr__(self, "__class__", Registry)  # (``self.__class__ = Registry``)


INSTALLED: Registry = _Unfilled()
LOADER: Callable[[], None] | None = None  # installs the modules (given by domain/__init__)


def install(modules: tuple[Module, ...]) -> tuple[Module, ...]:
    """Make these the modules every chapter plays; the ones installed before."""
    before = INSTALLED.modules
    INSTALLED.fill(modules)
    return before
