// A seat's only legal move, played for its person (issue 38, fewer clicks): a regular Toinc
// game asks a side about 1,050 decisions, 220 of them with one choice (a lone "confirm",
// "keep"). On by default; the page's checkbox turns it off for this browser. Not in a guided
// game (the learner presses every step) nor hot-seat (the next person has not taken over).
import { t } from "./i18n.js";

const FORCED_KEY = "ludoteca.play-forced";
const PAUSE = 700; // ms: the position with its one move is seen before it is played

export function setUpForced(checkbox) {
  checkbox.checked = localStorage.getItem(FORCED_KEY) !== "off";
  checkbox.addEventListener("change", () => localStorage.setItem(FORCED_KEY, checkbox.checked ? "on" : "off"));
}

// After a view is drawn: if its seat's only move is to be played for them, play it after a
// pause, unless the page has moved on meanwhile (`current(view)` false); `note` tells it.
export function playForced(view, { allowed, current, act, note }) {
  if (!allowed || localStorage.getItem(FORCED_KEY) === "off") return;
  if (view.seat === null || view.observation.terminal || view.actions.length !== 1) return;
  const [{ action, label }] = view.actions;
  setTimeout(() => {
    if (!current(view)) return;
    note.textContent = t("Your only move, played for you: {move}", { move: label });
    act(view, action);
  }, PAUSE);
}
