"""Seat specs in words (`muggins.seat_words`): every shipped kind and option said in English and in French, and a plugin's kind without words still read."""

from __future__ import annotations

import pytest

from muggins.i18n import using_language
from muggins.players import PlayerKind, PlayerOption
from muggins.hookspecs import hookimpl
from muggins.plugins import load_registry
from muggins.seat_words import describe_seat, rate_choice_words, rate_words

# (spec, English, French) for the kinds every game has: the person, random, expert, novice and every search option.
GENERIC = [
    ("human", "a person", "une personne"),
    ("random", "a random player", "un joueur au hasard"),
    ("expert", "an expert", "un expert"),
    ("novice", "a novice", "un débutant"),
    ("novice:error_rate=0.2", "a novice who errs about one time in five", "un débutant qui se trompe environ une fois sur cinq"),
    ("novice:attention=0.75", "a novice who catches the others' mistakes about three times in four",
     "un débutant qui relève les erreurs des autres environ trois fois sur quatre"),
    ("novice:attention=0.5,error_rate=0.12", "a novice who errs 12% of the time and who catches the others' mistakes about one time in two",
     "un débutant qui se trompe 12\u202f% du temps et qui relève les erreurs des autres environ une fois sur deux"),
    ("search", "a searching player", "un joueur calculateur"),
    ("search:iterations=500", "a searching player who runs 500 simulations a move", "un joueur calculateur qui fait 500 simulations par coup"),
    ("search:iterations=1", "a searching player who runs 1 simulation a move", "un joueur calculateur qui fait 1 simulation par coup"),
    ("search:iterations=2000", "a searching player who runs 2,000 simulations a move", "un joueur calculateur qui fait 2\u202f000 simulations par coup"),
    ("search:exploration=1.5", "a searching player who explores with a constant of 1.5", "un joueur calculateur qui explore avec une constante de 1,5"),
    ("search:rollout=novice:error_rate=0.1", "a searching player whose simulations are played out by a novice who errs about one time in ten",
     "un joueur calculateur dont les simulations sont jouées par un débutant qui se trompe environ une fois sur dix"),
    ("search:returns=wins", "a searching player who counts the wins of its simulations", "un joueur calculateur qui compte les victoires de ses simulations"),
    ("search:returns=scores", "a searching player who counts the scores of its simulations", "un joueur calculateur qui compte les scores de ses simulations"),
    ("search:only_correct=true", "a searching player who weighs only correct moves", "un joueur calculateur qui n’envisage que les coups corrects"),
    ("search:only_correct=false", "a searching player who weighs wrong moves too", "un joueur calculateur qui envisage aussi les coups fautifs"),
    ("search:horizon=yes", "a searching player who stops each simulation at the game's horizon",
     "un joueur calculateur qui arrête chaque simulation à l’horizon du jeu"),
    ("search:horizon=no", "a searching player who plays each simulation to the end", "un joueur calculateur qui joue chaque simulation jusqu’au bout"),
    ("search:opponents=tree", "a searching player who searches the others' moves as its own",
     "un joueur calculateur qui explore les coups des autres comme les siens"),
    ("search:opponents=rollout", "a searching player who leaves the others' moves to its rollout players",
     "un joueur calculateur qui laisse les coups des autres aux joueurs de ses simulations"),
    ("search:prior=on", "a searching player who follows the game's own hints", "un joueur calculateur qui suit les indications du jeu"),
    ("search:prior=off", "a searching player who ignores the game's own hints", "un joueur calculateur qui ignore les indications du jeu"),
    ("search:margin=0.5", "a searching player who leaves the hinted move only by a margin of 0.5",
     "un joueur calculateur qui ne quitte le coup indiqué qu’avec une marge de 0,5"),
    ("search:seconds=2.5", "a searching player who thinks at most 2.5 s a move", "un joueur calculateur qui réfléchit au plus 2,5 s par coup"),
    ("search:seconds=0", "a searching player who has no time limit", "un joueur calculateur qui n’a pas de limite de temps"),
    ("search:seconds=1,iterations=300", "a searching player who runs 300 simulations a move and who thinks at most 1 s a move",
     "un joueur calculateur qui fait 300 simulations par coup et qui réfléchit au plus 1 s par coup"),
]

