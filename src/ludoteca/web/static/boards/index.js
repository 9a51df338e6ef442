// Board pictures per game, drawn in SVG from a view. Each game ships its own board
// module (`view.board`: /boards/<game>/board.js, served from the game's package); a game
// without one shows its text picture. A board module exports draw(container, view, act) and
// may call act(view, action) when a board element is clicked.
//
// A board tells the page which legal actions a player can make on it: an element that makes
// an action when clicked carries `data-action="<action>"`; one that leads to several (a
// counter whose click then shows its squares) carries `data-actions="<a> <b> …"` (actions
// hold no spaces). The page lists the other actions as buttons beside the board.
//
// A board marks what moves between two drawings (animate.js): `data-piece="<id>"` on a
// counter, pawn, card or ball slides from its old place; `data-roll="<key>"` on a die rolls
// when its key (the throw) is new.
const loaded = {};

// Draw `view` into `container`; resolves once the board is drawn.
export async function drawBoard(container, game, view, act) {
  if (!view.board) {
    container.replaceChildren();
    return;
  }
  loaded[view.board] ??= import(view.board);
  const module = await loaded[view.board];
  module.draw(container, view, act);
  // A board may draw on the next animation frame (Touch down does): wait for that frame.
  await new Promise((resolve) => requestAnimationFrame(resolve));
}

export { animate, snapshot } from "./animate.js";

// The actions a player can reach on the board drawn in `container`.
export function boardActions(container) {
  const found = new Set();
  for (const element of container.querySelectorAll("[data-action], [data-actions]")) {
    if (element.dataset.action) found.add(element.dataset.action);
    for (const action of (element.dataset.actions ?? "").split(" ")) if (action) found.add(action);
  }
  return found;
}
