// The lobby: a form built from the installed games (seats, house rules), creating a table, listing tables.
import { escapeHtml } from "./cards.js";

const $ = (id) => document.getElementById(id);
let games = [];

function current() {
  return games.find((g) => g.name === $("game").value);
}

function kindOptions(game, chosen) {
  return game.kinds.map((k) => `<option value="${escapeHtml(k.name)}"${k.name === chosen ? " selected" : ""}>${escapeHtml(k.name)}</option>`).join("");
}

// A number input for each numeric option of the seat's kind, bounded as the server bounds it (a browser table's
// caps included, such as a search's iterations), so the form refuses an out-of-range value before it is sent.
function optionInputs(game, kindName, seat) {
  const kind = game.kinds.find((k) => k.name === kindName);
  if (!kind) return "";
  return kind.options.filter((o) => o.type === "int" || o.type === "float").map((o) => {
    const bounds = (o.min !== null ? ` min="${o.min}"` : "") + (o.max !== null ? ` max="${o.max}"` : "");
    const step = o.type === "int" ? "1" : "any";
    return `<label class="option">${escapeHtml(o.name)} <input type="number" step="${step}"${bounds} data-option="${seat}"
      name="${escapeHtml(o.name)}" placeholder="${escapeHtml(String(o.default))}" title="${escapeHtml(o.doc || "")}"></label>`;
  }).join("");
}

function drawSeats() {
  const game = current();
  const count = Number($("players").value);
  const box = $("seats");
  box.innerHTML = "<legend>Seats</legend>";
  const opponent = game.default_opponent.split(":")[0];
  for (let seat = 0; seat < count; seat++) {
    const chosen = seat === 0 ? "human" : opponent;
    const row = document.createElement("label");
    row.innerHTML = `seat ${seat} <select data-seat="${seat}">${kindOptions(game, chosen)}</select>
      <span data-option-inputs="${seat}">${optionInputs(game, chosen, seat)}</span>
      <input data-options="${seat}" placeholder="options, e.g. error_rate=0.2" value="${seat === 0 ? "" : escapeHtml(game.default_opponent.split(":")[1] || "")}">`;
    const select = row.querySelector("select");
    select.addEventListener("change", () => {
      row.querySelector("[data-option-inputs]").innerHTML = optionInputs(game, select.value, seat);
    });
    box.append(row);
  }
}

function ruleInput(rule) {
  const name = escapeHtml(rule.name);
  if (rule.choices) {
    const options = rule.choices.map((c) => `<option${c === rule.default ? " selected" : ""}>${escapeHtml(c)}</option>`).join("");
    return `<select data-rule="${name}" data-kind="choice">${options}</select>`;
  }
  if (typeof rule.default === "boolean") {
    return `<input type="checkbox" data-rule="${name}" data-kind="bool"${rule.default ? " checked" : ""}>`;
  }
  if (typeof rule.default === "number") {
    const bounds = (rule.min !== null ? ` min="${rule.min}"` : "") + (rule.max !== null ? ` max="${rule.max}"` : "");
    return `<input type="number" step="any" data-rule="${name}" data-kind="number" value="${rule.default}"${bounds}>`;
  }
  if (typeof rule.default === "string") {
    return `<input data-rule="${name}" data-kind="text" value="${escapeHtml(rule.default)}">`;
  }
  return `<input data-rule="${name}" data-kind="json" value="${escapeHtml(JSON.stringify(rule.default))}">`;
}

function drawRules() {
  const game = current();
  $("rules").innerHTML = game.rules.map((rule) =>
    `<label>${escapeHtml(rule.name)} ${ruleInput(rule)} <span class="muted">${escapeHtml(rule.type)}</span>
     <div class="rule-doc">${escapeHtml(rule.doc)}</div></label>`).join("");
}

function drawGame() {
  const game = current();
  const players = $("players");
  players.min = game.players.min;
  players.max = game.players.max;
  players.value = game.players.default;
  drawSeats();
  drawRules();
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
  return rules;
}

function readSeats() {
  return [...document.querySelectorAll("[data-seat]")].map((select) => {
    const seat = select.dataset.seat;
    const numbers = [...document.querySelectorAll(`[data-option="${seat}"]`)].filter((i) => i.value !== "").map((i) => `${i.name}=${i.value}`);
    const typed = document.querySelector(`[data-options="${seat}"]`).value.trim();
    const options = [...numbers, ...(typed ? [typed] : [])].join(",");
    return options ? `${select.value}:${options}` : select.value;
  });
}

async function create(event) {
  event.preventDefault();
  $("errors").textContent = "";
  const body = { game: $("game").value, players: Number($("players").value), seats: readSeats(), rules: readRules(), pace: Number($("pace").value), start: $("start").value };
  const response = await fetch("/api/tables", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const answer = await response.json();
  if (!response.ok) {
    $("errors").textContent = answer.error;
    return;
  }
  const items = answer.seats.filter((s) => s.url).map((s) => `<li>seat ${s.seat}: <a href="${escapeHtml(s.url)}">${escapeHtml(s.url)}</a></li>`);
  items.push(`<li>spectators: <a href="${escapeHtml(answer.spectate)}">${escapeHtml(answer.spectate)}</a></li>`);
  const hostDoes = answer.started ? "seat a bot for someone gone" : "start the table once everyone has joined; seat a bot for someone gone";
  items.push(`<li>host (${hostDoes}): <a href="${escapeHtml(answer.host)}">${escapeHtml(answer.host)}</a></li>`);
  $("links").innerHTML = items.join("");
  $("created").hidden = false;
  listTables();
}

async function listTables() {
  const { tables } = await (await fetch("/api/tables")).json();
  $("tables").innerHTML = tables.map((t) => {
    const state = t.stopped ? "stopped" : t.over ? "over" : !t.started ? "waiting to start" : `step ${t.step}`;
    const seats = t.seats.map((s) => `${s.seat}: ${escapeHtml(s.kind)}${s.connected ? " ●" : ""}`).join(", ");
    return `<li><a href="/table/${escapeHtml(t.table)}">${escapeHtml(t.game)}</a> (${state}) ${seats}</li>`;
  }).join("") || "<li class=muted>none yet</li>";
}

async function start() {
  games = (await (await fetch("/api/games")).json()).games;
  $("game").innerHTML = games.map((g) => `<option value="${escapeHtml(g.name)}">${escapeHtml(g.title)}</option>`).join("");
  $("game").addEventListener("change", drawGame);
  $("players").addEventListener("change", drawSeats);
  $("new-table").addEventListener("submit", create);
  drawGame();
  listTables();
}

start();
