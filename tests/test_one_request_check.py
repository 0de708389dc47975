"""One request check: the same bad requests through the terminal, the browser table's API and the core give the same refusal line, and leave no file.

Each request is sent three ways: `muggins play` (or `simulate`, which seats
no person) through Click's CliRunner on the real command group, `POST
/api/tables` through Starlette's TestClient on the web app, and
`muggins.request.MatchRequest` checked (and `Session.open`ed) directly.
All three must refuse with the very same line, before any record file
exists: the terminal says it after `muggins: error: `, the web in its
`errors` list, the core in `RequestRefused.lines`. The games are the
shipped shedding game and a house-rule plugin, 'refusing', whose hook
refuses a match of six players when it is made.
"""

from __future__ import annotations

import warnings

import pytest
from click.testing import CliRunner

from muggins.plugins import load_registry, reset_registry
from muggins.request import MatchRequest, RequestRefused
from muggins.session import FrontEnd, PushedSeat, Session
from muggins.match_checks import HUMAN, SessionError
from muggins.store import RecordStore

REFUSING = """
from muggins import hookimpl


@hookimpl
def muggins_shedding_penalty_cards(players, rules):
    return -1 if players == 6 else 2
"""

BOTS_ONLY = ("seat kind 'human' is a person playing at this front end (the terminal, a browser table); this runs bots only; "
             "choose seat kinds from: expert, novice, random, search")

# (what is wrong, the terminal's arguments after `play`, the web's request, the core's request, the line all three give)
BAD = [
    ("unknown game", ["nosuch"], {"game": "nosuch"}, MatchRequest("nosuch"),
     "unknown game 'nosuch'; installed games: muggins_shedding"),
    ("players out of range", ["muggins_shedding", "--players", "9"], {"game": "muggins_shedding", "players": 9},
     MatchRequest("muggins_shedding", 9), "muggins_shedding is played by 3 to 7 players, not 9"),
    ("more seats than players", ["muggins_shedding", "-n", "3", *["--seat", "expert"] * 4],
     {"game": "muggins_shedding", "players": 3, "seats": ["expert"] * 4}, MatchRequest("muggins_shedding", 3, ["expert"] * 4),
     "4 seats for 3 players; give at most one per seat"),
    ("unknown seat kind", ["muggins_shedding", "--seat", "human", "--seat", "wizard"], {"game": "muggins_shedding", "seats": ["human", "wizard"]},
     MatchRequest("muggins_shedding", seats=["human", "wizard"]),
     "unknown seat kind 'wizard'; kinds for muggins_shedding: human, expert, novice, random, search"),
    ("bad option value", ["muggins_shedding", "--seat", "human", "--seat", "novice:error_rate=2"],
     {"game": "muggins_shedding", "seats": ["human", "novice:error_rate=2"]}, MatchRequest("muggins_shedding", seats=["human", "novice:error_rate=2"]),
     "seat 'novice:error_rate=2': player kind 'novice': error_rate=2.0 is out of range; error_rate (float 0..1, default 0.1)"),
    ("a person's seat with options", ["muggins_shedding", "--seat", "human:pace=1"], {"game": "muggins_shedding", "seats": ["human:pace=1"]},
     MatchRequest("muggins_shedding", seats=["human:pace=1"]), "seat 'human:pace=1': player kind 'human' takes no options"),
    ("a house-rule plugin refusing the match", ["muggins_shedding", "-n", "6", "--seed", "1"], {"game": "muggins_shedding", "players": 6, "seed": 1},
     MatchRequest("muggins_shedding", 6, seed=1),
     "house-rule plugin 'refusing': muggins_shedding_penalty_cards: -1 penalty cards: the penalty must be 0 (none) or more"),
]


@pytest.fixture
def registry(plugin_site, monkeypatch):
    plugin_site.install("refusing", REFUSING, distribution="fake-refusing", version="0.1")
    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", "muggins_shedding,refusing")
    loaded = load_registry()
    assert loaded.errors == [] and sorted(loaded.games) == ["muggins_shedding"], loaded.errors
    reset_registry(loaded)
    yield loaded
    reset_registry(None)


@pytest.fixture
def records(tmp_path, monkeypatch):
    folder = tmp_path / "records"
    monkeypatch.setenv("MUGGINS_RECORDS", str(folder))
    monkeypatch.chdir(tmp_path)
    return folder


