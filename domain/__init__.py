"""The rules of The Grizzled and its Armistice Edition, as pure functions over frozen state.

No I/O, no clock, no randomness: chance outcomes come in from outside and are recorded in
the events. Entry points: ``setup.decide_start_chapter``, ``engine.decide``/``execute``,
``evolve.begin``/``evolve``/``replay``, ``legal.legal_actions``.
"""
