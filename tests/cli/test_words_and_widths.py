"""The wording and widths a player meets, in both languages: the French the issue found wanting set right, and no line past 80 columns where one ran over.

Grammar: who won on the web, the resume hint after a record that exists,
the serve line and help, saying « Muggins ! », the fishing ante's unit, a
cribbage run's length, shedding's counter of turned cards, the ladder's
extra and a stale answer that reached a player as protocol. Widths: the
rule-set comparison, the cribbage discard footnote, simulate's and
ladder's progress line, the rules TOML comments (wrapped once, no lone
word), and lines that never break between a word and its number or after
a lone `=`.
"""

from __future__ import annotations

import io
import re

import pytest

from muggins.i18n import using_language
from muggins_cli.style import fit

NNBSP = "\u202f"
LANGUAGES = ("en", "fr")
pytestmark = pytest.mark.plugins


def plain(text: str) -> str:
    """`text` with French typography's narrow no-break spaces read as plain spaces, for comparing words."""
    return text.replace(NNBSP, " ")


# -- grammar and wording ---------------------------------------------------------------------------------------
def test_who_won_on_the_web_needs_no_article_in_french():
    web = pytest.importorskip("muggins_web.page_words")
    french = web.page_words("fr")["The match is over: {winners} won."]
    assert plain(french) == "La partie est finie. Victoire : {winners}." and "victoire de" not in french
    assert web.page_words("en")["The match is over: {winners} won."] == "The match is over: {winners} won."


def test_serve_says_what_to_open_and_its_help_is_an_infinitive_like_the_others():
    import click
    from click.testing import CliRunner

    plugin = pytest.importorskip("muggins_web.plugin")
    from muggins_web.languages import _translator

    with using_language("fr"):  # as `muggins --lang fr` chooses before the commands are registered
        group = click.Group()
        plugin.muggins_register_commands(group)
        listed = plain(CliRunner().invoke(group, ["--help"]).output)
    assert re.search(r"^  serve +Servir un salon", listed, re.M) and "Sert un salon" not in listed
    line = _translator.catalogue("fr").gettext("muggins: serving on {address} (open it in a browser; Ctrl-C stops)")
    assert "ouvrez cette adresse dans un navigateur" in line and "ouvrez-la" not in line


def test_a_record_that_exists_is_resumed_as_the_match_not_as_la(with_game):
    run = with_game("muggins_shedding")
    first = run("play", "muggins_shedding", "--seat", "expert", "--seat", "expert", "--seat", "expert", "--seed", "3", "--record", "r.jsonl")
    assert first.exit_code == 0
    for language, hint in (("fr", "reprenez la partie avec : muggins resume r.jsonl"), ("en", "continue it with: muggins resume r.jsonl")):
        again = run("--lang", language, "play", "muggins_shedding", "--seat", "expert", "--seat", "expert", "--seat", "expert",
                    "--seed", "3", "--record", "r.jsonl")
        assert again.exit_code == 2 and hint in plain(again.stderr), again.stderr
        assert "reprenez-la" not in again.stderr


def test_the_ladder_help_names_the_extra_and_not_a_heart(run):
    french = plain(run("--lang", "fr", "ladder", "--help").stdout)
    assert "l’option ladder du paquet muggins" in " ".join(french.split()) and "cœur" not in french
    english = " ".join(run("--lang", "en", "ladder", "--help").stdout.split())
    assert "pip with the core's extra elsewhere" in english


def test_a_muggins_call_is_said_as_the_seed_says_it():
    game = pytest.importorskip("muggins_shedding.game").SheddingGame()
    call = {"type": "call", "seat": 2, "against": 1, "upheld": False, "card": "2S", "pile": "discard 1", "correct": []}
    with using_language("fr"):
        said = plain(game.describe(call, 0))
        mine = plain(game.describe({**call, "seat": 0}, 0))
        against_me = plain(game.describe({**call, "against": 0, "pile": "discard 0"}, 0))
    assert said.startswith("Le joueur 2 dit « Muggins ! » sur le coup du joueur 1 : appel infondé")
    assert mine.startswith("Vous dites « Muggins ! » sur le coup du joueur 1 :")
    assert against_me.startswith("Le joueur 2 dit « Muggins ! » sur votre coup :")
    assert "appelle" not in said + mine + against_me
    assert game.describe(call, 0).startswith("seat 2 called Muggins on seat 1: not upheld")


