"""The phone companion (``grizzled serve``): the campaign's board, Next line, log and score
as web pages a phone on the table reads, served from the campaign file.

A face beside ``cli``: it asks the application (``app``) what the board is and what a
keeper's tap recorded, as data, in-process (the same documents the command line prints
as JSON), and shows them with the voice's words; it composes no sentence of the game
itself, runs no command and reads no printed text. What a viewer's
page holds is built from the public document only (``voice.facts.seen_board``), so a
secret (a Support tile played face down, a hand) never leaves the server.
"""
