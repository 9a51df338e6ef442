// toinc board: small SVG helpers shared by the field, the cards and the buttons.
import { node } from "/static/boards/svg.js";

export { SVG, node } from "/static/boards/svg.js";
export const HIGHLIGHT = "#ffd60a";

export function label(x, y, text, attributes = {}) {
  return node("text", { x, y, "font-size": 12, fill: "#222", ...attributes }, text);
}

// Split `text` into lines of at most `width` characters (words kept whole where they fit).
export function wrap(text, width) {
  const lines = [];
  let line = "";
  for (const word of String(text).split(/\s+/)) {
    if (!word) continue;
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = "";
    }
    line = line ? `${line} ${word}` : word;
    while (line.length > width) {
      lines.push(line.slice(0, width));
      line = line.slice(width);
    }
  }
  if (line) lines.push(line);
  return lines;
}

// Make `element` send `choice.action` when clicked (or Enter/Space), highlighted as clickable.
export function clickable(element, choice, view, act) {
  element.classList.add("clickable", "board-toinc-clickable");
  element.setAttribute("data-action", choice.action);
  element.setAttribute("tabindex", "0");
  element.setAttribute("role", "button");
  element.setAttribute("aria-label", choice.label);
  element.append(node("title", {}, choice.label));
  element.addEventListener("click", () => act(view, choice.action));
  element.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      act(view, choice.action);
    }
  });
  return element;
}

// A rounded button drawn on the board; returns [group, width].
export function button(x, y, text, choice, view, act, { width, fill = "#1f5fbf" } = {}) {
  const w = width ?? Math.max(64, text.length * 7 + 22);
  const group = node("g", { class: "board-toinc-button" });
  group.append(node("rect", { x, y, width: w, height: 28, rx: 6, fill, stroke: HIGHLIGHT,
    "stroke-width": 2.5 }));
  group.append(label(x + w / 2, y + 18, text, { "text-anchor": "middle", fill: "#fff",
    "font-weight": "bold", "font-size": 12 }));
  clickable(group, choice, view, act);
  // The name a screen reader gives starts with the words on the button.
  if (text !== choice.label) group.setAttribute("aria-label", `${text}: ${choice.label}`);
  return [group, w];
}
