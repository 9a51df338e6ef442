// Toxicity 101: the 12x8 board under the seat's fog, with the gas, marked zones, pawns and
// the squares that can be clicked now.
import { t } from "/static/i18n.js";
import { COLOUR_WORDS, PAWN_COLOUR, face, isWall, node, playerOf, squareName, textWidth, titled } from "./svg.js";

export const SIZE = 50;
export const LEFT = 28;
export const TOP = 46;
const ZONE = [
  { fill: "#f6e27a", name: t("zone 1") },
  { fill: "#f4a259", name: t("zone 2 · keys") },
  { fill: "#e46a6a", name: t("zone 3 · exit") },
];
const MARKS = {
  molotov: { fill: "#ff5722", opacity: 0.3, stroke: "#bf360c",
    help: t("Molotov zone: -1 stamina at the start of a turn") },
  flashbang: { fill: "#fffde7", opacity: 0.6, stroke: "#827717",
    help: t("Flashbang zone: a pawn starting its turn here loses it") },
};

function corner(name) {
  const x = name.charCodeAt(0) - 97;
  const y = Number(name.slice(1)) - 1;
  return [LEFT + x * SIZE, TOP + y * SIZE];
}

function defs() {
  const pattern = node("pattern", { id: "board-toxicity-fog", width: 25, height: 25,
    patternUnits: "userSpaceOnUse" });
  pattern.append(node("rect", { width: 25, height: 25, fill: "#8c96a1" }));
  pattern.append(node("circle", { cx: 7, cy: 8, r: 6, fill: "#ffffff", opacity: 0.18 }));
  pattern.append(node("circle", { cx: 18, cy: 18, r: 7, fill: "#ffffff", opacity: 0.14 }));
  const gas = node("pattern", { id: "board-toxicity-gas", width: 12, height: 12,
    patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" });
  gas.append(node("rect", { width: 12, height: 12, fill: "#7cb342", opacity: 0.55 }));
  gas.append(node("rect", { width: 4, height: 12, fill: "#33691e", opacity: 0.35 }));
  const box = node("defs");
  box.append(pattern, gas);
  return box;
}

function zones(svg, layout) {
  layout.zones.forEach(([first, last], index) => {
    const x = LEFT + first * SIZE;
    const width = (last - first + 1) * SIZE;
    svg.append(node("rect", { x, y: 4, width, height: 18, fill: ZONE[index].fill, rx: 3 }));
    svg.append(node("text", { x: x + width / 2, y: 17, "text-anchor": "middle", "font-size": 12,
      "font-weight": "bold" }, ZONE[index].name));
  });
  for (let x = 0; x < layout.columns; x++) {
    svg.append(node("text", { x: LEFT + x * SIZE + SIZE / 2, y: 38, "text-anchor": "middle",
      "font-size": 12, fill: "#555" }, String.fromCharCode(97 + x)));
  }
  for (let y = 0; y < layout.rows; y++) {
    svg.append(node("text", { x: LEFT - 8, y: TOP + y * SIZE + SIZE / 2 + 4, "text-anchor": "end",
      "font-size": 12, fill: "#555" }, y + 1));
  }
}

function square(svg, name, token, faceDown) {
  const [x, y] = corner(name);
  const look = face(token);
  const secret = faceDown.has(name) && token !== "?";
  const group = node("g", { "data-square": name, "data-token": token === "." ? "fog" : null });
  group.append(node("rect", { x, y, width: SIZE, height: SIZE,
    fill: token === "." ? "url(#board-toxicity-fog)" : look.fill, stroke: "#fff", "stroke-width": 1 }));
  if (isWall(token)) {
    for (const dy of [SIZE / 3, (2 * SIZE) / 3]) {
      group.append(node("line", { x1: x + 2, x2: x + SIZE - 2, y1: y + dy, y2: y + dy,
        stroke: "#777", "stroke-width": 1.5 }));
    }
    group.append(node("line", { x1: x + SIZE / 2, x2: x + SIZE / 2, y1: y + SIZE / 3,
      y2: y + (2 * SIZE) / 3, stroke: "#777", "stroke-width": 1.5 }));
  }
  if (look.text) {
    group.append(node("text", { x: x + SIZE / 2, y: y + SIZE - 7, "text-anchor": "middle",
      "font-size": look.text.length > 6 ? 9 : 11, fill: look.ink ?? "#222",
      "font-weight": look.text === "EXIT" || look.text === "?" ? "bold" : null }, look.text));
  }
  if (secret) {
    group.append(node("rect", { x: x + 3, y: y + 3, width: SIZE - 6, height: SIZE - 6, fill: "none",
      stroke: "#5e4b86", "stroke-width": 2, "stroke-dasharray": "3 2" }));
    group.append(node("path", { d: `M${x} ${y}h14l-14 14z`, fill: "#5e4b86" }));
  }
  const hidden = secret ? t(" (face down: the pawns see a card back)") : "";
  titled(group, `${name}: ${look.help}${hidden}`);
  svg.append(group);
}

function gas(svg, obs, layout) {
  const width = obs.gas.columns * SIZE;
  const height = layout.rows * SIZE;
  if (width > 0) {
    svg.append(titled(node("rect", { x: LEFT, y: TOP, width, height, fill: "url(#board-toxicity-gas)",
      "data-gas": obs.gas.columns }), t("toxic gas: {columns} column(s) consumed", { columns: obs.gas.columns })));
  }
  const front = LEFT + width;
  svg.append(node("line", { x1: front, x2: front, y1: TOP - 4, y2: TOP + height + 4,
    stroke: "#33691e", "stroke-width": 4, "stroke-dasharray": "8 4" }));
  const label = obs.gas.timer === 1 ? t("◂ gas front (next in 1 turn)")
    : t("◂ gas front (next in {turns} turns)", { turns: obs.gas.timer });
  // Under the front, but never past the board's right edge (a front near the exit).
  const right = LEFT + layout.columns * SIZE;
  svg.append(node("text", { x: Math.min(front + 4, right - textWidth(label, 12, true)),
    y: TOP + height + 16, "font-size": 12, fill: "#33691e", "font-weight": "bold" }, label));
}

function marks(svg, obs) {
  for (const [kind, colour, squares] of obs.zones ?? []) {
    const mark = MARKS[kind] ?? { fill: "#fff", opacity: 0.4, stroke: "#333", help: kind };
    for (const name of squares) {
      const [x, y] = corner(name);
      const group = node("g", { "data-mark": kind });
      group.append(node("rect", { x: x + 2, y: y + 2, width: SIZE - 4, height: SIZE - 4,
        fill: mark.fill, "fill-opacity": mark.opacity, stroke: mark.stroke, "stroke-width": 3,
        "stroke-dasharray": "6 3" }));
      group.append(node("text", { x: x + SIZE / 2, y: y + 11, "text-anchor": "middle", "font-size": 9,
        "font-weight": "bold", fill: mark.stroke }, kind));
      svg.append(titled(group, t("{mark} (thrown by {colour})", { mark: mark.help,
        colour: COLOUR_WORDS[colour] ?? colour })));
    }
  }
  for (const [, squares] of obs.pending ?? []) {
    for (const name of squares) {
      const [x, y] = corner(name);
      svg.append(titled(node("rect", { x: x + 4, y: y + 4, width: SIZE - 8, height: SIZE - 8,
        fill: "none", stroke: "#5e4b86", "stroke-width": 2, "stroke-dasharray": "4 3" }),
      t("{square}: a drawn card waits for the gamemaster here", { square: name })));
    }
  }
}

function pawns(svg, obs, mover, view) {
  const bySquare = {};
  for (const pawn of obs.pawns) {
    if (pawn.alive && !pawn.escaped) (bySquare[pawn.square] ??= []).push(pawn);
  }
  for (const [name, here] of Object.entries(bySquare)) {
    const [x, y] = corner(name);
    here.forEach((pawn, i) => {
      const shift = here.length > 1 ? (i - (here.length - 1) / 2) * 14 : 0;
      const cx = x + SIZE / 2 + shift;
      const cy = y + SIZE / 2 - 5;
      const group = node("g", { "data-pawn": pawn.colour, "data-piece": `pawn-${pawn.colour}`,
        "data-at": name });
      if (pawn === mover && !obs.terminal) {
        group.append(node("circle", { cx, cy, r: 17, fill: "none", stroke: "#111",
          "stroke-width": 2, "stroke-dasharray": "3 2" }));
      }
      group.append(node("circle", { cx, cy, r: 13, fill: PAWN_COLOUR[pawn.colour] ?? "#444",
        stroke: "#fff", "stroke-width": 2 }));
      group.append(node("text", { x: cx, y: cy + 4, "text-anchor": "middle", "font-size": 12,
        "font-weight": "bold", fill: "#fff" }, pawn.colour[0].toUpperCase()));
      titled(group, t("{colour} pawn ({player}) on {square}: stamina {stamina}", {
        colour: COLOUR_WORDS[pawn.colour] ?? pawn.colour, player: playerOf(view, pawn.seat, 40),
        square: name, stamina: pawn.stamina }));
      svg.append(group);
    });
  }
}

function target(svg, name, entries, ctx, colour) {
  const [x, y] = corner(name);
  const one = entries.length === 1 ? entries[0] : null;
  const rect = node("rect", { x: x + 3, y: y + 3, width: SIZE - 6, height: SIZE - 6, rx: 5,
    fill: "#fff59d55", stroke: colour, "stroke-width": 3, class: "clickable",
    "data-action": one?.action, "data-target": name });
  titled(rect, entries.map((e) => e.label).join("\n"));
  rect.addEventListener("click", () => (one ? ctx.act(one.action) : ctx.choose(entries)));
  svg.append(rect);
}

function targets(svg, ctx) {
  const { plan, selected } = ctx;
  if (selected) {
    const bySquare = {};
    for (const entry of plan.sources[selected]) if (entry.square) (bySquare[entry.square] ??= []).push(entry);
    for (const [name, entries] of Object.entries(bySquare)) target(svg, name, entries, ctx, "#ff6f00");
    if (selected.startsWith("swap:")) {
      const [x, y] = corner(selected.slice(5));
      svg.append(node("rect", { x: x + 1, y: y + 1, width: SIZE - 2, height: SIZE - 2,
        fill: "none", stroke: "#ff6f00", "stroke-width": 4 }));
    }
    return;
  }
  for (const [name, entries] of Object.entries(plan.squares)) target(svg, name, entries, ctx, "#f9a825");
  for (const key of Object.keys(plan.sources).filter((k) => k.startsWith("swap:"))) {
    const [x, y] = corner(key.slice(5));
    const rect = node("rect", { x: x + 3, y: y + 3, width: SIZE - 6, height: SIZE - 6, rx: 5,
      fill: "#fff59d33", stroke: "#f9a825", "stroke-width": 3, class: "clickable", "data-source": key });
    titled(rect, t("swap the wall at {square} with a square next to the green pawn", { square: key.slice(5) }));
    rect.addEventListener("click", () => ctx.pick(key));
    svg.append(rect);
  }
}

// Draws the board into `svg`; returns the height used.
export function drawGrid(svg, ctx) {
  const { obs, layout } = ctx;
  svg.append(defs());
  zones(svg, layout);
  const faceDown = new Set(obs.face_down ?? []);
  obs.board.forEach((row, y) => row.forEach((token, x) => square(svg, squareName(x, y), token, faceDown)));
  marks(svg, obs);
  gas(svg, obs, layout);
  pawns(svg, obs, ctx.plan.mover, ctx.view);
  targets(svg, ctx);
  return TOP + layout.rows * SIZE + 24;
}
