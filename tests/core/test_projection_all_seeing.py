"""Looking back over a finished match: `replay` telling each step as it is taken, and the table as every seat together saw it."""

from __future__ import annotations

import io

from muggins.engine import Match, make_players
from muggins.projection import all_seeing_layout, all_seeing_update
from muggins.records import RecordWriter, header_for, parse_record
from muggins.replay import kept, replay


class _Table:
    """A game whose layout shows each seat its own hand face up ("Your hand") and the others' face down, a stock nobody sees,
    and a zone of seat 1's that only seat 1's layout has."""

    hands = {0: ["5H", "6C"], 1: []}

    def layout(self, view, seat):
        zones = [{"id": f"hand:{s}", "kind": "hand", "label": "Your hand" if s == seat else f"seat {s}'s hand", "owner": s,
                  "cards": list(cards) if s == seat else None, "count": len(cards)} for s, cards in self.hands.items()]
        zones.append({"id": "stock", "kind": "pile", "label": "the stock", "owner": None, "cards": None, "count": 30})
        if seat == 1:
            zones.append({"id": "laid:1", "kind": "pile", "label": "laid away", "owner": 1, "cards": ["KS"], "count": 1})
        return {"zones": zones, "counters": [{"id": "score", "label": "score", "owner": None, "value": 3}], "track": None}


class _State:
    game = _Table()
    players = 2

    def view(self, seat):
        return {"seat": seat}


def test_the_all_seeing_layout_shows_every_hand_face_up_in_the_spectators_words_and_keeps_what_nobody_saw_face_down():
    shown = all_seeing_layout(_State())
    zones = {z["id"]: z for z in shown["zones"]}
    assert [z["id"] for z in shown["zones"]] == ["hand:0", "hand:1", "stock", "laid:1"]
    assert zones["hand:0"] == {"id": "hand:0", "kind": "hand", "label": "seat 0's hand", "owner": 0, "cards": ["5H", "6C"], "count": 2}
    assert zones["hand:1"]["cards"] == [] and zones["hand:1"]["label"] == "seat 1's hand"  # an empty hand is shown empty, not face down
    assert zones["stock"]["cards"] is None and zones["stock"]["count"] == 30
    assert zones["laid:1"]["cards"] == ["KS"]
    assert shown["counters"] == [{"id": "score", "label": "score", "owner": None, "value": 3}]
    # The game's own layouts are left as they were.
    assert _State.game.layout({}, None)["zones"][0]["cards"] is None


def test_replay_tells_each_step_the_set_up_first_with_the_state_as_it_stands_then(tally, registry):
    kinds = ["expert", "random", "expert"]
    state = tally.new(tally.Rules(), 3, 11)
    stream = io.StringIO()
    writer = RecordWriter.start(stream, header_for(tally, tally.Rules(), 3, 11, kinds), state.opening_events())
    Match(state, make_players(registry, tally, kinds, 11), writer=writer).run()
    record = parse_record(stream.getvalue())

    seen = []

    def each(index, seat, action, events, at):
        update = all_seeing_update(at, events)
        seen.append((index, seat, None if action is None else str(action), events, at.to_dict() if update["over"] else None, update))

    replayed, divergence = replay(tally, record, each=each)
    assert divergence is None
    assert [(i, s, a) for i, s, a, *_ in seen] == [(-1, None, None), *[(n, s, a) for n, (s, a) in enumerate(record.decisions)]]
    assert kept(record.opening, seen[0][3]) and all(kept(record.events[n], seen[n + 1][3]) for n in range(len(record.decisions)))
    assert seen[-1][4] == replayed.to_dict() and [u["over"] for *_, u in seen].count(True) == 1
    # A game that does not describe its table: each seat's own text, and the public events narrated as a spectator is told them.
    last = seen[-1][5]
    assert last["layout"] is None and len(last["renders"]) == 3 and last["to_act"] is None
    told = [[line for line in (tally.describe(e, None) for e in events if "to" not in e) if line] for _i, _s, _a, events, *_ in seen]
    assert [u["lines"] for *_, u in seen] == told and any(told)
