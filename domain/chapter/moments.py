"""The named moments at which the Armistice modules join a chapter's rules, and the one
registry of the modules installed.

The chapter's basic rules never import a module (Orders of the Day, Recruits, Solo).
Each module describes itself once, as a ``Module`` listing the hooks it has at these
moments. ``domain/__init__.py`` is the one place that says which modules are played: this
registry's loader calls its ``install_modules`` the first time a chapter consults a
moment, so every chapter function, even called
directly, plays every module, while importing a light part of the domain (its errors,
its limits: what ``grizzled status`` needs) loads no rules at all. This is
boardgame.io's plugin model: plugins join its reducer at fixed points. We chose it over
hooks each module appended to lists in the files it extends (the order of imports then
decided what the rules were) and over checks of what happens to be imported. A moment is
consulted as a plain loop over a tuple the registry prepared at install time, so the
engine's hot paths cost what a direct call did.

The moments, in the order a chapter meets them:

- ``seats``: the Grizzled at an Armistice table, where several share a player: the mode
  that seats them so accepts them (True; Duo: 2 players, 2 Grizzled each side by side;
  Solo: one person, 3 Grizzled) or refuses them; the basic rules seat one Grizzled a player.
- ``setup``: a module with its own kind of chapter sets it up (Solo); None: the basic setup.
- ``decks``: the chapter is set up: the module's decks the Briefing gives, shuffled when
  the engine deals itself, and the numbers it changes, as fields of ``ChapterStarted``
  (Orders, Recruits: their numbered decks; Duo: a Morale Drop of up to 7).
- ``begin``: once ``ChapterStarted`` is applied, each module lays its part of the table.
- ``start_choices``: what the Mission Leader may announce besides the intensity, as
  (kept, put back) pairs (Orders: the order kept and the one put back).
- ``minimum``: the least intensity a Mission may start with (Orders: the kept order's).
- ``before_deal``: a Mission starts, before ``MissionStarted`` (Orders: draw and keep one).
- ``after_deal``: the Mission's cards are dealt (Recruits: a Recruit enters).
- ``restricts``: whether the module's ``before_action`` may refuse an action now (a card
  that restricts in force): while no module says so, the legal actions skip the checks.
- ``before_action``: one of the four actions is about to be decided; a hook may refuse it
  with a ``RuleViolation`` naming its card (the card effects).
- ``knocks_yield``: whether the Hard Knocks that restrict the active player give way
  now ("In case of conflict with a Hard Knock, the Order of the Day has priority": an
  Order's restrictions would otherwise leave no action the Hard Knocks allow).
- ``allows``: whether a card lifts the Hard Knocks restricting a player's action
  (``speech``, ``withdraw``, ``play``: a card that allows it, domain/cards/effects.py).
- ``trap_cancelled``: a Trap is about to spring (its card placed in No Man's Land): what
  cancels it, said (Luck: "the Luck of rain+luck cancels it"); None: it springs.
- ``trap``: a Trap sprang for a player (its drawn card was played).
- ``trap_played``: a Trap was played from a hand and its card placed (evolving): the
  state once what cancels it is spent (Luck: the first symbol in force).
- ``after_action``: the action's events are applied, before the Mission's end is checked.
- ``mission_end``: the Mission failed or succeeded (every way of playing a chapter).
- ``support``: when the Support is revealed, whether anybody benefits and how many Hard
  Knocks the beneficiary may discard (None: as the rules say).
- ``after_support``: the Support phase of a Mission is over, before the defeat checks and
  the Morale Drop (Orders: the spent orders are discarded).
- ``held``: what a module counts at the Morale Drop as cards left in hands (Recruits: the
  Morale tokens on the Recruit in play).
- ``morale_drop``: the number of cards the Morale Drop takes, which a hook may change.
- ``chapter_end``: the chapter is won or lost.
- ``keeps``: what the module keeps on the table, as (its key in ``ChapterState.modules``,
  the type of its record there, a ``piles.Kept``): the chapter holds each module's record
  knowing only what the basic rules ask of it (the threats its cards show), and a stored
  state is read back into that type (``domain/codec.py``).
- ``before_correction``: a correction of a basic fact is about to apply; a hook may
  refuse it with an ``InvalidCorrection`` (Solo: no Grizzled's hand, tokens or tiles).
- ``variants``: the module's own kinds of chapter (``StartChapter.variant``), each with
  whether each seat takes a third Support tile at its start (Solo: no, its solo tiles).
- ``facts``: the module's own facts a correction may set, by name (each a
  ``facts.ModuleFact``: its value read, checked, applied and said).
- ``options``: what the chapter's commands carry for the module, by name (each a
  ``commands.Option``: the command, ``StartChapter`` or ``StartMission``, and the type of
  its value): the chapter hands the command to the module's moments without reading them;
  storage writes them flat under their names (``codec.encode_command``).
- ``evolvers``: how each of the module's own events changes the chapter.
- ``recorded``: the module's own events a campaign stores, each by its ``TYPE``, and
  ``upcasters``: how an older version of one becomes the next, by (``TYPE``, version), as
  ``domain.events.UPCASTERS`` does the game's. ``records.from_record`` resolves them
  after the game's own records (``domain/records.py``, which lists only the game's): a
  stored event of a module the program does not play is refused (``errors.NotPlayed``).
- ``commands``: the module's own commands, decided (Orders' cancellation, the Recruit's turn).
- ``actions``: the module's own commands that are legal now.
- ``shows``: what the module shows on the public board, by a row's name: each a pure
  function of the chapter giving plain data (JSON: a number, text, lists, a mapping) or
  None (no row now). The read models keep the values (``chapter_state.modules``), the
  ``status --json`` document carries them under ``modules``, and the words of each row
  are the module's own, said by the voice (``voice/rooms.py``).
- ``plays_chapter`` with ``decide`` and ``legal``: a module that plays every command of
  the chapters it owns (Solo: one hand, solo tiles); ``legal`` says None where the basic
  rules list the commands (Solo's Support choice); ``summary``: what the player whose
  turn it is may do, summed up from them (Solo: the single hand, the refill);
  ``support_phase``: what follows when
  a correction ended one of its Missions, given who held the turn (Solo: a solo tile is
  due), where the basic rules reveal the Support tiles.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:  # types only: the first chapter module imported, this one stays light
    from domain.cards.catalogue import Catalogue
    from domain.chapter.commands import Chance, Command, Seat, StartChapter, StartMission
    from domain.chapter.state import ChapterState, Player
    from domain.events import ChapterStarted, Event, FactCorrected

    Seats = Callable[[tuple[Seat, ...]], bool]
    Setup = Callable[[StartChapter, Catalogue, Chance | None], ChapterStarted | None]
    LayOut = Callable[[ChapterState, ChapterStarted], ChapterState]
    Decks = Callable[[StartChapter, bool, Chance | None], dict[str, Any]]
    Minimum = Callable[[ChapterState, StartMission], int]
    StartChoices = Callable[[ChapterState], list[tuple[int | None, int | None]]]
    Restricts = Callable[[ChapterState], bool]
    BeforeAction = Callable[[ChapterState, Command], None]
    BeforeCorrection = Callable[[ChapterState, FactCorrected], None]
    KnocksYield = Callable[[ChapterState], bool]
    Allows = Callable[[ChapterState, Player, str], bool]
    SupportRule = Callable[[ChapterState], tuple[bool, int | None]]
    AfterAction = Callable[[Any, Command], None]  # (an Outcome, the command)
    Trap = Callable[[Any, str], None]  # (an Outcome, the player whose Trap sprang)
    TrapCancelled = Callable[[ChapterState], str | None]
    TrapPlayed = Callable[[ChapterState, str], ChapterState]
    SupportPhase = Callable[[Any, str], None]  # (an Outcome, who held the turn)
    Moment = Callable[[Any], None]  # (an Outcome)
    Held = Callable[[ChapterState], int]
    MoraleDrop = Callable[[ChapterState, int], int]
    Step = Callable[[Any, StartMission], None]  # (an Outcome, the command)
    AfterSupport = Callable[[Any], None]  # (an Outcome)
    Evolver = Callable[[ChapterState, Any], ChapterState]
    Upcaster = Callable[[dict[str, Any]], dict[str, Any]]  # a record's data -> the next's
    Decider = Callable[[ChapterState, Any, Chance | None], Any]  # -> an Outcome
    Actions = Callable[[ChapterState], list[Command]]
    Shows = Callable[[ChapterState], Any]
    Owns = Callable[[ChapterState], bool]
    Legal = Callable[[ChapterState], tuple[Command, ...] | None]
    Summary = Callable[[ChapterState, Player, tuple[Command, ...]], dict[str, Any]]


class Module(NamedTuple):
    """One module's hooks, by moment (None or empty: it does not join at that moment)."""

    name: str
    seats: Seats | None = None
    setup: Setup | None = None
    decks: Decks | None = None
    begin: LayOut | None = None
    start_choices: StartChoices | None = None
    minimum: Minimum | None = None
    before_deal: Step | None = None
    after_deal: Step | None = None
    after_support: AfterSupport | None = None
    restricts: Restricts | None = None
    before_action: BeforeAction | None = None
    knocks_yield: KnocksYield | None = None
    allows: Allows | None = None
    support: SupportRule | None = None
    trap_cancelled: TrapCancelled | None = None
    trap: Trap | None = None
    trap_played: TrapPlayed | None = None
    after_action: AfterAction | None = None
    mission_end: Moment | None = None
    held: Held | None = None
    morale_drop: MoraleDrop | None = None
    chapter_end: Moment | None = None
    before_correction: BeforeCorrection | None = None
    keeps: tuple[str, type] | None = None
    evolvers: Mapping[type[Event], Evolver] = {}
    recorded: tuple[type[Event], ...] = ()
    upcasters: Mapping[tuple[str, int], Upcaster] = {}
    commands: Mapping[type[Command], Decider] = {}
    facts: Mapping[str, Any] = {}  # name -> a ``facts.ModuleFact``
    variants: Mapping[str, bool] = {}  # its own chapter variant -> whether seats take a tile
    options: Mapping[str, Any] = {}  # name -> a ``commands.Option`` a command carries for it
    shows: Mapping[str, Shows] = {}  # a board row's name -> its value on this chapter
    actions: Actions | None = None
    plays_chapter: Owns | None = None
    decide: Decider | None = None
    legal: Legal | None = None
    summary: Summary | None = None
    support_phase: SupportPhase | None = None