SHEDDING_VIEW = {
    "players": 3, "hand": 0, "hands": 2, "dealer": 1, "exposures": 4, "turn_limit": 1000, "wins": [1, 0, 0],
    "commons": ["QS"], "common_sizes": [3], "discards": ["KH", None, "TD"], "discard_sizes": [2, 0, 1],
    "stock_sizes": [10, 12, 9], "mover": 0, "phase": "play", "exposed": "JC", "last": None,
}


def test_the_shedding_table_says_what_the_turned_cards_count_toward():
    game = pytest.importorskip("muggins_shedding.game").SheddingGame()
    labels = {}
    for language in LANGUAGES:
        with using_language(language):
            labels[language] = next(c["label"] for c in game.layout(SHEDDING_VIEW, 0)["counters"] if c["id"] == "exposures")
    assert labels["en"] == "cards turned this hand (a draw at 1000)"
    assert plain(labels["fr"]) == "cartes retournées dans cette donne (nulle à 1000)"
    with using_language("fr"):
        heading = plain(game.render(SHEDDING_VIEW, 0).splitlines()[0])
    assert heading == "Donne 1 sur 2 · donneur joueur 1 · cartes retournées : 4 (nulle à 1000)"


def test_the_fishing_ante_names_its_chips_in_french():
    game = pytest.importorskip("willughby_fishing.game").FishingGame()
    event = {"type": "ante", "deal": 0, "dealer": 3, "antes": [2, 2, 2, 3, 2], "pot": 11}
    with using_language("fr"):
        said = plain(game.describe(event, 0))
        dealt = plain(game.describe({**event, "dealer": 0, "antes": [3, 2, 2, 2, 2]}, 0))
    assert "le joueur 3 met 3 jetons, chacun des autres 2 jetons" in said, said
    assert "vous mettez 3 jetons, chacun des autres 2 jetons" in dealt, dealt


def test_a_cribbage_run_names_its_length_in_cards_and_the_scorer_its_points(with_game):
    run = with_game("cribbage_muggins")
    french = plain(run("--lang", "fr", "cribbage", "score", "AD", "2D", "3H", "9S", "--starter", "KC").stdout)
    assert "  suite de 3 cartes pour 3 : A♦ 2♦ 3♥" in french.splitlines(), french
    english = run("--lang", "en", "cribbage", "score", "AD", "2D", "3H", "9S", "--starter", "KC").stdout
    assert "  run of 3 3: A♦ 2♦ 3♥" in english.splitlines(), english


def test_a_stale_answer_is_told_in_plain_words_in_both_languages(tmp_path, monkeypatch):
    from muggins.plugins import load_registry
    from muggins.session import AnswerRefused, Session
    from muggins.store import RecordStore

    monkeypatch.delenv("MUGGINS_LOAD_PLUGINS", raising=False)
    registry = load_registry(only=["muggins_shedding"])
    game = registry.game("muggins_shedding")
    session = Session.start(registry, game, game.Rules(), 3, ["human", "expert", "expert"], 5, RecordStore(tmp_path))
    with session:
        offer = session.advance()[0]
        said = {}
        for language in LANGUAGES:
            with using_language(language), pytest.raises(AnswerRefused) as refused:
                session.answer(0, str(offer.decision.choices[0]), offer.step - 1)
            said[language] = plain(str(refused.value))
    assert said["en"] == "that answer came too late: the match had moved on; answer what the table shows now"
    assert said["fr"] == "cette réponse arrive trop tard : la partie a avancé ; répondez à ce que la table montre maintenant"
    assert not any(re.search(r"\d", text) for text in said.values()), said


