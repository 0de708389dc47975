"""A hostile house-rule plugin at the server: whatever its hook does while a table is made, the POST is a 4xx with one line, and nobody waits.

The plugin is registered in-process (`load_registry(extra_plugins=...)`),
its hook answering the shedding game's `muggins_shedding_penalty_cards`
or `muggins_shedding_adjacent_ranks` by raising SystemExit or its own
KeyboardInterrupt, answering a mapping that raises or a number of 5,000
digits, or waiting on an Event: the lobby runs that code in a worker
thread of its own under a time limit, so `GET /api/games` answers while
the hook waits, and a hook that never answers is a 504 naming the plugin
and the function it is stuck in, in English and French. A cribbage hook
that never answers takes only cribbage's slots: after eight such requests
from four visitors a shedding table is still made, and one address holds
only its share of a game's slots (429 past it). No table is made and no
record is left by any of the refused.
"""

from __future__ import annotations

import asyncio
import itertools
import threading
import warnings

import pytest

from muggins import hookimpl
from muggins.plugins import load_registry, reset_registry

REQUEST = {"game": "muggins_shedding", "players": 3, "seats": ["human"], "seed": 2}


class _RaisingMapping(dict):
    def __iter__(self):
        raise RuntimeError("a mapping that raises")

    def items(self):
        raise RuntimeError("a mapping that raises")

    def keys(self):
        raise RuntimeError("a mapping that raises")

    def __len__(self):
        raise RuntimeError("a mapping that raises")


class Entered:
    """How many calls a waiting hook has had, and an expiry of the lobby's plugin work that runs out only once enough have come.

    A short limit alone would race the game's own setup before the hook (a
    busy machine could spend it there, and the refusal name the game): the
    time of a request of `game` runs out when the hook holds `wanted()` calls.
    """

    def __init__(self) -> None:
        self.count = 0
        self.changed = threading.Condition()

    def came(self) -> None:
        with self.changed:
            self.count += 1
            self.changed.notify_all()

    def expiry(self, game: str, wanted):
        async def expire(name: str, seconds: float) -> None:
            if name != game:
                await asyncio.sleep(seconds)
                return
            await asyncio.to_thread(self._until, wanted())

        return expire

    def _until(self, calls: int) -> None:
        with self.changed:  # the timeout is a safety net, not a figure: a hook never reached fails the test, not hang it
            self.changed.wait_for(lambda: self.count >= calls, timeout=60)


class Hostile:
    """A house-rule plugin whose penalty hook does `how`; `gate`, an Event the waiting hook waits on (each call noted in `entered`)."""

    def __init__(self, how: str, gate: threading.Event | None = None, entered: Entered | None = None) -> None:
        self.how, self.gate, self.entered = how, gate, entered

    @hookimpl
    def muggins_shedding_penalty_cards(self, players, rules):
        if self.how == "exit":
            raise SystemExit(3)
        if self.how == "interrupt":
            raise KeyboardInterrupt
        if self.how == "huge":
            return int("7" * 5000)
        if self.how == "waits":
            if self.entered is not None:
                self.entered.came()
            self.gate.wait()
        return None

    @hookimpl
    def muggins_register_players(self, register):
        def quits(rng, **options):
            raise SystemExit(4)

        def breaks(rng, **options):
            raise RuntimeError("no bot today")

        register("quitter", quits, games=("muggins_shedding",))
        register("broken", breaks, games=("muggins_shedding",))

    @hookimpl
    def muggins_shedding_adjacent_ranks(self, players, rules):
        if self.how == "mapping":
            return _RaisingMapping({13: 1})
        return None


class HangsCribbage:
    """A cribbage house-rule plugin whose target hook waits on `gate`: shedding, the other game loaded, it never touches."""

    def __init__(self, gate: threading.Event, entered: Entered) -> None:
        self.gate, self.entered = gate, entered

    @hookimpl
    def muggins_cribbage_target(self, players, rules):
        self.entered.came()
        self.gate.wait()
        return None


