"""The web table under load: many concurrent tables of bots and scripted websocket people on one `muggins serve` process.

The server runs in its own process (`muggins serve --pace 0`), so the
client's work is not counted in its CPU. Each table is a three-player
shedding match with one scripted person (seat 0) and two novices; the
person answers `THINK` seconds after each prompt (1 s, as a person would;
0.2 s with --quick) with the standing answer where there is one, else the
first choice. For `SECONDS` the figures are: the tables held (every one
connected and playing), the decisions per second the server took across
all of them (bots' included, read from `GET /api/tables`), and the time
from a person's answer being sent to the next frame arriving, p50 and
p99, the mean size in bytes of the update frames the people received
(`update_frame_bytes_mean`, as sent on the wire), and the processor seconds the server and this client spent in that
time (on Linux; the two share the machine, so a busy client shows in the
latency too). This client's garbage collector is paused while it measures
(`gc.disable`): a full pass over its hundred connections takes tens of
milliseconds, and every frame arriving meanwhile would be counted late as
if the server had been slow. Printed as JSON lines, never asserted; the
issue's goal on a 2-core machine is 100 tables with p99 under 50 ms.

A second run (`web_load_with_search`) makes `SEARCH_TABLES` of the tables
bot-only cribbage tables of two search bots at the web's cap (2,000
simulations a decision), which think in the server's worker thread for the
whole run, and reports the other tables' click-to-frame figures beside
them; then it sends the server SIGTERM and reports how long it took to
exit (`sigterm_exit_s`; the goal is under 5 s whatever the bots are doing).

Two more (issue 37): `web_restart_first_page` starts a server, makes
`RESTART_TABLES` bot-only search tables (two searches at cribbage each),
lets them play `RESTART_PLAY` seconds, stops it with SIGTERM and starts it
again on the same records, `RESTART_REPEATS` times: the seconds from the
new process's start to its first answered page (`GET /`), and from its
"serving on" line to that page (the reopened tables are read back and
play on meanwhile; the goal is under 1 s). `web_bystander_with_runaway_search`
makes one bot-only shedding table of ten thousand hands whose search's
every imagined match runs for ever (`RUNAWAY_TABLE`), so each of its
searches runs into the web's 30 s think limit, beside `BYSTANDERS`
tables of a scripted person and two novices, for `RUNAWAY_SECONDS`: the
bystanders' click-to-frame p50/p99 (goal: p99 under 50 ms) and whether the
runaway table was stopped by its limit (`runaway_stopped`).

Run: `uv run --group dev python benchmarks/bench_web.py [--quick] [--tables N] [--search-tables K]` (or through benchmarks/run.py).
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Iterable

#: (tables, seconds, think time), by default and with --quick.
SIZES = {False: (100, 20.0, 1.0), True: (10, 4.0, 0.2)}
#: Tables of two search bots among the others in the second run.
SEARCH_TABLES = 2
SEARCH_TABLE = {"game": "cribbage_muggins", "players": 2, "seats": ["search:iterations=2000", "search:iterations=2000"], "pace": 0}
#: Bot-only search tables a restart reopens, the seconds they play before the stop, and how many restarts are timed.
RESTART_TABLES, RESTART_PLAY, RESTART_REPEATS = 5, 2.0, 5
#: A table whose search never finishes one imagined match: the novices err, so the search weighs windows, and a rollout
#: of ten thousand hands of ten million exposures each never ends.
RUNAWAY_TABLE = {"game": "muggins_shedding", "players": 3, "seed": 7, "pace": 0,
                 "rules": {"hands": 10000, "turn_limit": 10_000_000},
                 "seats": ["search:rollout=novice,horizon=false,iterations=2000,only_correct=false", "novice:error_rate=0.5", "novice:error_rate=0.5"]}
#: Bystander tables beside it and the seconds they are measured (past the 30 s think limit), by default and with --quick.
BYSTANDERS, RUNAWAY_SECONDS = 10, {False: 40.0, True: 5.0}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def _person(url: str, think: float, until: float, latencies: list[float], frame_bytes: list[int]) -> None:
    from websockets.asyncio.client import connect

    async with connect(url, max_size=None) as ws:
        sent_at = None
        while time.monotonic() < until:
            try:
                text = await asyncio.wait_for(ws.recv(), timeout=max(0.1, until - time.monotonic()))
            except asyncio.TimeoutError:
                return
            frame = json.loads(text)
            if frame["type"] not in ("update", "hello"):
                continue
            if frame["type"] == "update":
                frame_bytes.append(len(text.encode("utf-8")) if isinstance(text, str) else len(text))
            if sent_at is not None:
                latencies.append(time.monotonic() - sent_at)
                sent_at = None
            decision = frame["decision"]
            if frame["over"] or decision is None:
                continue
            await asyncio.sleep(think)
            action = decision["standing"] or decision["choices"][0]["text"]
            sent_at = time.monotonic()
            await ws.send(json.dumps({"type": "act", "step": frame["step"], "action": action}))


def _cpu_seconds(pid: int) -> float | None:
    """The processor time (user and system) process `pid` has used, where /proc tells it."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _load(base: str, tables: int, seconds: float, think: float, server_pid: int | None = None, searching: int = 0,
                runaway: bool = False) -> dict:
    import httpx

    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        for n in range(searching):  # bot-only: the POST answers at once while their bots think in the thread
            response = await client.post("/api/tables", json={**SEARCH_TABLE, "seed": n})
            response.raise_for_status()
        runaway_id = None
        if runaway:
            response = await client.post("/api/tables", json=RUNAWAY_TABLE)
            response.raise_for_status()
            runaway_id = response.json()["table"]
        made = []
        for n in range(tables - searching):
            response = await client.post("/api/tables", json={"game": "muggins_shedding", "players": 3, "seed": n,
                                                              "seats": ["human", "novice", "novice"], "pace": 0})
            response.raise_for_status()
            made.append(response.json())
        before = sum(t["step"] for t in (await client.get("/api/tables")).json()["tables"])
        latencies: list[float] = []
        frame_bytes: list[int] = []  # the size of every update frame the people received, as sent
        server_cpu, client_cpu = _cpu_seconds(server_pid) if server_pid else None, time.process_time()
        began = time.monotonic()
        until = began + seconds
        ws_base = base.replace("http://", "ws://")
        gc.disable()
        try:
            await asyncio.gather(*(_person(f"{ws_base}/ws/{t['table']}?token={t['seats'][0]['url'].split('#')[1]}", think, until, latencies, frame_bytes)
                                   for t in made))
        finally:
            gc.enable()
        elapsed = time.monotonic() - began
        client_cpu = time.process_time() - client_cpu
        if server_cpu is not None:
            server_cpu = _cpu_seconds(server_pid) - server_cpu
        listed = (await client.get("/api/tables")).json()["tables"]
    after = sum(t["step"] for t in listed)
    stopped = next((t["stopped"] for t in listed if t["table"] == runaway_id), None)
    ordered = sorted(latencies)
    pick = (lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000) if ordered else (lambda q: None)
    return {"tables": len(listed), "search_tables": searching, "decisions_per_second": round((after - before) / elapsed, 1), "answers": len(ordered),
            "p50_ms": None if not ordered else round(statistics.median(ordered) * 1000, 2),
            "p99_ms": None if not ordered else round(pick(0.99), 2),
            "server_cpu_s": None if server_cpu is None else round(server_cpu, 2), "client_cpu_s": round(client_cpu, 2),
            "update_frame_bytes_mean": round(statistics.mean(frame_bytes)) if frame_bytes else None,
            **({"runaway_stopped": stopped} if runaway else {})}


