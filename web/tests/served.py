"""A lobby's app served for real on a free loopback port, in a thread: what the browser tests point Chromium at.

`serving(lobby)` starts uvicorn with the app `create_app(lobby)` makes,
waits until it listens, yields the base URL and stops the server when the
block ends. Loaded by the test modules that drive a browser (by path, as
`canned_frames.py` is), so that each starts its server the same way.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from typing import Any, Iterator


@contextlib.contextmanager
def serving(lobby: Any) -> Iterator[str]:
    import uvicorn

    from muggins_web.app import create_app

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    running = uvicorn.Server(uvicorn.Config(create_app(lobby), host="127.0.0.1", port=port, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not running.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert running.started, "the test server did not start within a minute"
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        running.should_exit = True
        thread.join(timeout=10)
