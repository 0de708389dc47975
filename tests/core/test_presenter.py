"""The presenter a game provides, and what happened kept as data (`muggins.presenter`).

A game that names its own presenter has the `Game` methods hand over to
it; a game written before presenters, overriding `describe` and `render`
on its `Game`, shows exactly what it showed through the presenter too; a
`Said` words one event in either language, whenever it is read.
"""

import json
import pickle

import pytest

from muggins import Game
from muggins.i18n import translator, using_language
from muggins.presenter import CardWord, Joined, Presenter, Said, Sayings, Words, card_word, hands_to_presenter, words_from_data


class _Bare(Game):
    name = "bare"
    title = "Bare"
    players = range(2, 3)
    default_players = 2
    Rules = dict
    State = "nowhere:State"

    def max_decisions(self, rules, players):
        return 1


class _OldStyle(_Bare):
    """A game written before presenters: its words are methods of the game."""

    def describe(self, event, seat):
        return f"old {event['type']} for {seat}"

    def render(self, view, seat):
        return "old table"

    def standings(self, event, seat):
        return ["old banner"] if event["type"] == "end" else None


class _OwnPresenter(Presenter):
    def narration(self, event, seat):
        return Said("{who} moved", {"who": "you" if event["seat"] == seat else f"seat {event['seat']}"})

    def render(self, view, seat):
        return f"table of {seat}"


class _WithPresenter(_Bare):
    Presenter = _OwnPresenter

    @hands_to_presenter
    def glance(self, view, seat):  # kept on the game for a front end that looks for it there
        return self.presenter().glance(view, seat)


def test_a_game_without_any_presentation_gets_the_defaults_through_both_doors():
    game = _Bare()
    assert type(game.presenter()) is Presenter and game.presenter() is game.presenter()
    assert game.describe({"type": "deal", "hand": 0, "to": [1]}, 0) == "deal: hand=0"
    assert game.describe({"type": "deal"}, None) == "deal"
    assert game.render({"a": 1}, 0) == json.dumps({"a": 1}, indent=2)
    assert game.standings({"type": "end"}, 0) is None and game.layout({}, 0) is None and game.choice_move("x") is None
    assert game.describe_rules({}, 2) is None and game.shown_title() == "Bare" and game.translate("word") == "word"


def test_a_game_written_before_presenters_shows_what_it_showed_through_its_presenter():
    game = _OldStyle()
    presenter = game.presenter()
    assert presenter.describe({"type": "play"}, 1) == game.describe({"type": "play"}, 1) == "old play for 1"
    assert presenter.render({}, None) == "old table" and presenter.standings({"type": "end"}, 0) == ["old banner"]
    said = game.narration({"type": "play"}, 0)
    assert said == Said("old play for 0") and said.words("fr") == "old play for 0"


def test_a_game_s_own_presenter_answers_for_the_game_methods():
    game = _WithPresenter()
    assert isinstance(game.presenter(), _OwnPresenter)
    assert game.describe({"type": "move", "seat": 1}, 1) == "you moved"
    assert game.narration({"type": "move", "seat": 1}, 0).as_data() == {"message": "{who} moved", "values": {"who": "seat 1"}, "domain": None}
    assert game.render({}, 2) == "table of 2"
    assert game.glance({}, 0) is None  # the game's method hands over; the presenter does not call it back


def test_a_presenter_named_by_its_path_is_imported_on_first_use():
    class ByPath(_Bare):
        Presenter = "muggins.presenter:Presenter"

    assert type(ByPath().presenter()) is Presenter


def test_a_said_is_worded_in_the_language_asked_whenever_it_is_read():
    narration = pytest.importorskip("cribbage_muggins.narration").narration
    said = narration({"type": "cut", "seat": 1, "starter": "JS"}, 0)
    assert said.words("en") == "seat 1 cuts; the starter is J♠."
    assert said.words("fr") == "Le joueur 1 coupe\u202f; la carte de départ est V♠."
    with using_language("fr"):
        assert str(said) == said.words("fr") and said.words("en").startswith("seat 1")
    data = said.as_data()
    assert data["domain"] == "cribbage_muggins" and data["values"]["starter"] == {"card": "JS"}
    json.dumps(data)  # plain data for a front end that words it elsewhere


def test_joined_and_card_words_word_their_parts_in_one_language():
    told = pytest.importorskip("cribbage_muggins.narration")
    sayings = Sayings(translator("cribbage_muggins", package_file=told.__file__))
    listed = Joined((CardWord("QH"), CardWord(None), sayings.said("you")), sayings.said(" and "))
    assert listed.words("en") == "Q♥ and — and you"
    assert listed.words("fr") == "D♥ et — et vous"
    plural = sayings.nsaid("{n} card left", "{n} cards left", 2, n=2)
    assert plural.words("en") == "2 cards left" and plural.as_data()["count"] == 2


