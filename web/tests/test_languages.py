"""The browser table in two languages: each page and connection's language (Accept-Language, the switch's parameter and cookie), two people at one table each in their own, the record the same bytes, every page word in the catalogue and the French one complete."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest

from muggins.testing.translations import stale_compiled, untranslated_messages
from muggins_web import page_words
from muggins_web.languages import choose, from_accept_language
from muggins_web.lobby import Lobby

WEB = Path(page_words.__file__).resolve().parent
WORDS = re.compile(r'<script type="application/json" id="muggins-words">(.*?)</script>', re.S)


def _create(client, **request):
    response = client.post("/api/tables", json=request)
    assert response.status_code == 201, response.text
    return response.json()


def _words(html: str) -> dict:
    return json.loads(WORDS.search(html).group(1))


@pytest.mark.parametrize("header, expected", [
    ("fr-FR,fr;q=0.9,en;q=0.8", "fr"), ("en-GB,en;q=0.9,fr;q=0.8", "en"), ("de-DE,fr;q=0.5", "fr"), ("de, es", None),
    ("en;q=0.2, fr;q=0.7", "fr"), ("fr;q=0, en", "en"), ("*", None), ("", None), ("fr;q=nonsense, en;q=0.1", "en"),
])
def test_accept_language_picks_the_language_muggins_speaks_that_the_browser_prefers_most(header, expected):
    assert from_accept_language(header) == expected


def test_the_pages_lang_parameter_beats_the_switchs_cookie_which_beats_accept_language():
    headers = {"accept-language": "fr"}
    assert choose({}, {}, headers) == "fr"
    assert choose({}, {"muggins_lang": "en"}, headers) == "en"
    assert choose({"lang": "fr"}, {"muggins_lang": "en"}, {}) == "fr"
    assert choose({"lang": "klingon"}, {}, headers) == "fr"  # a language muggins lacks is passed over
    assert choose({}, {}, {}) == "en"


def test_a_browser_that_asks_for_no_language_muggins_speaks_reads_the_servers():
    from muggins.i18n import set_language

    set_language("fr")  # `muggins --lang fr serve`
    try:
        assert choose({}, {}, {}) == "fr" and choose({}, {}, {"accept-language": "de-DE, es;q=0.5"}) == "fr"
        assert choose({}, {}, {"accept-language": "en-GB"}) == "en" and choose({}, {"muggins_lang": "en"}, {}) == "en"
    finally:
        set_language(None)


def test_a_table_page_is_served_in_the_browsers_language_unless_the_switch_says_otherwise(client):
    links = _create(client, game="muggins_shedding", players=3, seats=["human", "novice", "novice"], seed=5)
    path = f"/table/{links['table']}"
    french = client.get(path, headers={"Accept-Language": "fr-CA,fr;q=0.9,en;q=0.5"})
    assert french.status_code == 200 and '<html lang="fr">' in french.text and french.headers["content-language"] == "fr"
    assert _words(french.text)["Your turn."] == "À vous de jouer." and _words(french.text)["J"] == "V"
    english = client.get(f"{path}?lang=en", headers={"Accept-Language": "fr"})
    assert '<html lang="en">' in english.text and _words(english.text)["Your turn."] == "Your turn."
    client.cookies.set("muggins_lang", "fr")
    lobby_page = client.get("/", headers={"Accept-Language": "en"})
    assert '<html lang="fr">' in lobby_page.text and _words(lobby_page.text)["Create the table"] == "Créer la table"
    assert "Vary" in french.headers and "Accept-Language" in french.headers["vary"]


def test_two_people_at_one_table_each_read_their_own_language_and_refusals_come_in_theirs(client, registry):
    links = _create(client, game="muggins_shedding", players=3, seats=["human", "human", "novice"], seed=7, start="now")
    seat0 = links["seats"][0]["url"].split("#", 1)[1]
    seat1 = links["seats"][1]["url"].split("#", 1)[1]
    with client.websocket_connect(f"/ws/{links['table']}?token={seat0}", headers={"Accept-Language": "fr"}) as french, \
            client.websocket_connect(f"/ws/{links['table']}?token={seat1}&lang=en") as english, \
            client.websocket_connect(f"/ws/{links['table']}", headers={"Accept-Language": "fr"}) as spectator:
        fr_hello, en_hello, watch_hello = french.receive_json(), english.receive_json(), spectator.receive_json()
        assert fr_hello["type"] == en_hello["type"] == watch_hello["type"] == "hello"
        fr_text = json.dumps([fr_hello["lines"], fr_hello["layout"], fr_hello["render"]], ensure_ascii=False)
        en_text = json.dumps([en_hello["lines"], en_hello["layout"], en_hello["render"]], ensure_ascii=False)
        assert "piles communes" in fr_text.lower() or "pile commune" in fr_text.lower(), fr_text[:400]
        assert "common pile" in en_text.lower() and "pile commune" not in en_text.lower()
        assert "pile commune" in json.dumps(watch_hello["layout"], ensure_ascii=False).lower()
        assert fr_hello["title"] == "Muggins, le jeu de défausse" and en_hello["title"] == "Muggins, the shedding game"
        french.send_json({"type": "name", "name": ""})
        english.send_json({"type": "name", "name": ""})
        assert _until(french, "error")["error"] == "un nom fait de 1 à 24 caractères imprimables, comme «\u202fAnna\u202f»"
        assert _until(english, "error")["error"] == 'a name is 1 to 24 printable characters, such as "Anna"'
        spectator.send_json({"type": "act", "step": 0, "action": "x"})
        assert _until(spectator, "error")["error"] == "un spectateur ne joue pas\u202f; ouvrez le lien d’un joueur pour jouer"


def _until(ws, kind):
    for _ in range(50):
        frame = ws.receive_json()
        if frame["type"] == kind:
            return frame
    raise AssertionError(f"no {kind} frame")


def _record_of(registry, folder, monkeypatch, languages):
    """Play one shedding table to its end, every person answering their first choice, its seats watched in `languages`: the record's bytes."""
    monkeypatch.setenv("MUGGINS_RECORDS", str(folder))
    lobby = Lobby(registry, pace=0, message_rate=(1e6, 10**6))

    async def play():
        table = await lobby.create({"game": "muggins_shedding", "players": 3, "seats": ["human", "human", "novice"], "seed": 31})
        for seat, language in zip([0, 1, None], languages):
            await table.join(seat, language=language)
        while not table.over:
            offer = min((o for o in table.offers.values() if o.answer is None), key=lambda o: (not o.pending, o.seat))
            await table.act(offer.seat, offer.step, str(offer.decision.choices[0]))
        lobby.close_all()
        return Path(table.path).read_bytes()

    return asyncio.run(play())


