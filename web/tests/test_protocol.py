"""The websocket messages a client sends, read without a server; the per-connection rate limit on a fake clock."""

from __future__ import annotations

import pytest

from muggins_web.protocol import MAX_MESSAGE_BYTES, Act, BadMessage, HostCommand, Ping, RateLimit, read_message


def test_an_act_a_ping_and_the_hosts_commands_are_read():
    assert read_message('{"type": "act", "step": 4, "action": "play 5H"}') == Act(4, "play 5H")
    assert read_message('{"type": "ping"}') == Ping()
    assert read_message('{"type": "seat_bot", "seat": 1, "kind": "expert"}') == HostCommand("seat_bot", 1, "expert")


@pytest.mark.parametrize("text, said", [
    (None, "text frames"),
    ("[1]", "one JSON object"),
    ("{", "one JSON object"),
    ("[" * 100000, f"longer than {MAX_MESSAGE_BYTES} bytes"),
    ('{"type": "act", "step": true, "action": "x"}', "whole number"),
    ('{"type": "act", "step": 1, "action": ""}', "text of one of the choices"),
    ('{"type": "act", "step": 1, "action": 5}', "text of one of the choices"),
    ('{"type": "move"}', "unknown message type"),
    ('"' + "é" * (MAX_MESSAGE_BYTES // 2 + 1) + '"', "longer than"),
])
def test_anything_else_is_refused_with_one_line(text, said):
    with pytest.raises(BadMessage, match=said) as refused:
        read_message(text)
    assert "\n" not in str(refused.value)


def test_the_rate_limit_allows_a_burst_then_a_trickle_and_refunds_answers_taken():
    now = [0.0]
    limit = RateLimit(per_second=2, burst=3, clock=lambda: now[0])
    assert [limit.allow() for _ in range(4)] == [True, True, True, False]
    now[0] += 0.5
    assert limit.allow() and not limit.allow()
    limit.refund()
    assert limit.allow() and not limit.allow()
    now[0] += 100
    assert [limit.allow() for _ in range(4)] == [True, True, True, False]


def test_a_flood_is_one_new_flood_however_many_messages_it_lets_through_until_the_connection_is_quiet():
    now = [0.0]
    limit = RateLimit(per_second=20, burst=40, clock=lambda: now[0], quiet=10)
    floods = 0
    for _ in range(500):  # 100 messages a second for 5 s: the bucket lets one in five through as it refills
        now[0] += 0.01
        if not limit.allow() and limit.new_flood():
            floods += 1
    assert floods == 1
    now[0] += 9.9  # not yet quiet for long enough
    assert [limit.allow() or limit.new_flood() for _ in range(41)][-1] is False
    now[0] += 10
    assert [limit.allow() or limit.new_flood() for _ in range(41)][-1] is True
