// Changes animate between two drawings of a board, quick enough never to slow a player down,
// and not at all under prefers-reduced-motion. A board marks what moves: `data-piece="<id>"`
// on a counter, pawn, card or ball (the same id in every drawing) slides from where it was
// to where it is now; `data-roll="<key>"` on a die rolls when its key is new (a new throw).
const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
const SLIDE_MS = 260;
const ROLL_MS = 420;

// Where every piece of the board in `container` is now, and which rolls it shows.
export function snapshot(container) {
  const pieces = new Map();
  for (const element of container.querySelectorAll("[data-piece]")) {
    pieces.set(element.dataset.piece, element.getBoundingClientRect());
  }
  const rolls = new Set([...container.querySelectorAll("[data-roll]")].map((e) => e.dataset.roll));
  return { pieces, rolls };
}

// Slide each piece of the new drawing in `container` from its place in `before`, and roll
// the dice whose throw is new. Nothing moves on the first drawing or with reduced motion.
export function animate(container, before) {
  if (reduced.matches || !before || (!before.pieces.size && !before.rolls.size)) return;
  for (const element of container.querySelectorAll("[data-piece]")) {
    const was = before.pieces.get(element.dataset.piece);
    if (!was) continue;
    const now = element.getBoundingClientRect();
    // A transform on an SVG element is in its own units: divide by the picture's scale.
    const scale = element.ownerSVGElement?.getScreenCTM()?.a || 1;
    const dx = (was.left - now.left) / scale;
    const dy = (was.top - now.top) / scale;
    if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5) continue;
    // While it slides a piece takes no click: a quick click lands on no piece rather than on
    // a neighbour passing under the pointer.
    element.style.pointerEvents = "none";
    const slide = element.animate([{ transform: `translate(${dx}px, ${dy}px)` },
      { transform: "translate(0, 0)" }], { duration: SLIDE_MS, easing: "cubic-bezier(.2, .7, .3, 1)" });
    slide.onfinish = slide.oncancel = () => { element.style.pointerEvents = ""; };
  }
  for (const die of container.querySelectorAll("[data-roll]")) {
    if (before.rolls.has(die.dataset.roll)) continue;
    die.style.transformBox = "fill-box";
    die.style.transformOrigin = "center";
    die.animate([{ transform: "rotate(-200deg) scale(.6)", opacity: 0.3 },
      { transform: "rotate(15deg) scale(1.08)", opacity: 1, offset: 0.7 },
      { transform: "rotate(0) scale(1)" }], { duration: ROLL_MS, easing: "ease-out" });
  }
}
