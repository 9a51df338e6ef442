// Touch down: the grid on its side (goal squares left and right), both teams' counters, the
// ball, the line of scrimmage and the line to gain, the scoreboard with clock, down, time outs
// and dice, and each bench with zones 0-3. Every legal action is on the board: a counter (pick,
// shift, hand-off, pass, intercept, blitz), a square (to, kick, field goal, ball) or a button.
import { t } from "/static/i18n.js";
import { MARGIN, SQUARE, grid, node, who } from "./svg.js";
import { classify, hint } from "./actions.js";
import { drawField, drawMarkers } from "./field.js";
import { drawPlayers, drawTargets } from "./counters.js";
import { drawBench } from "./bench.js";
import { drawButtons, drawScoreboard } from "./panel.js";
import { drawGroupChoice, groupOf, noteSetup, shortcuts, toggleMember } from "./shortcuts.js";

const LABELS = 16; // room for the row numbers and column letters around the grid
let chosen = null; // a counter with several actions: its choices are shown as buttons
let chosenAt = -1;
// The newest view not drawn yet, by container: a burst of moves is drawn once a frame, and
// several boards on one page (the lobby's picture, a test's) each get theirs.
const pending = new Map();

export function draw(container, view, act) {
  const scheduled = pending.size > 0;
  pending.set(container, { view, act, shown: container.firstChild });
  if (scheduled) return;
  requestAnimationFrame(() => {
    const jobs = [...pending];
    pending.clear();
    for (const [box, { view: newest, act: send, shown }] of jobs) {
      // Emptied meanwhile (hot-seat cover): that view must not come back. A play page's
      // frame replaced by a newer one is not drawn at all.
      const replaced = !box.isConnected && box.classList.contains("board-frame");
      if (box.firstChild === shown && !replaced) paint(box, newest, send);
    }
  });
}

function paint(container, view, act) {
  const layout = view.layout;
  if (!layout?.players) return;
  if (chosenAt !== view.index) chosen = null;
  chosenAt = view.index;
  noteSetup(view);
  const group = groupOf(view);
  const obs = group ? { ...view.observation, grouped: group } : view.observation;
  const send = (action) => act(view, action);
  const classified = classify(view.actions);
  const { byPlayer, bySquare } = classified;
  const redraw = () => paint(container, view, act);
  const clickPlayer = (pid) => {
    if (group) {
      toggleMember(pid);
      redraw();
      return;
    }
    const entries = byPlayer[pid] ?? [];
    if (entries.length === 1) {
      send(entries[0].action);
      return;
    }
    chosen = chosen === pid ? null : pid;
    paint(container, view, act);
  };
  // A phone held upright gets the field upright: goal to goal from bottom to top, the
  // benches and the scoreboard stacked to its width (the field layer is turned, its
  // counters and words turned back).
  const portrait = (container.clientWidth || 900) < 600
    && window.matchMedia("(orientation: portrait)").matches;
  const long = layout.height * SQUARE;
  const width = (portrait ? layout.width * SQUARE : long) + LABELS;
  const inner = { x: MARGIN, width, portrait };
  const svg = node("svg", { role: "group", "aria-label": t("the Touch down field"),
    class: `board-touchdown board-main${portrait ? " board-portrait" : ""}`,
    "data-index": view.index });
  let y = MARGIN;
  y += drawScoreboard(svg, layout, obs, { ...inner, y }, view.log ?? []) + 8;
  const extra = shortcuts(view, redraw);
  const buttons = chosen ? byPlayer[chosen] ?? [] : group ? extra : [...classified.buttons, ...extra];
  const hintText = chosen ? t("Choose what {player} does:", { player: who(chosen) })
    : group ? t("Move together: click the square where the nearest of them goes; click a counter to leave it out or take it back.")
      : hint(view, classified);
  y += drawButtons(svg, buttons, hintText, { ...inner, y }, send) + 6;
  y += drawBench(svg, layout, obs, 0, { ...inner, y }, byPlayer, clickPlayer) + LABELS;
  const layer = portrait
    ? node("g", { transform: `translate(${MARGIN + LABELS} ${y + long}) rotate(-90)` }) : svg;
  const g = portrait ? grid(layout, 0, 0, 90) : grid(layout, MARGIN + LABELS, y);
  drawField(layer, layout, g);
  drawMarkers(layer, layout, g, obs);
  drawPlayers(layer, layout, g, obs, byPlayer, clickPlayer);
  const mover = obs.players?.[obs.picked ?? obs.carrier]?.square ?? null;
  if (group) drawGroupChoice(layer, layout, g, view, act);
  else drawTargets(layer, g, bySquare, send, mover);
  if (portrait) svg.append(layer);
  y += (portrait ? long + LABELS : g.height) + 10;
  y += drawBench(svg, layout, obs, 1, { ...inner, y }, byPlayer, clickPlayer) + MARGIN;
  const total = width + 2 * MARGIN;
  svg.setAttribute("viewBox", `0 0 ${total} ${y}`);
  svg.setAttribute("width", total);
  container.replaceChildren(svg);
}
