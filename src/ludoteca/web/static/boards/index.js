// Board pictures per game, drawn in SVG from a view. A game without one shows its text picture.
// Each board module exports draw(container, view, act) and may call act(view, action) when a
// board element is clicked.
const BOARDS = { futebol: "./futebol.js", toinc: "./toinc.js", toxicity: "./toxicity.js" };

const loaded = {};

export function drawBoard(container, game, view, act) {
  if (!(game in BOARDS)) {
    container.replaceChildren();
    return;
  }
  loaded[game] ??= import(BOARDS[game]);
  loaded[game].then((module) => module.draw(container, view, act));
}
