// The page's own texts in its language, from texts.json (written from the
// catalogs in ../locale by `python -m scripts.check_catalogs --write`).
// The language is ?lang=km in the address, else the browser's, else English.

let texts = {};

// The page's text `key`, its %(name)s placeholders filled from `values`.
export function text(key, values = {}) {
  return (texts[key] || key).replace(/%\((\w+)\)s/g, (_, name) => String(values[name]));
}

// The catalog's tag for a language tag as a browser or a person writes it
// (km-KH, km_KH.UTF-8 → km), or "en" when the page has no catalog for it.
function catalogTag(wanted, offered) {
  const language = (wanted || "").replace("-", "_").split(/[_.]/)[0].toLowerCase();
  return offered.includes(language) ? language : "en";
}

// Load the texts, put them on the page, fill the language picker; the tag chosen.
export async function loadTexts() {
  const response = await fetch("texts.json");
  const data = await response.json();
  const wanted = new URLSearchParams(location.search).get("lang") || navigator.language;
  const lang = catalogTag(wanted, Object.keys(data.texts));
  texts = data.texts[lang];
  document.documentElement.lang = lang;
  for (const element of document.querySelectorAll("[data-text]")) {
    element.textContent = text(element.dataset.text);
  }
  for (const [attribute, name] of [["title", "textTitle"], ["aria-label", "textAriaLabel"]]) {
    for (const element of document.querySelectorAll(`[data-text-${attribute}]`)) {
      element.setAttribute(attribute, text(element.dataset[name]));
    }
  }
  const picker = document.getElementById("lang");
  picker.replaceChildren(...data.languages.map(([tag, name]) => new Option(name, tag, false, tag === lang)));
  picker.addEventListener("change", () => {
    const search = new URLSearchParams(location.search);
    search.set("lang", picker.value);
    location.search = search.toString();  // the fragment (table, invite) stays
  });
  document.body.dataset.lang = lang;
  return lang;
}
