// Toxicity 101 board helpers: SVG nodes, square names and steps, card faces.
import { node } from "/static/boards/svg.js";

export { SVG, node, titled } from "/static/boards/svg.js";
export const LETTERS = "abcdefghijklmnopqrstuvwxyz";
export const DIRECTIONS = {
  N: [0, -1], NE: [1, -1], E: [1, 0], SE: [1, 1], S: [0, 1], SW: [-1, 1], W: [-1, 0], NW: [-1, -1],
};
export const PAWN_COLOUR = { blue: "#1f5fbf", red: "#c62828", yellow: "#e0b000", green: "#2e8b3e" };

export function squareName(x, y) {
  return `${LETTERS[x]}${y + 1}`;
}

// [column, row] of a square name such as "c4" (0-based), or null for anything else.
export function parseSquare(name) {
  const match = /^([a-z])(\d+)$/.exec(name ?? "");
  return match ? [LETTERS.indexOf(match[1]), Number(match[2]) - 1] : null;
}

export function onBoard(layout, x, y) {
  return x >= 0 && y >= 0 && x < layout.columns && y < layout.rows;
}

// The square `n` steps from `from` towards direction `dir`, or null off the board.
export function step(layout, from, dir, n = 1) {
  const start = parseSquare(from);
  const delta = DIRECTIONS[dir];
  if (!start || !delta) return null;
  const x = start[0] + delta[0] * n;
  const y = start[1] + delta[1] * n;
  return onBoard(layout, x, y) ? squareName(x, y) : null;
}

export function tokenAt(obs, name) {
  const at = parseSquare(name);
  return at ? obs.board[at[1]]?.[at[0]] : undefined;
}

export function isWall(token) {
  return typeof token === "string" && token.startsWith("wall-");
}

// The kind of a card id: "trap-stun-2#r3" -> "trap-stun".
export function cardKind(card) {
  const cut = card.lastIndexOf("-");
  return cut > 0 ? card.slice(0, cut) : card;
}

// A short name for a card: "item-knife-1#r1" -> "knife", "trap-stun-2#r1" -> "stun trap".
export function itemName(card) {
  if (card === "?") return "?";
  const kind = cardKind(card);
  if (kind.startsWith("item-")) return kind.slice(5);
  if (kind === "trap-trapdoor") return "trapdoor";
  if (kind.startsWith("trap-")) return `${kind.slice(5)} trap`;
  if (kind === "start-floor") return "floor";
  if (kind.startsWith("floor-")) return `${kind.slice(6)} floor`;
  return kind;
}

const FACES = {
  "start-floor": { fill: "#ece6d6", text: "" },
  "floor-plain": { fill: "#ece6d6", text: "" },
  "floor-wet": { fill: "#9fd3f0", text: "wet", help: "Wet Floor: slide one more square" },
  "floor-muddy": { fill: "#b08a5a", text: "mud", ink: "#fff", help: "Muddy Floor: no running next turn" },
  "floor-refresh": { fill: "#b9e4c9", text: "refresh", help: "Refresh: one ability use back" },
  "floor-regenerate": { fill: "#8fd19e", text: "regen", help: "Regenerate: stamina back to full" },
  "trap-stamina": { fill: "#f3b0a8", text: "trap -1", help: "Stamina Trap: -1 stamina" },
  "trap-stun": { fill: "#f3b0a8", text: "stun", help: "Stun Trap: lose the next turn" },
  "trap-trapdoor": { fill: "#3b2a20", text: "trapdoor", ink: "#fff", help: "Trap Door: escape with a Crowbar (2 points)" },
  key: { fill: "#ffd54f", text: "KEY", help: "a key: needed to leave by the door" },
  door: { fill: "#1b5e20", text: "EXIT", ink: "#fff", help: "the door: escape here with a key" },
};

// How a board token is drawn: {fill, text, ink, help}.
export function face(token) {
  if (token === ".") return { fill: "#8c96a1", text: "", help: "fog: no card dealt yet" };
  if (token === "_") return { fill: "#ece6d6", text: "", help: "bare floor" };
  if (token === "?") return { fill: "#5e4b86", text: "?", ink: "#fff", help: "a face-down card" };
  if (isWall(token)) return { fill: "#3d3d3d", text: "", help: "a wall" };
  const kind = cardKind(token);
  if (kind.startsWith("item-")) {
    return { fill: "#ffe0b2", text: kind.slice(5), help: `an item: ${kind.slice(5)}` };
  }
  return { fill: "#ece6d6", help: kind, text: kind, ...FACES[kind] };
}