def test_the_record_is_the_same_bytes_whichever_languages_its_people_read(registry, tmp_path, monkeypatch):
    english = _record_of(registry, tmp_path / "en", monkeypatch, ["en", "en", "en"])
    mixed = _record_of(registry, tmp_path / "mixed", monkeypatch, ["fr", "en", "fr"])
    assert english == mixed and b"Le joueur" not in mixed


def test_every_word_the_pages_use_is_in_the_catalogue_and_the_french_one_is_complete():
    listed = set(page_words.PAGE_WORDS) | set(page_words.page_words("en"))
    static = WEB / "static"
    used = set()
    for script in static.glob("*.js"):
        text = script.read_text("utf-8")
        used |= {json.loads(f'"{m}"') for m in re.findall(r'\bt\("((?:[^"\\]|\\.)*)"', text)}
        used |= {json.loads(f'"{m}"') for m in re.findall(r'\btn\("((?:[^"\\]|\\.)*)"', text)}
    for page in static.glob("*.html"):
        text = page.read_text("utf-8")
        used |= {" ".join(m.split()) for m in re.findall(r"<[^>]*\bdata-t\b[^>]*>([^<]+)<", text)}
        used |= set(re.findall(r'(?:aria-label|placeholder|title)="([^"$]+)"', text))
        used |= set(re.findall(r"<title>([^<]+)</title>", text))
    assert used - listed == set()
    assert untranslated_messages(WEB, "muggins_web", "fr") == []
    assert stale_compiled(WEB / "locale") == []
    assert (WEB / "locale" / "fr" / "LC_MESSAGES" / "muggins_web.mo").is_file()  # inside the package: the wheel carries it


