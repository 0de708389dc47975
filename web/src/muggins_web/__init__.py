"""muggins-web: `muggins serve`, a muggins table in the browser with every hand private.

The package adds the `serve` command to `muggins` through the command hook
(`muggins_web.plugin`, which imports no web framework, so `muggins list`
and `--help` stay cheap). The server is `muggins_web.app` (Starlette),
the tables `muggins_web.table`, the lobby `muggins_web.lobby` and the
websocket messages `muggins_web.protocol`; docs/web.md describes the API.
"""
