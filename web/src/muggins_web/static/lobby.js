// The lobby: a form built from the installed games (seats, house rules), creating a table, handing out its links.
// The seat editor keeps what was chosen for each seat when the player count changes, and a seat switched to
// another kind keeps only the options that kind takes. A table whose seat 0 is a person's is the host's: the
// host's link is that seat's page with the host's controls, so the host plays from one tab. A game's installed house-rule
// plugins are switches, and the game's refusal of those left on is shown as soon as it is chosen.
import { escapeHtml } from "./cards.js";
import { shareList } from "./share.js";
import { lang, t, translatePage } from "./words.js";

const $ = (id) => document.getElementById(id);
let games = [];
let chosen = [];  // per seat: {kind, options: {name: value}, typed}, as last chosen for the current game

function current() {
  return games.find((g) => g.name === $("game").value);
}

function kindOf(game, name) {
  return game.kinds.find((k) => k.name === name);
}

// What a new seat starts as: seat 0 a person (the host), the others the game's default opponent, each of its
// options in the control the form has for it (a choice only when it offers that value), the rest typed.
function defaultSeat(game, seat) {
  if (seat === 0) return { kind: "human", options: {}, typed: "" };
  const [kind, typed = ""] = game.default_opponent.split(/:(.*)/s);
  const declared = kindOf(game, kind);
  const options = {};
  const rest = [];
  for (const part of typed.split(",").map((p) => p.trim()).filter(Boolean)) {
    const [name, value = ""] = part.split("=").map((p) => p.trim());
    const option = declared && declared.options.find((o) => o.name === name);
    const shown = option && (option.choices ? option.choices.some((c) => c.value === value) : option.type === "int" || option.type === "float");
    if (shown) options[name] = value;
    else rest.push(part);
  }
  return { kind, options, typed: rest.join(",") };
}

// Typed options ("error_rate=0.2, attention=0") less those the kind does not take.
function keptTyped(game, kindName, typed) {
  const kind = kindOf(game, kindName);
  const names = new Set(kind ? kind.options.map((o) => o.name) : []);
  return typed.split(",").map((part) => part.trim()).filter((part) => part && names.has(part.split("=")[0].trim())).join(",");
}

// The seat kind's options, each labelled by what it means: a chance, or an option whose values have words, as a
// choice among worded values (its default first chosen, sent as no option at all); any other number as a number
// input bounded as the server bounds it (a browser table's caps included, such as a search's iterations), so the
// form refuses an out-of-range value before it is sent. An option's name, what is typed for it, is its tooltip.
function optionInputs(game, kindName, seat, values) {
  const kind = kindOf(game, kindName);
  if (!kind) return "";
  return kind.options.filter((o) => o.choices || o.type === "int" || o.type === "float").map((o) => {
    const name = escapeHtml(o.name);
    const label = escapeHtml(o.label || o.name);
    if (o.choices) {
      const given = values[o.name] !== undefined ? String(values[o.name]) : "";
      const choices = o.choices.map((c) => `<option value="${escapeHtml(c.value)}"${c.value === given ? " selected" : ""}>${escapeHtml(c.label)}</option>`).join("");
      return `<label class="option">${label} <select data-option="${seat}" name="${name}" title="${name}">${choices}</select></label>`;
    }
    const bounds = (o.min !== null ? ` min="${o.min}"` : "") + (o.max !== null ? ` max="${o.max}"` : "");
    const step = o.type === "int" ? "1" : "any";
    const value = values[o.name] !== undefined ? ` value="${escapeHtml(values[o.name])}"` : "";
    return `<label class="option">${label} <input type="number" step="${step}"${bounds}${value} data-option="${seat}"
      name="${name}" placeholder="${escapeHtml(String(o.default))}" title="${name}"></label>`;
  }).join("");
}

