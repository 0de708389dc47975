"""The contract kit's named checks: each fails a game broken in its own concern, names itself, and passes a sound game.

Every broken Tally below breaks one concern; the named check of that
concern must fail it with a ContractError naming the check (`.check` and
the message's first line), and the named checks of concerns the break does
not touch must still pass it, so a plugin author can run one concern alone
and trust what it says.
"""

from __future__ import annotations

import itertools
import random

import pytest

from muggins.actions import Claim, Decision
from muggins.testing import (
    ContractError, check_determinism, check_game, check_play, check_privacy, check_records, check_replay, check_restore,
    check_windows, run_match,
)

NAMED = {
    "play": check_play, "privacy": check_privacy, "windows": check_windows, "restore": check_restore,
    "determinism": check_determinism, "records": check_records,
}
SMALL = {"players": [3], "games": 3, "seed": 4}


def test_every_named_check_passes_tally_over_the_very_matches_check_game_walks(tally, registry):
    whole = check_game(tally, players=[2, 3], games=4, seed=7, registry=registry)
    assert whole.matches == 8 and whole.windows > 0 and whole.claims > 0
    for name, check in NAMED.items():
        assert vars(check(tally, players=[2, 3], games=4, seed=7, registry=registry)) == vars(whole), name


# -- one broken Tally per concern ------------------------------------------------------------------
def lose_a_card(tally, monkeypatch):
    original = tally.State._apply

    def lose(self, action):
        events = original(self, action)
        if self.piles_["table"]:
            self.piles_["table"].pop(0)
        return events

    monkeypatch.setattr(tally.State, "_apply", lose)


def peek_at_the_stock_in_the_view(tally, monkeypatch):
    original = tally.State.view

    def leaky(self, seat):
        return dict(original(self, seat), peek=[c.code for c in self.piles_["stock"][:1]])

    monkeypatch.setattr(tally.State, "view", leaky)


def name_the_next_stock_card_in_each_play_event(tally, monkeypatch):
    original = tally.State._apply

    def leaky(self, action):
        events = original(self, action)
        return [dict(e, next=self.piles_["stock"][-1].code) if e["type"] == "play" else e for e in events]

    monkeypatch.setattr(tally.State, "_apply", leaky)


def put_a_stock_card_in_the_decision_info(tally, monkeypatch):
    original = tally.State._decision

    def leaky(self):
        found = original(self)
        return None if found is None else found._replace(info={"hint": self.piles_["stock"][0].code})

    monkeypatch.setattr(tally.State, "_decision", leaky)


def narrate_the_next_stock_card_as_a_glyph(tally, monkeypatch):
    """A leak only the words show: describe() tells every seat the card the stock holds next ("next: 7♥")."""
    original = tally.describe

    def leaky(ev, seat):
        line = original(ev, seat)
        if ev["type"] == "play" and leaky.state is not None and leaky.state.piles_["stock"]:
            return f"{line} (next: {leaky.state.piles_['stock'][-1]})"
        return line

    leaky.state = None
    apply = tally.State._apply

    def remember(self, action):
        leaky.state = self
        return apply(self, action)

    monkeypatch.setattr(tally, "describe", leaky)
    monkeypatch.setattr(tally.State, "_apply", remember)


def name_the_standing_answer_wrong(tally, monkeypatch):
    original = tally.State._decision

    def wrong(self):
        found = original(self)
        if found is None or found.kind != "respond":
            return found
        claims = [c for c in found.choices if str(c) != "pass"]
        return found._replace(standing=claims[0]) if claims else found

    monkeypatch.setattr(tally.State, "_decision", wrong)


def settle_windows_with_a_bonus(tally, monkeypatch):
    from muggins.game import State

    def generous(self):
        answers = State.settle_window(self)
        self.scores[0] += 1  # a "faster equivalent" that is not equivalent
        return answers

    monkeypatch.setattr(tally.State, "settle_window", generous, raising=False)


def wait_only_after_the_first_responder(tally, monkeypatch):
    original = tally.State._decision

    def waiting(self):
        found = original(self)
        return found if found is None or self.window is None else found._replace(waits=self.window.position > 0)

    monkeypatch.setattr(tally.State, "_decision", waiting)


def call_overcount_right_in_unclaimable_windows(tally, monkeypatch):
    original = tally.State._decision

    def wrong(self):
        found = original(self)
        if found is not None and self.window is not None and self.window.claimable is False:
            return Decision(found.seat, found.kind, found.choices, [Claim("overcount")], found.prompt, found.compact)
        return found

    monkeypatch.setattr(tally.State, "_decision", wrong)