def test_the_table_page_says_in_french_how_long_challenges_and_the_windows_that_ask_for_a_check_stay_open(client):
    links = _create(client, game="muggins_shedding", players=3, seats=["human", "novice", "novice"], seed=5)
    table_words = _words(client.get(f"/table/{links['table']}?lang=fr").text)
    assert table_words["Challenges wait for every answer."] == "Les contestations attendent toutes les réponses."
    assert (table_words["Challenges close after {seconds} s; those that ask for a check wait for every answer."]
            == "Les contestations se ferment après {seconds} s\u202f; celles qui demandent une vérification attendent toutes les réponses.")
    assert (table_words["Challenges close after {seconds} s, those that ask for a check too."]
            == "Les contestations se ferment après {seconds} s, celles qui demandent une vérification aussi.")
    form_words = _words(client.get("/?lang=fr").text)
    assert form_words["Challenges that ask for a check (a count to verify)"] == "Contestations qui demandent une vérification (un compte à vérifier)"
    assert form_words["close after those seconds too"] == "se fermer elles aussi après ces secondes"
    refused = client.post("/api/tables?lang=fr", json={"game": "muggins_shedding", "checks": 1})
    assert refused.status_code == 400 and refused.json()["errors"] == [
        "checks doit valoir «\u202fwait\u202f» (une contestation qui demande une vérification attend toutes les réponses) ou «\u202ftimed\u202f» "
        "(elle se ferme elle aussi une fois pace écoulé), pas 1"]


def test_the_lobby_lists_the_games_by_their_titles_in_the_language_of_the_page(client):
    french = {g["name"]: g for g in client.get("/api/games", headers={"Accept-Language": "fr"}).json()["games"]}
    titles = {name: g["title"] for name, g in french.items()}
    assert titles["muggins_shedding"] == "Muggins, le jeu de défausse"
    # The bots' descriptions and options and the rules' docs come through the game's own catalogue too.
    kinds = {k["name"]: k for k in french["muggins_shedding"]["kinds"]}
    assert kinds["novice"]["doc"].startswith("se trompe avec error_rate")
    assert {o["name"]: o["doc"] for o in kinds["novice"]["options"]}["error_rate"] == "probabilité de mal placer une carte"
    assert {r["name"]: r["doc"] for r in french["muggins_shedding"]["rules"]}["turn_limit"].startswith("Expositions (cartes retournées)")
    assert {k["name"]: k for k in french["cribbage_muggins"]["kinds"]}["expert"]["doc"].startswith("comptes et réponses exacts")
    english = {g["name"]: g for g in client.get("/api/games").json()["games"]}
    assert {k["name"]: k for k in english["muggins_shedding"]["kinds"]}["novice"]["doc"].startswith("errs with error_rate")
    titles = {g["name"]: g["title"] for g in client.get("/api/games").json()["games"]}
    assert titles["muggins_shedding"] == "Muggins, the shedding game"


