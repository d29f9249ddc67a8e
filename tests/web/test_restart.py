"""``grizzled serve`` stopped and started again (issue 41): the keeper's address is the same
(its token kept, owner-only, in the data directory; ``--new-keeper-link`` revokes it); a tap
in flight when the server was killed, sent again, is logged at most once and the page says
whether it counted. Also what serve prints: the keeper's QR code only when asked, and a busy
port in one line before any address."""

from __future__ import annotations

import contextlib
import http.client
import os
import socket
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlencode, urlsplit

from tests.browser.server import free_port, serve
from tests.cli.conftest import Grizzled, stored_events
from tests.web import flood

RUN = "from cli.script import run; run()"  # the grizzled command, as its script runs it
QR = set("█▀▄")  # segno's compact terminal drawing


def _post(url: str, fields: dict[str, str]) -> tuple[int, str]:
    address = urlsplit(url)
    connection = http.client.HTTPConnection("127.0.0.1", address.port, timeout=flood.TIMEOUT)
    try:
        kind = {"Content-Type": "application/x-www-form-urlencoded"}
        connection.request("POST", address.path, body=urlencode(fields), headers=kind)
        answer = connection.getresponse()
        return answer.status, answer.read().decode("utf-8", "replace")
    finally:
        connection.close()


def _sent(url: str, fields: dict[str, str]) -> None:
    """A tap whose answer may never come (the server is killed under it)."""
    with contextlib.suppress(OSError):
        _post(url, fields)


def test_the_keepers_address_survives_a_restart_and_new_keeper_link_revokes_it(
    table: Grizzled,
) -> None:
    port = free_port()  # the same address: the same port too
    with serve(Path(table.db), port=port) as first:
        pass
    with serve(Path(table.db), port=port) as again:
        assert again.keeper == first.keeper
        assert flood.get(again.keeper)[0] == 200
    kept = list((Path(os.environ["XDG_DATA_HOME"]) / "grizzled" / "companion").glob("*.json"))
    assert len(kept) == 1 and stat.S_IMODE(kept[0].stat().st_mode) == 0o600
    with serve(Path(table.db), None, "--new-keeper-link", port=port) as renewed:
        assert renewed.keeper != first.keeper
        assert flood.get(first.keeper)[0] == 404  # the old address no longer logs
        assert flood.get(renewed.keeper)[0] == 200


def test_a_tap_in_flight_when_the_server_is_killed_counts_at_most_once_and_says_so(
    table: Grizzled,
) -> None:
    said = set()
    port = free_port()
    for delay in (0.0, 0.03, 0.3):  # killed before, during or after the write
        with serve(Path(table.db), port=port) as first:
            fields = {**flood.keeper_fields(first.keeper), "move": "undo", "reason": "oops"}
            before = stored_events(table.db)
            tap = threading.Thread(target=_sent, args=(first.keeper + "/act", fields))
            tap.start()
            time.sleep(delay)
            first.process.kill()
            first.process.wait(10)
            tap.join(flood.TIMEOUT)
        logged = stored_events(table.db) - before
        assert logged in (0, 1)
        with serve(Path(table.db), port=port) as second:
            assert second.keeper == first.keeper and flood.get(second.keeper)[0] == 200
            status, page = _post(second.keeper + "/act", fields)  # the same tap again
        assert stored_events(table.db) - before == logged  # never logged twice
        if logged:
            assert status == 200 and "Your tap counted: it is logged as #" in page
            said.add("counted")
        else:
            assert status in (403, 409), status
            assert "Your tap did not count: nothing was logged" in page
            said.add("not counted")
    assert said  # (which of the two each round met depends on the timing)


def _printed(*options: str, port: int | None = None) -> tuple[int, str]:
    """What ``grizzled serve`` prints before it serves (stopped once it has), and its exit
    status (None while it ran)."""
    port = port or free_port()
    command = [sys.executable, "-c", RUN, "serve", "--port", str(port), *options]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert process.stdout is not None
    lines = []
    for line in process.stdout:
        lines.append(line)
        if line.startswith("Stop with"):
            break
    process.terminate()
    status = process.wait(10)
    process.stdout.close()
    return status, "".join(lines)


def _qr_codes(text: str) -> int:
    drawn = [bool(QR & set(line)) for line in text.splitlines()]
    return sum(1 for n, line in enumerate(drawn) if line and (n == 0 or not drawn[n - 1]))


def test_serve_lan_prints_the_keepers_qr_code_only_when_asked(table: Grizzled) -> None:
    _, plain = _printed("--lan")
    assert "Keeper 1: http" in plain and _qr_codes(plain) == 1  # the viewer's only
    assert "--keeper-qr" in plain
    _, asked = _printed("--lan", "--keeper-qr")
    assert _qr_codes(asked) == 2


def test_a_busy_port_is_one_line_before_any_address(table: Grizzled) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        status, text = _printed(port=port)
    assert status == 1
    assert text.splitlines() == [
        f"Error: port {port} is in use (another grizzled serve?): choose another with --port"
    ]
