// The page's language: `t` gives a message in it, from the catalog the server put in the
// page (base.html, built from the same gettext catalogs as the server's own texts).
const source = document.getElementById("i18n-catalog");
const catalog = source ? JSON.parse(source.textContent) : {};

export const locale = document.documentElement.lang || "en";
const numbers = new Intl.NumberFormat(locale);

// `message` (its English text is its id) in the page's language, its `{name}` fields filled
// from `args`; numbers are written the language's way.
export function t(message, args = {}) {
  const template = catalog[message] || message;
  return template.replace(/\{(\w+)\}/g, (field, name) => (name in args ? shown(args[name]) : field));
}

function shown(value) {
  return typeof value === "number" ? numbers.format(value) : String(value);
}

// A date and time the reader's way (`time`: an ISO string or a Date).
export function dateTime(time, options = { dateStyle: "medium", timeStyle: "short" }) {
  return new Intl.DateTimeFormat(locale, options).format(new Date(time));
}
