// The replay page: a finished match step by step, every hand face up, from GET /api/tables/ID/replay (the server plays
// the record again with the game and gives each step's table as every seat together saw it, with its narration).
// At the top, the server's check of the deal's commitment; then buttons (first, previous deal, previous, next, next
// deal, last), a deal picker and the keys (left and right one step, Page Up and Page Down one deal, Home and End).
// The step shown is in the address (#12), so a reload or a shared link opens it again. Its own words come from the
// catalogue in the page's language (words.js); the game's come worded by the server in the same language.
import { drawBack, drawCard, escapeHtml, withNames, withSuits } from "./cards.js";
import { drawScoreTrack } from "./track.js";
import { lang, t, tn, translatePage } from "./words.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
let replay = null;   // the server's answer, each step's layout made whole again
let at = 0;          // the step shown (0: the set-up)

async function load() {
  let response;
  try {
    response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/replay?lang=${encodeURIComponent(lang)}`);
  } catch (error) {
    $("problem").textContent = t("The replay cannot be shown: {reason}", { reason: String(error) });
    return;
  }
  const answer = await response.json();
  if (!response.ok) {
    $("problem").textContent = t("The replay cannot be shown: {reason}", { reason: answer.error || response.status });
    return;
  }
  replay = answer;
  wholeLayouts(replay.steps);
  drawOnce();
  if (!replay.steps.length) return; // a record that parts from the game at its very deal: the check and the problem say so
  drawControls();
  const asked = Number.parseInt(location.hash.slice(1), 10);
  show(Number.isInteger(asked) ? clamp(asked) : 0);
}

// The server sends a zone unchanged since the step before as {id, same: true}: each is put back from that step.
function wholeLayouts(steps) {
  let before = new Map();
  for (const step of steps) {
    if (!step.layout || !Array.isArray(step.layout.zones)) { before = new Map(); continue; }
    step.layout.zones = step.layout.zones.map((zone) => (zone.same ? before.get(zone.id) : zone)).filter(Boolean);
    before = new Map(step.layout.zones.map((zone) => [zone.id, zone]));
  }
}

function clamp(index) {
  return Math.max(0, Math.min(replay.steps.length - 1, index));
}

function names() {
  const known = {};
  for (const s of replay.seats) if (s.name) known[s.seat] = s.name;
  return known;
}

function words(text) {
  return withNames(withSuits(text), names());
}

function who(seat) {
  const found = replay.seats.find((s) => s.seat === seat);
  return found && found.name ? found.name : t("seat {seat}", { seat });
}

function whoAll(list) {
  const all = list.map(who);
  return all.length > 1 ? t("{list} and {last}", { list: all.slice(0, -1).join(", "), last: all[all.length - 1] }) : all.join("");
}

// What does not change from step to step: the title, the deal's check, the outcome.
function drawOnce() {
  const title = replay.title || replay.game;
  $("title").textContent = `${t("Looking back over the match")} · ${title}`;
  document.title = `${title} · ${t("muggins replay")}`;
  const deal = replay.deal || {};
  const check = $("check");
  check.textContent = deal.line || "";
  check.className = `check ${deal.checked === true ? "ok" : deal.checked === false ? "failed" : "none"}`;
  const code = (text) => `<code>${escapeHtml(text)}</code>`;
  $("deal").innerHTML = deal.commitment
    ? t("Commitment {commitment}, seed {seed}, nonce {nonce}.", { commitment: code(deal.commitment), seed: code(deal.seed), nonce: code(deal.nonce) })
    : t("Seed {seed}.", { seed: code(deal.seed) });
  const winners = replay.result && Array.isArray(replay.result.winners) ? replay.result.winners : [];
  $("outcome").textContent = winners.length ? t("The match is over: {winners} won.", { winners: whoAll(winners) }) : t("The match is over.");
  if (replay.problem) $("problem").textContent = t("The replay stops early: {problem}", { problem: replay.problem });
}

// The buttons, the deal picker and the keys.
function drawControls() {
  $("deal-pick").replaceChildren(...replay.deals.map((start, n) => {
    const option = document.createElement("option");
    option.value = String(start);
    option.textContent = t("Deal {n}", { n: n + 1 });
    return option;
  }));
  $("deal-pick").addEventListener("change", () => show(Number($("deal-pick").value)));
  $("first").addEventListener("click", () => show(0));
  $("previous").addEventListener("click", () => show(at - 1));
  $("next").addEventListener("click", () => show(at + 1));
  $("last").addEventListener("click", () => show(replay.steps.length - 1));
  $("previous-deal").addEventListener("click", () => show(dealStart(-1)));
  $("next-deal").addEventListener("click", () => show(dealStart(1)));
  document.addEventListener("keydown", pressed);
  $("steps").hidden = false;
}

// The first step of the next deal (`way` 1), or of this deal, or of the one before when at its first step already (-1).
function dealStart(way) {
  const starts = replay.deals;
  if (way > 0) return starts.find((start) => start > at) ?? replay.steps.length - 1;
  return [...starts].reverse().find((start) => start < at) ?? 0;
}

const KEYS = {
  ArrowRight: () => at + 1, ArrowLeft: () => at - 1, Home: () => 0, End: () => replay.steps.length - 1,
  PageDown: () => dealStart(1), PageUp: () => dealStart(-1),
};

function pressed(event) {
  const go = KEYS[event.key];
  if (!go || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest && event.target.closest("select, input, textarea")) return; // a picker's own arrows
  event.preventDefault();
  show(go());
}

function show(index) {
  at = clamp(index);
  const step = replay.steps[at];
  history.replaceState(null, "", `${location.pathname}${location.search}#${at}`);
  const last = replay.steps.length - 1;
  const deals = replay.deals.length;
  $("where").textContent = `${t("Step {n} of {total}", { n: at, total: last })} · ${t("deal {n} of {total}", { n: step.deal + 1, total: deals })}`;
  $("deal-pick").value = String(replay.deals[step.deal] ?? 0);
  for (const id of ["first", "previous", "previous-deal"]) $(id).disabled = at === 0;
  for (const id of ["next", "last", "next-deal"]) $(id).disabled = at === last;
  $("move").innerHTML = step.seat === null || step.seat === undefined
    ? t("The cards are dealt.")
    : t("{who} chose “{choice}”.", { who: `<strong>${escapeHtml(who(step.seat))}</strong>`, choice: words(step.label || step.action) });
  $("lines").replaceChildren(...(step.lines || []).map((line) => {
    const item = document.createElement("li");
    item.innerHTML = words(line);
    return item;
  }));
  const standings = step.standings || [];
  $("banners").replaceChildren(...standings.slice(-1).map((lines) => {
    const box = document.createElement("div");
    box.className = "banner";
    box.innerHTML = words(lines.join("\n"));
    return box;
  }));
  drawTrack(step);
  drawTable(step);
  document.dispatchEvent(new CustomEvent("muggins:replay-drawn", { detail: { at, step } }));
}

// The score track as the table draws it (track.js: the peg board for a track of style "pegs").
function drawTrack(step) {
  const nameOf = (key) => (/^\d+$/.test(key) ? who(Number(key)) : /^\d+(\+\d+)+$/.test(key) ? whoAll(key.split("+").map(Number)) : key);
  drawScoreTrack(step.layout && step.layout.track, $("track"), nameOf);
}

// The table: the shared zones and counters, then one box per seat with its zones, every card that any seat saw face up.
function drawTable(step) {
  const board = $("board");
  const text = $("table-text");
  const layout = step.layout;
  if (!layout || !Array.isArray(layout.zones)) {
    board.hidden = true;
    text.replaceChildren(...(step.renders || []).map((render, seat) => {
      const block = document.createElement("pre");
      block.className = "table-text";
      block.setAttribute("aria-label", who(seat));
      block.innerHTML = words(render);
      return block;
    }));
    return;
  }
  text.replaceChildren();
  const shared = (owned) => owned.owner === null || owned.owner === undefined;
  const parts = [];
  const counters = (layout.counters || []).filter(shared);
  if (counters.length) parts.push(counterList(counters));
  parts.push(...layout.zones.filter(shared).map((zone) => drawZone(zone)));
  const owners = [...new Set(layout.zones.filter((z) => !shared(z)).map((z) => z.owner))];
  for (const owner of owners) {
    const group = document.createElement("div");
    group.className = "seat-zones";
    group.dataset.owner = owner;
    const head = document.createElement("div");
    head.className = "seat-zones-name";
    head.textContent = who(owner);
    if (step.to_act === owner) group.classList.add("to-act");
    const theirs = (layout.counters || []).filter((c) => c.owner === owner);
    group.append(head, ...(theirs.length ? [counterList(theirs)] : []), ...layout.zones.filter((z) => z.owner === owner).map((zone) => drawZone(zone)));
    parts.push(group);
  }
  board.replaceChildren(...parts);
  board.hidden = parts.length === 0;
}

function counterList(counters) {
  const list = document.createElement("ul");
  list.className = "counters";
  list.innerHTML = counters.map((c) => `<li>${t("{label}: {value}", { label: words(c.label), value: `<strong>${escapeHtml(c.value)}</strong>` })}</li>`).join("");
  return list;
}

function drawZone(zone) {
  const box = document.createElement("div");
  box.className = `zone kind-${zone.kind}`;
  box.dataset.zone = zone.id;
  const count = Number(zone.count) || 0;
  const head = document.createElement("div");
  head.className = "zone-label";
  head.innerHTML = `${words(zone.label || zone.kind)}${count ? ` <span class="zone-count">· ${tn("{n} card", "{n} cards", count, { n: count })}</span>` : ""}`;
  const row = document.createElement("div");
  row.className = `cards${(zone.kind === "hand" || zone.kind === "field") && zone.cards !== null ? " spread" : " stack"}`;
  if (zone.cards === null) {
    for (let n = 0; n < Math.min(count, 3); n++) row.append(drawBack());
  } else {
    if (count > zone.cards.length) row.append(drawBack()); // a pile shows its top cards over the rest
    for (const code of zone.cards) row.append(drawCard(code));
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

translatePage();
load();
