// The table page: one websocket for this link's seat (or a spectator), drawing each frame the server sends.
// With the frame's `layout` the table is drawn as cards (zones, counters, a score track), and a choice that moves
// a card is a tap on that card (then on its destination when it has several), and one that moves several cards
// at once (a two-card lay-away) is tapping those cards, each marked as picked, then its one button; without a
// layout, the game's `render` text is shown, wrapped. A family of choices that differ by a number is one number picker; every other choice
// is a button. The host's link (a seat's page with the host's controls, or the host's alone) also starts the
// table, hands out the seats' links (copy, QR code), seats bots for people gone, and closes the table. Once the
// match is over every page offers the way back to the lobby, and the host's the next match with the same seats and
// links: each page open on the finished match is then closed with NEXT_MATCH and opens its link again.
// Its own words come from the catalogue in the page's language (words.js); the game's come in the frames, worded
// by the server in the same language.
import { cardName, cardText, drawBack, drawCard, escapeHtml, replaceSeats, withNames, withSuits } from "./cards.js";
import { shareList } from "./share.js";
import { drawScoreTrack } from "./track.js";
import { lang, t, tn, translatePage } from "./words.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
const token = location.hash.slice(1);
const hostToken = token.includes(".") ? token.split(".")[1] : token; // the host's half of SEAT.HOST, or the host's own link
let socket = null;
let last = null;        // the latest update frame
let seats = [];         // the latest seats list (names, who is connected)
let isHost = false;
let links = null;       // the table's links, sent to the host's page alone
let botKinds = [];      // the bots the host may seat at a person's place: {name, words}, sent to the host's page alone
let lines = [];         // the narration so far, as the game wrote it (names are put in when drawn)
let latest = [];        // the lines since this seat's last answer (a spectator's last few), shown under the status
let fresh = 0;          // how many of them the latest frame brought
let banner = null;      // the end-of-deal banner: {lines, step}, until a frame of a later step
let windowEnds = null;  // performance.now() at which the open window's timer lets the move stand
let selected = null;    // the card tapped whose choice still needs its destination
let picked = [];        // the cards tapped, in order, towards a choice that moves several at once
let pickedStep = null;  // the decision they were picked for: a new one starts with none picked
let thinking = null;    // the bot seat said to be thinking, until the next frame
let note = "";          // what the connection says (lost, busy, refused), shown over everything else
// The wait before connecting again: a second, doubled at each try up to LONGEST_WAIT, and a second again only once a
// frame has come (a refusing server accepts before it closes, so `open` says nothing about being let in).
const FIRST_WAIT = 1000;
const LONGEST_WAIT = 8000;
let wait = FIRST_WAIT;
const MAX_LINES = 300;
const MAX_LATEST = 40;  // a spectator, or a seat with nothing to answer for long, is shown the most recent
const HELLO_LATEST = 6; // a tab that (re)connects is told the last few again
const NEXT_MATCH = 4000; // the close code of a finished match's connections once the next match at the table has begun

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}${query}`);
  socket.addEventListener("message", (message) => {
    if (note) { note = ""; drawStatus(); }
    wait = FIRST_WAIT;
    receive(JSON.parse(message.data));
  });
  socket.addEventListener("close", (event) => {
    if (event.code === NEXT_MATCH) { // the same link, at once: the table's id and tokens are the next match's too
      note = t("The next match has begun; joining it…");
      drawStatus();
      connect();
      return;
    }
    const refusal = REFUSED[event.code];
    if (refusal) { // the server will say the same again: trying again would only repeat it
      note = t("{refusal} This page will not try again.", { refusal: refusal(event.reason) });
      drawStatus();
      return;
    }
    const seconds = Math.round(wait / 1000);
    if (event.code === 4503 || event.code === 4429) {
      note = t("The server is busy ({reason}); trying again in {seconds} s…", { reason: event.reason || t("too many connections"), seconds });
    } else note = t("connection lost; reconnecting…");
    drawStatus();
    setTimeout(connect, wait);
    wait = Math.min(wait * 2, LONGEST_WAIT);
  });
}

// Close codes the server sends when it will never take this link (docs/web.md), in plain words.
const REFUSED = {
  4404: (reason) => t("This table cannot be opened: {reason}. The table may have ended and been cleared away, or the link was copied wrongly; ask the host for a new one.",
    { reason: reason || t("the link is not one of this server's tables") }),
  1008: (reason) => t("The server refused this page: {reason}.", { reason: reason || t("it takes connections from its own pages only") }),
};

function send(message) {
  socket.send(JSON.stringify(message));
}

function receive(frame) {
  switch (frame.type) {
    case "hello":
      isHost = Boolean(frame.host);
      links = frame.links || null;
      botKinds = frame.bot_kinds || [];
      lines = [];
      latest = [];
      banner = null;
      selected = null;
      picked = [];
      draw(frame);
      askName(frame);
      break;
    case "update":
      draw(frame);
      break;
    case "seats":
      seats = frame.seats;
      redraw();
      break;
    case "thinking":
      thinking = frame.seat;
      drawStatus();
      break;
    case "error":
      $("error").textContent = frame.error;
      break;
  }
}

// -- names --------------------------------------------------------------------
// The seat numbers people gave names to, and what to call them.
function names() {
  const known = {};
  for (const s of seats) if (s.name) known[s.seat] = s.name;
  return known;
}

function words(text) {
  return withNames(withSuits(text), names());
}

// The same as plain text (an accessible name), not HTML.
function plainWords(text) {
  const known = names();
  return replaceSeats(String(text), (seat) => known[seat]);
}

function who(seat) {
  const s = seats.find((x) => x.seat === seat);
  if (s && s.name) return s.name;
  return t("seat {seat}", { seat });
}

function whoAll(list) {
  const named = list.map((seat) => (last && seat === last.seat ? t("you") : who(seat)));
  return named.length <= 1 ? named.join("") : t("{list} and {last}", { list: named.slice(0, -1).join(", "), last: named[named.length - 1] });
}

function nameKey(seat) {
  return `muggins:name:${tableId}:${seat}`;
}

// A seat's page asks its person's name once (remembered in this browser for this table), and says it again to
// a server that has forgotten it.
function askName(frame) {
  if (frame.seat === null) return;
  const given = (seats.find((s) => s.seat === frame.seat) || {}).name;
  let kept = null;
  try { kept = localStorage.getItem(nameKey(frame.seat)); } catch { kept = null; }
  if (kept && kept !== given) send({ type: "name", name: kept });
  else if (!kept && given) remember(frame.seat, given);
  else if (!kept && !given) showNameForm();
}

function remember(seat, name) {
  try {
    localStorage.setItem(nameKey(seat), name);
    localStorage.setItem("muggins:name", name);
  } catch { /* a browser that keeps nothing asks again next time */ }
}

function showNameForm() {
  const form = $("name-form");
  const input = $("name-input");
  if (!input.value) {
    try { input.value = localStorage.getItem("muggins:name") || ""; } catch { input.value = ""; }
  }
  form.hidden = false;
}

$("name-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const name = $("name-input").value.trim();
  if (!name || !last || last.seat === null) return;
  send({ type: "name", name });
  remember(last.seat, name);
  $("name-form").hidden = true;
});

// -- drawing a frame ----------------------------------------------------------
function draw(frame) {
  // The server leaves out what this page was last sent: a zone that did not change ({id, same: true}), the seats.
  if (frame.layout && Array.isArray(frame.layout.zones) && last && last.layout) {
    const before = new Map((last.layout.zones || []).map((zone) => [zone.id, zone]));
    frame.layout.zones = frame.layout.zones.map((zone) => (zone.same ? before.get(zone.id) : zone)).filter(Boolean);
  }
  last = frame;
  seats = frame.seats || seats;
  thinking = null;
  $("error").textContent = "";
  if (frame.decision === null || frame.decision === undefined) selected = null;
  if (!frame.decision || frame.step !== pickedStep) picked = [];
  pickedStep = frame.step;
  windowEnds = frame.window && frame.pace > 0 && frame.window_left !== null && frame.window_left !== undefined
    ? performance.now() + frame.window_left * 1000 : (frame.window && frame.pace > 0 ? performance.now() + frame.pace * 1000 : null);
  fresh = 0;
  if (frame.lines && frame.lines.length) {
    lines.push(...frame.lines);
    if (lines.length > MAX_LINES) lines.splice(0, lines.length - MAX_LINES);
    // What happened stays in sight until this seat answers again: every settlement, claim and deal end is read
    // before the next decision takes its place (a tab that reconnects is told the last few again).
    latest.push(...(frame.type === "hello" ? frame.lines.slice(-HELLO_LATEST) : frame.lines));
    if (latest.length > MAX_LATEST) latest.splice(0, latest.length - MAX_LATEST);
    fresh = Math.min(frame.lines.length, latest.length);
  }
  // The end-of-deal banner stands until the next decision is taken: by then the next deal's scores are the truth.
  // A hello's standings are of deals long gone (its events are the history), so it shows none.
  const standings = frame.type === "hello" ? [] : frame.standings || [];
  if (standings.length) banner = { lines: standings[standings.length - 1], step: frame.step };
  else if (banner && frame.step !== banner.step) banner = null;
  redraw();
}

// Everything drawn again from the latest frame and seats list (a name given, someone joined, a card tapped).
function redraw() {
  if (!last) return;
  const frame = last;
  const focus = focusHeld();
  const title = frame.title || frame.game;
  $("title").textContent = title;
  document.title = `${title} · muggins`;
  const mine = seats.find((s) => s.seat === frame.seat);
  $("who").textContent = frame.seat === null ? (isHost ? t("you host this table") : t("watching"))
    : t("{name} · seat {seat}", { name: mine && mine.name ? mine.name : t("you"), seat: frame.seat }) + (isHost ? ` · ${t("host")}` : "");
  drawSeats(frame);
  drawTrack(frame);
  const moves = cardMoves(frame);
  const tappable = drawLayout(frame, moves);
  drawDecision(frame, moves, tappable);
  drawNarration();
  drawBanner();
  drawEnd(frame);
  drawHost();
  drawDeal(frame);
  drawTiming(frame);
  drawStatus();
  focusKept(focus, frame);
  measureStuck();
  // Said once the page shows the frame: the browser tests check every frame's page from it.
  document.dispatchEvent(new CustomEvent("muggins:drawn", { detail: { frame } }));
}

function drawNarration() {
  const list = $("narration");
  list.replaceChildren(...lines.map((line) => {
    const item = document.createElement("li");
    item.innerHTML = words(line);
    return item;
  }));
  list.scrollTop = list.scrollHeight;
  const since = $("latest");
  since.replaceChildren(...latest.map((line, index) => {
    const item = document.createElement("li");
    item.innerHTML = words(line);
    if (index >= latest.length - fresh) item.className = "new";
    return item;
  }));
  since.scrollTop = since.scrollHeight; // the newest in sight; the earlier ones since the last answer a scroll up
}

function drawBanner() {
  if (!banner) { $("banners").replaceChildren(); return; }
  const box = document.createElement("div");
  box.className = "banner";
  box.innerHTML = words(banner.lines.join("\n"));
  $("banners").replaceChildren(box);
}

// The commitment to the deal, shown from the start, and what it was a commitment to once the match is over, with
// how to check it: the seed could not have been chosen after the commitment was shown.
function drawDeal(frame) {
  const box = $("deal");
  const deal = frame.deal;
  if (!deal || typeof deal !== "object") { box.replaceChildren(); return; }
  const hex = typeof deal.commitment === "string" ? deal.commitment : null;
  const revealed = deal.seed !== undefined && deal.seed !== null;
  const code = (text) => `<code>${escapeHtml(text)}</code>`;
  let html;
  if (!hex) {
    html = revealed ? t("The deal was seed {seed}, chosen by the host.", { seed: code(deal.seed) })
      : t("The deal's seed was chosen by the host: nothing was committed to.");
  } else if (revealed && deal.nonce) {
    html = t("The deal was committed to {commitment}: seed {seed}, nonce {nonce}. To check it with this match's record: {command}", {
      commitment: code(hex), seed: code(deal.seed), nonce: code(deal.nonce),
      command: code(`muggins replay --verify FILE --commitment ${hex}`),
    });
  } else {
    html = t("Deal committed: {commitment}", { commitment: `<code title="${escapeHtml(hex)}">${escapeHtml(hex.slice(0, 12))}…</code>` });
  }
  box.innerHTML = html;
}

// How long a challenge stays open at this table, and whether one that asks for a check (its decision `waits`)
// waits for every answer or closes after those seconds too, as the host chose.
function drawTiming(frame) {
  const pace = frame.pace;
  let text = "";
  if (typeof pace === "number") {
    const seconds = pace.toLocaleString(lang);
    if (pace <= 0) text = t("Challenges wait for every answer.");
    else if (frame.checks === "timed") text = t("Challenges close after {seconds} s, those that ask for a check too.", { seconds });
    else text = t("Challenges close after {seconds} s; those that ask for a check wait for every answer.", { seconds });
  }
  $("timing").textContent = text;
}

// The seat chips: who plays (a person's name, a bot's kind), their score where the layout counts one, whose
// turn it is, every seat an open window still waits for, and every seat still to answer where all decide at once.
function drawSeats(frame) {
  const playing = frame.started !== false && !frame.over && !frame.stopped;
  const together = frame.together || [];
  const waiting = new Set(!playing ? [] : frame.window ? frame.responders || [] : together.length ? together
    : frame.to_act === null ? [] : [frame.to_act]);
  const scores = {};
  for (const counter of (frame.layout && frame.layout.counters) || []) {
    if (counter.owner !== null && counter.owner !== undefined) (scores[counter.owner] ||= []).push(counter);
  }
  $("seats").replaceChildren(...seats.map((s) => {
    const item = document.createElement("li");
    const away = s.human && !s.connected && !s.stand_in;
    item.className = [waiting.has(s.seat) ? (frame.window ? "may-answer" : "to-act") : "", away ? "away" : "",
      s.seat === frame.seat ? "you" : ""].filter(Boolean).join(" ");
    // A person by their name; a bot by its seat (as the narration says it) and its kind, without its options.
    const kind = s.stand_in ? t("{kind} plays", { kind: s.stand_in_words || s.stand_in.split(":")[0] }) : s.human ? (s.seat === frame.seat ? t("you") : "") : s.kind_words || s.kind.split(":")[0];
    const name = s.human ? (s.name || t("seat {seat}", { seat: s.seat })) : t("seat {seat}", { seat: s.seat });
    const quiet = waiting.has(s.seat) && frame.window;
    const mark = waiting.has(s.seat) ? (frame.window ? t("may answer") : t("to play")) : away ? t("away") : "";
    const counted = (scores[s.seat] || []).map((c) => t("{label}: {value}", { label: escapeHtml(c.label), value: escapeHtml(c.value) })).join(" · ");
    item.innerHTML = `<span class="chip-name">${escapeHtml(name)}</span>` +
      (kind ? ` <span class="chip-kind">${escapeHtml(kind)}</span>` : "") +
      (counted ? ` <span class="chip-score">· ${counted}</span>` : "") +
      // "may answer" is said by the chip's colour (and to a screen reader), or five chips would each be a line.
      (mark ? ` <span class="chip-mark${quiet ? " quiet" : ""}">${escapeHtml(mark)}</span>` : "");
    if (!s.human) item.title = s.kind_said || s.kind; // the bot's options in words
    return item;
  }));
}

// The score track (track.js), each seat or side named as this reader calls it.
function drawTrack(frame) {
  drawScoreTrack(frame.layout && frame.layout.track, $("track"), (key) => trackName(frame, key));
}

// A track's key said as people: a seat ("you", a name) or a side of several seats ("0+2": "you and Ben").
function trackName(frame, key) {
  if (/^\d+$/.test(key)) return Number(key) === frame.seat ? t("you") : who(Number(key));
  if (/^\d+(\+\d+)+$/.test(key)) return whoAll(key.split("+").map(Number));
  return key;
}

// The choices that move a card, by the card's code (only while this seat has a decision to answer).
function cardMoves(frame) {
  const moves = new Map();
  if (!frame.decision || !frame.layout) return moves;
  for (const choice of frame.decision.choices) {
    if (!choice.card) continue;
    if (!moves.has(choice.card)) moves.set(choice.card, []);
    moves.get(choice.card).push(choice);
  }
  return moves;
}

// The choices that move several cards at once, by each of their cards' codes (a card is in many: 5♥ with 6♣,
// 5♥ with 7♦…), while this seat has a decision to answer.
function groupMoves(frame) {
  const groups = new Map();
  if (!frame.decision || !frame.layout) return groups;
  for (const choice of frame.decision.choices) {
    for (const code of Array.isArray(choice.cards) ? choice.cards : []) {
      if (!groups.has(code)) groups.set(code, []);
      groups.get(code).push(choice);
    }
  }
  return groups;
}

// The choice whose cards are exactly those picked (in any order), or null.
function pickedChoice(frame) {
  if (!picked.length || !frame.decision) return null;
  return frame.decision.choices.find((c) => Array.isArray(c.cards) && c.cards.length === picked.length
    && c.cards.every((code) => picked.includes(code))) || null;
}

// The table as zones of cards; the seat's own zones go under the decision, near the thumbs. Returns the codes of
// the cards drawn as taps (a choice whose card is nowhere on the table stays a button).
function drawLayout(frame, moves) {
  const layout = frame.layout;
  const board = $("board");
  const mine = $("mine");
  const text = $("table-text");
  const tappable = new Set();
  if (!layout || !Array.isArray(layout.zones)) {
    board.hidden = true;
    mine.hidden = true;
    text.hidden = false;
    text.innerHTML = words(frame.render || "");
    return tappable;
  }
  text.hidden = true;
  const targets = destinations(frame, moves);
  const groups = groupMoves(frame);
  const own = (zone) => frame.seat !== null && zone.owner === frame.seat;
  const shared = (zone) => zone.owner === null || zone.owner === undefined;
  const drawn = (zone, compact = false) => drawZone(zone, frame, moves, groups, targets, tappable, compact);
  const parts = [];
  const counters = ((layout.counters) || []).filter((c) => c.owner === null || c.owner === undefined);
  if (counters.length) {
    const list = document.createElement("ul");
    list.className = "counters";
    list.innerHTML = counters.map((c) => `<li>${t("{label}: {value}", { label: words(c.label), value: `<strong>${escapeHtml(c.value)}</strong>` })}</li>`).join("");
    parts.push(list);
  }
  parts.push(...layout.zones.filter(shared).map((zone) => drawn(zone)));
  // The other seats' zones, one small box per seat (its hand, its collection, its discard…), so that five
  // players' tables fit a phone's first screen with the cards that matter drawn full size.
  const owners = [...new Set(layout.zones.filter((z) => !shared(z) && !own(z)).map((z) => z.owner))];
  for (const owner of owners) {
    const group = document.createElement("div");
    group.className = "seat-zones";
    group.dataset.owner = owner;
    const head = document.createElement("div");
    head.className = "seat-zones-name";
    head.textContent = who(owner);
    // An empty hand says nothing a seat's box needs (the shedding game's hands hold a card only while it is placed).
    const shown = layout.zones.filter((z) => z.owner === owner && !(z.kind === "hand" && !Number(z.count) && !(targets && targets[z.id])));
    group.append(head, ...shown.map((zone) => drawn(zone, true)));
    parts.push(group);
  }
  board.replaceChildren(...parts);
  board.hidden = parts.length === 0;
  // The seat's own hand first (big); an empty hand is left out, and the seat's collection is drawn small beside it.
  const ownZones = layout.zones.filter((z) => own(z) && !(z.kind === "hand" && !Number(z.count) && !(targets && targets[z.id])))
    .sort((a, b) => (a.kind === "hand" ? -1 : 0) - (b.kind === "hand" ? -1 : 0));
  // Its other zones (a collection, a stock, a discard) small, a line each: the hand and the decision share the bottom.
  mine.replaceChildren(...ownZones.map((zone) => drawn(zone, zone.kind !== "hand")));
  mine.hidden = ownZones.length === 0;
  return tappable;
}

// Where the tapped card may go, when it may go to more than one zone: {zone id: choice}.
function destinations(frame, moves) {
  if (!selected || !moves.has(selected)) return null;
  const choices = moves.get(selected);
  const zones = new Set((frame.layout.zones || []).map((z) => z.id));
  const byZone = {};
  for (const choice of choices) {
    if (!choice.to || !zones.has(choice.to) || byZone[choice.to]) return null; // not told apart by where it goes
    byZone[choice.to] = choice;
  }
  return byZone;
}

const SPREAD = new Set(["hand", "field"]);

function drawZone(zone, frame, moves, groups, targets, tappable, compact = false) {
  const target = targets && targets[zone.id];
  const box = document.createElement(target ? "button" : "div");
  box.className = `zone kind-${zone.kind}${target ? " target" : ""}${compact ? " compact" : ""}${frame.seat !== null && zone.owner === frame.seat ? " own" : ""}`;
  box.dataset.zone = zone.id;
  const count = Number(zone.count) || 0;
  let label = zone.owner === frame.seat && frame.seat !== null && zone.kind === "hand" ? t("Your hand") : zone.label;
  if (compact) label = withoutSeat(label) || (zone.kind === "hand" ? t("hand") : zone.kind); // the box names the seat
  if (compact && zone.owner === frame.seat) label = t("your {zone}", { zone: label });
  if (target) {
    box.type = "button";
    box.setAttribute("aria-label", t("{card} to {zone}", { card: cardName(selected), zone: plainWords(zone.label) }));
    box.addEventListener("click", () => act(last.step, target.text));
  }
  const head = document.createElement("div");
  head.className = "zone-label";
  const counted = !count ? "" : compact ? String(count) : `· ${tn("{n} card", "{n} cards", count, { n: count })}`;
  head.innerHTML = `${words(label)}${counted ? ` <span class="zone-count">${counted}</span>` : ""}`;
  const row = document.createElement("div");
  const own = frame.seat !== null && zone.owner === frame.seat;
  // Another seat's backs and collection are small; its cards shown face up (a hand laid out to be counted) are not.
  const size = own && zone.kind === "hand" ? "big" : compact && (zone.cards === null || zone.kind === "collection") ? "small" : "";
  const spread = SPREAD.has(zone.kind) && zone.cards !== null;
  row.className = `cards${spread ? " spread" : " stack"}`;
  if (zone.cards === null) {
    // Face down: a few backs stand for the lot, and the count says how many.
    for (let n = 0; n < Math.min(count, compact ? 2 : 3); n++) row.append(drawBack({ size }));
  } else {
    if (count > zone.cards.length) row.append(drawBack({ size })); // a pile shows its top cards over the rest
    for (const code of zone.cards) {
      const moving = !target && moves.has(code); // inside a zone that is itself a tap, a card is only a picture
      const grouped = !target && !moving && groups.has(code);
      const card = drawCard(code, { tappable: moving || grouped, size });
      if (moving) {
        tappable.add(code);
        card.classList.add("playable");
        if (moves.get(code).length > 1) card.setAttribute("aria-pressed", String(code === selected)); // picked up, awaiting where
        card.addEventListener("click", () => tapCard(code));
      } else if (grouped) {
        // A toggle (a button, so Enter and Space work from the keyboard): picked, or put back by tapping again.
        tappable.add(code);
        card.classList.add("playable", "pickable");
        card.setAttribute("aria-pressed", String(picked.includes(code)));
        card.addEventListener("click", () => pickCard(code));
      }
      row.append(card);
    }
  }
  if (!count && (zone.cards === null || !zone.cards.length)) {
    const empty = document.createElement("span");
    empty.className = "empty";
    empty.textContent = t("none");
    row.append(empty);
  }
  box.append(head, row);
  return box;
}

// A tap on a card that a choice moves: the choice, when the card goes to one place; else the card is picked up
// and the zones it may go to are drawn as taps (and the choices as buttons, for any the zones cannot tell apart).
function tapCard(code) {
  if (!last || !last.decision) return;
  const choices = cardMoves(last).get(code) || [];
  if (selected === code) {
    selected = null;
  } else if (choices.length === 1) {
    act(last.step, choices[0].text);
    return;
  } else {
    selected = code;
  }
  redraw();
  const first = document.querySelector(".zone.target, #choices button");
  if (first) first.focus();
}

// A tap on a card of a choice that moves several: it is picked, or put back when it was. The choice is then
// one button (not sent at once): the last card tapped could be a slip, and laying cards away cannot be undone.
function pickCard(code) {
  if (!last || !last.decision) return;
  selected = null;
  // No more cards picked than a choice moves: a card too many is not picked (the hint says to put one back).
  const most = Math.max(0, ...last.decision.choices.map((c) => (Array.isArray(c.cards) ? c.cards.length : 0)));
  if (picked.includes(code)) picked = picked.filter((c) => c !== code);
  else if (picked.length < most) picked = [...picked, code];
  redraw();
  const again = document.querySelector(`.card.pickable[data-card="${code}"]`);
  const ready = document.querySelector("#choices button.picked");
  (ready || again)?.focus();
}

// "(type 0-29)" is the terminal's word for its prompt; here the choice is a button or a number picker.
function promptText(prompt) {
  return prompt.replace(/\s*\(type [^)]*\)\s*$/, "");
}

function drawDecision(frame, moves, tappable) {
  const decision = frame.decision;
  const box = $("decision");
  if (!decision) {
    box.hidden = true;
    drawCountdown(null);
    return;
  }
  box.hidden = false;
  box.dataset.step = frame.step;
  box.classList.toggle("window", Boolean(frame.window));
  let prompt = words(promptText(decision.prompt));
  const families = (decision.families || []).filter((f) => decision.choices.some((c) => c.family === f.id));
  const inFamily = (choice) => choice.family !== undefined && choice.family !== null && families.some((f) => f.id === choice.family);
  // A choice that moves several cards, all of them drawn as taps, is made by picking them: no button of its own.
  const byPicking = (c) => Array.isArray(c.cards) && c.cards.length > 0 && c.cards.every((code) => tappable.has(code));
  const listed = decision.choices.filter(byPicking);
  let buttons = decision.choices.filter((c) => !inFamily(c) && !(c.card && tappable.has(c.card)) && !byPicking(c));
  // The choice that lets the move stand first: a claim is never the first thing under a thumb.
  buttons = [...buttons.filter((c) => c.text === decision.standing), ...buttons.filter((c) => c.text !== decision.standing)];
  const ready = pickedChoice(frame);
  if (ready) {
    buttons = [ready, ...buttons];
    prompt += ` <span class="hint">${t("Tap a card again to put it back.")}</span>`;
  } else if (listed.length) {
    const sizes = [...new Set(listed.map((c) => c.cards.length))];
    const many = sizes.length === 1 ? tn("{n} card", "{n} cards", sizes[0], { n: sizes[0] }) : t("the cards");
    const left = picked.length ? " " + t("({cards} picked)", { cards: picked.map(cardText).map(escapeHtml).join(" ") }) : "";
    prompt += ` <span class="hint">${t("Tap {cards} to choose them{picked}.", { cards: many, picked: left })}</span>`;
  } else if (selected && moves.has(selected)) {
    prompt += ` <span class="hint">${t("{card}: where to? Tap where it goes, or tap it again to put it back.", { card: escapeHtml(cardText(selected)) })}</span>`;
    buttons = [...moves.get(selected), ...buttons.filter((c) => !moves.get(selected).includes(c))];
  } else if (tappable.size) {
    // A card that may go to several places is tapped, then where it goes; "play" would be wrong for a lay-away.
    const several = [...tappable].some((code) => (moves.get(code) || []).length > 1);
    prompt += ` <span class="hint">${several ? t("Tap a card, then where it goes.") : t("Tap a card to choose it.")}</span>`;
  }
  $("prompt").innerHTML = prompt;
  $("families").replaceChildren(...families.map((family) => drawFamily(frame, family)));
  $("choices").replaceChildren(...buttons.map((choice) => {
    const button = document.createElement("button");
    button.type = "button";
    button.innerHTML = words(choice.label || choice.text);
    button.dataset.action = choice.text;
    if (frame.window && choice.text !== decision.standing) button.classList.add("claim");
    if (choice === ready) button.classList.add("picked");
    button.addEventListener("click", () => act(frame.step, choice.text));
    return button;
  }));
  if (listed.length) $("choices").append(drawAllChoices(frame, listed));
  drawCountdown(frame.window && frame.pace > 0 && (!decision.waits || frame.checks === "timed") ? decision : null);
  // The decision sticks to the bottom of the screen and the seats and status to the top (style.css); a new one
  // scrolled away from (the history read, the host's links) is brought back, never under the top (scroll-padding).
  if (box.dataset.shown !== String(frame.step)) {
    box.dataset.shown = String(frame.step);
    measureStuck();
    const act = $("act").getBoundingClientRect();
    if (act.bottom > innerHeight || act.top < $("top").offsetHeight) $("act").scrollIntoView({ block: "nearest" });
  }
}

// The choices made by picking cards, each as a button too, folded away: for whoever would rather read them
// than pick (a screen reader's list). `data-choice`, not `data-action`: the picked choice's button is the one.
function drawAllChoices(frame, listed) {
  const box = document.createElement("details");
  box.className = "all-choices";
  box.open = drawAllChoices.open || false;
  box.addEventListener("toggle", () => { drawAllChoices.open = box.open; });
  const summary = document.createElement("summary");
  summary.textContent = t("all {n} choices", { n: listed.length });
  const list = document.createElement("div");
  list.className = "all-choices-list";
  list.append(...listed.map((choice) => {
    const button = document.createElement("button");
    button.type = "button";
    button.innerHTML = words(choice.label || choice.text);
    button.dataset.choice = choice.text;
    button.addEventListener("click", () => act(frame.step, choice.text));
    return button;
  }));
  box.append(summary, list);
  return box;
}

// One number picker for choices that differ by a number ("muggins 1" … "muggins 29"): its words, the number
// (typed, or stepped with − and +) and a button saying the choice it makes.
function drawFamily(frame, family) {
  const members = new Map(frame.decision.choices.filter((c) => c.family === family.id).map((c) => [Number(c.n), c]));
  const form = document.createElement("form");
  form.className = "family";
  form.dataset.family = family.id;
  const id = `family-${family.id}`;
  form.innerHTML = `<label for="${id}">${words(family.label || family.words || t("number"))}</label>
    <span class="picker"><button type="button" class="step" aria-label="${t("one less")}">−</button>
    <input id="${id}" type="number" inputmode="numeric" min="${family.min}" max="${family.max}" step="1" value="${family.min}" required>
    <button type="button" class="step" aria-label="${t("one more")}">+</button></span>
    <button type="submit" class="go"></button>`;
  const input = form.querySelector("input");
  const go = form.querySelector(".go");
  // The number typed so far outlives a redraw and a reload of the same decision (this tab only).
  const key = `muggins:picker:${tableId}:${token}:${frame.step}:${family.id}`;
  let kept = null;
  try { kept = sessionStorage.getItem(key); } catch { kept = null; }
  if (kept !== null && kept !== "") input.value = kept;
  const keep = () => { try { sessionStorage.setItem(key, input.value); } catch { /* kept for this drawing only */ } };
  if (frame.window) go.classList.add("claim");
  const [less, more] = form.querySelectorAll(".step");
  const chosen = () => members.get(Number(input.value));
  const say = () => {
    const choice = chosen();
    go.disabled = !choice;
    go.innerHTML = choice ? words(/[A-Za-z]/.test(choice.label) ? choice.label : `${family.label || family.words} ${choice.label}`)
      : t("{min} to {max}", { min: escapeHtml(family.min), max: escapeHtml(family.max) });
    go.dataset.action = choice ? choice.text : "";
  };
  const nudge = (by) => {
    const next = Math.max(family.min, Math.min(family.max, (Number(input.value) || family.min) + by));
    input.value = String(next);
    keep();
    say();
  };
  less.addEventListener("click", () => nudge(-1));
  more.addEventListener("click", () => nudge(1));
  input.addEventListener("input", () => { keep(); say(); });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const choice = chosen();
    if (choice) act(frame.step, choice.text);
  });
  say();
  return form;
}

// The window's time left: the standing choice's own words ("let it be in 5 s") over a bar that empties.
function drawCountdown(decision) {
  const box = $("countdown");
  clearInterval(drawCountdown.timer);
  if (!decision || windowEnds === null) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const standing = decision.choices.find((c) => c.text === decision.standing);
  const wording = standing ? standing.label || standing.text : decision.standing || t("the move stands");
  const pace = last.pace * 1000;
  const fill = $("countdown-fill");
  const tick = () => {
    const left = Math.max(0, windowEnds - performance.now());
    $("countdown-text").innerHTML = t("{what} in {seconds} s", { what: words(wording), seconds: Math.ceil(left / 1000) });
    return left;
  };
  const left = tick();
  fill.getAnimations().forEach((a) => a.cancel());
  fill.animate([{ width: `${Math.min(100, (left / pace) * 100)}%` }, { width: "0%" }], { duration: left, fill: "forwards" });
  drawCountdown.timer = setInterval(tick, 250);
}

function act(step, action) {
  for (const control of document.querySelectorAll("#decision button, #decision input, .card.playable, .zone.target")) control.disabled = true;
  selected = null;
  picked = [];
  latest = []; // what is shown next is what follows this answer
  fresh = 0;
  send({ type: "act", step, action });
}

// -- what the page says -------------------------------------------------------
function drawStatus() {
  $("status").textContent = note || statusText();
}

function statusText() {
  const frame = last;
  if (!frame) return "";
  if (frame.stopped) return t("The match stopped: {why}", { why: frame.stopped });
  if (frame.started === false) {
    if (isHost) return t("Waiting for you to start the table: send your friends their links, then press start.");
    return t("Waiting for the host to start the table.");
  }
  if (frame.over) {
    const winners = frame.result && frame.result.winners ? frame.result.winners : [];
    return winners.length ? t("The match is over: {winners} won.", { winners: whoAll(winners) }) : t("The match is over.");
  }
  // An open window's responders, or the seats still to answer where all decide at once (never what they answered).
  const waitingFor = [...(frame.responders || []), ...(frame.together || [])].filter((s) => s !== frame.seat);
  if (frame.decision && frame.window) return t("You may answer.");
  if (frame.decision) return t("Your turn.");
  if (frame.answered) {
    const answer = frame.answered_label || frame.answered;
    return waitingFor.length ? t("You answered “{answer}”; waiting for {who}.", { answer, who: whoAll(waitingFor) })
      : t("You answered “{answer}”.", { answer });
  }
  if (frame.window && waitingFor.length) return t("A move is open to challenge: waiting for {who}.", { who: whoAll(waitingFor) });
  if (waitingFor.length) return t("Waiting for {who}.", { who: whoAll(waitingFor) });
  const seat = seats.find((s) => s.seat === frame.to_act);
  if (!seat) return "";
  if (thinking === seat.seat) return t("{who} is thinking…", { who: who(seat.seat) });
  if (seat.human && !seat.connected && !seat.stand_in) return t("Waiting for {who}, who is away.", { who: who(seat.seat) });
  if (!seat.human) return t("{who} ({kind}) to play.", { who: who(seat.seat), kind: seat.kind_words || seat.kind.split(":")[0] });
  return t("Waiting for {who}.", { who: who(seat.seat) });
}

// -- the host's controls ------------------------------------------------------
// On the host's page: start a table that waits for it (who has joined, by name, as they join), every seat's link
// with a copy button and a QR code to scan from a phone across the room, a bot for a person gone (and the seat
// given back), and closing the table. Drawn before the table while it waits, after it once play has begun.
function drawHost() {
  const box = $("host");
  // Once the match has ended (or stopped) there is no seat to give a bot or a link to hand out: the end says what next.
  box.hidden = !isHost || (last && (last.over || Boolean(last.stopped)));
  if (box.hidden || !last) return;
  const waiting = last.started === false && !last.stopped;
  // Once the table starts, its controls go below the play: the table is then shown from its top.
  if (!waiting && drawHost.waited) scrollTo(0, 0);
  drawHost.waited = waiting;
  // Moved only when it must be: a move takes the focus from the control a host is using.
  const play = document.querySelector(".play");
  if (waiting && box.nextElementSibling !== $("board")) $("board").before(box);
  if (!waiting && box.previousElementSibling !== play) play.after(box); // out of the play column: the decision stays its last
  const parts = [];
  const heading = document.createElement("h2");
  heading.textContent = t("Host");
  parts.push(heading);
  const people = seats.filter((s) => s.human);
  if (waiting) {
    const joined = document.createElement("ul");
    joined.id = "joined";
    joined.innerHTML = people.map((s) => {
      const name = s.seat === last.seat ? t("you") : personName(s, escapeHtml);
      return `<li class="${s.connected ? "joined" : "muted"}">${s.connected ? t("{name} joined", { name }) : t("{name} has not joined yet", { name })}</li>`;
    }).join("");
    const go = document.createElement("button");
    go.type = "button";
    go.id = "start";
    go.className = "primary";
    go.textContent = t("Start the table");
    go.addEventListener("click", () => send({ type: "start" }));
    parts.push(joined, go);
  }
  if (links) parts.push(drawLinks());
  for (const s of people.filter((p) => p.seat !== last.seat)) {
    const row = document.createElement("div");
    row.className = "bot-row";
    const name = personName(s, escapeHtml);
    if (s.stand_in) {
      row.innerHTML = `${t("{name}: {kind} plays", { name, kind: escapeHtml(s.stand_in_words || s.stand_in) })} <button type="button">${t("give the seat back")}</button>`;
      row.querySelector("button").addEventListener("click", () => send({ type: "give_back", seat: s.seat }));
    } else {
      const named = s.connected ? name : t("{name} (away)", { name });
      // The kinds as choices in words, their names the values sent (a page without them types a kind's name).
      const choice = botKinds.length
        ? `<select aria-label="${t("bot kind for seat {seat}", { seat: s.seat })}">${botKinds.map((k) => `<option value="${escapeHtml(k.name)}">${escapeHtml(k.words)}</option>`).join("")}</select>`
        : `<input value="expert" size="10" aria-label="${t("bot kind for seat {seat}", { seat: s.seat })}">`;
      row.innerHTML = `<label>${t("{name}: a bot plays", { name: named })} ${choice}</label> <button type="button">${t("seat this bot")}</button>`;
      row.querySelector("button").addEventListener("click", () => send({ type: "seat_bot", seat: s.seat, kind: row.querySelector("select, input").value }));
    }
    parts.push(row);
  }
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = t("Close the table");
  close.addEventListener("click", () => { if (confirm(t("Close this table for everyone?"))) send({ type: "close" }); });
  parts.push(close);
  box.replaceChildren(...parts);
}

// -- after the match -------------------------------------------------------------
// Every page: the way back to the lobby. The host's: the next match with the same seats, rules and links (a fresh
// deal); everyone else's: that the host may start it, and this page will join it by itself.
function drawEnd(frame) {
  const box = $("end");
  const ended = Boolean(frame.over || frame.stopped);
  box.hidden = !ended;
  if (!ended) { box.replaceChildren(); return; }
  const parts = [];
  if (frame.over && !frame.stopped) {
    if (isHost) {
      const again = document.createElement("button");
      again.type = "button";
      again.id = "again";
      again.className = "primary";
      again.textContent = t("Play again");
      again.addEventListener("click", () => playAgain(again));
      const what = document.createElement("p");
      what.className = "muted";
      what.textContent = t("The same game, rules, seats and links, with a fresh deal.");
      parts.push(again, what);
    } else {
      const waiting = document.createElement("p");
      waiting.id = "again-waiting";
      waiting.textContent = t("Waiting for the host: they may start another match with the same seats, and this page will join it by itself.");
      parts.push(waiting);
    }
  }
  if (frame.over && !frame.stopped) {  // its replay: every hand face up, step by step (replay.js)
    const look = document.createElement("a");
    look.id = "look-back-link";
    look.href = `/replay/${encodeURIComponent(tableId)}`;
    look.textContent = t("Look back over the match");
    parts.push(look);
  }
  const back = document.createElement("a");
  back.id = "to-lobby";
  back.href = "/";
  back.textContent = t("Back to the lobby");
  parts.push(back);
  box.replaceChildren(...parts);
}

async function playAgain(button) {
  button.disabled = true;
  let why = null;
  try {
    const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/again`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: hostToken }) });
    if (!response.ok) why = ((await response.json().catch(() => ({}))).error) || String(response.status);
  } catch (error) {
    why = String(error.message || error);
  }
  // Begun: this page's connection is closed with NEXT_MATCH and opens the next match.
  if (why !== null) {
    $("error").textContent = t("The next match could not begin: {why}", { why });
    button.disabled = false;
  }
}