def run(quick: bool, baseline: str | None = None, tables: int | None = None, searching: int = SEARCH_TABLES) -> Iterable[dict]:
    count, seconds, think = SIZES[quick]
    count = tables or count
    yield {"metric": "web_load", "seconds": seconds, "think_s": think, **_served(count, seconds, think, 0)[0]}
    if searching:
        figures, exit_s = _served(count, seconds, think, searching)
        yield {"metric": "web_load_with_search", "seconds": seconds, "think_s": think, **figures, "sigterm_exit_s": exit_s}
    yield _restart_first_page(quick)
    seconds = RUNAWAY_SECONDS[quick]
    figures, exit_s = _served(BYSTANDERS, seconds, think, 0, runaway=True)
    yield {"metric": "web_bystander_with_runaway_search", "seconds": seconds, "think_s": think, **figures, "sigterm_exit_s": exit_s}


def _start(port: int, env: dict) -> tuple[subprocess.Popen, float, float]:
    """A server on `port`; the moment it was started and the seconds to its "serving on" line."""
    began = time.monotonic()
    server = subprocess.Popen([sys.executable, "-m", "muggins_cli", "serve", "--port", str(port), "--pace", "0"], env=env,
                              stdout=subprocess.PIPE, text=True)
    server.stdout.readline()  # "muggins: serving on ..."
    return server, began, time.monotonic() - began


