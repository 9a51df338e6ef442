// Toxicity 101 board helpers: SVG nodes, square names and steps, card faces.
import { node } from "/static/boards/svg.js";
import { t } from "/static/i18n.js";

export { SVG, node, textWidth, titled } from "/static/boards/svg.js";
export const LETTERS = "abcdefghijklmnopqrstuvwxyz";
export const DIRECTIONS = {
  N: [0, -1], NE: [1, -1], E: [1, 0], SE: [1, 1], S: [0, 1], SW: [-1, 1], W: [-1, 0], NW: [-1, -1],
};
export const PAWN_COLOUR = { blue: "#1f5fbf", red: "#c62828", yellow: "#e0b000", green: "#2e8b3e" };
// The pawns' colours and the items' names (data.py ITEM_KINDS), in the page's language.
export const COLOUR_WORDS = { blue: t("blue"), red: t("red"), yellow: t("yellow"), green: t("green") };
// Each ability in words (the engine's data.py ABILITY_WORDS).
export const ABILITY_WORDS = {
  double: t("two items at once"), destroy: t("destroy a wall"), blast: t("blast"), dash: t("dash"),
  column: t("column run"), rearrange: t("rearrange the walls"),
};
const ITEMS = {
  knife: t("knife"), pistol: t("pistol"), drill: t("drill"), molotov: t("molotov"),
  flashbang: t("flashbang"), freeze: t("freeze"), magnet: t("magnet"), bounce: t("bounce"),
  crowbar: t("crowbar"), switch: t("switch"), hook: t("hook"), shield: t("shield"), mask: t("mask"),
  syringe: t("syringe"),
};

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
  if (kind.startsWith("item-")) return ITEMS[kind.slice(5)] ?? kind.slice(5);
  return KIND_WORDS[kind] ?? kind;
}

const KIND_WORDS = {
  "trap-trapdoor": t("trapdoor"), "trap-stamina": t("stamina trap"), "trap-stun": t("stun trap"),
  "start-floor": t("floor"), "floor-plain": t("plain floor"), "floor-wet": t("wet floor"),
  "floor-muddy": t("muddy floor"), "floor-refresh": t("refresh floor"),
  "floor-regenerate": t("regenerate floor"), key: t("key"), door: t("door"), wall: t("wall"),
};

const FACES = {
  "start-floor": { fill: "#ece6d6", text: "" },
  "floor-plain": { fill: "#ece6d6", text: "" },
  "floor-wet": { fill: "#9fd3f0", text: t("wet"), help: t("Wet Floor: slide one more square") },
  "floor-muddy": { fill: "#b08a5a", text: t("mud"), ink: "#fff", help: t("Muddy Floor: no running next turn") },
  "floor-refresh": { fill: "#b9e4c9", text: t("refresh"), help: t("Refresh: one ability use back") },
  "floor-regenerate": { fill: "#8fd19e", text: t("regen"), help: t("Regenerate: stamina back to full") },
  "trap-stamina": { fill: "#f3b0a8", text: t("trap -1"), help: t("Stamina Trap: -1 stamina") },
  "trap-stun": { fill: "#f3b0a8", text: t("stun"), help: t("Stun Trap: lose the next turn") },
  "trap-trapdoor": { fill: "#3b2a20", text: t("trapdoor"), ink: "#fff",
    help: t("Trap Door: escape with a Crowbar (2 points)") },
  key: { fill: "#ffd54f", text: t("KEY"), help: t("a key: needed to leave by the door") },
  door: { fill: "#1b5e20", text: t("EXIT"), ink: "#fff", help: t("the door: escape here with a key") },
};

// How a board token is drawn: {fill, text, ink, help}.
export function face(token) {
  if (token === ".") return { fill: "#8c96a1", text: "", help: t("fog: no card dealt yet") };
  if (token === "_") return { fill: "#ece6d6", text: "", help: t("bare floor") };
  if (token === "?") return { fill: "#5e4b86", text: "?", ink: "#fff", help: t("a face-down card") };
  if (isWall(token)) return { fill: "#3d3d3d", text: "", help: t("a wall") };
  const kind = cardKind(token);
  if (kind.startsWith("item-")) {
    const name = itemName(token);
    return { fill: "#ffe0b2", text: name, help: t("an item: {item}", { item: name }) };
  }
  return { fill: "#ece6d6", help: kind, text: kind, ...FACES[kind] };
}

// A seat's player as the page names them ("Ana", "computer 2 (easy)"; "you" for the reader),
// cut to `room` characters so a long name never runs into what is drawn beside it.
export function playerOf(view, seat, room = 18) {
  if (seat === view.seat && view.seat !== null && view.seat !== undefined) return t("you");
  const name = view.players?.[seat] ?? t("player {n}", { n: seat + 1 });
  return name.length > room ? `${name.slice(0, room - 1)}…` : name;
}
