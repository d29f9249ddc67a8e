"""The phone companion (``grizzled serve``): the campaign's board, Next line, log and score
as web pages a phone on the table reads, served from the campaign file.

A face beside ``cli``: it reads what the command line says (the same documents) and shows
them with the voice's words; it composes no sentence of the game itself. What a viewer's
page holds is built from the public document only (``voice.facts.seen_board``), so a
secret (a Support tile played face down, a hand) never leaves the server.
"""
