"""`muggins serve` through the command hook: listed without loading the server, starting uvicorn with the URL printed."""

from __future__ import annotations

import os
import subprocess
import sys

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


def test_serve_prints_the_url_and_hands_the_process_to_uvicorn(monkeypatch, registry):
    import uvicorn

    import muggins_web.server as server

    started = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: started.update(options, app=app))
    from muggins_web.plugin import muggins_register_commands
    import click

    group = click.Group()
    muggins_register_commands(group)
    result = CliRunner().invoke(group, ["serve", "--port", "8123", "--pace", "3"])
    assert result.exit_code == 0, result.output
    assert "http://127.0.0.1:8123/" in result.output
    assert started["host"] == "127.0.0.1" and started["port"] == 8123 and started["timeout_graceful_shutdown"] == server.SHUTDOWN_GRACE
    result = CliRunner().invoke(group, ["serve", "--host", "0.0.0.0"])
    assert f"http://{server.lan_address()}:8000/" in result.output and "trust" in result.output
