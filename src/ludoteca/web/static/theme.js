// The colour theme, set on <html> before the page is drawn (a classic script in <head>):
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
      button.textContent = dark ? "☀ light" : "☾ dark";
      button.setAttribute("aria-label", dark ? "switch to the light theme" : "switch to the dark theme");
    };
    label();
    button.addEventListener("click", () => {
      const next = document.documentElement.dataset.theme === "dark" ? "light" : "dark";
      localStorage.setItem(KEY, next);
      apply();
      label();
    });
  });
})();
