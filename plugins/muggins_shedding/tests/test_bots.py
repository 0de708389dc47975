"""Issue item 4: the expert, novice and random bots (and that no bot reads a hidden card)."""

from __future__ import annotations

import random

import pytest

from muggins import Pass
from muggins.engine import Match, make_players

from muggins_shedding import SheddingRules
from muggins_shedding.bots import ExpertBot, NoviceBot, RandomBot

STOCKS = {0: ["9C", "9H"], 1: ["9S", "8C"], 2: ["8D", "8H"], 3: ["8S", "7C"]}


class Watch:
    """Wraps a bot and records each (decision, choice)."""

    def __init__(self, bot):
        self.bot, self.log = bot, []

    def choose(self, view, decision):
        action = self.bot.choose(view, decision)
        self.log.append((decision, action))
        return action


def watched_match(registry, game, kinds, seed, rules=None, options=None):
    players = [Watch(p) for p in make_players(registry, game, kinds, seed, options)]
    state = game.new(rules or SheddingRules(hands=1, turn_limit=300), len(kinds), seed)
    result = Match(state, players).run()
    return players, result


def test_the_game_registers_its_own_bots(registry):
    for name in ("expert", "novice", "random"):
        assert registry.player_kind(name, "muggins_shedding").games == ("muggins_shedding",)
    assert isinstance(make_players(registry, registry.game("muggins_shedding"), ["expert"], 1)[0], ExpertBot)


def test_the_expert_is_always_correct_and_calls_every_real_error(registry, game):
    errors_seen = calls = 0
    for seed in range(6):
        players, _ = watched_match(registry, game, ["expert", "novice", "expert", "random"], seed, options={"error_rate": 0.4})
        for seat in (0, 2):
            for decision, action in players[seat].log:
                assert action in decision.correct
                if decision.kind == "respond" and not isinstance(decision.correct[0], Pass):
                    errors_seen += 1
                    calls += not isinstance(action, Pass)
    assert errors_seen > 10 and calls == errors_seen


def test_the_cover_rule_keeps_the_most_ranks_playable(position):
    # 6H fits the 7D (common 1) and the 5s (commons 2 and 3). Covering the 7 leaves tops 6 5 5 (ranks 4-7 fit);
    # covering a 5 leaves 7 6 5 (ranks 4-8 fit): the cover rule picks common 2, "first fitting pile" common 1.
    state = position(players=4, commons=["7D", "5C", "5S"], stocks=STOCKS, mover=0, exposed="6H")
    decision = state.decision()
    assert [str(a) for a in decision.correct] == ["play 6H to common 1", "play 6H to common 2", "play 6H to common 3"]
    assert str(ExpertBot(commons_rule="cover").choose(state.view(0), decision)) == "play 6H to common 2"
    assert str(ExpertBot(commons_rule="first").choose(state.view(0), decision)) == "play 6H to common 1"


def test_the_expert_choice_depends_only_on_what_it_sees(position):
    # Two positions that differ only in face-down stock cards give the same view and the same choice.
    a = position(players=4, commons=["7D", "5C", "5S"], stocks=STOCKS, mover=0, exposed="6H")
    b = position(players=4, commons=["7D", "5C", "5S"], stocks={0: ["JC", "JH"], 1: ["JS", "QC"], 2: ["QD", "QH"], 3: ["QS", "KC"]}, mover=0, exposed="6H")
    assert a.view(0) == b.view(0)
    assert str(ExpertBot().choose(a.view(0), a.decision())) == str(ExpertBot().choose(b.view(0), b.decision()))
    hidden = {c.code for c in a.hidden_from(0)}
    assert not hidden & set(_codes(a.view(0)))


def _codes(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _codes(item)
    elif isinstance(value, list):
        for item in value:
            yield from _codes(item)


@pytest.mark.parametrize(("error_rate", "attention"), [(0.0, 0.0), (1.0, 1.0), (0.3, 0.5)])
def test_novice_error_and_attention_rates(registry, game, error_rate, attention):
    wrong = plays = real = called = false_calls = 0
    for seed in range(5):
        players, _ = watched_match(registry, game, ["novice"] * 4, seed, options={"error_rate": error_rate, "attention": attention})
        for p in players:
            for decision, action in p.log:
                if decision.kind == "play" and len(decision.correct) < len(decision.choices):
                    plays += 1
                    wrong += action not in decision.correct
                elif decision.kind == "respond":
                    is_error = not isinstance(decision.correct[0], Pass)
                    real += is_error
                    called += is_error and not isinstance(action, Pass)
                    false_calls += not is_error and not isinstance(action, Pass)
    assert false_calls == 0  # a novice never calls a correct play
    assert abs(wrong / plays - error_rate) < 0.08
    if real:
        assert abs(called / real - attention) < 0.15


def test_novice_errors_are_plausible_when_possible(position):
    state = position(players=4, commons=["5C", "9D"], stocks=STOCKS, discards={1: ["7D"]}, mover=0, exposed="6H")
    bot = NoviceBot(random.Random(1), error_rate=1.0)
    picks = {str(bot.choose(state.view(0), state.decision())) for _ in range(50)}
    assert picks == {"play 6H to discard 1", "play 6H to discard 0"}  # the fitting discard, or one's own


def test_random_bot_uses_every_physical_placement_and_its_call_rate(position):
    state = position(players=4, commons=["5C", "9D"], stocks=STOCKS, mover=0, exposed="6H")
    bot = RandomBot(random.Random(2))
    assert {str(bot.choose(state.view(0), state.decision())) for _ in range(200)} == {str(c) for c in state.decision().choices}
    state.apply(0, state.decision().correct[0])
    assert {str(RandomBot(random.Random(3), call_rate=0).choose(state.view(1), state.decision())) for _ in range(50)} == {"pass"}
    assert {str(RandomBot(random.Random(3), call_rate=1).choose(state.view(1), state.decision())) for _ in range(50)} == {"muggins"}


def test_bad_bot_settings_are_refused(registry):
    with pytest.raises(ValueError):
        ExpertBot(commons_rule="best")
    # The rates' ranges are the kinds' declared options: the seat spec refuses them before a bot is made.
    with pytest.raises(ValueError, match="error_rate=2.0 is out of range"):
        registry.seat("novice:error_rate=2", "muggins_shedding")
    with pytest.raises(ValueError, match="call_rate=-1.0 is out of range"):
        registry.seat("random:call_rate=-1", "muggins_shedding")
