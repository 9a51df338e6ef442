// Touch down: the grid on its side (goal squares left and right), both teams' counters, the
// ball, the line of scrimmage and the line to gain, the scoreboard with clock, down, time outs
// and dice, and each bench with zones 0-3. Every legal action is on the board: a counter (pick,
// shift, hand-off, pass, intercept, blitz), a square (to, kick, field goal, ball) or a button.
import { MARGIN, SQUARE, grid, node } from "./svg.js";
import { classify, hint } from "./actions.js";
import { drawField, drawMarkers } from "./field.js";
import { drawPlayers, drawTargets } from "./counters.js";
import { BENCH_HEIGHT, drawBench } from "./bench.js";
import { SCOREBOARD_HEIGHT, drawButtons, drawScoreboard } from "./panel.js";

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
  const obs = view.observation;
  const send = (action) => act(view, action);
  const classified = classify(view.actions);
  const { byPlayer, bySquare } = classified;
  const clickPlayer = (pid) => {
    const entries = byPlayer[pid] ?? [];
    if (entries.length === 1) {
      send(entries[0].action);
      return;
    }
    chosen = chosen === pid ? null : pid;
    paint(container, view, act);
  };
  const width = layout.height * SQUARE + LABELS;
  const inner = { x: MARGIN, width };
  const svg = node("svg", { role: "img", "aria-label": "the Touch down field",
    class: "board-touchdown board-main", "data-index": view.index });
  let y = MARGIN;
  drawScoreboard(svg, layout, obs, { ...inner, y });
  y += SCOREBOARD_HEIGHT + 8;
  const buttons = chosen ? byPlayer[chosen] ?? [] : classified.buttons;
  const hintText = chosen ? `Choose what ${chosen} does:` : hint(view, classified);
  y += drawButtons(svg, buttons, hintText, { ...inner, y }, send) + 6;
  drawBench(svg, layout, obs, 0, { ...inner, y }, byPlayer, clickPlayer);
  y += BENCH_HEIGHT + LABELS;
  const g = grid(layout, MARGIN + LABELS, y);
  drawField(svg, layout, g);
  drawMarkers(svg, layout, g, obs);
  drawPlayers(svg, layout, g, obs, byPlayer, clickPlayer);
  drawTargets(svg, g, bySquare, send);
  y += g.height + 10;
  drawBench(svg, layout, obs, 1, { ...inner, y }, byPlayer, clickPlayer);
  y += BENCH_HEIGHT + MARGIN;
  const total = width + 2 * MARGIN;
  svg.setAttribute("viewBox", `0 0 ${total} ${y}`);
  svg.setAttribute("width", total);
  container.replaceChildren(svg);
}