def _stop(server: subprocess.Popen) -> None:
    import signal

    server.send_signal(signal.SIGTERM)
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def _restart_first_page(quick: bool) -> dict:
    """Seconds from a restart's process start (and from its "serving on" line) to its first page, with bot-only search tables to reopen."""
    import httpx

    repeats = 2 if quick else RESTART_REPEATS
    to_page, after_line = [], []
    with tempfile.TemporaryDirectory() as records:
        env = {**os.environ, "MUGGINS_LOAD_PLUGINS": "muggins_web,muggins_shedding,cribbage_muggins", "MUGGINS_RECORDS": records}
        port = _free_port()
        for repeat in range(repeats):
            server, began, _line = _start(port, env)
            try:
                if repeat == 0:
                    for n in range(RESTART_TABLES):
                        httpx.post(f"http://127.0.0.1:{port}/api/tables", json={**SEARCH_TABLE, "seed": n}, timeout=30).raise_for_status()
                time.sleep(RESTART_PLAY)
            finally:
                _stop(server)
            server, began, line_s = _start(port, env)
            try:
                while True:
                    try:
                        httpx.get(f"http://127.0.0.1:{port}/", timeout=30).raise_for_status()
                        break
                    except httpx.TransportError:
                        time.sleep(0.01)
                page_s = time.monotonic() - began
                reopened = len(httpx.get(f"http://127.0.0.1:{port}/api/tables", timeout=30).json()["tables"])
            finally:
                _stop(server)
            to_page.append(page_s)
            after_line.append(page_s - line_s)
    return {"metric": "web_restart_first_page", "tables": RESTART_TABLES, "repeats": repeats, "clock": "wall",
            "value": round(statistics.median(to_page), 3), "min": round(min(to_page), 3), "max": round(max(to_page), 3),
            "after_serving_line_s": round(statistics.median(after_line), 3), "goal": 1.0, "listed_at_the_end": reopened}


def _served(count: int, seconds: float, think: float, searching: int, runaway: bool = False) -> tuple[dict, float]:
    """The load's figures on a fresh server, and the seconds it took to exit on SIGTERM right after."""
    port = _free_port()
    with tempfile.TemporaryDirectory() as records:
        env = {**os.environ, "MUGGINS_LOAD_PLUGINS": "muggins_web,muggins_shedding,cribbage_muggins", "MUGGINS_RECORDS": records}
        server = subprocess.Popen([sys.executable, "-m", "muggins_cli", "serve", "--port", str(port), "--pace", "0",
                                   "--max-tables", str(count + runaway)], env=env, stdout=subprocess.DEVNULL)
        try:
            import httpx

            deadline = time.monotonic() + 30
            while True:
                try:
                    httpx.get(f"http://127.0.0.1:{port}/api/tables", timeout=1)
                    break
                except httpx.HTTPError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.1)
            figures = asyncio.run(_load(f"http://127.0.0.1:{port}", count, seconds, think, server.pid, searching, runaway))
        finally:
            asked = time.monotonic()
            _stop(server)
            exit_s = round(time.monotonic() - asked, 2)
    return figures, exit_s


if __name__ == "__main__":
    from timing import script_options

    options = script_options(sys.argv[1:], tables=int, **{"search-tables": int})
    for figure in run("--quick" in sys.argv, tables=options.get("tables"), searching=options.get("search-tables", SEARCH_TABLES)):
        print(json.dumps({"bench": "web", **figure}))
