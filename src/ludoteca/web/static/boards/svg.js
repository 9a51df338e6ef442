// SVG helpers shared by every board module.
export const SVG = "http://www.w3.org/2000/svg";

// A new SVG element with `attributes` (null or undefined ones left out) and optional text.
export function node(tag, attributes = {}, text) {
  const element = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== null && value !== undefined) element.setAttribute(key, value);
  }
  if (text !== undefined) element.textContent = text;
  return element;
}

// `element` with a tooltip.
export function titled(element, text) {
  element.append(node("title", {}, text));
  return element;
}

// About how wide `text` is at `size` pixels of sans-serif (bold: wider): a board is drawn
// before it is on screen, so its words cannot be measured yet.
export function textWidth(text, size, bold = false) {
  return text.length * size * (bold ? 0.62 : 0.56);
}

// `element` as a button on a board: named `label` (tooltip and screen reader), reached with
// Tab and pressed with a click, Enter or Space, each calling `onPress`.
export function pressable(element, onPress, label) {
  element.setAttribute("role", "button");
  element.setAttribute("tabindex", "0");
  element.setAttribute("aria-label", label);
  element.classList.add("clickable");
  titled(element, label);
  element.addEventListener("click", onPress);
  element.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onPress(event);
    }
  });
  return element;
}
