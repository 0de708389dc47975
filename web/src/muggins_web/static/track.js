// The score track of a game played to a target, for the table and its replay alike: a peg board when the track's
// style is "pegs" (a front and a back peg per seat or side, holes in streets of 30), else one bar per seat or side.
import { escapeHtml } from "./cards.js";
import { t, tn } from "./words.js";

// `nameOf(key)` says a track's key (a seat, or a side "0+2") as the reader calls it.
export function drawScoreTrack(track, box, nameOf) {
  box.hidden = !track;
  if (!track) return;
  const pegs = track.style === "pegs" && Number(track.holes) >= 2 && track.pegs;
  box.classList.toggle("pegs", Boolean(pegs));
  if (pegs) { drawPegBoard(track, box, nameOf); return; }
  const target = Number(track.target) || 1;
  box.replaceChildren(...Object.entries(track.scores || {}).map(([key, score]) => {
    const row = document.createElement("div");
    row.className = "peg";
    const share = Math.max(0, Math.min(100, (Number(score) / target) * 100));
    row.innerHTML = `<span class="peg-name">${escapeHtml(nameOf(key))}</span>` +
      `<span class="peg-bar" aria-hidden="true"><span style="width:${share.toFixed(1)}%"></span></span>` +
      `<span class="peg-score">${t("{score} of {target}", { score: escapeHtml(score), target: escapeHtml(target) })}</span>`;
    return row;
  }));
}

// The peg board's shape, in the drawing's units: holes in streets of 30 (six groups of 5), one lane of holes per
// seat or side in each street, a start hole per lane before the first street and the one game hole after the last.
const STREET = 30;
const GROUP = 5;
const PITCH = 10;     // from one hole to the next along a street
const GROUP_GAP = 5;  // the extra space between two groups of 5
const LANE = 9;       // from one lane to the next across a street
const START_SLOT = 12;
const GAME_SLOT = 14;
const EDGE = 3;
const STREET_WIDTH = START_SLOT + EDGE + STREET * PITCH + (STREET / GROUP - 1) * GROUP_GAP + EDGE + GAME_SLOT;

// Where a score puts a peg: "start" (nothing scored), the game hole (the target reached), or a hole of the
// street, a longer game going round the board again.
function pegHole(score, holes, target) {
  const along = holes - 1;
  if (score <= 0) return "start";
  if (score >= target) return "game";
  return ((score - 1) % along) + 1;
}

// The board for a track of style "pegs": each seat's or side's front peg (solid) at its score and back peg
// (hollow) at its score before its last points, in the seat's colour; a legend under it, and the whole said in
// words to a screen reader.
function drawPegBoard(track, box, nameOf) {
  const holes = Math.floor(Number(track.holes));
  const target = Number(track.target) || holes;
  const lanes = Object.entries(track.pegs).map(([key, peg]) => ({
    key, name: nameOf(key), colour: Number(key.split("+")[0]) || 0,
    front: Number(peg.front) || 0, back: Number(peg.back ?? peg.front) || 0,
  }));
  const along = holes - 1;
  const streets = Math.ceil(along / STREET);
  const height = 2 * EDGE + lanes.length * LANE;
  const laneY = (lane) => EDGE + lane * LANE + LANE / 2;
  const holeX = (index) => START_SLOT + EDGE + index * PITCH + Math.floor(index / GROUP) * GROUP_GAP + PITCH / 2;
  const gameX = STREET_WIDTH - GAME_SLOT / 2;
  // Where a hole lies: its street and its point in that street's drawing.
  const place = (hole, lane) => {
    if (hole === "start") return { street: 0, x: START_SLOT / 2, y: laneY(lane) };
    if (hole === "game") return { street: streets - 1, x: gameX, y: height / 2 };
    return { street: Math.floor((hole - 1) / STREET), x: holeX((hole - 1) % STREET), y: laneY(lane) };
  };
  const drawn = [];
  for (let street = 0; street < streets; street++) {
    const parts = [];
    const first = street * STREET + 1;
    const last = Math.min(along, first + STREET - 1);
    lanes.forEach((lane, index) => {
      const dots = [];
      for (let hole = first; hole <= last; hole++) {
        const at = place(hole, index);
        dots.push(`<circle class="hole" data-hole="${hole}" cx="${at.x}" cy="${at.y}" r="1.7"/>`);
      }
      if (street === 0) dots.push(`<circle class="hole start" data-hole="0" cx="${START_SLOT / 2}" cy="${laneY(index)}" r="1.7"/>`);
      parts.push(`<g class="lane seat-${lane.colour % 8}" data-lane="${escapeHtml(lane.key)}">${dots.join("")}</g>`);
    });
    if (street === streets - 1) parts.push(`<circle class="hole game" data-hole="${holes}" cx="${gameX}" cy="${height / 2}" r="3.4"/>`);
    drawn.push(parts);
  }
  // The pegs over the holes: back pegs first, so a front peg in the same street is never hidden by one.
  for (const which of ["back", "front"]) {
    lanes.forEach((lane, index) => {
      if (which === "back" && lane.back === lane.front) return; // one hole: the front peg stands for both
      const score = lane[which];
      const hole = pegHole(score, holes, target);
      const at = place(hole, index);
      drawn[at.street].push(`<circle class="peg-${which} seat-${lane.colour % 8}" data-lane="${escapeHtml(lane.key)}" ` +
        `data-hole="${hole === "start" ? 0 : hole === "game" ? holes : hole}" cx="${at.x}" cy="${at.y}" r="${which === "front" ? 3.4 : 2.9}"/>`);
    });
  }
  const said = lanes.map((lane) => {
    const points = lane.front - lane.back;
    if (points > 0) return tn("{name}: {score} (last {points} point from {back})", "{name}: {score} (last {points} points from {back})", points,
      { name: lane.name, score: lane.front, points, back: lane.back });
    if (points < 0) return t("{name}: {score} ({points} taken back from {back})", { name: lane.name, score: lane.front, points: -points, back: lane.back });
    return t("{label}: {value}", { label: lane.name, value: lane.front });
  });
  const board = document.createElement("div");
  board.className = "pegboard";
  board.setAttribute("role", "img");
  board.setAttribute("aria-label", `${t("Peg board to {target}", { target })}: ${said.join(" · ")}`);
  board.dataset.holes = String(holes);
  const legend = lanes.map((lane) => {
    const points = lane.front - lane.back;
    return `<li><svg class="swatch" viewBox="0 0 8 8" aria-hidden="true"><circle class="peg-front seat-${lane.colour % 8}" cx="4" cy="4" r="3.4"/></svg>` +
      `<span class="peg-name">${escapeHtml(lane.name)}</span> <span class="peg-score">${escapeHtml(lane.front)}</span>` +
      (points ? ` <span class="peg-last">(${points > 0 ? "+" : "−"}${Math.abs(points)})</span>` : "") + "</li>";
  });
  board.innerHTML = `<div class="streets">${drawn.map((parts) =>
    `<svg class="street" viewBox="0 0 ${STREET_WIDTH} ${height}" preserveAspectRatio="xMinYMid meet" aria-hidden="true" focusable="false">` +
    `<rect class="wood" x="0" y="0" width="${STREET_WIDTH}" height="${height}" rx="3"/>${parts.join("")}</svg>`).join("")}</div>` +
    `<ul class="peg-legend" aria-hidden="true">${legend.join("")}</ul>`;
  box.replaceChildren(board);
}
