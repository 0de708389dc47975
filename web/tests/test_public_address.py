"""Playing across the internet: `--public-url`, `--certfile`/`--keyfile` checked in one line, the Host and Origin a public URL adds, and what a proxy may say.

A public URL is a scheme and a host (and a port) and nothing else; the app
made with one answers its host as well as its own names, takes requests
and websockets from its origin whatever Host a proxy passes on, and builds
every link from it. Every HTTP answer says `Referrer-Policy: no-referrer`.
The TLS files are made here by the `openssl` tool (one key and
certificate pair for the module) and a mismatched, damaged or
passphrase-protected one is one line. uvicorn believes a forwarded client
address from a proxy on this machine alone, whatever FORWARDED_ALLOW_IPS says.
"""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import warnings

import click
import pytest
from click.testing import CliRunner

from muggins_web.addresses import BadAddress, origin_of, public_url

PUBLIC = "https://cards.example.org"


@pytest.mark.parametrize("given, expected", [
    ("https://cards.example.org", "https://cards.example.org"),
    ("  https://Cards.Example.org/ ", "https://cards.example.org"),
    ("https://cards.example.org:443", "https://cards.example.org"),
    ("http://203.0.113.5:8080/", "http://203.0.113.5:8080"),
    ("https://[2001:db8::1]:8443", "https://[2001:db8::1]:8443"),
])
def test_a_public_url_is_a_scheme_and_a_host_and_is_given_back_as_links_are_built_from_it(given, expected):
    assert public_url(given) == expected


@pytest.mark.parametrize("given, said", [
    ("ftp://cards.example.org", "starts with https:// or http://"),
    ("cards.example.org", "starts with https:// or http://"),
    ("https://example.org/muggins", "a path is not supported"),
    ("https://example.org/muggins?", "no query or fragment"),
    ("https://example.org/?table=1", "no query or fragment"),
    ("https://example.org/#x", "no query or fragment"),
    ("https://:8443", "names a host"),
    ("https://example.org:99999", "its port is not a number"),
    ("https://user:pw@example.org", "no user name or password"),
    ("https://exa mple.org", "is not a URL"),
    ("", "is not a URL"),
])
def test_a_public_url_with_a_path_a_query_another_scheme_or_no_host_is_refused_in_one_line(given, said):
    with pytest.raises(BadAddress) as refused:
        public_url(given)
    assert said in str(refused.value) and "\n" not in str(refused.value)


def test_an_origin_is_compared_without_its_default_port_and_in_lower_case():
    assert origin_of("HTTPS://Cards.Example.org:443") == origin_of("https://cards.example.org") == PUBLIC
    assert origin_of("http://cards.example.org:80") == "http://cards.example.org"
    assert origin_of("https://cards.example.org:8443") != PUBLIC
    assert origin_of("null") != PUBLIC and origin_of("https://cards.example.org:x") != PUBLIC


@pytest.fixture
def public_client(lobby):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from muggins_web.app import create_app

    # As behind a proxy on this machine: the requests reach the server under its own name, the pages are the public URL's.
    with TestClient(create_app(lobby, allowed_hosts=["testserver"], public_url=PUBLIC)) as test_client:
        yield test_client


def _create(client, **headers):
    return client.post("/api/tables", json={"game": "muggins_shedding", "seats": ["human"], "seed": 6, "host_seat": 0}, headers=headers)


def test_the_public_urls_host_is_answered_besides_the_servers_own_and_no_other(public_client):
    assert public_client.get("/api/games", headers={"host": "cards.example.org"}).status_code == 200
    assert public_client.get("/api/games", headers={"host": "CARDS.example.org:443"}).status_code == 200
    assert public_client.get("/api/games").status_code == 200  # testserver: what the server was started for
    refused = public_client.get("/api/games", headers={"host": "evil.example"})
    assert refused.status_code == 400 and "evil.example" in refused.json()["error"]


