// Handing out a table's links, on the lobby page and the host's table page: each link as text that wraps, a copy
// button, and a QR code to scan from a phone across the room (an SVG the server makes for the host's token alone).
import { escapeHtml } from "./cards.js";
import { t } from "./words.js";

// A list of links, [{seat (null: the spectators'), title, url}]; `shown` keeps which QR codes are open across redraws.
export function shareList(entries, { tableId, hostToken, shown = new Set() }) {
  const list = document.createElement("ul");
  list.className = "share";
  list.append(...entries.map((entry) => shareItem(entry, tableId, hostToken, shown)));
  return list;
}

function shareItem({ seat, title, url }, tableId, hostToken, shown) {
  const key = seat === null ? "spectate" : String(seat);
  const item = document.createElement("li");
  const id = `link-${tableId}-${key}`;
  // The link as text that wraps (an input would scroll it sideways inside its box on a phone).
  item.innerHTML = `<span class="share-title" id="${escapeHtml(id)}">${escapeHtml(title)}</span>
    <a class="share-url" href="${escapeHtml(url)}">${escapeHtml(url)}</a>
    <span class="row"><button type="button" class="copy" aria-describedby="${escapeHtml(id)}">${t("Copy link")}</button>
    <button type="button" class="qr" aria-expanded="${shown.has(key)}" aria-describedby="${escapeHtml(id)}">${t("QR code")}</button></span>
    <div class="qr-box"></div>`;
  const link = item.querySelector(".share-url");
  const copy = item.querySelector(".copy");
  link.addEventListener("click", (event) => event.preventDefault()); // a link to hand out, not to follow here
  copy.addEventListener("click", async () => {
    copy.textContent = (await copyText(url, link)) ? t("Copied") : t("Select and copy");
    setTimeout(() => { copy.textContent = t("Copy link"); }, 2000);
  });
  const toggle = item.querySelector(".qr");
  const holder = item.querySelector(".qr-box");
  const show = async () => {
    const picture = await qrImage(tableId, hostToken, seat, title);
    if (picture && shown.has(key)) holder.replaceChildren(picture);
  };
  toggle.addEventListener("click", () => {
    if (shown.has(key)) {
      shown.delete(key);
      holder.replaceChildren();
      toggle.setAttribute("aria-expanded", "false");
      return;
    }
    shown.add(key);
    toggle.setAttribute("aria-expanded", "true");
    show();
  });
  if (shown.has(key)) show();
  return item;
}

// The clipboard API works only on https or this machine; elsewhere the link's text is selected and copied the old way.
async function copyText(text, shown) {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch { /* a browser that refuses: the old way below */ }
  const range = document.createRange();
  range.selectNodeContents(shown);
  const selection = window.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
  try { return document.execCommand("copy"); } catch { return false; }
}

const pictures = new Map(); // table and seat -> the QR code's object URL, asked for once

// A QR code of one link, asked of the server with the host's token (in the body, never in a URL).
async function qrImage(tableId, hostToken, seat, title) {
  const key = `${tableId}/${seat}`;
  if (!pictures.has(key)) {
    const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/qr`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: hostToken, seat }) });
    if (!response.ok) return null;
    pictures.set(key, URL.createObjectURL(await response.blob()));
  }
  const picture = document.createElement("img");
  picture.src = pictures.get(key);
  picture.alt = t("QR code: {title}", { title });
  picture.className = "qr-code";
  return picture;
}