def forget_the_scores_when_saving(tally, monkeypatch):
    original = tally.State.to_dict

    def forgetful(self):
        return dict(original(self), scores=[0.0] * self.players)

    monkeypatch.setattr(tally.State, "to_dict", forgetful)


def deal_from_an_unseeded_shuffle(tally, monkeypatch):
    original = tally.State.new.__func__

    def unseeded(cls, game, rules, players, seed):
        state = original(cls, game, rules, players, seed)
        pile_names = [f"hand {s}" for s in range(players)] + ["stock"]
        deck = [c for name in pile_names for c in state.piles_[name]]
        random.SystemRandom().shuffle(deck)
        for name in pile_names:
            size = len(state.piles_[name])
            state.piles_[name], deck = deck[:size], deck[size:]
        return state

    monkeypatch.setattr(tally.State, "new", classmethod(unseeded))


def give_the_game_a_numeric_version(tally, monkeypatch):
    monkeypatch.setattr(type(tally), "version", 2)  # a record's header needs a text version


BREAKS = [
    # (break, the check that must fail it, its message, named checks that must still pass it)
    (lose_a_card, "play", r"conservation broken after decision 1: missing", ()),
    (peek_at_the_stock_in_the_view, "privacy", r"shows hidden cards \['\w\w'\]", ("play", "windows", "restore", "determinism", "records")),
    (name_the_next_stock_card_in_each_play_event, "privacy", r"event 'play' reaches seat \d and names cards hidden from it", ("play", "windows", "restore")),
    (put_a_stock_card_in_the_decision_info, "privacy", r"the decision's info for seat \d names cards hidden from it", ("play", "windows", "restore", "records")),
    (narrate_the_next_stock_card_as_a_glyph, "privacy", r"what seat \d is shown names cards hidden from it: \['\w\w'\]", ("play", "windows", "restore", "determinism", "records")),
    (name_the_standing_answer_wrong, "windows", r"offers 'pass', the window's standing answer, but its standing answer is '(muggins|overcount)", ("play", "privacy", "restore", "determinism", "records")),
    (settle_windows_with_a_bonus, "windows", r"settle_window\(\) leaves a different state than answering one by one", ("play", "privacy", "restore")),
    (wait_only_after_the_first_responder, "windows", r"says waits=True, an earlier responder's said False", ("play", "privacy", "restore", "determinism", "records")),
    (call_overcount_right_in_unclaimable_windows, "windows", r"unclaimable window must have the standing answer 'pass' as its only correct choice", ("privacy", "restore")),
    (forget_the_scores_when_saving, "restore", r"state restored at decision \d+ gives different events", ("play", "privacy", "windows", "determinism", "records")),
    (deal_from_an_unseeded_shuffle, "determinism", r"the same seed dealt different opening events on a second run", ("play", "privacy", "windows", "restore")),
    (give_the_game_a_numeric_version, "records", r"the record does not parse: .*'version' is 2; it must be a text version", ("play", "privacy", "windows", "restore", "determinism")),
]


@pytest.mark.parametrize(("breaking", "failing", "message", "passing"), BREAKS, ids=[b[0].__name__ for b in BREAKS])
def test_a_break_fails_its_own_named_check_and_no_other(tally, registry, monkeypatch, breaking, failing, message, passing):
    breaking(tally, monkeypatch)
    with pytest.raises(ContractError, match=message) as caught:
        NAMED[failing](tally, registry=registry, **SMALL)
    assert caught.value.check == failing
    assert str(caught.value).startswith(f"tally fails the {failing} check: ")
    assert "reproduce: run_match(game, players=3, seed=" in str(caught.value)
    for name in passing:
        NAMED[name](tally, registry=registry, **SMALL)


def test_the_play_checks_run_under_every_named_check(tally, registry, monkeypatch):
    lose_a_card(tally, monkeypatch)
    for name, check in NAMED.items():
        with pytest.raises(ContractError, match="conservation broken") as caught:
            check(tally, registry=registry, **SMALL)
        assert caught.value.check == "play", name
    with pytest.raises(ContractError) as whole:  # and under the whole kit, which names the match to replay
        check_game(tally, players=[3], games=1, registry=registry, seed=5)
    message = str(whole.value)
    assert "conservation broken after decision 1: missing" in message
    assert "reproduce: run_match(game, players=3, seed=" in message and "decisions (1)" in message
    assert whole.value.check == "play" and whole.value.players == 3 and len(whole.value.decisions) == 1


