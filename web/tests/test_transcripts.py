"""Whole games at the browser table read in the page's language: each of the three games in French and in English, every word a page draws from its frames in that language.

A person at seat 0 plays a whole match against bots through the table, as
the page does: every frame the seat is sent is read for what the page puts
on the screen (the title, the story's lines, the prompt and the label of
every button, the zones' and counters' labels, the table's text, the
result), and the person answers by the label of a button, never by the
protocol's action text. The page's own words come from the catalogue in
the same language (`page_words`). Over each transcript: the match reaches
its result, and no word of the other language is on a screen (the check
of language_words.py, with the terminal transcripts' word lists).
"""

from __future__ import annotations

import asyncio
import importlib.util
import random
from pathlib import Path

import pytest

from muggins_web.lobby import Lobby
from muggins_web.page_words import page_words

_spec = importlib.util.spec_from_file_location("language_words", Path(__file__).with_name("language_words.py"))
language_words = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(language_words)

GAMES = {
    # Small games, so each plays out in about a second: cribbage to 61, shedding at three players, fishing's five deals.
    "cribbage_muggins": {"players": 2, "rules": {"target": 61}, "seed": 4},
    "muggins_shedding": {"players": 3, "seed": 7},
    "willughby_fishing": {"players": 5, "seed": 4},
}

#: Frame fields the page never puts on the screen as words: the protocol's names, codes and the seat's data.
UNSEEN = {"type", "table", "game", "view", "events", "text", "id", "kind", "cards", "to", "style", "checks", "keys", "owner",
          "links", "deal", "pegs", "scores", "together", "responders", "families", "info", "spec", "answered", "standing", "stand_in"}


def shown(value, key: str | None = None):
    """Every string of a frame the page draws as words."""
    if key in UNSEEN:
        return
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for name, inner in value.items():
            yield from shown(inner, name)
    elif isinstance(value, list):
        for inner in value:
            yield from shown(inner, key)


def play(registry, game: str, language: str) -> tuple[list[dict], dict]:
    """Seat 0 read in `language` plays `game` to its end against novices, choosing by button label; every frame it was sent, and the last."""
    lobby = Lobby(registry, pace=0, message_rate=(1e6, 10**6))
    settings = GAMES[game]
    chooser = random.Random(settings["seed"])

    async def whole_match():
        request = {"game": game, "players": settings["players"], "seats": ["human"] + ["novice"] * (settings["players"] - 1),
                   "seed": settings["seed"], "rules": settings.get("rules", {})}
        table = await lobby.create(request)
        seat = await table.join(0, language=language)
        await table.start()
        frames, answered = [], None
        for _ in range(20000):
            while not seat.queue.empty():
                frames.append(seat.queue.get_nowait())
            if table.over and seat.queue.empty():
                break
            decision = next((f["decision"] for f in reversed(frames) if f.get("decision") is not None), None) if frames else None
            offer = table.offers.get(0)
            if offer is not None and offer.answer is None and decision is not None and frames[-1].get("step") != answered:
                # The person reads the buttons and presses one by its label: the page sends that button's action.
                labels = {choice["label"]: choice["text"] for choice in decision["choices"]}
                label = chooser.choice(sorted(labels))
                answered = frames[-1].get("step")
                await table.act(0, offer.step, labels[label])
            else:
                await asyncio.sleep(0.002)
        lobby.close_all()
        return frames

    frames = asyncio.run(whole_match())
    return frames, next(f for f in reversed(frames) if f.get("result"))


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_game_at_the_browser_table_reads_in_the_pages_language(registry, records, game, language):
    frames, last = play(registry, game, language)
    assert last["over"] if "over" in last else last["result"], last
    asked = [f for f in frames if f.get("decision") and f["decision"].get("seat") == 0]
    assert len(asked) > 3, "the person was hardly asked anything"
    strings = [text for frame in frames for text in shown(frame)]
    strings += [text for text in shown(page_words(language))]
    assert language_words.foreign_words(strings, language) == {}
    # The bots' chips name their kind in words of the page's language, their options in the chip's title.
    seats = next(f["seats"] for f in frames if f.get("seats"))
    assert {s["kind_words"] for s in seats if not s["human"]} == {"un débutant" if language == "fr" else "a novice"}
    said = "\n".join(text for frame in frames for text in frame.get("lines", []))
    assert ("Vous" in said or "vous" in said) if language == "fr" else ("You" in said or "you" in said)
