"""`muggins serve` through the command hook: listed without loading the server, starting uvicorn with the URL printed."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from click.testing import CliRunner


def test_listing_commands_shows_serve_without_importing_the_web_framework():
    code = (
        "import sys\n"
        "from muggins_cli.main import cli\n"
        "from click.testing import CliRunner\n"
        "out = CliRunner().invoke(cli, ['--help']).output\n"
        "assert 'serve' in out, out\n"
        "assert not any(m.split('.')[0] in ('starlette', 'uvicorn') for m in sys.modules), 'loaded the server'\n"
    )
    env = {**os.environ, "MUGGINS_LOAD_PLUGINS": "muggins_web"}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_serve_listens_prints_the_url_and_hands_the_sockets_to_uvicorn(monkeypatch, registry):
    import muggins_web.server as server

    started = {}

    def run(app, lobby, sockets, **settings):
        started.update(app=app, lobby=lobby, ports=[s.getsockname()[1] for s in sockets], hosts=[s.getsockname()[0] for s in sockets])
        for sock in sockets:
            sock.close()

    monkeypatch.setattr(server, "_run_until_stopped", run)
    from muggins_web.plugin import muggins_register_commands
    import click

    group = click.Group()
    muggins_register_commands(group)
    result = CliRunner().invoke(group, ["serve", "--port", "0", "--pace", "3", "--allow-host", "mybox.local"])
    assert result.exit_code == 0, result.output
    port = started["ports"][0]
    assert f"muggins: serving on http://127.0.0.1:{port}/" in result.output and started["hosts"] == ["127.0.0.1"]
    assert started["lobby"].pace == 3
    allowed = _allowed(started["app"])
    assert {"127.0.0.1", "localhost", "::1", "mybox.local"} <= set(allowed)
    result = CliRunner().invoke(group, ["serve", "--host", "0.0.0.0", "--port", "0"])
    assert f"http://{server.lan_address()}:{started['ports'][0]}/" in result.output and "trust" in result.output
    assert server.lan_address() in _allowed(started["app"])


def _allowed(app) -> set:
    from muggins_web.app import AllowedHosts

    return set(next(m for m in app.user_middleware if m.cls is AllowedHosts).kwargs["hosts"])


def test_a_host_that_names_nothing_is_one_line_before_anything_is_served(monkeypatch):
    import socket

    from muggins.front_end import BadInput

    import muggins_web.server as server

    def unknown(*args, **kwargs):  # what the resolver says of a name it does not know (no lookup is made here)
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", unknown)
    with pytest.raises(BadInput) as refused:
        server.listen("nowhere.example", 8000)
    assert refused.value.message == "cannot listen on --host 'nowhere.example': Name or service not known"
