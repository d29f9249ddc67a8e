"""A chapter, as the rulebook's "Playing a Game" tells it: its state and commands, the
setup, the four actions, Hard Knocks, the end of a Mission (Support, Morale Drop,
victory and defeat), corrections, and ``evolve``, which applies the events. It imports
nothing from ``domain.modules`` or ``domain.campaign``: the modules' piles lie on the
table (``piles``) and the modules join the rules at the named moments of ``moments``."""
