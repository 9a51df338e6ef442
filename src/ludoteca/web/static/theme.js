// The colour theme (and the language switcher), set on <html> before the page is drawn (a classic script in <head>):
// the player's choice kept in this browser, else the system's. The top bar's button
// switches it; the choice follows the player to every page.
(function () {
  const KEY = "ludoteca.theme";
  const system = window.matchMedia("(prefers-color-scheme: dark)");
  const chosen = () => localStorage.getItem(KEY);
  const apply = () => {
    document.documentElement.dataset.theme = chosen() || (system.matches ? "dark" : "light");
  };
  apply();
  system.addEventListener("change", apply);
  document.addEventListener("DOMContentLoaded", () => {
    const button = document.getElementById("theme");
    if (!button) return;
    const label = () => {
      const dark = document.documentElement.dataset.theme === "dark";
      // The words are the page's, in its language (data-* attributes set by base.html).
      // "☾ dark": the symbol, then the word in a span a phone's top bar leaves out.
      const [symbol, ...words] = (dark ? button.dataset.light : button.dataset.dark).split(" ");
      const word = document.createElement("span");
      word.className = "word";
      word.textContent = ` ${words.join(" ")}`;
      button.replaceChildren(symbol, word);
      button.setAttribute("aria-label", dark ? button.dataset.toLight : button.dataset.toDark);
    };
    label();
    // The language: the choice is kept in a cookie the server reads, then the page (its
    // address and fragment unchanged) is drawn again in that language.
    const language = document.getElementById("language");
    language?.addEventListener("change", () => {
      document.cookie = `lang=${encodeURIComponent(language.value)}; path=/; max-age=31536000; samesite=lax`;
      const address = new URL(location.href);
      if (!address.searchParams.has("lang")) location.reload();
      else {
        address.searchParams.delete("lang"); // a shared link's language gives way to the choice
        location.assign(address);
      }
    });
    button.addEventListener("click", () => {
      const next = document.documentElement.dataset.theme === "dark" ? "light" : "dark";
      localStorage.setItem(KEY, next);
      apply();
      label();
    });
  });
})();