@pytest.fixture
def serve_with(records):
    """`serve_with(plugin)`: a test client on a lobby of the shedding game (or `games`) with `plugin` as the house-rule plugin 'hostile'."""
    opened = []

    def serve(plugin, games=("muggins_shedding",), address=None, **lobby_options):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from starlette.testclient import TestClient
        from muggins_web.app import create_app
        from muggins_web.lobby import Lobby

        registry = load_registry(only=list(games), extra_plugins=[("hostile", plugin)])
        assert registry.errors == []
        reset_registry(registry)
        lobby = Lobby(registry, pace=0, **lobby_options)
        client = TestClient(create_app(lobby, allowed_hosts=["testserver"]))
        opened.append(client.__enter__())
        client.lobby = lobby
        return client

    yield serve
    for client in opened:
        client.__exit__(None, None, None)
    reset_registry(None)


@pytest.mark.parametrize("how", ["exit", "interrupt", "mapping", "huge"])
def test_a_hook_that_exits_interrupts_raises_or_answers_a_huge_number_is_a_4xx_with_one_line_naming_the_plugin(serve_with, records, how):
    client = serve_with(Hostile(how))
    response = client.post("/api/tables", json=REQUEST)
    assert 400 <= response.status_code < 500, response.text
    [line] = response.json()["errors"]
    assert "'hostile'" in line and "\n" not in line and len(line) <= 400
    assert client.get("/api/tables").json()["tables"] == []
    assert not records.exists() or list(records.iterdir()) == []


@pytest.mark.parametrize("kind, said", [("quitter", "raised SystemExit: 4"), ("broken", "raised RuntimeError: no bot today")])
def test_a_seats_factory_that_exits_or_fails_is_a_400_with_one_line_naming_the_plugin(serve_with, records, kind, said):
    client = serve_with(Hostile("fine"))
    response = client.post("/api/tables", json={**REQUEST, "seats": ["human", kind]})
    assert response.status_code == 400
    [line] = response.json()["errors"]
    assert line.startswith("the table was not made: ") and "'hostile'" in line and said in line
    assert not records.exists() or list(records.iterdir()) == []


def test_the_server_answers_while_a_hook_is_waited_for_and_the_table_is_made_once_it_answers(serve_with):
    gate = threading.Event()
    client = serve_with(Hostile("waits", gate), house_rules_timeout=600)  # the hook answers when the test lets it
    answers = []
    post = threading.Thread(target=lambda: answers.append(client.post("/api/tables", json=REQUEST)))
    post.start()
    try:
        games = client.get("/api/games")
        assert games.status_code == 200 and [g["name"] for g in games.json()["games"]] == ["muggins_shedding"]
        assert answers == []  # still waiting for the hook
    finally:
        gate.set()
        post.join(timeout=60)
    assert answers[0].status_code == 201


def test_a_hook_that_never_answers_is_a_504_saying_the_house_rules_did_not_answer_in_time(serve_with, records):
    gate, entered = threading.Event(), Entered()
    client = serve_with(Hostile("waits", gate, entered), house_rules_timeout=0.2)
    client.lobby.plugin_work.expire = entered.expiry("muggins_shedding", lambda: 1)
    try:
        response = client.post("/api/tables", json=REQUEST)
        assert response.status_code == 504 and response.json()["errors"] == [
            "plugin 'hostile' did not answer within 0.2 s while the table was made (in muggins_shedding_penalty_cards()); "
            "no table was made"]
        assert client.get("/api/tables").json()["tables"] == []
    finally:
        gate.set()  # the hook's thread answers at last; what it gives is dropped


