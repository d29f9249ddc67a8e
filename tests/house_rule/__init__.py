"""A house rule played as a module of its own, kept in the tests (issue 29): "no Speech
while No Man's Land is empty". It proves that adding a module is one folder (``rule.py``)
plus one line where the modules are installed (``played.py``, for a program that plays
it); importing this package installs nothing, so no other test plays it."""
