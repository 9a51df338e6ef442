// touchdown board: moving a group of counters in one action (*Movimento*). The group keeps
// its shape: every member is moved by the step from the member nearest the clicked square to
// that square, the furthest along that step first, each to his legal square nearest his place
// (he stays if none is nearer than where he stands); onto an opponent (a tackle) only where
// his place is that opponent's square. Every move is the rules' own `pick:` and `to:`.
import { HOT, SQUARE, node, pressable } from "./svg.js";
import { argsOf, distance, nameOf, nearest, squareOf } from "./formations.js";

// The key of one movement phase: a plan stops when it ends.
function phaseOf(obs) {
  return `${obs.quarter}:${obs.clock}:${obs.move}:${obs.mphase}`;
}

// A plan (see play.js `act`) moving `members` of `seat` as a group towards `target`.
export function groupPlan(obs, members, target, seat) {
  const place = squareOf(target);
  const at = (pid) => squareOf(obs.players[pid].square);
  const lead = [...members].sort((a, b) => distance(obs.players[a].square, place)
    - distance(obs.players[b].square, place))[0];
  const dc = place[0] - at(lead)[0];
  const dr = place[1] - at(lead)[1];
  const along = (pid) => at(pid)[0] * dc + at(pid)[1] * dr;
  const order = [...members].sort((a, b) => along(b) - along(a));
  const places = new Map(order.map((pid) => [pid, [at(pid)[0] + dc, at(pid)[1] + dr]]));
  const phase = phaseOf(obs);
  let moving = null;
  return (view) => {
    const now = view.observation;
    if (now.phase !== "move" || now.current_player !== seat || phaseOf(now) !== phase) return null;
    if (now.picked) {
      if (now.picked !== moving) return null;
      moving = null;
      const goal = places.get(now.picked);
      const own = nameOf(...goal);
      const opponents = new Set(Object.entries(now.players)
        .filter(([pid, info]) => pid[0] !== now.picked[0] && !info.fallen).map(([, info]) => info.square));
      const squares = argsOf(view, "to").filter((sq) => !opponents.has(sq) || sq === own);
      const best = nearest(squares, goal);
      const here = now.players[now.picked].square;
      return best && distance(best, goal) < distance(here, goal) ? `to:${best}` : "stay";
    }
    const picks = argsOf(view, "pick");
    while (order.length) {
      const pid = order.shift();
      if (picks.includes(pid)) {
        moving = pid;
        return `pick:${pid}`;
      }
    }
    return null;
  };
}

// Every square of the field (end zones too) as a target of the group's move.
export function drawGroupTargets(svg, layout, g, onTarget, label) {
  const layer = node("g", { "data-group-targets": "" });
  for (let row = 1; row < layout.height - 1; row++) {
    for (let column = 1; column < layout.width - 1; column++) {
      const square = nameOf(column, row);
      const [x, y] = g.corner(square);
      const target = node("rect", { x: x + 1, y: y + 1, width: SQUARE - 2, height: SQUARE - 2,
        fill: `${HOT}14`, stroke: `${HOT}60`, "stroke-width": 1, "data-group-target": square });
      layer.append(pressable(target, () => onTarget(square), label(square)));
    }
  }
  svg.append(layer);
}
