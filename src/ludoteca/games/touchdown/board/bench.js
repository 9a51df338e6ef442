// touchdown board: each team's bench, zones 0-3. Zone 0 holds the healthy players off the
// field (they may be set up); an injured player goes to zone 3 and moves one zone a stoppage.
import { t } from "/static/i18n.js";
import { TEAM, node } from "./svg.js";
import { counter } from "./counters.js";

const PITCH = 23; // pixels between counters on the bench
const ZONE_WIDTH = 96;
export const BENCH_HEIGHT = 70;
const ROLE_ORDER = ["AQ", "AB", "AE", "A", "AK", "D"];

function byRole(layout) {
  return (a, b) => {
    const ca = layout.players[a];
    const cb = layout.players[b];
    return ROLE_ORDER.indexOf(ca.role) - ROLE_ORDER.indexOf(cb.role) || ca.number - cb.number;
  };
}

// One team's bench in `box` ({x, y, width, portrait}); returns the height it took. Side by
// side on a wide board (zone 0, then 1-3); on a narrow one zone 0 over zones 1-3.
export function drawBench(svg, layout, obs, team, box, byPlayer, click) {
  const { x, y, width, portrait } = box;
  const letter = team === 0 ? "Y" : "W";
  const onField = new Set(Object.keys(obs.players ?? {}));
  const bench = obs.bench ?? {};
  const zones = [[], [], [], []];
  for (const pid of Object.keys(layout.players)) {
    if (pid[0] !== letter || onField.has(pid)) continue;
    zones[bench[pid] ?? 0].push(pid);
  }
  const colours = TEAM[team];
  const group = node("g", { "data-bench": colours.name });
  group.append(node("text", { x, y: y + 10, "font-size": 11, "font-weight": "bold",
    fill: "#333" }, t("{team} ({squad}) — bench", { team: colours.title, squad: layout.teams[team] })));
  const lines = (count, w) => Math.max(1, Math.ceil(count / Math.max(1, Math.floor((w - 4) / PITCH))));
  let boxes; // [left, top, width, height] of zones 0-3
  if (portrait) {
    const zeroHeight = lines(zones[0].length, width) * PITCH + 6;
    const small = (width - 12) / 3;
    const lower = y + 15 + zeroHeight + 16;
    const height = Math.max(...[1, 2, 3].map((z) => lines(zones[z].length, small))) * PITCH + 6;
    boxes = [[x, y + 15, width, zeroHeight],
      ...[1, 2, 3].map((z) => [x + (z - 1) * (small + 6), lower, small, height])];
  } else {
    const zeroWidth = width - 3 * (ZONE_WIDTH + 6);
    boxes = [[x, y + 15, zeroWidth, BENCH_HEIGHT - 17], ...[1, 2, 3].map((z) =>
      [x + zeroWidth + 6 + (z - 1) * (ZONE_WIDTH + 6), y + 15, ZONE_WIDTH, BENCH_HEIGHT - 17])];
  }
  boxes.forEach(([left, top, w, h], zone) => {
    group.append(node("rect", { x: left, y: top, width: w, height: h, rx: 4,
      fill: zone === 0 ? "#eef3ea" : "#f7e9e6", stroke: zone === 0 ? "#9fb59a" : "#d4a59a",
      "data-zone": zone }));
    group.append(node("text", { x: left + w - 4, y: top - 3, "text-anchor": "end",
      "font-size": 9, fill: "#666" }, zone === 0 ? t("zone 0 · fit, off the field") : t("zone {zone}", { zone })));
    const perLine = Math.max(1, Math.floor((w - 4) / PITCH));
    zones[zone].sort(byRole(layout)).forEach((pid, index) => {
      const cx = left + 3 + PITCH / 2 + (index % perLine) * PITCH;
      const cy = top + 2 + PITCH / 2 + Math.floor(index / perLine) * PITCH;
      group.append(counter(layout, pid, cx, cy, PITCH - 3, {
        zone, picked: obs.picked === pid, actions: byPlayer[pid], onClick: () => click(pid),
      }));
    });
  });
  svg.append(group);
  const [, top, , height] = boxes[boxes.length - 1];
  return portrait ? top + height - y : BENCH_HEIGHT;
}
