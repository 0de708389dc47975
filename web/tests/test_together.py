"""Everyone lays away at once: a group of seats the game declares order-free decides together at the browser table.

A four-player cribbage deal through Starlette's test client: three people
on websockets and a novice bot. Every person is offered the lay-away in
their first frame, before anyone has answered, and the bot's answer is
already held; the people answer in an order other than seat order; until
the last answer nothing is applied, each frame names who the group still
waits for and no frame shows anyone's held answer; then the four answers
go into the record in seat order, and the record verifies. An answer held
for the group survives a restart of the server, as a window's early answer does.
"""

from __future__ import annotations

import asyncio
import json
import re

from muggins.cards import parse_card
from muggins.projection import order_free_group
from muggins.records import read_record
from muggins.match_checks import verify
from muggins_web.lobby import Lobby
from muggins_web.table import RemoteSeat

from .test_app import _create, _next_update, _token

SEATS = ["human", "human", "novice", "human"]
PEOPLE = [0, 1, 3]


def _names(code: str, text: str) -> bool:
    """Whether `text` names the card `code` as a card: the code on its own, not inside a longer word.

    A table's id and tokens are random letters, digits, - and _: "AC" inside one
    (`xKAC3v9Q`) names no card, and once failed a full run by chance.
    """
    return re.search(rf"(?<![0-9A-Za-z_-]){re.escape(code)}(?![0-9A-Za-z_-])", text) is not None


def _codes(text: str) -> list[str]:
    """The card codes a lay-away's text names (`discard 5H` -> ['5H'])."""
    return [word for word in text.split()[1:] if parse_card(word) is not None]


def test_four_seats_lay_away_at_once_in_any_order_and_the_record_verifies(client, lobby, registry, records):
    links = _create(client, game="cribbage_muggins", players=4, seats=SEATS, seed=17, rules={"target": 61})
    table = lobby.tables[links["table"]]
    group = order_free_group(table.match.state)
    assert sorted(group) == [0, 1, 2, 3] and table.match.taken == 0
    base = f"/ws/{links['table']}"
    contexts = {seat: client.websocket_connect(f"{base}?token={_token(links['seats'][seat]['url'])}") for seat in PEOPLE}
    contexts[None] = client.websocket_connect(base)
    sockets = {seat: context.__enter__() for seat, context in contexts.items()}
    try:
        hellos = {seat: _next_update(ws) for seat, ws in sockets.items()}
        for seat in PEOPLE:  # every person is offered the lay-away before anyone has answered
            decision = hellos[seat]["decision"]
            assert decision is not None and decision["kind"] == "discard", (seat, hellos[seat])
            assert hellos[seat]["step"] == group.index(seat) and hellos[seat]["answered"] is None
        bot_answer = table.session._held[2].answer  # the bot answered at once, and it is held
        assert hellos[None]["together"] == [s for s in group if s != 2] and hellos[None]["decision"] is None
        order = sorted(PEOPLE, key=group.index, reverse=True)
        assert order != sorted(PEOPLE, key=group.index)
        held = {2: bot_answer}
        for k, seat in enumerate(order):
            text = hellos[seat]["decision"]["choices"][k]["text"]
            held[seat] = text
            sockets[seat].send_json({"type": "act", "step": hellos[seat]["step"], "action": text})
            if k == len(order) - 1:
                break
            frames = {s: _next_update(ws) for s, ws in sockets.items()}
            assert table.match.taken == 0, "an answer went in before the whole group had answered"
            waiting = [s for s in group if s not in held]
            for viewer, frame in frames.items():
                assert frame["together"] == waiting and frame["to_act"] == group[0]
                shown = json.dumps(frame)
                for author, answer in held.items():
                    if author == viewer:
                        continue
                    assert answer not in shown and not any(_names(code, shown) for code in _codes(answer)), (viewer, author, answer)
            assert frames[seat]["answered"] == text and frames[seat]["decision"] is None
            assert all(frames[s]["decision"] is not None for s in PEOPLE if s not in held)
        after = _next_update(sockets[None])
        while after["step"] < 4:
            after = _next_update(sockets[None])
        assert after["together"] == []
        laid = [tuple(d) for d in table.session.match.writer.record.decisions[:4]]
        assert laid == [(seat, held[seat]) for seat in group]  # applied in seat order
        with client.websocket_connect(f"{base}?token={_token(links['host'])}") as host:
            _next_update(host)
            for seat in PEOPLE:  # the people leave the rest to bots, so the match ends
                host.send_json({"type": "seat_bot", "seat": seat, "kind": "expert"})
            frame = _next_update(sockets[None])
            while not frame["over"]:
                frame = _next_update(sockets[None])
    finally:
        for context in contexts.values():
            context.__exit__(None, None, None)
    record = read_record(records / links["record"])
    assert record.result is not None and [tuple(d) for d in record.decisions[:4]] == [(seat, held[seat]) for seat in group]
    assert verify(registry, registry.games["cribbage_muggins"], record, given_like=RemoteSeat) is None


def test_an_answer_held_for_the_group_survives_a_restart_and_is_not_asked_again(registry, records):
    async def before() -> tuple[str, int, int, str]:
        lobby = Lobby(registry, pace=0)
        table = await lobby.create({"game": "cribbage_muggins", "players": 4, "seats": SEATS, "seed": 23, "rules": {"target": 61}})
        offer = max((table.offers[s] for s in PEOPLE), key=lambda o: o.step)
        text = str(offer.decision.choices[2])
        await table.act(offer.seat, offer.step, text)
        assert table.match.taken == 0 and table.session.together() == [s for s in order_free_group(table.match.state) if s not in (2, offer.seat)]
        lobby.close_all()
        return table.id, offer.seat, offer.step, text

    async def after(table_id: str, seat: int, step: int, text: str) -> None:
        lobby = Lobby(registry, pace=0)
        await lobby.resume_unfinished()
        table = lobby.tables[table_id]
        offer = table.offers[seat]
        assert (offer.step, offer.answer, offer.decision is not None) == (step, text, True)
        assert seat not in table.session.together() and table.match.taken == 0
        for other in PEOPLE:
            if other != seat:
                late = table.offers[other]
                await table.act(other, late.step, str(late.decision.choices[0]))
        group = [d[0] for d in table.session.match.writer.record.decisions[:4]]
        assert table.match.taken >= 4 and (seat, text) == tuple(table.session.match.writer.record.decisions[group.index(seat)])
        lobby.close_all()

    asyncio.run(after(*asyncio.run(before())))