# -- widths ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_comparison_of_rule_sets_fits_80_columns(with_game, tmp_path, monkeypatch, language):
    run = with_game("cribbage_muggins")
    (tmp_path / "a.toml").write_text("target = 61\n")
    (tmp_path / "b.toml").write_text("target = 91\n")
    monkeypatch.setenv("COLUMNS", "80")
    done = run("--lang", language, "simulate", "cribbage_muggins", "--games", "2", "--rules", str(tmp_path / "a.toml"),
               "--rules", str(tmp_path / "b.toml"), "--seed", "1", "--workers", "1")
    assert done.exit_code == 0, done.stderr
    lines = done.stdout.splitlines()
    assert max(map(len, lines)) <= 80, [line for line in lines if len(line) > 80][:3]
    # A row name too long for the figures beside it goes on over two lines, the figures on its last.
    wrapped = [n for n, line in enumerate(lines) if line and not re.search(r"\d ± |\b0\b|±", line) and n + 1 < len(lines)
               and lines[n + 1].startswith("  ") and "±" in lines[n + 1]]
    if language == "fr":
        assert wrapped, "no French row name was broken"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_discard_footnote_fits_80_columns(with_game, monkeypatch, language):
    run = with_game("cribbage_muggins")
    monkeypatch.setenv("COLUMNS", "80")
    out = run("--lang", language, "cribbage", "discard", "5H", "5D", "5S", "JC", "4D", "9C", "--pone").stdout.splitlines()
    assert max(map(len, out)) <= 80
    start = next(n for n, line in enumerate(out) if line.startswith(("hand:", "main")))
    footnote = " ".join(line.strip() for line in out[start:])
    assert footnote.endswith(("drawn uniformly from the unseen cards", "tirées uniformément parmi les cartes non vues")), footnote
    assert len(out) - start >= 2  # 170 columns in one line before
    monkeypatch.delenv("COLUMNS")
    assert len(run("--lang", language, "cribbage", "discard", "5H", "5D", "5S", "JC", "4D", "9C", "--pone").stdout.splitlines()) == start + 1


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("label", ["simulating {game}", "ladder of {game}"])
def test_the_progress_line_fits_its_terminal(monkeypatch, language, label):
    from muggins_cli import study
    from muggins_cli.i18n import _

    monkeypatch.setenv("COLUMNS", "80")
    with using_language(language):
        progress = study.Progress(_(label).format(game="willughby_fishing"), 1_000_000, 2_500, io.StringIO(), clock=lambda: 0.0)
        progress.done, progress.chunks_done = 123_456, 300
        line = progress.line(7.0)
        assert len(line) <= 80, line
        assert "123" in line and re.search(r"\d:\d\d", line)  # the matches done and the time left are kept
        monkeypatch.setenv("COLUMNS", "200")
        wide = study.Progress(_(label).format(game="willughby_fishing"), 1_000_000, 2_500, io.StringIO(), clock=lambda: 0.0)
        wide.done, wide.chunks_done = 123_456, 300
        assert re.search(r"300/2.500 (chunks|lots)", plain(wide.line(7.0)))  # a wide terminal keeps every part


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", ["muggins_shedding", "cribbage_muggins", "willughby_fishing"])
def test_the_rules_toml_is_wrapped_once_to_80_columns(with_game, language, game):
    import tomllib

    run = with_game(game)
    text = run("--lang", language, "rules", game).stdout
    lines = text.splitlines()
    assert max(map(len, lines)) <= 80, [line for line in lines if len(line) > 80]
    assert tomllib.loads(text) == tomllib.loads(run("--lang", "en", "rules", game).stdout)
    comments = [line[2:] for line in lines if line.startswith("# ")]
    # A comment broken twice left one word under a full line (`# partie`); wrapped once, a short line ends a paragraph.
    for before, line in zip(comments, comments[1:]):
        if len(line.split()) == 1 and not re.match(r"[\w-]+ ?[:=]", line):
            assert len(before) + 1 + len(line) > 78, (before, line)


@pytest.mark.parametrize("text, width", [
    ("Adversaires\u202f: joueurs 1, 2 et 3, chacun un débutant qui place mal une carte environ une fois sur quatre", 24),
    ("Compte réglé, la crib\u202f: annoncé 9, compte exact 4. Détail\u202f: paire 2 (4♣ 4♥) · paire 2 (D♣ D♥) = 4.", 30),
    ("Vous donnez R♠ au fond du paquet fermé du joueur 1.", 42),
    ("Settled, seat 0's hand: announced 8, true count 8. Breakdown: fifteen 2 (7♠ 8♠) · run of 4 4 (5♠ 6♦ 7♠ 8♠) = 10.", 33),
])
def test_a_line_never_breaks_between_a_word_and_its_number_or_after_a_lone_equals(text, width):
    for size in range(width, width + 30):
        lines = fit(text, size)
        assert " ".join(line.strip() for line in lines) == text
        for line in lines:
            assert not re.search(r"\b(joueurs?|seat|paire|quinze|fifteen|annoncé|announced|exact|count)$", line.strip()), (size, lines)
            assert not line.rstrip().endswith("="), (size, lines)
            assert not re.match(r"\s*(\d+[.,]?)(\s|$)", line) or line is lines[0], (size, lines)
