"""A finished match looked back over: the replay's JSON refused while the match is on, then every step face up with the deal's commitment checked, also after a restart and for a record whose seed was changed."""

from __future__ import annotations

import json
import time
import warnings

from muggins.records import read_record
from muggins_web.replay_view import SMALL_REPLY

REFUSED_WHILE_ON = "the match is still being played; its replay opens once it is over"
CHECKED = "Deal commitment checked: the seed and nonce give the commitment shown at the start."


def _create(client, **request):
    response = client.post("/api/tables", json=request)
    assert response.status_code == 201, response.json()
    return response.json()


def _finished(client, lobby, **request):
    """A table of bots alone, played to its end: its links."""
    links = _create(client, **request)
    deadline = time.monotonic() + 60  # a bound for a failing test on a busy machine, not a speed
    while not lobby.tables[links["table"]].over:
        assert time.monotonic() < deadline, "the bots did not finish the match"
        time.sleep(0.02)
    return links


def whole_layouts(steps):
    """Each step's layout with the zones sent as unchanged (`{"id", "same": true}`) put back from the step before, as the page does."""
    before = {}
    for step in steps:
        zones = [before[z["id"]] if z.get("same") else z for z in step["layout"]["zones"]]
        step["layout"]["zones"] = zones
        before = {z["id"]: z for z in zones}
    return steps


def test_the_replay_is_refused_while_the_match_is_on_then_shows_every_step_with_every_hand_and_the_deal_checked(client, lobby, records):
    waiting = _create(client, game="cribbage_muggins", players=2, seats=["human", "random"], start="host")
    refused = client.get(f"/api/tables/{waiting['table']}/replay")
    assert refused.status_code == 409 and refused.json()["errors"] == [REFUSED_WHILE_ON]

    links = _finished(client, lobby, game="cribbage_muggins", players=2, seats=["random", "random"])
    answer = client.get(f"/api/tables/{links['table']}/replay")
    assert answer.status_code == 200 and answer.headers["content-encoding"] == "gzip" and len(answer.content) > SMALL_REPLY
    replay = answer.json()
    record = read_record(records / links["record"])
    steps = whole_layouts(replay["steps"])
    # The set-up, then every decision of the record, by its seat, in order.
    assert [(s["seat"], s["action"]) for s in steps] == [(None, None), *[(seat, action) for seat, action in record.decisions]]
    assert steps[-1]["over"] is True and not any(s["over"] for s in steps[:-1]) and replay["problem"] is None
    assert replay["result"] == record.result
    # Every hand face up at every step, each card of it counted; at the deal, the very cards each seat was dealt in private.
    for step in steps:
        hands = [z for z in step["layout"]["zones"] if z["kind"] == "hand"]
        assert sorted(z["owner"] for z in hands) == [0, 1]
        assert all(z["cards"] is not None and len(z["cards"]) == z["count"] for z in hands), step
    dealt = {e["seat"]: sorted(e["cards"]) for e in record.opening if e["type"] == "hand"}
    assert {z["owner"]: sorted(z["cards"]) for z in steps[0]["layout"]["zones"] if z["kind"] == "hand"} == dealt
    assert len(dealt) == 2 and all(len(cards) == 6 for cards in dealt.values())
    # The narration as a spectator is told it: the set-up says who deals, and no line is anyone's own "You …".
    assert any("deals" in line for line in steps[0]["lines"]) and not any(line.startswith("You") for s in steps for line in s["lines"])
    # One deal after another, each starting after the step whose banner ended the one before.
    assert replay["deals"][0] == 0 and len(replay["deals"]) == record.result["stats"]["deals"]
    assert all(steps[start - 1]["standings"] for start in replay["deals"][1:])
    assert [s["deal"] for s in steps] == sorted(s["deal"] for s in steps)
    # The deal was committed to, and the seed and nonce revealed give that commitment.
    assert replay["deal"] == {"commitment": record.deal["commitment"], "seed": record.seed, "nonce": record.deal["nonce"],
                              "checked": True, "line": CHECKED}
    french = client.get(f"/api/tables/{links['table']}/replay", headers={"Accept-Language": "fr"}).json()
    assert french["deal"]["line"] == "Engagement de la donne vérifié\u202f: la graine et le nonce donnent l’engagement affiché au début."
    assert french["steps"][0]["lines"] != replay["steps"][0]["lines"]

    page = client.get(f"/replay/{links['table']}")
    assert page.status_code == 200 and "/static/replay.js" in page.text and "Look back over the match" in page.text
    assert client.get("/replay/no-such-table").status_code == 404
    missing = client.get("/api/tables/no-such-table/replay")
    assert missing.status_code == 404 and missing.json()["errors"] == ["no such table on this server"]


def test_a_finished_record_in_the_servers_folder_still_opens_as_a_replay_after_a_restart(client, lobby, registry, records):
    links = _finished(client, lobby, game="muggins_shedding", players=3, seats=["random", "random", "random"], seed=5)
    before = client.get(f"/api/tables/{links['table']}/replay").json()

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from muggins_web.app import create_app
    from muggins_web.lobby import Lobby

    restarted = Lobby(registry, pace=0)
    with TestClient(create_app(restarted, allowed_hosts=["testserver"])) as again:
        assert links["table"] not in restarted.tables  # a finished table is not reopened: only its record and tokens remain
        after = again.get(f"/api/tables/{links['table']}/replay")
        assert after.status_code == 200 and after.json() == before
        assert again.get(f"/replay/{links['table']}").status_code == 200
    assert before["deal"]["checked"] is None and before["deal"]["seed"] == 5  # a seed the request chose commits to nothing
    assert before["deal"]["line"] == "The deal's seed was chosen when the table was made: there was no commitment to check."


def test_a_record_whose_seed_was_changed_shows_the_commitment_check_failed(client, lobby, records):
    links = _finished(client, lobby, game="cribbage_muggins", players=2, seats=["random", "random"])
    path = records / links["record"]
    lines = path.read_text("utf-8").splitlines(keepends=True)
    header = json.loads(lines[0])
    header["seed"] += 1
    path.write_text(json.dumps(header) + "\n" + "".join(lines[1:]), "utf-8")

    replay = client.get(f"/api/tables/{links['table']}/replay").json()
    assert replay["deal"]["checked"] is False and replay["deal"]["seed"] == header["seed"]
    assert replay["deal"]["line"].startswith("Deal commitment check failed: the seed and nonce do not give the commitment shown at the start")
    # Another seed deals other cards: the record's moves part from the game's replay, and it says where.
    assert replay["problem"] and replay["problem"].startswith(("opening:", "decision "))


def test_a_table_its_host_closed_before_the_end_has_no_replay(client, lobby):
    links = _create(client, game="cribbage_muggins", players=2, seats=["human", "random"], start="host")
    host = links["host"].split("#", 1)[1]
    assert client.post(f"/api/tables/{links['table']}/close", json={"token": host}).status_code == 200
    refused = client.get(f"/api/tables/{links['table']}/replay")
    assert refused.status_code == 409 and refused.json()["errors"] == ["this table's match stopped before its end, so there is no replay of it"]
