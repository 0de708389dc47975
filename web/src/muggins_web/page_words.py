"""The pages' own fixed words (buttons, headings, status lines, aria labels), from the web package's catalogue, and a page served in a language.

The lobby and table pages are plain HTML and JavaScript with no build
step; their words are English in the source, and each is listed here
with `N_` (so `scripts/catalogues.py` extracts them into the `muggins_web`
domain beside the server's own messages). `gone_page(language)` is the
page of a table the server does not hold, its words filled in here.
`page(path, language)` serves a
page with `<html lang>` set and the words in that language embedded as
one JSON object keyed by the English message (`static/words.js` reads it:
`t(message, values)` and, for the plural forms, `tn`). Keeping the list
here, not in a hand-kept dictionary in JavaScript, means one catalogue, one
translation check, and a test (`web/tests/test_languages.py`) that every
word the pages use is listed.
"""

from __future__ import annotations

import html
import json
import string
from functools import lru_cache
from pathlib import Path

from starlette.responses import HTMLResponse

from muggins.i18n import N_, using_language
from muggins.wording import rank_word

from .languages import _, ngettext

__all__ = ["GONE", "PAGE_WORDS", "REPLAY_WORDS", "gone_page", "page", "page_words"]

#: The page of a table this server does not hold: plain HTML, its words filled in here (no script needed to read it).
GONE = string.Template("""<!doctype html>
<html lang="$lang">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>$title</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="/static/style.css">
</head>
<body>
  <header><h1>$title</h1></header>
  <main>
    <p>$why</p>
    <p><a href="/">$lobby</a></p>
  </main>
</body>
</html>
""")