def test_check_game_names_the_failing_check_and_that_check_alone_finds_the_same_match(tally, registry, monkeypatch):
    peek_at_the_stock_in_the_view(tally, monkeypatch)
    with pytest.raises(ContractError) as whole:
        check_game(tally, registry=registry, **SMALL)
    with pytest.raises(ContractError) as alone:
        check_privacy(tally, registry=registry, **SMALL)
    assert whole.value.check == alone.value.check == "privacy"
    assert (whole.value.seed, whole.value.kinds, whole.value.decisions) == (alone.value.seed, alone.value.kinds, alone.value.decisions)
    with pytest.raises(ContractError, match="shows hidden cards") as again:
        run_match(tally, 3, whole.value.seed, whole.value.kinds, registry=registry)  # the reproduction line's call
    assert again.value.check == "privacy"


def test_drifting_events_fail_the_determinism_check(tally, registry, monkeypatch):
    counter = itertools.count()
    original = tally.State._apply
    monkeypatch.setattr(tally.State, "_apply", lambda self, action: [dict(e, tick=next(counter)) for e in original(self, action)])
    with pytest.raises(ContractError, match=r"the same seed and choices gave different events at decision 0 on a second run") as caught:
        check_determinism(tally, registry=registry, **SMALL)
    assert caught.value.check == "determinism"


def test_a_state_that_plays_otherwise_when_nobody_reads_events_fails_the_determinism_check(tally, registry, monkeypatch):
    original = tally.State._apply

    def careless(self, action):
        events = original(self, action)
        if not self.events_wanted and self.piles_["table"]:
            self.piles_["stock"].append(self.piles_["table"].pop())  # a shortcut taken only when nobody looks
        return events

    monkeypatch.setattr(tally.State, "_apply", careless)
    with pytest.raises(ContractError, match=r"played with nobody reading events the match took") as caught:
        check_determinism(tally, registry=registry, **SMALL)
    assert caught.value.check == "determinism"
    check_records(tally, registry=registry, **SMALL)  # every recorded run reads events: nothing else is wrong


def test_a_play_forced_that_miscounts_fails_the_determinism_check(tally, registry, monkeypatch, declare_capabilities):
    monkeypatch.setattr(tally.State, "play_forced", lambda self, budget: 0)  # overridden, taking nothing: sound
    declare_capabilities(tally)
    check_determinism(tally, registry=registry, **SMALL)
    monkeypatch.setattr(tally.State, "play_forced", lambda self, budget: 1 if budget > 1 else 0)  # counts one it never took
    with pytest.raises(ContractError, match=r"the quiet match \(play_forced\) took \d+ decisions to \d+ one by one") as caught:
        check_determinism(tally, registry=registry, **SMALL)
    assert caught.value.check == "determinism"


def test_check_replay_reports_other_decisions_as_a_determinism_failure(tally, registry):
    decisions = run_match(tally, 3, 11, ["random", "expert", "random"], registry=registry)
    check_replay(tally, 3, 11, ["random", "expert", "random"], decisions, registry=registry)
    with pytest.raises(ContractError, match="took different decisions on a second run") as caught:
        check_replay(tally, 3, 11, ["random", "expert", "random"], decisions[:-1] + ["pass"], registry=registry)
    assert caught.value.check == "determinism"


def test_a_rerun_that_raises_is_a_contract_error_of_the_rerunning_check(tally, registry, monkeypatch):
    from muggins import engine

    def broken_run(self):
        raise KeyError("lost the table")

    monkeypatch.setattr(engine.Match, "run", broken_run)
    with pytest.raises(ContractError, match=r"the rerun raised KeyError: 'lost the table'") as caught:
        check_records(tally, registry=registry, **SMALL)
    assert caught.value.check == "records"
    check_restore(tally, registry=registry, **SMALL)  # a walk never uses Match.run


def test_named_checks_refuse_player_counts_the_game_does_not_allow(tally, registry):
    for name, check in NAMED.items():
        with pytest.raises(ValueError, match="2-4 players, not 7"):
            check(tally, players=[7], games=1, registry=registry)


def test_a_contract_error_built_without_a_check_keeps_its_first_line():
    error = ContractError("it broke", game="g", players=2, seed=1, kinds=["random"], decisions=["pass"])
    assert error.check is None and str(error).startswith("g: it broke\n  reproduce: run_match(game, players=2, seed=1")
