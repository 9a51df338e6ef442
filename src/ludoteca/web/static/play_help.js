// Learning the game in the page: the "How to play" dialog, written from the rulebook, and the
// help line under the board, which explains whatever the player points at, focuses or taps
// (a card's marks, a counter's role, a square) from the game's guide and the board's titles.
import { api, el } from "./api.js";
import { t } from "./i18n.js";

let guide = null; // the game's guide, loaded once: {html, terms}

async function loadGuide(game) {
  guide ??= await api(`/api/games/${encodeURIComponent(game)}/guide`);
  return guide;
}

// The "How to play" button opens the guide in a dialog (Escape or the button closes it);
// a guide that cannot be had says why on the page's error line.
export function setUpHowTo(game, button, dialog, errorLine) {
  button.addEventListener("click", async () => {
    let found;
    try {
      found = await loadGuide(game);
    } catch (error) {
      errorLine.textContent = error.message;
      return;
    }
    const body = dialog.querySelector(".howto");
    // The HTML is made on the server from the game's own Markdown, raw HTML switched off.
    body.innerHTML = found.html;
    const more = el("p", {}, el("a", { href: `/games/${encodeURIComponent(game)}#terms`,
      target: "_blank", rel: "noopener" }, t("Every term on the board, and this guide on its own page")));
    body.append(more);
    dialog.showModal();
  });
  dialog.querySelector(".howto-close").addEventListener("click", () => dialog.close());
}

// The text that explains `element`: its own tooltip (an SVG <title> child or a title
// attribute) and the guide's words for each of its terms (`data-terms="stat:LM role:AQ"`).
function explain(element, terms) {
  const parts = [];
  const title = [...element.children].find((child) => child.tagName.toLowerCase() === "title");
  const own = title?.textContent || element.getAttribute("title");
  if (own) parts.push(own.replace(/\n+/g, " · "));
  for (const key of (element.dataset.terms ?? "").split(" ")) {
    if (key && terms[key]) parts.push(terms[key]);
  }
  return parts.join(" — ");
}

// The help line follows the pointer, the keyboard focus and taps on the board.
export function setUpHelpLine(game, board, line) {
  let terms = {};
  loadGuide(game).then((found) => { terms = found.terms; }, () => {});
  const show = (event) => {
    let element = event.target;
    while (element && element !== board) {
      const text = element instanceof Element ? explain(element, terms) : "";
      if (text) {
        line.textContent = text;
        return;
      }
      element = element.parentNode;
    }
  };
  board.addEventListener("pointerover", show);
  board.addEventListener("pointerdown", show);
  board.addEventListener("focusin", show);
  // A click on a piece that makes no move says so, instead of doing nothing silently.
  board.addEventListener("click", (event) => {
    const piece = event.target.closest?.("[data-piece], [data-card], [data-square], [data-space]");
    if (!piece || event.target.closest("[data-action], [data-actions], .clickable")) return;
    const mine = board.querySelector("[data-action], [data-actions]");
    const reason = mine ? t("your moves are the highlighted pieces, squares and buttons")
      : t("wait for your turn");
    const why = t("not a move now: {why}.", { why: reason });
    line.textContent = line.textContent ? `${line.textContent} — ${why}` : why;
  });
}

// A guided first game (`#…&guide=1` in the link): a box over the table says what the phase
// is for and what to click, each time it is the player's move, from the game's tutorial
// (guide/tutorial.toml). The link keeps "guide=1" while the guide is on, so the game opened
// from it in another browser or on another device is guided too; "Stop the guide" ends it
// in this browser and takes it out of the link.
export function setUpCoach(game, tableId, box, asked) {
  const key = `ludoteca.coach.${tableId}`;
  const GUIDE = /&guide=1\b/;
  if (asked && localStorage.getItem(key) !== "off") localStorage.setItem(key, "on");
  if (localStorage.getItem(key) === "on" && !GUIDE.test(location.href)) {
    history.replaceState(null, "", `${location.href}&guide=1`);
  } else if (localStorage.getItem(key) === "off") {
    history.replaceState(null, "", location.href.replace(GUIDE, ""));
  }
  let steps = null;
  let last = null;
  const show = (view) => {
    last = view;
    const on = localStorage.getItem(key) === "on" && steps && Object.keys(steps).length;
    box.hidden = !on || view.seat === null;
    if (box.hidden) return;
    const obs = view.observation;
    const mine = obs.current_player === view.seat && !obs.terminal;
    const text = obs.terminal ? t("The game is over. Well played! 'Rematch' plays again, seats swapped.")
      : mine ? steps[obs.phase] ?? t("Your move: the highlighted pieces and buttons are your choices.")
        : t("The computer is thinking; your next step shows here when it is your move.");
    box.replaceChildren(el("h2", {}, t("Guide")), steps.intro && view.index < 3 ? el("p", {}, steps.intro) : "",
      el("p", { class: "coach-step", "data-phase": mine ? obs.phase : "" }, text),
      el("button", { type: "button", class: "link", onclick: () => {
        localStorage.setItem(key, "off");
        history.replaceState(null, "", location.href.replace(GUIDE, ""));
        box.hidden = true;
      } }, t("Stop the guide")));
  };
  if (localStorage.getItem(key) === "on") {
    loadGuide(game).then((found) => {
      steps = found.tutorial;
      if (last) show(last);
    }, () => {});
  }
  return show;
}
