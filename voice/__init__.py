"""The voice: every word of the game a player reads, composed once for every face.

What happened (``narrate``), what comes next (``next_step``), the board's rows
(``board``), the log's lines (``log``), the table session's prompt and hints (``table``)
and the documented JSON facts (``facts``), each from the domain's events and states or
the read models' documents. A face (the command line, the table session, a web page)
renders what the voice says and composes no sentence of the game itself.

The voice imports the domain and the read models, never a face, the tracker, rich or
click; like the read commands, it loads the rules only where a word needs them, so
``grizzled status`` stays at the floor.
"""