# Asked of the one module that plays a whole chapter (``Registry.owner``), not as moments.
OWNERS_OWN = frozenset({"plays_chapter", "decide", "legal", "summary", "support_phase"})
# What a module keeps on the table: the registry merges them into one table (``records``).
KEEPS = frozenset({"keeps"})
# The events a module stores: the registry merges them into one table (``recorded``).
RECORDED = frozenset({"recorded"})
# The moments, derived from ``Module``'s fields (each written once, there): a mapping's
# tables are merged into one, every other moment is the tuple of the hooks given.
TABLES = tuple(f for f, d in Module._field_defaults.items() if isinstance(d, Mapping))
MOMENTS = tuple(
    f for f in Module._fields[1:] if f not in OWNERS_OWN | KEEPS | RECORDED and f not in TABLES
)


def _hooks(modules: tuple[Module, ...], moment: str) -> tuple[Any, ...]:
    found = (getattr(module, moment) for module in modules)
    return tuple(hook for hook in found if hook is not None)


def _merged(modules: tuple[Module, ...], moment: str) -> dict[Any, Any]:
    """One table of a moment's mappings; two modules claiming one key is an error."""
    table: dict[Any, Any] = {}  # type -> Evolver or Decider; a fact's name -> ModuleFact
    for module in modules:
        for kind, hook in getattr(module, moment).items():
            if kind in table:
                name = getattr(kind, "__name__", kind)
                raise ValueError(f"{module.name} and another module both claim {name}")
            table[kind] = hook
    return table