// The seats as the form shows them now, kept so that redrawing (another player count) loses nothing.
function readChosen() {
  for (const select of document.querySelectorAll("[data-seat]")) {
    const seat = Number(select.dataset.seat);
    const options = {};
    for (const input of document.querySelectorAll(`[data-option="${seat}"]`)) if (input.value !== "") options[input.name] = input.value;
    chosen[seat] = { kind: select.value, options, typed: document.querySelector(`[data-options="${seat}"]`).value.trim() };
  }
}

function drawSeats() {
  const game = current();
  const count = Math.max(game.players.min, Math.min(game.players.max, Number($("players").value) || game.players.default));
  const box = $("seat-rows");
  // A change event comes again when the field loses focus: redrawing then would replace the input being typed in.
  if (box.childElementCount === count) return;
  readChosen();
  box.replaceChildren();
  for (let seat = 0; seat < count; seat++) {
    const state = chosen[seat] || (chosen[seat] = defaultSeat(game, seat));
    const row = document.createElement("div");
    row.className = "seat-row";
    const kinds = game.kinds.map((k) => `<option value="${escapeHtml(k.name)}"${k.name === state.kind ? " selected" : ""}>${escapeHtml(k.words || k.name)}</option>`).join("");
    row.innerHTML = `<div class="row"><label for="seat-kind-${seat}">${t("seat {seat}", { seat })}${seat === 0 ? ` ${t("(you, if a person)")}` : ""}</label>
      <select id="seat-kind-${seat}" data-seat="${seat}">${kinds}</select></div>
      <div class="options" data-option-inputs="${seat}"></div>
      <input data-options="${seat}" aria-label="${escapeHtml(t("seat {seat}'s other options", { seat }))}" placeholder="${escapeHtml(t("options, e.g. error_rate=0.2"))}">`;
    const select = row.querySelector("select");
    const typed = row.querySelector("[data-options]");
    const fill = () => {
      const kind = kindOf(game, select.value);
      const takes = kind && kind.options.length > 0;
      row.querySelector("[data-option-inputs]").innerHTML = optionInputs(game, select.value, seat, chosen[seat].options);
      typed.hidden = !takes;
      typed.value = chosen[seat].typed;
    };
    select.addEventListener("change", () => {
      if (select.value === chosen[seat].kind) return; // a change event for no change: nothing to redraw
      readChosen(); // the new kind, with the old kind's options, filtered below
      const kind = kindOf(game, select.value);
      const names = new Set(kind ? kind.options.map((o) => o.name) : []);
      const options = Object.fromEntries(Object.entries(chosen[seat].options).filter(([name]) => names.has(name)));
      chosen[seat] = { kind: select.value, options, typed: keptTyped(game, select.value, chosen[seat].typed) };
      fill();
    });
    box.append(row);
    fill();
  }
}

function ruleInput(rule) {
  const name = escapeHtml(rule.name);
  const id = `rule-${name}`;
  if (rule.choices) {
    const options = rule.choices.map((c) => `<option${c === rule.default ? " selected" : ""}>${escapeHtml(c)}</option>`).join("");
    return `<select id="${id}" data-rule="${name}" data-kind="choice">${options}</select>`;
  }
  if (typeof rule.default === "boolean") {
    return `<input id="${id}" type="checkbox" data-rule="${name}" data-kind="bool"${rule.default ? " checked" : ""}>`;
  }
  if (typeof rule.default === "number") {
    const bounds = (rule.min !== null ? ` min="${rule.min}"` : "") + (rule.max !== null ? ` max="${rule.max}"` : "");
    return `<input id="${id}" type="number" step="any" data-rule="${name}" data-kind="number" value="${rule.default}"${bounds}>`;
  }
  if (typeof rule.default === "string") {
    return `<input id="${id}" data-rule="${name}" data-kind="text" value="${escapeHtml(rule.default)}">`;
  }
  return `<input id="${id}" data-rule="${name}" data-kind="json" value="${escapeHtml(JSON.stringify(rule.default))}">`;
}

