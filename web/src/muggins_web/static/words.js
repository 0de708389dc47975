// The page's own words in the page's language: the server embeds them from the web package's catalogue
// (muggins_web.page_words, one JSON object keyed by the English message) and sets <html lang>; a message the
// catalogue lacks reads as its English. Also the FR/EN switch, which reloads the page in the other language with
// its link (the seat's token is in the address's fragment) and the name remembered in this browser kept.
const given = JSON.parse((document.getElementById("muggins-words") || {}).textContent || "{}");
export const lang = document.documentElement.lang || "en";

// `message` in the page's language, each {name} replaced by values[name].
export function t(message, values = {}) {
  const found = given[message];
  const text = typeof found === "string" ? found : message;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

// The singular or plural form for `n` (the catalogue gives both; French takes the singular for 0 and 1).
export function tn(singular, plural, n, values = {}) {
  const found = given[singular];
  const forms = Array.isArray(found) ? found : [singular, plural];
  const many = lang === "fr" ? n > 1 : n !== 1;
  return (many ? forms[1] : forms[0]).replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

// The words written in the HTML itself: an element marked data-t has its text translated, and every
// aria-label, placeholder and title its attribute; the document's title too.
export function translatePage() {
  for (const element of document.querySelectorAll("[data-t]")) element.textContent = t(element.textContent.trim());
  for (const name of ["aria-label", "placeholder", "title"]) {
    for (const element of document.querySelectorAll(`[${name}]`)) element.setAttribute(name, t(element.getAttribute(name)));
  }
  document.title = t(document.title);
  drawSwitch();
}

// The switch: the other language's own name, a link to this page in it; the cookie keeps the choice for the
// next page of this browser (the lobby, another table). It holds the language alone; on https it is sent on https only.
function drawSwitch() {
  const slot = document.getElementById("language");
  if (!slot) return;
  const other = lang === "fr" ? "en" : "fr";
  const link = document.createElement("a");
  link.id = "language-switch";
  link.lang = other;
  link.hreflang = other;
  link.textContent = other === "fr" ? "Français" : "English";
  const query = new URLSearchParams(location.search);
  query.set("lang", other);
  link.href = `${location.pathname}?${query}${location.hash}`;
  link.addEventListener("click", () => {
    const secure = location.protocol === "https:" ? "; secure" : "";
    document.cookie = `muggins_lang=${other}; path=/; max-age=31536000; samesite=lax${secure}`;
  });
  slot.replaceChildren(link);
}