def test_a_post_from_the_public_urls_page_is_taken_whatever_host_the_proxy_passes_and_its_links_carry_the_public_url(public_client):
    for origin in (PUBLIC, "https://cards.example.org:443", "http://testserver"):
        made = _create(public_client, origin=origin)
        assert made.status_code == 201, (origin, made.json())
        links = made.json()
        assert links["host"].startswith(PUBLIC + "/table/") and links["spectate"] == f"{PUBLIC}/table/{links['table']}"
        assert all(s["url"].startswith(PUBLIC + "/table/") for s in links["seats"] if s["url"])
    for origin in ("https://evil.example", "http://cards.example.org", "https://cards.example.org:8443", "null"):
        refused = _create(public_client, origin=origin)
        assert refused.status_code == 403, origin


def test_a_websocket_from_the_public_urls_page_is_let_in_and_the_host_is_given_the_public_url_as_its_links_base(public_client):
    from starlette.websockets import WebSocketDisconnect

    links = _create(public_client).json()
    token = links["host"].split("#", 1)[1]
    with public_client.websocket_connect(f"/ws/{links['table']}?token={token}", headers={"origin": PUBLIC}) as ws:
        hello = ws.receive_json()
        while hello["type"] != "hello":
            hello = ws.receive_json()
        assert hello["seat"] == 0 and hello["links"]["base"] == PUBLIC
    with pytest.raises(WebSocketDisconnect) as refused:
        with public_client.websocket_connect(f"/ws/{links['table']}?token={token}", headers={"origin": "https://evil.example"}) as ws:
            ws.receive_json()
    assert refused.value.code == 1008


def test_without_a_public_url_its_origin_is_another_sites(client):
    refused = client.post("/api/tables", json={"game": "muggins_shedding", "seats": ["human"]}, headers={"origin": PUBLIC})
    assert refused.status_code == 403


def test_every_http_answer_says_no_referrer(client):
    links = client.post("/api/tables", json={"game": "muggins_shedding", "seats": ["human"], "seed": 1}).json()
    for path in ("/", f"/table/{links['table']}", "/table/nosuchtable", "/api/games", "/static/table.js"):
        assert client.get(path).headers["referrer-policy"] == "no-referrer", path
    assert client.get("/", headers={"host": "evil.example"}).headers["referrer-policy"] == "no-referrer"


# -- the command line: the TLS files and the start-up lines -----------------------------------------------------


@pytest.fixture(scope="module")
def tls(tmp_path_factory):
    """A self-signed certificate for localhost and its key, made by the openssl tool; and a second pair, for a mismatch."""
    if shutil.which("openssl") is None:
        pytest.fail("the openssl command-line tool is needed to make a test certificate")
    folder = tmp_path_factory.mktemp("tls")
    for name in ("one", "two"):
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-days", "1",
                        "-keyout", str(folder / f"{name}.key"), "-out", str(folder / f"{name}.crt")], check=True, capture_output=True)
    subprocess.run(["openssl", "pkey", "-in", str(folder / "one.key"), "-aes256", "-passout", "pass:secret",
                    "-out", str(folder / "locked.key")], check=True, capture_output=True)
    (folder / "junk.crt").write_text("not a certificate\n")
    return folder


def _serve(monkeypatch, *options):
    """`muggins serve` as the command line runs it, uvicorn left out: (its result, what it would have run uvicorn with)."""
    import muggins_web.server as server

    started = {}

    def run(app, lobby, sockets, **settings):
        started.update(app=app, settings=settings, port=sockets[0].getsockname()[1])
        for sock in sockets:
            sock.close()

    monkeypatch.setattr(server, "_run_until_stopped", run)
    from muggins_web.plugin import muggins_register_commands

    group = click.Group()
    muggins_register_commands(group)
    return CliRunner().invoke(group, ["serve", "--port", "0", *options]), started


def test_a_certificate_and_its_key_serve_https_links(monkeypatch, registry, records, tls):
    result, started = _serve(monkeypatch, "--certfile", str(tls / "one.crt"), "--keyfile", str(tls / "one.key"))
    assert result.exit_code == 0, result.output
    assert f"muggins: serving on https://127.0.0.1:{started['port']}/" in result.output and "plain HTTP" not in result.output
    assert started["settings"]["tls"] == (str(tls / "one.crt"), str(tls / "one.key"))