# (game, spec, English, French) for each game's own kinds and options, as its bots play them.
GAMES = [
    ("muggins_shedding", "expert", "an expert", "un expert"),
    ("muggins_shedding", "expert:commons_rule=cover", "an expert who keeps the most ranks playable among fitting commons",
     "un expert qui garde le plus de rangs jouables entre les piles communes possibles"),
    ("muggins_shedding", "novice:error_rate=0.2", "a novice who misplaces a card about one time in five",
     "un débutant qui place mal une carte environ une fois sur cinq"),
    ("muggins_shedding", "novice:attention=0.75", "a novice who calls a real error about three times in four",
     "un débutant qui relève une vraie erreur environ trois fois sur quatre"),
    ("muggins_shedding", "novice:commons_rule=first", "a novice who takes the first fitting common", "un débutant qui prend la première pile commune possible"),
    ("muggins_shedding", "random:call_rate=0.5", "a random player who calls Muggins in a window about one time in two",
     "un joueur au hasard qui dit «\u202fMuggins\u202f!\u202f» dans une fenêtre d’appel environ une fois sur deux"),
    ("cribbage_muggins", "expert", "an expert", "un expert"),
    ("cribbage_muggins", "novice:miss_rate=0.5", "a novice who leaves a scoring item out of its count about one time in two",
     "un débutant qui oublie une combinaison de son compte environ une fois sur deux"),
    ("cribbage_muggins", "novice:attention=0.9", "a novice who catches an opponent's wrong count 90% of the time",
     "un débutant qui relève le compte faux d’un adversaire 90\u202f% du temps"),
    ("cribbage_muggins", "novice:error_rate=0.05", "a novice who discards or plays at random, or counts a phantom fifteen, 5% of the time",
     "un débutant qui met à la crib ou joue une carte au hasard, ou s’ajoute un quinze fantôme, 5\u202f% du temps"),
    ("cribbage_muggins", "random:call_rate=0.2", "a random player who makes a claim in a window about one time in five",
     "un joueur au hasard qui fait une réclamation dans une fenêtre environ une fois sur cinq"),
    ("willughby_fishing", "expert", "an expert", "un expert"),
    ("willughby_fishing", "random", "a random player", "un joueur au hasard"),
    ("willughby_fishing", "novice:forget_rate=0.25", "a novice who forgets a claim of its own about one time in four",
     "un débutant qui oublie une de ses propres réclamations environ une fois sur quatre"),
    ("willughby_fishing", "novice:error_rate=0.125", "a novice who takes only one of three table cards of a rank 12.5% of the time",
     "un débutant qui ne prend qu’une des trois cartes d’un rang sur la table 12,5\u202f% du temps"),
    ("willughby_fishing", "novice:attention=0.5", "a novice who claims what another player forgot about one time in two",
     "un débutant qui réclame ce qu’un autre joueur a oublié environ une fois sur deux"),
]


@pytest.fixture(scope="module")
def shipped():
    return load_registry(only=["muggins_shedding", "cribbage_muggins", "willughby_fishing"])


@pytest.mark.parametrize(("spec", "english", "french"), GENERIC)
def test_every_generic_kind_and_option_is_said_in_english_and_in_french(spec, english, french):
    assert describe_seat(spec) == english
    with using_language("fr"):
        assert describe_seat(spec) == french


@pytest.mark.parametrize(("game", "spec", "english", "french"), GAMES)
def test_every_games_own_kind_and_option_is_said_through_its_own_catalogue(shipped, game, spec, english, french):
    found = shipped.games[game]
    assert describe_seat(spec, found, shipped) == english
    with using_language("fr"):
        assert describe_seat(spec, found, shipped) == french


def test_every_option_of_every_shipped_kind_has_words(shipped):
    """What a player may type for a shipped kind never falls back to its bare name: each option carries words."""
    for game in shipped.games.values():
        for name in shipped.kind_names(game.name):
            kind = shipped.player_kind(name, game.name)
            assert kind.words, (game.name, name)
            for option in kind.options:
                assert option.words or option.value_words, (game.name, name, option.name)


def test_a_search_seated_at_a_game_is_said_with_the_generic_words(shipped):
    shedding = shipped.games["muggins_shedding"]
    assert describe_seat("search:iterations=500", shedding, shipped) == "a searching player who runs 500 simulations a move"
    with using_language("fr"):
        assert describe_seat("human", shedding, shipped) == "une personne"


