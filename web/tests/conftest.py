"""Fixtures for the web table's tests: the three shipped games loaded alone, a lobby whose records go to a temporary folder, a test client.

`registry` loads the three game plugins (and makes it the process
registry, where a game finds its house-rule hooks); `lobby` is a `Lobby`
over it whose windows wait (pace 0) and whose rate limit a scripted
player never reaches; `client` is Starlette's TestClient on its app, which
answers the Host the test client sends (`testserver`).
"""

from __future__ import annotations

import pytest

GAMES = ["muggins_shedding", "cribbage_muggins", "willughby_fishing"]


@pytest.fixture(scope="session")
def loaded_games():
    from muggins.plugins import load_registry

    loaded = load_registry(only=GAMES)
    assert loaded.errors == [] and sorted(loaded.games) == sorted(GAMES)
    return loaded


@pytest.fixture
def registry(loaded_games, monkeypatch):
    from muggins.plugins import reset_registry

    reset_registry(loaded_games)
    yield loaded_games
    reset_registry(None)


@pytest.fixture
def records(tmp_path, monkeypatch):
    folder = tmp_path / "records"
    monkeypatch.setenv("MUGGINS_RECORDS", str(folder))
    return folder


@pytest.fixture
def lobby(registry, records):
    from muggins_web.lobby import Lobby

    return Lobby(registry, pace=0, message_rate=(1e6, 10**6))


@pytest.fixture
def client(lobby):
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the test client warns about its HTTP client at import
        from starlette.testclient import TestClient

    from muggins_web.app import create_app

    with TestClient(create_app(lobby, allowed_hosts=["testserver"])) as test_client:  # the name the test client sends as Host
        yield test_client
