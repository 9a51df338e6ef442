// touchdown board: which legal actions become counters, squares or buttons on the board.
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
  toss: "The toss: choose to kick off or to receive.",
  declare: "Declare the action.",
  setup: "Set-up: click a highlighted counter (zone 0) to bring it on.",
  shift: "Shift: click a receiver to move him, or no shift.",
  tie: "Timing tie: the defence gives the initiative.",
  pass: "Phase 5: click a receiver to hand off or pass to, or a button.",
  freeball: "Free ball: click the square where it lands.",
  intercept: "Interception: click the player who intercepts.",
  ballmove: "Kicked ball: click a square to move it, or leave it.",
  move: "Movement: click a highlighted counter to move it, or end the phase.",
  timeout: "Time out?",
  blitz: "Blitz: click a player, or no blitz.",
};

// One line telling the seat what it may click.
export function hint(view, classified) {
  const obs = view.observation;
  if (obs.terminal) return "Game over.";
  if (!view.actions.length) {
    if (view.seat === null) return "Watching.";
    return `Waiting for ${obs.current_player === 0 ? "Yellow" : "White"}…`;
  }
  if (obs.picked && Object.keys(classified.bySquare).length) {
    return `Click a highlighted square for ${obs.picked}` +
      (obs.phase === "move" ? " (onto an opponent: a tackle)." : ".");
  }
  if (obs.phase === "pass" && Object.keys(classified.bySquare).length) {
    return "Click a highlighted square to kick the ball there.";
  }
  if (obs.phase === "pass" && !Object.keys(classified.byPlayer).length) {
    return "Phase 5: nobody to hand off or pass to; choose a button.";
  }
  return HINTS[obs.phase] ?? "Your move.";
}