@pytest.fixture
def client(registry, records):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the test client warns about its HTTP client at import
        from starlette.testclient import TestClient

    from muggins_web.app import create_app
    from muggins_web.lobby import Lobby

    with TestClient(create_app(Lobby(registry, pace=0), allowed_hosts=["testserver"])) as test_client:
        yield test_client


def _terminal(*args: str, said: str = "muggins: error: ") -> str:
    """The line `muggins ARGS` refuses with, exit 2, after the terminal's `said`."""
    from muggins_cli.main import cli

    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == 2, result.stderr
    [line] = [line for line in result.stderr.splitlines() if line.strip()]
    assert line.startswith(said), line
    return line.removeprefix(said)


def _left(folder, tmp_path) -> list[str]:
    """Every file the refusals could have left: in the records folder and where the terminal ran."""
    found = sorted(p.name for p in folder.iterdir()) if folder.exists() else []
    return found + sorted(p.name for p in tmp_path.glob("*.jsonl"))


@pytest.mark.plugins
@pytest.mark.parametrize("what, terminal, web, core, line", BAD, ids=[case[0] for case in BAD])
def test_a_bad_request_is_refused_with_the_same_line_by_the_terminal_the_web_and_the_core(registry, records, client, tmp_path,
                                                                                         what, terminal, web, core, line):
    with pytest.raises(RequestRefused) as checked:
        Session.open(registry, core, RecordStore(records), front_end=FrontEnd(factories={HUMAN: PushedSeat}))
    response = client.post("/api/tables", json=web)
    assert response.status_code == 400
    said = {"core": checked.value.lines, "web": response.json()["errors"], "terminal": [_terminal("play", *terminal)]}
    assert said == {"core": [line], "web": [line], "terminal": [line]}
    assert _left(records, tmp_path) == []
    assert client.get("/api/tables").json()["tables"] == []


@pytest.mark.plugins
def test_a_persons_seat_where_the_front_end_seats_none_is_the_same_line_everywhere(registry, records, client, tmp_path):
    with pytest.raises(RequestRefused) as checked:
        MatchRequest("muggins_shedding", seats=[HUMAN], people=()).check(registry)
    assert checked.value.lines == [BOTS_ONLY]
    assert _terminal("simulate", "muggins_shedding", "--games", "1", "--seat", HUMAN) == BOTS_ONLY
    assert _left(records, tmp_path) == []
    # A browser table seats no person where its host hands a person's seat to a bot: the core's stand-in check.
    links = client.post("/api/tables", json={"game": "muggins_shedding", "seats": [HUMAN, "expert", "expert"], "seed": 1, "start": "host"}).json()
    host = links["host"].split("#", 1)[1]
    with client.websocket_connect(f"/ws/{links['table']}?token={host}") as ws:
        ws.send_json({"type": "seat_bot", "seat": 0, "kind": HUMAN})
        while (frame := ws.receive_json())["type"] != "error":
            pass
    assert frame["error"] == BOTS_ONLY
    with Session.open(registry, MatchRequest("muggins_shedding", seats=[HUMAN, "expert", "expert"], seed=1), RecordStore(tmp_path / "direct")) as session:
        with pytest.raises(SessionError) as refused:
            session.stand_in(0, HUMAN)
    assert str(refused.value) == BOTS_ONLY


@pytest.mark.plugins
def test_the_line_is_the_same_in_french_too(registry, records, client, tmp_path):
    from muggins.i18n import set_language, using_language

    with using_language("fr"), pytest.raises(RequestRefused) as checked:
        MatchRequest("muggins_shedding", 3, ["expert"] * 4).check(registry)
    web = client.post("/api/tables?lang=fr", json={"game": "muggins_shedding", "players": 3, "seats": ["expert"] * 4}).json()["errors"]
    try:
        terminal = _terminal("--lang", "fr", "play", "muggins_shedding", "-n", "3", *["--seat", "expert"] * 4, said="muggins\u202f: erreur\u202f: ")
    finally:
        set_language(None)  # `--lang` chose the process's language
    assert checked.value.lines == web == [terminal] == ["4 places pour 3 joueurs\u202f; donnez-en au plus une par joueur"]
    assert _left(records, tmp_path) == []