const shownQr = new Set(); // the links whose QR code is open, kept across redraws

function drawLinks() {
  const base = links.base || location.origin;
  const entries = links.seats.filter((s) => s.url && s.seat !== last.seat).map((s) => {
    const person = seats.find((x) => x.seat === s.seat);
    return { seat: s.seat, title: t("Link for {who}", { who: personName(person || s, (x) => x) }), url: base + s.url };
  });
  entries.push({ seat: null, title: t("Link for spectators"), url: base + links.spectate });
  return shareList(entries, { tableId, hostToken, shown: shownQr });
}

// A person's seat as the host's controls name it: "Anna (seat 2)", or "seat 2"; `safe` makes the name safe for HTML.
function personName(s, safe) {
  return s.name ? t("{name} (seat {seat})", { name: safe(s.name), seat: s.seat }) : t("seat {seat}", { seat: s.seat });
}

// A zone's label less the seat it belongs to, in a box already named after that seat ("seat 2's discard": "discard").
function withoutSeat(label) {
  if (lang === "fr") return label.replace(/^(le )?joueur \d+\s*/i, "").replace(/^(la |le |les |l'|votre |vos )/i, "").replace(/\s+du joueur \d+$/i, "");
  return label.replace(/^(seat \d+('s)?|your)\s*/i, "");
}

// -- keyboard focus -------------------------------------------------------------
// A redraw replaces the decision's controls: focus that was on one of them (or on nothing) stays on the decision,
// on the same control where it is still there, else on the new decision's first one, so a keyboard player never
// Tabs from the top of the page again each turn.
const CONTROLS = "#act button:enabled:not(.step), #board .zone.target:enabled, #act input:enabled";

const FINE_POINTER = window.matchMedia("(pointer: fine)");

function focusHeld() {
  const active = document.activeElement;
  if (!active || active === document.body || active === document.documentElement) return { at: null, step: null };
  if (!$("act").contains(active) && !$("board").contains(active)) return null; // elsewhere (the host's controls, the history)
  const at = active.dataset.action ? `[data-action="${CSS.escape(active.dataset.action)}"]`
    : active.dataset.card ? `.card[data-card="${CSS.escape(active.dataset.card)}"]`
      : active.dataset.zone ? `.zone[data-zone="${CSS.escape(active.dataset.zone)}"]`
        : active.id ? `#${CSS.escape(active.id)}` : null;
  return { at, step: $("decision").dataset.step };
}

function focusKept(held, frame) {
  if (!held || !frame.decision) return;
  const active = document.activeElement;
  if (active && active !== document.body && document.contains(active) && !active.disabled) return; // still there
  const same = held.at && held.step === String(frame.step) ? document.querySelector(`#act ${held.at}, #board ${held.at}`) : null;
  // A number field is a first control only with a fine pointer: on a touch screen focusing it would raise the keyboard.
  const first = FINE_POINTER.matches ? CONTROLS : CONTROLS.split(", ").filter((c) => !c.includes("input")).join(", ");
  const next = same && !same.disabled ? same : document.querySelector(first);
  if (next) next.focus({ preventScroll: true });
}

// How tall the stuck top and bottom are, so that what focus or a link scrolls to is never under them.
function measureStuck() {
  document.documentElement.style.setProperty("--top-height", `${$("top").offsetHeight}px`);
  document.documentElement.style.setProperty("--act-height", `${$("act").offsetHeight}px`);
}
const stuck = new ResizeObserver(measureStuck);
stuck.observe($("top"));
stuck.observe($("act"));

// -- the history panel --------------------------------------------------------
// Open beside the table on a wide screen; on a phone a panel to open.
if (window.matchMedia("(min-width: 60rem)").matches) $("history").open = true;

translatePage();
connect();