@pytest.mark.parametrize("files, said", [
    (("one.crt", None), "--certfile and --keyfile go together"),
    ((None, "one.key"), "--certfile and --keyfile go together"),
    (("missing.crt", "one.key"), "cannot read --certfile"),
    (("one.crt", "missing.key"), "cannot read --keyfile"),
    (("junk.crt", "one.key"), "is not a certificate in PEM form"),
    (("one.crt", "one.crt"), "is not a private key in PEM form"),
    (("one.crt", "two.key"), "is not the private key of --certfile"),
    (("one.crt", "locked.key"), "is protected by a passphrase"),
])
def test_tls_files_that_cannot_be_served_with_are_one_line_before_anything_listens(monkeypatch, registry, records, tls, files, said):
    options = [arg for option, name in zip(("--certfile", "--keyfile"), files) if name for arg in (option, str(tls / name))]
    result, started = _serve(monkeypatch, *options)
    assert result.exit_code == 2 and said in result.output and started == {}, result.output


def test_a_public_url_is_the_start_up_lines_address_and_a_bad_one_is_refused_by_the_option(monkeypatch, registry, records):
    result, started = _serve(monkeypatch, "--public-url", "https://Cards.Example.org/")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "muggins: serving on https://cards.example.org/ (open it in a browser; Ctrl-C stops)"
    assert lines[1].startswith(f"muggins: listening on http://127.0.0.1:{started['port']}/") and len(lines) == 2
    from muggins_web.app import AllowedHosts

    allowed = next(m for m in started["app"].user_middleware if m.cls is AllowedHosts).kwargs["hosts"]
    assert "cards.example.org" in allowed and "127.0.0.1" in allowed
    result, started = _serve(monkeypatch, "--public-url", "http://203.0.113.5:8080")
    assert "muggins: the links travel over plain HTTP" in result.output
    result, started = _serve(monkeypatch, "--public-url", "https://example.org/muggins")
    assert result.exit_code == 2 and "a path is not supported" in result.output and started == {}


def test_uvicorn_is_given_the_tls_files_no_access_log_and_believes_a_proxy_on_this_machine_alone(monkeypatch, registry, tls):
    import muggins_web.server as server
    from muggins_web.lobby import Lobby

    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "*")  # set for another program: not for this one
    configs = []
    monkeypatch.setattr(server._Server, "run", lambda self, sockets=None: configs.append(self.config))
    files = (str(tls / "one.crt"), str(tls / "one.key"))
    server._run_until_stopped(object(), Lobby(registry, pace=0), [], tls=files)
    [config] = configs
    assert (config.ssl_certfile, config.ssl_keyfile) == files and config.is_ssl
    assert config.access_log is False and config.proxy_headers and config.forwarded_allow_ips == server.TRUSTED_PROXIES


def test_a_forwarded_address_is_believed_from_a_proxy_on_this_machine_and_not_from_a_visitor():
    from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

    import muggins_web.server as server

    seen = []

    async def app(scope, receive, send):
        seen.append((scope["client"][0], scope["scheme"]))

    proxied = ProxyHeadersMiddleware(app, trusted_hosts=server.TRUSTED_PROXIES)
    headers = [(b"x-forwarded-for", b"198.51.100.7"), (b"x-forwarded-proto", b"https")]
    for peer in ("127.0.0.1", "::1", "203.0.113.9", "192.168.1.20"):
        asyncio.run(proxied({"type": "http", "client": (peer, 5000), "scheme": "http", "headers": headers}, None, None))
    assert seen == [("198.51.100.7", "https"), ("198.51.100.7", "https"), ("203.0.113.9", "http"), ("192.168.1.20", "http")]


@pytest.mark.parametrize("options, said", [
    (["--certfile", "cert.pem"], "muggins: error: --certfile and --keyfile go together"),
    (["--public-url", "https://example.org/muggins"], "muggins: error: Invalid value for '--public-url': https://example.org/muggins: a path"),
])
def test_the_command_refuses_a_lone_certificate_or_a_public_url_with_a_path_in_one_line_and_exit_2(tmp_path, options, said):
    import os
    import sys

    env = {**os.environ, "MUGGINS_LOAD_PLUGINS": "muggins_web", "MUGGINS_RECORDS": str(tmp_path / "records")}
    done = subprocess.run([sys.executable, "-m", "muggins_cli", "serve", "--port", "0", *options], env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == "", (done.returncode, done.stdout, done.stderr)
    [line] = done.stderr.splitlines()
    assert line.startswith(said), line
