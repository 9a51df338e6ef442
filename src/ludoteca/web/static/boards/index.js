// Board pictures per game, drawn in SVG from a view. Each game ships its own board
// module (`view.board`: /boards/<game>/board.js, served from the game's package); a game
// without one shows its text picture. A board module exports draw(container, view, act) and
// may call act(view, action) when a board element is clicked.
const loaded = {};

export function drawBoard(container, game, view, act) {
  if (!view.board) {
    container.replaceChildren();
    return;
  }
  loaded[view.board] ??= import(view.board);
  loaded[view.board].then((module) => module.draw(container, view, act));
}
