"""A hostile seat's view of a whole match (issue 37, item 1): nothing it can read before the end reproduces another seat's hand.

The host plays seat 0 of a two-player cribbage match to 61 against an
expert, seeded by the server. Everything that seat, its host and any
visitor can read is collected while the match is on: the answer to the
request that made the table, the lobby's list and games, the lobby and
table pages, the QR code of a link, and every frame sent to the player and
to a spectator. Every number in all of it (in decimal, and every run of
hexadecimal digits read as a number) is tried as the match's seed; none may
deal the match that was played. Once it is over the frames show the seed
and nonce, and they give the commitment every frame showed from the start.
"""

from __future__ import annotations

import json
import re

from muggins.fairness import commitment
from muggins.records import read_record
from muggins.match_checks import verify
from muggins_web.app import qr_svg
from muggins_web.table import RemoteSeat

from .test_app import _create, _next_update, _token

RULES = {"target": 61}


def _seeds_in(text: str) -> set[int]:
    """Every number the text could spell a seed with: its decimal runs, and its hexadecimal runs of up to 16 digits."""
    found = {int(run) for run in re.findall(r"\d+", text) if len(run) <= 20}
    for run in re.findall(r"[0-9a-fA-F]+", text):
        found |= {int(run[i:i + 16], 16) for i in range(0, max(1, len(run) - 15))} if len(run) > 16 else {int(run, 16)}
    return {n for n in found if 0 <= n < 2**63}


def _deals_the_match(game, rules, candidates: set[int], truth) -> list[int]:
    return [n for n in sorted(candidates) if game.new(rules, 2, n).piles() == truth]


def _frames_until(ws, over: bool) -> list[dict]:
    """Every frame a socket has been sent, read until an update whose `over` is `over`."""
    frames = []
    while True:
        frame = ws.receive_json()
        frames.append(frame)
        if frame["type"] in ("hello", "update") and frame["over"] is over:
            return frames


def test_a_hostile_seat_learns_no_hidden_card_before_the_end_and_can_check_the_deal_after(client, registry, records):
    game = registry.games["cribbage_muggins"]
    rules = game.Rules(**RULES)
    links = _create(client, game="cribbage_muggins", players=2, seats=["human", "expert"], rules=RULES, host_seat=0)
    seen = [json.dumps(links)]
    table = links["table"]
    seen.append(client.get("/api/tables").text)
    seen.append(client.get("/api/games").text)
    seen.append(client.get("/").text)
    seen.append(client.get(f"/table/{table}").text)
    host_token = _token(links["host"])
    qr = client.post(f"/api/tables/{table}/qr", json={"token": host_token, "seat": 0})
    assert qr.status_code == 200
    # The QR code carries the seat's link and nothing else.
    assert qr.text == qr_svg(links["seats"][0]["url"])

    committed = None
    player_frames: list[dict] = []
    with client.websocket_connect(f"/ws/{table}") as spectator:
        with client.websocket_connect(f"/ws/{table}?token={host_token}") as ws:
            frame = _next_update(ws)
            committed = frame["deal"]["commitment"]
            assert re.fullmatch(r"[0-9a-f]{64}", committed) and set(frame["deal"]) == {"commitment"}
            while not frame["over"]:
                player_frames.append(frame)
                seen.append(client.get("/api/tables").text)
                if frame["decision"] is not None:
                    ws.send_json({"type": "act", "step": frame["step"], "action": frame["decision"]["choices"][0]["text"]})
                frame = _next_update(ws)
            last = frame
        watched = _frames_until(spectator, over=True)
    seen += [json.dumps(f) for f in player_frames] + [json.dumps(f) for f in watched[:-1]]
    # The server draws the seed, so the match's length varies: 18 frames was
    # seen for a match the expert won in two deals. Eight is the least any
    # match to 61 can give (two deals of a lay-away, plays and a count each).
    assert len(player_frames) >= 8 and all(f["deal"] == {"commitment": committed} for f in player_frames)
    assert all(f["deal"] == {"commitment": committed} for f in watched[:-1] if f["type"] in ("hello", "update"))

    # The end: the seed and nonce are shown, and they are the ones committed to.
    revealed = last["deal"]
    assert set(revealed) == {"commitment", "seed", "nonce"} and revealed["commitment"] == committed
    assert commitment(revealed["seed"], revealed["nonce"]) == committed
    assert watched[-1]["deal"] == revealed
    record = read_record(records / links["record"])
    assert record.seed == revealed["seed"] and record.deal == {"commitment": committed, "nonce": revealed["nonce"]}
    verify(registry, game, record, given_like=RemoteSeat)
    assert client.get("/api/tables").json()["tables"][0]["over"] is True

    # Before the end, nothing read spelled the seed in any way that deals the match.
    truth = game.new(rules, 2, record.seed).piles()
    text = "\n".join(seen)
    assert str(record.seed) not in text and format(record.seed, "x") not in text.lower()
    candidates = _seeds_in(text)
    assert len(candidates) > 100  # scores, steps, ports, tokens' digits: the search is not empty
    assert _deals_the_match(game, rules, candidates, truth) == []
    # The search would have found it: the seed anywhere in the text, in either spelling, deals the match.
    assert _deals_the_match(game, rules, _seeds_in(f"x{record.seed}y") | _seeds_in(format(record.seed, "x")), truth) == [record.seed]
