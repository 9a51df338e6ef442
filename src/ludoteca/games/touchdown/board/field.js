// touchdown board: the grid (end zones, goal squares, sidelines, 10-yard and dashed lines),
// the line of scrimmage and the line to gain.
import { t } from "/static/i18n.js";
import { SQUARE, node, squareName, titled } from "./svg.js";

const STRIPES = ["#3b8a45", "#44964e"];
const END_ZONE = "#2f6f3a";
const OUTSIDE = "#8fae8c";
const STANDS = "#24402a";

const drawn = new Map(); // the static grid per layout and position, cloned on every redraw

export function drawField(svg, layout, g) {
  const key = `${JSON.stringify([layout.width, layout.height, layout.goal_columns,
    layout.dashed_columns, layout.ten_yard_lines])}@${g.x0},${g.y0},${g.turn}`;
  if (!drawn.has(key)) {
    const layer = node("g", { "data-field": layout.name });
    buildField(layer, layout, g);
    if (g.turn) { // the field is turned: every word on it is turned back about its anchor
      for (const word of layer.querySelectorAll("text")) {
        word.setAttribute("transform",
          `rotate(${g.turn} ${word.getAttribute("x")} ${word.getAttribute("y")})`);
      }
    }
    drawn.set(key, layer);
  }
  svg.append(drawn.get(key).cloneNode(true));
}

function buildField(svg, layout, g) {
  const { width, height } = layout;
  const first = layout.first_field_row;
  const last = layout.last_field_row;
  svg.append(node("rect", { x: g.x0, y: g.y0, width: g.width, height: g.height, fill: STANDS,
    rx: 4 }));
  for (let row = 0; row < height; row++) {
    for (let column = 0; column < width; column++) {
      const fill = squareFill(layout, row, column, first, last);
      if (!fill) continue;
      const name = squareName(column, row);
      const [x, y] = g.corner(name);
      svg.append(node("rect", { x, y, width: SQUARE, height: SQUARE, fill,
        stroke: "#ffffff26", "data-square": name, "data-kind": squareKind(layout, row, column) }));
    }
  }
  for (const column of layout.goal_columns) {
    for (const row of [0, height - 1]) goalPost(svg, g, squareName(column, row), row === 0);
  }
  endZoneWords(svg, layout, g);
  sidelines(svg, layout, g);
  tenYardLines(svg, layout, g);
  for (const column of layout.dashed_columns) {
    const y = g.y0 + column * SQUARE + SQUARE / 2;
    svg.append(node("line", { x1: g.rowEdge(first), y1: y, x2: g.rowEdge(last + 1), y2: y,
      stroke: "#ffffffb0", "stroke-width": 1.5, "stroke-dasharray": "6 5" }));
  }
  labels(svg, layout, g);
}

function squareFill(layout, row, column, first, last) {
  const goalRow = row === 0 || row === layout.height - 1;
  if (goalRow) return layout.goal_columns.includes(column) ? "#d9d4c3" : null;
  if (column === 0 || column === layout.width - 1) return OUTSIDE;
  if (row < first || row > last) return END_ZONE;
  return STRIPES[Math.floor((row - first) / layout.rows_per_ten_yards) % 2];
}

function squareKind(layout, row, column) {
  if (row === 0 || row === layout.height - 1) return "goal";
  if (column === 0 || column === layout.width - 1) return "out";
  if (row < layout.first_field_row || row > layout.last_field_row) return "end-zone";
  return "field";
}

function goalPost(svg, g, name, left) {
  const [x, y] = g.corner(name);
  const post = left ? x + SQUARE - 5 : x + 5;
  const back = left ? x + 6 : x + SQUARE - 6;
  svg.append(node("path", {
    d: `M${post} ${y + 4} V${y + SQUARE - 4} M${post} ${y + SQUARE / 2} H${back}`,
    stroke: "#e0a800", "stroke-width": 2.5, fill: "none", "pointer-events": "none",
  }));
}

