"""`FishingState.play_forced`: a quiet expert match that counts its unclaimable capture windows without opening them ends exactly as one played decision by decision.

A listener makes the engine play one decision at a time and open every
window (nobody is quiet), so each quiet run is compared with the same seed
listened to (`muggins.testing.play_to_end`): the decision count and the
final saved state, which holds the result, must be equal, at the decision
limit too (the match then stops at the same decision, however
the limit falls against a window's five answers).
"""

from __future__ import annotations

import json

import pytest

from muggins.engine import Match, MatchAborted
from muggins.players import make_players
from muggins.testing import play_to_end
from muggins.window import ChallengeWindow

from willughby_fishing.terms import CLAIM_KINDS, FishingTerms


def play(registry, game, rules, seed, listen, limit=None, kinds=("expert",) * 5):
    return play_to_end(game, rules, seed, make_players(registry, game, list(kinds), seed), listen=listen, limit=limit)


@pytest.mark.parametrize("rules", [{"deals": 1}, {}, {"reward": "last_capture", "deals": 2}, {"mistakes": "prevented", "deals": 2}])
def test_quiet_expert_matches_end_as_listened_ones(registry, game, rules):
    house = game.Rules(**rules)
    for seed in range(4):
        assert play(registry, game, house, seed, False) == play(registry, game, house, seed, True)


def test_the_decision_limit_stops_both_at_the_same_decision(registry, game):
    house = game.Rules(deals=1)
    for seed in range(2):
        for limit in (1, 2, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 40, 41, 42, 43, 44, 45, 46):
            quiet = play(registry, game, house, seed, False, limit)
            assert quiet[1] == "aborted at the decision limit" and quiet == play(registry, game, house, seed, True, limit)


def test_the_decision_limit_at_every_decision_of_a_deal_stops_both_alike(registry, game):
    # Every offset against every kind of window a quiet deal answers without opening: nothing to claim
    # after a capture or a lie-down, and the other pair, whose answers end at its holder.
    house = game.Rules(deals=1)
    decisions = play(registry, game, house, 0, True)[0]
    for limit in range(1, decisions + 1):
        assert play(registry, game, house, 0, False, limit) == play(registry, game, house, 0, True, limit)


@pytest.mark.parametrize("rules", [{"deals": 2}, {"deals": 2, "mistakes": "prevented"}])
def test_a_quiet_match_lays_the_other_pair_without_opening_its_window(registry, game, monkeypatch, rules):
    house = game.Rules(**rules)
    opened_for = []
    original = ChallengeWindow.__init__

    def noting(self, actor, responders, subject=None, *args, **kwargs):
        opened_for.append((subject or {}).get("after"))
        original(self, actor, responders, subject, *args, **kwargs)

    monkeypatch.setattr(ChallengeWindow, "__init__", noting)
    quiet = play(registry, game, house, 2, False)
    quiet_windows = list(opened_for)
    opened_for.clear()
    assert quiet == play(registry, game, house, 2, True)
    laid = json.loads(quiet[1])["stats"]["other_pairs_laid"]
    assert laid > 0 and opened_for.count("capture") >= laid  # listened to, each was a window; quietly, none
    assert quiet_windows.count("capture") == 0 and "lie_down" not in quiet_windows


@pytest.mark.parametrize("closed", [set(), {"other_pair"}, {"other_pair_capturer"}, {"laid_down_pair"},
                                    {"left_pair", "laid_down_three"}, set(CLAIM_KINDS)])
def test_with_any_claims_closed_a_quiet_match_ends_as_a_listened_one(registry, game, closed):
    # The house-rule terms decide which windows have something due, so which ones a quiet match may answer itself.
    for rules in ({"deals": 2}, {"deals": 2, "mistakes": "prevented"}, {"deals": 2, "reward": "last_capture"}):
        for seed in range(3):
            ends = []
            for listen in (False, True):
                state = game.new(game.Rules(**rules), 5, seed)
                state.set_terms(FishingTerms(closed=frozenset(closed)))
                match = Match(state, make_players(registry, game, ["expert"] * 5, seed), listeners=[lambda g, e: None] if listen else [])
                match.run()
                ends.append((match.decisions, json.dumps(state.to_dict(), sort_keys=True)))
            assert ends[0] == ends[1], (rules, seed)


def test_a_quiet_match_with_a_novice_is_played_window_by_window_and_ends_the_same(registry, game):
    # The novice forgets claims, so it does not take sole correct choices: no play_forced, every window opened.
    kinds = ("expert", "novice", "expert", "expert", "random")
    house = game.Rules(deals=1)
    for seed in range(3):
        assert play(registry, game, house, seed, False, kinds=kinds) == play(registry, game, house, seed, True, kinds=kinds)


def test_a_quiet_expert_match_opens_few_of_its_windows(registry, game, monkeypatch):
    opened = []
    original = ChallengeWindow.__init__

    def counting(self, *args, **kwargs):
        opened.append(1)
        original(self, *args, **kwargs)

    monkeypatch.setattr(ChallengeWindow, "__init__", counting)
    state = game.new(game.Rules(deals=1), 5, 0)
    Match(state, make_players(registry, game, ["expert"] * 5, 0)).run()
    windows = state.stats["windows"]
    assert windows > 10 and len(opened) < windows / 2  # the layout's and the laid-down hands' windows are still opened


def test_a_copy_taken_during_a_quiet_match_opens_its_windows(registry, game):
    # A player that copies the state while it chooses (as the search does) must not hand the copy the engine's count.
    copies = []

    class Copying:
        takes_sole_correct_choice = True
        stands_in_unclaimable_windows = True

        def __init__(self, inner):
            self.inner = inner

        def choose(self, view, decision):
            copies.append(state.clone())
            return self.inner.choose(view, decision)

    state = game.new(game.Rules(deals=1), 5, 3)
    experts = make_players(registry, game, ["expert"] * 5, 3)
    Match(state, [Copying(experts[0])] + experts[1:]).run()
    assert copies and all(c._room == 0 and c._quiet_answers == 0 for c in copies)
    copy = copies[len(copies) // 2]
    listened = Match(copy, make_players(registry, game, ["expert"] * 5, 3), listeners=[lambda g, e: None])
    assert listened.run() == Match(copies[len(copies) // 2].clone(), make_players(registry, game, ["expert"] * 5, 3)).run()


def test_the_engine_leaves_no_note_of_the_room_when_it_stops(registry, game):
    state = game.new(game.Rules(deals=1), 5, 1)
    match = Match(state, make_players(registry, game, ["expert"] * 5, 1))
    match.limit = 30  # stopped by the limit as well as at the end: the last call, with 0, clears it both ways
    with pytest.raises(MatchAborted):
        match.run()
    assert state._room == 0 and state._quiet_answers == 0
    state = game.new(game.Rules(deals=1), 5, 1)
    Match(state, make_players(registry, game, ["expert"] * 5, 1)).run()
    assert state._room == 0 and state._quiet_answers == 0