function drawRules() {
  const game = current();
  $("rules").innerHTML = game.rules.map((rule) =>
    `<label>${escapeHtml(rule.name)} ${ruleInput(rule)} <span class="muted">${escapeHtml(rule.type)}</span>
     <span class="rule-doc">${escapeHtml(rule.doc)}</span></label>`).join("");
}

// The house-rule plugins installed for the game, each a switch (on: in force), and the game's line when it refuses those
// in force, asked of the server as soon as the game is chosen and again at each switch, as `muggins list` shows it.
function drawHouseRules() {
  const game = current();
  const box = $("house-rules");
  if (!game.house_rules || !game.house_rules.length) {
    box.replaceChildren();
    box.hidden = true;
    return;
  }
  const switches = game.house_rules.map((plugin) => {
    const from = plugin.distribution ? ` <span class="muted">(${escapeHtml(plugin.distribution)}${plugin.version ? " " + escapeHtml(plugin.version) : ""})</span>` : "";
    return `<label><input type="checkbox" data-plugin="${escapeHtml(plugin.name)}" checked> ${escapeHtml(plugin.name)}${from}</label>`;
  }).join("");
  box.innerHTML = `<legend>${t("House-rule plugins (untick one to play without it)")}</legend>${switches}<p id="house-rule-refusal" class="errors" role="status"></p>`;
  box.hidden = false;
  for (const input of box.querySelectorAll("[data-plugin]")) input.addEventListener("change", checkHouseRules);
  checkHouseRules();
}

function readPluginSwitches() {
  const off = {};
  for (const input of document.querySelectorAll("[data-plugin]")) if (!input.checked) off[input.dataset.plugin] = false;
  return off;
}

