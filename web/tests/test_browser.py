"""The pages in headless Chromium (Debian's package, driven by Playwright), on a phone (390×844, touch) and a laptop (1280×800).

Each shipped game is played from a join to the end of at least one deal on
the page itself: a choice that moves a card is a tap on that card (then on
its destination), one that moves several cards (a two-player cribbage
lay-away) a tap on each and then its one button, a family of choices
that differ by a number is the number picker (a muggins claim), every other choice its button. After
every frame the page draws, a script in the page checks that nothing
scrolls sideways (the page, or any element inside its box), that nothing
cuts off its content, and that every card of the seat's hand is a card
element named for its card ("ten of hearts"; "dix de cœur" on a page in
French), that the seat chips, the status, the lines since the seat's last
answer and the decision are all inside the viewport (the decision not under
the stuck top), and that no end-of-deal banner outlives its scores. axe-core checks the lobby and a table of each game for serious or
critical violations. A shedding table is played in French (the browser's
language) and switched to English without losing its seat. Frames with
a `layout` built by hand (`canned_frames.py`) are fed to the real page
through a websocket Playwright answers, so drawing and tapping are tested
whatever the games send. One browser and one server serve the whole
module; one test starts `muggins serve` itself over HTTPS (a self-signed
certificate made by `openssl` at test time), and plays from its lobby over wss. `MUGGINS_SCREENSHOTS=DIR` keeps screenshots of each game at both
sizes (docs/web/ holds those docs/web.md shows; scripts/web_screenshots.py
makes them again).

Skipped, with one line saying why, where Playwright or Chromium cannot be
had; the server's logic is covered without a browser by the other tests.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import time
from pathlib import Path

import pytest

#: Set to a folder to keep screenshots of the pages (docs/web/ holds the ones docs/web.md shows).
SCREENSHOTS = os.environ.get("MUGGINS_SCREENSHOTS")
CHROMIUM = os.environ.get("MUGGINS_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"

playwright_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed; browser tests skipped")
if not os.path.exists(CHROMIUM):
    pytest.skip(f"Chromium not found at {CHROMIUM} (apt-get install chromium); browser tests skipped", allow_module_level=True)

_spec = importlib.util.spec_from_file_location("canned_frames", Path(__file__).with_name("canned_frames.py"))
canned = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(canned)
_words_spec = importlib.util.spec_from_file_location("language_words", Path(__file__).with_name("language_words.py"))
language_words = importlib.util.module_from_spec(_words_spec)
_words_spec.loader.exec_module(language_words)
_served_spec = importlib.util.spec_from_file_location("served", Path(__file__).with_name("served.py"))
_served = importlib.util.module_from_spec(_served_spec)
_served_spec.loader.exec_module(_served)

#: The two screens every page must fit: a phone held upright (touch) and a laptop.
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
LAPTOP = {"viewport": {"width": 1280, "height": 800}}
SIZES = {"phone": PHONE, "laptop": LAPTOP}

#: Run in the page after every frame it draws (the page says so with the `muggins:drawn` event): what does not fit.
CHECKS = r"""
(() => {
  const french = () => document.documentElement.lang === "fr";
  const RANKS_EN = {A: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", T: "ten",
                    J: "jack", Q: "queen", K: "king"};
  const SUITS_EN = {C: "clubs", D: "diamonds", H: "hearts", S: "spades"};
  const RANKS_FR = {A: "as", 2: "deux", 3: "trois", 4: "quatre", 5: "cinq", 6: "six", 7: "sept", 8: "huit", 9: "neuf", T: "dix",
                    J: "valet", Q: "dame", K: "roi"};
  const SUITS_FR = {C: "trèfle", D: "carreau", H: "cœur", S: "pique"};
  const checks = window.__checks = {frames: 0, problems: [], pages: 0};
  const where = (el) => el.id ? "#" + el.id : el.tagName.toLowerCase() + (el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\s+/).join(".") : "");
  const problem = (text) => { if (checks.problems.length < 40) checks.problems.push(text); };
  window.__checkPage = (frame) => {
    checks.pages += 1;
    const width = document.documentElement.scrollWidth;
    if (width > innerWidth) problem(`the page is ${width} px wide on a ${innerWidth} px screen`);
    // Every element's box, on every frame or (a long match, `walk_every`) on every few: the page's width is checked on each.
    const walk = frame === null || (checks.pages - 1) % (window.__walkEvery || 1) === 0;
    for (const el of walk ? document.body.querySelectorAll("*") : []) {
      if (!el.getClientRects().length) continue; // not drawn
      const box = el.getBoundingClientRect();
      if (box.width <= 1 && box.height <= 1) continue; // words for a screen reader alone (a 1 px box, by design)
      // The computed style only for an element that overflows (reading it for every element of every frame is slow).
      if (el.clientWidth && el.scrollWidth > el.clientWidth + 1) {
        const style = getComputedStyle(el);
        if (style.display !== "inline") problem(`${where(el)} holds ${el.scrollWidth} px in ${el.clientWidth} px (overflow-x ${style.overflowX})`);
      }
      if (el.scrollHeight > el.clientHeight + 1 && ["hidden", "clip"].includes(getComputedStyle(el).overflowY)) {
        problem(`${where(el)} cuts off ${el.scrollHeight - el.clientHeight} px of its height`);
      }
      if (box.right > innerWidth + 1 || box.left < -1) problem(`${where(el)} reaches ${Math.round(box.left)}..${Math.round(box.right)} px`);
    }
    const layout = frame && frame.layout;
    if (layout && frame.seat !== null) {
      for (const zone of layout.zones.filter((z) => z.kind === "hand" && z.owner === frame.seat)) {
        for (const code of zone.cards || []) {
          const name = french() ? `${RANKS_FR[code.slice(0, -1)]} de ${SUITS_FR[code.slice(-1)]}`
            : `${RANKS_EN[code.slice(0, -1)]} of ${SUITS_EN[code.slice(-1)]}`;
          const drawn = document.querySelector(`#mine [data-zone="${zone.id}"] .card[data-card="${code}"]`);
          if (!drawn) problem(`${code} of the hand is not drawn as a card`);
          else if (drawn.getAttribute("aria-label") !== name) problem(`${code} is named ${drawn.getAttribute("aria-label")}, not ${name}`);
        }
      }
      // While the table waits for its host (the host's controls come first) or once it is over, nothing is played.
      for (const id of frame.started === false || frame.over ? [] : ["seats", "status", "mine"]) {
        const el = document.getElementById(id);
        if (el && el.getClientRects().length && el.getBoundingClientRect().bottom + scrollY > innerHeight + 1) {
          problem(`#${id} ends at ${Math.round(el.getBoundingClientRect().bottom + scrollY)} px, below the first screen (${innerHeight} px)`);
        }
      }
    }
  };
  // Who is to act, the scores, what just happened and the decision are on screen together at every frame, none of
  // them under the header that stays at the top; every line since the seat's last answer is in sight, and no
  // end-of-deal banner stays up once the scores it gave have changed.
  const since = checks.since = [];
  const banner = {};
  const sent = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    try { if (JSON.parse(data).type === "act") since.length = 0; } catch { /* not ours */ }
    return sent.call(this, data);
  };
  const onScreen = (frame) => {
    const scores = JSON.stringify((frame.layout && frame.layout.track && frame.layout.track.scores) || null);
    if (frame.type !== "hello" && (frame.standings || []).length) banner.scores = scores;
    if (document.querySelector("#banners .banner") && banner.scores !== scores) {
      problem(`step ${frame.step}: the end-of-deal banner is still up under scores ${scores} (it came with ${banner.scores})`);
    }
    if (frame !== banner.frame) since.push(...(frame.type === "hello" ? (frame.lines || []).slice(-6) : frame.lines || []));
    banner.frame = frame;
    const shown = document.querySelectorAll("#latest li").length;
    if (shown < Math.min(since.length, 40)) problem(`step ${frame.step}: ${since.length} lines since the last answer, ${shown} in sight`);
    if (frame.started === false) return;
    const top = (document.getElementById("top") || document.querySelector(".bar")).getBoundingClientRect().bottom;
    for (const id of ["seats", "status", "latest", "decision"]) {
      const el = document.getElementById(id);
      if (!el.getClientRects().length) continue;
      const box = el.getBoundingClientRect();
      const under = id === "decision" ? top : 0;
      if (box.top < under - 1 || box.bottom > innerHeight + 1) {
        problem(`step ${frame.step}: #${id} is at ${Math.round(box.top)}..${Math.round(box.bottom)} px, off the screen (${Math.round(under)}..${innerHeight} px; scrolled ${Math.round(scrollY)} of ${document.documentElement.scrollHeight}, focus ${where(document.activeElement)})`);
      }
    }
  };
  document.addEventListener("muggins:drawn", (event) => {
    checks.frames += 1;
    window.__checkPage(event.detail.frame);
    if (event.detail.frame) onScreen(event.detail.frame);
  });
})();
"""


@pytest.fixture(scope="module")
def served(loaded_games, tmp_path_factory):
    """One server for the module: the app on a real port, served by uvicorn in a thread, with a lobby whose windows wait."""
    from muggins_web.lobby import Lobby

    from muggins.store import RecordStore

    # Its own records folder: the module's server outlives every test's own (and must never reopen a user's tables).
    lobby = Lobby(loaded_games, pace=0, message_rate=(1e6, 10**6), store=RecordStore(tmp_path_factory.mktemp("records")))
    with _served.serving(lobby) as url:
        yield url, lobby


@pytest.fixture
def server(served, registry):
    return served[0]


@pytest.fixture
def lobby(served, registry):
    return served[1]


@pytest.fixture(scope="module")
def browser():
    with playwright_api.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


def _page(browser, size, walk_every=1, **options):
    """A page in a fresh context (its own storage: another person's browser) at `size`, checking every frame it draws.

    Each frame's place on the screen, its lines and banner and the page's
    width are checked on every frame; every element's box on every frame,
    or on every `walk_every`-th one (a whole match's hundreds of frames).
    """
    context = browser.new_context(**SIZES[size], **options)
    page = context.new_page()
    if walk_every > 1:
        page.add_init_script(f"window.__walkEvery = {int(walk_every)};")
    page.add_init_script(CHECKS)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    return page


def _assert_fits(page, at_least=1):
    checks = page.evaluate("window.__checks")
    assert not page.errors, page.errors
    assert checks["problems"] == [], (checks["problems"], page.evaluate("[...document.querySelectorAll('.bar, .play > *')].map(e => [e.id || e.className, Math.round(e.getBoundingClientRect().height)])"))
    assert checks["frames"] >= at_least, checks


def _shot(page, name):
    """The page as a person sees it now: the whole page on the phone (what a scroll shows too), the screen on the laptop."""
    if SCREENSHOTS:
        os.makedirs(SCREENSHOTS, exist_ok=True)
        phone = page.viewport_size["width"] < 500
        if phone:
            page.evaluate("scrollTo(0, 0)")  # the header sticks to the top of the screen: from the top it is drawn once
        page.screenshot(path=os.path.join(SCREENSHOTS, name), full_page=phone)


def _axe(page, what):
    """axe-core's serious and critical violations on the page as it stands: there must be none."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in results.response["violations"]
           if v["impact"] in ("serious", "critical")]
    assert bad == [], f"{what}: {bad}"


# -- canned frames: the drawing, before any game sends a layout ----------------------------------------------

def _canned_page(browser, server, lobby, size, frame):
    """The real table page of a real table, its websocket answered by this test with `frame`; (page, messages the page sent)."""
    import httpx

    links = httpx.post(server + "/api/tables", json={"game": "muggins_shedding", "players": 3, "seats": ["human"], "seed": 1, "start": "host"}).json()
    page = _page(browser, size)
    sent = []
    page.sockets = []  # the page's websockets as this test answers them, to send it more frames

    def answer(ws):
        page.sockets.append(ws)
        ws.on_message(lambda message: sent.append(json.loads(message)))
        ws.send(json.dumps(frame))

    page.route_web_socket("**/ws/**", answer)
    page.goto(links["seats"][0]["url"])
    page.wait_for_function("window.__checks && window.__checks.frames >= 1")
    return page, sent


def _touch(size):
    return size == "phone"


def _press(page, size, locator):
    """A tap on the phone (a touch screen), a click on the laptop; a control gone from the page gives up within 2 s."""
    locator.tap(timeout=2000) if _touch(size) else locator.click(timeout=2000)


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_canned_layouts_are_drawn_as_cards_that_fit_and_a_tap_on_a_card_or_the_number_picker_is_the_choice(browser, server, lobby, size):
    # Cribbage pegging: each card goes to one place, so one tap on it is the choice; "go" stays a button.
    page, sent = _canned_page(browser, server, lobby, size, canned.cribbage_peg())
    assert page.locator("#mine .card").count() == 3 and page.locator("#mine .card.playable").count() == 2
    assert page.get_by_role("button", name="four of hearts").count() == 1
    assert page.get_by_role("img", name="ten of spades").count() == 1  # not playable: a picture of the card
    assert page.locator("#board .card.back").count() >= 2 and page.locator("#table-text").is_hidden()
    assert page.locator("#choices button").all_inner_texts() == ["go"]
    assert "score: 2" in page.inner_text("#seats") and "the count: 8" in page.inner_text("#board")
    assert "Tap a card to choose it." in page.inner_text("#prompt")
    # A small ten under another small card (a pile, a collection) shows both its figures: the edge left in sight holds "10".
    ten = page.locator('#mine .card[data-card="TS"]')
    assert "ten" in ten.get_attribute("class").split()
    shown, needed = page.evaluate('''(ten) => {
      const row = document.createElement("div");
      row.className = "cards stack";
      const small = ten.cloneNode(true);
      small.classList.add("small");
      row.append(small, small.cloneNode(true));
      document.getElementById("board").append(row);
      const corner = row.children[0].querySelector(".corner").getBoundingClientRect();
      const result = [row.children[1].getBoundingClientRect().left - corner.left, corner.width];
      row.remove();
      return result;
    }''', ten.element_handle())
    assert needed <= shown, f"a small ten's corner needs {needed:.1f} px, {shown:.1f} px of it are in sight"
    assert page.inner_text("#deal") == "Deal committed: 3f2a0000c0ff…"
    assert page.locator("#deal code").get_attribute("title") == canned.COMMITMENT
    if size == "laptop":  # from the keyboard: Tab to the card, Enter plays it
        page.get_by_role("button", name="four of diamonds").focus()
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "four of hearts"
        page.keyboard.press("Enter")
    else:
        _press(page, size, page.get_by_role("button", name="four of hearts"))
    page.wait_for_function("document.querySelectorAll('#mine .card.playable:disabled').length === 2")
    assert [m for m in sent if m["type"] == "act"] == [{"type": "act", "step": 40, "action": "play 4H"}]
    # The next decision comes: focus is on its first control, not dropped to <body> (no Tab from the top each turn).
    following = {**canned.cribbage_peg(), "type": "update", "step": 41, "lines": ["Anna plays 4♥.", "seat 1 says go."]}
    page.sockets[0].send(json.dumps(following))
    page.wait_for_function("document.getElementById('decision').dataset.step === '41'")
    assert page.evaluate("document.activeElement.closest('#act') !== null"), page.evaluate("document.activeElement.outerHTML")
    assert page.locator("#latest li").all_inner_texts() == ["Anna plays 4♥.", "seat 1 says go."]
    # The match over: the seed and nonce the commitment was made to, and how to check them.
    over = {**following, "step": 42, "decision": None, "over": True, "lines": [],
            "deal": {"commitment": canned.COMMITMENT, "seed": 1234, "nonce": "ab" * 16}}
    page.sockets[0].send(json.dumps(over))
    page.wait_for_function("document.getElementById('deal').textContent.includes('nonce')")
    assert page.inner_text("#deal") == (f"The deal was committed to {canned.COMMITMENT}: seed 1234, nonce {'ab' * 16}. To check it with this "
                                        f"match's record: muggins replay --verify FILE --commitment {canned.COMMITMENT}")
    _assert_fits(page)
    page.context.close()

    # The shedding game: the turned card has four destinations; a tap picks it up, a tap on a pile puts it there.
    page, sent = _canned_page(browser, server, lobby, size, canned.shedding_place())
    assert "Tap a card, then where it goes." in page.inner_text("#prompt")
    _press(page, size, page.locator('.card.playable[data-card="7H"]'))
    if size == "phone":
        _axe(page, "a shedding card's destinations drawn as taps")
    targets = page.locator(".zone.target")
    assert targets.count() == 4 and page.locator('.card[data-card="7H"][aria-pressed="true"]').count() == 1
    assert "where to?" in page.inner_text("#prompt")
    assert page.get_by_role("button", name="seven of hearts to Chloé's discard").count() == 1
    page.evaluate("window.__checkPage(null)")
    _press(page, size, page.locator('.zone.target[data-zone="discard:2"]'))
    page.wait_for_function("document.querySelector('.zone.target') === null || document.querySelector('.zone.target').disabled")
    assert [m for m in sent if m["type"] == "act"] == [{"type": "act", "step": 40, "action": "play 7H to discard 2"}]
    assert "Chloé" in page.inner_text("#seats")
    _assert_fits(page)
    page.context.close()

    # Cribbage's count window: 29 claims are one number picker; the countdown names the button it stands for.
    page, sent = _canned_page(browser, server, lobby, size, canned.cribbage_count_window())
    assert page.locator("#choices button").all_inner_texts() == ["accept", "overcount"]
    assert page.locator(".family input").get_attribute("max") == "29"
    assert page.inner_text("#countdown-text").startswith("accept in ")
    assert page.inner_text("#status") == "You may answer."
    assert page.inner_text("#timing") == "Challenges close after 8 s; those that ask for a check wait for every answer."
    assert "Ben plays 7♥." in page.inner_text("#latest") and "Anna" in page.inner_text("#who")
    assert "may answer" in page.inner_text("#seats") and page.locator("#seats li.may-answer").count() == 2
    assert page.locator(".peg").count() == 3 and "34 of 61" in page.inner_text("#track")
    # "accept" first and the number claims after it, smaller; a window's claims drawn as claims.
    assert page.evaluate("[...document.querySelectorAll('#decision button')].map(b => b.dataset.action || b.className)")[:3] == ["pass", "overcount", "step"]
    assert page.locator(".family .go.claim").count() == 1
    page.locator(".family input").fill("6")
    page.locator(".family input").dispatch_event("input")
    assert page.inner_text(".family .go") == "muggins 6"
    page.reload()  # the number typed is kept for the same decision
    page.wait_for_function("window.__checks && window.__checks.frames >= 1")
    assert page.locator(".family input").input_value() == "6" and page.inner_text(".family .go") == "muggins 6"
    _press(page, size, page.get_by_role("button", name="one more"))
    if size == "laptop":  # from the keyboard: the arrow keys step the number, Enter makes the claim
        page.locator(".family input").focus()
        page.keyboard.press("ArrowUp")
        page.keyboard.press("ArrowDown")
        page.keyboard.press("Enter")
    else:
        _press(page, size, page.locator(".family .go"))
    page.wait_for_function("document.querySelector('.family .go').disabled")
    assert [m for m in sent if m["type"] == "act"] == [{"type": "act", "step": 40, "action": "muggins 7"}]
    if size == "phone":
        _axe(page, "a cribbage window drawn from a layout")
    _assert_fits(page)
    # A window that asks for a check counts down only at a table whose host timed such windows too.
    check = {**canned.cribbage_count_window(), "type": "update", "step": 41}
    check["decision"] = {**check["decision"], "waits": True}
    page.sockets[-1].send(json.dumps({**check, "window_left": None}))  # the socket of the page as reloaded
    page.wait_for_function("window.__checks.frames >= 2")
    assert page.locator("#countdown").is_hidden()
    page.sockets[-1].send(json.dumps({**check, "step": 42, "checks": "timed"}))
    page.wait_for_function("window.__checks.frames >= 3")
    assert page.locator("#countdown").is_visible() and page.inner_text("#countdown-text").startswith("accept in ")
    assert page.inner_text("#timing") == "Challenges close after 8 s, those that ask for a check too."
    page.context.close()

    # Fishing: eight cards in hand, ten on the table, five collections and the pot, on one screen.
    page, sent = _canned_page(browser, server, lobby, size, canned.fishing_turn())
    assert page.locator("#mine .card").count() == 8 and page.locator('#board [data-zone="table"] .card').count() == 10
    assert "the pot: 11" in page.inner_text("#board") and "chips: -2" in page.inner_text("#seats")
    assert page.locator("#choices button").count() == 0  # every choice is a tap on a card
    # K♦ and K♥ both take K♣: each is its own card, so one tap each.
    _press(page, size, page.get_by_role("button", name="king of hearts"))
    page.wait_for_function("document.querySelectorAll('#mine .card.playable:disabled').length > 0")
    assert [m for m in sent if m["type"] == "act"] == [{"type": "act", "step": 40, "action": "play KH take KC"}]
    if size == "phone":
        _axe(page, "a fishing table drawn from a layout")
    _assert_fits(page)
    page.context.close()


#: Run in the page: every peg of the board as (lane, front or back, the hole it is in), checked to stand on that hole of its lane.
PEGS = r"""
(() => [...document.querySelectorAll(".pegboard svg.street .peg-front, .pegboard svg.street .peg-back")].map((peg) => {
  const lane = peg.dataset.lane, hole = peg.dataset.hole;
  const under = peg.closest("svg").querySelector(`.hole.game[data-hole="${hole}"], g.lane[data-lane="${lane}"] .hole[data-hole="${hole}"]`);
  const on = under && under.getAttribute("cx") === peg.getAttribute("cx") && under.getAttribute("cy") === peg.getAttribute("cy");
  return [lane, peg.classList.contains("peg-front") ? "front" : "back", Number(hole), on];
}))()
"""


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_a_track_of_style_pegs_is_a_peg_board_with_a_front_and_a_back_peg_per_seat_said_in_words(browser, server, lobby, size):
    page, sent = _canned_page(browser, server, lobby, size, canned.cribbage_pegboard())
    board = page.locator("#track .pegboard")
    assert board.get_attribute("data-holes") == "121" and page.locator("#track .peg-bar").count() == 0
    assert page.locator(".pegboard svg.street").count() == 4  # streets of 30, the game hole after the last
    for lane in ("0", "1"):
        assert page.locator(f'.pegboard g.lane[data-lane="{lane}"] .hole:not(.start)').count() == 120
    assert page.locator(".pegboard .hole.game").count() == 1 and page.locator('.pegboard .hole.game[data-hole="121"]').count() == 1
    assert sorted(page.evaluate(PEGS)) == [["0", "back", 20, True], ["0", "front", 24, True], ["1", "back", 29, True], ["1", "front", 31, True]]
    assert board.get_attribute("role") == "img"
    assert board.get_attribute("aria-label") == "Peg board to 121: you: 24 (last 4 points from 20) · Cleo: 31 (last 2 points from 29)"
    assert page.inner_text(".peg-legend").split() == ["you", "24", "(+4)", "Cleo", "31", "(+2)"]
    _shot(page, f"pegboard-{size}.png")
    _axe(page, f"a peg board on a {size}")
    # The short board: 60 holes a lane in two streets and the game hole; a seat with nothing scored is in its start hole.
    page.sockets[0].send(json.dumps(canned.cribbage_pegboard_short()))
    page.wait_for_function("document.querySelector('.pegboard').dataset.holes === '61'")
    assert page.locator(".pegboard svg.street").count() == 2 and page.locator('.pegboard g.lane[data-lane="2"] .hole:not(.start)').count() == 60
    assert sorted(page.evaluate(PEGS)) == [["0", "front", 0, True], ["1", "back", 55, True], ["1", "front", 61, True],
                                           ["2", "back", 0, True], ["2", "front", 1, True]]
    assert page.locator(".pegboard").get_attribute("aria-label") == (
        "Peg board to 61: you: 0 · Cleo: 61 (last 6 points from 55) · seat 2: 1 (last 1 point from 0)")
    _assert_fits(page, at_least=2)  # nothing scrolls sideways, at 390 px as at 1280
    page.context.close()


def test_without_a_layout_the_page_shows_the_games_text_wrapped_and_asks_the_persons_name_once(browser, server, lobby):
    frame = canned.fishing_turn()
    frame["layout"] = None
    for choice in frame["decision"]["choices"]:
        del choice["card"], choice["to"]
    frame["render"] = "Seat        hand  collection       chips   " * 6  # wider than a phone
    frame["seats"][0]["name"] = None
    page, sent = _canned_page(browser, server, lobby, "phone", frame)
    assert page.locator("#table-text").is_visible() and page.locator("#board").is_hidden()
    assert page.locator("#choices button").count() == 5
    page.fill("#name-input", "  Dora ")
    _press(page, "phone", page.get_by_role("button", name="Join"))
    page.wait_for_function("document.getElementById('name-form').hidden")
    assert {"type": "name", "name": "Dora"} in sent
    _assert_fits(page)
    # The same browser at the same table says the name again itself, and does not ask.
    again = page.context.new_page()
    again.add_init_script(CHECKS)
    again_sent = []
    again.route_web_socket("**/ws/**", lambda ws: (ws.on_message(lambda m: again_sent.append(json.loads(m))), ws.send(json.dumps(frame))))
    again.goto(page.url)
    again.wait_for_function("window.__checks && window.__checks.frames >= 1")
    again.wait_for_timeout(100)
    assert again.locator("#name-form").is_hidden() and {"type": "name", "name": "Dora"} in again_sent
    page.context.close()


# -- whole games, played on the page --------------------------------------------------------------------------

#: What the page shows of its decision, read in one round trip: its step, and whether any of its controls still takes a tap.
PAGE_DECISION = """() => {
  const box = document.getElementById("decision");
  const live = document.querySelectorAll("#decision button:enabled, .card.playable:enabled, .zone.target:enabled").length;
  return box.hidden ? null : {step: box.dataset.step, live};
}"""


def _answer_on_page(page, size, table, seat, pick, used):
    """If `seat`'s page shows the decision the server offers it, answer `pick(offer)` as a person would; True if it did.

    A choice that moves a card drawn on the table is a tap on the card (and
    on its destination zone when the card may go to more than one); one
    that moves several cards at once is a tap on each, then on the one
    button the page offers for them; a choice of a number family is the number picker; the rest are buttons.
    `used` counts which of these were used. A page that has moved on
    between the look and the tap (a window settled by another seat) is
    left for the next round.
    """
    from muggins.projection import seat_decision

    offer = table.offers.get(seat)
    if offer is None or offer.answer is not None:
        return False
    shown_now = page.evaluate(PAGE_DECISION)
    if shown_now is None or shown_now["step"] != str(offer.step) or not shown_now["live"]:
        return False  # not drawn yet, or answered and the server has not said so yet
    text = pick(offer)
    shown = seat_decision(offer.decision, table.game)
    used["frames with families"] += bool(shown["families"])
    choice = next(c for c in shown["choices"] if c["text"] == text)
    try:
        if choice.get("cards"):
            cards = [page.locator(f'.card.pickable[data-card="{code}"]') for code in choice["cards"]]
            if all(card.count() for card in cards):
                for card in cards:
                    _press(page, size, card)
                used["cards picked"] += len(cards)
                _press(page, size, page.locator(f'#choices button.picked[data-action="{text}"]'))
                return True
        if choice.get("card"):
            card = page.locator(f'.card.playable[data-card="{choice["card"]}"]')
            if card.count():
                _press(page, size, card.first)
                used["card taps"] += 1
                target = page.locator(f'.zone.target[data-zone="{choice.get("to")}"]')
                if target.count():
                    _press(page, size, target)
                    used["destination taps"] += 1
                elif page.locator(f'#choices button[data-action="{text}"]').count():  # told apart by buttons
                    _press(page, size, page.locator(f'#choices button[data-action="{text}"]'))
                return True
        if choice.get("family") is not None:
            form = page.locator(f'.family[data-family="{choice["family"]}"]')
            form.locator("input").fill(str(choice["n"]), timeout=2000)
            form.locator("input").dispatch_event("input")
            _press(page, size, form.locator(".go"))
            used["number picker"] += 1
            return True
        button = page.locator(f'#choices button[data-action="{text}"]')
        if not button.count():
            return False
        _press(page, size, button)
        used["buttons"] += 1
        return True
    except playwright_api.TimeoutError:  # the page moved on under the tap: look again
        return False


def _play_on_pages(table, pages, size, pick, until, seconds=120):  # a bound for a failing test on a busy machine, not a speed
    """Answer for every seat's page in turn until `until(table)`; how each kind of control was used.

    `size` is the screen of every page, or a mapping from seat to its page's screen.
    """
    import collections

    used = collections.Counter()
    deadline = time.monotonic() + seconds
    while not until(table) and time.monotonic() < deadline:
        answered = False
        for seat, page in pages.items():
            answered = _answer_on_page(page, size[seat] if isinstance(size, dict) else size, table, seat, pick, used) or answered
        if not answered:
            time.sleep(0.01)
    assert until(table), f"not done in time: at step {table.match.taken}, offers {table.offers}"
    return used


def _right_answer(offer):
    return str(offer.decision.correct[0])


def _join(browser, size, url, name, walk_every=1):
    page = _page(browser, size, walk_every)
    page.goto(url)
    page.wait_for_selector("#name-form:not([hidden])")
    page.fill("#name-input", name)
    _press(page, size, page.get_by_role("button", name="Join"))
    page.wait_for_function("document.getElementById('name-form').hidden")
    return page


def _first_deal_over(table):
    return table.over or table.match.state.view(None).get("deal", 0) >= 1


def test_three_friends_play_a_whole_cribbage_match_to_61_from_a_laptop_and_two_phones(browser, server, lobby):
    """The host makes the table on a laptop from the lobby's form and sends two links; Ben and Cleo play on phones.

    Every frame of every page is checked as it is drawn (CHECKS): the seat
    chips, the status, the latest lines and the decision on the screen, every
    line since the seat's last answer in sight, no banner left up under
    changed scores, the page no wider than the screen (and every element's
    box inside it, checked on every fourth frame). Cleo undercounts her first
    hand, and the first of the others offered the claim takes the missed points.
    """
    phone_lobby = _page(browser, "phone")
    phone_lobby.goto(server + "/")
    phone_lobby.wait_for_selector("#game option", state="attached")
    _axe(phone_lobby, "the lobby on a phone")
    _shot(phone_lobby, "web-lobby-phone.png")
    phone_lobby.evaluate("window.__checkPage(null)")
    _assert_fits(phone_lobby, at_least=0)
    phone_lobby.context.close()
    host = _page(browser, "laptop", walk_every=12)
    host.goto(server + "/")
    host.select_option("#game", "cribbage_muggins")
    host.fill("#players", "3")
    host.dispatch_event("#players", "change")
    host.select_option('[data-seat="1"]', "human")
    assert host.locator('[data-options="1"]').is_hidden()  # a person takes no bot's options
    host.select_option('[data-seat="2"]', "novice")
    assert host.locator('[data-seat="2"] option:checked').inner_text() == "a novice"  # the kinds in words, their specs as the values
    host.select_option('[data-option="2"][name="miss_rate"]', "0.75")  # "about three times in four"
    host.fill("#players", "4")  # more players, then back: what was chosen for each seat stays
    host.dispatch_event("#players", "change")
    host.fill("#players", "3")
    host.dispatch_event("#players", "change")
    assert host.locator('[data-seat="1"]').input_value() == "human"
    assert host.locator('[data-option="2"][name="miss_rate"]').input_value() == "0.75"
    # A chance the choices do not offer is typed: back to the default choice, and 0.9 in the seat's other options.
    host.select_option('[data-option="2"][name="miss_rate"]', "")
    host.fill('[data-options="2"]', "miss_rate=0.9")
    sent = []

    def held_back(route):  # the form's request as sent, not made into a table: Cleo comes after all
        sent.append(json.loads(route.request.post_data))
        route.fulfill(status=400, json={"error": "held back", "errors": ["held back"]})

    host.route(re.compile(r"/api/tables(\?|$)"), lambda route: held_back(route) if route.request.method == "POST" else route.continue_())
    _press(host, "laptop", host.get_by_role("button", name="Create the table"))
    deadline = time.monotonic() + 10
    while not sent and time.monotonic() < deadline:
        host.wait_for_timeout(20)
    host.unroute(re.compile(r"/api/tables(\?|$)"))
    # The default opponent's error_rate=0.2 sits in its worded choice, sent back as the spec's option, the typed one after it.
    assert sent and sent[0]["seats"] == ["human", "human", "novice:error_rate=0.2,miss_rate=0.9"], sent
    host.select_option('[data-seat="2"]', "human")
    host.fill("#pace", "0")
    host.locator("#rules-box summary").click()
    host.fill('[data-rule="target"]', "61")
    _axe(host, "the lobby on a laptop")
    _press(host, "laptop", host.get_by_role("button", name="Create the table"))
    host.wait_for_selector("#created:not([hidden])")
    host.evaluate("window.__checkPage(null)")
    _assert_fits(host, at_least=0)
    _shot(host, "web-lobby-laptop.png")
    (table,) = [t for t in lobby.tables.values() if t.kinds == ["human"] * 3 and not t.started]
    friends = host.locator(".share-url").all_inner_texts()
    own = host.locator("#own-link a").get_attribute("href")
    assert table.seat_for(own.split("#")[1].split(".")[0]) == 0 and table.seat_for(friends[0].split("#")[1]) == 1
    host.goto(own)
    host.wait_for_selector("#name-form:not([hidden])")
    _axe(host, "a join page on a laptop")
    host.fill("#name-input", "Anna")
    _press(host, "laptop", host.get_by_role("button", name="Join"))
    ben, cleo = _join(browser, "phone", friends[0], "Ben", walk_every=12), _join(browser, "phone", friends[1], "Cleo", walk_every=12)
    _axe(cleo, "a join page on a phone")
    _shot(cleo, "web-join-phone.png")
    host.wait_for_function("document.getElementById('joined').innerText.includes('Cleo (seat 2) joined')")
    _press(host, "laptop", host.get_by_role("button", name="QR code").first)
    host.wait_for_selector("img.qr-code")
    assert host.locator("img.qr-code").get_attribute("alt") == "QR code: Link for Ben (seat 1)"
    _shot(host, "web-host-laptop.png")
    _press(host, "laptop", host.get_by_role("button", name="Start the table"))
    pages = {0: host, 1: ben, 2: cleo}
    story = {"undercounted": None, "claimed_by": None, "axe mid-play": False, "pictured": set()}

    def pick(offer):
        decision = offer.decision
        texts = [str(c) for c in decision.choices]
        if offer.seat == 2 and story["undercounted"] is None and decision.kind == "count":
            right = _right_answer(offer)
            short = [t for t in texts if t.startswith("announce ") and int(t.split()[-1]) < int(right.split()[-1])]
            if short:
                story["undercounted"] = short[0]
                return short[0]
        right = _right_answer(offer)
        if right.startswith("muggins"):
            if story["claimed_by"] is None:
                story["claimed_by"] = offer.seat
            size = "laptop" if offer.seat == 0 else "phone"
            if size not in story["pictured"]:
                story["pictured"].add(size)
                _shot(pages[offer.seat], f"web-table-cribbage-{size}.png")
        if not story["axe mid-play"] and table.match.taken > 20:
            story["axe mid-play"] = True
            _axe(host, "a cribbage table mid-play on a laptop")
            _axe(ben, "a cribbage table mid-play on a phone")
        return right

    used = _play_on_pages(table, pages, {0: "laptop", 1: "phone", 2: "phone"}, pick, lambda t: t.over, seconds=240)
    assert story["undercounted"] and story["claimed_by"] in (0, 1), story
    assert sum(table.match.state.stats.by_seat["muggins_points"]) > 0
    assert table.match.state.view(None).get("deal", 0) >= 3, "a match to 61 is more than two deals"
    for seat, page in pages.items():
        page.wait_for_function("document.getElementById('status').textContent.includes('over')")
        for name in ("Anna", "Ben", "Cleo"):
            assert name in page.inner_text("#seats")
        _assert_fits(page, at_least=20)
    _axe(host, "a finished cribbage table on a laptop")
    _axe(cleo, "a finished cribbage table on a phone")
    _shot(host, "web-end-laptop.png")
    _shot(cleo, "web-end-phone.png")
    # Three players lay away one card each: a tap on it, like a card played; a count is the number picker.
    assert used["card taps"] >= 12 and used["number picker"] >= 3, used
    for page in pages.values():
        page.context.close()


def test_two_player_cribbage_lays_two_cards_away_by_tapping_them_on_a_phone(browser, server, lobby):
    import httpx

    links = httpx.post(server + "/api/tables", json={"game": "cribbage_muggins", "players": 2, "seed": 3, "pace": 0, "host_seat": 0,
                                                     "seats": ["human", "novice"], "rules": {"target": 61}}).json()
    table = lobby.tables[links["table"]]
    page = _join(browser, "phone", links["host"], "Anna")
    page.wait_for_selector(".card.pickable")
    offer = table.offers[0]
    assert offer.decision.kind == "discard" and len(offer.decision.choices) == 15
    # The fifteen pairs are no buttons of their own: the hand's six cards are taps, the pairs folded in "all choices".
    assert page.locator("#mine .card.pickable").count() == 6 and page.locator("#choices > button").count() == 0
    assert page.locator("#choices details.all-choices:not([open]) button").count() == 15
    first, second, third = [page.locator("#mine .card.pickable").nth(n).get_attribute("data-card") for n in range(3)]
    card = lambda code: page.locator(f'#mine .card.pickable[data-card="{code}"]')
    _press(page, "phone", card(first))
    assert card(first).get_attribute("aria-pressed") == "true" and page.locator("#choices button.picked").count() == 0
    _press(page, "phone", card(third))
    _press(page, "phone", card(third))  # tapped again: put back
    assert card(third).get_attribute("aria-pressed") == "false"
    card(second).focus()
    page.keyboard.press("Enter")  # from the keyboard too
    ready = page.locator("#choices button.picked")
    assert ready.count() == 1 and page.locator("#choices > button").count() == 1
    _press(page, "phone", card(third))  # a third card for a two-card choice: not picked
    assert card(third).get_attribute("aria-pressed") == "false" and page.locator("#mine .card[aria-pressed=true]").count() == 2
    text = ready.get_attribute("data-action")
    assert sorted(text.split()[1:]) == sorted([first, second])
    (choice,) = [c for c in offer.decision.choices if str(c) == text]
    assert ready.inner_text() == choice.label
    page.evaluate("window.__checkPage(null)")
    page.locator("details.all-choices summary").click()  # the folded list, opened, wraps on the phone too
    page.evaluate("window.__checkPage(null)")
    page.locator("details.all-choices summary").click()
    _assert_fits(page)
    _press(page, "phone", ready)
    page.wait_for_function("!document.querySelector('.card.pickable:enabled')")
    deadline = time.monotonic() + 10
    while table.match.taken == 0 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert (0, text) in table.match.writer.record.decisions  # the pair picked, laid away as one choice
    _assert_fits(page)
    page.context.close()


#: Where the keyboard's focus is: the element's choice, card, zone or id, and whether it is among the decision's controls.
FOCUS_NOW = """() => {
  const el = document.activeElement;
  const on = !!el && (document.getElementById("act").contains(el) || document.getElementById("board").contains(el)) && el !== document.body;
  return {on, action: el?.dataset?.action || null, card: el?.dataset?.card || null, tag: el?.tagName || null,
          family: el?.closest?.(".family")?.dataset?.family ?? null};
}"""


def _tab_to(page, wanted, most=40):
    """Press Tab until the focus satisfies `wanted(focus)`; how many presses it took."""
    for presses in range(most + 1):
        if wanted(page.evaluate(FOCUS_NOW)):
            return presses
        page.keyboard.press("Tab")
    raise AssertionError(f"{most} Tabs did not reach the control: focus {page.evaluate(FOCUS_NOW)}")


def test_a_whole_cribbage_deal_played_from_the_keyboard_alone_keeps_the_focus_on_each_decision(browser, server, lobby):
    import httpx

    from muggins.projection import seat_decision

    links = httpx.post(server + "/api/tables", json={"game": "cribbage_muggins", "players": 2, "seed": 11, "pace": 0, "host_seat": 0,
                                                     "seats": ["human", "expert"], "rules": {"target": 121}}).json()
    table = lobby.tables[links["table"]]
    page = _join(browser, "laptop", links["host"], "Anna")
    answered, tabs, kinds = 0, [], set()
    deadline = time.monotonic() + 120  # a bound for a failing test on a busy machine, not a speed
    while not _first_deal_over(table) and time.monotonic() < deadline:
        offer = table.offers.get(0)
        shown_now = page.evaluate(PAGE_DECISION)
        if offer is None or offer.answer is not None or shown_now is None or shown_now["step"] != str(offer.step) or not shown_now["live"]:
            time.sleep(0.01)
            continue
        if answered:  # the first decision follows the name form; every later one finds the focus already on it
            focus = page.evaluate(FOCUS_NOW)
            assert focus["on"], f"step {offer.step}: the focus left the decision for {focus}"
        text = _right_answer(offer)
        choice = next(c for c in seat_decision(offer.decision, table.game)["choices"] if c["text"] == text)
        kinds.add(offer.decision.kind)
        pressed = 0
        if choice.get("cards"):
            for code in choice["cards"]:
                pressed += _tab_to(page, lambda f, code=code: f["card"] == code)
                page.keyboard.press("Enter")
            pressed += _tab_to(page, lambda f: f["action"] == text)  # the picked cards' one button takes the focus itself
        elif choice.get("card"):
            pressed += _tab_to(page, lambda f: f["card"] == choice["card"])
        elif choice.get("family") is not None:
            pressed += _tab_to(page, lambda f: f["tag"] == "INPUT" and f["family"] == str(choice["family"]))
            page.keyboard.press("Control+A")
            page.keyboard.type(str(choice["n"]))
        else:
            pressed += _tab_to(page, lambda f: f["action"] == text)
        page.keyboard.press("Enter")
        tabs.append(pressed)
        answered += 1
        step = offer.step
        while table.match.taken <= step and time.monotonic() < deadline:
            time.sleep(0.01)
    assert _first_deal_over(table), f"the deal was not played in time: step {table.match.taken}"
    assert answered >= 6 and {"discard", "play"} <= kinds, (answered, kinds)
    # No decision is reached by Tabbing down from the top of the page: a few presses at most, among its own controls.
    assert max(tabs) <= 6, tabs  # at worst past the other cards of a six-card hand
    _assert_fits(page, at_least=answered)
    page.context.close()


def test_two_people_lay_away_at_once_and_the_one_who_answered_is_told_whom_the_crib_waits_for(browser, server, lobby):
    import collections

    import httpx

    from muggins.projection import order_free_group

    links = httpx.post(server + "/api/tables", json={"game": "cribbage_muggins", "players": 3, "seed": 4, "pace": 0,
                                                     "seats": ["human", "human", "novice"], "rules": {"target": 61}}).json()
    table = lobby.tables[links["table"]]
    group = order_free_group(table.match.state)
    pages = {0: _join(browser, "laptop", links["seats"][0]["url"], "Anna"), 1: _join(browser, "laptop", links["seats"][1]["url"], "Ben")}
    for page in pages.values():  # both are offered the lay-away at once, before anyone has answered
        page.wait_for_selector(".card.playable")
        assert page.inner_text("#status") == "Your turn."
    later, first = sorted(pages, key=group.index, reverse=True)
    used: collections.Counter = collections.Counter()

    def lay_away(seat):
        deadline = time.monotonic() + 10
        while not _answer_on_page(pages[seat], "laptop", table, seat, lambda offer: str(offer.decision.choices[0]), used):
            assert time.monotonic() < deadline, f"seat {seat}'s page never offered its lay-away"
            time.sleep(0.02)

    lay_away(later)
    waiting = "Ben" if later == 0 else "Anna"
    pages[later].wait_for_function(f"document.getElementById('status').innerText.endsWith('waiting for {waiting}.')")
    _shot(pages[later], "web-lay-away-together-laptop.png")
    assert pages[later].inner_text("#status").startswith("You answered “lay away ")  # the novice's answer is held already
    assert table.match.taken == 0 and table.session.together() == [first]
    assert pages[first].inner_text("#status") == "Your turn."
    chips = pages[later].locator("#seats li.to-act")
    assert chips.count() == 1 and waiting in chips.inner_text()
    lay_away(first)
    deadline = time.monotonic() + 10
    while table.match.taken < 3 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert [seat for seat, _ in table.match.writer.record.decisions[:3]] == list(group)  # then laid away in seat order
    for page in pages.values():
        _assert_fits(page)
        page.context.close()


@pytest.mark.parametrize("size", ["laptop"])  # the phone size: the shedding hand below and the whole cribbage match
def test_one_person_plays_a_fishing_deal_on_the_page_and_claims_a_forgotten_pair(browser, server, lobby, size):
    import httpx

    links = httpx.post(server + "/api/tables", json={"game": "willughby_fishing", "players": 5, "seed": 14, "pace": 0,
                                                     "seats": ["human"] + ["novice:forget_rate=0.9,attention=0"] * 4,
                                                     "rules": {"deals": 1}}).json()
    table = lobby.tables[links["table"]]
    page = _join(browser, size, links["seats"][0]["url"], "Dora")
    shot = {"taken": False}

    def pick(offer):
        right = _right_answer(offer)
        if right == "claim" and not shot["taken"]:
            shot["taken"] = True
            _shot(page, f"web-table-fishing-{size}.png")
            _axe(page, f"a fishing table mid-play on a {size}")
        return right

    used = _play_on_pages(table, {0: page}, size, pick, lambda t: t.over)
    assert shot["taken"], "the person had nothing to claim"
    page.wait_for_function("document.getElementById('status').textContent.includes('over')")
    assert page.inner_text("#deal") == "The deal was seed 14, chosen by the host."  # the test chose it: nothing committed
    _axe(page, f"a finished fishing table on a {size}")
    _assert_fits(page, at_least=10)
    assert used["card taps"] >= 1 and used["buttons"] > 5, used  # a capture is a tap on the hand's card; claims are buttons
    page.context.close()


@pytest.mark.parametrize("size", ["phone"])  # the laptop size: the fishing deal above and the whole cribbage match
def test_two_people_play_a_shedding_hand_on_their_pages_and_one_calls_muggins_on_the_others_wrong_move(browser, server, lobby, size):
    import httpx

    # One hand, cut short (a drawn hand) after 20 cards turned: the wrong move and the call come in the first few turns.
    links = httpx.post(server + "/api/tables", json={"game": "muggins_shedding", "players": 3, "seed": 4, "pace": 0, "host_seat": 0,
                                                     "seats": ["human", "human", "novice:error_rate=0.2"],
                                                     "rules": {"hands": 1, "turn_limit": 20}}).json()
    table = lobby.tables[links["table"]]
    pages = {0: _join(browser, size, links["host"], "Anna"), 1: _join(browser, size, links["seats"][1]["url"], "Ben")}
    state = {"wrong_played": False, "called": False}

    def pick(offer):
        decision = offer.decision
        texts = [str(c) for c in decision.choices]
        if offer.seat == 0 and not state["wrong_played"] and decision.kind != "respond":
            wrong = [t for t in texts if t not in {str(c) for c in decision.correct}]
            if wrong:
                state["wrong_played"] = True
                return wrong[0]
        chosen = str(decision.correct[0])
        if offer.seat == 1 and chosen != str(decision.standing) and decision.kind == "respond" and not state["called"]:
            _shot(pages[1], f"web-table-shedding-{size}.png")
            _axe(pages[1], f"a shedding table mid-play on a {size}")
            state["called"] = True
        return chosen

    used = _play_on_pages(table, pages, size, pick, lambda t: t.over)
    assert state["wrong_played"] and state["called"]
    assert used["card taps"] >= 2 and used["destination taps"] >= 1, used  # a turned card is tapped, then its pile
    record = table.match.writer.record
    calls = [ev for step in record.events for ev in step if ev.get("type") == "call" and ev.get("seat") == 1 and ev.get("against") == 0]
    assert calls and calls[0]["upheld"]
    for page in pages.values():
        page.wait_for_function("document.getElementById('status').textContent.includes('over')")
        assert "muggins" in page.locator("#narration").text_content().lower() and "Anna" in page.locator("#narration").text_content()
        _assert_fits(page, at_least=10)
    _axe(pages[1], f"a finished shedding table on a {size}")
    for page in pages.values():
        page.context.close()


def test_a_page_whose_link_is_refused_says_why_and_stops_and_the_lobby_form_bounds_a_searchs_iterations(browser, server, lobby):
    import httpx

    from muggins_web.bots import WEB_OPTION_MAX

    page = _page(browser, "laptop")
    page.goto(server + "/")
    page.select_option("#game", "muggins_shedding")
    page.select_option('[data-seat="1"]', "search")
    iterations = page.locator('[data-option="1"][name="iterations"]')
    assert iterations.get_attribute("max") == str(WEB_OPTION_MAX[("search", "iterations")])
    links = httpx.post(server + "/api/tables", json={"game": "muggins_shedding", "seats": ["human"], "seed": 3}, timeout=30).json()
    page.goto(f"{server}/table/{links['table']}#not-a-token-of-its")
    page.wait_for_function("document.getElementById('status').textContent.includes('will not try again')")
    said = page.inner_text("#status")
    assert said.startswith("This table cannot be opened: this link's token is not one of this table's.") and "reconnecting" not in said
    page.context.close()


def test_a_busy_refusal_is_tried_again_ever_more_slowly_until_a_frame_comes_and_a_gone_table_is_not_tried_again(browser, server, lobby):
    # The server accepts a refused connection before closing it (so the page sees `open` every time): the wait must
    # not start again on `open`, only once a frame has come. The page's clock is Playwright's, moved on by hand.
    import httpx

    links = httpx.post(server + "/api/tables", json={"game": "muggins_shedding", "players": 3, "seats": ["human"], "seed": 1, "start": "host"}).json()
    page = _page(browser, "laptop")
    page.clock.install(time=1_700_000_000_000)
    page.clock.pause_at(1_700_000_001_000)  # time stands still but for run_for
    plan = ["busy", "busy", "busy", "busy", "busy", "frame", "full", "gone"]
    attempts = []

    def answer(ws):
        what = plan[min(len(attempts), len(plan) - 1)]
        attempts.append(what)
        if what == "frame":
            ws.send(json.dumps(canned.cribbage_peg()))
            ws.close(code=4503, reason="this table holds its most spectators")
        elif what == "gone":
            ws.close(code=4404, reason="no such table on this server")
        else:
            ws.close(code=4429 if what == "busy" else 4503, reason="this link is open on its most")

    def after(count):  # the page has made `count` attempts and drawn what the last one's close says
        deadline = time.monotonic() + 20  # a bound for a failing test, not a speed
        while len(attempts) < count and time.monotonic() < deadline:
            page.wait_for_timeout(20)
        assert len(attempts) == count, attempts
        page.wait_for_function("document.getElementById('status').textContent.includes(' s…') || "
                               "document.getElementById('status').textContent.includes('will not try again')", polling=50)
        return page.inner_text("#status")

    page.route_web_socket("**/ws/**", answer)
    page.goto(links["seats"][0]["url"])
    waits = []
    for count, seconds in [(1, 1), (2, 2), (3, 4), (4, 8), (5, 8)]:
        said = after(count)
        waits.append(said)
        assert f"trying again in {seconds} s" in said, (count, waits)
        page.clock.run_for(seconds * 1000 - 100)
        page.wait_for_timeout(50)
        assert len(attempts) == count, f"attempt {count + 1} came before its {seconds} s wait"
        page.clock.run_for(100)
    # A frame came on the sixth: the next refusal waits a second again.
    assert "trying again in 1 s" in after(6)
    page.clock.run_for(1000)
    assert "trying again in 2 s" in after(7)
    page.clock.run_for(2000)
    said = after(8)
    assert said.startswith("This table cannot be opened: no such table on this server.") and said.endswith("This page will not try again.")
    page.clock.run_for(60_000)
    page.wait_for_timeout(100)
    assert len(attempts) == 8
    page.context.close()


def test_a_shedding_table_in_french_follows_the_browsers_language_and_its_switch_reloads_it_in_english_in_the_same_seat(browser, server, lobby):
    import httpx

    links = httpx.post(server + "/api/tables", json={"game": "muggins_shedding", "players": 3, "seed": 4, "pace": 0,
                                                     "seats": ["human", "novice", "novice"], "rules": {"hands": 1, "turn_limit": 12}}).json()
    table = lobby.tables[links["table"]]
    page = _page(browser, "phone", locale="fr-FR")  # the browser asks for French (Accept-Language: fr-FR)
    page.goto(links["seats"][0]["url"])
    page.wait_for_selector("#name-form:not([hidden])")
    assert page.get_attribute("html", "lang") == "fr" and page.inner_text("label[for=name-input]") == "Votre nom, tel que les autres le verront"
    page.fill("#name-input", "Anna")
    _press(page, "phone", page.get_by_role("button", name="Rejoindre"))
    page.wait_for_function("document.getElementById('name-form').hidden")
    _play_on_pages(table, {0: page}, "phone", _right_answer, lambda t: t.over)
    page.wait_for_function("document.getElementById('status').textContent.startsWith('La partie est finie')")
    narration = page.locator("#narration").text_content()
    assert "retourne" in narration and "Anna" in narration and " turned " not in narration, narration[:300]
    assert "Pile commune" in page.inner_text("#board") or "pile commune" in page.inner_text("#board").lower()
    assert page.inner_text("summary") == "Ce qui s’est passé" and page.inner_text("#who").startswith("Anna · joueur 0")
    # A counter reads as French writes a label and its value; a seat's box names its piles without the seat, in lower case.
    assert "donnes gagnées\u202f: 0" in page.inner_text("#seats"), page.inner_text("#seats")
    assert "joueur 1 un débutant" in page.inner_text("#seats")  # a bot's kind in words, not its spec
    board = page.inner_text("#board")
    assert "paquet fermé" in board and "Paquet fermé" not in board, board
    # The whole page as drawn, the story's every line included: no English word on it.
    assert language_words.foreign_words(page.evaluate("document.body.innerText").splitlines(), "fr") == {}
    _axe(page, "a shedding table in French")
    _assert_fits(page, at_least=3)
    _shot(page, "web-table-shedding-fr-phone.png")
    # The switch: the same seat's page in English, the name kept (not asked again), the cookie set for the next page.
    page.click("#language-switch")
    page.wait_for_function("document.documentElement.lang === 'en' && window.__checks && window.__checks.frames >= 1")
    page.wait_for_function("document.getElementById('status').textContent.startsWith('The match is over')")
    assert page.inner_text("#who").startswith("Anna · seat 0") and page.locator("#name-form").is_hidden()
    assert "turned" in page.locator("#narration").text_content() and page.inner_text("#language-switch") == "Français"
    assert language_words.foreign_words(page.evaluate("document.body.innerText").splitlines(), "en") == {}
    assert {c["name"]: c["value"] for c in page.context.cookies()}.get("muggins_lang") == "en"
    _assert_fits(page)
    page.context.close()


# -- over HTTPS: the real server with a certificate made for the test ----------------------------------------

def _serve_https(tmp_path):
    """`muggins serve` as a process over HTTPS, with a self-signed certificate for localhost made by openssl; (process, base URL)."""
    import subprocess
    import sys

    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-days", "1",
                    "-keyout", str(key), "-out", str(cert), "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
                   check=True, capture_output=True)
    env = {**os.environ, "MUGGINS_RECORDS": str(tmp_path / "records"), "MUGGINS_LOAD_PLUGINS": "muggins_web,muggins_shedding"}
    process = subprocess.Popen([sys.executable, "-m", "muggins_cli", "serve", "--port", "0", "--pace", "0",
                                "--certfile", str(cert), "--keyfile", str(key)],
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline()  # printed once the server listens
    if "serving on https://127.0.0.1:" not in line:
        process.kill()
        raise AssertionError(f"the server did not start over HTTPS: {line!r} {process.communicate(timeout=30)}")
    return process, line.split("serving on ")[1].split("/ ")[0]


def test_over_https_the_lobbys_links_are_https_the_table_plays_over_wss_and_the_language_cookie_is_secure(browser, tmp_path):
    process, base = _serve_https(tmp_path)
    try:
        page = _page(browser, "laptop", ignore_https_errors=True)
        sockets = []
        page.on("websocket", lambda ws: sockets.append(ws.url))
        answer = page.goto(base + "/")
        assert answer.headers["referrer-policy"] == "no-referrer"
        page.select_option("#game", "muggins_shedding")
        page.fill("#players", "3")
        page.dispatch_event("#players", "change")
        page.select_option('[data-seat="0"]', "human")
        page.select_option('[data-seat="1"]', "novice")
        page.select_option('[data-seat="2"]', "novice")
        page.fill("#pace", "0")
        page.get_by_role("button", name="Create the table").click()
        page.wait_for_selector("#created:not([hidden])")
        own = page.locator("#own-link a").get_attribute("href")
        shared = page.locator(".share-url").all_inner_texts()
        assert own.startswith(base + "/table/") and shared and all(url.startswith(base + "/table/") for url in shared), (own, shared)
        page.goto(own)
        page.wait_for_selector("#name-form:not([hidden])")
        page.fill("#name-input", "Anna")
        page.get_by_role("button", name="Join").click()
        page.wait_for_function("document.getElementById('name-form').hidden")
        on_table = page.locator(".share-url").all_inner_texts()  # the host's page builds its links from the base the server sends
        assert on_table and all(url.startswith(base + "/table/") for url in on_table), on_table
        page.get_by_role("button", name="Start the table").click()
        page.wait_for_function(f"(({PAGE_DECISION})() || {{live: 0}}).live > 0")
        step = int(page.evaluate(PAGE_DECISION)["step"])
        live = page.locator("#decision button:enabled, .card.playable:enabled")
        live.first.click()
        if page.locator(".zone.target:enabled").count():  # a card that may go to more than one place: then its place
            page.locator(".zone.target:enabled").first.click()
        # The match cannot pass a person's decision unanswered: a later step on the server is the answer taken, over wss.
        page.wait_for_function(f"fetch('/api/tables').then(r => r.json()).then(j => j.tables[0].step > {step})", polling=50)
        assert sockets and all(url.startswith("wss://127.0.0.1:") for url in sockets), sockets
        assert not page.errors, page.errors
        page.click("#language-switch")
        page.wait_for_function("document.documentElement.lang === 'fr'")
        [cookie] = [c for c in page.context.cookies() if c["name"] == "muggins_lang"]
        assert cookie["value"] == "fr" and cookie["secure"] and cookie["sameSite"] == "Lax"
        page.context.close()
    finally:
        process.kill()
        process.wait(timeout=30)


def test_a_finished_tables_end_links_to_its_replay_which_steps_forward_and_back_with_every_seats_cards_face_up(browser, server, lobby):
    import httpx

    links = httpx.post(server + "/api/tables", json={"game": "cribbage_muggins", "players": 2, "seats": ["random", "random"],
                                                     "rules": {"target": 61}}).json()
    table = lobby.tables[links["table"]]
    deadline = time.monotonic() + 60  # a bound for a failing test on a busy machine, not a speed
    while not table.over:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    replay = httpx.get(f"{server}/api/tables/{links['table']}/replay").json()
    before = {}
    for step in replay["steps"]:  # the zones sent as unchanged, put back as the page puts them
        step["layout"]["zones"] = [before[z["id"]] if z.get("same") else z for z in step["layout"]["zones"]]
        before = {z["id"]: z for z in step["layout"]["zones"]}
    page = _page(browser, "laptop")
    page.goto(links["spectate"])
    page.wait_for_selector("#end #look-back-link")  # the end screen's link, beside the way back to the lobby
    page.click("#look-back-link")
    page.wait_for_selector("#steps:not([hidden])")
    assert page.inner_text("#check") == "Deal commitment checked: the seed and nonce give the commitment shown at the start."
    last = len(replay["steps"]) - 1

    def shown(at):
        page.wait_for_function(f"location.hash === '#{at}'")
        assert page.inner_text("#where").startswith(f"Step {at} of {last}")
        step = replay["steps"][at]
        hands = [z for z in step["layout"]["zones"] if z["kind"] == "hand"]
        assert sorted(z["owner"] for z in hands) == [0, 1]
        for zone in hands:  # every seat's hand, face up, card for card
            drawn = page.locator(f'#board [data-zone="{zone["id"]}"] .card').evaluate_all("cards => cards.map(c => c.dataset.card || 'back')")
            assert drawn == zone["cards"], (at, zone)
        return step

    assert shown(0)["seat"] is None and sum(len(z["cards"]) for z in replay["steps"][0]["layout"]["zones"] if z["kind"] == "hand") == 12
    page.click("#next")
    page.keyboard.press("ArrowRight")
    step = shown(2)
    _shot(page, "web-replay-laptop.png")
    assert page.inner_text("#move") == f"seat {step['seat']} chose “{step['label']}”."
    page.keyboard.press("ArrowLeft")
    shown(1)
    page.keyboard.press("PageDown")  # the next deal: the server drew the deal, so a match of one deal goes to its end
    next_deal = replay["deals"][1] if len(replay["deals"]) > 1 else last
    shown(next_deal)
    if next_deal != last:
        page.click("#last")
    assert shown(last)["over"] and page.locator("#next").is_disabled()
    page.evaluate("window.__checkPage(null)")  # nothing wider than the screen
    assert page.evaluate("window.__checks.problems") == [] and not page.errors
    _axe(page, "a replay")
    page.context.close()


def test_at_the_end_the_host_is_offered_the_next_match_and_the_page_moves_into_it_on_its_own_link(browser, server, lobby):
    # The host's page at the end: the next match and the way back to the lobby, no bot to seat, no link to hand out.
    ended = {**canned.cribbage_peg(), "decision": None, "over": True, "to_act": None, "result": {"winners": [0]}, "host": True,
             "seats": canned._seats(["human", "human"], {0: "Anna", 1: "Ben"}, connected=(0, 1)),
             "links": {"seats": [{"seat": 0, "kind": "human", "url": "/table/canned#a"}, {"seat": 1, "kind": "human", "url": "/table/canned#b"}],
                       "spectate": "/table/canned", "base": server},
             "bot_kinds": [{"name": "expert", "words": "an expert"}, {"name": "novice", "words": "a novice"}]}
    page, sent = _canned_page(browser, server, lobby, "phone", ended)
    asked = []

    def begun(route):
        asked.append(json.loads(route.request.post_data))
        route.fulfill(status=200, content_type="application/json", body="{}")

    page.route("**/api/tables/*/again", begun)
    assert page.locator("#again").is_visible() and page.inner_text("#again") == "Play again"
    assert page.locator("#host").is_hidden() and page.get_by_role("button", name="seat this bot").count() == 0
    assert page.get_by_role("button", name="Copy link").count() == 0 and page.locator("#to-lobby").get_attribute("href") == "/"
    _axe(page, "the host's end of a match")
    _assert_fits(page)
    _press(page, "phone", page.locator("#again"))
    page.wait_for_function("document.getElementById('again').disabled")
    assert asked == [{"token": page.evaluate("location.hash.slice(1)")}]
    # The server begins the next match and closes this connection with 4000: the page opens its link again, at once.
    ended.update({"over": False, "result": None, "decision": canned.cribbage_peg()["decision"], "to_act": 0, "step": 1})
    page.evaluate("""window.__said = []; new MutationObserver(() => window.__said.push(document.getElementById('status').textContent))
      .observe(document.getElementById('status'), { childList: true, characterData: true, subtree: true })""")
    page.sockets[0].close(code=4000, reason="the next match has begun")
    page.wait_for_function("document.getElementById('end').hidden && document.getElementById('decision').dataset.step === '1'")
    assert len(page.sockets) == 2 and page.locator("#host").is_visible()
    assert page.evaluate("window.__said")[:2] == ["The next match has begun; joining it…", "Your turn."]  # not "connection lost"
    assert page.get_by_role("button", name="seat this bot").count() == 1
    # The bots the host may seat are choices in words; the kind's name is what is sent.
    choice = page.get_by_role("combobox", name="bot kind for seat 1")
    assert choice.locator("option").all_inner_texts() == ["an expert", "a novice"]
    choice.select_option("novice")
    _press(page, "phone", page.get_by_role("button", name="seat this bot"))
    deadline = time.monotonic() + 5
    while not any(m.get("type") == "seat_bot" for m in sent) and time.monotonic() < deadline:
        page.wait_for_timeout(20)
    assert {"type": "seat_bot", "seat": 1, "kind": "novice"} in sent, sent
    _assert_fits(page, at_least=2)
    page.context.close()

    # Anyone else's page: the host may begin it, this page will follow; the way back to the lobby.
    page, _sent = _canned_page(browser, server, lobby, "phone", {**ended, "host": False, "links": None, "over": True, "decision": None})
    assert page.locator("#again").count() == 0 and page.locator("#again-waiting").is_visible()
    assert page.get_by_role("link", name="Back to the lobby").count() == 1
    _assert_fits(page)
    page.context.close()
