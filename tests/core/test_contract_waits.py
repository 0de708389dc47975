"""The contract kit on `Decision.waits`: every responder of a window is given the same value, so a wait never tells."""

from __future__ import annotations

import pytest

from muggins.actions import Decision
from muggins.testing import ContractError, run_match


def test_waits_defaults_to_false_and_is_kept_by_replace():
    plain = Decision(0, "respond", (), (), "said 4", True)
    assert plain.waits is False
    assert plain._replace(correct=()).waits is False and Decision(0, "respond", (), (), waits=True)._replace(prompt="x").waits


def _with_waits(tally, monkeypatch, rule):
    original = tally.State._decision

    def waiting(self):
        found = original(self)
        return found if found is None or self.window is None else found._replace(waits=rule(self, found))

    monkeypatch.setattr(tally.State, "_decision", waiting)


def test_a_window_that_waits_for_every_responder_passes(tally, registry, monkeypatch):
    _with_waits(tally, monkeypatch, lambda state, found: True)
    assert run_match(tally, 3, 2, ["random", "random", "random"], registry=registry)


def test_a_window_that_waits_for_some_responders_only_is_refused(tally, registry, monkeypatch):
    # A wait that differs between the responders of one window, as a wait given only when a claim is due would, is refused.
    _with_waits(tally, monkeypatch, lambda state, found: state.window.position > 0)
    with pytest.raises(ContractError, match="says waits=True, an earlier responder's said False"):
        run_match(tally, 3, 2, ["random", "random", "random"], registry=registry)
