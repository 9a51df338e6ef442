// touchdown board: which legal actions become counters, squares or buttons on the board.
import { t } from "/static/i18n.js";
import { TEAM, who } from "./svg.js";

const ON_PLAYER = new Set(["pick", "shift", "handoff", "pass", "intercept", "blitz"]);
const ON_SQUARE = new Set(["to", "kick", "fg", "ball"]);

// view.actions ({action, label}) sorted by what is clicked for them.
export function classify(actions) {
  const byPlayer = {};
  const bySquare = {};
  const buttons = [];
  for (const entry of actions) {
    const [verb, arg] = entry.action.split(":");
    if (ON_PLAYER.has(verb) && arg) (byPlayer[arg] ??= []).push(entry);
    else if (ON_SQUARE.has(verb) && arg && arg !== "stay") (bySquare[arg] ??= []).push(entry);
    else buttons.push(entry);
  }
  return { byPlayer, bySquare, buttons };
}

const HINTS = {
  toss: t("The toss: choose to kick off or to receive."),
  declare: t("Declare the action."),
  setup: t("Set-up: choose a formation to place the whole team, or click a highlighted counter (zone 0) to bring it on."),
  shift: t("Shift: click a receiver to move him, or no shift."),
  tie: t("Timing tie: the defence gives the initiative."),
  pass: t("Phase 5: click a receiver to hand off or pass to, or a button."),
  freeball: t("Free ball: click the square where it lands."),
  intercept: t("Interception: click the player who intercepts."),
  ballmove: t("Kicked ball: click a square to move it, or leave it."),
  move: t("Movement: click a highlighted counter to move it, move several together, or end the phase."),
  timeout: t("Time out?"),
  blitz: t("Blitz: click a player, or no blitz."),
};

// One line telling the seat what it may click.
export function hint(view, classified) {
  const obs = view.observation;
  if (obs.terminal) return t("Game over.");
  if (!view.actions.length) {
    if (view.seat === null) return t("Watching.");
    return t("Waiting for {team}…", { team: TEAM[obs.current_player ?? 0].title });
  }
  if (obs.picked && Object.keys(classified.bySquare).length) {
    return obs.phase === "move"
      ? t("Click a highlighted square for {player} (onto an opponent: a tackle).", { player: who(obs.picked) })
      : t("Click a highlighted square for {player}.", { player: who(obs.picked) });
  }
  if (obs.phase === "pass" && Object.keys(classified.bySquare).length) {
    return t("Click a highlighted square to kick the ball there.");
  }
  if (obs.phase === "pass" && !Object.keys(classified.byPlayer).length) {
    return t("Phase 5: nobody to hand off or pass to; choose a button.");
  }
  return HINTS[obs.phase] ?? t("Your move.");
}