PAGE_WORDS: tuple[str, ...] = (
    # The table page's HTML
    N_("muggins table"), N_("Your name, as the others will see it"), N_("Join"), N_("Players"), N_("Since your last move"), N_("The table"),
    N_("Your cards"), N_("Host controls"), N_("What happened"),
    # The lobby page's HTML
    N_("muggins: a table in the browser"), N_("a table for friends, each on their own screen"), N_("New table"), N_("Game"),
    N_("Seats"), N_("Seconds a challenge stays open"), N_("(0: wait for every answer)"),
    N_("Challenges that ask for a check (a count to verify)"), N_("wait for every answer"), N_("close after those seconds too"), N_("Start"),
    N_("when I start it (friends join first)"), N_("at once"), N_("House rules"), N_("Create the table"), N_("Links"),
    N_("Give each friend their own seat's link (copy it, or let them scan its QR code); it plays that seat only. "
       "Links travel over plain HTTP: use them on a network you trust."),
    N_("Tables on this server"),
    # The connection
    N_("{refusal} This page will not try again."), N_("The server is busy ({reason}); trying again in {seconds} s…"),
    N_("too many connections"), N_("connection lost; reconnecting…"),
    N_("This table cannot be opened: {reason}. The table may have ended and been cleared away, or the link was copied wrongly; "
       "ask the host for a new one."),
    N_("the link is not one of this server's tables"), N_("The server refused this page: {reason}."),
    N_("it takes connections from its own pages only"),
    # Who is who
    N_("seat {seat}"), N_("you"), N_("{list} and {last}"), N_("you host this table"), N_("watching"), N_("{name} · seat {seat}"),
    N_("host"), N_("{kind} plays"), N_("may answer"), N_("to play"), N_("away"), N_("{score} of {target}"),
    N_("{label}: {value}"), N_("Peg board to {target}"), N_("{name}: {score} ({points} taken back from {back})"),
    # The table drawn
    N_("Your hand"), N_("hand"), N_("your {zone}"), N_("{card} to {zone}"), N_("none"), N_("a face-down card"),
    N_("{rank} of {suit}"),
    N_("ace"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"), N_("eight"), N_("nine"), N_("ten"),
    N_("jack"), N_("queen"), N_("king"), N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"),
    # The decision
    N_("Tap a card again to put it back."), N_("the cards"), N_("({cards} picked)"), N_("Tap {cards} to choose them{picked}."),
    N_("{card}: where to? Tap where it goes, or tap it again to put it back."), N_("Tap a card to choose it."),
    N_("Tap a card, then where it goes."),
    N_("all {n} choices"), N_("number"), N_("one less"), N_("one more"), N_("{min} to {max}"), N_("the move stands"),
    N_("{what} in {seconds} s"),
    # How long a challenge stays open at the table
    N_("Challenges wait for every answer."), N_("Challenges close after {seconds} s; those that ask for a check wait for every answer."),
    N_("Challenges close after {seconds} s, those that ask for a check too."),
    # The status line
    N_("The match stopped: {why}"), N_("Waiting for you to start the table: send your friends their links, then press start."),
    N_("Waiting for the host to start the table."), N_("The match is over: {winners} won."), N_("The match is over."),
    N_("You may answer."), N_("Your turn."), N_("You answered “{answer}”; waiting for {who}."), N_("You answered “{answer}”."),
    N_("A move is open to challenge: waiting for {who}."), N_("{who} is thinking…"), N_("Waiting for {who}, who is away."),
    N_("{who} ({kind}) to play."), N_("Waiting for {who}."),
    # The deal's commitment, and what it was a commitment to once the match is over
    N_("Deal committed: {commitment}"), N_("The deal's seed was chosen by the host: nothing was committed to."),
    N_("The deal was seed {seed}, chosen by the host."),
    N_("The deal was committed to {commitment}: seed {seed}, nonce {nonce}. To check it with this match's record: {command}"),
    # The host's controls and the links
    N_("Host"), N_("{name} joined"), N_("{name} has not joined yet"), N_("Start the table"), N_("{name} (seat {seat})"),
    N_("{name}: {kind} plays"), N_("give the seat back"), N_("{name} (away)"), N_("{name}: a bot plays"),
    N_("bot kind for seat {seat}"), N_("seat this bot"), N_("Close the table"), N_("Close this table for everyone?"),
    N_("Link for {who}"), N_("Link for spectators"), N_("Copy link"), N_("Copied"), N_("Select and copy"), N_("QR code"),
    N_("QR code: {title}"),
    # After the match
    N_("After the match"), N_("Play again"), N_("The same game, rules, seats and links, with a fresh deal."),
    N_("Waiting for the host: they may start another match with the same seats, and this page will join it by itself."),
    N_("Back to the lobby"), N_("The next match could not begin: {why}"), N_("The next match has begun; joining it…"),
    # The lobby's form and list
    N_("(you, if a person)"), N_("seat {seat}'s other options"), N_("options, e.g. error_rate=0.2"),
    N_("seat a bot for someone gone"), N_("start the table once everyone has joined, seat a bot for someone gone"),
    N_("Open your seat (seat {seat})"),
    N_("{link}: you play from it and host the table there ({does}). The links for your friends are on that page too."),
    N_("Open the host's page"), N_("{link} ({does})."), N_("stopped"), N_("over"), N_("waiting to start"), N_("step {step}"),
    N_("none yet"), N_("House-rule plugins (untick one to play without it)"),
    N_("refused: {refusal} (untick a plugin to play without it)"),
)


def _plurals() -> dict[str, list[str]]:
    """The words with plural forms, keyed by the singular: both forms (one, many), as `tn` takes them."""
    def last(n: int) -> str:  # a peg board's line, said to a screen reader
        return ngettext("{name}: {score} (last {points} point from {back})", "{name}: {score} (last {points} points from {back})", n)

    return {"{n} card": [ngettext("{n} card", "{n} cards", 1), ngettext("{n} card", "{n} cards", 2)],
            "{name}: {score} (last {points} point from {back})": [last(1), last(2)]}


def _ranks() -> dict[str, str]:
    """The letters of the face cards as a card's corner shows them (V, D, R in French), as the games' words name them."""
    return {"J": rank_word(11), "Q": rank_word(12), "K": rank_word(13)}


#: The replay page's words (static/replay.html and replay.js), and the links to it from the table's end and the lobby's list.
REPLAY_WORDS: tuple[str, ...] = (
    N_("Look back over the match"), N_("look back"),
    N_("Looking back over the match"), N_("muggins replay"), N_("Back to the lobby"), N_("Step through the match"), N_("First"),
    N_("Previous deal"), N_("Previous"), N_("Next"), N_("Next deal"), N_("Last"), N_("Deal"),
    N_("Keys: the left and right arrows, one step; Page Up and Page Down, one deal; Home and End, the first and last step."),
    N_("The replay cannot be shown: {reason}"), N_("Commitment {commitment}, seed {seed}, nonce {nonce}."), N_("Seed {seed}."),
    N_("The replay stops early: {problem}"), N_("Deal {n}"), N_("Step {n} of {total}"), N_("deal {n} of {total}"),
    N_("The cards are dealt."), N_("{who} chose “{choice}”."),
)
PAGE_WORDS = PAGE_WORDS + REPLAY_WORDS


@lru_cache(maxsize=8)
def _words_json(language: str) -> str:
    with using_language(language):
        words: dict[str, object] = {message: _(message) for message in PAGE_WORDS}
        words.update(_plurals())
        words.update(_ranks())
    # Inside a <script> element: "</" would end it, so it is written "<\/", which JSON reads the same.
    return json.dumps(words, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")


def page_words(language: str) -> dict[str, object]:
    """The pages' words in `language`, as they are embedded."""
    return json.loads(_words_json(language))


def _page_text(path: str, language: str) -> str:
    html = Path(path).read_text("utf-8")
    html = html.replace('<html lang="en">', f'<html lang="{language}">', 1)
    script = f'<script type="application/json" id="muggins-words">{_words_json(language)}</script>\n'
    return html.replace("</head>", script + "</head>", 1)


def page(path: Path, language: str) -> HTMLResponse:
    """The page at `path` in `language`; varying by the headers and cookie it was chosen from, so no cache mixes two languages."""
    return HTMLResponse(_page_text(str(path), language), headers={"Vary": "Accept-Language, Cookie", "Content-Language": language})


def gone_page(language: str) -> HTMLResponse:
    """The 404 page of a table this server does not hold (never made, expired or cleared away), in `language`, linking to the lobby."""
    with using_language(language):
        words = {"title": _("This table is gone"),
                 "why": _("There is no such table on this server: it may have ended and been cleared away, or its link was "
                          "copied wrongly. Ask the host for a new link."),
                 "lobby": _("Back to the lobby")}
    text = GONE.substitute({key: html.escape(word) for key, word in words.items()}, lang=html.escape(language))
    return HTMLResponse(text, status_code=404, headers={"Vary": "Accept-Language, Cookie", "Content-Language": language})
