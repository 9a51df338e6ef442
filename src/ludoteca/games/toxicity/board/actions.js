// Toxicity 101: where each legal action is clicked on the board.
//   squares: a square clicked directly (place a drawn card, walk, run);
//   sources: an item card, an ability card or a wall (green's rearrangement) clicked first,
//            each with its actions and the square each one targets (null: none);
//   buttons: actions with no place on the board (end the turn, stop rearranging, escape).
import { PAWN_COLOUR, isWall, parseSquare, step, tokenAt } from "./svg.js";

const DASH = 3;

function add(map, key, entry) {
  (map[key] ??= []).push(entry);
}

// The square a Hook pulls to: the last square before the first wall in that direction.
function hookLanding(obs, layout, here, dir) {
  let last = null;
  for (let n = 1; ; n++) {
    const next = step(layout, here, dir, n);
    if (next === null || isWall(tokenAt(obs, next))) return last;
    last = next;
  }
}

function itemTarget(obs, layout, here, card, args) {
  const [first] = args;
  if (first === undefined) return null;
  if (parseSquare(first)) return first;
  if (first in PAWN_COLOUR) return obs.pawns.find((p) => p.colour === first)?.square ?? null;
  if (card.startsWith("item-bounce")) return step(layout, here, first, 2);
  if (card.startsWith("item-hook")) return hookLanding(obs, layout, here, first);
  return null;
}

function abilityTarget(layout, here, name, arg) {
  if (arg === undefined) return null;
  if (name === "dash") return step(layout, here, arg, DASH);
  return parseSquare(arg) ? arg : null;
}

export function plan(view, layout) {
  const obs = view.observation;
  const mover = obs.pawns.find((p) => p.colour === obs.turn?.pawn);
  const here = mover?.square ?? null;
  const squares = {};
  const sources = {};
  const buttons = [];
  for (const { action, label } of view.actions) {
    const parts = action.split(":");
    const head = parts[0];
    const entry = { action, label };
    if (head === "place") {
      add(squares, parts[1], entry);
    } else if (head === "walk" || head === "run") {
      const target = step(layout, here, parts[1], head === "run" ? 2 : 1);
      if (target) add(squares, target, entry);
      else buttons.push(entry);
    } else if (head === "item") {
      const square = itemTarget(obs, layout, here, parts[1], parts.slice(2));
      add(sources, `item:${parts[1]}`, { ...entry, square });
    } else if (head === "ability") {
      add(sources, `ability:${parts[1]}`, { ...entry, square: abilityTarget(layout, here, parts[1], parts[2]) });
    } else if (head === "swap") {
      add(sources, `swap:${parts[1]}`, { ...entry, square: parts[2] });
    } else {
      buttons.push(entry);
    }
  }
  return { squares, sources, buttons, mover };
}
