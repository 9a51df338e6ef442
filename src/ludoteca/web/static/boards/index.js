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
//
// A board module may export `STYLE`, the name of a stylesheet in its own folder
// (`board.css`): the page links it once, before the board is first drawn.
const loaded = {};

function linkStyle(href) {
  return new Promise((resolve) => {
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
    link.addEventListener("load", resolve);
    link.addEventListener("error", resolve); // the board is drawn all the same
    document.head.append(link);
  });
}

async function boardModule(url) {
  const module = await import(url);
  if (module.STYLE) await linkStyle(new URL(module.STYLE, new URL(url, location.href)).pathname);
  return module;
}

// Draw `view` into `container`; resolves once the board is drawn.
export async function drawBoard(container, game, view, act) {
  if (!view.board) {
    container.replaceChildren();
    return;
  }
  loaded[view.board] ??= boardModule(view.board);
  const module = await loaded[view.board];
  module.draw(container, view, act);
  // A board may draw on the next animation frame (Touch down does): wait for that frame.
  await new Promise((resolve) => requestAnimationFrame(resolve));
}

export { animate, snapshot } from "./animate.js";

// Every clickable thing a board draws (`.clickable`, or carrying its moves) is reached with
// Tab and pressed with Enter or Space, in every game, and named for a screen reader by its
// tooltip, else by its move's label (`labelOf(action)`, from the view on screen). The page
// watches `root` for what boards draw (a board may also redraw itself on a click); a board
// element with keys of its own (`preventDefault` on them) is left to them. The arrow keys
// move the focus to the nearest pressable thing that way on the screen (`nearestToward`):
// across a grid of squares without Tabbing through every one.
const PRESSABLE = ".clickable,[data-action],[data-actions]";
const UNMARKED = ".clickable:not([tabindex]),[data-action]:not([tabindex]),[data-actions]:not([tabindex])";

export function keyboardReach(root, labelOf) {
  const mark = () => {
    for (const element of root.querySelectorAll(UNMARKED)) {
      if (element.parentElement?.closest('[tabindex="0"]')) continue; // its group has it
      element.setAttribute("tabindex", "0");
      if (!element.hasAttribute("role")) element.setAttribute("role", "button");
      const title = [...element.children].find((child) => child.tagName === "title");
      const name = title?.textContent || labelOf(element.dataset.action);
      if (name && !element.hasAttribute("aria-label")) element.setAttribute("aria-label", name);
    }
  };
  new MutationObserver(mark).observe(root, { childList: true, subtree: true });
  root.addEventListener("keydown", (event) => {
    const element = event.target;
    if (event.defaultPrevented || !element.matches?.(PRESSABLE)) return;
    if (event.key in ARROWS) {
      event.preventDefault(); // the page does not scroll
      nearestToward(root, element, ARROWS[event.key])?.focus();
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      element.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    }
  });
}

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

// The pressable element of `root` nearest `from` in direction `[dx, dy]` as drawn (a field
// turned upright on a phone included): ahead of it, preferring the one most in line.
function nearestToward(root, from, [dx, dy]) {
  const centre = (element) => {
    const box = element.getBoundingClientRect();
    return [box.x + box.width / 2, box.y + box.height / 2];
  };
  const [fx, fy] = centre(from);
  let best = null;
  let bestCost = Infinity;
  for (const element of root.querySelectorAll('[tabindex="0"]')) {
    if (element === from || !element.matches(PRESSABLE)) continue;
    const [x, y] = centre(element);
    const ahead = (x - fx) * dx + (y - fy) * dy;
    if (ahead < 1) continue;
    const aside = Math.abs((x - fx) * dy) + Math.abs((y - fy) * dx);
    const cost = ahead + 3 * aside;
    if (cost < bestCost) [best, bestCost] = [element, cost];
  }
  return best;
}

// The actions a player can reach on the board drawn in `container`.
export function boardActions(container) {
  const found = new Set();
  for (const element of container.querySelectorAll("[data-action], [data-actions]")) {
    if (element.dataset.action) found.add(element.dataset.action);
    for (const action of (element.dataset.actions ?? "").split(" ")) if (action) found.add(action);
  }
  return found;
}
