"""The real server in its own process: stopped with SIGTERM in the middle of a match, started again, the match resumed on the same link and its record verified."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time

import httpx
from websockets.sync.client import connect


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _start(port: int, env: dict) -> subprocess.Popen:
    server = subprocess.Popen([sys.executable, "-m", "muggins_cli", "serve", "--port", str(port), "--pace", "0"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/tables", timeout=1).status_code == 200:
                return server
        except httpx.HTTPError:
            time.sleep(0.1)
    server.kill()
    raise AssertionError(f"the server did not start: {server.communicate()}")


def _updates(ws):
    while True:
        frame = json.loads(ws.recv(timeout=10))
        if frame["type"] in ("hello", "update"):
            yield frame


def test_sigterm_mid_match_keeps_the_record_whole_and_a_restart_resumes_it_on_the_same_link(tmp_path):
    port = _free_port()
    env = {**os.environ, "MUGGINS_LOAD_PLUGINS": "muggins_web,muggins_shedding", "MUGGINS_RECORDS": str(tmp_path)}
    server = _start(port, env)
    try:
        links = httpx.post(f"http://127.0.0.1:{port}/api/tables",
                           json={"game": "muggins_shedding", "players": 3, "seats": ["human", "novice", "expert"], "seed": 51}).json()
        assert links["seats"][0]["url"].startswith(f"http://127.0.0.1:{port}/table/")
        ws_url = f"ws://127.0.0.1:{port}/ws/{links['table']}?token={links['seats'][0]['url'].split('#')[1]}"
        with connect(ws_url) as ws:
            answered = 0
            for frame in _updates(ws):
                if frame["decision"] is not None:
                    if answered == 5:
                        break
                    ws.send(json.dumps({"type": "act", "step": frame["step"], "action": frame["decision"]["choices"][0]["text"]}))
                    answered += 1
            stopped_at = frame["step"]
            server.send_signal(signal.SIGTERM)
            # It stops by itself (no kill); how fast is a figure for benchmarks, not a bound a busy machine may miss.
            server.wait(timeout=60)
    finally:
        if server.poll() is None:
            server.kill()
    server = _start(port, env)
    try:
        with connect(ws_url) as ws:
            frames = _updates(ws)
            hello = next(frames)
            assert hello["type"] == "hello" and hello["step"] == stopped_at and hello["decision"] is not None
            frame = hello
            while not frame["over"]:
                if frame["decision"] is not None:
                    ws.send(json.dumps({"type": "act", "step": frame["step"], "action": frame["decision"]["choices"][0]["text"]}))
                frame = next(frames)
    except Exception:
        server.send_signal(signal.SIGTERM)
        print(server.communicate(timeout=10))
        raise
    finally:
        if server.poll() is None:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=10)
    verified = subprocess.run([sys.executable, "-m", "muggins_cli", "replay", "--verify", str(tmp_path / links["record"])], env=env,
                              capture_output=True, text=True, timeout=60)
    assert verified.returncode == 0 and verified.stdout.startswith("ok:"), verified.stderr
