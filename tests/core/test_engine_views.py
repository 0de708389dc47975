"""The views a Match hands its players: one unread view reused per seat, a fresh one once a view has been read."""

from __future__ import annotations

from muggins.engine import LazyView, Match


class _Recorder:
    """Picks the first choice; keeps every view it was handed, and reads it on the decisions `reads` names."""

    def __init__(self, reads: set[int]) -> None:
        self.reads, self.views, self.read = reads, [], {}

    def choose(self, view, decision):
        number = len(self.views)
        self.views.append(view)
        if number in self.reads:
            self.read[number] = dict(view)
        return decision.choices[0]


def test_an_unread_view_is_handed_again_and_a_read_one_keeps_what_it_read(tally):
    state = tally.new(tally.Rules(), 2, 3)
    players = [_Recorder({2, 3}), _Recorder(set())]
    Match(state, players).run()
    first = players[0]
    assert len(first.views) > 5
    # Decisions 0..2 share one object (unread until 2 read it); 3 is a new one, since 2's was read; after 3's read, 4 is new again.
    assert first.views[0] is first.views[1] is first.views[2]
    assert first.views[3] is not first.views[2] and first.views[4] is not first.views[3]
    assert first.views[5] is first.views[4]
    # What was read stays as read, though the state has moved on since.
    assert dict(first.views[2]) == first.read[2] and dict(first.views[3]) == first.read[3]
    assert all(isinstance(view, LazyView) for view in first.views)
    # A seat that never reads is handed one view for the whole match, and it reads as the state's view now.
    assert len({id(view) for view in players[1].views}) == 1
    assert dict(players[1].views[-1]) == dict(state.view(1))