def _records(modules: tuple[Module, ...]) -> dict[str, type]:
    """The type of each module's record on the table, by its key; one key claimed twice is
    an error."""
    records: dict[str, type] = {}
    for module in modules:
        if module.keeps is not None:
            key, kind = module.keeps
            if key in records:
                raise ValueError(f"{module.name} and another module both keep {key!r}")
            records[key] = kind
    return records


def _recorded(modules: tuple[Module, ...]) -> dict[str, type]:
    """Each module's stored event by its ``TYPE``; one ``TYPE`` claimed twice is an error."""
    recorded: dict[str, type] = {}
    for module in modules:
        for kind in module.recorded:
            name = getattr(kind, "TYPE")  # noqa: B009 (an Event's class constant)
            if name in recorded:
                raise ValueError(f"{module.name} and another module both record {name}")
            recorded[name] = kind
    return recorded


class Registry:
    """The installed modules and, per moment, the hooks to call, prepared once: a moment
    of ``Module`` is a slot here holding the tuple of its hooks (``INSTALLED.trap``), a
    table (``evolvers``, ``commands``) one dict merged from the modules'."""

    __slots__ = ("modules", "owners", "recorded", "records", *TABLES, *MOMENTS)
    modules: tuple[Module, ...]
    records: dict[str, type]  # a module's key in ``ChapterState.modules`` -> its record's type
    recorded: dict[str, type]  # a module's stored event's ``TYPE`` -> its class
    upcasters: dict[tuple[str, int], Upcaster]  # (a module's event's ``TYPE``, version) ->
    owners: tuple[tuple[Callable[[ChapterState], bool], Module], ...]
    evolvers: dict[type, Evolver]
    commands: dict[type, Decider]
    facts: dict[str, Any]  # a correction's fact -> its ``facts.ModuleFact``
    variants: dict[str, bool]  # a module's own chapter variant -> whether seats take a tile
    options: dict[str, Any]  # a command's option -> its ``commands.Option``
    shows: dict[str, Shows]  # a board row's name -> its value on a chapter

    if TYPE_CHECKING:

        def __getattr__(self, moment: str) -> tuple[Any, ...]:
            """A moment's hooks, in the modules' order (a slot named after its field)."""

    def fill(self, modules: tuple[Module, ...]) -> None:
        """Prepare every moment's hooks for these modules, in their order (nothing changes
        when two modules claim one event, one command or one key on the table)."""
        tables = [(table, _merged(modules, table)) for table in TABLES]
        records, recorded = _records(modules), _recorded(modules)
        for table, merged in tables:
            setattr(self, table, merged)
        for moment in MOMENTS:
            setattr(self, moment, _hooks(modules, moment))
        self.records, self.recorded = records, recorded
        self.modules = modules
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


def install_the_domain_s() -> None:
    """The domain's modules (``domain.install_modules``), installed the first time a chapter
    consults a moment: importing the domain's errors or limits, as ``grizzled status``
    does, loads neither the rulebook nor this registry."""
    from domain import install_modules

    install_modules()


LOADER: Callable[[], None] | None = install_the_domain_s  # a program may give its own


def install(modules: tuple[Module, ...]) -> tuple[Module, ...]:
    """Make these the modules every chapter plays; the ones installed before."""
    before = INSTALLED.modules
    INSTALLED.fill(modules)
    return before
