// touchdown board: each team's bench, zones 0-3. Zone 0 holds the healthy players off the
// field (they may be set up); an injured player goes to zone 3 and moves one zone a stoppage.
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

export function drawBench(svg, layout, obs, team, box, byPlayer, click) {
  const { x, y, width } = box;
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
    fill: "#333" }, `${colours.name} (${layout.teams[team]}) — bench`));
  const zeroWidth = width - 3 * (ZONE_WIDTH + 6);
  const boxes = [[x, zeroWidth], ...[1, 2, 3].map((z) => [x + zeroWidth + 6 + (z - 1) * (ZONE_WIDTH + 6),
    ZONE_WIDTH])];
  boxes.forEach(([left, w], zone) => {
    group.append(node("rect", { x: left, y: y + 15, width: w, height: BENCH_HEIGHT - 17, rx: 4,
      fill: zone === 0 ? "#eef3ea" : "#f7e9e6", stroke: zone === 0 ? "#9fb59a" : "#d4a59a",
      "data-zone": zone }));
    group.append(node("text", { x: left + w - 4, y: y + 12, "text-anchor": "end",
      "font-size": 9, fill: "#666" }, zone === 0 ? "zone 0 · fit, off the field" : `zone ${zone}`));
    const perLine = Math.max(1, Math.floor((w - 4) / PITCH));
    zones[zone].sort(byRole(layout)).forEach((pid, index) => {
      const cx = left + 3 + PITCH / 2 + (index % perLine) * PITCH;
      const cy = y + 15 + 2 + PITCH / 2 + Math.floor(index / perLine) * PITCH;
      group.append(counter(layout, pid, cx, cy, PITCH - 3, {
        zone, picked: obs.picked === pid, actions: byPlayer[pid], onClick: () => click(pid),
      }));
    });
  });
  svg.append(group);
}
