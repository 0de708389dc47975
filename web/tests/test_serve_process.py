"""`muggins serve` as a real process: it stops within seconds whatever its bots do, and refuses what it cannot serve in one line.

Each test starts `python -m muggins_cli serve --port 0` (the system picks
the port; the test reads it from the "serving on" line, printed once the
server listens) with the records in a temporary folder, and a plugin of
two bots written here (`thinkers`): `thinker` thinks until its thinking
limit is stopped (it calls `muggins.thinking.keep_thinking()`), `deaf`
thinks for ever and never checks. A test waits on the process and on the
server's frames, never on a fixed sleep: SIGTERM while either thinks ends
the process within a few seconds (exit 143), and so does Ctrl-C (exit
130; before, a bot that never checked kept it waiting for ever); a port in
use, a host that cannot be listened on, `--pace nan` are one
`muggins: error:` line, exit 2, with nothing served; a malformed tokens
file in the records folder is one warning line and the server starts; a
Host the server was not started for is refused at the handshake unless
`--allow-host` names it, and a websocket for an unknown table is closed
with 4404 and its reason, as a browser sees it.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys

import httpx
import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from muggins_web.server import STOP_WITHIN

THINKERS = '''
"""Two bots for the server's stop tests: one thinks until its limit is stopped, one for ever."""
import time

from muggins import hookimpl
from muggins.thinking import keep_thinking


class Thinker:
    thinks = True  # never played on the event loop

    def __init__(self, checks):
        self.checks = checks

    def choose(self, view, decision):
        while True:
            if self.checks:
                keep_thinking()
            time.sleep(0.005)


@hookimpl
def muggins_register_players(register):
    register("thinker", lambda rng, **kw: Thinker(True), description="thinks until it is stopped")
    register("deaf", lambda rng, **kw: Thinker(False), description="thinks for ever and never checks its limit")
