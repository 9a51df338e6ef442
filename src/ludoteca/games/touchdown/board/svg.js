// touchdown board: SVG helpers, colours and the grid geometry shared by its modules.
import { t } from "/static/i18n.js";

export { node, pressable, textWidth, titled } from "/static/boards/svg.js";
export const SQUARE = 26; // pixels per square of the grid
export const MARGIN = 16;
export const HOT = "#ff2d95"; // what can be clicked now
export const TEAM = [
  { name: "Yellow", title: t("Yellow"), fill: "#f4c430", ink: "#2b2100", edge: "#7a5c00" },
  { name: "White", title: t("White"), fill: "#fbfbf7", ink: "#1a1a1a", edge: "#555555" },
];

export function teamOf(pid) {
  return pid[0] === "Y" ? 0 : 1;
}

// A player as the log names him (roster.who): team and number ("Yellow 20"), never "Y20".
export function who(pid) {
  if (!pid) return "";
  return t("{team} {number}", { team: TEAM[teamOf(pid)].title, number: pid.slice(1) });
}

// The field lies on its side: a row of the board (goal to goal) is a column of pixels,
// so the 30 rows run left to right and the 13 columns (a-m) top to bottom. `turn`: the
// degrees by which the words and counters drawn on it are turned back (the board turns the
// whole field by -90 on a phone held upright; 0 otherwise).
export function grid(layout, x0, y0, turn = 0) {
  return {
    x0, y0, turn,
    width: layout.height * SQUARE,
    height: layout.width * SQUARE,
    corner(name) {
      const column = name.charCodeAt(0) - 97;
      const row = Number(name.slice(1));
      return [x0 + row * SQUARE, y0 + column * SQUARE];
    },
    centre(name) {
      const [x, y] = this.corner(name);
      return [x + SQUARE / 2, y + SQUARE / 2];
    },
    rowEdge(row) { // the x of the boundary just below board row `row`
      return x0 + row * SQUARE;
    },
  };
}

export function squareName(column, row) {
  return `${String.fromCharCode(97 + column)}${row}`;
}

export function playerTitle(layout, pid, extra = []) {
  const card = layout.players[pid];
  if (!card) return who(pid);
  const lines = [t("{team} {role} no. {number}", {
    team: TEAM[teamOf(pid)].title, role: card.role, number: card.number }),
  t("tackle {tackle} · speed {speed}", { tackle: card.tackle, speed: card.speed })];
  if (card.experience) lines.push(t("experience: {points}", { points: card.experience }));
  if (card.blitz) lines.push(t("blitz ability"));
  return [...lines, ...extra].join("\n");
}
