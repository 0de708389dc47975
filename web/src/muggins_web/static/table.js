// The table page: one websocket for this link's seat (or a spectator), drawing each frame the server sends.
import { escapeHtml, withSuits } from "./cards.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
const token = location.hash.slice(1);
let socket = null;
let last = null;      // the latest update frame
let countdown = null; // the window's timer on screen
let retry = 500;

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}${query}`);
  socket.addEventListener("open", () => { retry = 500; status(""); });
  socket.addEventListener("message", (message) => receive(JSON.parse(message.data)));
  socket.addEventListener("close", (event) => {
    const refusal = REFUSED[event.code];
    if (refusal) { // the server will say the same again: trying again would only repeat it
      status(`${refusal(event.reason)} This page will not try again.`);
      return;
    }
    const seconds = Math.round(retry / 1000) || 1;
    if (event.code === 4503 || event.code === 4429) status(`The server is busy (${event.reason || "too many connections"}); trying again in ${seconds} s…`);
    else status("connection lost; reconnecting…");
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

// Close codes the server sends when it will never take this link (docs/web.md), in plain words.
const REFUSED = {
  4404: (reason) => `This table cannot be opened: ${reason || "the link is not one of this server's tables"}. ` +
    "The table may have ended and been cleared away, or the link was copied wrongly; ask the host for a new one.",
  1008: (reason) => `The server refused this page: ${reason || "it takes connections from its own pages only"}.`,
};

function status(text) {
  $("status").textContent = text;
}

function receive(frame) {
  switch (frame.type) {
    case "hello":
      isHost = Boolean(frame.host);
      $("narration").innerHTML = "";
      draw(frame);
      break;
    case "update":
      draw(frame);
      break;
    case "seats":
      drawSeats(frame.seats, last);
      break;
    case "thinking":
      status(`seat ${frame.seat} is thinking…`);
      break;
    case "error":
      $("error").textContent = frame.error;
      break;
  }
}

let isHost = false;

// The host's link: start a table that waits for it (who has joined, shown as they join); a bot may play a
// person's seat (someone gone away), and the seat be given back.
function drawHost(seats) {
  const box = $("host");
  box.hidden = !isHost;
  if (!isHost) return;
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = "close the table";
  close.addEventListener("click", () => { if (confirm("Close this table for everyone?")) send({ type: "close" }); });
  const waiting = last && last.started === false && !last.stopped;
  const start = [];
  if (waiting) {
    const joined = document.createElement("ul");
    joined.id = "joined";
    joined.innerHTML = seats.filter((s) => s.human).map((s) =>
      `<li class="${s.connected ? "joined" : "muted"}">seat ${s.seat} ${s.connected ? "joined" : "has not joined yet"}</li>`).join("");
    const go = document.createElement("button");
    go.type = "button";
    go.id = "start";
    go.textContent = "start the table";
    go.addEventListener("click", () => send({ type: "start" }));
    start.push(joined, go);
  }
  box.replaceChildren(...start, close, ...seats.filter((s) => s.human).map((s) => {
    const row = document.createElement("div");
    if (s.stand_in) {
      row.innerHTML = `seat ${s.seat}: a ${escapeHtml(s.stand_in)} plays <button type="button">give the seat back</button>`;
      row.querySelector("button").addEventListener("click", () => send({ type: "give_back", seat: s.seat }));
    } else {
      row.innerHTML = `seat ${s.seat}${s.connected ? "" : " (away)"}: <input value="expert" size="18" aria-label="bot kind"> <button type="button">seat this bot</button>`;
      row.querySelector("button").addEventListener("click", () => send({ type: "seat_bot", seat: s.seat, kind: row.querySelector("input").value }));
    }
    return row;
  }));
}

function send(message) {
  socket.send(JSON.stringify(message));
}

function drawSeats(seats, frame) {
  drawHost(seats);
  const toAct = frame ? frame.to_act : null;
  $("seats").innerHTML = seats.map((s) => {
    const away = s.human && !s.connected && !s.stand_in;
    const classes = [s.seat === toAct ? "to-act" : "", away ? "away" : ""].join(" ");
    const label = s.stand_in ? `${s.kind} (a ${s.stand_in} plays)` : s.kind;
    return `<li class="${classes}">seat ${s.seat}: ${escapeHtml(label)}${away ? " — away" : ""}</li>`;
  }).join("");
  const waiting = seats.find((s) => frame && s.seat === frame.to_act && s.human && !s.connected && !s.stand_in);
  if (waiting && frame.seat !== waiting.seat && frame.started !== false) status(`waiting for seat ${waiting.seat}`);
}

function draw(frame) {
  last = frame;
  $("error").textContent = "";
  $("title").textContent = frame.game;
  $("who").textContent = frame.seat === null ? "watching" : `you are seat ${frame.seat}`;
  $("table-text").innerHTML = withSuits(frame.render);
  for (const line of frame.lines) {
    const item = document.createElement("li");
    item.innerHTML = withSuits(line);
    $("narration").append(item);
  }
  $("narration").scrollTop = $("narration").scrollHeight;
  for (const banner of frame.standings) {
    const box = document.createElement("div");
    box.className = "banner";
    box.innerHTML = withSuits(banner.join("\n"));
    $("banners").replaceChildren(box);
  }
  drawSeats(frame.seats, frame);
  if (frame.stopped) status(`the match stopped: ${frame.stopped}`);
  else if (frame.started === false) status(isHost ? "waiting for you to start the table" : "waiting for the host to start the table");
  else if (frame.over) status("the match is over" + (frame.result ? `: seat ${frame.result.winners.join(", ")} won` : ""));
  else if (frame.decision) status(frame.window ? "a move is open to challenge" : "your turn");
  else if (frame.answered) status(`you answered ${frame.answered}; waiting for the others`);
  else status(`seat ${frame.to_act} to act`);
  drawDecision(frame);
}

function drawDecision(frame) {
  clearInterval(countdown);
  $("countdown").textContent = "";
  const decision = frame.decision;
  const box = $("decision");
  if (!decision) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.dataset.step = frame.step;
  box.classList.toggle("window", frame.window);
  $("prompt").innerHTML = withSuits(decision.prompt);
  $("choices").replaceChildren(...decision.choices.map((choice) => {
    const button = document.createElement("button");
    button.type = "button";
    button.innerHTML = withSuits(choice.label || choice.text);
    button.dataset.action = choice.text;
    if (frame.window && choice.text !== decision.standing) button.classList.add("claim");
    button.addEventListener("click", () => act(frame.step, choice.text));
    return button;
  }));
  if (frame.window && frame.pace > 0 && !decision.waits) {
    let left = frame.window_left ?? frame.pace; // a reopened tab counts down what is left, not the whole pace
    const tick = () => { $("countdown").textContent = `${decision.standing} in ${Math.max(0, Math.ceil(left))} s`; left -= 1; };
    tick();
    countdown = setInterval(tick, 1000);
  }
}

function act(step, action) {
  for (const button of $("choices").querySelectorAll("button")) button.disabled = true;
  send({ type: "act", step, action });
}

connect();