'''


@pytest.fixture
def environment(tmp_path):
    """The environment of a server whose records go to tmp_path/records, with the `thinkers` plugin installed beside."""
    site = tmp_path / "site"
    info = site / "thinkers-1.0.dist-info"
    info.mkdir(parents=True)
    (site / "thinkers.py").write_text(THINKERS)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: thinkers\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[muggins]\nthinkers = thinkers\n")
    paths = [str(site), os.environ.get("PYTHONPATH", "")]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p), "MUGGINS_RECORDS": str(tmp_path / "records"),
            "MUGGINS_LOAD_PLUGINS": "muggins_web,muggins_shedding,thinkers"}


class Server:
    """A running `muggins serve` and the port it printed."""

    def __init__(self, env: dict, *options: str) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "muggins_cli", "serve", "--port", "0", "--pace", "0", *options],
                                        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()  # printed once the server listens; empty if it ended first
        if "serving on" not in line:
            self.process.kill()
            raise AssertionError(f"the server did not start: {line!r} {self.process.communicate(timeout=30)}")
        self.port = int(line.split("http://127.0.0.1:")[1].split("/")[0])
        self.base = f"http://127.0.0.1:{self.port}"

    def stop(self, sig: int = signal.SIGTERM, within: float = 30.0) -> tuple[int, str]:
        """Send `sig` and wait at most `within` seconds for the process to end; its exit code and standard error."""
        self.process.send_signal(sig)
        try:
            self.process.wait(timeout=within)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise AssertionError(f"still running {within} s after {signal.Signals(sig).name}: {self.process.communicate(timeout=30)}")
        return self.process.returncode, self.process.stderr.read()

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=30)


@pytest.fixture
def start(environment):
    started = []

    def run(*options: str) -> Server:
        server = Server(environment, *options)
        started.append(server)
        return server

    yield run
    for server in started:
        server.close()


def _until(ws, kind: str, **wanted):
    while True:
        frame = json.loads(ws.recv(timeout=60))
        if frame["type"] == kind and all(frame.get(k) == v for k, v in wanted.items()):
            return frame


def _thinking(server: Server, bot: str, ws) -> dict:
    """A table started from the host's websocket `ws`, whose seat 2, the first to act with this seed, is `bot`, thinking now."""
    links = httpx.post(f"{server.base}/api/tables", json={"game": "muggins_shedding", "players": 3, "seats": ["novice", "novice", bot],
                                                        "seed": 3, "start": "host"}, timeout=30).json()
    ws.connect(f"ws://127.0.0.1:{server.port}/ws/{links['table']}?token={links['host'].split('#')[1]}")
    _until(ws.socket, "hello")
    ws.socket.send(json.dumps({"type": "start"}))
    _until(ws.socket, "thinking", seat=2)  # the server says so once the bot has thought for a quarter of a second
    return links


class _Socket:
    """A websocket opened once the table's link is known, closed at the end of the test."""

    def __init__(self) -> None:
        self.context = self.socket = None

    def connect(self, url: str) -> None:
        self.context = connect(url)
        self.socket = self.context.__enter__()

    def close(self) -> None:
        if self.context is not None:
            self.context.__exit__(None, None, None)


# The bounds are far above what a stop takes (benchmarks/bench_web.py measures it: a fifth of a second)
# so a busy machine cannot fail them; what shows the stop is prompt is the absence of the fallback's
# warning for a bot that checks its limit: nothing still ran STOP_WITHIN seconds after the signal.
@pytest.mark.parametrize("sig, bot, within, code, said", [
    (signal.SIGTERM, "thinker", 30.0, 143, "muggins: error: stopped by SIGTERM"),
    (signal.SIGTERM, "deaf", STOP_WITHIN + 30.0, 143, "muggins: error: stopped by SIGTERM"),
    (signal.SIGINT, "deaf", STOP_WITHIN + 30.0, 130, "muggins: error: interrupted"),
])
def test_a_stop_signal_stops_the_server_within_seconds_whatever_its_bot_is_thinking(start, environment, sig, bot, within, code, said):
    from muggins.records import read_record

    server = start()
    ws = _Socket()
    try:
        links = _thinking(server, bot, ws)
        exit_code, stderr = server.stop(sig, within=within)
    finally:
        ws.close()
    assert exit_code == code and stderr.rstrip().endswith(said), stderr
    assert ("did not check" in stderr or "does not check its thinking limit" in stderr) == (bot == "deaf"), stderr
    record = read_record(os.path.join(environment["MUGGINS_RECORDS"], links["record"]))  # whole to its last line
    assert record.result is None


def test_ctrl_c_stops_the_server_with_exit_130(start):
    code, stderr = start().stop(signal.SIGINT)
    assert code == 130 and stderr.strip().splitlines()[-1] == "muggins: error: interrupted", stderr


def _refused(environment, *options: str) -> str:
    done = subprocess.run([sys.executable, "-m", "muggins_cli", "serve", *options], env=environment, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == "", (done.returncode, done.stdout, done.stderr)
    [line] = done.stderr.splitlines()
    assert line.startswith("muggins: error: ") and len(line) <= 400
    return line


def test_a_port_in_use_a_host_that_cannot_be_listened_on_and_a_pace_of_nan_are_one_line_exit_2(environment):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        line = _refused(environment, "--port", str(port))
    assert line == f"muggins: error: port {port} is in use on 127.0.0.1 (another server listens there); choose another --port"
    line = _refused(environment, "--host", "h" * 3000, "--port", "0")
    assert line.startswith("muggins: error: cannot listen on --host 'hhhh") and "…" in line
    for pace in ("nan", "inf", "-1", "601"):
        assert "--pace" in _refused(environment, "--pace", pace, "--port", "0")
    assert "not a host name" in _refused(environment, "--allow-host", "http://x/", "--port", "0")


def test_a_malformed_tokens_file_is_one_warning_and_the_server_starts(start, environment):
    folder = environment["MUGGINS_RECORDS"]
    os.makedirs(folder)
    with open(os.path.join(folder, "muggins-muggins_shedding-1.jsonl.tokens.json"), "w") as broken:
        broken.write("[not, json")
    server = start()
    assert httpx.get(f"{server.base}/api/tables", timeout=30).json() == {"tables": []}
    code, stderr = server.stop()
    warnings = [line for line in stderr.splitlines() if line.startswith("muggins: warning:")]
    assert warnings == ["muggins: warning: muggins-muggins_shedding-1.jsonl.tokens.json: not reopened; "
                        "its tokens file cannot be read as JSON (Expecting value: line 1 column 2 (char 1))"], stderr


def test_only_the_hosts_the_server_was_started_for_are_answered_and_a_refused_websocket_says_why(start):
    server = start("--allow-host", "friends.example")
    for host, status in [("rebind.evil.example", 400), (f"rebind.evil.example:{server.port}", 400),
                         (f"friends.example:{server.port}", 200), (f"localhost:{server.port}", 200)]:
        response = httpx.get(f"{server.base}/api/games", headers={"host": host}, timeout=30)
        assert response.status_code == status, host
    rebound = socket.create_connection(("127.0.0.1", server.port))  # what a rebinding page's name resolves to: this machine
    with pytest.raises(InvalidStatus) as refused:
        connect(f"ws://rebind.evil.example:{server.port}/ws/x", sock=rebound, origin=f"http://rebind.evil.example:{server.port}")
    rebound.close()
    assert refused.value.response.status_code == 400
    with connect(f"ws://127.0.0.1:{server.port}/ws/nosuchtable") as ws:
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=30)
    assert (closed.value.rcvd.code, closed.value.rcvd.reason) == (4404, "no such table on this server")
    server.stop()
