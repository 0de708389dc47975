"""The pages in headless Chromium (Debian's package, driven by Playwright): a table made from the lobby form, two people in their own browsers, a Muggins called from one screen on the other's wrong move.

Skipped, with one line saying why, where Playwright or Chromium cannot be
had; the server's logic is covered without a browser by the other tests.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time

import pytest

#: Set to a folder to keep screenshots of the pages (docs/web/ holds the ones docs/web.md shows).
SCREENSHOTS = os.environ.get("MUGGINS_SCREENSHOTS")
CHROMIUM = os.environ.get("MUGGINS_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"

playwright_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed; browser tests skipped")
if not os.path.exists(CHROMIUM):
    pytest.skip(f"Chromium not found at {CHROMIUM} (apt-get install chromium); browser tests skipped", allow_module_level=True)


@pytest.fixture
def server(lobby):
    """The app on a real port, served by uvicorn in a thread, with the test's lobby."""
    import uvicorn

    from muggins_web.app import create_app

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    running = uvicorn.Server(uvicorn.Config(create_app(lobby), host="127.0.0.1", port=port, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not running.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert running.started
    yield f"http://127.0.0.1:{port}"
    running.should_exit = True
    thread.join(timeout=10)


@pytest.fixture
def browser():
    with playwright_api.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


def _click_for(page, table, seat, pick):
    """If `seat`'s page shows a decision the server still offers, click the button `pick(offer)` names; True if it clicked."""
    box = page.locator("#decision")
    if box.is_hidden() or page.locator("#choices button:enabled").count() == 0:
        return False
    step = int(box.get_attribute("data-step"))
    offer = table.offers.get(seat)
    if offer is None or offer.step != step or offer.answer is not None:
        return False
    text = pick(offer)
    page.locator(f'#choices button[data-action="{text}"]').click()
    return True


def _play_in_browsers(table, page_of, pick, seconds=180):  # a bound for a failing test on a busy machine, not a speed
    """Click for every seat's page in turn until the match is over."""
    deadline = time.monotonic() + seconds
    while not table.over and time.monotonic() < deadline:
        clicked = False
        for seat, page in page_of.items():
            clicked = _click_for(page, table, seat, pick) or clicked
        if not clicked:
            time.sleep(0.01)
    assert table.over, f"the match did not finish in time: at step {table.match.taken}, offers {table.offers}"


def _open_seats(browser, server, lobby, request):
    """A table made through the API, and a page in a browser context of its own for each human seat."""
    import httpx

    links = httpx.post(server + "/api/tables", json=request).json()
    table = lobby.tables[links["table"]]
    page_of = {}
    for seat in links["seats"]:
        if seat["url"]:
            page = browser.new_context().new_page()
            page.goto(seat["url"])
            page_of[seat["seat"]] = page
    return table, page_of


def _right_answer(offer):
    return str(offer.decision.correct[0])


def _human_claims_upheld(table):
    """The claims people made that the game upheld, as (caller, against) pairs."""
    record = table.match.writer.record
    return [(ev["seat"], ev["against"]) for step in record.events for ev in step
            if ev.get("type") == "claim" and ev.get("upheld") and ev["seat"] in table.seat_tokens]


def test_two_people_and_a_bot_play_three_player_cribbage_to_61_with_a_muggins_claimed_from_a_browser(server, browser, lobby):
    table, page_of = _open_seats(browser, server, lobby, {"game": "cribbage_muggins", "players": 3, "seed": 12, "pace": 0,
                                                         "seats": ["human", "human", "novice:miss_rate=0.5"], "rules": {"target": 61}})
    assert sorted(page_of) == [0, 1]
    _play_in_browsers(table, page_of, _right_answer)
    record = table.match.writer.record
    muggins = [(seat, action) for seat, action in record.decisions if seat in (0, 1) and action.startswith("muggins")]
    assert muggins, "nobody called muggins from a browser"
    assert max(table.match.state.result().scores) >= 61
    narration = " ".join(page.inner_text("#narration") for page in page_of.values()).lower()
    assert "muggins" in narration


def test_one_person_claims_a_forgotten_pair_in_a_fishing_deal_from_a_browser(server, browser, lobby):
    table, page_of = _open_seats(browser, server, lobby, {"game": "willughby_fishing", "players": 5, "seed": 14, "pace": 0,
                                                         "seats": ["human"] + ["novice:forget_rate=0.9,attention=0"] * 4, "rules": {"deals": 1}})
    _play_in_browsers(table, page_of, _right_answer)
    assert [caller for caller, _ in _human_claims_upheld(table)], "the person claimed nothing"


def test_two_people_play_a_four_player_shedding_hand_from_their_browsers_and_one_calls_muggins_on_the_others_wrong_move(server, browser, lobby):
    lobby.pace = 0
    host = browser.new_page()
    host.goto(server + "/")
    host.select_option("#game", "muggins_shedding")
    host.fill("#players", "4")
    host.dispatch_event("#players", "change")
    host.locator("#players").blur()
    host.select_option('[data-seat="1"]', "human")
    host.fill('[data-options="1"]', "")
    host.fill("#pace", "0")
    host.select_option("#start", "now")  # the form's default waits for the host's start
    host.locator("#rules-box summary").click()
    host.fill('[data-rule="hands"]', "1")
    host.click("#new-table button[type=submit]")
    host.wait_for_selector("#created:not([hidden])")
    if SCREENSHOTS:
        host.screenshot(path=os.path.join(SCREENSHOTS, "web-lobby.png"), full_page=True)
    urls = [a.get_attribute("href") for a in host.locator("#links a").all()]
    seat_urls = [u for u in urls if "#" in u][:2]
    assert len(seat_urls) == 2
    (table,) = lobby.tables.values()
    assert table.kinds == ["human", "human", "novice:error_rate=0.2", "novice:error_rate=0.2"]
    assert table.match.state.rules.hands == 1

    pages = []
    for url in seat_urls:
        page = browser.new_context().new_page()
        page.goto(url)
        pages.append(page)
    page_of = {table.seat_for(url.split("#")[1]): page for url, page in zip(seat_urls, pages)}
    assert sorted(page_of) == [0, 1]
    page_of[0].wait_for_selector("#table-text:not(:empty)")
    assert "you are seat 0" in page_of[0].inner_text("#who")

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
        if offer.seat == 1 and chosen != str(decision.standing) and decision.kind == "respond":
            if SCREENSHOTS and not state["called"]:
                page_of[1].screenshot(path=os.path.join(SCREENSHOTS, "web-table-muggins.png"), full_page=True)
            state["called"] = True
        return chosen

    _play_in_browsers(table, page_of, pick)
    assert state["wrong_played"] and state["called"]
    record = table.match.writer.record
    calls = [ev for step in record.events for ev in step if ev.get("type") == "call" and ev.get("seat") == 1 and ev.get("against") == 0]
    assert calls and calls[0]["upheld"]
    for page in page_of.values():
        page.wait_for_function("document.getElementById('status').textContent.includes('over')")
        assert "Muggins" in page.inner_text("#narration") or "muggins" in page.inner_text("#narration").lower()
    assert "red" in page_of[0].inner_html("#table-text") or "red" in page_of[0].inner_html("#narration")


def test_a_page_whose_link_is_refused_says_why_and_stops_and_the_lobby_form_bounds_a_searchs_iterations(server, browser, lobby):
    import httpx

    from muggins_web.bots import WEB_OPTION_MAX

    page = browser.new_page()
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