def test_the_refusal_of_a_hook_that_never_answers_names_the_plugin_in_french_too(serve_with):
    gate, entered = threading.Event(), Entered()
    client = serve_with(Hostile("waits", gate, entered), house_rules_timeout=0.2)
    client.lobby.plugin_work.expire = entered.expiry("muggins_shedding", lambda: 1)
    try:
        response = client.post("/api/tables?lang=fr", json=REQUEST)
        assert response.status_code == 504 and response.json()["errors"] == [
            "l\u2019extension 'hostile' n\u2019a pas répondu en 0.2 s pendant la création de la table "
            "(dans muggins_shedding_penalty_cards())\u202f; aucune table n\u2019a été créée"]
    finally:
        gate.set()


CRIBBAGE = {"game": "cribbage_muggins", "players": 2, "seats": ["human", "novice"], "seed": 2}
SHEDDING = {"game": "muggins_shedding", "players": 3, "seats": ["human", "novice", "novice"], "seed": 2}


def test_many_hung_hooks_of_one_game_leave_the_other_games_their_tables(serve_with, records):
    gate, entered = threading.Event(), Entered()
    client = serve_with(HangsCribbage(gate, entered), games=("cribbage_muggins", "muggins_shedding"), house_rules_timeout=0.2)
    client.lobby.plugin_work.expire = entered.expiry("cribbage_muggins", lambda: 4)  # once the game's four slots hang in the hook
    try:
        # Eight requests whose hook never answers, each with different rules, from four visitors at once: twice the threads
        # all plugin work once had.
        visitors = [visitor_at(client, (f"192.0.2.{n}", 5000)) for n in range(4)]
        answers = {}

        def post(n):
            answers[n] = visitors[n % 4].post("/api/tables", json={**CRIBBAGE, "rules": {"target": 61 + n}})

        posts = [threading.Thread(target=post, args=(n,)) for n in range(8)]
        for thread in posts:
            thread.start()
        for thread in posts:
            thread.join(timeout=120)
        refusals = [answers[n] for n in range(8)]

        made = client.post("/api/tables", json=SHEDDING)
        assert made.status_code == 201, made.text
        assert [t["game"] for t in client.get("/api/tables").json()["tables"]] == ["muggins_shedding"]
        for refusal in refusals:
            assert refusal.status_code in (503, 504), refusal.text
            [line] = refusal.json()["errors"]
            assert "plugin 'hostile'" in line and "\n" not in line, line
        # The game's own slots taken by four of them, the other four wait for one in vain.
        assert sorted(r.status_code for r in refusals) == [503] * 4 + [504] * 4
        assert next(r for r in refusals if r.status_code == 503).json()["errors"] == [
            "no table was made: 4 tables of cribbage_muggins being made before this one are still waiting for plugin 'hostile', "
            "the most at once for one game; try again later"]
    finally:
        gate.set()


def test_one_address_holds_only_its_share_of_a_games_plugin_work(serve_with):
    gate, entered = threading.Event(), Entered()
    client = serve_with(HangsCribbage(gate, entered), games=("cribbage_muggins", "muggins_shedding"), house_rules_timeout=0.2)
    asked = itertools.count(1)
    client.lobby.plugin_work.expire = entered.expiry("cribbage_muggins", lambda: next(asked))  # each, once its own call hangs
    try:
        mine = [client.post("/api/tables", json=CRIBBAGE) for _ in range(3)]
        assert [r.status_code for r in mine] == [504, 504, 429]
        assert mine[2].json()["errors"] == [
            "your address already has 2 tables of cribbage_muggins being made, waiting for plugin 'hostile', "
            "the most at once for one address; wait until they are answered"]
        theirs = visitor_at(client, ("192.0.2.7", 5000)).post("/api/tables", json=CRIBBAGE)  # another visitor gets a slot
        assert theirs.status_code == 504 and "did not answer within 0.2 s" in theirs.json()["errors"][0]
        assert client.post("/api/tables", json=SHEDDING).status_code == 201  # and the hung address, its other game's tables
    finally:
        gate.set()


def visitor_at(client, address):
    """Another test client on `client`'s app, as a visitor from `address` (not entered: the app's start and stop are `client`'s)."""
    from starlette.testclient import TestClient

    return TestClient(client.app, client=address)