@pytest.mark.parametrize("method", ["describe", "render", "standings", "layout", "choice_move", "describe_rules", "narration"])
def test_every_presentation_method_of_game_hands_over(method):
    assert getattr(getattr(Game, method), "hands_to_presenter", False)


class _FallsBack(_Bare):
    """An override that leaves the events it does not know to the base method, as a plugin may."""

    def describe(self, event, seat):
        return "mine" if event["type"] == "mine" else super().describe(event, seat)


def test_an_override_that_falls_back_on_the_base_method_gets_the_default_not_itself_again():
    game = _FallsBack()
    assert game.describe({"type": "mine"}, 0) == "mine"
    assert game.describe({"type": "other", "n": 1}, 0) == "other: n=1"
    assert game.presenter().describe({"type": "other"}, 0) == "other"
    assert Game.describe(game, {"type": "mine", "n": 2}, 0) == "mine: n=2"  # the base method asked directly: the default


def test_a_narration_sent_as_plain_data_is_worded_again_at_the_other_end():
    told = pytest.importorskip("willughby_fishing.narration")
    said = told.narration({"type": "capture", "seat": 2, "played": ["QH"], "taken": ["QS", "QD"]}, 0)
    again = words_from_data(json.loads(json.dumps(said.as_data())))
    assert again == said and again.words("fr") == said.words("fr") != said.words("en")


def test_a_said_of_a_catalogue_no_sayings_registered_is_worded_through_the_domain_s_translator():
    assert Said("J", domain="muggins", context="rank").words("fr") == "V"  # the core's own catalogue
    assert Said("nowhere {n}", {"n": 1}, domain="no_such_domain").words("fr") == "nowhere 1"


def test_the_presenter_example_of_the_plugin_guide_works_as_written(tmp_path):
    from pathlib import Path

    guide = (Path(__file__).resolve().parents[2] / "docs" / "writing-plugins.md").read_text(encoding="utf-8")
    block = next(part for part in guide.split("```python")[1:] if "class MyPresenter(Presenter):" in part).split("```")[0]
    source = block.split("# mygame/game.py")[0]
    namespace = {"__file__": str(tmp_path / "mygame" / "presenter.py"), "__name__": "mygame_presenter"}
    exec(compile(source, "writing-plugins.md", "exec"), namespace)

    class MyGame(_Bare):
        Presenter = namespace["MyPresenter"]

    game = MyGame()
    assert game.describe({"type": "play", "seat": 1, "card": "QS"}, 0) == "seat 1 plays Q♠."
    assert game.narration({"type": "play", "seat": 0, "card": "QS"}, 0).words("fr") == "You play D♠."  # no catalogue: English words
    assert game.describe({"type": "other"}, 0) is None and game.render({"top": "TH"}, 0) == "table: 10♥"


def test_a_card_word_is_one_value_per_code_that_cannot_change_and_every_value_pickles_without_its_catalogue():
    assert CardWord("QH") is card_word("QH") is CardWord("QH") and CardWord("QH", "-") == CardWord("QH", "-") != CardWord("QH")
    with pytest.raises(AttributeError):
        CardWord("QH").code = "KS"
    told = pytest.importorskip("cribbage_muggins.narration")
    said = told.narration({"type": "cut", "seat": 1, "starter": "JS"}, 0)
    for value in (said, CardWord("JS"), Joined((CardWord(None), "x"), said)):
        again = pickle.loads(pickle.dumps(value))
        assert again == value and again.words("fr") == value.words("fr")
    assert said.domain == "cribbage_muggins" and said.context is None and said.plural is None and said.count is None


class _Shout(Words):
    """A plugin's own value: only `words` and `as_data`."""

    __slots__ = ()

    def words(self, language=None):
        return Said("you").words(language).upper() + "!"

    def as_data(self):
        return "shout"


def test_a_plugin_s_own_value_inside_a_said_or_a_joined_is_worded_in_the_same_language_format_spec_and_all():
    told = pytest.importorskip("cribbage_muggins.narration")
    sayings = Sayings(translator("cribbage_muggins", package_file=told.__file__))
    listed = Joined((_Shout(), sayings.said("you")), sayings.said(" and "))
    assert Said("[{who:>6}] {all}", {"who": _Shout(), "all": listed}).words("fr") == "[  YOU!] YOU! et vous"
