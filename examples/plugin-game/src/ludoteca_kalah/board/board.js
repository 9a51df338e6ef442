// Kalah's board: North's pits along the top (right to left), South's along the bottom,
// the stores at the ends. A pit the seat may sow is highlighted; clicking it sows.
import { node } from "/static/boards/svg.js";
import { t } from "/static/i18n.js";

// The seats' names as the observation gives them (English ids), in the reader's language.
const SIDES = { North: t("North"), South: t("South") };

const PIT = 64;
const GAP = 10;
const WIDTH = 8 * PIT + 9 * GAP;
const HEIGHT = 2 * PIT + 3 * GAP + 24;

export function draw(container, view, act) {
  const board = view.observation.board;
  const svg = node("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "group",
    "aria-label": t("Kalah board"), "data-index": view.index, class: "board-main" });
  svg.append(node("rect", { x: 0, y: 0, width: WIDTH, height: HEIGHT, rx: 24, fill: "#b8864b" }));
  const legal = new Set((view.actions || []).map((a) => a.action));
  const store = (index, x, owner) => {
    const rect = node("rect", { x, y: GAP, width: PIT, height: 2 * PIT + GAP, rx: 28,
      fill: "#8a5a2b", "data-store": index, "data-terms": "store" });
    rect.append(node("title", {}, t("{side}'s store", { side: SIDES[owner] })));
    svg.append(rect);
    svg.append(node("text", { x: x + PIT / 2, y: 2 * PIT + 2 * GAP - 4, "text-anchor": "middle",
      "font-size": 11, fill: "#f3e3c3" }, SIDES[owner]));
    svg.append(node("text", { x: x + PIT / 2, y: GAP + PIT + 12, "text-anchor": "middle",
      "font-size": 26, fill: "#fff" }, String(board[index])));
  };
  store(13, GAP, "North");
  store(6, WIDTH - GAP - PIT, "South");
  const mover = view.observation.to_move;
  const sowing = (side, letter) => {
    const action = `sow:${letter}`;
    return mover === side && legal.has(action) ? action : null;
  };
  for (let i = 0; i < 6; i += 1) {
    const x = GAP + (i + 1) * (PIT + GAP);
    // North's pits a-f run right to left along the top; South's left to right below.
    pit(svg, board, 12 - i, x, GAP, sowing("North", "abcdef"[5 - i]), "abcdef"[5 - i], view, act);
    pit(svg, board, i, x, 2 * GAP + PIT, sowing("South", "abcdef"[i]), "abcdef"[i], view, act);
  }
  svg.append(node("text", { x: WIDTH / 2, y: HEIGHT - 8, "text-anchor": "middle",
    "font-size": 16, fill: "#fff" },
    mover ? t("{side} to sow", { side: SIDES[mover] }) : t("game over")));
  container.replaceChildren(svg);
}

// A pit; with `action`, the seat may sow it: highlighted, and a click (or Enter) sows.
function pit(svg, board, index, x, y, action, letter, view, act) {
  const circle = node("circle", { cx: x + PIT / 2, cy: y + PIT / 2, r: PIT / 2 - 2,
    fill: "#6d4520", "data-pit": index, "data-terms": "pit" });
  svg.append(circle);
  svg.append(node("text", { x: x + PIT / 2, y: y + PIT / 2 + 9, "text-anchor": "middle",
    "font-size": 24, fill: "#fff", "pointer-events": "none" }, String(board[index])));
  if (letter) {
    svg.append(node("text", { x: x + 1, y: y + 10, "font-size": 11, fill: "#f3e3c3",
      "pointer-events": "none" }, letter));
  }
  if (action) {
    circle.classList.add("legal");
    circle.setAttribute("stroke", "#ffd54a");
    circle.setAttribute("stroke-width", 4);
    circle.setAttribute("data-action", action);
    circle.style.cursor = "pointer";
    circle.addEventListener("click", () => act(view, action));
  }
}
