// Shared by the lobby and the table: text made safe for HTML, with red suits coloured.
const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

// Cards written with suit glyphs (6♥, 10♦) or as codes (6H, TD) get their suit's colour.
export function withSuits(text) {
  return escapeHtml(text)
    .replace(/(10|[2-9AJQK])([♥♦])/g, '<span class="red">$1$2</span>')
    .replace(/(^|[^A-Za-z0-9])([2-9TJQKA][HD])(?![A-Za-z0-9])/g, '$1<span class="red">$2</span>');
}
