"""A phone's connection to the companion (issue 41), in Chromium at a phone's size: a stream
that silently stops (a proxy that stops forwarding, as a phone's network does) shows the
banner within 12 s, and the page catches up within 3 s of the network's return; a server
that is gone leaves the last board on screen, marked offline by the service worker's copy."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

from tests.browser.conftest import ENTRIES
from tests.browser.server import Served

BANNER_S = 12.0  # the bounds: the banner after a stall, the catch-up after it ends
CATCH_UP_S = 3.0
LIVE = "() => document.body.dataset.connection === 'live'"
QUIET = "() => !document.getElementById('connection').hidden"  # the banner, saying why


class Proxy:
    """A loopback TCP proxy to ``port`` whose network can be cut: while cut, nothing is
    forwarded; the connections made before or during the cut never forward again and are
    never closed (the phone's old connections are silently lost, its browser's idle ones
    with them): only a connection made after the network returns carries anything."""

    def __init__(self, port: int) -> None:
        self.upstream = port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.epoch, self.down, self.closed = 0, False, False
        self.held: list[tuple[int, socket.socket]] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def alive(self, born: int) -> bool:
        return born == self.epoch and not self.down and not self.closed

    def cut(self) -> None:
        with self.lock:
            self.epoch, self.down = self.epoch + 1, True

    def restore(self) -> None:
        with self.lock:
            self.epoch, self.down = self.epoch + 1, False

    def close(self) -> None:
        self.closed = True
        self.listener.close()
        for _, sock in self.held:
            with contextlib.suppress(OSError):
                sock.close()

    def _accept(self) -> None:
        while not self.closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            with self.lock:
                born = self.epoch
                self.held.append((born, client))
            if self.down:
                continue  # made while the network is down: never answered
            server = socket.create_connection(("127.0.0.1", self.upstream))
            self.held.append((born, server))
            for source, sink in ((client, server), (server, client)):
                threading.Thread(target=self._carry, args=(source, sink, born), daemon=True).start()

    def _carry(self, source: socket.socket, sink: socket.socket, born: int) -> None:
        source.settimeout(0.1)
        while self.alive(born):
            try:
                data = source.recv(65536)
            except TimeoutError:
                continue
            except OSError:
                return
            if not self.alive(born):
                return  # read while the network went down: lost
            try:
                if not data:
                    sink.shutdown(socket.SHUT_WR)
                    return
                sink.sendall(data)
            except OSError:
                return


@contextlib.contextmanager
def proxied(served: Served) -> Iterator[Proxy]:
    proxy = Proxy(int(served.viewer.rsplit(":", 1)[1].strip("/")))
    try:
        yield proxy
    finally:
        proxy.close()


def test_a_stalled_stream_shows_the_banner_and_catches_up_when_the_network_returns(
    served: Served, phone: Any, table: Any
) -> None:
    with proxied(served) as proxy:
        phone.goto(f"http://127.0.0.1:{proxy.port}/")
        phone.wait_for_function(LIVE)
        assert phone.get_by_test_id("connection").is_hidden()
        before = phone.get_by_test_id("log-entry").count()
        proxy.cut()
        cut = time.monotonic()
        table.ok("play", "night+snow")  # logged at the table while the phone hears nothing
        phone.wait_for_function(QUIET, timeout=BANNER_S * 1000)
        assert time.monotonic() - cut <= BANNER_S
        assert "reconnecting" in phone.get_by_test_id("connection").inner_text()
        assert phone.get_by_test_id("log-entry").count() == before  # the stale board, marked
        time.sleep(2.0)  # the network stays down a while longer
        proxy.restore()
        back = time.monotonic()
        phone.wait_for_function(ENTRIES, arg=before + 1, timeout=CATCH_UP_S * 1000)
        assert time.monotonic() - back <= CATCH_UP_S
        phone.wait_for_function(LIVE, timeout=CATCH_UP_S * 1000)
        assert phone.get_by_test_id("connection").is_hidden()


def test_a_server_that_is_gone_leaves_the_last_board_marked_offline(
    served: Served, phone: Any
) -> None:
    phone.goto(served.viewer)
    phone.wait_for_function(LIVE)  # a first visit: the page kept as it stands
    phone.wait_for_function("() => caches.match(location.href).then(kept => !!kept)")
    # the worker answers this page's requests (claimed): else a reload goes to the network
    phone.wait_for_function("() => !!navigator.serviceWorker.controller")
    board = phone.get_by_test_id("board").inner_text()
    served.process.kill()
    served.process.wait(10)
    phone.wait_for_function(QUIET, timeout=BANNER_S * 1000)
    assert "Offline" in phone.get_by_test_id("connection").inner_text()
    phone.reload()  # the server gone: the worker's copy, and the banner again
    assert phone.get_by_test_id("board").inner_text() == board
    phone.wait_for_function(QUIET, timeout=BANNER_S * 1000)
    assert "Offline" in phone.get_by_test_id("connection").inner_text()