function endZoneWords(svg, layout, g) {
  const rows = layout.first_field_row - 1;
  const middleY = g.y0 + g.height / 2;
  for (const startRow of [1, layout.last_field_row + 1]) {
    const cx = g.rowEdge(startRow) + (rows * SQUARE) / 2;
    svg.append(node("text", { x: cx, y: middleY, transform: `rotate(-90 ${cx} ${middleY})`,
      "text-anchor": "middle", "dominant-baseline": "central", "font-size": 16,
      "font-weight": "bold", "letter-spacing": 6, fill: "#ffffff40", "pointer-events": "none" },
    t("END ZONE")));
  }
}

// The sidelines run through the middle of the outer playing columns (those squares are in).
function sidelines(svg, layout, g) {
  const top = g.y0 + SQUARE * 1.5;
  const bottom = g.y0 + SQUARE * (layout.width - 1.5);
  const left = g.rowEdge(1);
  const right = g.rowEdge(layout.height - 1);
  svg.append(node("rect", { x: left, y: top, width: right - left, height: bottom - top,
    fill: "none", stroke: "#ffffffd0", "stroke-width": 2, "pointer-events": "none" }));
}

function tenYardLines(svg, layout, g) {
  const lines = layout.ten_yard_lines;
  const top = g.y0 + SQUARE * 1.5;
  const bottom = g.y0 + SQUARE * (layout.width - 1.5);
  lines.forEach((row, index) => {
    const x = g.rowEdge(row);
    const goalLine = index === 0 || index === lines.length - 1;
    svg.append(node("line", { x1: x, y1: top, x2: x, y2: bottom, stroke: "#fff",
      "stroke-width": goalLine ? 3 : 1.6, "pointer-events": "none" }));
    const yards = Math.min(index, lines.length - 1 - index) * 10;
    if (goalLine) return;
    for (const y of [g.y0 + SQUARE * 2.5, g.y0 + SQUARE * (layout.width - 2.5)]) {
      svg.append(node("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central",
        "font-size": 12, "font-weight": "bold", fill: "#ffffff70", "pointer-events": "none" },
      yards));
    }
  });
}

function labels(svg, layout, g) {
  for (let row = 0; row < layout.height; row++) {
    svg.append(node("text", { x: g.rowEdge(row) + SQUARE / 2, y: g.y0 - 4,
      "text-anchor": "middle", "font-size": 9, fill: "#555" }, row));
  }
  for (let column = 0; column < layout.width; column++) {
    svg.append(node("text", { x: g.x0 - 5, y: g.y0 + column * SQUARE + SQUARE / 2 + 3,
      "text-anchor": "end", "font-size": 10, fill: "#555" }, String.fromCharCode(97 + column)));
  }
}

// The line of scrimmage (blue; gone once a kick-off or punt is kicked) on the defence's side of
// the ball's row (the side of the team that started the action: `offence`, which stays after a
// turnover), and in an attack the line to gain (gold): more than rows_per_ten_yards rows
// beyond the YC marker is a first down.
export function drawMarkers(svg, layout, g, obs) {
  if (obs.phase === "toss" || obs.terminal || !obs.scrimmage) return;
  const kicked = obs.move > 1 || (obs.move === 1 && obs.phase !== "pass");
  if ((obs.kind === "kickoff" || obs.kind === "punt") && kicked) return; // a runback
  const team = obs.offence ?? obs.possession;
  const forward = obs.direction[team];
  const row = Number(obs.scrimmage.slice(1));
  const top = g.y0 + SQUARE;
  const bottom = g.y0 + SQUARE * (layout.width - 1);
  const edge = (r) => g.rowEdge(forward > 0 ? r + 1 : r);
  const scrimmage = edge(row);
  svg.append(titled(node("line", { x1: scrimmage, y1: top, x2: scrimmage, y2: bottom,
    stroke: "#1e6fff", "stroke-width": 3, opacity: 0.9 }), t("line of scrimmage ({square})", { square: obs.scrimmage })));
  if (obs.kind !== "attack") return;
  const gainRow = obs.yc_row + forward * layout.rows_per_ten_yards;
  if (gainRow < layout.first_field_row || gainRow > layout.last_field_row) return;
  const x = edge(gainRow);
  svg.append(titled(node("line", { x1: x, y1: top, x2: x, y2: bottom, stroke: "#ffd60a",
    "stroke-width": 3, opacity: 0.95 }), t("line to gain: cross it for a first down")));
}