let houseRulesAsked = 0;  // only the latest answer is shown: the switches may change again before an earlier one comes back
async function checkHouseRules() {
  const asked = ++houseRulesAsked;
  const line = $("house-rule-refusal");
  const body = { game: $("game").value, players: Number($("players").value), rules: readRules() };
  const response = await fetch(`/api/house-rules?lang=${lang}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const answer = await response.json();
  if (asked !== houseRulesAsked || !line) return;
  if (!response.ok) line.textContent = answer.error;
  else line.textContent = answer.refusal ? t("refused: {refusal} (untick a plugin to play without it)", { refusal: answer.refusal }) : "";
  line.dataset.checked = "true";
}

function drawGame() {
  const game = current();
  const players = $("players");
  players.min = game.players.min;
  players.max = game.players.max;
  players.value = game.players.default;
  chosen = [];
  $("seat-rows").replaceChildren();
  drawSeats();
  drawRules();
  drawHouseRules();
}

function readRules() {
  const game = current();
  const rules = {};
  for (const input of document.querySelectorAll("[data-rule]")) {
    const rule = game.rules.find((r) => r.name === input.dataset.rule);
    let value;
    switch (input.dataset.kind) {
      case "bool": value = input.checked; break;
      case "number": value = input.value === "" ? input.value : Number(input.value); break;
      case "json": try { value = JSON.parse(input.value); } catch { value = input.value; } break;
      default: value = input.value;
    }
    if (JSON.stringify(value) !== JSON.stringify(rule.default)) rules[rule.name] = value;
  }
  const off = readPluginSwitches();
  if (Object.keys(off).length) rules.plugins = off;  // a rules file's [plugins] table: NAME = false switches a plugin off
  return rules;
}

function readSeats() {
  return [...document.querySelectorAll("[data-seat]")].map((select) => {
    const seat = select.dataset.seat;
    const numbers = [...document.querySelectorAll(`[data-option="${seat}"]`)].filter((i) => i.value !== "").map((i) => `${i.name}=${i.value}`);
    const typedInput = document.querySelector(`[data-options="${seat}"]`);
    const typed = typedInput.hidden ? "" : typedInput.value.trim();
    const named = new Set(numbers.map((n) => n.split("=")[0]));
    const rest = typed.split(",").map((p) => p.trim()).filter((p) => p && !named.has(p.split("=")[0].trim()));
    const options = [...numbers, ...rest].join(",");
    return options ? `${select.value}:${options}` : select.value;
  });
}

async function create(event) {
  event.preventDefault();
  $("errors").textContent = "";
  const seats = readSeats();
  const body = { game: $("game").value, players: Number($("players").value), seats, rules: readRules(), pace: Number($("pace").value),
    checks: $("checks").value, start: $("start").value };
  if (seats[0] === "human") body.host_seat = 0; // the host plays seat 0 and hosts from its page
  const response = await fetch(`/api/tables?lang=${lang}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const answer = await response.json();
  if (!response.ok) {
    $("errors").textContent = answer.error;
    return;
  }
  showLinks(answer);
  listTables();
}

function showLinks(answer) {
  const hostToken = answer.host.split("#")[1].split(".").pop();
  const own = $("own-link");
  const hostDoes = answer.started ? t("seat a bot for someone gone") : t("start the table once everyone has joined, seat a bot for someone gone");
  if (answer.host_seat !== null && answer.host_seat !== undefined) {
    const link = `<a href="${escapeHtml(answer.host)}">${t("Open your seat (seat {seat})", { seat: answer.host_seat })}</a>`;
    own.innerHTML = `<p class="own-link">${t("{link}: you play from it and host the table there ({does}). The links for your friends are on that page too.", { link, does: hostDoes })}</p>`;
  } else {
    const link = `<a href="${escapeHtml(answer.host)}">${t("Open the host's page")}</a>`;
    own.innerHTML = `<p class="own-link">${t("{link} ({does}).", { link, does: hostDoes })}</p>`;
  }
  const entries = answer.seats.filter((s) => s.url && s.seat !== answer.host_seat)
    .map((s) => ({ seat: s.seat, title: t("Link for {who}", { who: t("seat {seat}", { seat: s.seat }) }), url: s.url }));
  entries.push({ seat: null, title: t("Link for spectators"), url: answer.spectate });
  $("links").replaceChildren(shareList(entries, { tableId: answer.table, hostToken }));
  $("created").hidden = false;
}

async function listTables() {
  const { tables } = await (await fetch("/api/tables")).json();
  $("tables").innerHTML = tables.map((table) => {
    const state = table.stopped ? t("stopped") : table.over ? t("over") : !table.started ? t("waiting to start") : t("step {step}", { step: table.step });
    const seats = table.seats.map((s) => `${s.seat}: ${escapeHtml(s.name || s.kind_words || s.kind.split(":")[0])}${s.connected ? " ●" : ""}`).join(", ");
    // A finished match opens as a replay too, every hand face up (replay.js).
    const back = table.over ? ` · <a href="/replay/${escapeHtml(table.table)}">${t("look back")}</a>` : "";
    return `<li><a href="/table/${escapeHtml(table.table)}">${escapeHtml(table.title || table.game)}</a> (${state}${back}) ${seats}</li>`;
  }).join("") || `<li class=muted>${t("none yet")}</li>`;
}

async function start() {
  games = (await (await fetch(`/api/games?lang=${lang}`)).json()).games;
  $("game").innerHTML = games.map((g) => `<option value="${escapeHtml(g.name)}">${escapeHtml(g.title)}</option>`).join("");
  $("game").addEventListener("change", drawGame);
  // A count of players can be what a house-rule plugin refuses: asked again whenever it changes.
  const seatsAndRules = () => { drawSeats(); if (current().house_rules && current().house_rules.length) checkHouseRules(); };
  $("players").addEventListener("change", seatsAndRules);
  $("players").addEventListener("input", () => { if ($("players").checkValidity()) seatsAndRules(); });
  $("new-table").addEventListener("submit", create);
  drawGame();
  listTables();
}

translatePage();
start();