def test_rates_are_fractions_where_they_are_round_and_percentages_otherwise():
    assert [rate_words(r) for r in (0.1, 0.2, 0.25, 0.5, 0.75)] == [
        "about one time in ten", "about one time in five", "about one time in four", "about one time in two", "about three times in four"]
    assert [rate_words(r) for r in (0.12, 0.0, 1.0, 0.333)] == ["12% of the time", "0% of the time", "100% of the time", "33.3% of the time"]
    assert [rate_choice_words(r) for r in (0.0, 0.2, 1.0)] == ["never", "about one time in five", "always"]
    with using_language("fr"):
        assert rate_words(0.12) == "12\u202f% du temps" and rate_words(0.75) == "environ trois fois sur quatre"
        assert [rate_choice_words(r) for r in (0.0, 1.0)] == ["jamais", "toujours"]


class WordlessPlugin:
    """A plugin written before kinds had words: its registration is as it always was."""

    @hookimpl
    def muggins_register_players(self, register):
        register("greedy", lambda rng, **kw: None, description="takes the most cards",
                 options=(PlayerOption("depth", int, 2, 1, 9, "how far it looks"), PlayerOption("error_rate", float, 0.1, 0, 1)))


class WordedPlugin:
    """A plugin whose kind gives its words, one option's with a placeholder it does not fill."""

    @hookimpl
    def muggins_register_players(self, register):
        register("cautious", lambda rng, **kw: None, words="a cautious player",
                 options=(PlayerOption("risk", float, 0.1, 0, 1, words="who takes a risk {rate}"),
                          PlayerOption("style", str, "calm", words="who plays {mood}")))


def test_a_plugin_kind_without_words_is_said_by_its_name_and_its_options_by_name_and_value():
    registry = load_registry(load_entry_points=False, extra_plugins=[("wordless", WordlessPlugin())])
    assert registry.errors == []
    assert describe_seat("greedy", None, registry) == "a player of the kind greedy"
    assert describe_seat("greedy:error_rate=0.2,depth=3", None, registry) == "a player of the kind greedy (depth 3, error_rate 0.2)"
    with using_language("fr"):
        assert describe_seat("greedy:error_rate=0.25", None, registry) == "un joueur de type greedy (error_rate 0,25)"


def test_a_plugin_kind_with_words_is_said_in_them_and_a_template_that_does_not_fill_falls_back():
    registry = load_registry(load_entry_points=False, extra_plugins=[("worded", WordedPlugin())])
    assert registry.errors == []
    assert describe_seat("cautious:risk=0.5", None, registry) == "a cautious player who takes a risk about one time in two"
    assert describe_seat("cautious:style=bold,risk=0.2", None, registry) == "a cautious player who takes a risk about one time in five (style bold)"


def test_a_spec_that_cannot_be_read_is_worded_as_far_as_it_goes_and_never_raises():
    assert describe_seat("") == ""
    assert describe_seat("novice:") == "novice:"
    assert describe_seat("novice:error_rate=lots") == "a novice (error_rate lots)"
    assert describe_seat("novice:eror_rate=0.2") == "a novice (eror_rate 0.2)"
    assert describe_seat("unheard_of:x=1") == "a player of the kind unheard_of (x 1)"


def test_words_must_be_text_and_value_words_a_mapping_to_text():
    with pytest.raises(ValueError, match="words and plural_words must be text"):
        PlayerOption("risk", float, 0.1, 0, 1, words=3)
    with pytest.raises(ValueError, match="value_words must map values to text"):
        PlayerOption("style", str, "calm", value_words={"calm": 1})
    with pytest.raises(TypeError, match="words must be text"):
        PlayerKind("odd", lambda rng, **kw: None, words=None)
    option = PlayerOption("style", str, "calm", value_words={"calm": "who stays calm"})
    assert option.value_words == (("calm", "who stays calm"),) and hash(option) == hash(PlayerOption("style", str, "calm", value_words={"calm": "who stays calm"}))


def test_a_registration_whose_words_are_not_text_is_refused_in_one_line():
    class BadWords:
        @hookimpl
        def muggins_register_players(self, register):
            register("odd", lambda rng, **kw: None, words=["an odd player"])

    registry = load_registry(load_entry_points=False, extra_plugins=[("bad_words", BadWords())])
    assert [kind.name for kind in registry.players if kind.name == "odd"] == []
    assert any("player kind 'odd': words must be text" in line for line in registry.errors)