def test_the_lobby_offers_each_seat_kind_and_its_options_in_words_in_the_language_of_the_page(client):
    def kinds(language=None):
        headers = {"Accept-Language": language} if language else {}
        games = {g["name"]: g for g in client.get("/api/games", headers=headers).json()["games"]}
        return {game: {k["name"]: k for k in found["kinds"]} for game, found in games.items()}

    english, french = kinds(), kinds("fr")
    assert {name: k["words"] for name, k in english["cribbage_muggins"].items()} == {
        "human": "a person", "expert": "an expert", "novice": "a novice", "random": "a random player", "search": "a searching player"}
    assert {name: k["words"] for name, k in french["cribbage_muggins"].items()} == {
        "human": "une personne", "expert": "un expert", "novice": "un débutant", "random": "un joueur au hasard", "search": "un joueur calculateur"}
    # A chance is a choice among rates said as how often; its default is sent as no option at all (the value "").
    miss = {o["name"]: o for o in english["cribbage_muggins"]["novice"]["options"]}["miss_rate"]
    assert miss["label"] == "chance of missing each scoring item when counting"
    assert miss["choices"] == [{"value": "0", "label": "never"}, {"value": "0.1", "label": "about one time in ten"},
                               {"value": "", "label": "about one time in five (default)"}, {"value": "0.25", "label": "about one time in four"},
                               {"value": "0.5", "label": "about one time in two"}, {"value": "0.75", "label": "about three times in four"},
                               {"value": "1", "label": "always"}]
    miss = {o["name"]: o for o in french["cribbage_muggins"]["novice"]["options"]}["miss_rate"]
    assert miss["label"] == "probabilité d’oublier chaque combinaison en comptant"
    assert [c["label"] for c in miss["choices"]][:3] == ["jamais", "environ une fois sur dix", "environ une fois sur cinq (par défaut)"]
    # The game's own default that no common rate is (its error_rate of 0.05) is offered too, as a percentage.
    errs = {o["name"]: o for o in french["cribbage_muggins"]["novice"]["options"]}["error_rate"]
    assert {"value": "", "label": "5\u202f% du temps (par défaut)"} in errs["choices"]
    # Values with words (a text option's choices, a bool) are choices worded by the kind; a count stays a number.
    rule = {o["name"]: o for o in french["muggins_shedding"]["expert"]["options"]}["commons_rule"]
    assert rule["choices"] == [{"value": "", "label": "qui garde le plus de rangs jouables entre les piles communes possibles (par défaut)"},
                               {"value": "first", "label": "qui prend la première pile commune possible"}]
    search = {o["name"]: o for o in english["muggins_shedding"]["search"]["options"]}
    assert search["only_correct"]["choices"] == [{"value": "", "label": "who weighs only correct moves (default)"},
                                                 {"value": "false", "label": "who weighs wrong moves too"}]
    assert search["iterations"]["choices"] is None and search["iterations"]["label"].startswith("simulations per decision")
    assert search["rollout"]["choices"] is None  # a seat spec of its own: typed
    # The request keeps its seat specs: a choice's value is what the spec says.
    made = client.post("/api/tables", json={"game": "cribbage_muggins", "seats": ["human", "novice:miss_rate=0.25"], "seed": 3})
    assert made.status_code == 201 and made.json()["seats"][1]["kind"] == "novice:miss_rate=0.25"


def test_the_lobby_refuses_a_bad_request_in_the_language_of_the_page_that_sent_it(client):
    french = client.post("/api/tables?lang=fr", json={"game": "muggins_shedding", "players": 9})
    assert french.status_code == 400 and french.json()["errors"] == ["muggins_shedding se joue de 3 à 7 joueurs, pas 9"]
    english = client.post("/api/tables", json={"game": "muggins_shedding", "players": 9}, headers={"Accept-Language": "en"})
    assert english.json()["errors"] == ["muggins_shedding is played by 3 to 7 players, not 9"]


def test_one_seat_watched_in_two_languages_gets_a_frame_in_each_and_keeps_its_events_once(registry, records):
    lobby = Lobby(registry, pace=0, message_rate=(1e6, 10**6))
    sent = []

    async def play():
        table = await lobby.create({"game": "muggins_shedding", "players": 3, "seats": ["human", "novice", "novice"], "seed": 9})
        table.observer.sent = lambda state, seat, frame: sent.append((seat, frame))
        french, english = await table.join(0, language="fr"), await table.join(0, language="en")
        while not table.over and table.match.taken < 30:
            offer = table.offers[0]
            await table.act(0, offer.step, str(offer.decision.choices[0]))
        lobby.close_all()
        return table, french, english

    table, french, english = asyncio.run(play())
    updates = [frame for seat, frame in sent if frame["type"] == "update"]
    fr_lines = [line for f in updates if "Le joueur" in " ".join(f["lines"]) or "Vous" in " ".join(f["lines"]) for line in f["lines"]]
    en_lines = [line for f in updates if " turned " in " ".join(f["lines"]) for line in f["lines"]]
    assert fr_lines and en_lines and len(updates) % 2 == 0
    # The seat's history holds each event once, whichever languages it is read in.
    from muggins.projection import visible_events

    record = table.match.writer.record
    seen = visible_events([*(record.opening or []), *(ev for step in record.events for ev in step)], 0)
    assert list(table.history[0]) == seen[-table.history[0].maxlen:]


