// Shared by the lobby and the table: text made safe for HTML, red suits coloured, and playing cards drawn as cards.
// A card is a card code ("7H", "TS", "AS": rank A 2-9 T J Q K, suit C D H S) drawn with CSS alone: its rank and
// suit in two corners and its suit in the middle, red or black, with an accessible name ("ten of hearts"), in the
// page's language (its rank letters too: V, D, R in French).
import { lang, t } from "./words.js";

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

// Cards written with suit glyphs (6♥, 10♦) or as codes (6H, TD) get their suit's colour.
export function withSuits(text) {
  return escapeHtml(text)
    .replace(/(10|[2-9AJQKVDR])([♥♦])/g, '<span class="red">$1$2</span>')
    .replace(/(^|[^A-Za-z0-9])([2-9TJQKA][HD])(?![A-Za-z0-9])/g, '$1<span class="red">$2</span>');
}

// "seat 2" and "Seat 2" in the game's words become the person's name, where they gave one ("Anna plays 7♥");
// "seat 2's" becomes "Anna's". Applied to text already made safe, with each name made safe too.
export function withNames(html, names) {
  if (!names || !Object.keys(names).length) return html;
  return replaceSeats(html, (seat) => (names[seat] ? escapeHtml(names[seat]) : null));
}

// Each seat the game's words name, as `name(seat)` says (null: left as it is). French names a seat "le joueur 2",
// and "du joueur 2", "au joueur 2" become "de Ben" (or "d’Anna"), "à Ben".
export function replaceSeats(text, name) {
  if (lang === "fr") {
    const linked = { "le": "", "du": "de ", "au": "à " };
    return text.replace(/\b([Ll]e|[Dd]u|[Aa]u) joueur (\d+)\b/g, (whole, word, seat) => {
      const found = name(seat);
      if (!found) return whole;
      let lead = linked[word.toLowerCase()];
      if (lead === "de " && /^[aeiouyàâéèêëîïôûh]/i.test(found)) lead = "d’"; // "d’Anna", as French elides before a vowel
      return word[0] === word[0].toUpperCase() && lead ? lead[0].toUpperCase() + lead.slice(1) + found : lead + found;
    });
  }
  return text.replace(/\b[Ss]eat (\d+)\b/g, (whole, seat) => name(seat) || whole);
}

const RANKS = { A: ["A", "ace"], 2: ["2", "two"], 3: ["3", "three"], 4: ["4", "four"], 5: ["5", "five"], 6: ["6", "six"],
  7: ["7", "seven"], 8: ["8", "eight"], 9: ["9", "nine"], T: ["10", "ten"], J: ["J", "jack"], Q: ["Q", "queen"], K: ["K", "king"] };
const SUITS = { C: ["♣", "clubs", false], D: ["♦", "diamonds", true], H: ["♥", "hearts", true], S: ["♠", "spades", false] };

// The parts of a card code, or null for anything that is not one.
export function parseCode(code) {
  const text = String(code || "");
  const rank = RANKS[text.slice(0, -1)] || (text.length === 3 && text.startsWith("10") ? RANKS.T : null);
  const suit = SUITS[text.slice(-1)];
  if (!rank || !suit) return null;
  return { rank: "JQK".includes(rank[0]) ? t(rank[0]) : rank[0], rankName: rank[1], suit: suit[0], suitName: suit[1], red: suit[2] };
}

// "ten of hearts"; a code that is no card is named as given.
export function cardName(code) {
  const card = parseCode(code);
  return card ? t("{rank} of {suit}", { rank: t(card.rankName), suit: t(card.suitName) }) : String(code);
}

// "10♥": how the narration writes the card.
export function cardText(code) {
  const card = parseCode(code);
  return card ? card.rank + card.suit : String(code);
}

// One card face as an element: a <button> when `tappable` (a choice moves it), else an image with the card's name.
export function drawCard(code, { tappable = false, size = "" } = {}) {
  const card = parseCode(code);
  const element = document.createElement(tappable ? "button" : "span");
  if (tappable) element.type = "button";
  else element.setAttribute("role", "img");
  element.className = `card${size ? " " + size : ""}${card && card.red ? " red" : ""}${card && card.rank === "10" ? " ten" : ""}`;
  element.dataset.card = code;
  element.setAttribute("aria-label", cardName(code));
  if (card) {
    element.innerHTML = `<span class="corner" aria-hidden="true">${card.rank}<br>${card.suit}</span>` +
      `<span class="pip" aria-hidden="true">${card.suit}</span>` +
      `<span class="corner low" aria-hidden="true">${card.rank}<br>${card.suit}</span>`;
  } else {
    element.innerHTML = `<span class="pip" aria-hidden="true">${escapeHtml(code)}</span>`;
  }
  return element;
}

// A face-down card: the back's pattern, named for what it is.
export function drawBack({ size = "" } = {}) {
  const element = document.createElement("span");
  element.setAttribute("role", "img");
  element.setAttribute("aria-label", t("a face-down card"));
  element.className = `card back${size ? " " + size : ""}`;
  return element;
}