def test_a_seat_read_in_two_languages_is_offered_its_choices_in_each(registry, records):
    lobby = Lobby(registry, pace=0, message_rate=(1e6, 10**6))

    async def hellos():
        table = await lobby.create({"game": "muggins_shedding", "players": 3, "seats": ["human", "novice", "novice"], "seed": 9})
        french, english = await table.join(0, language="fr"), await table.join(0, language="en")
        frames = french.queue.get_nowait(), english.queue.get_nowait()
        lobby.close_all()
        return frames

    french, english = asyncio.run(hellos())
    placing = [c["label"] for c in french["decision"]["choices"] if "card" in c]
    assert placing and all(" sur " in label for label in placing), placing
    placing = [c["label"] for c in english["decision"]["choices"] if "card" in c]
    assert placing and all(" on " in label for label in placing), placing
    assert french["decision"]["prompt"].startswith("Placez ") and english["decision"]["prompt"].startswith("Place ")


def test_muggins_serve_speaks_the_command_lines_language(monkeypatch):
    import socket

    import click
    from click.testing import CliRunner

    from muggins.i18n import using_language
    from muggins.front_end import BadInput
    from muggins_web import server
    from muggins_web.plugin import muggins_register_commands

    def unknown(*args, **kwargs):
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", unknown)
    with using_language("fr"):  # as `muggins --lang fr` chooses before the commands are registered
        group = click.Group()
        muggins_register_commands(group)
        assert "Port d’écoute." in CliRunner().invoke(group, ["serve", "--help"]).output
        refused = CliRunner().invoke(group, ["serve", "--pace", "nan"])
        assert refused.exit_code == 2 and "nan n’est pas un nombre de secondes\u202f; donnez-en un de 0 à 600" in refused.output
        with pytest.raises(BadInput) as listening:
            server.listen("nowhere.example", 8000)
    assert listening.value.message == "impossible d’écouter sur --host 'nowhere.example'\u202f: Name or service not known"


def test_the_lobbys_list_of_tables_names_each_game_and_bot_in_the_language_of_the_page(client):
    links = _create(client, game="muggins_shedding", players=3, seats=["human", "novice:error_rate=0.2", "expert"], seed=5)
    (french,) = client.get("/api/tables", headers={"Accept-Language": "fr"}).json()["tables"]
    assert french["table"] == links["table"] and french["title"] == "Muggins, le jeu de défausse"
    assert [s.get("kind_words") for s in french["seats"]] == [None, "un débutant", "un expert"]
    assert [s["kind"] for s in french["seats"]] == ["human", "novice:error_rate=0.2", "expert"]  # the specs, as recorded
    (english,) = client.get("/api/tables?lang=en").json()["tables"]
    assert english["title"] == "Muggins, the shedding game" and english["seats"][1]["kind_words"] == "a novice"


def test_the_hosts_page_is_offered_the_bot_kinds_in_words_of_its_language(client):
    links = _create(client, game="muggins_shedding", players=3, seats=["human", "human", "novice"], seed=5)
    host = links["host"].split("#", 1)[1]
    with client.websocket_connect(f"/ws/{links['table']}?token={host}&lang=fr") as french:
        hello = french.receive_json()
    kinds = {kind["name"]: kind["words"] for kind in hello["bot_kinds"]}
    assert kinds["novice"] == "un débutant" and kinds["expert"] == "un expert" and "human" not in kinds
    assert hello["bot_kinds"][0]["name"] == "novice"  # the default opponent first
    seat = links["seats"][1]["url"].split("#", 1)[1]
    with client.websocket_connect(f"/ws/{links['table']}?token={seat}") as person:
        assert "bot_kinds" not in person.receive_json()  # a person's page is not the host's
